package aggregate

import (
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// yearWarnings are a year's warnings (analysis.Ledger.Warnings), kept
// when an answer over several years lets the year's books go before it
// knows which subclasses it shows.
type yearWarnings struct {
	year     int
	warnings []analysis.Warning
}

// warningsFor returns, for an answer over years, each year's warnings that
// concern it (analysis.WarningsFor: the totals, and the subclasses in
// shown, whose names it shows), in the form of env's mode and prefixed by
// the year.
func warningsFor(env *toolkit.Env, years []yearWarnings, shown []int) []string {
	var out []string
	for _, y := range years {
		for _, w := range env.SummaryWarnings(analysis.WarningsFor(y.warnings, true, shown...)) {
			out = append(out, fmt.Sprintf("%d: %s", y.year, w))
		}
	}
	return out
}
