package analysis

import (
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
)

// checkBooks is a 2025 year with one of every problem CheckBooks reports:
//
//	dangling_account             p-dangling credits "deleted"
//	duplicate_transaction_id     "p-dup" twice
//	bank_line_booked_twice       "bank-1" referenced by p-bank-a and p-bank-b
//	missing_fx_rate              1040 USD: no config rate, no posting with a rate
//	                             (1030 EUR has one, 1050 GBP is configured)
//	missing_subclass             subclass 47 (4700), once though 4710 shares it
//	account_number_outside_classes 999 and 5100
//	date_outside_year            2024-12-30 (info: late booking), 2023-06-30
//	                             and 2026-01-02 (warnings)
func checkBooks(t testing.TB) *reader.Books {
	return &reader.Books{
		Mandator: "M", Year: 2025,
		Accounts: []reader.Account{
			{ID: "bank", Number: 1010, Name: "Bank", Currency: "CHF"},
			{ID: "eur", Number: 1030, Name: "Euro", Currency: "EUR"},
			{ID: "usd", Number: 1040, Name: "Dollar", Currency: "USD"},
			{ID: "gbp", Number: 1050, Name: "Pound", Currency: "GBP"},
			{ID: "food", Number: 4000, Name: "Food", Currency: "CHF"},
			{ID: "misc", Number: 4700, Name: "Misc", Currency: "CHF"},
			{ID: "misc2", Number: 4710, Name: "Misc 2", Currency: "CHF"},
			{ID: "old", Number: 999, Name: "Old", Currency: "CHF"},
			{ID: "staff", Number: 5100, Name: "Staff", Currency: "CHF"},
		},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Liquid"}, {Number: 40, Name: "Living"},
			{Number: 9, Name: "Old"}, {Number: 51, Name: "Staff"}},
		Transactions: []reader.Transaction{
			tx(t, "p-eur", "2025-02-01", "To EUR", "94", "bank", "eur", "0.94"),
			tx(t, "p-dangling", "2025-03-01", "Ghost", "10", "deleted", "food", ""),
			tx(t, "p-dup", "2025-03-02", "First", "11", "bank", "food", ""),
			tx(t, "p-dup", "2025-03-03", "Second", "12", "bank", "food", ""),
			{ID: "p-bank-a", BankTransactionID: "bank-1", ValueDate: date(t, "2025-04-01"), Text: "Booked", Value: dec("13"), OriginAccountID: "bank", TargetAccountID: "food"},
			{ID: "p-bank-b", BankTransactionID: "BANK-1", ValueDate: date(t, "2025-04-01"), Text: "Again", Value: dec("13"), OriginAccountID: "bank", TargetAccountID: "food"},
			{ID: "p-bank-c", BankTransactionID: "bank-2", ValueDate: date(t, "2025-04-02"), Text: "Once", Value: dec("14"), OriginAccountID: "bank", TargetAccountID: "misc"},
			tx(t, "p-late", "2024-12-30", "Late booking", "15", "bank", "misc2", ""),
			tx(t, "p-2023", "2023-06-30", "Typo year", "16", "bank", "staff", ""),
			tx(t, "p-2026", "2026-01-02", "Next year", "17", "old", "bank", ""),
		},
	}
}

