package toolkit

import (
	"github.com/google/jsonschema-go/jsonschema"
)

// allowErrorEnvelope lets an output schema describe failed calls too.
// docs/errors.md#envelope puts the error envelope {"error": {...}} in the structured content
// of a failed call, and some clients (the TypeScript SDK among them) check
// even error results against the output schema, replacing the server's
// message with a schema error. So the schema gains an optional error
// property, and the success fields are required only when there is no
// error: if {required: [error]} else {required: …}. Each subschema also
// defines the properties it requires, by their type only (their full shapes
// stand once, in the top-level properties), because a strict validator
// (ajv's strictRequired) rejects a required property that its own subschema
// does not define, and the Inspector's --strict lint rejects a property
// defined as true or {}.
func allowErrorEnvelope(name string, s *jsonschema.Schema) {
	if _, taken := s.Properties["error"]; taken {
		panic("tool " + name + ": output field error is reserved for the error envelope")
	}
	// Every tool's schema carries it, and every client sends every schema to
	// its model on each turn: so it names the required fields only, and the
	// server instructions describe them once.
	s.Properties["error"] = errorSchema()
	s.PropertyOrder = append(s.PropertyOrder, "error")
	required := s.Required
	s.Required = nil
	s.If = requires(s, []string{"error"})
	s.Else = requires(s, required)
}

// requires returns the schema that requires the properties names of s, and
// defines each of them by its type in s.
func requires(s *jsonschema.Schema, names []string) *jsonschema.Schema {
	props := make(map[string]*jsonschema.Schema, len(names))
	for _, n := range names {
		p := s.Properties[n]
		if p == nil || (p.Type == "" && len(p.Types) == 0) {
			panic("output field " + n + " is required but has no type")
		}
		props[n] = &jsonschema.Schema{Type: p.Type, Types: p.Types}
	}
	return &jsonschema.Schema{Properties: props, PropertyOrder: names, Required: names}
}

// errorSchema is the output schema of the error envelope's error object:
// an object, whose fields the server instructions describe once (naming
// them here as required would, under strict validation, need each defined
// too, in every tool's schema). Its full shape is Error's.
func errorSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object"}
}
