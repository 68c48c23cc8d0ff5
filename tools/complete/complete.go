package complete

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxValues is the most values one completion returns (the MCP limit).
const MaxValues = 100

// A Ref is something whose arguments can be completed: a prompt (by name)
// or a resource template (by its URI template).
type Ref struct {
	Type      string // "ref/prompt" or "ref/resource"
	Name      string // the prompt's name or the URI template
	Arguments []string
}

// Handler returns the completion handler for refs, answered from env.
func Handler(env *toolkit.Env, refs []Ref, languages []string) func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	return func(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
		p := req.Params
		ref, err := find(refs, p.Ref)
		if err != nil {
			return nil, err
		}
		arg := p.Argument.Name
		if !slices.Contains(ref.Arguments, arg) {
			return nil, invalid("%s has no argument %s to complete; its arguments are %s", describe(ref), toolkit.Quote(arg), strings.Join(ref.Arguments, ", "))
		}
		var context map[string]string
		if p.Context != nil {
			context = p.Context.Arguments
		}
		values, err := candidates(env, arg, p.Argument.Value, context, languages)
		if err != nil {
			return nil, err
		}
		return result(values), nil
	}
}

func find(refs []Ref, r *mcp.CompleteReference) (Ref, error) {
	if r == nil {
		return Ref{}, invalid("completion needs a ref")
	}
	key := r.Name
	if r.Type == "ref/resource" {
		key = r.URI
	}
	var names []string
	for _, ref := range refs {
		if ref.Type == r.Type {
			if ref.Name == key {
				return ref, nil
			}
			names = append(names, ref.Name)
		}
	}
	switch r.Type {
	case "ref/prompt":
		return Ref{}, invalid("unknown prompt %s; prompts with arguments: %s", toolkit.Quote(key), strings.Join(names, ", "))
	case "ref/resource":
		return Ref{}, invalid("no resource template %s; templates with arguments: %s", toolkit.Quote(key), strings.Join(names, ", "))
	}
	return Ref{}, invalid("unknown ref type %s; use ref/prompt or ref/resource", toolkit.Quote(r.Type))
}

func describe(r Ref) string {
	if r.Type == "ref/prompt" {
		return "prompt " + r.Name
	}
	return "resource template " + r.Name
}

// result caps values at MaxValues and says how many there were.
func result(values []string) *mcp.CompleteResult {
	res := &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}
	if res.Completion.Values == nil {
		res.Completion.Values = []string{}
	}
	if len(values) > MaxValues {
		res.Completion.Values, res.Completion.HasMore = values[:MaxValues], true
	}
	return res
}

func invalid(format string, args ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, args...)}
}
