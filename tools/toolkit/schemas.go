package toolkit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// A tool's input and output schemas are inferred from its Go types (In and
// Out, adjusted by Spec.Input and the toolkit's own rules), but not while
// the server starts: inferring and resolving the schemas of every tool took
// 10 ms of package initialization, more than the rest of a `call`. So the
// schemas of the catalog are generated at build time, as JSON files beside
// the tools (SchemaFiles), and a test (TestGeneratedSchemas in package
// tools) keeps every file equal to what inference gives; `go test ./tools
// -run GeneratedSchemas -update` rewrites them. What tools/list sends is
// those bytes. The resolved form, which checks arguments and results, is
// built from them once, when the tool is first called.

// SchemaFiles are the schemas of one package's tools, generated from their
// Go types: <tool>.input.json and <tool>.output.json in the folder Dir of
// the package, each the compact JSON that tools/list sends.
type SchemaFiles struct {
	FS      fs.FS  // the package's files, embedded
	Dir     string // the folder of the schemas in FS and in the package
	Package string // the package's folder relative to package tools, where the test writes
}

// read returns the generated schemas of the tool name, or ok false when
// they have not been generated yet.
func (f SchemaFiles) read(name string) (in, out []byte, ok bool) {
	if f.FS == nil {
		return nil, nil, false
	}
	in, errIn := fs.ReadFile(f.FS, path.Join(f.Dir, name+".input.json"))
	out, errOut := fs.ReadFile(f.FS, path.Join(f.Dir, name+".output.json"))
	if errIn != nil || errOut != nil {
		return nil, nil, false
	}
	return bytes.TrimSpace(in), bytes.TrimSpace(out), true
}

// Paths returns where the generated schemas of the tool name belong,
// relative to package tools.
func (f SchemaFiles) Paths(name string) (in, out string) {
	dir := path.Join(f.Package, f.Dir)
	return path.Join(dir, name+".input.json"), path.Join(dir, name+".output.json")
}

// schemas are a tool's schemas: the JSON that tools/list sends, how to infer
// it, and, each built once on first use, the resolved schemas that check
// arguments (on a tool's first call) and results (in tests). Copies of a
// Tool share them.
type schemas struct {
	in, out []byte
	files   SchemaFiles // where in and out were generated; FS nil when inferred
	infer   func() (in, out *jsonschema.Schema)

	inRes, outRes func() *jsonschema.Resolved
}

// newSchemas returns the schemas of the tool name: the generated ones in
// files when there are, else the inferred ones. A tool whose files are
// missing or stale still works, at a cost in start-up; the test that
// compares them fails.
func newSchemas(name string, files SchemaFiles, infer func() (in, out *jsonschema.Schema)) *schemas {
	s := &schemas{files: files, infer: infer}
	var ok bool
	if s.in, s.out, ok = files.read(name); !ok {
		s.in, s.out = inferredJSON(name, infer)
		s.files.FS = nil
	}
	s.inRes = sync.OnceValue(func() *jsonschema.Resolved { return resolve(name, "input", s.in) })
	s.outRes = sync.OnceValue(func() *jsonschema.Resolved { return resolve(name, "output", s.out) })
	return s
}

// inferredJSON returns the compact JSON of the inferred schemas.
func inferredJSON(name string, infer func() (in, out *jsonschema.Schema)) (inJSON, outJSON []byte) {
	in, out := infer()
	inJSON, err := json.Marshal(in)
	if err != nil {
		panic(fmt.Sprintf("tool %s: input schema: %v", name, err))
	}
	outJSON, err = json.Marshal(out)
	if err != nil {
		panic(fmt.Sprintf("tool %s: output schema: %v", name, err))
	}
	return inJSON, outJSON
}

// resolve resolves the schema data of the tool name. A schema that cannot
// be resolved is a programming error, which TestGeneratedSchemas catches.
func resolve(name, which string, data []byte) *jsonschema.Resolved {
	var sch jsonschema.Schema
	if err := json.Unmarshal(data, &sch); err != nil {
		panic(fmt.Sprintf("tool %s: %s schema: %v", name, which, err))
	}
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
	if s.Through {
		addThroughSchema(s.Name, out)
	}
	allowErrorEnvelope(s.Name, out)
	return in, out
}

// Schemas returns the tool's input and output schemas as the tool checks
// arguments and results against them.
func (t Tool) Schemas() (in, out *jsonschema.Schema) {
	return t.schemas.inRes().Schema(), t.schemas.outRes().Schema()
}

// SchemaJSON returns the JSON of the tool's schemas that tools/list sends,
// and the files it was generated in (FS nil when it was inferred because
// the files are missing or stale).
func (t Tool) SchemaJSON() (in, out []byte, files SchemaFiles) {
	return t.schemas.in, t.schemas.out, t.schemas.files
}

// InferredSchemaJSON returns the JSON of the schemas inferred from the
// tool's Go types now, which the generated files must equal.
func (t Tool) InferredSchemaJSON() (in, out []byte) {
	return inferredJSON(t.Def.Name, t.schemas.infer)
}
