package analysis

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNetWorthByMonth(t *testing.T) {
	type row struct{ Month, Activa, Passiva, Equity string }
	rows := func(ms []MonthWorth) []row {
		out := make([]row, len(ms))
		for i, m := range ms {
			out[i] = row{m.Month, m.ActivaChf.StringFixed(2), m.PassivaChf.StringFixed(2), m.EquityChf.StringFixed(2)}
		}
		return out
	}
	l := NewLedger(sample(t))
	ms, _ := NetWorthByMonth(l, nil, 12)
	if len(ms) != 12 {
		t.Fatalf("NetWorthByMonth gave %d months; want 12", len(ms))
	}
	// The EUR account is valued all year at 0.9410, the rate of its latest
	// posting (as Balances does). Mortgage 5000 owed until June.
	//   Jan: bank 1000 + 3000 = 4000; EUR 200 × 0.9410 = 188.20 → 4188.20
	//   Feb: bank 4000 − 120.50 + 20.50 = 3900 → 4088.20
	//   Mar: bank 3900 − 45 = 3855 → 4043.20
	//   Apr: bank 3855 − 470.60 = 3384.40; EUR 700 × 0.9410 = 658.70 → 4043.10
	//   Jun: bank 3384.40 − 1000 − 250 = 2134.40; EUR 599.98 × 0.9410 =
	//        564.58118 → 2698.98118; mortgage 4000 → equity −1301.01882
	//   Jul–Dec unchanged (the dangling t9 is left out).
	want := []row{
		{"2025-01", "4188.20", "5000.00", "-811.80"},
		{"2025-02", "4088.20", "5000.00", "-911.80"},
		{"2025-03", "4043.20", "5000.00", "-956.80"},
		{"2025-04", "4043.10", "5000.00", "-956.90"},
		{"2025-05", "4043.10", "5000.00", "-956.90"},
		{"2025-06", "2698.98", "4000.00", "-1301.02"},
	}
	if diff := cmp.Diff(want, rows(ms[:6])); diff != "" {
		t.Errorf("NetWorthByMonth Jan–Jun (-want +got):\n%s", diff)
	}
	s := BalanceSummary(l, nil)
	december := ms[11]
	if december.Month != "2025-12" || !december.ActivaChf.Equal(s.TotalActivaChf) || !december.PassivaChf.Equal(s.TotalPassivaChf) || !december.EquityChf.Equal(s.EquityChf) {
		t.Errorf("December = %+v; want exactly BalanceSummary %+v", december, s)
	}

	// Only the first three months of an open year.
	if ms, _ := NetWorthByMonth(l, nil, 3); len(ms) != 3 || ms[2].Month != "2025-03" {
		t.Errorf("NetWorthByMonth(last 3) = %v; want Jan–Mar", ms)
	}
	if ms, _ := NetWorthByMonth(l, nil, 0); len(ms) != 0 {
		t.Errorf("NetWorthByMonth(last 0) = %v; want none", ms)
	}

	// A late booking dated 2024-12-30 counts from January; one dated in 2026
	// only in December. A configured rate replaces the posting's.
	b := sample(t)
	b.Transactions = append(b.Transactions,
		tx(t, "late", "2024-12-30", "Late", "10", "bank", "food", ""),
		tx(t, "ahead", "2026-01-05", "Ahead", "100", "bank", "food", ""))
	l = NewLedger(b)
	ms, warnings := NetWorthByMonth(l, Rates{"EUR": dec("0.95")}, 12)
	// Jan: bank 4000 − 10 = 3990; EUR 200 × 0.95 = 190 → 4180.00.
	// Nov: bank 2134.40 − 10 = 2124.40; EUR 599.98 × 0.95 = 569.981 → 2694.381.
	// Dec: also − 100 → 2594.381.
	got := rows([]MonthWorth{ms[0], ms[10], ms[11]})
	want = []row{{"2025-01", "4180.00", "5000.00", "-820.00"}, {"2025-11", "2694.38", "4000.00", "-1305.62"}, {"2025-12", "2594.38", "4000.00", "-1405.62"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("NetWorthByMonth with late bookings (-want +got):\n%s", diff)
	}
	s = BalanceSummary(l, Rates{"EUR": dec("0.95")})
	if !ms[11].EquityChf.Equal(s.EquityChf) {
		t.Errorf("December equity %s; BalanceSummary %s", ms[11].EquityChf, s.EquityChf)
	}
	codes := map[string]int{}
	for _, w := range warnings {
		codes[w.Code]++
	}
	if codes["dangling_account"] != 1 || codes["missing_subclass"] != 0 {
		t.Errorf("warnings = %v; want BalanceSummary's: one dangling_account, no missing_subclass", codes)
	}
}
