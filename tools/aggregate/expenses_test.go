package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestExpenses: Aggregate's expenses by subclass of the hand-check books:
// the year's categories in full, and for parts of a year the totals the
// disclosure rules publish, each category withheld
// (fixtures/handcheck/EXPECTED.md, "categories" and "Aggregate mode").
func TestExpenses(t *testing.T) {
	s := mcptest.Handcheck(t, tools.Aggregate, mcptest.ToDate)
	year25 := "published only for the whole year 2025"
	year26 := "published only for the whole year 2026"
	covers := func(y string) string {
		return "book year " + y + ": January includes any posting dated before " + y + "-01-01, December any dated after " + y + "-12-31 (Full leaves them out)"
	}
	covers25, covers26 := covers("2025"), covers("2026")
	for _, c := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"year": 2025}, `{"mandator":"Muster","year":2025,"groupBy":"subclass","totalChf":"3550.92","categories":[
			{"name":"Wohnen","number":41,"totalChf":"3000.00","transactionCount":2},
			{"name":"Lebensmittel & Restaurants","number":40,"totalChf":"430.92","transactionCount":6},
			{"name":"Subclass 47","number":47,"totalChf":"120.00","transactionCount":1}],
			"warnings":["missing_subclass: 1"]}`},
		{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-06-30"},
			`{"mandator":"Muster","year":2025,"groupBy":"subclass","fromDate":"2025-01-01","toDate":"2025-06-30",
			"totalChf":"3184.40","withheldCategoriesChf":"3184.40","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"` + year25 + `"},
			{"name":"Wohnen","number":41,"withheld":"` + year25 + `"},
			{"name":"Subclass 47","number":47,"withheld":"` + year25 + `"}],"covers":"` + covers25 + `",
			"warnings":["missing_subclass: 1"]}`},
		{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"},
			`{"mandator":"Muster","year":2025,"groupBy":"subclass","fromDate":"2025-01-01","toDate":"2025-03-31",
			"withheld":"totalChf published only for 2025-01 to 2025-06","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"` + year25 + `"},
			{"name":"Wohnen","number":41,"withheld":"` + year25 + `"},
			{"name":"Subclass 47","number":47,"withheld":"` + year25 + `"}],"covers":"` + covers25 + `",
			"warnings":["missing_subclass: 1"]}`},
		{map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-06-30"},
			`{"mandator":"Muster","year":2026,"groupBy":"subclass","fromDate":"2026-01-01","toDate":"2026-06-30",
			"withheld":"totalChf ` + year26 + `","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"` + year26 + `"},
			{"name":"Wohnen","number":41,"withheld":"` + year26 + `"}],
			"through":"2026-10-31","covers":"` + covers26 + `"}`},
	} {
		raw := s.Must("get_expenses_by_category", c.args, nil)
		if diff := mcptest.SameAnswer(t, raw, c.want); diff != "" {
			t.Errorf("get_expenses_by_category(%v):\n%s", c.args, diff)
		}
	}
	s.Fail("get_expenses_by_category", map[string]any{"year": 2025, "groupBy": "account"}, "invalid_argument")
}
