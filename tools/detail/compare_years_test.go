package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestCompareYears: the hand-check books' two years side by side, by
// subclass and by account (fixtures/handcheck/EXPECTED.md, "categories").
func TestCompareYears(t *testing.T) {
	type year struct {
		Year             int
		TotalIncomeChf   string
		TotalExpensesChf string
		ByCategory       map[string]string
	}
	for _, c := range []struct {
		args map[string]any
		want []year
	}{
		{map[string]any{"years": []int{2025, 2026}}, []year{
			{2025, "5000.00", "3550.92", map[string]string{"Wohnen": "3000.00", "Lebensmittel & Restaurants": "430.92", "Subclass 47": "120.00"}},
			{2026, "5200.00", "3241.10", map[string]string{"Wohnen": "3050.00", "Lebensmittel & Restaurants": "191.10"}},
		}},
		{map[string]any{"years": []int{2025, 2026}, "side": "expenses", "groupBy": "account"}, []year{
			{2025, "", "3550.92", map[string]string{"Miete": "3000.00", "Lebensmittel": "270.80", "Restaurants": "160.12", "Diverses": "120.00"}},
			{2026, "", "3241.10", map[string]string{"Miete": "3050.00", "Lebensmittel": "111.10", "Restaurants": "80.00"}},
		}},
	} {
		for _, p := range mcptest.Detailed {
			var got struct{ Comparison []year }
			mcptest.Handcheck(t, p).Must("compare_years", c.args, &got)
			if diff := cmp.Diff(c.want, got.Comparison); diff != "" {
				t.Errorf("%s compare_years(%v) (-want +got):\n%s", p, c.args, diff)
			}
		}
	}
}
