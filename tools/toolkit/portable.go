package toolkit

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/shopspring/decimal"
)

// Tool schemas are portable: clients hand input schemas to models whose
// function-calling dialects take one type per property (Gemini's function
// declarations, an OpenAPI subset, among them), and some check output
// schemas too. So every schema a tool declares has one type per value, and
// the Go types that schema inference would make nullable are written as
// the plain type:
//
//   - a money argument (Amount) is a decimal string with a pattern; a JSON
//     number is still accepted at run time (docs/numbers.md#money), turned
//     into the same decimal string before the checks (see coerceAmount);
//   - an output list or map is an array or object: an optional one is
//     omitted when empty (omitempty), a required one is written [] or {},
//     never null (see fillLists).

// amountPattern is the decimal string a money argument must be.
const amountPattern = `^-?[0-9]+(\.[0-9]+)?$`

// singleTypes rewrites every ["null", T] type of s and its subschemas as T,
// in place.
func singleTypes(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && slices.Contains(s.Types, "null") {
		i := slices.Index(s.Types, "null")
		s.Type, s.Types = s.Types[1-i], nil
	}
	for _, sub := range s.Properties {
		singleTypes(sub)
	}
	singleTypes(s.Items)
	singleTypes(s.AdditionalProperties)
	for _, sub := range s.Defs {
		singleTypes(sub)
	}
}

// amountFields returns the JSON names of the fields of struct type T that
// are money arguments.
func amountFields[T any]() []string {
	var names []string
	rt := reflect.TypeFor[T]()
	if rt.Kind() != reflect.Struct {
		return nil
	}
	for i := range rt.NumField() {
		if f := rt.Field(i); f.Type == reflect.TypeFor[Amount]() {
			names = append(names, jsonName(f))
		}
	}
	return names
}

// coerceAmount turns a JSON number given for the money argument name into
// the decimal string the schema declares, exactly (an exponent is expanded,
// nothing passes through a float), so that 12.5 and "12.5" mean the same.
// Anything else it returns as it is, for the checks to name.
func coerceAmount(name string, raw json.RawMessage) (json.RawMessage, error) {
	v := bytes.TrimSpace(raw)
	if len(v) == 0 || v[0] == '"' {
		return raw, nil
	}
	d, err := decimal.NewFromString(string(v))
	if err != nil {
		return raw, nil // not a number: the checks name the value
	}
	if d.Exponent() <= -40 || d.Exponent() >= 40 { // as Amount.UnmarshalJSON: no amount is that large or that fine
		return nil, InvalidArgument("argument %s: amount %s is not a decimal number like 1234.50", name, shortJSON(v))
	}
	out, _ := json.Marshal(d.String())
	return out, nil
}

// jsonName is the name encoding/json gives field f.
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" {
		return f.Name
	}
	return name
}

// omitEmpty reports whether field f is left out of JSON when empty.
func omitEmpty(f reflect.StructField) bool {
	_, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
	return slices.Contains(strings.Split(opts, ","), "omitempty")
}
