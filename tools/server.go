package tools

import (
	"bytes"
	_ "embed"
	"log/slog"
	"text/template"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configure a server. Only Store is required.
type Options struct {
	Store           *reader.Store
	Privacy         Privacy
	DefaultMandator string
	Rates           analysis.Rates   // configured CHF per unit, by currency
	Now             func() time.Time // defaults to time.Now
	Logger          *slog.Logger     // defaults to discarding
	Version         string
	CashAccounts    []int // account numbers get_cash_flow counts as cash; nil: the default
}

//go:embed instructions.md
var instructionsText string

var instructions = template.Must(template.New("instructions").Parse(instructionsText))

// Instructions returns the server instructions for privacy mode p.
func Instructions(p Privacy) string {
	var b bytes.Buffer
	if err := instructions.Execute(&b, struct{ Mode string }{p.String()}); err != nil {
		panic(err) // the template is static and covered by tests
	}
	return b.String()
}

// NewServer returns an MCP server with the tools, resources, prompts and
// completions of o.Privacy registered.
func NewServer(o Options) *mcp.Server {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	env := &toolkit.Env{Store: o.Store, Rates: o.Rates, DefaultMandator: o.DefaultMandator, Now: o.Now,
		CashAccounts: o.CashAccounts}
	s := mcp.NewServer(&mcp.Implementation{Name: "accounting-mcp", Title: "AccountingNext books", Version: o.Version},
		&mcp.ServerOptions{Instructions: Instructions(o.Privacy), Logger: o.Logger, CompletionHandler: completions(env, o.Privacy)})
	register(s, env, o.Privacy, o.Logger)
	return s
}
