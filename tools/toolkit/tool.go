package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxResultBytes bounds the JSON of any result; clients reject results of
// about 25k tokens.
const MaxResultBytes = 64 << 10

// A Tool is one catalog entry: its MCP definition and its handler.
type Tool struct {
	Def     *mcp.Tool
	call    func(ctx context.Context, env *Env, args json.RawMessage) (any, error)
	schemas *schemas
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

// New builds a Tool from a Spec, inferring its schemas from its Go types
// at once. The catalog's tools use NewGenerated, which starts faster. It
// panics if the schemas cannot be built, which is a programming error
// caught by every test.
func New[In, Out any](s Spec[In, Out]) Tool {
	return NewGenerated(SchemaFiles{}, s)
}

// NewGenerated builds a Tool from a Spec whose schemas were generated into
// files (see SchemaFiles), so that building it infers and resolves nothing:
// its schemas are resolved when it is first called.
func NewGenerated[In, Out any](files SchemaFiles, s Spec[In, Out]) Tool {
	sch := newSchemas(s.Name, files, func() (*jsonschema.Schema, *jsonschema.Schema) { return inferSchemas(s) })
	f := false
	def := &mcp.Tool{
		Name:         s.Name,
		Title:        s.Title,
		Description:  s.Description,
		InputSchema:  json.RawMessage(sch.in),
		OutputSchema: json.RawMessage(sch.out),
		Annotations: &mcp.ToolAnnotations{
			Title:          s.Title,
			ReadOnlyHint:   true,
			IdempotentHint: true,
			OpenWorldHint:  &f,
		},
	}
	t := Tool{Def: def, schemas: sch, amounts: amountFields[In]()}
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
		return t.Handle(WithProgress(ctx, req), env, log, req.Params.Arguments)
	})
}

// CodeRequestCancelled is the JSON-RPC error code of a request the client
// cancelled (the code LSP uses; JSON-RPC and MCP define none).
const CodeRequestCancelled = -32800

// Handle answers an MCP request for the tool: Call's result, unless ctx was
// cancelled (the client sent notifications/cancelled, or went away), which
// is answered as the JSON-RPC error "request cancelled" and never as an
// error envelope, which would call the books unreadable.
func (t Tool) Handle(ctx context.Context, env *Env, log *slog.Logger, args json.RawMessage) (*mcp.CallToolResult, error) {
	res := t.Call(ctx, env, log, args)
	if err := Cancelled(ctx); err != nil {
		return nil, err
	}
	return res, nil
}

// Cancelled returns the JSON-RPC error for a request whose ctx is done, or
// nil while it is not.
func Cancelled(ctx context.Context) error {
	if ctx.Err() == nil {
		return nil
	}
	return &jsonrpc.Error{Code: CodeRequestCancelled, Message: "request cancelled: " + context.Cause(ctx).Error()}
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
		return errorResult(asError(err, env.Redact))
	}
	fillLists(reflect.ValueOf(out))
	data, err := marshal(out)
	if err != nil {
		return errorResult(asError(err, env.Redact))
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
	return t.schemas.outRes().Validate(v)
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
