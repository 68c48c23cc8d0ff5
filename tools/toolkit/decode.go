package toolkit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
)

// decode checks args against the input schema and decodes them into v, in
// one pass over the arguments: each is checked once, against the keywords
// of its property (type, enum, pattern, bounds, lengths, items), and then
// the whole is decoded into v. The messages name the offending argument
// and value (shortened, see Quote) and the valid choices, never a Go type,
// a struct path or a schema keyword. A whole number written as a float
// (2025.0, 2.025e3) is taken as that integer, as JSON Schema's "integer"
// allows. The input schemas use only the keywords checked here
// (TestInputSchemasUseCheckedKeywords in package tools).
func (t Tool) decode(args json.RawMessage, v any) error {
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	schema := t.schemas.in
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(args, &raw); err != nil {
		return InvalidArgument("arguments must be a JSON object, e.g. {\"year\": 2025}; got %s", shortJSON(args))
	}
	changed := false // whether raw no longer says what args says
	for _, key := range sortedRawKeys(raw) {
		prop, ok := schema.Properties[key]
		if !ok {
			return unknownArgument(t.Def.Name, key, schema)
		}
		// null is no value of any argument's type, and does not mean "the
		// default": an argument left out does (the server instructions say so).
		if string(bytes.TrimSpace(raw[key])) == "null" {
			return nullArgument(key, prop, slices.Contains(schema.Required, key))
		}
		fixed, err := t.checkArgument(key, prop, raw[key])
		if err != nil {
			return err
		}
		if !bytes.Equal(fixed, raw[key]) {
			raw[key], changed = fixed, true
		}
	}
	for _, name := range schema.Required {
		if _, ok := raw[name]; !ok {
			return InvalidArgument("missing argument %s", Quote(name))
		}
	}
	if changed {
		var err error
		if args, err = json.Marshal(raw); err != nil {
			return InvalidArgument("arguments: %v", err)
		}
	}
	if err := json.Unmarshal(args, v); err != nil {
		var te *Error
		if errors.As(err, &te) {
			return te
		}
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) && ute.Field != "" {
			return InvalidArgument("argument %s: %s is not accepted here", ute.Field[strings.LastIndex(ute.Field, ".")+1:], ute.Value)
		}
		return InvalidArgument("arguments: %s", Clip(err.Error()))
	}
	return nil
}

func unknownArgument(tool, key string, schema *jsonschema.Schema) error {
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return InvalidArgument("unknown argument %s; %s takes no arguments", Quote(key), tool)
	}
	return InvalidArgument("unknown argument %s; valid arguments: %s", Quote(key), strings.Join(names, ", "))
}

// nullArgument is the error for the argument name given as null.
func nullArgument(name string, prop *jsonschema.Schema, required bool) error {
	types := prop.Types
	if prop.Type != "" {
		types = []string{prop.Type}
	}
	if required {
		return InvalidArgument("argument %s must be %s, not null", name, strings.Join(article(types), " or "))
	}
	return InvalidArgument("argument %s must be %s, not null; leave it out for its default", name, strings.Join(article(types), " or "))
}

// checkArgument checks the argument name against its property prop and
// returns it, with a money argument given as a number turned into its
// decimal string and whole numbers written as floats rewritten as integers
// where prop (or its items) wants an integer.
func (t Tool) checkArgument(name string, prop *jsonschema.Schema, raw json.RawMessage) (json.RawMessage, error) {
	if slices.Contains(t.amounts, name) {
		var err error
		if raw, err = coerceAmount(name, raw); err != nil {
			return nil, err
		}
	}
	types := prop.Types
	if prop.Type != "" {
		types = []string{prop.Type}
	}
	var val any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&val); err != nil {
		return nil, InvalidArgument("argument %s is not valid JSON", name)
	}
	wantInt := slices.Contains(types, "integer") && !slices.Contains(types, "number")
	if n, ok := val.(json.Number); ok && wantInt {
		i, err := wholeNumber(name, n)
		if err != nil {
			return nil, err
		}
		return json.RawMessage(strconv.FormatInt(i, 10)), checkValue(name, prop, float64(i))
	}
	if items, ok := val.([]any); ok && slices.Contains(types, "array") && prop.Items != nil && prop.Items.Type == "integer" {
		ints := make([]int64, len(items))
		plain := make([]any, len(items))
		for k, it := range items {
			n, ok := it.(json.Number)
			if !ok {
				return nil, InvalidArgument("%s[%d] must be a whole number, e.g. 2025; got %s", name, k, describe(it))
			}
			i, err := wholeNumber(fmt.Sprintf("%s[%d]", name, k), n)
			if err != nil {
				return nil, err
			}
			ints[k], plain[k] = i, float64(i)
		}
		if err := checkValue(name, prop, plain); err != nil {
			return nil, err
		}
		out, err := json.Marshal(ints)
		return out, err
	}
	if len(types) > 0 && !slices.Contains(types, jsonType(val)) &&
		!(jsonType(val) == "integer" && slices.Contains(types, "number")) {
		return nil, InvalidArgument("argument %s must be %s; got %s", name, strings.Join(article(types), " or "), describe(val))
	}
	return raw, checkValue(name, prop, plainNumbers(val))
}

