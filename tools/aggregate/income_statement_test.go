package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestIncomeStatement: Aggregate's income statement of the hand-check
// books: the year's totals, and for parts of a year only what the
// disclosure rules publish (fixtures/handcheck/EXPECTED.md, "Aggregate
// mode", where every cut is worked out by hand).
func TestIncomeStatement(t *testing.T) {
	s := mcptest.Handcheck(t, tools.Aggregate, mcptest.ToDate)
	year25 := "published only for the whole year 2025"
	year26 := "published only for the whole year 2026"
	covers25 := "book year 2025: January includes any posting dated before 2025-01-01, December any dated after 2025-12-31 (Full leaves them out)"
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"year": 2025},
			`{"mandator":"Muster","year":2025,"profitChf":"5000.00","lossChf":"3550.92","netChf":"1449.08"}`},
		{map[string]any{"year": 2026},
			`{"mandator":"Muster","year":2026,"profitChf":"5200.00","lossChf":"3241.10","netChf":"1958.90","through":"2026-10-31"}`},
		{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-01-01","toDate":"2025-03-31",
			"withheld":"profitChf ` + year25 + `; lossChf published only for 2025-01 to 2025-06; netChf needs both","covers":"` + covers25 + `"}`},
		{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-06-30"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-01-01","toDate":"2025-06-30","lossChf":"3184.40",
			"withheld":"profitChf ` + year25 + `; netChf needs both","covers":"` + covers25 + `"}`},
		{map[string]any{"year": 2025, "fromDate": "2025-07-01", "toDate": "2025-12-31"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-07-01","toDate":"2025-12-31","lossChf":"366.52",
			"withheld":"profitChf ` + year25 + `; netChf needs both","covers":"` + covers25 + `"}`},
		{map[string]any{"year": 2026, "fromDate": "2026-07-01", "toDate": "2026-09-30"},
			`{"mandator":"Muster","year":2026,"fromDate":"2026-07-01","toDate":"2026-09-30",
			"withheld":"profitChf ` + year26 + `; lossChf ` + year26 + `; netChf needs both","through":"2026-10-31"}`},
	} {
		raw := s.Must("get_income_statement", c.args, nil)
		if diff := mcptest.SameAnswer(t, raw, c.want); diff != "" {
			t.Errorf("get_income_statement(%v):\n%s", c.args, diff)
		}
	}
}
