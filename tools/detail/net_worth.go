package detail

import (
	"context"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// NetWorthHistory reports activa, passiva and equity at each month end.
var NetWorthHistory = toolkit.New(toolkit.Spec[report.NetWorthIn, dto.NetWorthHistory]{
	Name:        "get_net_worth_history",
	Title:       "Net worth history",
	Description: report.NetWorthDescription,
	Input:       report.NetWorthSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.NetWorthIn) (*dto.NetWorthHistory, error) {
		out := &dto.NetWorthHistory{Months: []dto.NetWorthMonth{}}
		// Year by year: each year's months are kept, its books let go
		// (docs/performance.md#memory).
		span, skipped, err := report.NetWorthEach(ctx, env, in, func(l *analysis.Ledger) {
			months, warnings := analysis.NetWorthByMonth(l, env.Rates, report.MonthsShown(env, l.Books.Year))
			for _, m := range months {
				out.Months = append(out.Months, dto.NetWorthMonth{Month: m.Month, TotalActivaChf: toolkit.Money(m.ActivaChf),
					TotalPassivaChf: toolkit.Money(m.PassivaChf), EquityChf: toolkit.Money(m.EquityChf)})
			}
			if len(months) > 0 {
				for _, w := range toolkit.WarningSummaries(warnings) {
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
