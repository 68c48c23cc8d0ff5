package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestTrialBalance: the hand-check books' trial balance of 2025 and of its
// first quarter, worked out from the postings p01–p12 of
// fixtures/handcheck/EXPECTED.md. Opening and closing are in the normal
// direction, all four in the account's currency (1030 in EUR: +500.00 from
// p08, −100.12 from p09), the legs also in CHF. The legs of the year add up
// to the sum of the twelve Values on each side: 5000 + 1500 + 87.30 + 12.50
// + 64 + 1500 + 45.60 + 470 + 96.12 + 1000 + 120 + 150.40 = 10045.92.
func TestTrialBalance(t *testing.T) {
	type row struct {
		Number                            int
		Opening, Debits, Credits, Closing string
		DebitsChf, CreditsChf             string
	}
	type balance struct {
		Accounts                        []row
		TotalDebitsChf, TotalCreditsChf string
	}
	year := balance{[]row{
		{1000, "500.00", "0.00", "109.60", "390.40", "0.00", "109.60"},
		{1010, "10000.00", "5012.50", "4827.70", "10184.80", "5012.50", "4827.70"},
		{1030, "1000.00", "500.00", "100.12", "1399.88", "470.00", "96.12"},
		{2100, "5000.00", "1000.00", "0.00", "4000.00", "1000.00", "0.00"},
		{3000, "0.00", "0.00", "5000.00", "5000.00", "0.00", "5000.00"},
		{4000, "0.00", "283.30", "12.50", "270.80", "283.30", "12.50"},
		{4010, "0.00", "160.12", "0.00", "160.12", "160.12", "0.00"},
		{4100, "0.00", "3000.00", "0.00", "3000.00", "3000.00", "0.00"},
		{4700, "0.00", "120.00", "0.00", "120.00", "120.00", "0.00"},
	}, "10045.92", "10045.92"}
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		var got balance
		s.Must("get_trial_balance", map[string]any{"year": 2025}, &got)
		if diff := cmp.Diff(year, got); diff != "" {
			t.Errorf("%s get_trial_balance 2025 (-want +got):\n%s", p, diff)
		}
		// Q1: p01–p05. 1010 closes at 10000 + 5000 + 12.50 − 1500 − 87.30,
		// its March closing in get_account.
		s.Must("get_trial_balance", map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}, &got)
		for _, r := range got.Accounts {
			if r.Number == 1010 && r != (row{1010, "10000.00", "5012.50", "1587.30", "13425.20", "5012.50", "1587.30"}) {
				t.Errorf("%s get_trial_balance Q1 2025, 1010 = %+v", p, r)
			}
		}
		if got.TotalDebitsChf != "6663.80" || got.TotalCreditsChf != "6663.80" {
			t.Errorf("%s get_trial_balance Q1 2025 totals %s / %s; want 6663.80 (5000 + 1500 + 87.30 + 12.50 + 64) each", p, got.TotalDebitsChf, got.TotalCreditsChf)
		}
	}
}
