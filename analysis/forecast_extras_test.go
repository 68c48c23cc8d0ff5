package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// TestWithoutExtrasFindsTheSalary is a new job's first three months, a
// bonus paid three days before March's salary: the gaps 33, 24 and 3 days
// hide the monthly cadence (median 24); without the bonus (further from
// the median amount 12,247.10 than the salary beside it) the gaps are 33
// and 27, monthly, and the amounts are one run.
func TestWithoutExtrasFindsTheSalary(t *testing.T) {
	d := decimal.RequireFromString
	occ := []occurrence{
		{reader.NewDate(2025, 1, 25), d("12247.10")},
		{reader.NewDate(2025, 2, 27), d("12247.10")},
		{reader.NewDate(2025, 3, 23), d("10424.40")},
		{reader.NewDate(2025, 3, 26), d("12247.10")},
	}
	if c := detectCadence(occ); c != CadenceNone {
		t.Fatalf("with the bonus: cadence %v; want none (the case this guards)", c)
	}
	got := withoutExtras(occ)
	want := []occurrence{occ[0], occ[1], occ[3]}
	if len(got) != len(want) {
		t.Fatalf("withoutExtras = %v; want %v", got, want)
	}
	for i := range want {
		if got[i].date != want[i].date || !got[i].amount.Equal(want[i].amount) {
			t.Fatalf("withoutExtras = %v; want %v", got, want)
		}
	}
	if c := detectCadence(got); c != CadenceMonthly || !stableAmounts(got, c) {
		t.Errorf("without the bonus: cadence %v, stable %v; want monthly and stable", c, stableAmounts(got, c))
	}
}

// salaryBooks is a salary of amount on the 25th of months 1..months of
// year y, and a thirteenth of the same amount on 20 December when dec13.
func salaryBooks(t *testing.T, y int, amount string, months int, dec13 bool) *Ledger {
	return jobBooks(t, y, job{"Arbeitgeber AG", amount, 1, months, dec13})
}

// expectedOf counts the expected items of amount in f, and those of them
// due in December.
func expectedOf(f Forecast, amount string) (n, inDec int) {
	for _, e := range f.Expected {
		if e.Amount.Equal(dec(amount)) {
			n++
			if e.Due.Month() == 12 {
				inDec++
			}
		}
	}
	return n, inDec
}

// TestForecastThirteenthAtTheNewSalary: 5000 a month and a thirteenth of
// 5000 in December of 2023 and 2024 (share 1 of the regular amount both
// years), then 6000 a month from January 2025. As of 30 June 2025 the
// thirteenth is expected at 1 × 6000 = 6000.00 in December beside the six
// salaries of July to December: income 6 × 6000 booked + 7 × 6000 due =
// 78000.00, nothing left in the rest (every salary booking is the item's).
func TestForecastThirteenthAtTheNewSalary(t *testing.T) {
	noNetPull(t)
	ledgers := []*Ledger{salaryBooks(t, 2023, "5000", 12, true), salaryBooks(t, 2024, "5000", 12, true), salaryBooks(t, 2025, "6000", 6, false)}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2025, AsOf: date(t, "2025-06-30")})
	n, inDec := expectedOf(f, "6000")
	if n != 7 || inDec != 2 || len(f.Expected) != 7 {
		t.Errorf("expected %v; want seven items of 6000.00, two of them in December", f.Expected)
	}
	if !f.Income.Forecast.Equal(dec("78000")) || !f.Income.Actual.Equal(dec("36000")) {
		t.Errorf("income %+v; want actual 36000.00, forecast 78000.00", f.Income)
	}
}

// jobBooks is year y's salaries: for each job its payee, monthly amount
// and first and last month, paid on the 25th, and a thirteenth of the
// same amount on 20 December when the job lasts to December and dec13.
type job struct {
	payee, amount string
	from, to      int
	dec13         bool
}

func jobBooks(t *testing.T, y int, jobs ...job) *Ledger {
	b := &reader.Books{Mandator: "M", Year: y,
		Accounts: []reader.Account{{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "pay", Number: 3000, Name: "Lohn", Currency: "CHF"}},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 30, Name: "Lohn"}}}
	for i, j := range jobs {
		add := func(id, day string) {
			p := tx(t, id, day, "Lohn", j.amount, "pay", "bank", "")
			p.RelatedParty = j.payee
			b.Transactions = append(b.Transactions, p)
		}
		for m := j.from; m <= j.to; m++ {
			add(fmt.Sprintf("s%d-%d-%d", y, i, m), fmt.Sprintf("%d-%02d-25", y, m))
		}
		if j.dec13 && j.to == 12 {
			add(fmt.Sprintf("x%d-%d", y, i), fmt.Sprintf("%d-12-20", y))
		}
	}
	return NewLedger(b)
}

