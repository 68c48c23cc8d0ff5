package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// unusualBooks are two years of a small household, 2024 and 2025, with
// oddities in 2025 worked out by hand in TestFindUnusual.
func unusualBooks(t *testing.T) []*Ledger {
	accounts := []reader.Account{
		{ID: "cash", Number: 1000, Name: "Cash", Currency: "CHF"},
		{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF", StartBalance: dec("50000")},
		{ID: "pay", Number: 3000, Name: "Salary", Currency: "CHF"},
		{ID: "food", Number: 4000, Name: "Food", Currency: "CHF"},
		{ID: "rent", Number: 4100, Name: "Rent", Currency: "CHF"},
		{ID: "misc", Number: 4700, Name: "Misc", Currency: "CHF"},
	}
	var out []*Ledger
	for _, y := range []int{2024, 2025} {
		var txs []reader.Transaction
		add := func(day, text, party, value, origin, target string) {
			p := tx(t, fmt.Sprintf("%s/%d", day, len(txs)), day, text, value, origin, target, "")
			p.RelatedParty = party
			txs = append(txs, p)
		}
		for m := 1; m <= 12; m++ {
			d := func(day int) string { return fmt.Sprintf("%d-%02d-%02d", y, m, day) }
			rent := "1000.00"
			if y == 2025 && m >= 3 {
				rent = "1040.00" // a rent rise: not unusual
			}
			add(d(1), "Miete", "Livit AG", rent, "bank", "rent")
			add(d(2), "Bargeld", "", "100", "bank", "cash")
			add(d(16), "Bargeld", "", "200", "bank", "cash")
			// Coop: 40, 50, 60, 70, 80 in turn; median 60, MAD 10.
			add(d(8), "Coop", "Coop", fmt.Sprintf("%d.00", 40+10*((y*12+m)%5)), "bank", "food")
			switch {
			case y == 2025 && m == 6: // the salary that did not come
			case y == 2025 && m == 10:
				add(d(25), "Lohn", "ACME AG", "2000.00", "pay", "bank") // far below the usual
			default:
				add(d(25), "Lohn", "ACME AG", "5000.00", "pay", "bank")
			}
		}
		add(fmt.Sprintf("%d-12-20", y), "Bonus", "ACME AG", "3000.00", "pay", "bank") // more is never unusual
		if y == 2025 {
			add("2025-03-10", "Coop", "Coop", "300.00", "bank", "food")
			add("2025-03-12", "Bargeld", "", "850.00", "bank", "cash")
			add("2025-03-03", "Webhosting", "Hostpoint AG", "119.40", "bank", "misc")
			add("2025-03-05", "Webhosting", "Hostpoint AG", "119.40", "bank", "misc")
			add("2025-03-20", "Behandlung", "Zahnarzt Frei", "900.00", "bank", "misc")
			add("2025-04-10", "Coop", "Coop", "115.00", "bank", "food") // under twice the usual
		}
		out = append(out, NewLedger(&reader.Books{Mandator: "M", Year: y, Accounts: accounts, Transactions: txs}))
	}
	return out
}

func unusualLines(res UnusualResult) []string {
	var out []string
	for _, u := range res.Items {
		out = append(out, fmt.Sprintf("%s %s %s usual %s at stake %s", u.Kind, u.Date, u.Amount.StringFixed(2),
			u.Usual.Decimal.StringFixed(2), u.AtStake.StringFixed(2)))
	}
	return out
}

// TestFindUnusual works each finding out by hand:
//   - missing_income: no salary in June; usual 5000 (the last run of
//     equal months before), due on the 25th; at stake 5000.
//   - low_income: October's 2000 is under 80% of 5000; at stake 3000.
//   - new_payee: the dentist, never paid before, 900 ≥ 500, the books
//     started over half a year earlier.
//   - large_transfer: 850 in cash; the 48 other withdrawals are 24 × 100
//     and 24 × 200: median 150. The group is large (30 or more), so its
//     MAD is that of all 49: deviations from their median 200 are 24 × 100,
//     24 × 0 and 650, so 100; z = 0.6745 × 700 / 100 = 4.7.
//   - high_amount: Coop 300; the others are 40 to 80 (and 115): median
//     60, MAD 10, z = 0.6745 × 240 / 10 = 16.2; 300 is 5× 60.
//   - double_charge: Hostpoint 119.40 again two days later.
//
// Not flagged: the rent rise (1040 is 1.04× 1000), Coop 115 (1.9×), the
// 200 withdrawals (as large as many before), the December bonuses.
func TestFindUnusual(t *testing.T) {
	ledgers := unusualBooks(t)
	res := FindUnusual(ledgers, UnusualSpec{Year: 2025})
	want := []string{
		"missing_income 2025-06-25 0.00 usual 5000.00 at stake 5000.00",
		"low_income 2025-10-25 2000.00 usual 5000.00 at stake 3000.00",
		"new_payee 2025-03-20 900.00 usual 0.00 at stake 900.00",
		"large_transfer 2025-03-12 850.00 usual 150.00 at stake 700.00",
		"high_amount 2025-03-10 300.00 usual 60.00 at stake 240.00",
		"double_charge 2025-03-05 119.40 usual 0.00 at stake 119.40",
	}
	if diff := cmp.Diff(want, unusualLines(res)); diff != "" {
		t.Errorf("FindUnusual(2025) (-want +got):\n%s", diff)
	}
	march := FindUnusual(ledgers, UnusualSpec{Year: 2025, From: reader.NewDate(2025, 3, 1), To: reader.NewDate(2025, 3, 31)})
	if diff := cmp.Diff(want[2:], unusualLines(march)); diff != "" {
		t.Errorf("FindUnusual(March 2025) (-want +got):\n%s", diff)
	}
	// The June salary, due on the 25th, is judged five days later: as of
	// June 29 it is not judged yet.
	early := FindUnusual(ledgers, UnusualSpec{Year: 2025, AsOf: reader.NewDate(2025, 6, 29)})
	for _, u := range early.Items {
		if u.Kind == UnusualMissingIncome || u.Kind == UnusualLowIncome {
			t.Errorf("as of 2025-06-29: %s %s judged too early", u.Kind, u.Date)
		}
	}
	// 2024 has no earlier books: said so, and nothing of it is unusual.
	first := FindUnusual(ledgers, UnusualSpec{Year: 2024})
	if len(first.Items) != 0 {
		t.Errorf("FindUnusual(2024) = %v; want nothing", unusualLines(first))
	}
	found := false
	for _, n := range first.Notes {
		found = found || n == "no books before 2024: the only history is this year's own postings, from 2024-01-01"
	}
	if !found {
		t.Errorf("FindUnusual(2024) notes = %q; want one saying there are no books before 2024", first.Notes)
	}
}

func TestBaseline(t *testing.T) {
	b := baselineSorted(amounts("40", "50", "60", "70", "80"))
	if !b.median.Equal(dec("60")) || !b.mad.Equal(dec("10")) || b.n != 5 {
		t.Errorf("baseline = %+v; want median 60, MAD 10, n 5", b)
	}
	// 0.6745 × (300 − 60) / 10 = 16.188
	if z := b.z(dec("300")); !z.Equal(dec("16.188")) {
		t.Errorf("z(300) = %s; want 16.188", z)
	}
	for _, c := range []struct {
		x    string
		want bool
	}{
		{"300", true},  // 5×, 240 above, z 16.2
		{"119", false}, // under 2× 60
		{"120", true},  // 2×, 60 above, z 4.05
		{"100", false}, // under 2×
	} {
		if got := b.farAbove(dec(c.x)); got != c.want {
			t.Errorf("farAbove(%s) = %v; want %v", c.x, got, c.want)
		}
	}
	s := amounts("1", "2", "3", "4")
	for x, want := range map[string]string{"2": "3", "4": "2", "1": "3"} {
		if got := medianWithout(s, dec(x)); !got.Equal(dec(want)) {
			t.Errorf("median of 1 2 3 4 without %s = %s; want %s", x, got, want)
		}
	}
	if got := medianWithout(amounts("1", "2", "3"), dec("3")); !got.Equal(dec("1.5")) {
		t.Errorf("median of 1 2 3 without 3 = %s; want 1.5", got)
	}
	// Equal amounts: the MAD is floored at 5% of the median (50 of 1000).
	eq := baselineSorted(amounts("1000", "1000", "1000"))
	if z := eq.z(dec("2000")); !z.Equal(dec("13.49")) {
		t.Errorf("z(2000) against 1000s = %s; want 13.49 (0.6745 × 1000 / 50)", z)
	}
}

func amounts(s ...string) []decimal.Decimal {
	out := make([]decimal.Decimal, len(s))
	for i, v := range s {
		out[i] = dec(v)
	}
	return out
}
