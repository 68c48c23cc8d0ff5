package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxResultBytes bounds the JSON of any result; clients reject results of
// about 25k tokens.
const MaxResultBytes = 64 << 10

// A Tool is one catalog entry: its MCP definition and its handler.
type Tool struct {
	Def  *mcp.Tool
	call func(ctx context.Context, env *Env, args json.RawMessage) (any, error)
	in   *jsonschema.Resolved
	out  *jsonschema.Resolved
	// amounts are the money arguments, which accept a JSON number too.
	amounts []string
}

// Spec describes a tool whose arguments are In and whose result is Out.
type Spec[In, Out any] struct {
	Name        string
	Title       string
	Description string
	// Input adjusts the schema inferred from In: enums, bounds, formats.
	Input   func(s *jsonschema.Schema)
	Handler func(ctx context.Context, env *Env, in In) (*Out, error)
}

var schemaTypes = map[reflect.Type]*jsonschema.Schema{
	reflect.TypeFor[Amount](): {Type: "string", Pattern: amountPattern},
}

// New builds a Tool from a Spec. It panics if the schemas cannot be built,
// which is a programming error caught by every test.
func New[In, Out any](s Spec[In, Out]) Tool {
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
	inRes, err := in.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: resolving input schema: %v", s.Name, err))
	}
	outRes, err := out.Resolve(nil)
	if err != nil {
		panic(fmt.Sprintf("tool %s: resolving output schema: %v", s.Name, err))
	}
	f := false
	def := &mcp.Tool{
		Name:         s.Name,
		Title:        s.Title,
		Description:  s.Description,
		InputSchema:  in,
		OutputSchema: out,
		Annotations: &mcp.ToolAnnotations{
			Title:          s.Title,
			ReadOnlyHint:   true,
			IdempotentHint: true,
			OpenWorldHint:  &f,
		},
	}
	t := Tool{Def: def, in: inRes, out: outRes, amounts: amountFields[In]()}
	t.call = func(ctx context.Context, env *Env, args json.RawMessage) (any, error) {
		var v In
		if err := t.decode(args, &v); err != nil {
			return nil, err
		}
		return s.Handler(ctx, env, v)
	}
	return t
}

// Register adds the tool to server, answering calls with env.
func (t Tool) Register(server *mcp.Server, env *Env, log *slog.Logger) {
	server.AddTool(t.Def, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return t.Call(ctx, env, log, req.Params.Arguments), nil
	})
}

// Call runs the tool and always returns a result: the structured output, or
// the error envelope with IsError set. A panic becomes an error result. A
// successful result gains dataAsOf, the latest modification time of the
// files the handler read through env.
func (t Tool) Call(ctx context.Context, env *Env, log *slog.Logger, args json.RawMessage) (res *mcp.CallToolResult) {
	ctx, asOf := WithProvenance(ctx)
	defer func() {
		if p := recover(); p != nil {
			if log != nil {
				log.Error("tool panicked", "tool", t.Def.Name, "panic", p, "stack", string(debug.Stack()))
			}
			res = errorResult(&Error{Code: CodeDataUnreadable, Message: fmt.Sprintf("internal error in %s; the server keeps running", t.Def.Name)})
		}
	}()
	out, err := t.call(ctx, env, args)
	if err != nil {
		return errorResult(asError(err))
	}
	fillLists(reflect.ValueOf(out))
	data, err := marshal(out)
	if err != nil {
		return errorResult(asError(err))
	}
	data = addDataAsOf(data, asOf())
	if len(data) > MaxResultBytes {
		return errorResult(InvalidArgument("the answer would be %d bytes, over the %d-byte limit; narrow the request (a year, a date range, a filter)", len(data), MaxResultBytes))
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: string(data)}},
		StructuredContent: json.RawMessage(data),
	}
}

// ValidateOutput checks structured content against the tool's output schema.
func (t Tool) ValidateOutput(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	return t.out.Validate(v)
}

// marshal encodes v as compact JSON without escaping &, < and >, which
// appear in real account names and texts ("Freizeit & Ferien").
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

func errorResult(e *Error) *mcp.CallToolResult {
	data, _ := marshal(Envelope{Error: e})
	return &mcp.CallToolResult{
		IsError:           true,
		Content:           []mcp.Content{&mcp.TextContent{Text: string(data)}},
		StructuredContent: json.RawMessage(data),
	}
}

// decode validates args against the input schema and decodes them into v.
// The messages name the offending argument and value and the valid choices.
func (t Tool) decode(args json.RawMessage, v any) (err error) {
	if len(bytes.TrimSpace(args)) == 0 || string(bytes.TrimSpace(args)) == "null" {
		args = json.RawMessage("{}")
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(args, &raw); err != nil {
		return InvalidArgument("arguments must be a JSON object: %v", err)
	}
	// A null for an optional argument means "not given", as many clients send it.
	for key, v := range raw {
		if string(bytes.TrimSpace(v)) == "null" && !slices.Contains(t.in.Schema().Required, key) {
			delete(raw, key)
		}
	}
	coerceAmounts(raw, t.amounts)
	if args, err = json.Marshal(raw); err != nil {
		return InvalidArgument("arguments: %v", err)
	}
	schema := t.in.Schema()
	names := make([]string, 0, len(schema.Properties))
	for name := range schema.Properties {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, key := range sortedRawKeys(raw) {
		prop, ok := schema.Properties[key]
		if !ok {
			if len(names) == 0 {
				return InvalidArgument("unknown argument %q; %s takes no arguments", key, t.Def.Name)
			}
			return InvalidArgument("unknown argument %q; valid arguments: %s", key, strings.Join(names, ", "))
		}
		if err := checkProperty(key, prop, raw[key]); err != nil {
			return err
		}
	}
	var generic any
	if err := json.Unmarshal(args, &generic); err != nil {
		return InvalidArgument("arguments are not valid JSON: %v", err)
	}
	if err := t.in.Validate(generic); err != nil {
		return InvalidArgument("%s", strings.TrimPrefix(err.Error(), "validating root: "))
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if te, ok := err.(*Error); ok {
			return te
		}
		return InvalidArgument("arguments: %v", err)
	}
	return nil
}

// checkProperty gives the precise messages for enums and bounds.
func checkProperty(name string, prop *jsonschema.Schema, raw json.RawMessage) error {
	var val any
	if err := json.Unmarshal(raw, &val); err != nil {
		return InvalidArgument("argument %s: %v", name, err)
	}
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

// Fit returns the largest n in [0, total] for which size(n) stays within
// MaxResultBytes, less the room kept for dataAsOf, by bisection; size must
// grow with n.
func Fit(total int, size func(n int) int) int {
	const budget = MaxResultBytes - provenanceRoom
	if size(total) <= budget {
		return total
	}
	lo, hi := 0, total // size(lo) fits, size(hi) does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if size(mid) <= budget {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// JSONSize returns the length of v's JSON encoding.
func JSONSize(v any) int {
	b, _ := marshal(v)
	return len(b)
}
