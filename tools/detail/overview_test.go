package detail_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/booktest"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// bankLineXML is one BankTransaction element.
func bankLineXML(id, date, value string) string {
	return fmt.Sprintf("  <BankTransaction>\r\n    <Id>%s</Id>\r\n    <ValueDate>%sT00:00:00</ValueDate>\r\n    <BookingDate>%sT00:00:00</BookingDate>\r\n    <Text>LINE %s</Text>\r\n    <Value>%s</Value>\r\n    <BankAccountNumber>CH00</BankAccountNumber>\r\n    <Ignore>false</Ignore>\r\n  </BankTransaction>\r\n",
		id, date, date, id, value)
}

// bookedPosting is posting with a BankTransactionId.
func bookedPosting(id, date, text, value, origin, target, bankID string) string {
	p := booktest.Posting(id, date, text, value, origin, target, "")
	return strings.Replace(p, "    <ValueDate>", "    <BankTransactionId>"+bankID+"</BankTransactionId>\r\n    <ValueDate>", 1)
}

// officeBooks is a small fiduciary's office, today being 2026-11-30 (the
// test clock). By hand:
//
//	Alpha 2026, saved 2026-11-20: salary 5000, food 1200 → income 5000.00,
//	      expenses 1200.00, net 3800.00, equity 1000 + 3800 = 4800.00; its one
//	      bank line is booked. Nothing needs attention.
//	Beta 2026, saved 2026-11-29: salary 500, food 2000 → net −1500.00, equity
//	      1000 − 1500 = −500.00; two open bank lines, of 2026-10-01 (60 days
//	      old: stale) and 2026-11-25 (5 days): stale_bank_lines 1, loss 1.
//	Gamma 2026, saved 2026-11-10: Transactions.xml broken → error row,
//	      data_problems 1 (its unreadable_file finding).
//	Epsilon 2026, saved 2026-11-05: salary 700, food 100 → net 600.00, equity
//	      1600.00, but its BankTransactions.xml is half-saved: the figures
//	      stand, the row names the file, data_problems 1 (the unreadable
//	      file; the bank lines cannot be counted).
//	Delta 2024–2025, last saved 2025-06-01 09:00 UTC: salary 300 → net
//	      300.00, equity 1300.00; not_saved 547 days (to 2026-11-30 12:00),
//	      year_not_started (no 2026 books).
//
// Order: attention first (Beta, Gamma, Epsilon, Delta by last save, newest first),
// then Alpha.
func officeBooks() fstest.MapFS {
	accounts := booktest.XMLFile("ArrayOfAccount",
		booktest.Account("bank", 1010, "Bank", "CHF", "1000"),
		booktest.Account("pay", 3000, "Salary", "", "0"),
		booktest.Account("food", 4000, "Food", "", "0"))
	subs := booktest.XMLFile("ArrayOfSubClass", booktest.Subclass(10, "Cash"), booktest.Subclass(30, "Income"), booktest.Subclass(40, "Living"))
	at := func(f *fstest.MapFile, t time.Time) *fstest.MapFile { c := *f; c.ModTime = t; return &c }
	m := fstest.MapFS{}
	add := func(y int, name string, saved time.Time, tx, bank *fstest.MapFile) {
		dir := fmt.Sprintf("%d/%s/Data/", y, name)
		m[dir+"Accounts.xml"] = at(accounts, saved)
		m[dir+"SubClasses.xml"] = at(subs, saved)
		m[dir+"Transactions.xml"] = at(tx, saved)
		if bank != nil {
			m[dir+"BankTransactions.xml"] = at(bank, saved)
		}
	}
	day := func(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }
	add(2026, "Alpha", day("2026-11-20T08:00:00Z"), booktest.XMLFile("ArrayOfTransaction",
		bookedPosting("a1", "2026-11-01", "Salary", "5000", "pay", "bank", "L1"),
		booktest.Posting("a2", "2026-11-02", "Coop", "1200", "bank", "food", "")),
		booktest.XMLFile("ArrayOfBankTransaction", bankLineXML("L1", "2026-11-01", "5000.00")))
	add(2026, "Beta", day("2026-11-29T08:00:00Z"), booktest.XMLFile("ArrayOfTransaction",
		booktest.Posting("b1", "2026-09-25", "Salary", "500", "pay", "bank", ""),
		booktest.Posting("b2", "2026-09-26", "Coop", "2000", "bank", "food", "")),
		booktest.XMLFile("ArrayOfBankTransaction", bankLineXML("B1", "2026-10-01", "-45.00"), bankLineXML("B2", "2026-11-25", "-12.00")))
	add(2026, "Gamma", day("2026-11-10T08:00:00Z"), &fstest.MapFile{Data: []byte("\ufeff<?xml version=\"1.0\"?>\r\n<ArrayOfTransaction>\r\n  <Transaction>\r\n    <Id>x</Id>\r\n    <Value>1,5</Value>")}, nil)
	add(2026, "Epsilon", day("2026-11-05T08:00:00Z"), booktest.XMLFile("ArrayOfTransaction",
		booktest.Posting("e1", "2026-03-25", "Salary", "700", "pay", "bank", ""),
		booktest.Posting("e2", "2026-03-26", "Coop", "100", "bank", "food", "")),
		&fstest.MapFile{Data: []byte("\ufeff<?xml version=\"1.0\"?>\r\n<ArrayOfBankTransaction>\r\n  <BankTransaction>\r\n    <Id>x</Id>")})
	add(2024, "Delta", day("2024-12-01T09:00:00Z"), booktest.XMLFile("ArrayOfTransaction"), nil)
	add(2025, "Delta", day("2025-06-01T09:00:00Z"), booktest.XMLFile("ArrayOfTransaction",
		booktest.Posting("d1", "2025-05-25", "Salary", "300", "pay", "bank", "")), nil)
	return m
}

