package detail_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/internal/booktest"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// partyPosting is posting with a RelatedParty.
func partyPosting(id, date, party, value, origin, target string) string {
	p := booktest.Posting(id, date, party, value, origin, target, "")
	return strings.Replace(p, "    <ValueDate>", "    <RelatedParty>"+party+"</RelatedParty>\r\n    <ValueDate>", 1)
}

// forecastBooks is a household over 2024 and 2025, and, with later, also
// what it booked after 2025-06-30 and in 2026. By hand (docs/forecast.md):
//
//	2024: salary 5000 on the 25th of each month (Arbeitgeber AG), rent 1500
//	      on the 1st (Vermieter AG), Coop 100 on the 3rd and 50 on the 17th
//	      of each month (never a cadence: half a month apart), Globus 400 on
//	      20 December. Food: 900 up to 30 June, 1300 after. Net 60000 −
//	      18000 − 2200 = 39800, so 2025 starts with 10000 + 39800 = 49800.
//	2025 up to 30 June: salary 5200 (a raise), rent 1500, Coop 120 and 60,
//	      and Möbel Pfister 3000 on 10 May, a first payment to a new payee
//	      that find_unusual_transactions flags.
//
// Forecast as of 2025-06-30 (181 days gone, 184 to come):
//
//	salary: recurring, 6 × 5200 still due → income 31200 + 31200 = 62400.00
//	rent: recurring, 6 × 1500 due → housing 9000 + 9000 = 18000.00
//	food: 2024's rest after the day 1300, up to it 900; 2025's so far 1080
//	      (within half and twice 900); scaled by this year's level, shrunk
//	      by a quarter of a year's rest (2200 / 4 = 550): 1300 × (1080 +
//	      550) / (900 + 550) = 1461.38 → 1080 + 1461.38 = 2541.38
//	      (1461.379 unrounded)
//	furniture: the one-off is booked (3000) and not extrapolated → 3000.00
//	still to come so far: 31200 − 9000 − 1461.379 = 20738.621; 2024 booked
//	      30000 − 9000 − 1300 = 19700 after 30 June, so the result still to
//	      come is drawn halfway there, by −519.310: income −259.655 →
//	      62140.34; expenses +259.655, shared by what each category still
//	      expects: rent +223.383 → 18223.38, food +36.272 → 2577.65
//	expenses 13080 + 9000 + 1461.379 + 259.655 = 23801.03; net 62140.34 −
//	      23801.03 = 38339.31
//	equity at 30 June 49800 + 31200 − 13080 = 67920.00; at 31 December
//	      67920 + 38339.31 − 18120 = 88139.31
func forecastBooks(later bool) fstest.MapFS {
	accounts := func(start string) *fstest.MapFile {
		return booktest.XMLFile("ArrayOfAccount",
			booktest.Account("bank", 1010, "Bank", "CHF", start),
			booktest.Account("pay", 3000, "Lohn", "", "0"),
			booktest.Account("food", 4000, "Lebensmittel", "", "0"),
			booktest.Account("rent", 4100, "Miete", "", "0"),
			booktest.Account("furn", 4700, "Möbel", "", "0"))
	}
	subs := booktest.XMLFile("ArrayOfSubClass", booktest.Subclass(10, "Flüssige Mittel"), booktest.Subclass(30, "Lohn"), booktest.Subclass(40, "Lebensmittel"),
		booktest.Subclass(41, "Wohnen"), booktest.Subclass(47, "Anschaffungen"))
	year := func(y int, salary, coop1, coop2 string, months int) []string {
		var ps []string
		for m := 1; m <= months; m++ {
			d := func(day int) string { return fmt.Sprintf("%d-%02d-%02d", y, m, day) }
			ps = append(ps,
				partyPosting(fmt.Sprintf("s%d-%d", y, m), d(25), "Arbeitgeber AG", salary, "pay", "bank"),
				partyPosting(fmt.Sprintf("r%d-%d", y, m), d(1), "Vermieter AG", "1500", "bank", "rent"),
				partyPosting(fmt.Sprintf("c%d-%d", y, m), d(3), "Coop", coop1, "bank", "food"),
				partyPosting(fmt.Sprintf("k%d-%d", y, m), d(17), "Coop", coop2, "bank", "food"))
		}
		return ps
	}
	y2024 := append(year(2024, "5000", "100", "50", 12), partyPosting("g2024", "2024-12-20", "Globus", "400", "bank", "food"))
	y2025 := append(year(2025, "5200", "120", "60", 6), partyPosting("m2025", "2025-05-10", "Möbel Pfister", "3000", "bank", "furn"))
	m := fstest.MapFS{
		"2024/Haus/Data/Accounts.xml":     accounts("10000"),
		"2024/Haus/Data/SubClasses.xml":   subs,
		"2024/Haus/Data/Transactions.xml": booktest.XMLFile("ArrayOfTransaction", y2024...),
		"2025/Haus/Data/Accounts.xml":     accounts("49800"),
		"2025/Haus/Data/SubClasses.xml":   subs,
	}
	if later {
		// Whatever happened after 30 June may not change the answer: a
		// second raise, a move, a car, and the next year's books.
		for mo := 7; mo <= 12; mo++ {
			d := func(day int) string { return fmt.Sprintf("2025-%02d-%02d", mo, day) }
			y2025 = append(y2025,
				partyPosting(fmt.Sprintf("s2025-%d", mo), d(25), "Arbeitgeber AG", "5900", "pay", "bank"),
				partyPosting(fmt.Sprintf("r2025-%d", mo), d(1), "Neuer Vermieter", "2100", "bank", "rent"),
				partyPosting(fmt.Sprintf("c2025-%d", mo), d(3), "Coop", "300", "bank", "food"))
		}
		y2025 = append(y2025, partyPosting("car", "2025-09-01", "Garage", "25000", "bank", "furn"))
		m["2026/Haus/Data/Accounts.xml"] = accounts("60000")
		m["2026/Haus/Data/SubClasses.xml"] = subs
		m["2026/Haus/Data/Transactions.xml"] = booktest.XMLFile("ArrayOfTransaction", partyPosting("n1", "2026-01-25", "Arbeitgeber AG", "9999", "pay", "bank"))
	}
	m["2025/Haus/Data/Transactions.xml"] = booktest.XMLFile("ArrayOfTransaction", y2025...)
	return m
}

