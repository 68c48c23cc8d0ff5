package analysis

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
)

// bookSet builds one mandator's books over several years, a posting going
// to the books of its value date's year.
type bookSet struct {
	t     testing.TB
	books map[int]*reader.Books
	n     int
}

func newBookSet(t testing.TB) *bookSet { return &bookSet{t: t, books: map[int]*reader.Books{}} }

func (s *bookSet) post(day, text, party, value, origin, target string) {
	s.n++
	p := tx(s.t, fmt.Sprintf("p%d", s.n), day, text, value, origin, target, "")
	p.RelatedParty = party
	y := p.ValueDate.Year()
	if s.books[y] == nil {
		s.books[y] = &reader.Books{Mandator: "M", Year: y, Accounts: []reader.Account{
			{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "save", Number: 1020, Name: "Savings", Currency: "CHF"},
			{ID: "card", Number: 2000, Name: "Card", Currency: "CHF"},
			{ID: "sal", Number: 3000, Name: "Salary", Currency: "CHF"},
			{ID: "food", Number: 4000, Name: "Food", Currency: "CHF"},
			{ID: "rent", Number: 4100, Name: "Rent", Currency: "CHF"},
			{ID: "ins", Number: 4300, Name: "Insurance", Currency: "CHF"},
			{ID: "subs", Number: 4400, Name: "Subscriptions", Currency: "CHF"},
			{ID: "gym", Number: 4600, Name: "Leisure", Currency: "CHF"},
			{ID: "int", Number: 4800, Name: "Interest", Currency: "CHF"},
		}}
	}
	s.books[y].Transactions = append(s.books[y].Transactions, p)
}

var germanMonths = strings.Fields("Januar Februar März April Mai Juni Juli August September Oktober November Dezember")

// monthly books months m1..m2 of year y on day; %M in text becomes the
// month's name, %N its number and year ("03/2026").
func (s *bookSet) monthly(y, m1, m2, day int, text, party, value, origin, target string) {
	for m := m1; m <= m2; m++ {
		t := strings.NewReplacer("%M", germanMonths[m-1], "%N", fmt.Sprintf("%02d/%d", m, y)).Replace(text)
		s.post(reader.NewDate(y, m, day).String(), t, party, value, origin, target)
	}
}

func (s *bookSet) ledgers() []*Ledger {
	var years []int
	for y := range s.books {
		years = append(years, y)
	}
	sort.Ints(years)
	out := make([]*Ledger, len(years))
	for i, y := range years {
		out[i] = NewLedger(s.books[y])
	}
	return out
}

