package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A MonthWorth is the balance sheet in CHF at the end of a month.
type MonthWorth struct {
	Month      string // yyyy-MM
	ActivaChf  decimal.Decimal
	PassivaChf decimal.Decimal
	EquityChf  decimal.Decimal // activa minus passiva
}

// NetWorthByMonth returns the balance sheet of l's books at the end of each
// of the months 1 to last of its year (last is clamped to 0–12). A month's
// balances are the start balances plus the postings dated up to its end; a
// late booking dated before the year counts from January, one dated after it
// in December (see bookMonth), so December equals BalanceSummary exactly.
// Foreign accounts are valued, in every month, at the rate Balances uses for
// the whole books (configured, else the latest posting's), and accounts
// without a rate are left out, as in BalanceSummary, whose warnings are
// returned.
func NetWorthByMonth(l *Ledger, rates Rates, last int) ([]MonthWorth, []Warning) {
	last = max(0, min(last, 12))
	bals, fxWarnings := Balances(l, rates)
	warnings := append(l.WarningsFor(true), fxWarnings...) // it names no subclass
	type acct struct {
		class  reader.Class
		factor decimal.Decimal // normal sign × rate
		raw    decimal.Decimal // debit-positive running balance
		deltas [13]decimal.Decimal
	}
	index := map[*reader.Account]*acct{}
	var accts []*acct
	for _, b := range bals {
		c := b.Account.Class()
		if !b.BalanceChf.Valid || c != reader.Activa && c != reader.Passiva {
			continue
		}
		a := &acct{class: c, raw: b.Account.StartBalance, factor: decimal.NewFromInt(normalSign(c))}
		if b.Rate.Valid {
			a.factor = a.factor.Mul(b.Rate.Decimal)
		}
		index[b.Account] = a
		accts = append(accts, a)
	}
	year := l.Books.Year
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		m := bookMonth(t.ValueDate, year)
		if a := index[target]; a != nil {
			a.deltas[m] = a.deltas[m].Add(PostingAmount(t, target))
		}
		if a := index[origin]; a != nil {
			a.deltas[m] = a.deltas[m].Sub(PostingAmount(t, origin))
		}
	})
	out := make([]MonthWorth, 0, last)
	for m := 1; m <= last; m++ {
		var w MonthWorth
		w.Month = reader.NewDate(year, m, 1).MonthKey()
		for _, a := range accts {
			a.raw = a.raw.Add(a.deltas[m])
			v := a.raw.Mul(a.factor)
			if a.class == reader.Activa {
				w.ActivaChf = w.ActivaChf.Add(v)
			} else {
				w.PassivaChf = w.PassivaChf.Add(v)
			}
		}
		w.EquityChf = w.ActivaChf.Sub(w.PassivaChf)
		out = append(out, w)
	}
	return out, warnings
}
