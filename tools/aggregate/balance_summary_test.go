package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestBalanceSummary: activa, passiva and equity of the hand-check books at
// year end, at the latest posting's EUR rate and at a configured 0.95, in
// Aggregate (fixtures/handcheck/EXPECTED.md, "balance summary"); nothing
// of 2026 is dated after the test clock's last closed month, so its year
// end is the same as in Full.
func TestBalanceSummary(t *testing.T) {
	type summary struct{ TotalActivaChf, TotalPassivaChf, EquityChf string }
	for _, p := range []tools.Privacy{tools.Aggregate} {
		for _, c := range []struct {
			year int
			rate string
			want summary
		}{
			{2025, "", summary{"11919.08", "4000.00", "7919.08"}},
			{2025, "0.95", summary{"11905.09", "4000.00", "7905.09"}},
			{2026, "", summary{"13842.99", "4000.00", "9842.99"}},
			{2026, "0.95", summary{"13863.24", "4000.00", "9863.24"}},
		} {
			opts := []func(*tools.Options){mcptest.ToDate}
			if c.rate != "" {
				opts = append(opts, mcptest.WithRate("EUR", c.rate))
			}
			var got summary
			mcptest.Handcheck(t, p, opts...).Must("get_balance_summary", map[string]any{"year": c.year}, &got)
			if got != c.want {
				t.Errorf("%s get_balance_summary(%d, fx %q) = %+v; want %+v", p, c.year, c.rate, got, c.want)
			}
		}
	}
}
