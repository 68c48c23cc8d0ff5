package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
)

// TestOpenBankTransactions: the hand-check books' only bank line (2025, the
// card payment of p12, −150.40) is booked, so nothing is open, and none is
// marked Ignore (fixtures/handcheck/EXPECTED.md, "Other fields").
func TestOpenBankTransactions(t *testing.T) {
	for _, p := range mcptest.Detailed {
		var got struct {
			BankTransactions []any
			Total            int
			Truncated        bool
			IgnoredCount     int
		}
		mcptest.Handcheck(t, p).Must("get_open_bank_transactions", map[string]any{"year": 2025}, &got)
		if got.BankTransactions == nil || len(got.BankTransactions) != 0 || got.Total != 0 || got.Truncated || got.IgnoredCount != 0 {
			t.Errorf("%s get_open_bank_transactions 2025 = %+v; want no open lines", p, got)
		}
	}
}
