package tools_test

import (
	"encoding/json"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestHandcheckAggregate checks the Aggregate answers for parts of a year on
// the hand-check books against fixtures/handcheck/EXPECTED.md ("Aggregate
// mode"), where every cut and every amount is worked out by hand.
func TestHandcheckAggregate(t *testing.T) {
	s := handcheck(t, tools.Aggregate)
	year25 := "published only for the whole year 2025"
	for _, c := range []struct {
		tool string
		args map[string]any
		want string
	}{
		{"get_income_statement", map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-01-01","toDate":"2025-03-31",
			"withheld":"profitChf ` + year25 + `; lossChf published only for 2025-01 to 2025-06; netChf needs both"}`},
		{"get_income_statement", map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-06-30"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-01-01","toDate":"2025-06-30","lossChf":"3184.40",
			"withheld":"profitChf ` + year25 + `; netChf needs both"}`},
		{"get_income_statement", map[string]any{"year": 2025, "fromDate": "2025-07-01", "toDate": "2025-12-31"},
			`{"mandator":"Muster","year":2025,"fromDate":"2025-07-01","toDate":"2025-12-31","lossChf":"366.52",
			"withheld":"profitChf ` + year25 + `; netChf needs both"}`},
		{"get_expenses_by_category", map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-06-30"},
			`{"mandator":"Muster","year":2025,"groupBy":"subclass","fromDate":"2025-01-01","toDate":"2025-06-30",
			"totalChf":"3184.40","withheldCategoriesChf":"3184.40","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"` + year25 + `"},
			{"name":"Wohnen","number":41,"withheld":"` + year25 + `"},
			{"name":"Subclass 47","number":47,"withheld":"` + year25 + `"}],
			"warnings":["missing_subclass: 1"]}`},
		{"get_expenses_by_category", map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"},
			`{"mandator":"Muster","year":2025,"groupBy":"subclass","fromDate":"2025-01-01","toDate":"2025-03-31",
			"withheld":"totalChf published only for 2025-01 to 2025-06","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"` + year25 + `"},
			{"name":"Wohnen","number":41,"withheld":"` + year25 + `"},
			{"name":"Subclass 47","number":47,"withheld":"` + year25 + `"}],
			"warnings":["missing_subclass: 1"]}`},
		{"get_expenses_by_category", map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-06-30"},
			`{"mandator":"Muster","year":2026,"groupBy":"subclass","fromDate":"2026-01-01","toDate":"2026-06-30",
			"totalChf":"3241.10","withheldCategoriesChf":"3241.10","categories":[
			{"name":"Lebensmittel & Restaurants","number":40,"withheld":"published only for the whole year 2026"},
			{"name":"Wohnen","number":41,"withheld":"published only for the whole year 2026"}]}`},
		{"get_income_statement", map[string]any{"year": 2026, "fromDate": "2026-07-01", "toDate": "2026-09-30"},
			`{"mandator":"Muster","year":2026,"fromDate":"2026-07-01","toDate":"2026-09-30","lossChf":"0.00",
			"withheld":"profitChf published only for the whole year 2026; netChf needs both"}`},
	} {
		raw := mustCall(t, s.cs, c.tool, c.args, nil)
		var got, want map[string]any
		if err := json.Unmarshal(raw, &got); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatalf("bad want for %s: %v", c.tool, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("Aggregate %s(%v) (-want +got):\n%s", c.tool, c.args, diff)
		}
	}

	var nw struct {
		Months []map[string]string `json:"months"`
	}
	s.must("get_net_worth_history", map[string]any{"fromYear": 2025, "toYear": 2025}, &nw)
	for i, m := range nw.Months {
		want := map[string]string{"month": m["month"], "withheld": "all figures: the next month end that shows them is 2025-12"}
		if i == 11 {
			want = map[string]string{"month": "2025-12", "totalActivaChf": "11919.08", "totalPassivaChf": "4000.00", "equityChf": "7919.08"}
		}
		if diff := cmp.Diff(want, m); diff != "" {
			t.Errorf("Aggregate net worth, month %d (-want +got):\n%s", i+1, diff)
		}
	}
	if len(nw.Months) != 12 {
		t.Errorf("Aggregate net worth 2025: %d months; want 12", len(nw.Months))
	}
}
