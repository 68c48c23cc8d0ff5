package analysis

import (
	"fmt"
	"path"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// Severities of a Finding. Only errors make books fail a check: they break
// numbers (a posting left out, one booked twice) or the books cannot be read.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
	SeverityInfo    = "info"
)

// The codes of CheckBooks findings, in the order they are reported.
const (
	CheckUnreadableFile        = "unreadable_file"
	CheckDanglingAccount       = "dangling_account"
	CheckDuplicateTransaction  = "duplicate_transaction_id"
	CheckBankLineBookedTwice   = "bank_line_booked_twice"
	CheckMissingFxRate         = "missing_fx_rate"
	CheckMissingSubclass       = "missing_subclass"
	CheckAccountOutsideClasses = "account_number_outside_classes"
	CheckDateOutsideYear       = "date_outside_year"
)

// CheckCodes lists every finding code in report order.
var CheckCodes = []string{CheckUnreadableFile, CheckDanglingAccount, CheckDuplicateTransaction,
	CheckBankLineBookedTwice, CheckMissingFxRate, CheckMissingSubclass, CheckAccountOutsideClasses, CheckDateOutsideYear}

// A Finding is one problem in a mandator-year's files. Message and the
// detail fields name files, ids, numbers and dates: they are for the Full
// and Local modes only; Code and Severity are safe everywhere.
type Finding struct {
	Code     string
	Severity string
	Message  string

	File              string // unreadable_file: relative to the data root
	Line              int    // unreadable_file: 0 when unknown
	TransactionID     string
	BankTransactionID string
	AccountID         string
	AccountNumber     int
	Date              reader.Date
}

// CheckBooks examines the books b, of which the files in unreadable could
// not be parsed (as reader.Store.CheckFiles returns them), and reports every
// finding in CheckCodes order, then in file order. A check that needs an
// unreadable file is skipped: with Transactions.xml unreadable, only the
// chart is checked. An unreadable core file is an error, an optional one
// (reader.IsOptionalFile), which no balance or report reads, a warning.
// rates are the configured exchange rates.
func CheckBooks(b *reader.Books, rates Rates, unreadable []*reader.ParseError) []Finding {
	var out []Finding
	skip := map[string]bool{}
	for _, pe := range unreadable {
		name := path.Base(pe.File)
		skip[name] = true
		f := Finding{Code: CheckUnreadableFile, Severity: SeverityError, Message: "cannot read " + pe.Error(), File: pe.File, Line: pe.Line}
		if reader.IsOptionalFile(name) { // balances and reports do not read it
			f.Severity = SeverityWarning
			f.Message += "; only answers that need this file are affected"
		}
		out = append(out, f)
	}
	if skip["Accounts.xml"] {
		return out
	}
	l := NewLedger(b)
	if !skip["Transactions.xml"] {
		out = append(out, danglingAccounts(l)...)
		out = append(out, duplicateIDs(b)...)
		out = append(out, bankLinesBookedTwice(b)...)
		out = append(out, missingRates(l, rates)...)
	}
	if !skip["SubClasses.xml"] {
		out = append(out, missingSubclasses(l)...)
	}
	for i := range b.Accounts {
		if a := &b.Accounts[i]; a.Number < 1000 || a.Number > 4999 {
			out = append(out, Finding{Code: CheckAccountOutsideClasses, Severity: SeverityWarning,
				Message:   fmt.Sprintf("account %d %s is outside the classes 1–4 (numbers 1000–4999); it is in no total of the balance sheet or the income statement", a.Number, a.Name),
				AccountID: a.ID, AccountNumber: a.Number})
		}
	}
	if !skip["Transactions.xml"] {
		out = append(out, datesOutsideYear(b)...)
	}
	return out
}

func danglingAccounts(l *Ledger) []Finding {
	var out []Finding
	for _, t := range l.Books.Transactions {
		var missing []string
		for _, id := range []string{t.OriginAccountID, t.TargetAccountID} {
			if l.Account(id) == nil {
				missing = append(missing, fmt.Sprintf("%q", id))
			}
		}
		if len(missing) > 0 {
			out = append(out, Finding{Code: CheckDanglingAccount, Severity: SeverityError,
				Message: fmt.Sprintf("posting %s of %s (%q) refers to account id %s, which is not in Accounts.xml; it is left out of all totals",
					t.ID, t.ValueDate, t.Text, strings.Join(missing, " and ")),
				TransactionID: t.ID, Date: t.ValueDate, AccountID: strings.Trim(missing[0], `"`)})
		}
	}
	return out
}