type overviewOut struct {
	AsOf      string
	Mandators []struct {
		Mandator                                  string
		FirstYear, LastYear, Year                 int
		DataAsOf                                  string
		EquityChf, NetChf, IncomeChf, ExpensesChf string
		Postings, UnbookedBankLines               int
		Findings                                  map[string]int
		Attention                                 []struct {
			Code  string
			Count int
		}
		Error string
	}
	Total, NeedAttention, Offset, NextOffset int
	Truncated                                bool
}

func TestMandatorsOverview(t *testing.T) {
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := mcptest.Connect(t, officeBooks(), p)
		var out overviewOut
		mcptest.MustCall(t, cs, "get_mandators_overview", map[string]any{}, &out)
		type row struct {
			Name, Year, Saved, Equity, Net, Income, Expenses string
			Open                                             int
			Attention                                        string
		}
		var got []row
		for _, r := range out.Mandators {
			var att []string
			for _, a := range r.Attention {
				att = append(att, fmt.Sprintf("%s:%d", a.Code, a.Count))
			}
			got = append(got, row{r.Mandator, fmt.Sprintf("%d-%d/%d", r.FirstYear, r.LastYear, r.Year), r.DataAsOf,
				r.EquityChf, r.NetChf, r.IncomeChf, r.ExpensesChf, r.UnbookedBankLines, strings.Join(att, " ")})
		}
		want := []row{
			{"Beta", "2026-2026/2026", "2026-11-29T08:00:00Z", "-500.00", "-1500.00", "500.00", "2000.00", 2, "stale_bank_lines:1 loss:1"},
			{"Gamma", "2026-2026/2026", "2026-11-10T08:00:00Z", "", "", "", "", 0, "data_problems:1"},
			{"Epsilon", "2026-2026/2026", "2026-11-05T08:00:00Z", "1600.00", "600.00", "700.00", "100.00", 0, "data_problems:1"},
			{"Delta", "2024-2025/2025", "2025-06-01T09:00:00Z", "1300.00", "300.00", "300.00", "0.00", 0, "not_saved:547 year_not_started:1"},
			{"Alpha", "2026-2026/2026", "2026-11-20T08:00:00Z", "4800.00", "3800.00", "5000.00", "1200.00", 0, ""},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s overview rows (-want +got):\n%s", p, diff)
		}
		if out.Total != 5 || out.NeedAttention != 4 || out.Truncated || out.AsOf != "2026-11-30" {
			t.Errorf("%s overview total %d, needAttention %d, truncated %v, asOf %s; want 5, 4, false, 2026-11-30", p, out.Total, out.NeedAttention, out.Truncated, out.AsOf)
		}
		if e := out.Mandators[2]; !strings.Contains(e.Error, "BankTransactions.xml") {
			t.Errorf("%s Epsilon: error %q; want it to name BankTransactions.xml", p, e.Error)
		}
		if g := out.Mandators[1]; g.Findings["unreadable_file"] != 1 || !strings.Contains(g.Error, "Transactions.xml") {
			t.Errorf("%s Gamma: findings %v, error %q; want one unreadable_file and an error naming Transactions.xml", p, g.Findings, g.Error)
		}
		var page overviewOut
		mcptest.MustCall(t, cs, "get_mandators_overview", map[string]any{"limit": 2, "offset": 1}, &page)
		if len(page.Mandators) != 2 || page.Mandators[0].Mandator != "Gamma" || page.Mandators[1].Mandator != "Epsilon" || !page.Truncated || page.NextOffset != 3 {
			t.Errorf("%s rows 2 and 3: %+v; want Gamma, Epsilon, truncated, nextOffset 3", p, page)
		}
		var y2024 overviewOut
		mcptest.MustCall(t, cs, "get_mandators_overview", map[string]any{"year": 2024}, &y2024)
		if len(y2024.Mandators) != 1 || y2024.Mandators[0].Mandator != "Delta" || y2024.Mandators[0].NetChf != "0.00" {
			t.Errorf("%s year 2024: %+v; want Delta alone, net 0.00", p, y2024.Mandators)
		}
		r := mcptest.Call(t, cs, "get_mandators_overview", map[string]any{"year": 2019}, nil)
		if !r.IsError || r.Err.Code != "unknown_year" || !strings.Contains(r.Err.Message, "2019") || !strings.Contains(r.Err.Message, "2024, 2025, 2026") {
			t.Errorf("%s year 2019: %s; want unknown_year naming 2019 and the years 2024, 2025, 2026", p, r.Raw)
		}
	}
}