func TestCheckBooks(t *testing.T) {
	got := CheckBooks(checkBooks(t), Rates{"GBP": dec("1.12")}, nil)
	type row struct{ Code, Severity, ID string }
	var rows []row
	for _, f := range got {
		id := f.TransactionID
		if f.Code == CheckBankLineBookedTwice {
			id = f.BankTransactionID
		}
		if id == "" {
			id = f.AccountID
		}
		rows = append(rows, row{f.Code, f.Severity, id})
		if f.Message == "" {
			t.Errorf("finding %s %s has no message", f.Code, id)
		}
	}
	want := []row{
		{CheckDanglingAccount, SeverityError, "p-dangling"},
		{CheckDuplicateTransaction, SeverityError, "p-dup"},
		{CheckBankLineBookedTwice, SeverityError, "bank-1"},
		{CheckMissingFxRate, SeverityWarning, "usd"},
		{CheckMissingSubclass, SeverityWarning, "misc"},
		{CheckAccountOutsideClasses, SeverityWarning, "old"},
		{CheckAccountOutsideClasses, SeverityWarning, "staff"},
		{CheckDateOutsideYear, SeverityInfo, "p-late"},
		{CheckDateOutsideYear, SeverityWarning, "p-2023"},
		{CheckDateOutsideYear, SeverityWarning, "p-2026"},
	}
	if diff := cmp.Diff(want, rows); diff != "" {
		t.Errorf("CheckBooks findings (-want +got):\n%s", diff)
	}
	wantCounts := map[string]int{CheckDanglingAccount: 1, CheckDuplicateTransaction: 1, CheckBankLineBookedTwice: 1,
		CheckMissingFxRate: 1, CheckMissingSubclass: 1, CheckAccountOutsideClasses: 2, CheckDateOutsideYear: 3}
	if diff := cmp.Diff(wantCounts, CountFindings(got)); diff != "" {
		t.Errorf("CountFindings (-want +got):\n%s", diff)
	}
	if !HasErrors(got) {
		t.Error("HasErrors = false; want true")
	}
	// The dangling finding names the missing id, the bank one both postings.
	for _, f := range got {
		if f.Code == CheckDanglingAccount && (f.AccountID != "deleted" || !strings.Contains(f.Message, `"deleted"`)) {
			t.Errorf("dangling_account finding = %+v; want it to name account id \"deleted\"", f)
		}
		if f.Code == CheckBankLineBookedTwice && !strings.Contains(f.Message, "p-bank-a, p-bank-b") {
			t.Errorf("bank_line_booked_twice message %q does not name both postings", f.Message)
		}
	}
	// A configured USD rate removes the missing_fx_rate finding.
	if n := CountFindings(CheckBooks(checkBooks(t), Rates{"GBP": dec("1.12"), "USD": dec("0.8")}, nil))[CheckMissingFxRate]; n != 0 {
		t.Errorf("with Fx USD configured, missing_fx_rate = %d; want 0", n)
	}
}

func TestCheckBooksClean(t *testing.T) {
	for name, b := range map[string]*reader.Books{
		"sample without its dangling posting": func() *reader.Books {
			b := sample(t)
			b.Transactions = b.Transactions[:len(b.Transactions)-1]
			b.SubClasses = append(b.SubClasses, reader.SubClass{Number: 48, Name: "Finance"})
			return b
		}(),
		"empty books": {Mandator: "M", Year: 2025},
	} {
		if got := CheckBooks(b, nil, nil); len(got) != 0 {
			t.Errorf("CheckBooks(%s) = %+v; want no findings", name, got)
		}
	}
}

func TestCheckBooksSkipsWhatCannotBeRead(t *testing.T) {
	b := checkBooks(t)
	txFile := &reader.ParseError{File: "2025/M/Data/Transactions.xml", Line: 7, Reason: `amount "12,50" is not a decimal`}
	// What CheckFiles returns for an unreadable Transactions.xml: no postings.
	b.Transactions = nil
	got := CountFindings(CheckBooks(b, nil, []*reader.ParseError{txFile}))
	want := map[string]int{CheckUnreadableFile: 1, CheckMissingSubclass: 1, CheckAccountOutsideClasses: 2}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CheckBooks with Transactions.xml unreadable (-want +got):\n%s", diff)
	}
	f := CheckBooks(b, nil, []*reader.ParseError{txFile})[0]
	if f.File != txFile.File || f.Line != 7 || f.Severity != SeverityError || !strings.Contains(f.Message, "12,50") {
		t.Errorf("unreadable_file finding = %+v; want file, line 7, error severity and the reason", f)
	}

	accounts := &reader.ParseError{File: "2025/M/Data/Accounts.xml", Reason: "bad"}
	b.Accounts = nil
	if got := CountFindings(CheckBooks(b, nil, []*reader.ParseError{accounts, txFile})); !cmp.Equal(got, map[string]int{CheckUnreadableFile: 2}) {
		t.Errorf("CheckBooks with the chart unreadable = %v; want only the 2 unreadable files", got)
	}
}
