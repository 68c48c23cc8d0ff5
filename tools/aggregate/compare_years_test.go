package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestCompareYears: Aggregate's comparison of the hand-check books' two
// years by subclass (fixtures/handcheck/EXPECTED.md, "categories").
func TestCompareYears(t *testing.T) {
	type year struct {
		Year             int
		TotalIncomeChf   string
		TotalExpensesChf string
		ByCategory       map[string]string
	}
	want := []year{
		{2025, "5000.00", "3550.92", map[string]string{"Wohnen": "3000.00", "Lebensmittel & Restaurants": "430.92", "Subclass 47": "120.00"}},
		{2026, "5200.00", "3241.10", map[string]string{"Wohnen": "3050.00", "Lebensmittel & Restaurants": "191.10"}},
	}
	s := mcptest.Handcheck(t, tools.Aggregate, mcptest.ToDate)
	var got struct{ Comparison []year }
	s.Must("compare_years", map[string]any{"years": []int{2025, 2026}}, &got)
	if diff := cmp.Diff(want, got.Comparison); diff != "" {
		t.Errorf("compare_years (-want +got):\n%s", diff)
	}
	s.Fail("compare_years", map[string]any{"years": []int{2025}}, "invalid_argument")
}
