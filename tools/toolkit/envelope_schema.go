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
// error: if {required: [error]} then {required: [error]} else {required: …}.
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
	s.If = &jsonschema.Schema{Required: []string{"error"}}
	s.Then = &jsonschema.Schema{Required: []string{"error"}}
	s.Else = &jsonschema.Schema{Required: required}
}

// errorSchema is the output schema of the error envelope's error object:
// the fields every Error has. Its full shape is Error's.
func errorSchema() *jsonschema.Schema {
	return &jsonschema.Schema{Type: "object", Required: []string{"code", "message", "retryable"}}
}
