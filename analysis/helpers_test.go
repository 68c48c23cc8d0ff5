package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func date(t testing.TB, s string) reader.Date {
	t.Helper()
	d, err := reader.ParseDate(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tx builds a posting: value CHF debited to target, credited to origin.
func tx(t testing.TB, id, day, text, value, origin, target, fx string) reader.Transaction {
	p := reader.Transaction{ID: id, ValueDate: date(t, day), Text: text, Value: dec(value),
		OriginAccountID: origin, TargetAccountID: target}
	if fx != "" {
		p.FxRate = decimal.NewNullDecimal(dec(fx))
	}
	return p
}

// sample is a small household year, computed by hand below each posting.
//
//	1010 Bank CHF       start 1000.00
//	1030 Euro EUR       start  200.00 EUR
//	2100 Mortgage       start -5000.00 (raw, debit-positive: 5000 owed)
//	3000 Salary, 4000 Food, 4010 Restaurant, 4800 Interest
//
//	t1 01-25 Salary 3000 → Bank          3000.00
//	t2 02-03 Coop   Bank → Food           120.50
//	t3 02-20 Coop refund Food → Bank       20.50  (food credited)
//	t4 03-31 Café Zürichberg Bank → Rest.  45.00
//	t5 04-01 Bank → Euro, 470.60 CHF at 0.9412 = 500.00 EUR
//	t6 06-15 Euro → Restaurant, 94.12 CHF at 0.9410 = 100.02 EUR (100.0212…)
//	t7 06-30 Bank → Mortgage 1000 (amortisation), Bank → Interest 250
//	t8 dangling: Bank → "ghost" 99
func sample(t testing.TB) *reader.Books {
	return &reader.Books{
		Mandator: "M", Year: 2025,
		Accounts: []reader.Account{
			{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF", StartBalance: dec("1000")},
			{ID: "eur", Number: 1030, Name: "Euro", Currency: "EUR", StartBalance: dec("200.00")},
			{ID: "mort", Number: 2100, Name: "Mortgage", Currency: "CHF", StartBalance: dec("-5000.00")},
			{ID: "sal", Number: 3000, Name: "Salary", Currency: "CHF"},
			{ID: "food", Number: 4000, Name: "Food", Currency: "CHF"},
			{ID: "rest", Number: 4010, Name: "Restaurant", Currency: "CHF"},
			{ID: "int", Number: 4800, Name: "Interest", Currency: "CHF"},
		},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 21, Name: "Long-term debt"},
			{Number: 30, Name: "Wages"}, {Number: 40, Name: "Living"}},
		Transactions: []reader.Transaction{
			tx(t, "t1", "2025-01-25", "Salary January", "3000", "sal", "bank", ""),
			tx(t, "t2", "2025-02-03", "Coop City", "120.50", "bank", "food", ""),
			tx(t, "t3", "2025-02-20", "Coop refund", "20.50", "food", "bank", ""),
			tx(t, "t4", "2025-03-31", "Café Zürichberg", "45", "bank", "rest", ""),
			tx(t, "t5", "2025-04-01", "To EUR", "470.60", "bank", "eur", "0.9412"),
			tx(t, "t6", "2025-06-15", "Trattoria", "94.12", "eur", "rest", "0.9410"),
			tx(t, "t7", "2025-06-30", "Amortisation", "1000", "bank", "mort", ""),
			tx(t, "t8", "2025-06-30", "Mortgage interest", "250", "bank", "int", ""),
			tx(t, "t9", "2025-07-01", "Ghost", "99", "bank", "ghost", ""),
		},
	}
}
