package toolkit

import (
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// allowErrorEnvelope lets an output schema describe failed calls too.
// SPEC §6 puts the error envelope {"error": {...}} in the structured content
// of a failed call, and some clients (the TypeScript SDK among them) check
// even error results against the output schema, replacing the server's
// message with a schema error. So the schema gains an optional error
// property, and the success fields are required only when there is no
// error: if {required: [error]} then {required: [error]} else {required: …}.
func allowErrorEnvelope(name string, s *jsonschema.Schema) {
	if _, taken := s.Properties["error"]; taken {
		panic("tool " + name + ": output field error is reserved for the error envelope")
	}
	env, err := jsonschema.For[Error](nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: error envelope schema: %v", name, err))
	}
	s.Properties["error"] = env
	s.PropertyOrder = append(s.PropertyOrder, "error")
	required := s.Required
	s.Required = nil
	s.If = &jsonschema.Schema{Required: []string{"error"}}
	s.Then = &jsonschema.Schema{Required: []string{"error"}}
	s.Else = &jsonschema.Schema{Required: required}
}
