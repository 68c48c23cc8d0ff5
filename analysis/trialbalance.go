package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A TrialRow is one account of a trial balance. Opening and Closing are in
// the account's normal direction, Debits and Credits as booked, all four in
// the account's currency; DebitsChf and CreditsChf are the same legs at
// their CHF values, which is what the grand totals add up.
type TrialRow struct {
	Account               *reader.Account
	Opening               decimal.Decimal
	Debits, Credits       decimal.Decimal
	Closing               decimal.Decimal
	DebitsChf, CreditsChf decimal.Decimal
	Legs                  int
}

// A TrialBalance is the accountant's check of a year's books: every
// account's opening balance, debits, credits and closing balance, and the
// grand totals of debits and credits in CHF, which are equal because every
// posting debits one account and credits another with the same CHF value.
type TrialBalance struct {
	Rows                            []TrialRow // by account number
	TotalDebitsChf, TotalCreditsChf decimal.Decimal
}

// TrialBalanceOf computes the trial balance of l's books for the postings
// whose value date lies in [from, to] (zero bounds are open). Postings dated
// before from count in the opening balance, after the start balance;
// postings dated after to are left out. Accounts with neither a balance nor
// a posting are left out; postings on unknown accounts are excluded, as
// everywhere (see NewLedger).
func TrialBalanceOf(l *Ledger, from, to reader.Date) TrialBalance {
	idx := l.totalsIndex()
	type sums struct{ before, debits, credits, debitsChf, creditsChf fixedSum }
	by := make(map[*reader.Account]*sums, len(idx.byNumber))
	legs := map[*reader.Account]int{}
	for _, a := range idx.byNumber {
		by[a] = &sums{}
	}
	var totalDebits, totalCredits fixedSum
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		if to != 0 && t.ValueDate > to {
			return
		}
		dt, ct := PostingAmount(t, target), PostingAmount(t, origin)
		if from != 0 && t.ValueDate < from {
			by[target].before.Add(dt, false)
			by[origin].before.Add(ct, true)
			return
		}
		by[target].debits.Add(dt, false)
		by[target].debitsChf.Add(t.Value, false)
		by[origin].credits.Add(ct, false)
		by[origin].creditsChf.Add(t.Value, false)
		legs[target]++
		legs[origin]++
		totalDebits.Add(t.Value, false)
		totalCredits.Add(t.Value, false)
	})
	out := TrialBalance{Rows: []TrialRow{}, TotalDebitsChf: totalDebits.Value(), TotalCreditsChf: totalCredits.Value()}
	for _, a := range idx.byNumber {
		s := by[a]
		sign := decimal.NewFromInt(normalSign(a.Class()))
		raw := a.StartBalance.Add(s.before.Value())
		r := TrialRow{Account: a, Opening: raw.Mul(sign), Debits: s.debits.Value(), Credits: s.credits.Value(),
			DebitsChf: s.debitsChf.Value(), CreditsChf: s.creditsChf.Value(), Legs: legs[a]}
		r.Closing = raw.Add(r.Debits).Sub(r.Credits).Mul(sign)
		if r.Legs == 0 && r.Opening.IsZero() && r.Closing.IsZero() {
			continue
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}
