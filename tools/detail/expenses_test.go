package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestExpenses: the hand-check books' expenses by subclass and by account,
// largest first, with the legs counted (a refund is a leg too), for the
// years and the first quarter of 2025 (fixtures/handcheck/EXPECTED.md).
func TestExpenses(t *testing.T) {
	type category struct {
		Name             string `json:"name"`
		Number           int    `json:"number"`
		TotalChf         string `json:"totalChf"`
		TransactionCount int    `json:"transactionCount"`
	}
	type expenses struct {
		TotalChf   string
		Categories []category
	}
	for _, c := range []struct {
		args map[string]any
		want expenses
	}{
		{map[string]any{"year": 2025}, expenses{"3550.92", []category{
			{"Wohnen", 41, "3000.00", 2}, {"Lebensmittel & Restaurants", 40, "430.92", 6}, {"Subclass 47", 47, "120.00", 1}}}},
		{map[string]any{"year": 2026}, expenses{"3241.10", []category{
			{"Wohnen", 41, "3050.00", 2}, {"Lebensmittel & Restaurants", 40, "191.10", 3}}}},
		{map[string]any{"year": 2025, "groupBy": "account"}, expenses{"3550.92", []category{
			{"Miete", 4100, "3000.00", 2}, {"Lebensmittel", 4000, "270.80", 4}, {"Restaurants", 4010, "160.12", 2}, {"Diverses", 4700, "120.00", 1}}}},
		{map[string]any{"year": 2026, "groupBy": "account"}, expenses{"3241.10", []category{
			{"Miete", 4100, "3050.00", 2}, {"Lebensmittel", 4000, "111.10", 2}, {"Restaurants", 4010, "80.00", 1}}}},
		{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}, expenses{"1638.80", []category{
			{"Wohnen", 41, "1500.00", 1}, {"Lebensmittel & Restaurants", 40, "138.80", 3}}}},
	} {
		for _, p := range mcptest.Detailed {
			var got expenses
			mcptest.Handcheck(t, p).Must("get_expenses_by_category", c.args, &got)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s get_expenses_by_category(%v) (-want +got):\n%s", p, c.args, diff)
			}
		}
	}
}
