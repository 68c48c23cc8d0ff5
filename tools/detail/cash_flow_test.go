package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// A cashFlow is the part of a get_cash_flow answer the tests compare.
type cashFlow struct {
	CashAccounts                               []string
	OpeningChf, InChf, OutChf, FxDifferenceChf string
	ClosingChf                                 string
	Periods                                    []cashPeriod
}

type cashPeriod struct {
	Period, OpeningChf, InChf, OutChf, ClosingChf string
}

// TestCashFlow: the hand-check books' 2025 cash flow through the default
// cash accounts (Kasse, Bankkonto, EUR-Konto: all in subclass 10), worked
// out from the postings of fixtures/handcheck/EXPECTED.md.
//
//   - opening: 500.00 + 10000.00 + EUR 1000.00 × 0.96 (the rate of the
//     latest posting, p09) = 11460.00;
//   - in: p01 5000.00 (Lohn) + p04 12.50 (the Coop refund) = 5012.50;
//   - out: p02 1500 + p03 87.30 + p05 64 + p06 1500 + p07 45.60 + p09 96.12
//   - p10 1000 + p11 120 + p12 150.40 = 4563.42; p08 (1010 → 1030) is a
//     transfer between cash accounts, not a flow;
//   - closing: 390.40 + 10184.80 + EUR 1399.88 × 0.96 = 11919.0848;
//   - fxDifference: 11919.0848 − 11460 − 5012.50 + 4563.42 = 10.0048: p08
//     booked 470.00 CHF for EUR 500.00, worth 480.00 at 0.96, and p09 96.12
//     CHF for EUR 100.12, worth 96.1152.
//
// Q1 (p01–p05): in 5012.50, out 1500 + 87.30 + 64 = 1651.30, no EUR moves,
// closing 11460.00 + 5012.50 − 1651.30 = 14821.20.
func TestCashFlow(t *testing.T) {
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		var got cashFlow
		s.Must("get_cash_flow", map[string]any{"year": 2025, "interval": "quarter"}, &got)
		want := cashFlow{
			CashAccounts: []string{"Kasse", "Bankkonto", "EUR-Konto"},
			OpeningChf:   "11460.00", InChf: "5012.50", OutChf: "4563.42", FxDifferenceChf: "10.00", ClosingChf: "11919.08",
		}
		q1 := cashPeriod{"2025-Q1", "11460.00", "5012.50", "1651.30", "14821.20"}
		if len(got.Periods) != 4 || got.Periods[0] != q1 {
			t.Errorf("%s get_cash_flow 2025 by quarter: periods %+v; want 4, the first %+v", p, got.Periods, q1)
		}
		got.Periods = nil
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s get_cash_flow 2025 (-want +got):\n%s", p, diff)
		}
		// Only the Bankkonto: p05 and p07 (Kasse) are no longer cash, and
		// p08 (to the EUR account) is now money out. Opening 10000.00; in
		// 5012.50; out 1500 + 87.30 + 1500 + 470 + 1000 + 120 + 150.40 =
		// 4827.70; closing 10184.80.
		s.Must("get_cash_flow", map[string]any{"year": 2025, "interval": "year", "cashAccounts": []int{1010}}, &got)
		if got.OpeningChf != "10000.00" || got.InChf != "5012.50" || got.OutChf != "4827.70" || got.ClosingChf != "10184.80" {
			t.Errorf("%s get_cash_flow 2025, Bankkonto only: %+v; want 10000.00 + 5012.50 − 4827.70 = 10184.80", p, got)
		}
	}
}
