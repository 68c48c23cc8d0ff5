package analysis

import (
	"sort"
	"strings"
	"sync"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// ledgerIndexes are the parts of a Ledger that are built on first use, each
// once, so that a Ledger kept across calls answers reports without walking
// its postings again. Once built they are never modified.
type ledgerIndexes struct {
	totalsOnce sync.Once
	totals     *accountIndex
	orderOnce  sync.Once
	newest     []indexedPosting
	textOnce   sync.Once
	text       *textIndex
}

// An accountIndex holds every account's movements: totals for balances, and
// per value date for reports over any date range.
type accountIndex struct {
	byNumber   []*reader.Account // the chart ordered by number, ties in file order
	of         map[*reader.Account]*accountTotals
	dupNumbers bool // two accounts share a number: per-account reports scan instead
}

// accountTotals are one account's movements in the books.
type accountTotals struct {
	debits, credits decimal.Decimal // account currency
	legs            int
	latestFx        *reader.Transaction // the latest posting on a foreign account that has a rate
	days            []dayTotals         // by value date, ascending
}

// dayTotals are one day of an account's movements. Debits and credits are
// that day's, in the account currency; legs and chf run from the first day
// through this one, so that any date range is a difference of two days.
type dayTotals struct {
	date            reader.Date
	debits, credits decimal.Decimal
	legs            int
	chf             decimal.Decimal // CHF, debits − credits
}

// totalsIndex returns l's account index, building it on first use.
func (l *Ledger) totalsIndex() *accountIndex {
	l.lazy.totalsOnce.Do(func() { l.lazy.totals = buildAccountIndex(l) })
	return l.lazy.totals
}

func buildAccountIndex(l *Ledger) *accountIndex {
	idx := &accountIndex{of: make(map[*reader.Account]*accountTotals, len(l.accounts))}
	idx.byNumber = make([]*reader.Account, len(l.Books.Accounts))
	for i := range l.Books.Accounts {
		idx.byNumber[i] = &l.Books.Accounts[i]
	}
	sortAccounts(idx.byNumber)
	for i := 1; i < len(idx.byNumber); i++ {
		idx.dupNumbers = idx.dupNumbers || idx.byNumber[i].Number == idx.byNumber[i-1].Number
	}
	type leg struct {
		date   reader.Date
		amount decimal.Decimal // account currency
		value  decimal.Decimal // CHF
		debit  bool
	}
	legs := map[*reader.Account][]leg{}
	totals := func(a *reader.Account) *accountTotals {
		t := idx.of[a]
		if t == nil {
			t = &accountTotals{}
			idx.of[a] = t
		}
		return t
	}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		legs[target] = append(legs[target], leg{t.ValueDate, PostingAmount(t, target), t.Value, true})
		legs[origin] = append(legs[origin], leg{t.ValueDate, PostingAmount(t, origin), t.Value, false})
		if t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
			for _, a := range []*reader.Account{target, origin} {
				if tot := totals(a); a.IsForeign() && (tot.latestFx == nil || t.ValueDate >= tot.latestFx.ValueDate) {
					tot.latestFx = t
				}
			}
		}
	})
	for a, ls := range legs {
		tot := totals(a)
		sort.SliceStable(ls, func(i, j int) bool { return ls[i].date < ls[j].date })
		var debits, credits, chf fixedSum // all days so far
		for k := 0; k < len(ls); {
			var dayDebits, dayCredits fixedSum
			day := ls[k].date
			for ; k < len(ls) && ls[k].date == day; k++ {
				g := &ls[k]
				if g.debit {
					dayDebits.Add(g.amount, false)
					debits.Add(g.amount, false)
				} else {
					dayCredits.Add(g.amount, false)
					credits.Add(g.amount, false)
				}
				chf.Add(g.value, !g.debit)
				tot.legs++
			}
			tot.days = append(tot.days, dayTotals{date: day, debits: dayDebits.Value(), credits: dayCredits.Value(),
				legs: tot.legs, chf: chf.Value()})
		}
		tot.debits, tot.credits = debits.Value(), credits.Value()
	}
	return idx
}

