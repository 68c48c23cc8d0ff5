package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestTransactions: the hand-check books' postings found by text, amount,
// date and account, newest first, with sumChf over all matches; a
// foreign-currency posting in its currency (half to even); and a late
// booking of the 2026 books dated 2025 (fixtures/handcheck/EXPECTED.md).
func TestTransactions(t *testing.T) {
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		for _, c := range []struct {
			args  map[string]any
			texts []string
			sum   string
		}{
			{map[string]any{"year": 2025, "textSearch": "coop"}, []string{"2025-12-20 Einkauf Weihnachten", "2025-03-03 Coop Rückerstattung", "2025-02-14 Coop Einkauf"}, "250.20"},
			{map[string]any{"year": 2025, "textSearch": "CAFE"}, []string{"2025-03-20 Nachtessen"}, "64.00"},
			{map[string]any{"year": 2025, "textSearch": "kuhn"}, []string{"2025-10-01 Geschenk Hochzeit"}, "120.00"},
			{map[string]any{"year": 2026, "textSearch": "coop"}, []string{"2026-03-31 Coop Einkauf"}, "64.35"},
			{map[string]any{"year": 2025, "minAmount": 1000, "maxAmount": "1500"}, []string{"2025-09-30 Rückzahlung Darlehen", "2025-04-01 Miete April", "2025-02-01 Miete Februar"}, "4000.00"},
			{map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-01-31"}, []string{"2026-01-25 Lohn Januar", "2026-01-01 Miete Januar"}, "6700.00"},
			// Food in its normal direction: 87.30 + 45.60 + 150.40 − 12.50 refund.
			{map[string]any{"year": 2025, "accountId": "24b35ae0-c9e8-587e-a7d1-c7269077e8ad"}, []string{"2025-12-20 Einkauf Weihnachten", "2025-05-10 Migros Einkauf", "2025-03-03 Coop Rückerstattung", "2025-02-14 Coop Einkauf"}, "270.80"},
		} {
			var got mcptest.TxPage
			s.Must("get_transactions", c.args, &got)
			if diff := cmp.Diff(c.texts, mcptest.Texts(got.Transactions)); diff != "" || got.SumChf != c.sum || got.Total != len(c.texts) || got.Truncated {
				t.Errorf("%s get_transactions(%v): sum %s total %d truncated %v; want sum %s (-want +got):\n%s", p, c.args, got.SumChf, got.Total, got.Truncated, c.sum, diff)
			}
		}
		var all mcptest.TxPage
		s.Must("get_transactions", map[string]any{"year": 2025}, &all)
		if all.Total != 12 {
			t.Errorf("%s: 2025 has %d postings; want 12", p, all.Total)
		}
		for _, r := range all.Transactions {
			switch r.Text {
			case "Ristorante Bellavista Como":
				if r.Value != "100.12" || r.Currency != "EUR" || r.ValueChf != "96.12" || r.FxRate != "0.96" {
					t.Errorf("p09 row = %+v; want 100.12 EUR (half to even), 96.12 CHF, rate 0.96", r)
				}
			case "Umtausch CHF in EUR":
				if r.Value != "500.00" || r.Currency != "EUR" || r.ValueChf != "470.00" {
					t.Errorf("p08 row = %+v; want 500.00 EUR, 470.00 CHF", r)
				}
			case "Migros Einkauf":
				if r.RelatedParty != "" || r.Value != "45.60" || r.Currency != "CHF" {
					t.Errorf("p07 row = %+v; want no related party, 45.60 CHF", r)
				}
			}
		}
		var late mcptest.TxPage
		s.Must("get_transactions", map[string]any{"year": 2026, "toDate": "2025-12-31"}, &late)
		if diff := cmp.Diff([]string{"2025-12-31 Silvester Apéro"}, mcptest.Texts(late.Transactions)); diff != "" {
			t.Errorf("%s: the late booking of the 2026 books (-want +got):\n%s", p, diff)
		}
	}
}
