package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestTrendToolErrors checks the typed errors of get_recurring_transactions,
// get_spending_over_time and get_net_worth_history on the demo books.
func TestTrendToolErrors(t *testing.T) {
	claudio := "Claudio Schaad"
	cases := []errorCase{
		{"get_spending_over_time", map[string]any{"mandator": claudio, "fromYear": 2026, "toYear": 2024}, "invalid_argument", []string{"2026", "2024"}},
		{"get_spending_over_time", map[string]any{"mandator": claudio, "year": 2025, "fromYear": 2024}, "invalid_argument", []string{"year", "fromYear"}},
		{"get_spending_over_time", map[string]any{"mandator": claudio, "interval": "week"}, "invalid_argument", []string{`"week"`, `"month"`, `"quarter"`}},
		{"get_spending_over_time", map[string]any{"mandator": claudio, "fromYear": 2019}, "unknown_year", []string{"2019", "2024, 2025, 2026, 2027"}},
		{"get_spending_over_time", map[string]any{"mandator": claudio, "year": 2023}, "unknown_year", []string{"2023"}},
		{"get_spending_over_time", map[string]any{"mandator": "Nobody"}, "unknown_mandator", []string{`"Nobody"`, `"Claudio Schaad"`}},
		{"get_net_worth_history", map[string]any{"mandator": claudio, "fromYear": 2027, "toYear": 2024}, "invalid_argument", []string{"2027", "2024"}},
		{"get_net_worth_history", map[string]any{"mandator": claudio, "toYear": 2030}, "unknown_year", []string{"2030", "2024, 2025, 2026, 2027"}},
		{"get_net_worth_history", map[string]any{"mandator": "Nobody"}, "unknown_mandator", []string{`"Nobody"`}},
		{"get_net_worth_history", map[string]any{"mandator": claudio, "fromYear": "2024"}, "invalid_argument", []string{"fromYear"}},
	}
	detailOnly := []errorCase{
		{"get_recurring_transactions", map[string]any{"mandator": claudio, "compareYear": 2019}, "unknown_year", []string{"2019", "2024, 2025, 2026, 2027"}},
		{"get_recurring_transactions", map[string]any{"mandator": claudio, "year": 2025, "compareYear": 2025}, "invalid_argument", []string{"compareYear 2025", "2024"}},
		{"get_recurring_transactions", map[string]any{"mandator": claudio, "minOccurrences": 1}, "invalid_argument", []string{"minOccurrences", "2", "60"}},
		{"get_recurring_transactions", map[string]any{"mandator": "Nobody"}, "unknown_mandator", []string{`"Nobody"`}},
		{"get_recurring_transactions", map[string]any{"mandator": claudio, "year": 2019}, "unknown_year", []string{"2019"}},
		{"get_spending_over_time", map[string]any{"mandator": claudio, "groupBy": "week"}, "invalid_argument", []string{`"week"`, `"total"`, `"subclass"`, `"account"`}},
	}
	aggregateOnly := []errorCase{
		// Aggregate mode never groups by account.
		{"get_spending_over_time", map[string]any{"mandator": claudio, "groupBy": "account"}, "invalid_argument", []string{`"account"`, `"total"`, `"subclass"`}},
	}
	for _, p := range modes {
		cs := connect(t, fixtures.DemoFS(), p)
		all := append([]errorCase(nil), cases...)
		if p == tools.Aggregate {
			all = append(all, aggregateOnly...)
		} else {
			all = append(all, detailOnly...)
		}
		for _, c := range all {
			expectError(t, cs, p, c)
		}
	}
}