// between returns the CHF movement (debits − credits) and the number of
// legs of the days in [from, to]; zero bounds are open.
func (t *accountTotals) between(from, to reader.Date) (decimal.Decimal, int) {
	hi := len(t.days) - 1
	if to != 0 {
		hi = sort.Search(len(t.days), func(i int) bool { return t.days[i].date > to }) - 1
	}
	lo := -1
	if from != 0 {
		lo = sort.Search(len(t.days), func(i int) bool { return t.days[i].date >= from }) - 1
	}
	if hi <= lo {
		return decimal.Decimal{}, 0
	}
	if lo < 0 {
		return t.days[hi].chf, t.days[hi].legs
	}
	return t.days[hi].chf.Sub(t.days[lo].chf), t.days[hi].legs - t.days[lo].legs
}

// An indexedPosting is one entry of a Ledger's newest-first order: what filters
// read, kept together so that a query does not touch the Transactions of
// the postings it rejects.
type indexedPosting struct {
	index          int32 // in Books.Transactions
	date           reader.Date
	units          int64 // Value in units of 10^-7, when unitsOK
	unitsOK        bool
	origin, target *reader.Account
}

// newestFirst returns l's postings ordered by value date descending, then
// by file position descending: newer's order within one book year.
func (l *Ledger) newestFirst() []indexedPosting {
	build := func() []indexedPosting {
		out := make([]indexedPosting, len(l.postings))
		for k, i := range l.postings {
			t := &l.Books.Transactions[i]
			u, ok := toUnits(t.Value)
			out[k] = indexedPosting{int32(i), t.ValueDate, u, ok, l.accounts[t.OriginAccountID], l.accounts[t.TargetAccountID]}
		}
		sort.Slice(out, func(i, j int) bool {
			a, b := &out[i], &out[j]
			return a.date > b.date || a.date == b.date && a.index > b.index
		})
		return out
	}
	l.lazy.orderOnce.Do(func() { l.lazy.newest = build() })
	return l.lazy.newest
}

// A textIndex holds the folded texts of l's postings, each distinct text
// once, so that a search folds nothing and tests each text once.
type textIndex struct {
	folded []string
	of     [][3]int32 // per posting: Text, RelatedParty, BankTransactionText; -1 for none
}

func (l *Ledger) textIndex() *textIndex {
	l.lazy.textOnce.Do(func() { l.lazy.text = buildTextIndex(l.Books) })
	return l.lazy.text
}

func buildTextIndex(b *reader.Books) *textIndex {
	x := &textIndex{of: make([][3]int32, len(b.Transactions))}
	ids := map[string]int32{}
	id := func(s string) int32 {
		if s == "" {
			return -1
		}
		n, ok := ids[s]
		if !ok {
			n = int32(len(x.folded))
			x.folded = append(x.folded, Fold(s))
			ids[s] = n
		}
		return n
	}
	for i := range b.Transactions {
		t := &b.Transactions[i]
		x.of[i] = [3]int32{id(t.Text), id(t.RelatedParty), id(t.BankTransactionText)}
	}
	return x
}

// matcher returns a test of whether posting i matches query, a query
// already folded with Fold: each of its terms (QueryTerms: words in any
// order, quoted phrases) occurs in the posting's text, related party or
// bank text. Each distinct text is tested once per term.
func (x *textIndex) matcher(query string) func(i int) bool {
	terms := QueryTerms(query)
	hits := make([][]bool, len(terms))
	for k, term := range terms {
		hit := make([]bool, len(x.folded))
		for n, s := range x.folded {
			hit[n] = strings.Contains(s, term)
		}
		hits[k] = hit
	}
	return func(i int) bool {
		for _, hit := range hits {
			found := false
			for _, n := range x.of[i] {
				if n >= 0 && hit[n] {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return true
	}
}
