package analysis

import (
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// Rates holds configured exchange rates: CHF per one unit of a currency,
// keyed by upper-case ISO code.
type Rates map[string]decimal.Decimal

// Sources of the rate used to value a foreign-currency balance in CHF.
const (
	RateFromConfig  = "config"
	RateFromPosting = "latest_posting"
)

// An AccountBalance is one account's balance at the end of the books.
type AccountBalance struct {
	Account      *reader.Account
	SubclassName string
	StartBalance decimal.Decimal // normal direction, account currency
	Debits       decimal.Decimal // account currency
	Credits      decimal.Decimal // account currency
	Balance      decimal.Decimal // normal direction, account currency
	// BalanceChf is Balance in CHF; invalid when a foreign account has no rate.
	BalanceChf decimal.NullDecimal
	Rate       decimal.NullDecimal // the rate used, for foreign accounts
	RateSource string              // RateFromConfig or RateFromPosting
	Legs       int                 // postings on this account
}

// Balances returns the balance of every account, ordered by number. A foreign
// account is valued at the configured rate for its currency, else at the rate
// of its latest posting that has one; with neither, BalanceChf is invalid and
// a missing_fx_rate warning is returned.
func Balances(l *Ledger, rates Rates) ([]AccountBalance, []Warning) {
	idx := l.totalsIndex()
	out := make([]AccountBalance, len(idx.byNumber))
	latest := make(map[*reader.Account]*reader.Transaction)
	for i, a := range idx.byNumber {
		out[i] = AccountBalance{Account: a, SubclassName: l.SubclassName(a.SubclassNumber())}
		if t := idx.of[a]; t != nil {
			out[i].Debits, out[i].Credits, out[i].Legs = t.debits, t.credits, t.legs
			latest[a] = t.latestFx
		}
	}
	var warnings []Warning
	for i := range out {
		b := &out[i]
		a := b.Account
		sign := decimal.NewFromInt(normalSign(a.Class()))
		b.StartBalance = a.StartBalance.Mul(sign)
		b.Balance = a.StartBalance.Add(b.Debits).Sub(b.Credits).Mul(sign)
		if !a.IsForeign() {
			b.BalanceChf = decimal.NewNullDecimal(b.Balance)
			continue
		}
		if r, ok := rates[a.Currency]; ok {
			b.Rate, b.RateSource = decimal.NewNullDecimal(r), RateFromConfig
		} else if t := latest[a]; t != nil {
			b.Rate, b.RateSource = t.FxRate, RateFromPosting
		} else {
			msg := fmt.Sprintf("account %d %s is kept in %s and no rate is known (set Fx__%s, or book a posting with an FxRate); its CHF balance is omitted and not in the totals",
				a.Number, a.Name, a.Currency, a.Currency)
			warnings = append(warnings, Warning{Code: "missing_fx_rate", Message: msg, Summary: fmt.Sprintf(
				"an account kept in %s has no known rate (set Fx__%s); its CHF balance is not in the totals", a.Currency, a.Currency)})
			continue
		}
		b.BalanceChf = decimal.NewNullDecimal(b.Balance.Mul(b.Rate.Decimal))
	}
	return out, warnings
}

// A Summary is the balance sheet in CHF.
type Summary struct {
	TotalActivaChf  decimal.Decimal
	TotalPassivaChf decimal.Decimal
	EquityChf       decimal.Decimal // activa minus passiva
	Warnings        []Warning
}

// BalanceSummary totals the CHF balances of activa and passiva. Accounts
// without a CHF value are left out and named in the warnings.
func BalanceSummary(l *Ledger, rates Rates) Summary {
	bals, warnings := Balances(l, rates)
	var s Summary
	for _, b := range bals {
		if !b.BalanceChf.Valid {
			continue
		}
		switch b.Account.Class() {
		case reader.Activa:
			s.TotalActivaChf = s.TotalActivaChf.Add(b.BalanceChf.Decimal)
		case reader.Passiva:
			s.TotalPassivaChf = s.TotalPassivaChf.Add(b.BalanceChf.Decimal)
		}
	}
	s.EquityChf = s.TotalActivaChf.Sub(s.TotalPassivaChf)
	s.Warnings = append(l.WarningsFor(true), warnings...) // it names no subclass
	return s
}
