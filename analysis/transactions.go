package analysis

import (
	"slices"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A TxFilter selects postings. Zero fields do not filter. Text is a search
// query already folded with Fold: a posting matches when each of its words
// (in any order) and each quoted phrase occurs in its text, related party
// or bank text (QueryTerms).
// Class keeps the postings with a leg on an account of that class.
type TxFilter struct {
	AccountID string
	Class     reader.Class
	From, To  reader.Date
	Text      string
	Min, Max  decimal.NullDecimal // compared with the CHF value
	// Keep, when positive, keeps only the first Keep matches (newest
	// first) as rows; Total and SumChf still count them all. A page of
	// rows newest first needs no more than its offset and limit.
	Keep int
}

// A TxRow is one matching posting with its accounts resolved. Its amount in
// a foreign currency is worked out only for the rows shown (Amount): a page
// of 60 rows of 5,000 matches needs 60 divisions, not 5,000.
type TxRow struct {
	Tx       *reader.Transaction
	Year     int // the books the posting belongs to
	Index    int // position in the books' Transactions
	Origin   *reader.Account
	Target   *reader.Account
	ValueChf decimal.Decimal
}

// Amount returns the posting's amount and its currency: in the foreign
// currency, round(Value / FxRate, 2), when one side is a foreign account
// and the posting has a rate (the target's currency first), else the CHF
// value.
func (r *TxRow) Amount() (decimal.Decimal, string) {
	t := r.Tx
	for _, a := range []*reader.Account{r.Target, r.Origin} {
		if a.IsForeign() && t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
			return PostingAmount(t, a), a.Currency
		}
	}
	return t.Value, reader.BaseCurrency
}

// A TxResult holds every match, newest first (the first TxFilter.Keep of
// them), their number and their CHF sum.
type TxResult struct {
	Rows  []TxRow
	Total int
	// SumChf sums all matches. With an account filter each posting counts in
	// that account's normal direction (a refund lowers an expense total),
	// and so with a class filter in the class's (a posting between two
	// accounts of the class counts zero); otherwise values are added as
	// they are.
	SumChf decimal.Decimal
}

// Transactions returns the postings of l that match f, newest first. It
// walks the ledger's postings in that order, kept from the first call, and
// matches text against its folded texts, so a call neither sorts nor folds.
func Transactions(l *Ledger, f TxFilter) TxResult {
	var res TxResult
	var acct *reader.Account
	if f.AccountID != "" {
		acct = l.Account(f.AccountID)
	}
	var sum fixedSum
	var matches func(i int) bool
	if f.Text != "" {
		matches = l.textIndex().matcher(f.Text)
	}
	for _, p := range l.newestFirst() {
		if !inRange(p.date, f.From, f.To) {
			continue
		}
		i := int(p.index)
		if matches != nil && !matches(i) {
			continue
		}
		t := &l.Books.Transactions[i]
		if f.AccountID != "" && t.TargetAccountID != f.AccountID && t.OriginAccountID != f.AccountID {
			continue
		}
		if f.Min.Valid && t.Value.LessThan(f.Min.Decimal) || f.Max.Valid && t.Value.GreaterThan(f.Max.Decimal) {
			continue
		}
		target, origin := p.target, p.origin
		inTarget, inOrigin := f.Class != 0 && target.Class() == f.Class, f.Class != 0 && origin.Class() == f.Class
		if f.Class != 0 && !inTarget && !inOrigin {
			continue
		}
		if f.Keep <= 0 || len(res.Rows) < f.Keep {
			if res.Rows == nil && f == (TxFilter{}) {
				res.Rows = make([]TxRow, 0, len(l.newestFirst())) // every posting matches
			}
			res.Rows = append(res.Rows, TxRow{Tx: t, Year: l.Books.Year, Index: i, Origin: origin, Target: target, ValueChf: t.Value})
		}
		res.Total++
		// With an account or a class, a posting counts in its normal direction.
		switch {
		case acct != nil:
			sum.addUnits(t.Value, p.units, p.unitsOK, (t.TargetAccountID == acct.ID) != (normalSign(acct.Class()) > 0))
		case f.Class == 0:
			sum.addUnits(t.Value, p.units, p.unitsOK, false)
		case inTarget != inOrigin:
			sum.addUnits(t.Value, p.units, p.unitsOK, inTarget != (normalSign(f.Class) > 0))
		}
	}
	res.SumChf = sum.Value()
	return res
}

// newer reports whether a comes before b in newest-first order: by value
// date descending, then by book year and file position descending, so that
// of one day the last booked comes first.
func newer(a, b *TxRow) bool {
	if a.Tx.ValueDate != b.Tx.ValueDate {
		return a.Tx.ValueDate > b.Tx.ValueDate
	}
	if a.Year != b.Year {
		return a.Year > b.Year
	}
	return a.Index > b.Index
}

// SortLargestFirst orders rows by CHF value, largest first; rows of equal
// value keep their order (newest first, as Transactions returns them).
func SortLargestFirst(rows []TxRow) {
	slices.SortStableFunc(rows, func(a, b TxRow) int { return b.ValueChf.Cmp(a.ValueChf) })
}

// MergeNewestFirst merges lists that are each in newest-first order (see newer),
// as Transactions returns them for the books of several years, into one list
// in that order, without sorting them again.
func MergeNewestFirst(lists ...[]TxRow) []TxRow {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	if n == 0 {
		return nil
	}
	out := make([]TxRow, 0, n)
	heads := make([]int, len(lists))
	for len(out) < n {
		best := -1
		for k, l := range lists {
			if heads[k] < len(l) && (best < 0 || newer(&l[heads[k]], &lists[best][heads[best]])) {
				best = k
			}
		}
		out = append(out, lists[best][heads[best]])
		heads[best]++
	}
	return out
}
