package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestSearchAsUsersExpect runs the searches the issue names on messyBooks.
// Before, "kobenhavn" found nothing (ø did not fold) and "Miete Wohnung
// Seefeld" only a text holding exactly that phrase; now letters fold as the
// Unicode collation spells them, and every word must occur, in any order,
// unless quoted as a phrase. Sums by hand: the rents are 1500.00 each.
func TestSearchAsUsersExpect(t *testing.T) {
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, messyBooks(), p)
		for _, c := range []struct {
			query  string
			total  int
			sumChf string
		}{
			{"kobenhavn", 1, "320.40"},
			{"KØBENHAVN Hotel", 1, "320.40"},
			{"Miete Wohnung Seefeld", 2, "3000.00"}, // 2024 "Miete Wohnung Seefeld", 2025 "Seefeld Wohnung: Miete März"
			{"seefeld miete", 2, "3000.00"},
			{`"Miete Wohnung"`, 1, "1500.00"}, // the exact phrase: 2024 only
			{`"Miete Wohnung" marz`, 0, "0.00"},
			{"miete marz", 1, "1500.00"},
		} {
			var out struct {
				Total  int
				SumChf string
			}
			mustCall(t, cs, "search_transactions", map[string]any{"query": c.query, "toYear": 2025}, &out)
			if out.Total != c.total || out.SumChf != c.sumChf {
				t.Errorf("%s search_transactions(%q) = %d matches, %s; want %d, %s", p, c.query, out.Total, out.SumChf, c.total, c.sumChf)
			}
		}
		var tx struct {
			Total  int
			SumChf string
		}
		mustCall(t, cs, "get_transactions", map[string]any{"year": 2025, "textSearch": "wohnung miete"}, &tx)
		if tx.Total != 1 || tx.SumChf != "1500.00" {
			t.Errorf("%s get_transactions(textSearch: wohnung miete) = %d, %s; want 1, 1500.00", p, tx.Total, tx.SumChf)
		}
		expectError(t, cs, p, errorCase{"search_transactions", map[string]any{"query": `""`}, "invalid_argument", []string{"query", "word"}})
	}
}
