package resource

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MIMEType is the type of every resource's content.
const MIMEType = "application/json"

// Scheme is the URI scheme of the resources.
const Scheme = "accounting://"

// An entry is one resource or resource template, and the tool whose answer
// is its content.
type entry struct {
	report      string // the last URI segment of a template; "" for a fixed resource
	uri         string // the URI, or the URI template
	toolName    string // the tool that computes the content
	name, title string
	description string
}

// table lists the resources. Which of them a privacy mode serves is not
// decided here: an entry is served when the mode's catalog registers its
// tool (tools/registry.go), and its content is that tool's answer.
var table = []entry{
	{uri: Scheme + "mandators", toolName: "list_mandators", name: "mandators", title: "Mandators",
		description: "The sets of books (mandators) in the data folder, sorted. Same as list_mandators."},
	{report: "chart", toolName: "list_accounts", name: "chart", title: "Chart of accounts",
		description: "A year's chart of accounts with subclass names and year-end balances. Same as list_accounts."},
	{report: "balance-summary", toolName: "get_balance_summary", name: "balance-summary", title: "Balance summary",
		description: "A year's total assets, liabilities and equity in CHF. Same as get_balance_summary."},
	{report: "income-statement", toolName: "get_income_statement", name: "income-statement", title: "Income statement",
		description: "A year's income, expenses and net result in CHF. Same as get_income_statement."},
	{report: "expenses-by-category", toolName: "get_expenses_by_category", name: "expenses-by-category", title: "Expenses by category",
		description: "A year's expenses per subclass in CHF, largest first. Same as get_expenses_by_category."},
}

func init() {
	for i := range table {
		if table[i].report != "" {
			table[i].uri = Scheme + "{mandator}/{year}/" + table[i].report
		}
	}
}

// A served entry is an entry with the tool that answers it in this mode.
type served struct {
	entry
	tool toolkit.Tool
}

// servedBy returns the entries whose tool is in catalog, in table order.
func servedBy(catalog []toolkit.Tool) []served {
	byName := map[string]toolkit.Tool{}
	for _, t := range catalog {
		byName[t.Def.Name] = t
	}
	var out []served
	for _, e := range table {
		if t, ok := byName[e.toolName]; ok {
			out = append(out, served{e, t})
		}
	}
	return out
}

// Register adds to s the resources and templates whose tools are in
// catalog, answered with env, and the guard that answers every other
// accounting:// URI with an error naming it.
func Register(s *mcp.Server, env *toolkit.Env, catalog []toolkit.Tool, log *slog.Logger) {
	list := servedBy(catalog)
	for _, e := range list {
		h := handler(list, env, log)
		if e.report == "" {
			s.AddResource(&mcp.Resource{URI: e.uri, Name: e.name, Title: e.title, Description: e.description, MIMEType: MIMEType}, h)
			continue
		}
		s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: e.uri, Name: e.name, Title: e.title,
			Description: e.description + " Mandator percent-encoded.", MIMEType: MIMEType}, h)
	}
	s.AddReceivingMiddleware(guard(list))
}

// A Template is a resource template and the arguments it takes, for
// completions.
type Template struct {
	URITemplate string
	Arguments   []string
}

// Templates returns the templates served with catalog.
func Templates(catalog []toolkit.Tool) []Template {
	var out []Template
	for _, e := range servedBy(catalog) {
		if e.report != "" {
			out = append(out, Template{URITemplate: e.uri, Arguments: []string{"mandator", "year"}})
		}
	}
	return out
}

// handler reads any resource of list: it routes the URI and returns the
// answer of the entry's tool as JSON content.
func handler(list []served, env *toolkit.Env, log *slog.Logger) mcp.ResourceHandler {
	return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		uri := req.Params.URI
		e, args, err := route(list, uri)
		if err != nil {
			return nil, err
		}
		raw, err := json.Marshal(args)
		if err != nil {
			return nil, err
		}
		res, err := e.tool.Handle(ctx, env, log, raw)
		if err != nil {
			return nil, err
		}
		data, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, err
		}
		if res.IsError {
			return nil, toolError(uri, data)
		}
		// The books are the user's own: no shared cache may keep them, and
		// they change whenever the desktop app saves.
		return &mcp.ReadResourceResult{Cacheable: mcp.Cacheable{CacheScope: "private"},
			Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: MIMEType, Text: string(data)}}}, nil
	}
}
