package toolkit

import (
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
)

// Enum restricts the string property name of s to values.
func Enum(s *jsonschema.Schema, name string, values ...string) {
	p := s.Properties[name]
	p.Enum = make([]any, len(values))
	for i, v := range values {
		p.Enum[i] = v
	}
}

// Range bounds the numeric property name of s.
func Range(s *jsonschema.Schema, name string, lo, hi float64) {
	p := s.Properties[name]
	p.Minimum, p.Maximum = &lo, &hi
}

// Items bounds the length of the array property name of s.
func Items(s *jsonschema.Schema, name string, lo, hi int) {
	p := s.Properties[name]
	p.MinItems, p.MaxItems = &lo, &hi
	p.Types, p.Type = nil, "array"
}

// DateFormat marks string properties as YYYY-MM-DD dates.
func DateFormat(s *jsonschema.Schema, names ...string) {
	for _, n := range names {
		p := s.Properties[n]
		p.Pattern = `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`
	}
}

// Require marks properties as required.
func Require(s *jsonschema.Schema, names ...string) {
	for _, n := range names {
		if !slices.Contains(s.Required, n) {
			s.Required = append(s.Required, n)
		}
	}
}

// FirstYear and LastYear are the bounds of a year argument.
const (
	FirstYear = 1900
	LastYear  = 2999
)

// YearRange bounds year-like integer properties to four-digit years.
func YearRange(s *jsonschema.Schema, names ...string) {
	for _, n := range names {
		Range(s, n, FirstYear, LastYear)
	}
}