// TestForecastThirteenthFollowsTheNewJob: Alt AG pays 5000 a month and a
// thirteenth of 5000 in December 2023 (share 1), and the salaries of
// January to March 2024; Neu AG pays 6000 from April 2024 and a
// thirteenth of 6000 in December 2024 (share 1). Neu AG's group replaced
// Alt AG's (it began within a month of Alt AG's last salary), so the two
// Decembers are the same item's: shares 1 and 1 in the last two years, a
// yearly extra, expected at 1 × 6000 = 6000.00 in December. As of 30 June
// 2025: 6 × 6000 = 36000.00 booked, 6 salaries and the thirteenth due,
// 7 × 6000 = 42000.00, income 78000.00; both thirteenths are the item's,
// so nothing is left in the rest. (Taken alone, Neu AG's group has a
// December extra in 2024 only: the two thirteenths stayed in the rest, at
// the old and the new amount.)
func TestForecastThirteenthFollowsTheNewJob(t *testing.T) {
	noNetPull(t)
	ledgers := []*Ledger{
		jobBooks(t, 2023, job{"Alt AG", "5000", 1, 12, true}),
		jobBooks(t, 2024, job{"Alt AG", "5000", 1, 3, false}, job{"Neu AG", "6000", 4, 12, true}),
		jobBooks(t, 2025, job{"Neu AG", "6000", 1, 6, false}),
	}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2025, AsOf: date(t, "2025-06-30")})
	n, inDec := expectedOf(f, "6000")
	if n != 7 || inDec != 2 || len(f.Expected) != 7 {
		t.Errorf("expected %v; want seven items of 6000.00, two of them in December", f.Expected)
	}
	if !f.Income.Forecast.Equal(dec("78000")) || !f.Income.Actual.Equal(dec("36000")) {
		t.Errorf("income %+v; want actual 36000.00, forecast 78000.00", f.Income)
	}
}

// TestForecastThirteenthEndsWithItsJob: Alt AG pays 5000 a month and a
// thirteenth of 5000 in December 2022, then January to March 2023; Neu AG
// pays 6000 from April 2023 and no thirteenth. As of 30 June 2024 Alt
// AG's group is stopped, and no December of 2023 had an extra, so nothing
// carries its thirteenth on: it ended with its job and stays out of the
// rest. Income: 6 × 6000 = 36000.00 booked and 6 × 6000 = 36000.00 due,
// 72000.00. (Left in the rest, 2022's thirteenth after 30 June, weighing 1
// × 0 for 2023 and 0.85 × 5000 for 2022, would add 4250 / 1.85 =
// 2297.30.)
func TestForecastThirteenthEndsWithItsJob(t *testing.T) {
	noNetPull(t)
	ledgers := []*Ledger{
		jobBooks(t, 2022, job{"Alt AG", "5000", 1, 12, true}),
		jobBooks(t, 2023, job{"Alt AG", "5000", 1, 3, false}, job{"Neu AG", "6000", 4, 12, false}),
		jobBooks(t, 2024, job{"Neu AG", "6000", 1, 6, false}),
	}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-06-30")})
	if !f.Income.Forecast.Equal(dec("72000")) || !f.Income.Actual.Equal(dec("36000")) {
		t.Errorf("income %+v; want actual 36000.00, forecast 72000.00", f.Income)
	}
	if len(f.Expected) != 6 {
		t.Errorf("expected %v; want Neu AG's six salaries", f.Expected)
	}
}

