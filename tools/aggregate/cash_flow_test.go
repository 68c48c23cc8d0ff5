package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestCashFlow: Aggregate answers the year's cash flow only, here the
// hand-check books' 2025 through Kasse, Bankkonto and EUR-Konto, by
// counter-subclass (fixtures/handcheck/EXPECTED.md, postings p01–p12):
// opening 500 + 10000 + EUR 1000 × 0.96 = 11460.00; in: Lohn 5000.00 (p01),
// Lebensmittel & Restaurants 12.50 (the refund p04); out: Wohnen 1500 + 1500,
// Lebensmittel & Restaurants 87.30 + 64 + 45.60 + 96.12 + 150.40 = 443.42,
// Langfristiges Fremdkapital 1000 (p10), Subclass 47 120 (p11), 4563.42 in
// all; closing 11919.0848, so the exchange rate added 10.0048 (p08's 470 CHF
// bought EUR 500, worth 480 at 0.96). Other intervals are refused.
func TestCashFlow(t *testing.T) {
	type flow struct{ Name, AmountChf string }
	var got struct {
		CashAccounts                                           []string
		OpeningChf, InChf, OutChf, FxDifferenceChf, ClosingChf string
		Inflows, Outflows                                      []flow
	}
	s := mcptest.Handcheck(t, tools.Aggregate)
	s.Must("get_cash_flow", map[string]any{"year": 2025}, &got)
	amounts := func(fs []flow) map[string]string {
		out := map[string]string{}
		for _, f := range fs {
			out[f.Name] = f.AmountChf
		}
		return out
	}
	if diff := cmp.Diff([]string{"Kasse", "Bankkonto", "EUR-Konto"}, got.CashAccounts); diff != "" {
		t.Errorf("cash accounts (-want +got):\n%s", diff)
	}
	if got.OpeningChf != "11460.00" || got.InChf != "5012.50" || got.OutChf != "4563.42" || got.FxDifferenceChf != "10.00" || got.ClosingChf != "11919.08" {
		t.Errorf("get_cash_flow 2025 = %s + %s − %s + fx %s = %s; want 11460.00 + 5012.50 − 4563.42 + 10.00 = 11919.08",
			got.OpeningChf, got.InChf, got.OutChf, got.FxDifferenceChf, got.ClosingChf)
	}
	if diff := cmp.Diff(map[string]string{"Lohn": "5000.00", "Lebensmittel & Restaurants": "12.50"}, amounts(got.Inflows)); diff != "" {
		t.Errorf("inflows (-want +got):\n%s", diff)
	}
	wantOut := map[string]string{"Wohnen": "3000.00", "Lebensmittel & Restaurants": "443.42", "Langfristiges Fremdkapital": "1000.00", "Subclass 47": "120.00"}
	if diff := cmp.Diff(wantOut, amounts(got.Outflows)); diff != "" {
		t.Errorf("outflows (-want +got):\n%s", diff)
	}
	s.Fail("get_cash_flow", map[string]any{"year": 2025, "interval": "month"}, "invalid_argument")
}
