package aggregate

import (
	"context"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// NetWorthIn are the arguments of get_net_worth_history.
type NetWorthIn struct {
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books; default: the configured or only mandator"`
	FromYear int    `json:"fromYear,omitempty" jsonschema:"default: the first year with books"`
	ToYear   int    `json:"toYear,omitempty" jsonschema:"default: the last year with books"`
}

// NetWorthHistory reports activa, passiva and equity at each month end.
var NetWorthHistory = toolkit.New(toolkit.Spec[NetWorthIn, dto.NetWorthHistory]{
	Name:  "get_net_worth_history",
	Title: "Net worth history",
	Description: "Use for 'how did my net worth develop?': assets, liabilities and equity in CHF at each month end across years. " +
		"Foreign balances use each year's get_balance_summary rate, so December equals it; the current year ends this month.",
	Input: func(s *jsonschema.Schema) { toolkit.YearRange(s, "fromYear", "toYear") },
	Handler: func(ctx context.Context, env *toolkit.Env, in NetWorthIn) (*dto.NetWorthHistory, error) {
		span, err := ResolveYears(env, in.Mandator, in.FromYear, in.ToYear)
		if err != nil {
			return nil, err
		}
		ledgers, skipped, err := env.ReadableLedgers(ctx, span.Mandator, span.Years)
		if err != nil {
			return nil, err
		}
		now := env.Now()
		out := &dto.NetWorthHistory{Mandator: span.Mandator, FromYear: span.From, ToYear: span.To, Months: []dto.NetWorthMonth{}}
		for _, l := range ledgers {
			last := 12 // a past year: every month
			switch y := l.Books.Year; {
			case y == now.Year():
				last = int(now.Month())
			case y > now.Year():
				last = 0
			}
			months, warnings := analysis.NetWorthByMonth(l, env.Rates, last)
			for _, m := range months {
				out.Months = append(out.Months, dto.NetWorthMonth{Month: m.Month, TotalActivaChf: toolkit.Money(m.ActivaChf),
					TotalPassivaChf: toolkit.Money(m.PassivaChf), EquityChf: toolkit.Money(m.EquityChf)})
			}
			if len(months) > 0 {
				for _, w := range toolkit.AggregateWarnings(warnings) {
					out.Warnings = append(out.Warnings, fmt.Sprintf("%d: %s", l.Books.Year, w))
				}
			}
		}
		for _, y := range missingYears(span) {
			out.Warnings = append(out.Warnings, fmt.Sprintf("no_books: %q has no books for %d; its months are missing", span.Mandator, y))
		}
		out.Warnings = append(out.Warnings, skipped.Warnings()...)
		return out, nil
	},
})
