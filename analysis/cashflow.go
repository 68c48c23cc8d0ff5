package analysis

import (
	"fmt"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// LiquidSubclass is the subclass of liquid assets (Flüssige Mittel) in the
// Swiss chart of accounts the app uses: cash, postal and bank accounts.
const LiquidSubclass = 10

// DefaultCashAccounts returns the accounts of l that count as cash when
// nothing else is configured: the activa accounts that have a bank account
// number or belong to the liquid-assets subclass, by number.
func DefaultCashAccounts(l *Ledger) []*reader.Account {
	var out []*reader.Account
	for _, a := range l.totalsIndex().byNumber {
		if a.Class() == reader.Activa && (a.BankAccountNumber != "" || a.SubclassNumber() == LiquidSubclass) {
			out = append(out, a)
		}
	}
	return out
}

// A FlowRow is the money that moved between the cash accounts and one
// counter-category (the subclass of the other account of the postings).
type FlowRow struct {
	Number    int // subclass number
	Name      string
	AmountChf decimal.Decimal // positive
	Legs      int
}

// A CashPeriod is one period of a cash-flow statement. Opening + In − Out +
// FxDifference = Closing exactly; FxDifference is zero unless a cash account
// is kept in a foreign currency (see CashFlow).
type CashPeriod struct {
	Label             string
	Opening, Closing  decimal.Decimal // CHF
	In, Out           decimal.Decimal // CHF, both positive
	FxDifference      decimal.Decimal
	Inflows, Outflows []FlowRow // largest first
}

// A CashValue is one cash account with the rate its balance is valued at.
type CashValue struct {
	Account    *reader.Account
	Rate       decimal.Decimal // 1 for CHF
	RateSource string          // "" for CHF, else RateFromConfig or RateFromPosting
}

// A CashFlow is the cash-flow statement of one year's books.
type CashFlow struct {
	Accounts []CashValue // the cash accounts valued, by number
	Periods  []CashPeriod
	Total    CashPeriod // the whole year
	Foreign  bool       // a cash account is kept in a foreign currency
	Warnings []Warning
}

// CashFlowOf computes the cash flow of l's books through the given cash
// accounts, per period of iv. A posting between a cash account and any
// other account is money in (the cash account is debited) or out (it is
// credited), filed under the other account's subclass, at the posting's CHF
// value; a posting between two cash accounts is a transfer and not a flow.
// So In − Out is exactly the change of the cash accounts at the CHF values
// booked. Periods follow the value date within the books; a late booking
// dated before the book year counts in its first period (see bookMonth).
//
// Opening and closing cash are the balances of the cash accounts at the
// period's start and end in CHF. A foreign-currency cash account is valued,
// at both ends, at the rate Balances uses for the year (configured, else the
// latest posting's); the difference between that value and the CHF values
// booked is FxDifference (the effect of exchange rates on cash). A foreign
// account without any rate cannot be valued: it is not counted as cash,
// and a warning says so.
func CashFlowOf(l *Ledger, cash []*reader.Account, iv Interval, rates Rates) CashFlow {
	var out CashFlow
	rate := cashRates(l, cash, rates, &out)
	year := l.Books.Year
	accts, periods := cashMovements(l, rate, iv.PerYear())
	value := func() decimal.Decimal {
		var sum decimal.Decimal
		for a, s := range accts {
			sum = sum.Add(s.raw.Mul(rate[a].Rate))
		}
		return sum
	}
	yearIn, yearOut := map[int]*flowSum{}, map[int]*flowSum{}
	out.Total = CashPeriod{Label: fmt.Sprintf("%04d", year), Opening: value()}
	for i := range periods {
		cp := CashPeriod{Label: iv.label(year, i), Opening: value(), In: periods[i].in.Value(), Out: periods[i].out.Value()}
		for _, s := range accts {
			s.raw = s.raw.Add(s.deltas[i])
		}
		cp.Closing = value()
		cp.FxDifference = cp.Closing.Sub(cp.Opening).Sub(cp.In).Add(cp.Out)
		cp.Inflows, cp.Outflows = flowRows(l, periods[i].inRows), flowRows(l, periods[i].outRows)
		mergeFlows(yearIn, periods[i].inRows)
		mergeFlows(yearOut, periods[i].outRows)
		out.Total.In = out.Total.In.Add(cp.In)
		out.Total.Out = out.Total.Out.Add(cp.Out)
		out.Periods = append(out.Periods, cp)
	}
	out.Total.Closing = value()
	out.Total.FxDifference = out.Total.Closing.Sub(out.Total.Opening).Sub(out.Total.In).Add(out.Total.Out)
	out.Total.Inflows, out.Total.Outflows = flowRows(l, yearIn), flowRows(l, yearOut)
	sort.Slice(out.Accounts, func(i, j int) bool { return out.Accounts[i].Account.Number < out.Accounts[j].Account.Number })
	return out
}

// cashRates returns the rate each cash account is valued at (1 for CHF),
// adding the accounts to out.Accounts; a foreign one without a rate is left
// out, with a warning. out also gets the warnings of the balances except
// their missing rates, which concern accounts that are not cash.
func cashRates(l *Ledger, cash []*reader.Account, rates Rates, out *CashFlow) map[*reader.Account]CashValue {
	bals, fxWarnings := Balances(l, rates)
	rate := map[*reader.Account]CashValue{}
	for _, b := range bals {
		if !contains(cash, b.Account) {
			continue
		}
		a := b.Account
		switch {
		case !a.IsForeign():
			rate[a] = CashValue{a, decimal.NewFromInt(1), ""}
		case b.Rate.Valid:
			rate[a] = CashValue{a, b.Rate.Decimal, b.RateSource}
			out.Foreign = true
		default:
			out.Warnings = append(out.Warnings, Warning{Code: "missing_fx_rate",
				Message: fmt.Sprintf("cash account %d %s is kept in %s and no rate is known (set Fx__%s): it is not counted as cash here, so its postings are flows", a.Number, a.Name, a.Currency, a.Currency),
				Summary: fmt.Sprintf("a cash account kept in %s has no known rate (set Fx__%s): it is not counted as cash here", a.Currency, a.Currency)})
			continue
		}
		out.Accounts = append(out.Accounts, rate[a])
	}
	for _, w := range fxWarnings {
		if w.Code != "missing_fx_rate" {
			out.Warnings = append(out.Warnings, w)
		}
	}
	return rate
}

// A cashBalance is one cash account's balance as it is rolled through the
// periods, and its change in each period.
type cashBalance struct {
	raw    decimal.Decimal // debit-positive, account currency
	deltas []decimal.Decimal
}

// periodFlows are one period's money in and out, in total and by the
// subclass of the other account.
type periodFlows struct {
	in, out         fixedSum
	inRows, outRows map[int]*flowSum
}

// cashMovements goes through l's postings once: the change of each cash
// account (those in rate) per period, starting from its start balance, and
// the flows of each period.
func cashMovements(l *Ledger, rate map[*reader.Account]CashValue, perYear int) (map[*reader.Account]*cashBalance, []periodFlows) {
	year := l.Books.Year
	accts := map[*reader.Account]*cashBalance{}
	for a := range rate {
		accts[a] = &cashBalance{raw: a.StartBalance, deltas: make([]decimal.Decimal, perYear)}
	}
	periods := make([]periodFlows, perYear)
	for i := range periods {
		periods[i].inRows, periods[i].outRows = map[int]*flowSum{}, map[int]*flowSum{}
	}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		p := (bookMonth(t.ValueDate, year) - 1) * perYear / 12
		ta, oa := accts[target], accts[origin]
		if ta != nil {
			ta.deltas[p] = ta.deltas[p].Add(PostingAmount(t, target))
		}
		if oa != nil {
			oa.deltas[p] = oa.deltas[p].Sub(PostingAmount(t, origin))
		}
		switch {
		case ta != nil && oa == nil:
			periods[p].in.Add(t.Value, false)
			addFlow(periods[p].inRows, origin.SubclassNumber(), t.Value)
		case oa != nil && ta == nil:
			periods[p].out.Add(t.Value, false)
			addFlow(periods[p].outRows, target.SubclassNumber(), t.Value)
		}
	})
	return accts, periods
}

