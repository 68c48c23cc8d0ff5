package analysis

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A Ledger indexes one year's books for the reports. Build it with NewLedger;
// it is immutable afterwards (its per-account totals, posting order and text
// index are built on first use, once, under sync.Once), so one Ledger may
// serve concurrent calls for as long as its books are current (see
// CachedLedger).
type Ledger struct {
	Books    *reader.Books
	accounts map[string]*reader.Account
	subNames map[int]string
	postings []int // indices of postings whose accounts both exist, in file order
	Warnings []Warning
	lazy     *ledgerIndexes
	// Origin is the Store's books a Cut ledger was taken from; nil when
	// Books are the Store's books themselves.
	Origin *reader.Books
}

// Source returns the books as the Store holds them: Origin for a cut
// ledger, else Books. Memos of a cut ledger's figures key on it.
func (l *Ledger) Source() *reader.Books {
	if l.Origin != nil {
		return l.Origin
	}
	return l.Books
}

// Cut returns a ledger of l's books with only the postings of the book
// months that have ended by through (a month's last day), and whether any
// posting was left out: those dated on or before through, but a late
// booking dated before the book year only once its January has ended. The
// opening balances, the chart and the warnings about the chart stay as they
// are.
func (l *Ledger) Cut(through reader.Date) (*Ledger, bool) {
	first := reader.NewDate(l.Books.Year, 1, 1)
	kept := make([]reader.Transaction, 0, len(l.Books.Transactions))
	for _, t := range l.Books.Transactions {
		if max(t.ValueDate, first) <= through {
			kept = append(kept, t)
		}
	}
	if len(kept) == len(l.Books.Transactions) {
		return l, false
	}
	b := *l.Books
	b.Transactions = kept
	c := NewLedger(&b)
	c.Origin = l.Source()
	return c, true
}

type ledgerKey struct{}

// CachedLedger returns the Ledger of b, built once and kept by s for as long
// as b are s's current books of their mandator and year (see
// reader.Store.Memo), so that warm calls neither re-index nor re-sort.
func CachedLedger(s *reader.Store, b *reader.Books) *Ledger {
	return s.Memo(b, ledgerKey{}, func() any { return NewLedger(b) }).(*Ledger)
}

// A Warning reports a problem in the data that the numbers work around.
type Warning struct {
	Code    string // dangling_account, missing_subclass, missing_fx_rate
	Message string
	// Summary says the same without account ids, texts or dates, for the
	// Aggregate privacy mode.
	Summary string
	// Subclass is, for missing_subclass, the subclass whose name is a
	// stand-in: the warning concerns only the answers that show that name
	// (see WarningsFor). 0 for the warnings about the year's figures.
	Subclass int
}

// WarningsFor returns the warnings of the ledger that concern an answer, so
// that a warning rides on the answers whose figures it concerns and on no
// other: with totals, the warnings about figures summed from the year's
// postings (a posting left out of them); and the missing_subclass warning of
// each subclass in shown, the subclasses whose names the answer shows. The
// slice is the caller's to append to.
func (l *Ledger) WarningsFor(totals bool, shown ...int) []Warning {
	return WarningsFor(l.Warnings, totals, shown...)
}

// WarningsFor is Ledger.WarningsFor over a year's warnings kept without
// its ledger, for an answer that learns which subclasses it shows only
// after it has let the year's books go.
func WarningsFor(warnings []Warning, totals bool, shown ...int) []Warning {
	var out []Warning
	for _, w := range warnings {
		if w.Subclass != 0 && slices.Contains(shown, w.Subclass) || w.Subclass == 0 && totals {
			out = append(out, w)
		}
	}
	return out
}

