package tools_test

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

type checkOut struct {
	Mandator string
	Year     int
	Findings []struct {
		Code, Severity, Message string
		File                    string
		Line                    int
		TransactionID           string
		BankTransactionID       string
		AccountID               string
		AccountNumber           int
		Date                    string
	}
	Total     int
	Truncated bool
	Counts    map[string]int
	OK        bool
}

// problemIDs finds, in the problem mandator's 2025 books, the ids the
// planted problems must name (fixtures/README.md, "Testfirma Problem GmbH").
func problemIDs(t *testing.T) (b *reader.Books, postingByText func(string) string) {
	t.Helper()
	b, err := reader.OpenFS(fixtures.DemoFS(), "problem").BooksWith(context.Background(), fixtures.ProblemMandator, 2025, reader.NeedBank)
	if err != nil {
		t.Fatal(err)
	}
	return b, func(text string) string {
		for _, p := range b.Transactions {
			if p.Text == text {
				return p.ID
			}
		}
		t.Fatalf("no posting %q in the problem books", text)
		return ""
	}
}

// TestCheckBooksProblemMandator checks that check_books reports every problem
// planted in "Testfirma Problem GmbH", with the exact codes and counts of
// fixtures/README.md, in Full and Local mode.
func TestCheckBooksProblemMandator(t *testing.T) {
	b, posting := problemIDs(t)
	type row struct {
		Code, Severity string
		Detail         string // the id, number, file or date the finding is about
	}
	jumbo := ""
	for _, l := range b.BankTransactions {
		if l.Text == "KARTENZAHLUNG JUMBO DIETLIKON" {
			jumbo = l.ID
		}
	}
	want2025 := []row{
		{"dangling_account", "error", posting("Spesen Aussendienst") + " 2025-05-20"},
		{"duplicate_transaction_id", "error", posting("Umbuchung altes Konto")},
		{"bank_line_booked_twice", "error", jumbo},
		{"missing_fx_rate", "warning", "1020"},
		{"missing_subclass", "warning", "4700"},
		{"account_number_outside_classes", "warning", "5100"},
		{"account_number_outside_classes", "warning", "999"},
		{"date_outside_year", "warning", posting("Nachtrag Rechnung 2023") + " 2023-06-30"},
	}
	want2026 := []row{
		{"unreadable_file", "error", "2026/Testfirma Problem GmbH/Data/Transactions.xml:18"},
		{"missing_subclass", "warning", "4700"},
		{"account_number_outside_classes", "warning", "5100"},
		{"account_number_outside_classes", "warning", "999"},
	}
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, fixtures.DemoFS(), p)
		for _, c := range []struct {
			year   int
			want   []row
			counts map[string]int
		}{
			{2025, want2025, map[string]int{"dangling_account": 1, "duplicate_transaction_id": 1, "bank_line_booked_twice": 1,
				"missing_fx_rate": 1, "missing_subclass": 1, "account_number_outside_classes": 2, "date_outside_year": 1}},
			{2026, want2026, map[string]int{"unreadable_file": 1, "missing_subclass": 1, "account_number_outside_classes": 2}},
		} {
			var out checkOut
			mustCall(t, cs, "check_books", map[string]any{"mandator": fixtures.ProblemMandator, "year": c.year}, &out)
			var got []row
			for _, f := range out.Findings {
				r := row{Code: f.Code, Severity: f.Severity}
				switch f.Code {
				case "unreadable_file":
					r.Detail = f.File + ":" + itoa(f.Line)
					if !strings.Contains(f.Message, "12,50") {
						t.Errorf("%s %d: unreadable_file message %q does not give the reason (the value 12,50)", p, c.year, f.Message)
					}
				case "dangling_account", "date_outside_year":
					r.Detail = f.TransactionID + " " + f.Date
				case "duplicate_transaction_id":
					r.Detail = f.TransactionID
				case "bank_line_booked_twice":
					r.Detail = f.BankTransactionID
				default:
					r.Detail = itoa(f.AccountNumber)
				}
				got = append(got, r)
				if f.Message == "" {
					t.Errorf("%s %d: %s finding has no message", p, c.year, f.Code)
				}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s check_books(%d) findings (-want +got):\n%s", p, c.year, diff)
			}
			if diff := cmp.Diff(c.counts, out.Counts); diff != "" {
				t.Errorf("%s check_books(%d) counts (-want +got):\n%s", p, c.year, diff)
			}
			if out.OK || out.Total != len(c.want) || out.Truncated || out.Mandator != fixtures.ProblemMandator || out.Year != c.year {
				t.Errorf("%s check_books(%d): ok %v total %d truncated %v mandator %q year %d; want false, %d, false, the problem mandator",
					p, c.year, out.OK, out.Total, out.Truncated, out.Mandator, out.Year, len(c.want))
			}
		}
		// The other tools cannot read the 2026 postings at all.
		if r := call(t, cs, "get_balance_summary", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2026}, nil); r.Err.Code != "data_unreadable" {
			t.Errorf("%s get_balance_summary(problem, 2026) = %s; want data_unreadable", p, r.Raw)
		}
	}
}

