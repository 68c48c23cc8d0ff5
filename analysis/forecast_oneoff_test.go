package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// vatBooks is a year of a seasonal business's VAT paid to ESTV each
// quarter (the summer's far above the winter's) and, if furniture is set,
// a purchase at Möbel Pfister on 10 May.
func vatBooks(t *testing.T, y int, q3, furniture string) *Ledger {
	b := &reader.Books{Mandator: "M", Year: y,
		Accounts: []reader.Account{{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "vat", Number: 4600, Name: "MWST", Currency: "CHF"}, {ID: "furn", Number: 4700, Name: "Möbel", Currency: "CHF"}},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 46, Name: "Abgaben"}, {Number: 47, Name: "Anschaffungen"}}}
	add := func(id, day, party, value, target string) {
		p := tx(t, id, day, id, value, "bank", target, "")
		p.RelatedParty = party
		b.Transactions = append(b.Transactions, p)
	}
	y4 := func(md string) string { return fmt.Sprint(y) + md }
	add("q1", y4("-03-28"), "ESTV", "500", "vat")
	add("q2", y4("-06-28"), "ESTV", "3000", "vat")
	add("q3", y4("-09-28"), "ESTV", q3, "vat")
	add("q4", y4("-12-28"), "ESTV", "600", "vat")
	if furniture != "" {
		add("m", y4("-05-10"), "Möbel Pfister", furniture, "furn")
	}
	return NewLedger(b)
}

// TestOneOffsThatComeBackAreSeasonal: 2023's summer VAT of 9000 and its
// furniture of 3000 are both taken for one-offs. The VAT comes back in
// September 2024 at 8500 (at least two thirds of 9000): seasonal, no
// one-off. The furniture does not come back: still a one-off. Against a
// 2024 whose summer VAT is 5000 (less than two thirds), the VAT stays a
// one-off; and the year itself does not count as its own return.
func TestOneOffsThatComeBackAreSeasonal(t *testing.T) {
	y23 := vatBooks(t, 2023, "9000", "3000")
	find := func(l *Ledger, id string) *reader.Transaction {
		for i := range l.Books.Transactions {
			if l.Books.Transactions[i].ID == id {
				return &l.Books.Transactions[i]
			}
		}
		t.Fatalf("no posting %s", id)
		return nil
	}
	vat, furn := find(y23, "q3"), find(y23, "m")
	one := map[*reader.Transaction]bool{vat: true, furn: true}
	f := &forecaster{oneOff: map[*Ledger]map[*reader.Transaction]bool{}, payments: map[*Ledger]map[string][]occurrence{}}
	for _, c := range []struct {
		name          string
		hist          []*Ledger
		vat, furnKept bool
	}{
		{"back at 8500", []*Ledger{y23, vatBooks(t, 2024, "8500", "")}, false, true},
		{"back at 5000 only", []*Ledger{y23, vatBooks(t, 2024, "5000", "")}, true, true},
		{"no other year", []*Ledger{y23}, true, true},
	} {
		got := f.notSeasonal(c.hist, y23, one)
		if got[vat] != c.vat || got[furn] != c.furnKept {
			t.Errorf("%s: VAT a one-off %v, furniture %v; want %v, %v", c.name, got[vat], got[furn], c.vat, c.furnKept)
		}
	}
}

// eventBooks is a year of a club's small event costs on the 15th of each
// month, each to another supplier (so nothing recurs and nothing is
// flagged as a one-off): before each month up to June, after each month
// from July, up to month `months`.
func eventBooks(t *testing.T, y int, before, after string, months int) *Ledger {
	b := &reader.Books{Mandator: "M", Year: y,
		Accounts:   []reader.Account{{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"}, {ID: "ev", Number: 4000, Name: "Anlässe", Currency: "CHF"}},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 40, Name: "Anlässe"}}}
	for m := 1; m <= months; m++ {
		v := before
		if m > 6 {
			v = after
		}
		p := tx(t, fmt.Sprintf("e%d-%d", y, m), fmt.Sprintf("%d-%02d-15", y, m), "Anlass", v, "bank", "ev", "")
		p.RelatedParty = fmt.Sprintf("Lieferant %c%c", 'a'+rune(y-2020), 'a'+rune(m))
		b.Transactions = append(b.Transactions, p)
	}
	return NewLedger(b)
}

// TestForecastKeepsAnOutlyingYearWithin: a club's event costs are 600
// before and 600 after 30 June of each year. As of 30 June 2024, with
// three earlier years, each year's rest after the day is kept within half
// and twice their median 600; weights 2023 1, 2022 0.85, 2021 0.7225
// (2.5725), and this year's 600 so far is earlier years' level, so no
// scaling:
//
//   - 2400 after the day in its anniversary year 2022: capped at 1200,
//     (600 + 1020 + 433.5) / 2.5725 = 798.2507, 600 + 798.2507 = 1398.25
//     (uncapped it would be 1794.75);
//   - the events after 30 June 2022 cancelled but for 20 a month (120):
//     raised to 300, (600 + 255 + 433.5) / 2.5725 = 500.8746, 600 +
//     500.8746 = 1100.87 (not raised, (600 + 102 + 433.5) / 2.5725 =
//     441.4004 more, 1041.40).
func TestForecastKeepsAnOutlyingYearWithin(t *testing.T) {
	noNetPull(t)
	for _, c := range []struct{ name, after2022, want string }{
		{"an anniversary", "400", "1398.25"},
		{"events cancelled", "20", "1100.87"},
	} {
		ledgers := []*Ledger{eventBooks(t, 2021, "100", "100", 12), eventBooks(t, 2022, "100", c.after2022, 12),
			eventBooks(t, 2023, "100", "100", 12), eventBooks(t, 2024, "100", "100", 6)}
		f := ForecastYearEnd(ledgers, ForecastSpec{Year: 2024, AsOf: date(t, "2024-06-30")})
		if !f.Expenses.Actual.Equal(dec("600")) || !f.Expenses.Forecast.Equal(dec(c.want)) || len(f.Expected) != 0 {
			t.Errorf("%s: expenses %+v, expected %v; want actual 600.00, forecast %s, no recurring item", c.name, f.Expenses, f.Expected, c.want)
		}
	}
}