// household plants, over 2024–2026 with "today" 2026-11-30:
//
//	rent "Miete <Monat>" (no party)  1500 monthly 2025, 2026 Jan–Mar; 1560 Apr–Nov
//	gym, Update Fitness AG           79 monthly 2025; 89 Jan–Oct 2026 (November not booked yet)
//	Spotify AB (card)                12.95 Jan–Aug 2025, then cancelled
//	Disney (card)                    12.90 from 2026-02-18
//	"Netflix 01/2025" (no party)     15.90 monthly 2025; 18.90 2026
//	"Hypothekarzins Q1/2025"         800 each quarter end 2025; 750 Q1–Q3 2026
//	Die Mobiliar, yearly in March    300.00 / 310.00 / 318.00
//	Serafe AG, yearly in November    335 (2024, 2025); 2026 not booked yet
//	Film Festival, every Sept 27     64.55 / 62.55 / 62.35 (a ticket, falling)
//	Coop, weekly; Denner on the 10th varying amounts
//	salary and a savings order       not expenses
func household(t testing.TB) *bookSet {
	s := newBookSet(t)
	s.monthly(2025, 1, 12, 1, "Miete %M", "", "1500", "bank", "rent")
	s.monthly(2026, 1, 3, 1, "Miete %M", "", "1500", "bank", "rent")
	s.monthly(2026, 4, 11, 1, "Miete %M", "", "1560", "bank", "rent")
	s.monthly(2025, 1, 12, 5, "Fitness Abo", "Update Fitness AG", "79", "bank", "gym")
	s.monthly(2026, 1, 10, 5, "Fitness Abo", "Update Fitness AG", "89", "bank", "gym")
	s.monthly(2025, 1, 8, 3, "Spotify Premium", "Spotify AB", "12.95", "card", "subs")
	s.monthly(2026, 2, 11, 18, "Disney+ Abo", "Disney", "12.90", "card", "subs")
	s.monthly(2025, 1, 12, 12, "Netflix %N", "", "15.90", "card", "subs")
	s.monthly(2026, 1, 11, 12, "Netflix %N", "", "18.90", "card", "subs")
	for i, d := range []string{"2025-03-31", "2025-06-30", "2025-09-30", "2025-12-31", "2026-03-31", "2026-06-30", "2026-09-30"} {
		v := map[bool]string{true: "800", false: "750"}[i < 4]
		s.post(d, fmt.Sprintf("Hypothekarzins Q%d/%s", i%4+1, d[:4]), "", v, "bank", "int")
	}
	for _, p := range [][2]string{{"2024-03-15", "300.00"}, {"2025-03-14", "310.00"}, {"2026-03-16", "318.00"}} {
		s.post(p[0], "Hausrat "+p[0][:4], "Die Mobiliar", p[1], "bank", "ins")
	}
	s.post("2024-11-19", "Serafe 2024", "Serafe AG", "335", "bank", "subs")
	s.post("2025-11-21", "Serafe 2025", "Serafe AG", "335", "bank", "subs")
	for _, p := range [][2]string{{"2024-09-27", "64.55"}, {"2025-09-27", "62.55"}, {"2026-09-27", "62.35"}} {
		s.post(p[0], "Gala", "Film Festival", p[1], "card", "gym")
	}
	prices := strings.Fields("23.40 61.10 35.75 18.50 44.20 52.00 88.90")
	for i := 0; i < 90; i++ {
		d := plusDays(reader.NewDate(2025, 1, 2), 7*i)
		s.post(d.String(), "Coop Einkauf", "Coop", prices[i%len(prices)], "bank", "food")
	}
	for i := 0; i < 23; i++ {
		s.post(reader.NewDate(2025+i/12, i%12+1, 10).String(), "Denner", "Denner AG", prices[(i+3)%len(prices)], "bank", "food")
	}
	s.monthly(2025, 1, 12, 25, "Lohn %M", "ACME", "5000", "sal", "bank")
	s.monthly(2026, 1, 11, 26, "Sparauftrag", "", "500", "bank", "save")
	return s
}

type recRow struct {
	Payee, Cadence, Typical, Previous, Status, Annual, Change, Last, Next string
	Account, Occurrences                                                  int
}

func recRows(items []RecurringItem) []recRow {
	out := []recRow{}
	for _, it := range items {
		r := recRow{Payee: it.Payee, Account: it.AccountNumber, Cadence: it.Cadence.String(), Occurrences: it.Occurrences,
			Status: it.Status, Annual: it.AnnualCost.StringFixed(2), Last: it.LastDate.String(), Next: it.NextDate.String()}
		if it.Typical.Valid {
			r.Typical = it.Typical.Decimal.StringFixed(2)
		}
		if it.Previous.Valid {
			r.Previous = it.Previous.Decimal.StringFixed(2)
		}
		if it.AnnualCostChange.Valid {
			r.Change = it.AnnualCostChange.Decimal.StringFixed(2)
		}
		out = append(out, r)
	}
	return out
}

