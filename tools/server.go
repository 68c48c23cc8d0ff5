package tools

import (
	"bytes"
	_ "embed"
	"log/slog"
	"text/template"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
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
	// MinPostings is k of the Aggregate disclosure rules (package
	// disclosure): DefaultMinPostings when 0.
	MinPostings int
	// Periods is the finest period Aggregate publishes (mcp.aggregate.periods).
	Periods disclosure.Periods
	// CurrentYear says whether Aggregate shows the year that has not ended
	// (mcp.aggregate.currentYear); Withheld, the zero value, shows a year
	// once it has ended.
	CurrentYear  disclosure.CurrentYear
	CashAccounts []int // account numbers get_cash_flow counts as cash; nil: the default
}

// DefaultMinPostings is the default k of the Aggregate disclosure rules.
const DefaultMinPostings = disclosure.DefaultK

//go:embed instructions.md
var instructionsText string

var instructions = template.Must(template.New("instructions").Parse(instructionsText))

// Instructions returns the server instructions for privacy mode p, with k
// the Aggregate rules' minimum of postings, its finest periods and whether
// it shows the current year.
func Instructions(p Privacy, k int, periods disclosure.Periods, current disclosure.CurrentYear) string {
	var b bytes.Buffer
	if err := instructions.Execute(&b, struct {
		Mode, Periods, CurrentYear string
		K                          int
	}{p.String(), periods.String(), current.String(), k}); err != nil {
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
	if o.MinPostings == 0 {
		o.MinPostings = DefaultMinPostings
	}
	env := &toolkit.Env{Store: o.Store, Rates: o.Rates, DefaultMandator: o.DefaultMandator, Now: o.Now,
		MinPostings: o.MinPostings, Redact: o.Privacy == Aggregate, CashAccounts: o.CashAccounts,
		ClosedMonths: o.Privacy == Aggregate, Periods: o.Periods, CurrentYear: o.CurrentYear}
	// The SDK's default capabilities ({"logging":{}}), plus the MCP Apps
	// extension whose views tools/views serves. Logging is deprecated from
	// protocol 2026-07-28 on but still what clients of the earlier revisions
	// (and the conformance suite's logging-set-level scenario) expect.
	//
	// The tool, prompt and resource lists are fixed for the server's life:
	// a new mandator or year changes what accounting://mandators holds and
	// what completion/complete offers, which a client asks for afresh each
	// time, but not which tools, prompts, resources or templates are listed.
	// So none of the lists claims listChanged (the SDK's default would).
	caps := &mcp.ServerCapabilities{
		Tools: &mcp.ToolCapabilities{}, Prompts: &mcp.PromptCapabilities{}, Resources: &mcp.ResourceCapabilities{},
		Logging: &mcp.LoggingCapabilities{}, //lint:ignore SA1019 kept for clients of 2025-06-18 and 2025-11-25
	}
	views.Advertise(caps)
	s := mcp.NewServer(&mcp.Implementation{Name: "accounting-mcp", Title: "AccountingNext books", Version: o.Version},
		&mcp.ServerOptions{Instructions: Instructions(o.Privacy, o.MinPostings, o.Periods, o.CurrentYear), Logger: o.Logger, CompletionHandler: completions(env, o.Privacy),
			Capabilities: caps})
	register(s, env, o.Privacy, o.Logger)
	return s
}
