package tools

import (
	"context"
	"log/slog"

	"github.com/accounting-mcp/accounting-mcp/tools/complete"
	"github.com/accounting-mcp/accounting-mcp/tools/prompt"
	"github.com/accounting-mcp/accounting-mcp/tools/resource"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// register adds everything privacy mode p serves: the tools of the registry,
// the resources whose tools the mode registers (tools/resource), and the
// prompts, whose plans name only those tools (tools/prompt), and the
// ui:// view of the tools that name one (tools/views). The registry
// stays the one table that decides what each mode can return.
func register(s *mcp.Server, env *toolkit.Env, p Privacy, log *slog.Logger) {
	catalog := Catalog(p)
	link := resource.Links(catalog)
	for _, t := range catalog {
		s.AddTool(t.Def, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			res, err := t.Handle(toolkit.WithProgress(ctx, req), env, log, req.Params.Arguments)
			if err != nil {
				return nil, err
			}
			if !res.IsError {
				if l := link(t.Def.Name, req.Params.Arguments, res.StructuredContent); l != nil {
					res.Content = append(res.Content, l)
				}
			}
			return res, nil
		})
	}
	resource.Register(s, env, catalog, log)
	views.Register(s, catalog)
	prompt.Register(s, env, catalog)
}

// completions answers completion/complete for the arguments of the prompts
// and resource templates of privacy mode p.
func completions(env *toolkit.Env, p Privacy) func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	var refs []complete.Ref
	for _, pr := range prompt.Prompts(Catalog(p)) {
		refs = append(refs, complete.Ref{Type: "ref/prompt", Name: pr.Name, Arguments: pr.Arguments})
	}
	for _, t := range resource.Templates(Catalog(p)) {
		refs = append(refs, complete.Ref{Type: "ref/resource", Name: t.URITemplate, Arguments: t.Arguments})
	}
	return complete.Handler(env, refs, prompt.Languages)
}
