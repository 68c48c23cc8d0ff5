package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestGetAccount: the Bankkonto's months of 2025 and the Kasse's first month
// of 2026, a late booking dated 2025-12-31 (fixtures/handcheck/EXPECTED.md).
func TestGetAccount(t *testing.T) {
	type month struct{ Month, Debits, Credits, ClosingBalance string }
	var got struct {
		Number           int
		Balance          string
		TransactionCount int
		Months           []month
	}
	s := mcptest.Handcheck(t, tools.Full)
	s.Must("get_account", map[string]any{"year": 2025, "number": 1010}, &got)
	want := map[string]month{
		"2025-01": {"2025-01", "5000.00", "0.00", "15000.00"},
		"2025-02": {"2025-02", "0.00", "1587.30", "13412.70"},
		"2025-03": {"2025-03", "12.50", "0.00", "13425.20"},
		"2025-05": {"2025-05", "0.00", "0.00", "11925.20"},
		"2025-06": {"2025-06", "0.00", "470.00", "11455.20"},
		"2025-12": {"2025-12", "0.00", "150.40", "10184.80"},
	}
	if got.Balance != "10184.80" || got.TransactionCount != 9 || len(got.Months) != 12 {
		t.Errorf("get_account 1010: balance %s, %d postings, %d months; want 10184.80, 9, 12", got.Balance, got.TransactionCount, len(got.Months))
	}
	for _, m := range got.Months {
		if w, ok := want[m.Month]; ok && w != m {
			t.Errorf("get_account 1010 %s = %+v; want %+v", m.Month, m, w)
		}
	}
	s.Must("get_account", map[string]any{"year": 2026, "number": 1000}, &got)
	if got.Months[0] != (month{"2025-12", "0.00", "80.00", "310.40"}) || got.Balance != "310.40" {
		t.Errorf("get_account 1000 2026: first month %+v balance %s; want the late booking in 2025-12, 310.40", got.Months[0], got.Balance)
	}
	s.Fail("get_account", map[string]any{"year": 2025, "number": 1020}, "unknown_account")
}
