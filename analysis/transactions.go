package analysis

import (
	"sort"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A TxFilter selects postings. Zero fields do not filter. Text must already
// be folded with Fold; it matches the text, related party and bank text.
type TxFilter struct {
	AccountID string
	From, To  reader.Date
	Text      string
	Min, Max  decimal.NullDecimal // compared with the CHF value
}

// A TxRow is one matching posting with its accounts resolved.
type TxRow struct {
	Tx       *reader.Transaction
	Year     int // the books the posting belongs to
	Index    int // position in the books' Transactions
	Origin   *reader.Account
	Target   *reader.Account
	Value    decimal.Decimal // in Currency
	Currency string
	ValueChf decimal.Decimal
}

// A TxResult holds every match, newest first, and their CHF sum.
type TxResult struct {
	Rows []TxRow
	// SumChf sums all matches. With an account filter each posting counts in
	// that account's normal direction (a refund lowers an expense total);
	// otherwise values are added as they are.
	SumChf decimal.Decimal
}

// Transactions returns the postings of l that match f.
func Transactions(l *Ledger, f TxFilter) TxResult {
	var res TxResult
	var acct *reader.Account
	if f.AccountID != "" {
		acct = l.Account(f.AccountID)
	}
	l.eachPostingIndex(func(i int, t *reader.Transaction, target, origin *reader.Account) {
		if f.AccountID != "" && t.TargetAccountID != f.AccountID && t.OriginAccountID != f.AccountID {
			return
		}
		if !inRange(t.ValueDate, f.From, f.To) {
			return
		}
		if f.Min.Valid && t.Value.LessThan(f.Min.Decimal) || f.Max.Valid && t.Value.GreaterThan(f.Max.Decimal) {
			return
		}
		if f.Text != "" && !matchesText(t, f.Text) {
			return
		}
		row := TxRow{Tx: t, Year: l.Books.Year, Index: i, Origin: origin, Target: target,
			Value: t.Value, Currency: reader.BaseCurrency, ValueChf: t.Value}
		for _, a := range []*reader.Account{target, origin} {
			if a.IsForeign() && t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
				row.Value, row.Currency = PostingAmount(t, a), a.Currency
				break
			}
		}
		res.Rows = append(res.Rows, row)
		switch {
		case acct == nil:
			res.SumChf = res.SumChf.Add(t.Value)
		case (t.TargetAccountID == acct.ID) == (normalSign(acct.Class()) > 0):
			res.SumChf = res.SumChf.Add(t.Value)
		default:
			res.SumChf = res.SumChf.Sub(t.Value)
		}
	})
	SortNewestFirst(res.Rows)
	return res
}

// SortNewestFirst orders rows by value date descending, then by book year
// and file position descending, so that of one day the last booked comes
// first. It is deterministic and idempotent.
func SortNewestFirst(rows []TxRow) {
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Tx.ValueDate != b.Tx.ValueDate {
			return a.Tx.ValueDate > b.Tx.ValueDate
		}
		if a.Year != b.Year {
			return a.Year > b.Year
		}
		return a.Index > b.Index
	})
}

func matchesText(t *reader.Transaction, folded string) bool {
	for _, s := range []string{t.Text, t.RelatedParty, t.BankTransactionText} {
		if s != "" && strings.Contains(Fold(s), folded) {
			return true
		}
	}
	return false
}
