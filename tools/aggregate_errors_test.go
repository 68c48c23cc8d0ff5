package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestAggregateRefusesPartsOfMonths: in Aggregate, a day, half a month, a
// range in the wrong order or outside the book year is an invalid_argument
// that names the accepted forms (G1); Full answers the same questions.
func TestAggregateRefusesPartsOfMonths(t *testing.T) {
	agg := connect(t, fixtures.DemoFS(), tools.Aggregate)
	full := connect(t, fixtures.DemoFS(), tools.Full)
	forms := []string{"whole months", "first of a month", "last day of a month", "2025-01-01 to 2025-03-31"}
	for _, c := range []struct {
		name     string
		from, to string
		names    string // the bad value the message must name
	}{
		{"a day", "2025-03-14", "2025-03-14", "2025-03-14"},
		{"half a month", "2025-03-01", "2025-03-15", "2025-03-15"},
		{"from the 2nd", "2025-03-02", "2025-03-31", "2025-03-02"},
		{"to the 30th of a 31-day month", "2025-01-01", "2025-01-30", "2025-01-30"},
		{"February's 28th in a non-leap year is its last", "2025-02-01", "2025-02-27", "2025-02-27"},
		{"reversed", "2025-06-01", "2025-03-31", "2025-06-01"},
		{"before the book year", "2024-12-01", "2025-01-31", "2024-12-01"},
		{"after the book year", "2025-12-01", "2026-01-31", "2026-01-31"},
		{"only fromDate, a day", "2025-03-14", "", "2025-03-14"},
		{"only toDate, a day", "", "2025-03-14", "2025-03-14"},
	} {
		args := map[string]any{"mandator": "Claudio Schaad", "year": 2025}
		if c.from != "" {
			args["fromDate"] = c.from
		}
		if c.to != "" {
			args["toDate"] = c.to
		}
		for _, tool := range []string{"get_expenses_by_category", "get_income_statement"} {
			expectError(t, agg, tools.Aggregate, errorCase{tool, args, "invalid_argument", append([]string{c.names}, forms...)})
			if c.name != "reversed" {
				mustCall(t, full, tool, args, nil)
			}
		}
	}
	for _, ok := range []map[string]any{
		{"fromDate": "2025-02-01", "toDate": "2025-02-28"},
		{"fromDate": "2025-04-01"},
		{"toDate": "2025-09-30"},
		{},
	} {
		ok["mandator"], ok["year"] = "Claudio Schaad", 2025
		mustCall(t, agg, "get_expenses_by_category", ok, nil)
		mustCall(t, agg, "get_income_statement", ok, nil)
	}
}
