package analysis

import (
	"sort"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// The matcher rules, in the order they are tried: the values of
// BankSuggestion.MatchedBy.
const (
	// MatchRuleAmount: a booking rule whose LookupText occurs in the line's
	// text and whose LookupValue is the line's absolute amount.
	MatchRuleAmount = "booking_rule_amount"
	// MatchRule: a booking rule whose LookupText occurs in the line's text
	// and whose LookupValue is 0 (any amount).
	MatchRule = "booking_rule"
	// MatchSameAccounts: a posting of the previous calendar month with the
	// line's absolute amount on the line's bank account, on the line's side
	// (credited for money out, debited for money in), on the same day of
	// month or one day off.
	MatchSameAccounts = "previous_month_same_accounts"
	// MatchSameAmount: when no posting gives MatchSameAccounts, a posting of
	// the previous calendar month with the line's absolute amount on any
	// accounts, on the same day of month or one day off.
	MatchSameAmount = "previous_month_same_amount"
)

// A BankSuggestion is the desktop app's auto-matcher proposal for booking
// one bank line: a text and the counter-account, which is debited for money
// leaving the bank account and credited for money coming in.
type BankSuggestion struct {
	MatchedBy string
	Rule      *reader.BookingRule // the rule, for the booking-rule matches
	Posting   *reader.Transaction // the posting copied, for the previous-month matches
	DayOffset int                 // previous-month matches: the posting's day of month minus the line's
	Text      string              // the rule's BookingText, or the posting's Text
	Account   *reader.Account     // the counter-account
}

// An OpenBankLine is a bank line no posting books yet, with the matcher's
// suggestion, nil when nothing matches.
type OpenBankLine struct {
	Line       *reader.BankTransaction
	Suggestion *BankSuggestion
}

// OpenBankLines are the open lines of one year's bank file.
type OpenBankLines struct {
	Lines   []OpenBankLine // newest first; lines marked Ignore are left out
	Ignored int            // open lines marked Ignore
}

// OpenBankTransactions returns the lines of the books' bank file that no
// posting of the same books refers to by BankTransactionId, newest value date
// first (of one day, the later line in the file first), each with the
// suggestion of SuggestBooking. Lines marked Ignore are only counted.
func OpenBankTransactions(l *Ledger) OpenBankLines {
	booked := make(map[string]bool, len(l.Books.Transactions))
	for _, t := range l.Books.Transactions {
		if t.BankTransactionID != "" {
			booked[strings.ToLower(t.BankTransactionID)] = true
		}
	}
	var out OpenBankLines
	for i := range l.Books.BankTransactions {
		line := &l.Books.BankTransactions[i]
		switch {
		case booked[strings.ToLower(line.ID)]:
		case line.Ignore:
			out.Ignored++
		default:
			out.Lines = append(out.Lines, OpenBankLine{Line: line, Suggestion: SuggestBooking(l, line)})
		}
	}
	// Lines were appended in file order, so a stable sort on the date
	// reversed keeps "later in the file first" by reversing first.
	for i, j := 0, len(out.Lines)-1; i < j; i, j = i+1, j-1 {
		out.Lines[i], out.Lines[j] = out.Lines[j], out.Lines[i]
	}
	sort.SliceStable(out.Lines, func(i, j int) bool { return out.Lines[i].Line.ValueDate > out.Lines[j].Line.ValueDate })
	return out
}

// SuggestBooking proposes how to book line, trying in order:
//
//  1. a booking rule whose LookupText occurs in the line's text (case- and
//     accent-insensitive; an empty LookupText never matches) and whose
//     account is in the chart: one whose LookupValue equals the absolute
//     amount (MatchRuleAmount) before one whose LookupValue is 0
//     (MatchRule); a rule with another LookupValue does not match. Of
//     several, the longest LookupText wins, then the first in the file.
//  2. a posting dated in the previous calendar month, with Value equal to
//     the absolute amount, on the bank account (the account whose
//     BankAccountNumber is the line's, ignoring spaces and case) on the
//     line's side: credited for money out (negative lines), debited for
//     money in (MatchSameAccounts). The counter-account is the posting's
//     other account.
//  3. only if 2 finds nothing, a posting dated in the previous calendar
//     month, with Value equal to the absolute amount, on any accounts
//     (MatchSameAmount): the counter-account is the posting's debited
//     account for money out and its credited account for money in. A
//     posting whose counter-account would be the bank account itself is
//     skipped. This case applies also when the line's bank account number
//     names no account.
//
// For 2 and 3, a posting on the same day of month as the line is best, then
// one day off; a posting farther away never matches. Of equally near
// postings the first in the file wins. A day the previous month lacks counts
// as its last day, so a line of March 31 looks for February 28 (or 29).
//
// Only the postings of the same books are searched: a January line sees
// December postings only when they are in this year's file (late bookings).
func SuggestBooking(l *Ledger, line *reader.BankTransaction) *BankSuggestion {
	if s := ruleSuggestion(l, line); s != nil {
		return s
	}
	return historySuggestion(l, line)
}

func ruleSuggestion(l *Ledger, line *reader.BankTransaction) *BankSuggestion {
	text := Fold(line.Text)
	abs := line.Value.Abs()
	var best *BankSuggestion
	bestLen := 0
	for i := range l.Books.BookingRules {
		r := &l.Books.BookingRules[i]
		lookup := Fold(strings.TrimSpace(r.LookupText))
		acct := l.Account(r.AccountID)
		if lookup == "" || acct == nil || !strings.Contains(text, lookup) {
			continue
		}
		kind := MatchRule
		if !r.LookupValue.IsZero() {
			if !r.LookupValue.Abs().Equal(abs) {
				continue
			}
			kind = MatchRuleAmount
		}
		n := len([]rune(lookup))
		switch {
		case best == nil,
			kind == MatchRuleAmount && best.MatchedBy == MatchRule,
			kind == best.MatchedBy && n > bestLen:
			best = &BankSuggestion{MatchedBy: kind, Rule: r, Text: r.BookingText, Account: acct}
			bestLen = n
		}
	}
	return best
}

func historySuggestion(l *Ledger, line *reader.BankTransaction) *BankSuggestion {
	if line.ValueDate.IsZero() || line.Value.IsZero() {
		return nil
	}
	year, month := line.ValueDate.Year(), line.ValueDate.Month()-1
	if month == 0 {
		year, month = year-1, 12
	}
	m := monthMatch{year: year, month: month, abs: line.Value.Abs(),
		day: min(line.ValueDate.Day(), reader.DaysIn(year, month))}
	out := line.Value.IsNegative()
	bank := bankAccount(l, line.BankAccountNumber)
	if bank != nil {
		// (b): the bank account on the line's side, the counter-account on
		// the other.
		if s := m.find(l, MatchSameAccounts, func(target, origin *reader.Account) *reader.Account {
			switch {
			case out && origin == bank:
				return target
			case !out && target == bank:
				return origin
			}
			return nil
		}); s != nil {
			return s
		}
	}
	// (c): any accounts. The counter-account takes the side opposite the
	// bank account's: debited for money out, credited for money in.
	return m.find(l, MatchSameAmount, func(target, origin *reader.Account) *reader.Account {
		counter := origin
		if out {
			counter = target
		}
		if counter == bank {
			return nil
		}
		return counter
	})
}

// monthMatch looks for a posting of one month with one amount near one day.
type monthMatch struct {
	year, month, day int
	abs              decimal.Decimal
}

// find returns the posting of m's month with Value m.abs whose day of month
// is m.day, else m.day ± 1, the first in the file of equally near ones, for
// which counter returns an account; nil if there is none.
func (m monthMatch) find(l *Ledger, kind string, counter func(target, origin *reader.Account) *reader.Account) *BankSuggestion {
	var best *BankSuggestion
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		d := t.ValueDate
		if d.Year() != m.year || d.Month() != m.month || !t.Value.Equal(m.abs) {
			return
		}
		offset := d.Day() - m.day
		if absInt(offset) > 1 || best != nil && absInt(offset) >= absInt(best.DayOffset) {
			return
		}
		if c := counter(target, origin); c != nil {
			best = &BankSuggestion{MatchedBy: kind, Posting: t, DayOffset: offset, Text: t.Text, Account: c}
		}
	})
	return best
}

// bankAccount returns the first account whose BankAccountNumber is iban,
// ignoring spaces and letter case, or nil.
func bankAccount(l *Ledger, iban string) *reader.Account {
	want := normalIBAN(iban)
	if want == "" {
		return nil
	}
	for i := range l.Books.Accounts {
		if a := &l.Books.Accounts[i]; normalIBAN(a.BankAccountNumber) == want {
			return a
		}
	}
	return nil
}

func normalIBAN(s string) string {
	return strings.ToUpper(strings.Join(strings.Fields(s), ""))
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
