package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// shopBooks is a shop's year y, months 1..months: sales paid in on the
// 5th and the 20th (sales[0], sales[1]) and goods paid on the 10th and
// the 25th (goods[0], goods[1]). Amounts alternating by half are no
// recurring item, so everything is the rest.
func shopBooks(t *testing.T, y, months int, sales, goods [2]string) *Ledger {
	b := &reader.Books{Mandator: "M", Year: y,
		Accounts: []reader.Account{{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "sales", Number: 3000, Name: "Verkauf", Currency: "CHF"},
			{ID: "goods", Number: 4000, Name: "Ware", Currency: "CHF"}},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 30, Name: "Verkauf"}, {Number: 40, Name: "Ware"}}}
	for m := 1; m <= months; m++ {
		for i, day := range []int{5, 20} {
			p := tx(t, fmt.Sprintf("s%d-%d-%d", y, m, i), fmt.Sprintf("%d-%02d-%02d", y, m, day), "Kasse", sales[i], "sales", "bank", "")
			p.RelatedParty = "Kundschaft"
			b.Transactions = append(b.Transactions, p)
		}
		for i, day := range []int{10, 25} {
			p := tx(t, fmt.Sprintf("g%d-%d-%d", y, m, i), fmt.Sprintf("%d-%02d-%02d", y, m, day), "Lieferung", goods[i], "bank", "goods", "")
			p.RelatedParty = "Grosshandel"
			b.Transactions = append(b.Transactions, p)
		}
	}
	return NewLedger(b)
}

// TestForecastLevelIsTheMandators: in 2023 sales of 4,000 + 6,000 and
// goods of 2,000 + 4,000 a month; in 2024 sales of 6,000 + 9,000 a month,
// goods as before. As of 30 June 2024, with 2023 the only earlier year,
// its rest after the day (sales 60,000, goods 36,000) is all season under
// way, scaled by this year's level over the mandator's whole rest: so far
// 90,000 + 36,000 = 126,000 against 60,000 + 36,000 = 96,000 in 2023 up
// to the day, each plus a quarter of a year's rest of 192,000, 48,000:
// 174,000 / 144,000. So sales still to come 60,000 × 174 / 144 = 72,500.00
// (income 162,500.00), goods 36,000 × 174 / 144 = 43,500.00 (expenses
// 79,500.00). By each category's own level sales would be 60,000 × 150 /
// 120 = 75,000 more and goods 36,000 more: income and expenses would move
// apart. (With pullNet off: TestForecastPullsTheResult has it on.)
func TestForecastLevelIsTheMandators(t *testing.T) {
	noNetPull(t)
	ledgers := []*Ledger{
		shopBooks(t, 2023, 12, [2]string{"4000", "6000"}, [2]string{"2000", "4000"}),
		shopBooks(t, 2024, 6, [2]string{"6000", "9000"}, [2]string{"2000", "4000"}),
	}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-06-30")})
	if len(f.Expected) != 0 {
		t.Errorf("expected items %+v; want none (everything is the rest)", f.Expected)
	}
	for _, c := range []struct {
		name           string
		band           Band
		actual, wanted string
	}{
		{"income", f.Income, "90000.00", "162500.00"},
		{"expenses", f.Expenses, "36000.00", "79500.00"},
	} {
		if c.band.Actual.StringFixed(2) != c.actual || c.band.Forecast.StringFixed(2) != c.wanted {
			t.Errorf("%s actual %s forecast %s; want %s and %s", c.name, c.band.Actual.StringFixed(2), c.band.Forecast.StringFixed(2), c.actual, c.wanted)
		}
	}
}

// TestForecastPullsTheResult is TestForecastLevelIsTheMandators' shop with
// the result still to come drawn toward 2023's (pullNet): 2023 booked
// sales of 60,000 and goods of 36,000 after 30 June, a result of 24,000;
// the forecast still expects 72,500 − 43,500 = 29,000. Halfway is 26,500,
// a move of −2,500: sales take −1,250 (income 161,250.00), goods +1,250
// (expenses 80,750.00), and the year's result 80,500.00.
func TestForecastPullsTheResult(t *testing.T) {
	ledgers := []*Ledger{
		shopBooks(t, 2023, 12, [2]string{"4000", "6000"}, [2]string{"2000", "4000"}),
		shopBooks(t, 2024, 6, [2]string{"6000", "9000"}, [2]string{"2000", "4000"}),
	}
	f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-06-30")})
	for _, c := range []struct {
		name   string
		band   Band
		wanted string
	}{
		{"income", f.Income, "161250.00"},
		{"expenses", f.Expenses, "80750.00"},
		{"result", f.Net, "80500.00"},
	} {
		if got := c.band.Forecast.StringFixed(2); got != c.wanted {
			t.Errorf("%s forecast %s; want %s", c.name, got, c.wanted)
		}
	}
}
