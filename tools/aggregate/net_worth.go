package aggregate

import (
	"context"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// netWorthAggregateDescription says where the Aggregate history ends.
const netWorthAggregateDescription = "Use for 'how did my net worth develop?': assets, liabilities and equity in CHF at each month end across years. " +
	"Foreign balances use each year's get_balance_summary rate, so December equals it; the current year ends with the last period the server shows (through)."

// closedMonthsShown returns how many month ends of year the Aggregate
// history shows: those of the months that have ended (Env.Through).
func closedMonthsShown(env *toolkit.Env, year int) int {
	switch th := env.Through(); {
	case year == th.Year():
		return th.Month()
	case year > th.Year():
		return 0
	}
	return 12
}

// NetWorthHistory reports the balance sheet at the month ends the disclosure
// rules allow: equity where income and expenses are published up to the
// month's end, assets and liabilities where their own movements are too.
var NetWorthHistory = toolkit.New(toolkit.Spec[report.NetWorthIn, dto.NetWorthFigures]{
	Name:        "get_net_worth_history",
	Through:     true,
	Title:       "Net worth history",
	Description: netWorthAggregateDescription,
	Input:       report.NetWorthSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.NetWorthIn) (*dto.NetWorthFigures, error) {
		out := &dto.NetWorthFigures{Months: []dto.NetWorthFigure{}}
		span, skipped, err := report.NetWorthEach(ctx, env, in, func(l *analysis.Ledger) {
			months, warnings := analysis.NetWorthByMonth(l, env.Rates, closedMonthsShown(env, l.Books.Year))
			tb := released(env, l)
			for i, m := range months {
				out.Months = append(out.Months, monthFigure(tb, l.Books.Year, i, m))
			}
			if len(months) > 0 {
				for _, w := range toolkit.WarningCodes(warnings) {
					out.Warnings = append(out.Warnings, fmt.Sprintf("%d: %s", l.Books.Year, w))
				}
			}
		})
		if err != nil {
			return nil, err
		}
		out.Mandator, out.FromYear, out.ToYear = span.Mandator, span.From, span.To
		out.Warnings = append(out.Warnings, report.NoBooks(span, "its months are missing")...)
		out.Warnings = append(out.Warnings, skipped.Warnings()...)
		return out, nil
	},
})

// monthFigure returns the end of month i (0-based) of year as the table
// allows it.
func monthFigure(tb *disclosure.Table, year, i int, m analysis.MonthWorth) dto.NetWorthFigure {
	f := dto.NetWorthFigure{Month: m.Month}
	switch {
	case tb.BalanceSheetAt(i):
		f.TotalActivaChf, f.TotalPassivaChf, f.EquityChf = toolkit.Money(m.ActivaChf), toolkit.Money(m.PassivaChf), toolkit.Money(m.EquityChf)
	case tb.EquityAt(i):
		f.EquityChf = toolkit.Money(m.EquityChf)
		f.Withheld = "totalActivaChf and totalPassivaChf: " + nextShown(tb.BalanceSheetAt, year, i)
	default:
		f.Withheld = "all figures: " + nextShown(tb.EquityAt, year, i)
	}
	return f
}

// nextShown names the next month end at or after month i that shown accepts;
// December always does.
func nextShown(shown func(i int) bool, year, i int) string {
	for i < 11 && !shown(i) {
		i++
	}
	return fmt.Sprintf("the next month end that shows them is %d-%02d", year, i+1)
}
