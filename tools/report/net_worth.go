package report

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// NetWorthIn are the arguments of get_net_worth_history.
type NetWorthIn struct {
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
	FromYear int    `json:"fromYear,omitempty" jsonschema:"default: the first year with books"`
	ToYear   int    `json:"toYear,omitempty" jsonschema:"default: the last year with books"`
}

// NetWorthDescription is shared by both variants.
const NetWorthDescription = "Use for 'how did my net worth develop?': assets, liabilities and equity in CHF at each month end across years. " +
	"Foreign balances use each year's get_balance_summary rate, so December equals it; the current year ends this month."

// NetWorthSchema bounds the years of get_net_worth_history.
func NetWorthSchema(s *jsonschema.Schema) { toolkit.YearRange(s, "fromYear", "toYear") }

// NetWorthEach resolves the arguments of get_net_worth_history and gives fn
// the ledger of each year with books that can be read, in year order; the
// others are skipped. Each year's months are its own, so fn need not keep
// the ledger: a range of years larger than the cache is read one year at
// a time (toolkit.Env.EachReadableLedger, docs/performance.md#memory).
func NetWorthEach(ctx context.Context, env *toolkit.Env, in NetWorthIn, fn func(*analysis.Ledger)) (YearSpan, toolkit.Skipped, error) {
	span, err := ResolveYears(env, in.Mandator, in.FromYear, in.ToYear)
	if err != nil {
		return YearSpan{}, nil, err
	}
	skipped, err := env.EachReadableLedger(ctx, span.Mandator, span.Years, fn)
	return span, skipped, err
}

// MonthsShown returns how many month ends of year the history shows: all
// twelve of a past year, the current year up to this month, none of a year
// to come.
func MonthsShown(env *toolkit.Env, year int) int {
	switch now := env.Now(); {
	case year == now.Year():
		return int(now.Month())
	case year > now.Year():
		return 0
	}
	return 12
}