// TestForecastNewMonthlyItem: Alt AG pays 5000 a month through 2023 and
// 2024; Neu GmbH, a second job, pays 2000 on 25 May and 25 June 2024 (31
// days apart, the same amount). As of 30 June 2024 its two bookings are a
// new monthly item: 2000 is expected on the 25th of July to December
// beside Alt AG's six salaries. Income: 6 × 5000 + 2 × 2000 = 34000.00
// booked, 6 × 5000 + 6 × 2000 = 42000.00 due, 76000.00. (As two ordinary
// bookings no earlier year had, nothing would forecast them: 64000.00.)
// Two bookings of 2000 and 2100 (5% apart), or 45 days apart, stay
// ordinary.
func TestForecastNewMonthlyItem(t *testing.T) {
	noNetPull(t)
	earlier := jobBooks(t, 2023, job{"Alt AG", "5000", 1, 12, false})
	for _, c := range []struct {
		name, second, day string
		want              string
		items             int
	}{
		{"a month apart, same amount", "2000", "2024-06-25", "76000", 12},
		{"5% apart", "2100", "2024-06-25", "64100", 6},
		{"45 days apart", "2000", "2024-07-09", "64000", 6},
	} {
		cur := jobBooks(t, 2024, job{"Alt AG", "5000", 1, 6, false})
		for i, b := range []struct{ day, amount string }{{"2024-05-25", "2000"}, {c.day, c.second}} {
			p := tx(t, fmt.Sprintf("n%d", i), b.day, "Lohn", b.amount, "pay", "bank", "")
			p.RelatedParty = "Neu GmbH"
			cur.Books.Transactions = append(cur.Books.Transactions, p)
		}
		cur = NewLedger(cur.Books)
		asOf := date(t, "2024-06-30")
		if c.day > "2024-06-30" {
			asOf = date(t, c.day)
		}
		f := ForecastYearEnd([]*Ledger{earlier, cur}, ForecastSpec{Year: 2024, AsOf: asOf})
		if !f.Income.Forecast.Equal(dec(c.want)) || len(f.Expected) != c.items {
			t.Errorf("%s: income %+v with %d expected items %v; want forecast %s with %d", c.name, f.Income, len(f.Expected), f.Expected, c.want, c.items)
		}
	}
}

// pensionBooks is jobBooks with a pension of 3000 on the 25th of months
// from..to on its own account (3100, subclass 31).
func pensionBooks(t *testing.T, y, from, to int, jobs ...job) *Ledger {
	l := jobBooks(t, y, jobs...)
	b := l.Books
	b.Accounts = append(b.Accounts, reader.Account{ID: "pension", Number: 3100, Name: "Rente", Currency: "CHF"})
	b.SubClasses = append(b.SubClasses, reader.SubClass{Number: 31, Name: "Renten"})
	for m := from; m <= to; m++ {
		p := tx(t, fmt.Sprintf("p%d-%d", y, m), fmt.Sprintf("%d-%02d-25", y, m), "Rente", "3000", "pension", "bank", "")
		p.RelatedParty = "Pensionskasse"
		b.Transactions = append(b.Transactions, p)
	}
	return NewLedger(b)
}

// TestForecastRetiredSalaryStaysStopped: Alt AG pays 5000 a month from
// January 2022 to October 2023 (22 months without a pause), then the
// pension fund pays 3000 a month from November 2023 on another account.
// As of 31 March 2024 the salary stopped last year after the same day:
// it ran for a year and more, so it is no season's, and nothing expects
// it. Income: 3 × 3000 = 9000.00 booked, the pension's April to December
// due, 9 × 3000 = 27000.00: 36000.00. (Taken as a season's, its bookings
// after 31 March, 35,000 in 2023 and 45,000 in 2022, would carry on in
// the rest: (35000 + 0.85 × 45000) / 1.85 = 39594.59 more, 75594.59.)
//
// Paid June to September in 2022 and 2023 instead (four months at a
// time), Alt AG is a season's, and its bookings after the day, 20000 in
// each year, carry on in the rest (nothing of them is booked so far, so
// this year's level does not apply): 36000 + 20000 = 56000.00.
func TestForecastRetiredSalaryStaysStopped(t *testing.T) {
	noNetPull(t)
	for _, c := range []struct {
		name         string
		from22, to22 int
		from23, to23 int
		want         string
	}{
		{"retired", 1, 12, 1, 10, "36000"},
		{"a summer job", 6, 9, 6, 9, "56000"},
	} {
		ledgers := []*Ledger{
			pensionBooks(t, 2022, 1, 0, job{"Alt AG", "5000", c.from22, c.to22, false}),
			pensionBooks(t, 2023, 11, 12, job{"Alt AG", "5000", c.from23, c.to23, false}),
			pensionBooks(t, 2024, 1, 3),
		}
		f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-03-31")})
		if !f.Income.Actual.Equal(dec("9000")) || f.Income.Forecast.StringFixed(2) != dec(c.want).StringFixed(2) {
			t.Errorf("%s: income actual %s forecast %s; want 9000.00 and %s.00", c.name, f.Income.Actual.StringFixed(2), f.Income.Forecast.StringFixed(2), c.want)
		}
		if n, _ := expectedOf(f, "3000"); n != 9 || len(f.Expected) != 9 {
			t.Errorf("%s: expected %v; want the pension's nine months", c.name, f.Expected)
		}
	}
}
