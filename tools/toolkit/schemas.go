package toolkit

import (
	"fmt"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// A tool's input and output schemas are inferred from its Go types (In and
// Out, adjusted by Spec.Input and the toolkit's own rules) once, when the
// tool is built: tools/list sends them, and decode checks arguments against
// the input schema's properties directly. Only ValidateOutput, which tests
// use, needs the output schema resolved; it is resolved on its first use.

// schemas are a tool's schemas. Copies of a Tool share them.
type schemas struct {
	in, out *jsonschema.Schema
	outRes  func() (*jsonschema.Resolved, error)
}

func newSchemas(in, out *jsonschema.Schema) *schemas {
	return &schemas{in: in, out: out, outRes: sync.OnceValues(func() (*jsonschema.Resolved, error) { return out.Resolve(nil) })}
}

// inferSchemas infers the schemas of a Spec from its Go types and the
// toolkit's rules: one type per value (portable.go), no unknown arguments,
// Spec.Input's adjustments, dataAsOf and the error envelope in the output.
func inferSchemas[In, Out any](s Spec[In, Out]) (*jsonschema.Schema, *jsonschema.Schema) {
	in, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: schemaTypes})
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", s.Name, err))
	}
	singleTypes(in)
	in.AdditionalProperties = &jsonschema.Schema{Not: &jsonschema.Schema{}}
	if s.Input != nil {
		s.Input(in)
	}
	out, err := jsonschema.For[Out](&jsonschema.ForOptions{TypeSchemas: schemaTypes})
	if err != nil {
		panic(fmt.Sprintf("tool %s: output schema: %v", s.Name, err))
	}
	singleTypes(out)
	addDataAsOfSchema(s.Name, out)
	if s.Through {
		addThroughSchema(s.Name, out)
	}
	allowErrorEnvelope(s.Name, out)
	return in, out
}

// Schemas returns the tool's input and output schemas.
func (t Tool) Schemas() (in, out *jsonschema.Schema) {
	return t.schemas.in, t.schemas.out
}