// TestCheckBooksCleanMandators checks that the household and the club have
// no error findings, only the warnings and infos their README documents:
// subclass 47 without a name, the late booking of 2026 and, in 2027 (no
// postings, no configured rates), no rate for the EUR and USD accounts.
func TestCheckBooksCleanMandators(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	for _, c := range []struct {
		mandator string
		year     int
		counts   map[string]int
	}{
		{"Claudio Schaad", 2024, map[string]int{"missing_subclass": 1}},
		{"Claudio Schaad", 2025, map[string]int{"missing_subclass": 1}},
		{"Claudio Schaad", 2026, map[string]int{"missing_subclass": 1, "date_outside_year": 1}},
		{"Claudio Schaad", 2027, map[string]int{"missing_subclass": 1, "missing_fx_rate": 2}},
		{"Verein Zürichsee", 2025, map[string]int{}},
		{"Verein Zürichsee", 2026, map[string]int{}},
	} {
		var out checkOut
		mustCall(t, cs, "check_books", map[string]any{"mandator": c.mandator, "year": c.year}, &out)
		if diff := cmp.Diff(c.counts, out.Counts); diff != "" {
			t.Errorf("check_books(%s, %d) counts (-want +got):\n%s", c.mandator, c.year, diff)
		}
		if !out.OK {
			t.Errorf("check_books(%s, %d) ok = false; want true", c.mandator, c.year)
		}
		for _, f := range out.Findings {
			if f.Severity == "error" || (f.Code == "date_outside_year" && (f.Severity != "info" || f.Date != "2025-12-30")) {
				t.Errorf("check_books(%s, %d): unexpected %s %s: %s", c.mandator, c.year, f.Severity, f.Code, f.Message)
			}
		}
	}
	if r := call(t, cs, "check_books", map[string]any{"mandator": "Claudio Schaad", "year": 2030}, nil); r.Err.Code != "unknown_year" {
		t.Errorf("check_books(2030) = %s; want unknown_year", r.Raw)
	}
}

// TestCheckBooksAggregate checks that the Aggregate check_books carries codes,
// severities and counts only: no file, id, text, number or date.
func TestCheckBooksAggregate(t *testing.T) {
	b, _ := problemIDs(t)
	cs := connect(t, fixtures.DemoFS(), tools.Aggregate)
	type count struct {
		Code, Severity string
		Count          int
	}
	for _, c := range []struct {
		year int
		want []count
	}{
		{2025, []count{{"dangling_account", "error", 1}, {"duplicate_transaction_id", "error", 1}, {"bank_line_booked_twice", "error", 1},
			{"missing_fx_rate", "warning", 1}, {"missing_subclass", "warning", 1}, {"account_number_outside_classes", "warning", 2},
			{"date_outside_year", "warning", 1}}},
		{2026, []count{{"unreadable_file", "error", 1}, {"missing_subclass", "warning", 1}, {"account_number_outside_classes", "warning", 2}}},
	} {
		var out struct {
			Findings []count
			Counts   map[string]int
			OK       bool
		}
		raw := mustCall(t, cs, "check_books", map[string]any{"mandator": fixtures.ProblemMandator, "year": c.year}, &out)
		if diff := cmp.Diff(c.want, out.Findings); diff != "" {
			t.Errorf("Aggregate check_books(%d) findings (-want +got):\n%s", c.year, diff)
		}
		if out.OK || len(out.Counts) != len(c.want) {
			t.Errorf("Aggregate check_books(%d): ok %v, %d codes counted; want false, %d", c.year, out.OK, len(out.Counts), len(c.want))
		}
		var fields map[string]json.RawMessage
		json.Unmarshal(raw, &fields)
		var keys []string
		for k := range fields {
			if k != "dataAsOf" {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		if want := []string{"counts", "findings", "mandator", "ok", "year"}; !cmp.Equal(want, keys) {
			t.Errorf("Aggregate check_books(%d) fields = %v; want %v", c.year, keys, want)
		}
		leaks := []string{"Transactions.xml", "12,50", "2023-06-30", "5100", "Spesen", "Jumbo", "JUMBO", "message"}
		for _, a := range b.Accounts {
			leaks = append(leaks, a.ID)
		}
		for _, p := range b.Transactions {
			leaks = append(leaks, p.ID, p.Text)
		}
		for _, l := range b.BankTransactions {
			leaks = append(leaks, l.ID, l.Text)
		}
		for _, s := range leaks {
			if strings.Contains(string(raw), s) {
				t.Errorf("Aggregate check_books(%d) contains %q: %s", c.year, s, raw)
			}
		}
	}
}