func TestRecurring(t *testing.T) {
	ls := household(t).ledgers()
	today := date(t, "2026-11-30")
	// 2026 against 2025, ordered by |annual cost change|:
	// rent 1560×12 − 1500×12 = 720; mortgage interest 750×4 − 800×4 = −200;
	// Spotify 0 − 12.95×12 = −155.40 (last 2025-08-03, next due 2025-09-03,
	// over a month overdue); Disney 12.90×12 = 154.80, new; gym 89×12 − 79×12
	// = 120 (next due 2026-11-05, overdue only after 2026-12-06: not stopped);
	// Netflix 18.90×12 − 15.90×12 = 36; Mobiliar 318 − 310 = 8.
	// Not recurring: Serafe (2 bookings < 3), the festival (amount falls),
	// Coop (weekly), Denner (amounts vary), salary and savings (no expense).
	want := []recRow{
		{"Miete", "monthly", "1560.00", "1500.00", "changed", "18720.00", "720.00", "2026-11-01", "2026-12-01", 4100, 11},
		{"Hypothekarzins", "quarterly", "750.00", "800.00", "changed", "3000.00", "-200.00", "2026-09-30", "2026-12-30", 4800, 3},
		{"Spotify AB", "monthly", "", "12.95", "stopped", "0.00", "-155.40", "2025-08-03", "2025-09-03", 4400, 0},
		{"Disney", "monthly", "12.90", "", "new", "154.80", "154.80", "2026-11-18", "2026-12-18", 4400, 10},
		{"Update Fitness AG", "monthly", "89.00", "79.00", "changed", "1068.00", "120.00", "2026-10-05", "2026-11-05", 4600, 10},
		{"Netflix", "monthly", "18.90", "15.90", "changed", "226.80", "36.00", "2026-11-12", "2026-12-12", 4400, 11},
		{"Die Mobiliar", "yearly", "318.00", "310.00", "changed", "318.00", "8.00", "2026-03-16", "2027-03-16", 4300, 1},
	}
	got := recRows(Recurring(ls, RecurringSpec{Year: 2026, CompareYear: 2025, MinOccurrences: 3, AsOf: today}))
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Recurring(2026 vs 2025) (-want +got):\n%s", diff)
	}

	// With two bookings enough, Serafe counts: not booked in 2026 yet, due
	// 2026-11-21, overdue only after 2026-12-22: pending at its 2025 amount.
	got = recRows(Recurring(ls, RecurringSpec{Year: 2026, CompareYear: 2025, MinOccurrences: 2, AsOf: today}))
	serafe := recRow{"Serafe AG", "yearly", "", "335.00", "pending", "335.00", "0.00", "2025-11-21", "2026-11-21", 4400, 0}
	if diff := cmp.Diff(append(append([]recRow(nil), want...), serafe), got); diff != "" {
		t.Errorf("Recurring(2026 vs 2025, min 2) (-want +got):\n%s", diff)
	}

	// Without a comparison year: only what was booked in 2026, all new, by
	// annual cost: 18720, 3000, 1068, 318, 226.80, 154.80.
	var payees []string
	for _, it := range Recurring(ls, RecurringSpec{Year: 2026, MinOccurrences: 3, AsOf: today}) {
		payees = append(payees, it.Payee+" "+it.Status)
		if it.AnnualCostChange.Valid || it.Previous.Valid {
			t.Errorf("%s: without compareYear, change %v / previous %v; want none", it.Payee, it.AnnualCostChange, it.Previous)
		}
	}
	wantPayees := []string{"Miete new", "Hypothekarzins new", "Update Fitness AG new", "Die Mobiliar new", "Netflix new", "Disney new"}
	if diff := cmp.Diff(wantPayees, payees); diff != "" {
		t.Errorf("Recurring(2026 alone) (-want +got):\n%s", diff)
	}

	// 2025 against 2024, judged at 2025-12-31 (today is later) from the
	// bookings up to then: Spotify is stopped though booked in 2025; the rent
	// and the mortgage interest are new; Mobiliar has only two bookings by
	// then (2024, 2025), too few.
	byPayee := map[string]recRow{}
	for _, r := range recRows(Recurring(ls, RecurringSpec{Year: 2025, CompareYear: 2024, MinOccurrences: 3, AsOf: today})) {
		byPayee[r.Payee] = r
	}
	for _, w := range []recRow{
		{"Spotify AB", "monthly", "12.95", "", "stopped", "0.00", "0.00", "2025-08-03", "2025-09-03", 4400, 8},
		{"Miete", "monthly", "1500.00", "", "new", "18000.00", "18000.00", "2025-12-01", "2026-01-01", 4100, 12},
		{"Hypothekarzins", "quarterly", "800.00", "", "new", "3200.00", "3200.00", "2025-12-31", "2026-03-31", 4800, 4},
	} {
		if diff := cmp.Diff(w, byPayee[w.Payee]); diff != "" {
			t.Errorf("Recurring(2025 vs 2024) %s (-want +got):\n%s", w.Payee, diff)
		}
	}
	for _, p := range []string{"Disney", "Die Mobiliar"} {
		if _, ok := byPayee[p]; ok {
			t.Errorf("Recurring(2025) lists %s; want it absent", p)
		}
	}
}

func TestRecurringEmptyBooks(t *testing.T) {
	b := &reader.Books{Mandator: "M", Year: 2027, Accounts: sample(t).Accounts}
	if got := Recurring([]*Ledger{NewLedger(b)}, RecurringSpec{Year: 2027, CompareYear: 2026, MinOccurrences: 3}); len(got) != 0 {
		t.Errorf("Recurring(empty books) = %v; want none", got)
	}
	if got := Recurring(nil, RecurringSpec{Year: 2027, MinOccurrences: 3}); len(got) != 0 {
		t.Errorf("Recurring(no ledgers) = %v; want none", got)
	}
}