// plainNumbers turns the json.Numbers of a value decoded with UseNumber
// into float64s, as json.Unmarshal decodes them into an any.
func plainNumbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		f, _ := v.Float64()
		return f
	case []any:
		out := make([]any, len(v))
		for i, it := range v {
			out[i] = plainNumbers(it)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, it := range v {
			out[k] = plainNumbers(it)
		}
		return out
	}
	return v
}

// wholeNumber returns n as an integer when it is one: 2025, 2025.0, 2.025e3.
func wholeNumber(name string, n json.Number) (int64, error) {
	if i, err := n.Int64(); err == nil {
		return i, nil
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, InvalidArgument("argument %s must be a whole number, e.g. 2025; got %s", name, Clip(n.String()))
	}
	return int64(f), nil
}

// jsonType names the JSON Schema type of a value decoded with UseNumber.
func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if _, err := v.Int64(); err == nil {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// article spells JSON types for a message: "a whole number", "a string".
func article(types []string) []string {
	words := map[string]string{"integer": "a whole number", "number": "a number", "string": "a string",
		"boolean": "true or false", "array": "a list", "object": "an object", "null": "null"}
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = words[t]
	}
	return out
}

// checkValue checks an argument of the right type, decoded as json.Unmarshal
// decodes it into an any, against the enum, pattern, bounds and lengths of
// prop, and the items of a list against prop's items.
func checkValue(name string, prop *jsonschema.Schema, val any) error {
	if len(prop.Enum) > 0 {
		for _, e := range prop.Enum {
			if e == val {
				return nil
			}
		}
		choices := make([]string, len(prop.Enum))
		for i, e := range prop.Enum {
			choices[i] = fmt.Sprint(e)
		}
		return InvalidArgument("%s %s is not valid; choose one of %s", name, describe(val), quoteList(choices))
	}
	if s, ok := val.(string); ok {
		if prop.Pattern != "" {
			if re := compiled(prop.Pattern); re != nil && !re.MatchString(s) {
				return InvalidArgument("%s %s is not of the form %s%s", name, Quote(s), patternForms[prop.Pattern], prop.Pattern)
			}
		}
		if prop.MinLength != nil && utf8.RuneCountInString(s) < *prop.MinLength {
			if *prop.MinLength == 1 {
				return InvalidArgument("%s must not be empty", name)
			}
			return InvalidArgument("%s %s is too short; it takes at least %d characters", name, Quote(s), *prop.MinLength)
		}
		if prop.MaxLength != nil && utf8.RuneCountInString(s) > *prop.MaxLength {
			return InvalidArgument("%s %s is too long; it takes at most %d characters", name, Quote(s), *prop.MaxLength)
		}
	}
	if n, ok := val.(float64); ok {
		if err := checkBounds(name, prop, n); err != nil {
			return err
		}
	}
	if items, ok := val.([]any); ok {
		if prop.MinItems != nil && len(items) < *prop.MinItems || prop.MaxItems != nil && len(items) > *prop.MaxItems {
			entries := "entries"
			if len(items) == 1 {
				entries = "entry"
			}
			return InvalidArgument("%s has %d %s; it takes %d to %d", name, len(items), entries, derefInt(prop.MinItems), derefInt(prop.MaxItems))
		}
		if prop.Items != nil {
			for _, it := range items {
				if err := checkValue(itemName(name), prop.Items, it); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// checkBounds checks the number n of the argument name against the
// minimum and maximum of prop; a year's bounds (YearRange) are named as
// the first and the last year allowed.
func checkBounds(name string, prop *jsonschema.Schema, n float64) error {
	low := prop.Minimum != nil && n < *prop.Minimum
	high := prop.Maximum != nil && n > *prop.Maximum
	if !low && !high {
		return nil
	}
	if prop.Minimum != nil && *prop.Minimum == FirstYear && prop.Maximum != nil && *prop.Maximum == LastYear {
		if high {
			return InvalidArgument("%s %s is after %d, the last year allowed", name, number(n), LastYear)
		}
		return InvalidArgument("%s %s is before %d, the first year allowed", name, number(n), FirstYear)
	}
	return InvalidArgument("%s %s is out of range; it must be between %s and %s", name, number(n), bound(prop.Minimum), bound(prop.Maximum))
}

// number writes n in plain decimal digits, never with an exponent.
func number(n float64) string { return strconv.FormatFloat(n, 'f', -1, 64) }

// itemName names one item of the list argument name in a message: "year"
// for years.
func itemName(name string) string {
	if s, ok := strings.CutSuffix(name, "s"); ok && s != "" {
		return s
	}
	return "an item of " + name
}

// patterns holds the compiled patterns of the schemas, which are few and
// fixed: each is compiled once.
var patterns sync.Map // pattern → *regexp.Regexp (nil when invalid)

func compiled(pattern string) *regexp.Regexp {
	if re, ok := patterns.Load(pattern); ok {
		return re.(*regexp.Regexp)
	}
	re, _ := regexp.Compile(pattern)
	patterns.Store(pattern, re)
	return re
}

// patternForms say in words what the patterns of the schemas ask for.
var patternForms = map[string]string{
	`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`: "YYYY-MM-DD (e.g. 2025-03-31): ",
	`^-?[0-9]+(\.[0-9]+)?$`:        "a decimal number like 1234.50: ",
}

func bound(p *float64) string {
	if p == nil {
		return "unbounded"
	}
	return number(*p)
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

func sortedRawKeys(m map[string]json.RawMessage) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
