package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// paymentsOf returns the payments and incomes of l by groupKey, cached.
func (f *forecaster) paymentsOf(l *Ledger) map[string][]occurrence {
	if m, ok := f.payments[l]; ok {
		return m
	}
	m := map[string][]occurrence{}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		if k, _ := groupKey(t, target, origin); k != "" {
			m[k] = append(m[k], occurrence{t.ValueDate, t.Value})
		}
	})
	f.payments[l] = m
	return m
}

// notSeasonal returns the one-offs of l without those that come back at
// the same time of year: a payment of the same payee and account in
// another of the full years hist, within a month of the same day and at
// least two thirds of the amount (a seasonal business's summer VAT, far
// above its winter quarters, is no one-off). hist holds only full years
// before the forecast's day, so nothing after it counts.
func (f *forecaster) notSeasonal(hist []*Ledger, l *Ledger, one map[*reader.Transaction]bool) map[*reader.Transaction]bool {
	if len(one) == 0 {
		return one
	}
	out := map[*reader.Transaction]bool{}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		if !one[t] {
			return
		}
		if k, _ := groupKey(t, target, origin); k == "" || !comesBack(f, hist, l, k, t) {
			out[t] = true
		}
	})
	return out
}

// comesBack tells whether a year of hist other than l's books a payment
// of key within a month of t's day and at least two thirds of t's amount.
func comesBack(f *forecaster, hist []*Ledger, l *Ledger, key string, t *reader.Transaction) bool {
	lo := t.Value.Mul(decimal.NewFromInt(2)).Div(decimal.NewFromInt(3))
	for _, h := range hist {
		if h.Books.Year == l.Books.Year {
			continue
		}
		day := sameDay(h.Books.Year, t.ValueDate)
		for _, o := range f.paymentsOf(h)[key] {
			if d := daysFrom(day, o.date); d >= -31 && d <= 31 && o.amount.GreaterThanOrEqual(lo) {
				return true
			}
		}
	}
	return false
}
