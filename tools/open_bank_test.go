package tools_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

type openBankOut struct {
	Mandator         string
	Year             int
	BankTransactions []struct {
		BankTransactionID string
		Date              string
		BookingDate       string
		Text              string
		Amount            string
		BankAccountNumber string
		Debtor            string
		Creditor          string
		Suggestion        *struct {
			MatchedBy        string
			BasedOn          string
			MatchedDayOffset *int
			Text             string
			AccountID        string
			AccountNumber    int
			AccountName      string
		}
	}
	Total        int
	Offset       int
	Truncated    bool
	NextOffset   int
	IgnoredCount int
	Note         string
}

// TestOpenBankTransactionsDemo checks the eight open bank lines planted in
// the 2026 household books (fixtures/README.md, "Bank lines and booking
// rules"): seven listed newest first, each with exactly its planted
// suggestion, and the Ignore one only counted.
func TestOpenBankTransactionsDemo(t *testing.T) {
	b, err := reader.OpenFS(fixtures.DemoFS(), "open-bank").BooksWith(context.Background(), "Claudio Schaad", 2026, reader.NeedBank)
	if err != nil {
		t.Fatal(err)
	}
	// basedOn names ids the fixture derives from hashes: find them by what
	// the README says they are.
	ruleID := func(lookup string) string {
		for _, r := range b.BookingRules {
			if r.LookupText == lookup {
				return r.ID
			}
		}
		t.Fatalf("no booking rule %q in the demo books", lookup)
		return ""
	}
	postingID := func(day, text string) string {
		for _, p := range b.Transactions {
			if p.ValueDate.String() == day && p.Text == text {
				return p.ID
			}
		}
		t.Fatalf("no posting %s %q in the demo books", day, text)
		return ""
	}
	type row struct {
		Date, Text, Amount          string
		MatchedBy, BasedOn, SugText string
		Offset                      string // "" when absent
		Account                     int
	}
	want := []row{
		{"2026-11-27", "KARTENZAHLUNG COOP-2573 ZUERICH SEEFELD", "-63.45", "booking_rule", ruleID("COOP"), "Coop Einkauf", "", 4000},
		{"2026-11-26", "E-BANKING AUFTRAG M. KELLER", "-333.30", "", "", "", "", 0},
		{"2026-11-24", "LASTSCHRIFT SERAFE AG", "-335.00", "booking_rule_amount", ruleID("SERAFE"), "Serafe Radio/TV-Abgabe", "", 4400},
		{"2026-11-23", "GUTSCHRIFT TWINT A. MEIER", "42.50", "", "", "", "", 0},
		// Paid in cash (1000 → 4500) on Oct 20 for Nov 20: the same amount on
		// other accounts, same day; the Coiffeur of Oct 8 on 1010 is too far.
		{"2026-11-20", "TWINT ZAHLUNG 8008 ZUERICH", "-45.00", "previous_month_same_amount", postingID("2026-10-20", "Parkbusse"), "Parkbusse", "0", 4500},
		{"2026-11-15", "DAUERAUFTRAG HUBER IMMOBILIEN AG PARKPLATZ", "-120.00", "previous_month_same_accounts", postingID("2026-10-15", "Parkplatz Seefeldstrasse"), "Parkplatz Seefeldstrasse", "0", 4500},
		// Oct 5 for Nov 6: one day before.
		{"2026-11-06", "LASTSCHRIFT UPDATE FITNESS AG", "-89.00", "previous_month_same_accounts", postingID("2026-10-05", "Update Fitness Abo"), "Update Fitness Abo", "-1", 4600},
	}
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, fixtures.DemoFS(), p)
		var out openBankOut
		mustCall(t, cs, "get_open_bank_transactions", map[string]any{"mandator": "Claudio Schaad"}, &out)
		if out.Mandator != "Claudio Schaad" || out.Year != 2026 || out.Total != 7 || out.IgnoredCount != 1 || out.Truncated || out.Note != "" {
			t.Errorf("%s: mandator %q year %d total %d ignoredCount %d truncated %v note %q; want Claudio Schaad 2026, 7, 1, false, none",
				p, out.Mandator, out.Year, out.Total, out.IgnoredCount, out.Truncated, out.Note)
		}
		var got []row
		for _, l := range out.BankTransactions {
			r := row{Date: l.Date, Text: l.Text, Amount: l.Amount}
			if s := l.Suggestion; s != nil {
				r.MatchedBy, r.BasedOn, r.SugText, r.Account = s.MatchedBy, s.BasedOn, s.Text, s.AccountNumber
				if s.MatchedDayOffset != nil {
					r.Offset = strconv.Itoa(*s.MatchedDayOffset)
				}
			}
			got = append(got, r)
			if l.BankAccountNumber != "CH9300762011623852957" || l.BankTransactionID == "" {
				t.Errorf("%s: line %s %q has bankAccountNumber %q, id %q; want the Postkonto IBAN and an id", p, l.Date, l.Text, l.BankAccountNumber, l.BankTransactionID)
			}
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: get_open_bank_transactions 2026 (-want +got):\n%s", p, diff)
		}
	}
}

