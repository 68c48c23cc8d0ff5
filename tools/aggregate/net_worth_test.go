package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestNetWorthHistory: in Aggregate, the hand-check books' 2025 month ends
// are withheld until December, which shows the year-end balance summary
// (fixtures/handcheck/EXPECTED.md, "Aggregate mode").
func TestNetWorthHistory(t *testing.T) {
	var nw struct {
		Months []map[string]string `json:"months"`
	}
	mcptest.Handcheck(t, tools.Aggregate).Must("get_net_worth_history", map[string]any{"fromYear": 2025, "toYear": 2025}, &nw)
	if len(nw.Months) != 12 {
		t.Fatalf("net worth 2025: %d months; want 12", len(nw.Months))
	}
	for i, m := range nw.Months {
		want := map[string]string{"month": m["month"], "withheld": "all figures: the next month end that shows them is 2025-12"}
		if i == 11 {
			want = map[string]string{"month": "2025-12", "totalActivaChf": "11919.08", "totalPassivaChf": "4000.00", "equityChf": "7919.08"}
		}
		if diff := cmp.Diff(want, m); diff != "" {
			t.Errorf("net worth, month %d (-want +got):\n%s", i+1, diff)
		}
	}
}
