package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// careBooks is a care home's invoices of year y, months 1..months, on the
// 5th: the board at rate a day of the month (its text "Pensionstaxe") and
// 200.00 of extras ("Nebenleistungen"), both from the same payee to the
// same account.
func careBooks(t *testing.T, y int, rate string, months int) *Ledger {
	b := &reader.Books{Mandator: "M", Year: y,
		Accounts: []reader.Account{{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "home", Number: 4200, Name: "Pflegeheim", Currency: "CHF"}},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 42, Name: "Pflege"}}}
	for m := 1; m <= months; m++ {
		day := fmt.Sprintf("%d-%02d-05", y, m)
		days := decimal.NewFromInt(int64(monthDays(reader.NewDate(y, m, 1), 0)))
		for _, p := range []reader.Transaction{
			tx(t, fmt.Sprintf("b%d-%d", y, m), day, "Pensionstaxe", dec(rate).Mul(days).String(), "bank", "home", ""),
			tx(t, fmt.Sprintf("x%d-%d", y, m), day, "Nebenleistungen", "200", "bank", "home", ""),
		} {
			p.RelatedParty = "Alterszentrum Lindenpark"
			b.Transactions = append(b.Transactions, p)
		}
	}
	return NewLedger(b)
}

// TestForecastCareHome: 150.00 a day in 2023, 155.00 a day from January
// 2024, and 200.00 of extras each month, all from the care home to one
// account. Taken together the two invoices of a month hide each other's
// cadence (gaps of 0 and about 30 days); each text on its own is monthly,
// the board at a stable rate per day of the month. As of 30 June 2024:
// booked 155 × 182 days (January to June 2024) + 6 × 200 = 29,410.00;
// due the board of July to December at 155 × 31, 31, 30, 31, 30, 31 =
// 4,805, 4,805, 4,650, 4,805, 4,650, 4,805 = 28,520.00, and 6 × 200 =
// 1,200.00 of extras; every booking is an item's, so nothing is left in
// the rest: expenses 59,130.00.
func TestForecastCareHome(t *testing.T) {
	noNetPull(t)
	ledgers := []*Ledger{careBooks(t, 2023, "150", 12), careBooks(t, 2024, "155", 6)}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-06-30")})
	if !f.Expenses.Actual.Equal(dec("29410")) || !f.Expenses.Forecast.Equal(dec("59130")) {
		t.Errorf("expenses %+v; want actual 29410.00, forecast 59130.00", f.Expenses)
	}
	var board []string
	extras := 0
	for _, e := range f.Expected {
		if e.Amount.Equal(dec("200")) {
			extras++
			continue
		}
		board = append(board, fmt.Sprintf("%s %s", e.Due, e.Amount.StringFixed(2)))
	}
	want := []string{"2024-07-05 4805.00", "2024-08-05 4805.00", "2024-09-05 4650.00", "2024-10-05 4805.00", "2024-11-05 4650.00", "2024-12-05 4805.00"}
	if fmt.Sprint(board) != fmt.Sprint(want) || extras != 6 {
		t.Errorf("expected board %v and %d extras; want %v and 6", board, extras, want)
	}
}

// TestDayRate: a fee of 120.00 a day billed on the 3rd for the month
// before (January's 31 days on 3 February: 3,720.00; February 2024's 29:
// 3,480.00; March's 31: 3,720.00; April's 30: 3,600.00) has one rate per
// day of the month before (shift −1) and none of the booking's month
// (3,720 / 29 = 128.28, 3,480 / 31 = 112.26). Amounts of about the same
// size that do not follow the month's length are no rate.
func TestDayRate(t *testing.T) {
	d := reader.NewDate
	arrears := []occurrence{{d(2024, 2, 3), dec("3720")}, {d(2024, 3, 3), dec("3480")}, {d(2024, 4, 3), dec("3720")}, {d(2024, 5, 3), dec("3600")}}
	if shift, ok := dayRate(arrears); !ok || shift != -1 {
		t.Errorf("billed in arrears: dayRate = %d, %v; want -1, true", shift, ok)
	}
	other := []occurrence{{d(2024, 2, 3), dec("3720")}, {d(2024, 3, 3), dec("3600")}, {d(2024, 4, 3), dec("3480")}, {d(2024, 5, 3), dec("3720")}}
	if shift, ok := dayRate(other); ok {
		t.Errorf("amounts not by the month's days: dayRate = %d, true; want false", shift)
	}
}
