package aggregate

import (
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// yearWarnings returns, for an answer over the years of ledgers, each
// year's warnings that concern it (analysis.Ledger.WarningsFor: the totals,
// and the subclasses in shown, whose names it shows), in the form of env's
// mode and prefixed by the year.
func yearWarnings(env *toolkit.Env, ledgers []*analysis.Ledger, shown []int) []string {
	var out []string
	for _, l := range ledgers {
		for _, w := range env.SummaryWarnings(l.WarningsFor(true, shown...)) {
			out = append(out, fmt.Sprintf("%d: %s", l.Books.Year, w))
		}
	}
	return out
}
