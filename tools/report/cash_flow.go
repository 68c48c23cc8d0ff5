package report

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/shopspring/decimal"
)

// Intervals are the intervals of get_cash_flow.
var Intervals = map[string]analysis.Interval{"month": analysis.Monthly, "quarter": analysis.Quarterly, "year": analysis.Yearly}

// CashFlowDescription is shared by both variants.
const CashFlowDescription = "Use for a cash-flow statement: opening cash, money in and out by category (the other account's subclass), closing cash; opening + in − out (+ fxDifference: foreign cash at the year's rate) = closing. Cash: activa accounts with an IBAN or in subclass 10."

// CashFlow computes get_cash_flow: the year's books of the cash
// accounts numbered cash (none: the configured ones, else the default) per
// interval. Warnings are in full with detail set, else codes and counts.
func CashFlow(ctx context.Context, env *toolkit.Env, scope toolkit.Scope, interval string, cash []int, detail bool) (*dto.CashFlow, error) {
	if interval == "" {
		interval = "month"
	}
	iv, ok := Intervals[interval]
	if !ok {
		return nil, toolkit.InvalidArgument("interval %q is not valid; choose one of \"month\", \"quarter\", \"year\"", interval)
	}
	l, err := env.Ledger(ctx, scope.Mandator, scope.Year)
	if err != nil {
		return nil, err
	}
	accts, warnings, err := cashAccounts(l, cash, env.CashAccounts)
	if err != nil {
		return nil, err
	}
	cf := analysis.CashFlowOf(l, accts, iv, env.Rates)
	out := &dto.CashFlow{Mandator: l.Books.Mandator, Year: l.Books.Year, Interval: interval, CashAccounts: []string{},
		Periods: make([]dto.CashPeriod, len(cf.Periods))}
	for _, v := range cf.Accounts {
		out.CashAccounts = append(out.CashAccounts, v.Account.Name)
	}
	for i, p := range cf.Periods {
		out.Periods[i] = cashPeriod(p, cf.Foreign)
	}
	out.CashTotals = cashPeriod(cf.Total, cf.Foreign).CashTotals
	var shown []int // the subclasses the flows name: the year's rows hold every period's
	for _, r := range append(append([]analysis.FlowRow(nil), cf.Total.Inflows...), cf.Total.Outflows...) {
		shown = append(shown, r.Number)
	}
	ws := append(l.WarningsFor(true, shown...), cf.Warnings...)
	if detail {
		out.Warnings = append(warnings, toolkit.Warnings(ws)...)
	} else {
		out.Warnings = append(warnings, env.SummaryWarnings(ws)...)
	}
	return out, nil
}

// cashPeriod formats one period. With foreign cash, the exchange difference
// is shown as what makes the rounded figures add up (within a cent of the
// exact one), so that opening + in − out + fxDifference = closing holds in
// the figures shown too.
func cashPeriod(p analysis.CashPeriod, foreign bool) dto.CashPeriod {
	out := dto.CashPeriod{Period: p.Label, CashTotals: dto.CashTotals{OpeningChf: toolkit.Money(p.Opening), InChf: toolkit.Money(p.In),
		OutChf: toolkit.Money(p.Out), ClosingChf: toolkit.Money(p.Closing)},
		Inflows: categories(p.Inflows), Outflows: categories(p.Outflows)}
	if foreign {
		r := func(d decimal.Decimal) decimal.Decimal { return d.Round(2) }
		out.FxDifferenceChf = toolkit.Money(r(p.Closing).Sub(r(p.Opening)).Sub(r(p.In)).Add(r(p.Out)))
	}
	return out
}

func categories(rows []analysis.FlowRow) []dto.CashCategory {
	out := make([]dto.CashCategory, len(rows))
	for i, r := range rows {
		out[i] = dto.CashCategory{Name: r.Name, AmountChf: toolkit.Money(r.AmountChf)}
	}
	return out
}

// cashAccounts resolves which accounts count as cash: those numbered by the
// argument (each must be an activa account of the books), else those
// configured (numbers the chart lacks are named in a warning), else the
// default (analysis.DefaultCashAccounts).
func cashAccounts(l *analysis.Ledger, arg, configured []int) ([]*reader.Account, []string, error) {
	b := l.Books
	if len(arg) > 0 {
		var out []*reader.Account
		for _, n := range arg {
			a := l.AccountByNumber(n)
			if a == nil {
				return nil, nil, toolkit.Errorf(toolkit.CodeUnknownAccount, "call list_accounts for the chart of accounts",
					"cash account %d is not in the books of %q for %d; activa accounts: %s", n, b.Mandator, b.Year, activaList(l))
			}
			if a.Class() != reader.Activa {
				return nil, nil, toolkit.InvalidArgument("account %d %s is %s; cash accounts are activa accounts: %s", n, a.Name, a.Class(), activaList(l))
			}
			if !containsAccount(out, a) {
				out = append(out, a)
			}
		}
		return out, nil, nil
	}
	if len(configured) == 0 {
		return analysis.DefaultCashAccounts(l), nil, nil
	}
	var out []*reader.Account
	var warnings []string
	for _, n := range configured {
		a := l.AccountByNumber(n)
		if a == nil || a.Class() != reader.Activa {
			warnings = append(warnings, fmt.Sprintf("cash_account_missing: the configured cash account %d (Mcp__CashAccounts) is not an activa account of these books; it is left out", n))
			continue
		}
		if !containsAccount(out, a) {
			out = append(out, a)
		}
	}
	if len(out) == 0 {
		return nil, nil, toolkit.Errorf(toolkit.CodeUnknownAccount, "fix Mcp__CashAccounts (account numbers separated by commas), or unset it for the default",
			"none of the cash accounts configured in Mcp__CashAccounts (%s) is an activa account of the books of %q for %d", intList(configured), b.Mandator, b.Year)
	}
	return out, warnings, nil
}

func containsAccount(accts []*reader.Account, a *reader.Account) bool {
	for _, c := range accts {
		if c == a {
			return true
		}
	}
	return false
}

// activaList names the activa accounts of l: "1000 Bargeld, 1010 Postkonto".
func activaList(l *analysis.Ledger) string {
	var s []string
	for _, a := range l.Books.Accounts {
		if a.Class() == reader.Activa {
			s = append(s, strconv.Itoa(a.Number)+" "+a.Name)
		}
	}
	return strings.Join(s, ", ")
}

func intList(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
