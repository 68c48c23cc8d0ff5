package analysis

import (
	"slices"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A MonthMovement is one month of an account's activity, in its currency.
type MonthMovement struct {
	Month          string // yyyy-MM
	Debits         decimal.Decimal
	Credits        decimal.Decimal
	ClosingBalance decimal.Decimal // normal direction
}

// Months returns the months of a's activity in the books: every month of the
// book year, plus any earlier or later month that has postings (late
// bookings), in calendar order with running closing balances.
func Months(l *Ledger, a *reader.Account) []MonthMovement {
	type sums struct{ debits, credits decimal.Decimal }
	byMonth := map[int]*sums{}
	key := func(d reader.Date) int { return d.Year()*100 + d.Month() }
	for m := 1; m <= 12; m++ {
		byMonth[l.Books.Year*100+m] = &sums{}
	}
	if t := l.totalsIndex().of[a]; t != nil {
		for _, d := range t.days {
			k := key(d.date)
			s := byMonth[k]
			if s == nil {
				s = &sums{}
				byMonth[k] = s
			}
			s.debits = s.debits.Add(d.debits)
			s.credits = s.credits.Add(d.credits)
		}
	}
	keys := make([]int, 0, len(byMonth))
	for k := range byMonth {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	sign := decimal.NewFromInt(normalSign(a.Class()))
	raw := a.StartBalance
	out := make([]MonthMovement, len(keys))
	for i, k := range keys {
		s := byMonth[k]
		raw = raw.Add(s.debits).Sub(s.credits)
		out[i] = MonthMovement{Month: reader.NewDate(k/100, k%100, 1).MonthKey(),
			Debits: s.debits, Credits: s.credits, ClosingBalance: raw.Mul(sign)}
	}
	return out
}
