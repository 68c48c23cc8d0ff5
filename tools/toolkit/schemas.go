package toolkit

import (
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
)

// A tool's input and output schemas are inferred from its Go types (In and
// Out, adjusted by Spec.Input and the toolkit's own rules) once, when the
// tool is built, and resolved then: tools/list sends them, arguments and
// results are checked against them.

// schemas are a tool's schemas, inferred and resolved. Copies of a Tool
// share them.
type schemas struct {
	in, out       *jsonschema.Schema
	inRes, outRes *jsonschema.Resolved
}

// newSchemas infers and resolves the schemas of the tool name. A schema
// that cannot be built is a programming error, which every test catches.
func newSchemas(name string, infer func() (in, out *jsonschema.Schema)) *schemas {
	s := &schemas{}
	s.in, s.out = infer()
	s.inRes, s.outRes = resolve(name, "input", s.in), resolve(name, "output", s.out)
	return s
}

func resolve(name, which string, sch *jsonschema.Schema) *jsonschema.Resolved {
	res, err := sch.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: resolving %s schema: %v", name, which, err))
	}
	return res
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
	allowErrorEnvelope(s.Name, out)
	return in, out
}

// Schemas returns the tool's input and output schemas as the tool checks
// arguments and results against them.
func (t Tool) Schemas() (in, out *jsonschema.Schema) {
	return t.schemas.inRes.Schema(), t.schemas.outRes.Schema()
}
