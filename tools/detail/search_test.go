package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
)

// TestSearch: "Coop" across both years of the hand-check books: three
// postings of 2025 and one of 2026, the 2026 one first. Without an account
// each posting counts at its value: 87.30 + 12.50 + 150.40 + 64.35 = 314.55
// (fixtures/handcheck/EXPECTED.md).
func TestSearch(t *testing.T) {
	for _, p := range mcptest.Detailed {
		var search mcptest.TxPage
		mcptest.Handcheck(t, p).Must("search_transactions", map[string]any{"query": "Coop"}, &search)
		if search.Total != 4 || search.SumChf != "314.55" || len(search.Transactions) != 4 ||
			search.Transactions[0].Year != 2026 || search.Transactions[3].Year != 2025 {
			t.Errorf("%s search coop: total %d sum %s rows %+v; want 4 rows summing to 314.55, 2026 first", p, search.Total, search.SumChf, search.Transactions)
		}
	}
}
