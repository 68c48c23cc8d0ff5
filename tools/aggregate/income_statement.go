package aggregate

import (
	"context"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// IncomeStatement reports income, expenses and the result over whole
// months, totals only, withholding what the disclosure rules withhold.
var IncomeStatement = toolkit.New(toolkit.Spec[report.IncomeStatementIn, dto.IncomeTotals]{
	Name:        "get_income_statement",
	Through:     true,
	Title:       "Income statement totals",
	Description: "Use for the year's result: total income (profitChf), total expenses (lossChf) and net, in CHF. Optional fromDate/toDate of whole months narrow it, e.g. to a quarter.",
	Input:       report.DateSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.IncomeStatementIn) (*dto.IncomeTotals, error) {
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		year := l.Books.Year
		s, err := monthsOf(year, in.FromDate, in.ToDate, env.Periods)
		if err != nil {
			return nil, err
		}
		if err := closedSpan(env, year, s); err != nil {
			return nil, err
		}
		noteBookYear(ctx, year, in.FromDate, in.ToDate, s)
		tb := released(env, l)
		out := &dto.IncomeTotals{Mandator: l.Books.Mandator, Year: year, FromDate: in.FromDate, ToDate: in.ToDate}
		income, incomeOK := tb.Income.Sum(s.first, s.last)
		loss, lossOK := tb.Expenses.Sum(s.first, s.last)
		var why []string
		if incomeOK {
			out.ProfitChf = toolkit.Money(income.Amount)
		} else {
			why = append(why, "profitChf "+withheld(tb.Income, s, year))
		}
		if lossOK {
			out.LossChf = toolkit.Money(loss.Amount)
		} else {
			why = append(why, "lossChf "+withheld(tb.Expenses, s, year))
		}
		if incomeOK && lossOK {
			out.NetChf = toolkit.Money(income.Amount.Sub(loss.Amount))
		} else {
			why = append(why, "netChf needs both")
		}
		out.Withheld = strings.Join(why, "; ")
		out.Warnings = env.SummaryWarnings(l.WarningsFor(true)) // totals: no subclass named
		return out, nil
	},
})