func TestOpenBankTransactionsPagingAndNoBankFile(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	var page openBankOut
	mustCall(t, cs, "get_open_bank_transactions", map[string]any{"mandator": "Claudio Schaad", "year": 2026, "limit": 3, "offset": 2}, &page)
	if len(page.BankTransactions) != 3 || page.Total != 7 || !page.Truncated || page.NextOffset != 5 || page.Offset != 2 {
		t.Errorf("limit 3 offset 2: %d rows, total %d, truncated %v, nextOffset %d, offset %d; want 3, 7, true, 5, 2",
			len(page.BankTransactions), page.Total, page.Truncated, page.NextOffset, page.Offset)
	} else if page.BankTransactions[0].Date != "2026-11-24" {
		t.Errorf("limit 3 offset 2: first row %s; want 2026-11-24 (the third newest)", page.BankTransactions[0].Date)
	}
	mustCall(t, cs, "get_open_bank_transactions", map[string]any{"mandator": "Claudio Schaad", "year": 2026, "offset": 100}, &page)
	if len(page.BankTransactions) != 0 || page.Total != 7 || page.Truncated {
		t.Errorf("offset past the end: %d rows, total %d, truncated %v; want 0, 7, false", len(page.BankTransactions), page.Total, page.Truncated)
	}

	// 2025 has no BankTransactions.xml: an empty list and a note, not an error.
	var none openBankOut
	raw := mustCall(t, cs, "get_open_bank_transactions", map[string]any{"mandator": "Claudio Schaad", "year": 2025}, &none)
	if none.Year != 2025 || none.Total != 0 || none.BankTransactions == nil || none.Note == "" {
		t.Errorf("2025 without a bank file = %s; want year 2025, total 0, bankTransactions [] and a note", raw)
	}

	for _, c := range []struct {
		args map[string]any
		code string
	}{
		{map[string]any{"mandator": "Claudio Schaad", "limit": 0}, "invalid_argument"},
		{map[string]any{"mandator": "Claudio Schaad", "limit": 1001}, "invalid_argument"},
		{map[string]any{"mandator": "Claudio Schaad", "offset": -1}, "invalid_argument"},
		{map[string]any{"mandator": "Claudio Schaad", "year": 2023}, "unknown_year"},
		{map[string]any{"mandator": "Nobody"}, "unknown_mandator"},
		{map[string]any{"mandator": fixtures.ProblemMandator, "year": 2026}, "data_unreadable"},
	} {
		if r := call(t, cs, "get_open_bank_transactions", c.args, nil); !r.IsError || r.Err.Code != c.code {
			t.Errorf("get_open_bank_transactions(%v) = %s; want error %s", c.args, r.Raw, c.code)
		}
	}
}