type forecastOut struct {
	Mandator                                    string
	Year                                        int
	AsOf                                        string
	IncomeChf, ExpensesChf, NetChf, NetWorthChf struct{ Actual, Forecast, Low, High string }
	Categories                                  []struct {
		Name, Side                              string
		SubclassNumber                          int
		ActualChf, ForecastChf, LowChf, HighChf string
	}
	Expected      []struct{ Name, Side, DueMonth, DueDate, AmountChf string }
	ExpectedTotal int
	HistoryYears  []int
	Method        string
	Warnings      []string
}

func TestForecastHandWorked(t *testing.T) {
	cs := mcptest.Connect(t, forecastBooks(false), tools.Full)
	var out forecastOut
	mcptest.MustCall(t, cs, "forecast_year_end", map[string]any{"year": 2025, "asOf": "2025-06-30"}, &out)
	type fig struct{ Actual, Forecast string }
	got := map[string]fig{
		"income": {out.IncomeChf.Actual, out.IncomeChf.Forecast}, "expenses": {out.ExpensesChf.Actual, out.ExpensesChf.Forecast},
		"net": {out.NetChf.Actual, out.NetChf.Forecast}, "netWorth": {out.NetWorthChf.Actual, out.NetWorthChf.Forecast},
	}
	for _, c := range out.Categories {
		got[c.Side+"/"+c.Name] = fig{c.ActualChf, c.ForecastChf}
	}
	want := map[string]fig{
		"income": {"31200.00", "62140.34"}, "expenses": {"13080.00", "23801.03"},
		"net": {"18120.00", "38339.31"}, "netWorth": {"67920.00", "88139.31"},
		"income/Lohn": {"31200.00", "62140.34"}, "expenses/Lebensmittel": {"1080.00", "2577.65"},
		"expenses/Wohnen": {"9000.00", "18223.38"}, "expenses/Anschaffungen": {"3000.00", "3000.00"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("forecast as of 2025-06-30 (-want +got):\n%s", diff)
	}
	if out.ExpectedTotal != 12 || len(out.Expected) != 12 {
		t.Fatalf("expected %d items (%d listed); want 12: six salaries and six rents", out.ExpectedTotal, len(out.Expected))
	}
	first, last := out.Expected[0], out.Expected[11]
	if first.Name != "Vermieter AG" || first.DueDate != "2025-07-01" || first.AmountChf != "1500.00" || first.Side != "expenses" ||
		last.Name != "Arbeitgeber AG" || last.DueMonth != "2025-12" || last.AmountChf != "5200.00" || last.Side != "income" {
		t.Errorf("expected items from %+v to %+v; want the rent of 2025-07-01 first and the salary of December last", first, last)
	}
	for name, b := range map[string]struct{ Actual, Forecast, Low, High string }{"income": out.IncomeChf, "expenses": out.ExpensesChf, "netWorth": out.NetWorthChf} {
		if !(dec(t, b.Low) <= dec(t, b.Forecast) && dec(t, b.Forecast) <= dec(t, b.High) && dec(t, b.Low) < dec(t, b.High)) {
			t.Errorf("%s interval [%s, %s] does not surround %s", name, b.Low, b.High, b.Forecast)
		}
	}
	if dec(t, out.ExpensesChf.Low) < dec(t, out.ExpensesChf.Actual) {
		t.Errorf("expenses low %s below what is booked, %s", out.ExpensesChf.Low, out.ExpensesChf.Actual)
	}
	if len(out.HistoryYears) != 1 || out.HistoryYears[0] != 2024 || len(out.Warnings) == 0 || !strings.Contains(out.Warnings[0], "widened") {
		t.Errorf("history %v, warnings %q; want 2024 and a warning that one earlier year widens the interval", out.HistoryYears, out.Warnings)
	}
	if !strings.Contains(out.Method, "2025-06-30") || !strings.Contains(out.Method, "12 recurring items") {
		t.Errorf("method %q does not name the day and the 12 items", out.Method)
	}
}

// dec parses a decimal string of the answer into cents.
func dec(t *testing.T, s string) int64 {
	t.Helper()
	var whole, cents int64
	neg := strings.HasPrefix(s, "-")
	if _, err := fmt.Sscanf(strings.TrimPrefix(s, "-"), "%d.%d", &whole, &cents); err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	v := whole*100 + cents
	if neg {
		v = -v
	}
	return v
}

// TestForecastIgnoresWhatCameLater asks for the forecast as of 2025-06-30
// on the books of that day and on the books as they stood later (a raise,
// a move, a car, the next year's books): the answers must be identical,
// recurring detection and one-off filtering included.
func TestForecastIgnoresWhatCameLater(t *testing.T) {
	for _, asOf := range []string{"2025-03-31", "2025-05-15", "2025-06-30"} {
		args := map[string]any{"mandator": "Haus", "year": 2025, "asOf": asOf}
		cut := mcptest.MustCall(t, mcptest.Connect(t, forecastBooks(false), tools.Full), "forecast_year_end", args, nil)
		full := mcptest.MustCall(t, mcptest.Connect(t, forecastBooks(true), tools.Full), "forecast_year_end", args, nil)
		if string(cut) != string(full) {
			t.Errorf("as of %s the later books change the answer:\ncut:  %s\nlater: %s", asOf, cut, full)
		}
	}
}

func TestForecastBadInput(t *testing.T) {
	cs := mcptest.Connect(t, forecastBooks(true), tools.Full)
	for _, c := range []struct {
		args       map[string]any
		code       string
		mentioning []string
	}{
		{map[string]any{"year": 2025, "asOf": "2025-13-01"}, "invalid_argument", []string{`"2025-13-01"`, "YYYY-MM-DD"}},
		{map[string]any{"year": 2025, "asOf": "30.6.2025"}, "invalid_argument", []string{`"30.6.2025"`}},
		{map[string]any{"year": 2025, "asOf": "2024-06-30"}, "invalid_argument", []string{"2024-06-30", "2025-01-01 to 2025-12-31", "year 2024"}},
		{map[string]any{"year": 2026, "asOf": "2026-01-10"}, "invalid_argument", []string{"2026-01-10", "first posting", "2026-01-25"}},
		{map[string]any{"year": 2019}, "unknown_year", []string{"2019", "2024, 2025, 2026"}},
		{map[string]any{"mandator": "Nobody"}, "unknown_mandator", []string{"Nobody", "Haus"}},
	} {
		r := mcptest.Call(t, cs, "forecast_year_end", c.args, nil)
		if !r.IsError || r.Err.Code != c.code {
			t.Errorf("%v: %s; want %s", c.args, r.Raw, c.code)
			continue
		}
		for _, s := range c.mentioning {
			if !strings.Contains(r.Err.Message, s) {
				t.Errorf("%v: message %q does not mention %s", c.args, r.Err.Message, s)
			}
		}
	}
}
