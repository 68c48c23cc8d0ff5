package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestNetWorthHistory: the hand-check books' 2025 month ends, the EUR
// account valued all year at 0.96, the rate the year's balance summary uses
// (fixtures/handcheck/EXPECTED.md). Activa = Kasse + Bankkonto + EUR × 0.96;
// passiva is the loan, 5000.00 until p10 repays 1000.00 in September:
//
//	Jan  500 + 15000.00 + 960 = 16460.00        Jul  390.40 + 11455.20 + 1399.88 × 0.96 = 13189.48
//	Feb  500 + 13412.70 + 960 = 14872.70        Aug  the same
//	Mar  436 + 13425.20 + 960 = 14821.20        Sep  390.40 + 10455.20 + 1343.8848 = 12189.48
//	Apr  436 + 11925.20 + 960 = 13321.20        Oct  390.40 + 10335.20 + 1343.8848 = 12069.48
//	May  390.40 + 11925.20 + 960 = 13275.60     Nov  the same
//	Jun  390.40 + 11455.20 + 1500 × 0.96 = 13285.60   Dec  390.40 + 10184.80 + 1343.8848 = 11919.08
//
// December is the balance summary's 11919.08 / 4000.00 / 7919.08.
func TestNetWorthHistory(t *testing.T) {
	type month struct{ Month, TotalActivaChf, TotalPassivaChf, EquityChf string }
	want := []month{
		{"2025-01", "16460.00", "5000.00", "11460.00"},
		{"2025-02", "14872.70", "5000.00", "9872.70"},
		{"2025-03", "14821.20", "5000.00", "9821.20"},
		{"2025-04", "13321.20", "5000.00", "8321.20"},
		{"2025-05", "13275.60", "5000.00", "8275.60"},
		{"2025-06", "13285.60", "5000.00", "8285.60"},
		{"2025-07", "13189.48", "5000.00", "8189.48"},
		{"2025-08", "13189.48", "5000.00", "8189.48"},
		{"2025-09", "12189.48", "4000.00", "8189.48"},
		{"2025-10", "12069.48", "4000.00", "8069.48"},
		{"2025-11", "12069.48", "4000.00", "8069.48"},
		{"2025-12", "11919.08", "4000.00", "7919.08"},
	}
	for _, p := range mcptest.Detailed {
		var got struct{ Months []month }
		mcptest.Handcheck(t, p).Must("get_net_worth_history", map[string]any{"fromYear": 2025, "toYear": 2025}, &got)
		if diff := cmp.Diff(want, got.Months); diff != "" {
			t.Errorf("%s get_net_worth_history 2025 (-want +got):\n%s", p, diff)
		}
	}
}
