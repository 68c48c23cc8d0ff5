package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

type seriesRow struct {
	Number int
	Name   string
	Points map[string]string // non-zero points only
	Total  string
}

func seriesRows(s Spending) []seriesRow {
	var out []seriesRow
	for _, r := range s.Series {
		row := seriesRow{Number: r.Number, Name: r.Name, Points: map[string]string{}, Total: r.Total.StringFixed(2)}
		for i, a := range r.Amounts {
			if !a.IsZero() {
				row.Points[s.Periods[i]] = a.StringFixed(2)
			}
		}
		out = append(out, row)
	}
	return out
}

func TestSpendingOverTime(t *testing.T) {
	l := NewLedger(sample(t))
	// The expense legs of sample: Feb food 120.50 − 20.50 refund = 100.00;
	// Mar café 45.00; Jun restaurant 94.12 + interest 250 = 344.12. The
	// dangling t9 is left out. Total 489.12 = Statement's lossChf.
	total := SpendingOverTime([]*Ledger{l}, SeriesSpec{FromYear: 2025, ToYear: 2025, Total: true})
	if len(total.Periods) != 12 || total.Periods[0] != "2025-01" || total.Periods[11] != "2025-12" {
		t.Fatalf("periods = %v; want 2025-01 … 2025-12", total.Periods)
	}
	want := []seriesRow{{0, "Total", map[string]string{"2025-02": "100.00", "2025-03": "45.00", "2025-06": "344.12"}, "489.12"}}
	if diff := cmp.Diff(want, seriesRows(total)); diff != "" {
		t.Errorf("monthly total (-want +got):\n%s", diff)
	}
	if total.Total.StringFixed(2) != "489.12" || len(total.Series[0].Amounts) != 12 {
		t.Errorf("total = %s over %d points; want 489.12 over 12", total.Total, len(total.Series[0].Amounts))
	}

	// By subclass, quarterly, largest first: 48 (250.00, Q2) then 40 Living
	// (Q1 100 + 45 = 145.00, Q2 94.12; 239.12) — Categories' numbers.
	sub := SpendingOverTime([]*Ledger{l}, SeriesSpec{FromYear: 2025, ToYear: 2025, Interval: Quarterly, GroupBy: BySubclass})
	want = []seriesRow{
		{48, "Subclass 48", map[string]string{"2025-Q2": "250.00"}, "250.00"},
		{40, "Living", map[string]string{"2025-Q1": "145.00", "2025-Q2": "94.12"}, "239.12"},
	}
	if diff := cmp.Diff(want, seriesRows(sub)); diff != "" {
		t.Errorf("quarterly by subclass (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"2025-Q1", "2025-Q2", "2025-Q3", "2025-Q4"}, sub.Periods); diff != "" {
		t.Errorf("quarter labels (-want +got):\n%s", diff)
	}

	// A second year whose books hold a late booking dated 2025-12-30: it
	// counts in 2026-01, the first period of its books, not in 2025-12, so
	// each year's periods sum to that year's Report.
	b26 := &reader.Books{Mandator: "M", Year: 2026, Accounts: sample(t).Accounts, SubClasses: sample(t).SubClasses,
		Transactions: []reader.Transaction{
			tx(t, "late", "2025-12-30", "Late dinner", "10", "bank", "rest", ""),
			tx(t, "feb", "2026-02-01", "Coop", "5", "bank", "food", ""),
		}}
	l26 := NewLedger(b26)
	acct := SpendingOverTime([]*Ledger{l26, l}, SeriesSpec{FromYear: 2025, ToYear: 2026, GroupBy: ByAccount})
	if len(acct.Periods) != 24 {
		t.Fatalf("2025–2026 has %d periods; want 24", len(acct.Periods))
	}
	want = []seriesRow{
		{4010, "Restaurant", map[string]string{"2025-03": "45.00", "2025-06": "94.12", "2026-01": "10.00"}, "149.12"},
		{4800, "Interest", map[string]string{"2025-06": "250.00"}, "250.00"},
		{4000, "Food", map[string]string{"2025-02": "100.00", "2026-02": "5.00"}, "105.00"},
	}
	// Ordered by total: Interest 250.00, Restaurant 149.12, Food 105.00.
	want[0], want[1] = want[1], want[0]
	if diff := cmp.Diff(want, seriesRows(acct)); diff != "" {
		t.Errorf("monthly by account over two years (-want +got):\n%s", diff)
	}
	if got := [2]string{acct.YearTotals[0].StringFixed(2), acct.YearTotals[1].StringFixed(2)}; got != [2]string{"489.12", "15.00"} {
		t.Errorf("YearTotals = %v; want [489.12 15.00]", got)
	}
	for _, ledger := range []*Ledger{l, l26} {
		y := ledger.Books.Year
		one := SpendingOverTime([]*Ledger{l, l26}, SeriesSpec{FromYear: y, ToYear: y, Total: true})
		if report := Total(Report(ledger, ReportSpec{Class: reader.Expenses})); !one.Total.Equal(report) {
			t.Errorf("%d: series total %s; Report %s", y, one.Total, report)
		}
	}

	// No expenses: the total series is there, all zero; grouped, no series.
	empty := NewLedger(&reader.Books{Mandator: "M", Year: 2027, Accounts: sample(t).Accounts})
	if s := SpendingOverTime([]*Ledger{empty}, SeriesSpec{FromYear: 2027, ToYear: 2027, Total: true}); len(s.Series) != 1 || !s.Total.IsZero() || len(s.Series[0].Amounts) != 12 {
		t.Errorf("empty books total series = %+v; want one zero series of 12 points", s)
	}
	if s := SpendingOverTime([]*Ledger{empty}, SeriesSpec{FromYear: 2027, ToYear: 2027, GroupBy: BySubclass}); len(s.Series) != 0 {
		t.Errorf("empty books by subclass = %+v; want no series", s.Series)
	}
}

func TestRoundCumulative(t *testing.T) {
	for _, c := range []struct {
		in, want []string
		every    int
	}{
		// Running totals 0.005 → 0.01, 0.010 → 0.01, 0.015 → 0.02.
		{[]string{"0.005", "0.005", "0.005"}, []string{"0.01", "0.00", "0.01"}, 0},
		// Restarting every two: 0.005 → 0.01, 0.010 → 0.01; then 0.005 → 0.01.
		{[]string{"0.005", "0.005", "0.005"}, []string{"0.01", "0.00", "0.01"}, 2},
		// 0.004 + 0.004 = 0.008 → 0.01 per year of two; four: 0.01, 0, 0.01, 0.
		{[]string{"0.004", "0.004", "0.004", "0.004"}, []string{"0.00", "0.01", "0.00", "0.01"}, 2},
		// 11.1675 → 11.17; 11.1675 + 1064.8968 = 1076.0643 → 1076.06, so 1064.89
		// (a cent under its own rounding, 1064.90); + 5 → 1081.06.
		{[]string{"11.1675", "1064.8968", "5"}, []string{"11.17", "1064.89", "5.00"}, 0},
		// A refund: −20.505 → −20.51 (half away from zero); then 0.
		{[]string{"-20.505", "20.505"}, []string{"-20.51", "20.51"}, 0},
		{nil, []string{}, 12},
	} {
		var in []decimal.Decimal
		for _, s := range c.in {
			in = append(in, dec(s))
		}
		got := []string{}
		var sum decimal.Decimal
		for _, d := range RoundCumulative(in, c.every) {
			got = append(got, d.StringFixed(2))
			sum = sum.Add(d)
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("RoundCumulative(%v, %d) (-want +got):\n%s", c.in, c.every, diff)
		}
		// The results sum to the sum of each segment's rounded sum.
		var want, seg decimal.Decimal
		for i, d := range in {
			seg = seg.Add(d)
			if i == len(in)-1 || c.every > 0 && (i+1)%c.every == 0 {
				want, seg = want.Add(seg.Round(2)), decimal.Zero
			}
		}
		if !sum.Equal(want) {
			t.Errorf("RoundCumulative(%v, %d) sums to %s; want %s", c.in, c.every, sum, want)
		}
	}
}
