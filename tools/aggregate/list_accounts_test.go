package aggregate_test

import (
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestListAccounts: Aggregate's list_accounts gives each account's name,
// currency, class and CHF balance at year end, and nothing that identifies
// it. The balances are those of fixtures/handcheck/EXPECTED.md for 2025, in
// the normal direction; EUR-Konto is EUR 1399.88 at the latest posting's
// rate 0.96 = 1343.88 CHF.
func TestListAccounts(t *testing.T) {
	type row struct{ Name, Currency, Class, BalanceChf string }
	all := []row{
		{"Kasse", "CHF", "activa", "390.40"},
		{"Bankkonto", "CHF", "activa", "10184.80"},
		{"EUR-Konto", "EUR", "activa", "1343.88"},
		{"Darlehen Eltern", "CHF", "passiva", "4000.00"},
		{"Lohn", "CHF", "income", "5000.00"},
		{"Lebensmittel", "CHF", "expenses", "270.80"},
		{"Restaurants", "CHF", "expenses", "160.12"},
		{"Miete", "CHF", "expenses", "3000.00"},
		{"Diverses", "CHF", "expenses", "120.00"},
	}
	s := mcptest.Handcheck(t, tools.Aggregate)
	for _, c := range []struct {
		args map[string]any
		want []row
	}{
		{map[string]any{"year": 2025}, all},
		{map[string]any{"year": 2025, "class": "expenses"}, all[5:]},
	} {
		var got struct{ Accounts []row }
		raw := s.Must("list_accounts", c.args, &got)
		if diff := cmp.Diff(c.want, got.Accounts); diff != "" {
			t.Errorf("list_accounts(%v) (-want +got):\n%s", c.args, diff)
		}
		// The chart's ids and IBANs (EXPECTED.md) never leave the process.
		for _, secret := range []string{"accountId", "startBalance", "e9fb688b-7a99-5560-92a2-a2f5851d4f06", "CH1580808004571239876", "DE89370400440532013000"} {
			if strings.Contains(string(raw), secret) {
				t.Errorf("list_accounts(%v) shows %q: %s", c.args, secret, raw)
			}
		}
	}
}
