package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestOrderByAmountAndClass answers "my largest expenses this year" on the
// hand-check books (fixtures/handcheck/EXPECTED.md): the postings with an
// expense leg, largest CHF value first, equal values newest first, with
// sumChf in the expenses' direction (the refund p04 lowers it).
func TestOrderByAmountAndClass(t *testing.T) {
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		s := handcheck(t, p)
		for _, c := range []struct {
			args  map[string]any
			texts []string
			total int
			sum   string
		}{
			{map[string]any{"year": 2025, "class": "expenses", "orderBy": "amount"}, []string{
				"2025-04-01 Miete April", "2025-02-01 Miete Februar", "2025-12-20 Einkauf Weihnachten",
				"2025-10-01 Geschenk Hochzeit", "2025-07-20 Ristorante Bellavista Como", "2025-02-14 Coop Einkauf",
				"2025-03-20 Nachtessen", "2025-05-10 Migros Einkauf", "2025-03-03 Coop Rückerstattung"},
				// 1500 + 87.30 − 12.50 + 64 + 1500 + 45.60 + 96.12 + 120 + 150.40
				9, "3550.92"},
			// The ten largest, three at a time: paging and sumChf as before.
			{map[string]any{"year": 2025, "class": "expenses", "orderBy": "amount", "limit": 3, "offset": 3}, []string{
				"2025-10-01 Geschenk Hochzeit", "2025-07-20 Ristorante Bellavista Como", "2025-02-14 Coop Einkauf"}, 9, "3550.92"},
			{map[string]any{"year": 2025, "class": "income"}, []string{"2025-01-25 Lohn Januar"}, 1, "5000.00"},
			// Activa: debits in, credits out; the transfer p08 (Bank → EUR,
			// both activa) counts zero: 5000 + 12.50 − 4563.42.
			{map[string]any{"year": 2025, "class": "activa", "limit": 1}, []string{"2025-12-20 Einkauf Weihnachten"}, 12, "449.08"},
			{map[string]any{"year": 2025, "orderBy": "amount", "limit": 2}, []string{"2025-01-25 Lohn Januar", "2025-04-01 Miete April"}, 12, ""},
		} {
			var got txPage
			s.must("get_transactions", c.args, &got)
			if diff := cmp.Diff(c.texts, texts(got.Transactions)); diff != "" {
				t.Errorf("%s get_transactions(%v) (-want +got):\n%s", p, c.args, diff)
			}
			if got.Total != c.total || c.sum != "" && got.SumChf != c.sum {
				t.Errorf("%s get_transactions(%v): total %d, sumChf %s; want %d, %s", p, c.args, got.Total, got.SumChf, c.total, c.sum)
			}
		}
		var found txPage
		s.must("search_transactions", map[string]any{"query": "coop", "orderBy": "amount"}, &found)
		want := []string{"2025-12-20 Einkauf Weihnachten", "2025-02-14 Coop Einkauf", "2026-03-31 Coop Einkauf", "2025-03-03 Coop Rückerstattung"}
		if diff := cmp.Diff(want, texts(found.Transactions)); diff != "" {
			t.Errorf("%s search_transactions(coop, amount) (-want +got):\n%s", p, diff)
		}
	}
}

// TestOrderAndClassErrors: a bad orderBy or class names the choices.
func TestOrderAndClassErrors(t *testing.T) {
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, tinyBooks(), p)
		for _, c := range []errorCase{
			{"get_transactions", map[string]any{"mandator": "Alpha", "orderBy": "size"}, "invalid_argument", []string{`"size"`, `"date"`, `"amount"`}},
			{"search_transactions", map[string]any{"mandator": "Alpha", "query": "x", "orderBy": "value"}, "invalid_argument", []string{`"value"`, `"amount"`}},
			{"get_transactions", map[string]any{"mandator": "Alpha", "class": "assets"}, "invalid_argument", []string{`"assets"`, `"activa"`}},
		} {
			expectError(t, cs, p, c)
		}
	}
}
