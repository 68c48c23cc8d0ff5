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

	"github.com/google/jsonschema-go/jsonschema"
)

// decode validates args against the input schema and decodes them into v.
// The messages name the offending argument and value (shortened, see
// Quote) and the valid choices, never a Go type or struct path. A whole
// number written as a float (2025.0, 2.025e3) is taken as that integer, as
// JSON Schema's "integer" allows.
func (t Tool) decode(args json.RawMessage, v any) (err error) {
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	in := t.schemas.inRes
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(args, &raw); err != nil {
		return InvalidArgument("arguments must be a JSON object, e.g. {\"year\": 2025}; got %s", shortJSON(args))
	}
	// A null for an optional argument means "not given", as many clients send it.
	changed := false // whether raw no longer says what args says
	for key, v := range raw {
		if string(bytes.TrimSpace(v)) == "null" && !slices.Contains(in.Schema().Required, key) {
			delete(raw, key)
			changed = true
		}
	}
	coerced, err := coerceAmounts(raw, t.amounts)
	if err != nil {
		return err
	}
	changed = changed || coerced
	schema := in.Schema()
	generic := make(map[string]any, len(raw)) // the arguments as JSON Schema validation takes them
	for _, key := range sortedRawKeys(raw) {
		prop, ok := schema.Properties[key]
		if !ok {
			names := make([]string, 0, len(schema.Properties))
			for name := range schema.Properties {
				names = append(names, name)
			}
			sort.Strings(names)
			if len(names) == 0 {
				return InvalidArgument("unknown argument %s; %s takes no arguments", Quote(key), t.Def.Name)
			}
			return InvalidArgument("unknown argument %s; valid arguments: %s", Quote(key), strings.Join(names, ", "))
		}
		fixed, err := checkType(key, prop, raw[key])
		if err != nil {
			return err
		}
		if !bytes.Equal(fixed, raw[key]) {
			raw[key], changed = fixed, true
		}
		if generic[key], err = checkProperty(key, prop, raw[key]); err != nil {
			return err
		}
	}
	if changed {
		if args, err = json.Marshal(raw); err != nil {
			return InvalidArgument("arguments: %v", err)
		}
	}
	if err := in.Validate(generic); err != nil {
		return InvalidArgument("%s", Clip(strings.Replace(strings.TrimPrefix(err.Error(), "validating root: "), "validating /properties/", "argument ", 1)))
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if te, ok := err.(*Error); ok {
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

// checkType checks raw against the JSON type(s) of prop and returns it,
// with whole numbers written as floats rewritten as integers where prop
// (or its items) wants an integer.
func checkType(name string, prop *jsonschema.Schema, raw json.RawMessage) (json.RawMessage, error) {
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
	if n, ok := val.(json.Number); ok && slices.Contains(types, "integer") && !slices.Contains(types, "number") {
		i, err := wholeNumber(name, n)
		if err != nil {
			return nil, err
		}
		return json.RawMessage(strconv.FormatInt(i, 10)), nil
	}
	if items, ok := val.([]any); ok && slices.Contains(types, "array") && prop.Items != nil && prop.Items.Type == "integer" {
		out := make([]int64, len(items))
		for k, it := range items {
			n, ok := it.(json.Number)
			if !ok {
				return nil, InvalidArgument("%s[%d] must be a whole number, e.g. 2025; got %s", name, k, describe(it))
			}
			i, err := wholeNumber(fmt.Sprintf("%s[%d]", name, k), n)
			if err != nil {
				return nil, err
			}
			out[k] = i
		}
		return json.Marshal(out)
	}
	if len(types) > 0 && !slices.Contains(types, jsonType(val)) &&
		!(jsonType(val) == "integer" && slices.Contains(types, "number")) {
		return nil, InvalidArgument("argument %s must be %s; got %s", name, strings.Join(article(types), " or "), describe(val))
	}
	return raw, nil
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

// checkProperty gives the precise messages for enums and bounds. It returns
// the value decoded as json.Unmarshal decodes it into an any.
func checkProperty(name string, prop *jsonschema.Schema, raw json.RawMessage) (any, error) {
	var val any
	if err := json.Unmarshal(raw, &val); err != nil {
		return nil, InvalidArgument("argument %s is not valid JSON", name)
	}
	return val, checkValue(name, prop, val)
}

// checkValue checks a decoded argument against the enum, pattern and bounds
// of prop.
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
	if s, ok := val.(string); ok && prop.Pattern != "" {
		if re := compiled(prop.Pattern); re != nil && !re.MatchString(s) {
			return InvalidArgument("%s %s is not of the form %s%s", name, Quote(s), patternForms[prop.Pattern], prop.Pattern)
		}
	}
	if n, ok := val.(float64); ok {
		if prop.Minimum != nil && n < *prop.Minimum || prop.Maximum != nil && n > *prop.Maximum {
			return InvalidArgument("%s %s is out of range; it must be between %v and %v", name, describe(val), bound(prop.Minimum), bound(prop.Maximum))
		}
	}
	if items, ok := val.([]any); ok {
		if prop.MinItems != nil && len(items) < *prop.MinItems || prop.MaxItems != nil && len(items) > *prop.MaxItems {
			return InvalidArgument("%s has %d entries; it takes %d to %d", name, len(items), derefInt(prop.MinItems), derefInt(prop.MaxItems))
		}
	}
	return nil
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
	return fmt.Sprint(*p)
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