func duplicateIDs(b *reader.Books) []Finding {
	count := map[string]int{}
	var order []string
	for _, t := range b.Transactions {
		if t.ID == "" {
			continue
		}
		if count[t.ID] == 0 {
			order = append(order, t.ID)
		}
		count[t.ID]++
	}
	var out []Finding
	for _, id := range order {
		if n := count[id]; n > 1 {
			out = append(out, Finding{Code: CheckDuplicateTransaction, Severity: SeverityError,
				Message:       fmt.Sprintf("transaction id %s is used by %d postings; the desktop app tells postings apart by id", id, n),
				TransactionID: id})
		}
	}
	return out
}

func bankLinesBookedTwice(b *reader.Books) []Finding {
	byLine := map[string][]string{}
	var order []string
	for _, t := range b.Transactions {
		key := strings.ToLower(t.BankTransactionID)
		if key == "" {
			continue
		}
		if byLine[key] == nil {
			order = append(order, t.BankTransactionID)
		}
		byLine[key] = append(byLine[key], t.ID)
	}
	var out []Finding
	for _, id := range order {
		if txs := byLine[strings.ToLower(id)]; len(txs) > 1 {
			out = append(out, Finding{Code: CheckBankLineBookedTwice, Severity: SeverityError,
				Message: fmt.Sprintf("bank line %s is booked by %d postings (%s); the money moved once",
					id, len(txs), strings.Join(txs, ", ")),
				BankTransactionID: id, TransactionID: txs[0]})
		}
	}
	return out
}

// missingRates finds foreign-currency accounts with no configured rate and
// no posting that carries one, so that their CHF balance is unknown.
func missingRates(l *Ledger, rates Rates) []Finding {
	rated := map[*reader.Account]bool{}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		if t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
			rated[target], rated[origin] = true, true
		}
	})
	var out []Finding
	for i := range l.Books.Accounts {
		a := &l.Books.Accounts[i]
		if _, ok := rates[a.Currency]; !a.IsForeign() || ok || rated[a] {
			continue
		}
		out = append(out, Finding{Code: CheckMissingFxRate, Severity: SeverityWarning,
			Message: fmt.Sprintf("account %d %s is kept in %s and no rate is known (set Fx__%s, or book a posting with an FxRate); its CHF balance is left out of the totals",
				a.Number, a.Name, a.Currency, a.Currency),
			AccountID: a.ID, AccountNumber: a.Number})
	}
	return out
}

func missingSubclasses(l *Ledger) []Finding {
	seen := map[int]bool{}
	var out []Finding
	for i := range l.Books.Accounts {
		a := &l.Books.Accounts[i]
		sub := a.SubclassNumber()
		if _, ok := l.subNames[sub]; ok || seen[sub] {
			continue
		}
		seen[sub] = true
		out = append(out, Finding{Code: CheckMissingSubclass, Severity: SeverityWarning,
			Message: fmt.Sprintf("subclass %d (of account %d %s) has no name in SubClasses.xml; it is called %q",
				sub, a.Number, a.Name, SubclassLabel(sub)),
			AccountID: a.ID, AccountNumber: a.Number})
	}
	return out
}

// datesOutsideYear reports postings whose value date is not in the file's
// year: a late booking dated in the previous year is normal in the app (info),
// any other year is likely a typo (warning).
func datesOutsideYear(b *reader.Books) []Finding {
	var out []Finding
	for _, t := range b.Transactions {
		if t.ValueDate.Year() == b.Year {
			continue
		}
		f := Finding{Code: CheckDateOutsideYear, Severity: SeverityWarning, TransactionID: t.ID, Date: t.ValueDate,
			Message: fmt.Sprintf("posting %s (%q) is dated %s in the books of %d; it counts in %d", t.ID, t.Text, t.ValueDate, b.Year, b.Year)}
		switch {
		case t.ValueDate.IsZero():
			f.Message = fmt.Sprintf("posting %s (%q) has no value date", t.ID, t.Text)
		case t.ValueDate.Year() == b.Year-1:
			f.Severity = SeverityInfo
			f.Message = fmt.Sprintf("posting %s (%q) dated %s is a late booking of %d in the books of %d, as the app allows; it counts in %d",
				t.ID, t.Text, t.ValueDate, b.Year-1, b.Year, b.Year)
		}
		out = append(out, f)
	}
	return out
}

// CountFindings returns the number of findings per code.
func CountFindings(fs []Finding) map[string]int {
	out := map[string]int{}
	for _, f := range fs {
		out[f.Code]++
	}
	return out
}

// HasErrors reports whether any finding has error severity.
func HasErrors(fs []Finding) bool {
	for _, f := range fs {
		if f.Severity == SeverityError {
			return true
		}
	}
	return false
}