// NewLedger indexes b. Postings whose accounts are not in the chart are left
// out of every number and reported as warnings.
func NewLedger(b *reader.Books) *Ledger {
	l := &Ledger{
		Books:    b,
		accounts: make(map[string]*reader.Account, len(b.Accounts)),
		subNames: make(map[int]string, len(b.SubClasses)),
		lazy:     &ledgerIndexes{},
	}
	for i := range b.Accounts {
		l.accounts[b.Accounts[i].ID] = &b.Accounts[i]
	}
	for _, s := range b.SubClasses {
		l.subNames[s.Number] = s.Name
	}
	l.postings = make([]int, 0, len(b.Transactions))
	for i := range b.Transactions {
		t := &b.Transactions[i]
		missing := ""
		if l.accounts[t.TargetAccountID] == nil {
			missing = t.TargetAccountID
		} else if l.accounts[t.OriginAccountID] == nil {
			missing = t.OriginAccountID
		}
		if missing != "" {
			l.Warnings = append(l.Warnings, Warning{Code: "dangling_account",
				Message: fmt.Sprintf("a posting of %s refers to account id %q, which is not in Accounts.xml; it is left out of all totals", t.ValueDate, missing),
				Summary: "a posting refers to an account that is not in Accounts.xml; it is left out of all totals"})
			continue
		}
		l.postings = append(l.postings, i)
	}
	seen := map[int]bool{}
	for i := range b.Accounts {
		sub := b.Accounts[i].SubclassNumber()
		if _, ok := l.subNames[sub]; !ok && !seen[sub] {
			seen[sub] = true
			msg := fmt.Sprintf("subclass %d has no name in SubClasses.xml; it is called %q", sub, SubclassLabel(sub))
			l.Warnings = append(l.Warnings, Warning{Code: "missing_subclass", Message: msg, Summary: msg, Subclass: sub})
		}
	}
	// Callers append to copies; a full slice makes an append on the shared
	// one reallocate rather than race.
	l.Warnings = slices.Clip(l.Warnings)
	return l
}

// Account returns the account with id, or nil.
func (l *Ledger) Account(id string) *reader.Account { return l.accounts[id] }

// AccountByNumber returns the account with the given number, or nil.
func (l *Ledger) AccountByNumber(n int) *reader.Account {
	for i := range l.Books.Accounts {
		if l.Books.Accounts[i].Number == n {
			return &l.Books.Accounts[i]
		}
	}
	return nil
}

// SubclassName returns the name of subclass n, or "Subclass n" when
// SubClasses.xml lacks it.
func (l *Ledger) SubclassName(n int) string {
	if name, ok := l.subNames[n]; ok && name != "" {
		return name
	}
	return SubclassLabel(n)
}

// SubclassLabel is the name given to a subclass that SubClasses.xml lacks.
func SubclassLabel(n int) string { return fmt.Sprintf("Subclass %d", n) }

// eachPosting calls fn for every posting with both accounts known, in file
// order.
func (l *Ledger) eachPosting(fn func(t *reader.Transaction, target, origin *reader.Account)) {
	l.eachPostingIndex(func(_ int, t *reader.Transaction, target, origin *reader.Account) { fn(t, target, origin) })
}

// eachPostingIndex is eachPosting with the posting's index in the file.
func (l *Ledger) eachPostingIndex(fn func(i int, t *reader.Transaction, target, origin *reader.Account)) {
	for _, i := range l.postings {
		t := &l.Books.Transactions[i]
		fn(i, t, l.accounts[t.TargetAccountID], l.accounts[t.OriginAccountID])
	}
}

// PostingAmount returns the amount of posting t for account a in a's
// currency: Value for a CHF account, and round(Value / FxRate, 2) with
// banker's rounding for a foreign account when the posting has a non-zero
// rate.
func PostingAmount(t *reader.Transaction, a *reader.Account) decimal.Decimal {
	if a.IsForeign() && t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
		return DivRoundBank(t.Value, t.FxRate.Decimal)
	}
	return t.Value
}

// DivRoundBank returns v / d rounded to two decimals, half to even, computed
// exactly from the remainder rather than from a truncated quotient.
func DivRoundBank(v, d decimal.Decimal) decimal.Decimal {
	q, r := v.QuoRem(d, 2) // v = d*q + r, q truncated toward zero
	if r.IsZero() {
		return q
	}
	step := decimal.New(int64(v.Sign()*d.Sign()), -2)
	switch r.Abs().Shift(2).Mul(decimal.NewFromInt(2)).Cmp(d.Abs()) {
	case 1:
		return q.Add(step)
	case 0:
		if q.Shift(2).Mod(decimal.NewFromInt(2)).IsZero() {
			return q
		}
		return q.Add(step)
	}
	return q
}

// normalSign is +1 for classes whose normal balance is a debit and -1 for
// those whose normal balance is a credit.
func normalSign(c reader.Class) int64 {
	if c == reader.Passiva || c == reader.Income {
		return -1
	}
	return 1
}

// inRange reports whether d lies in [from, to]; a zero bound is open.
func inRange(d, from, to reader.Date) bool {
	return (from == 0 || d >= from) && (to == 0 || d <= to)
}

func sortAccounts(accts []*reader.Account) {
	slices.SortStableFunc(accts, func(a, b *reader.Account) int { return cmp.Compare(a.Number, b.Number) })
}
