package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
)

// trialLine renders a trial row as "opening debits credits closing |
// debitsChf creditsChf legs", two decimals each.
func trialLine(r TrialRow) string {
	return fmt.Sprintf("%s %s %s %s | %s %s %d", r.Opening.StringFixed(2), r.Debits.StringFixed(2),
		r.Credits.StringFixed(2), r.Closing.StringFixed(2), r.DebitsChf.StringFixed(2), r.CreditsChf.StringFixed(2), r.Legs)
}

// TestTrialBalance checks the sample's trial balance (helpers_test.go), by
// hand, for the whole books and for Q2.
func TestTrialBalance(t *testing.T) {
	l := NewLedger(sample(t))
	for _, c := range []struct {
		name     string
		from, to string
		want     map[int]string
		total    string
	}{
		{
			// Bank: debits t1 3000 + t3 20.50; credits t2 120.50 + t4 45 +
			// t5 470.60 + t7 1000 + t8 250 = 1886.10. Euro in EUR: t5
			// 500.00 in (470.60 CHF), t6 100.02 out (94.12 CHF). The
			// mortgage is owed (credit-normal): 5000 − 1000 debited.
			name: "year",
			want: map[int]string{
				1010: "1000.00 3020.50 1886.10 2134.40 | 3020.50 1886.10 7",
				1030: "200.00 500.00 100.02 599.98 | 470.60 94.12 2",
				2100: "5000.00 1000.00 0.00 4000.00 | 1000.00 0.00 1",
				3000: "0.00 0.00 3000.00 3000.00 | 0.00 3000.00 1",
				4000: "0.00 120.50 20.50 100.00 | 120.50 20.50 2",
				4010: "0.00 139.12 0.00 139.12 | 139.12 0.00 2",
				4800: "0.00 250.00 0.00 250.00 | 250.00 0.00 1",
			},
			// 3000 + 120.50 + 20.50 + 45 + 470.60 + 94.12 + 1000 + 250
			total: "5000.72",
		},
		{
			// Everything before April is in the opening balance: the bank
			// 1000 + 3000 − 120.50 + 20.50 − 45 = 3855.00.
			name: "Q2", from: "2025-04-01", to: "2025-06-30",
			want: map[int]string{
				1010: "3855.00 0.00 1720.60 2134.40 | 0.00 1720.60 3",
				1030: "200.00 500.00 100.02 599.98 | 470.60 94.12 2",
				2100: "5000.00 1000.00 0.00 4000.00 | 1000.00 0.00 1",
				3000: "3000.00 0.00 0.00 3000.00 | 0.00 0.00 0",
				4000: "100.00 0.00 0.00 100.00 | 0.00 0.00 0",
				4010: "45.00 94.12 0.00 139.12 | 94.12 0.00 1",
				4800: "0.00 250.00 0.00 250.00 | 250.00 0.00 1",
			},
			total: "1814.72",
		},
		{
			// Nothing after January 31: the salary only.
			name: "January", from: "2025-01-01", to: "2025-01-31",
			want: map[int]string{
				1010: "1000.00 3000.00 0.00 4000.00 | 3000.00 0.00 1",
				1030: "200.00 0.00 0.00 200.00 | 0.00 0.00 0",
				2100: "5000.00 0.00 0.00 5000.00 | 0.00 0.00 0",
				3000: "0.00 0.00 3000.00 3000.00 | 0.00 3000.00 1",
			},
			total: "3000.00",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			var from, to reader.Date
			if c.from != "" {
				from, to = date(t, c.from), date(t, c.to)
			}
			tb := TrialBalanceOf(l, from, to)
			got := map[int]string{}
			for _, r := range tb.Rows {
				got[r.Account.Number] = trialLine(r)
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("TrialBalanceOf(%s) (-want +got):\n%s", c.name, diff)
			}
			if d, cr := tb.TotalDebitsChf.StringFixed(2), tb.TotalCreditsChf.StringFixed(2); d != c.total || cr != c.total {
				t.Errorf("TrialBalanceOf(%s) totals = %s debits, %s credits; want %s both", c.name, d, cr, c.total)
			}
		})
	}
}

// TestTrialBalanceEmptyBooks: a year just opened has its start balances and
// nothing else.
func TestTrialBalanceEmptyBooks(t *testing.T) {
	b := sample(t)
	b.Transactions = nil
	tb := TrialBalanceOf(NewLedger(b), 0, 0)
	got := map[int]string{}
	for _, r := range tb.Rows {
		got[r.Account.Number] = trialLine(r)
	}
	want := map[int]string{
		1010: "1000.00 0.00 0.00 1000.00 | 0.00 0.00 0",
		1030: "200.00 0.00 0.00 200.00 | 0.00 0.00 0",
		2100: "5000.00 0.00 0.00 5000.00 | 0.00 0.00 0",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("TrialBalanceOf(empty books) (-want +got):\n%s", diff)
	}
	if !tb.TotalDebitsChf.IsZero() || !tb.TotalCreditsChf.IsZero() {
		t.Errorf("totals = %s, %s; want 0", tb.TotalDebitsChf, tb.TotalCreditsChf)
	}
}
