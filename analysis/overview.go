package analysis

import (
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A BooksDigest is what a fiduciary's overview needs of one mandator-year:
// a handful of totals and counts, no postings. It is small enough to keep
// per books (see reader.Store.Memo) for hundreds of mandators.
type BooksDigest struct {
	IncomeChf, ExpensesChf, NetChf decimal.Decimal
	EquityChf                      decimal.Decimal // activa minus passiva at the end of the books
	Postings                       int             // postings with both accounts known
	// OpenBankDates are the value dates of the bank lines no posting books
	// yet, lines marked Ignore left out, in file order.
	OpenBankDates []reader.Date
	// Findings are the check_books findings of the books, by code, and
	// Errors how many of them are errors.
	Findings map[string]int
	Errors   int
}

// Digest sums l's books for the overview: the income statement and the
// equity of the whole books, the open bank lines' dates and the findings of
// CheckBooks (with unreadable, the optional files that could not be read).
func Digest(l *Ledger, rates Rates, unreadable []*reader.ParseError) BooksDigest {
	s := Statement(l, 0, 0)
	d := BooksDigest{IncomeChf: s.ProfitChf, ExpensesChf: s.LossChf, NetChf: s.NetChf,
		EquityChf: BalanceSummary(l, rates).EquityChf, Postings: len(l.postings)}
	booked := make(map[string]bool)
	for _, t := range l.Books.Transactions {
		if t.BankTransactionID != "" {
			booked[strings.ToLower(t.BankTransactionID)] = true
		}
	}
	for _, line := range l.Books.BankTransactions {
		if !line.Ignore && !booked[strings.ToLower(line.ID)] {
			d.OpenBankDates = append(d.OpenBankDates, line.ValueDate)
		}
	}
	fs := CheckBooks(l.Books, rates, unreadable)
	d.Findings = CountFindings(fs)
	for _, f := range fs {
		if f.Severity == SeverityError {
			d.Errors++
		}
	}
	return d
}
