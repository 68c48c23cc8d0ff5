package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
)

// TestIncomeStatement: profit, loss and net of the hand-check books for the
// years and their quarters (fixtures/handcheck/EXPECTED.md); the quarters
// of 2025 add up to the year: 5000.00 − (1638.80 + 1545.60 + 96.12 + 270.40).
func TestIncomeStatement(t *testing.T) {
	type statement struct{ ProfitChf, LossChf, NetChf string }
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		for _, c := range []struct {
			args map[string]any
			want statement
		}{
			{map[string]any{"year": 2025}, statement{"5000.00", "3550.92", "1449.08"}},
			{map[string]any{"year": 2026}, statement{"5200.00", "3241.10", "1958.90"}},
			{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}, statement{"5000.00", "1638.80", "3361.20"}},
			{map[string]any{"year": 2025, "fromDate": "2025-04-01", "toDate": "2025-06-30"}, statement{"0.00", "1545.60", "-1545.60"}},
			{map[string]any{"year": 2025, "fromDate": "2025-07-01", "toDate": "2025-09-30"}, statement{"0.00", "96.12", "-96.12"}},
			{map[string]any{"year": 2025, "fromDate": "2025-10-01", "toDate": "2025-12-31"}, statement{"0.00", "270.40", "-270.40"}},
			{map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-03-31"}, statement{"5200.00", "1611.10", "3588.90"}},
		} {
			var got statement
			s.Must("get_income_statement", c.args, &got)
			if got != c.want {
				t.Errorf("%s get_income_statement(%v) = %+v; want %+v", p, c.args, got, c.want)
			}
		}
	}
}