// flowSum is one counter-category's flows, summed exactly.
type flowSum struct {
	sum  fixedSum
	legs int
}

func addFlow(rows map[int]*flowSum, key int, v decimal.Decimal) {
	r := rows[key]
	if r == nil {
		r = &flowSum{}
		rows[key] = r
	}
	r.sum.Add(v, false)
	r.legs++
}

func mergeFlows(into, from map[int]*flowSum) {
	for k, r := range from {
		addFlow(into, k, r.sum.Value())
		into[k].legs += r.legs - 1
	}
}

// flowRows orders a period's categories by amount, largest first, then by
// number.
func flowRows(l *Ledger, rows map[int]*flowSum) []FlowRow {
	out := make([]FlowRow, 0, len(rows))
	for k, r := range rows {
		out = append(out, FlowRow{Number: k, Name: l.SubclassName(k), AmountChf: r.sum.Value(), Legs: r.legs})
	}
	sort.Slice(out, func(i, j int) bool {
		if c := out[i].AmountChf.Cmp(out[j].AmountChf); c != 0 {
			return c > 0
		}
		return out[i].Number < out[j].Number
	})
	return out
}

func contains(accts []*reader.Account, a *reader.Account) bool {
	for _, c := range accts {
		if c == a {
			return true
		}
	}
	return false
}
