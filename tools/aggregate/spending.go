package aggregate

import (
	"context"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/shopspring/decimal"
)

// SpendingRange are the arguments of get_spending_over_time common to both
// variants.
type SpendingRange struct {
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books; default: the configured or only mandator"`
	Year     int    `json:"year,omitempty" jsonschema:"one book year (default: current or latest); or fromYear/toYear"`
	FromYear int    `json:"fromYear,omitempty" jsonschema:"default: the first year with books"`
	ToYear   int    `json:"toYear,omitempty" jsonschema:"default: the last year with books"`
	Interval string `json:"interval,omitempty" jsonschema:"month (default) or quarter"`
}

// SpendingIn are the arguments of get_spending_over_time in Aggregate mode.
type SpendingIn struct {
	SpendingRange
	GroupBy string `json:"groupBy,omitempty" jsonschema:"total (default) or subclass"`
}

// SpendingDescription is shared by both variants.
const SpendingDescription = "Use for spending trends: expenses in CHF per month or quarter, in total or per category, for a year or a range of years. Every period appears (0.00 if none); a year's periods sum to its get_expenses_by_category totals."

// SpendingSchema sets the enums and bounds shared by both variants; the
// caller adds the groupBy enum.
func SpendingSchema(s *jsonschema.Schema) {
	toolkit.YearRange(s, "year", "fromYear", "toYear")
	toolkit.Enum(s, "interval", "month", "quarter")
}

// SpendingReport computes get_spending_over_time for a grouping: total,
// subclass or account. Periods follow the value date within each year's
// books; a late booking dated in the year before counts in the first period
// of the books that hold it (analysis.SpendingOverTime).
func SpendingReport(ctx context.Context, env *toolkit.Env, in SpendingRange, groupBy string) (*dto.SpendingOverTime, error) {
	if in.Year != 0 && (in.FromYear != 0 || in.ToYear != 0) {
		return nil, toolkit.InvalidArgument("year %d cannot be combined with fromYear/toYear; pass either year or a range", in.Year)
	}
	if groupBy == "" {
		groupBy = "total"
	}
	interval := in.Interval
	if interval == "" {
		interval = "month"
	}
	from, to := in.FromYear, in.ToYear
	if in.FromYear == 0 && in.ToYear == 0 {
		m, y, err := env.Scope(in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		in.Mandator, from, to = m, y, y
	}
	span, err := ResolveYears(env, in.Mandator, from, to)
	if err != nil {
		return nil, err
	}
	ledgers, skipped, err := env.ReadableLedgers(ctx, span.Mandator, span.Years)
	if err != nil {
		return nil, err
	}
	spec := analysis.SeriesSpec{FromYear: span.From, ToYear: span.To, Total: groupBy == "total", GroupBy: GroupByName[groupBy]}
	if interval == "quarter" {
		spec.Interval = analysis.Quarterly
	}
	res := analysis.SpendingOverTime(ledgers, spec)
	// Money is rounded per year, as a one-year report rounds it: each year's
	// points add up to that year's get_expenses_by_category totals, and the
	// totals of a range to the sum of its years'.
	var total decimal.Decimal
	for _, y := range res.YearTotals {
		total = total.Add(y.Round(2))
	}
	out := &dto.SpendingOverTime{Mandator: span.Mandator, FromYear: span.From, ToYear: span.To, Interval: interval,
		GroupBy: groupBy, Series: make([]dto.SpendingSeries, len(res.Series)), TotalChf: toolkit.Money(total)}
	for i, s := range res.Series {
		ds := dto.SpendingSeries{Name: s.Name, Number: s.Number, Points: make([]dto.SpendingPoint, len(s.Amounts))}
		var sum decimal.Decimal
		ds.Points = ds.Points[:0]
		for j, a := range analysis.RoundCumulative(s.Amounts, spec.Interval.PerYear()) {
			if skipped.Err(span.From+j/spec.Interval.PerYear()) != nil {
				continue // an unreadable year has no periods, rather than periods of 0.00
			}
			ds.Points = append(ds.Points, dto.SpendingPoint{Period: res.Periods[j], AmountChf: toolkit.Money(a)})
			sum = sum.Add(a)
		}
		ds.TotalChf = toolkit.Money(sum)
		out.Series[i] = ds
	}
	for _, y := range missingYears(span) {
		out.Warnings = append(out.Warnings, fmt.Sprintf("no_books: %q has no books for %d; its periods are 0.00", span.Mandator, y))
	}
	out.Warnings = append(out.Warnings, skipped.Warnings()...)
	return out, nil
}

// SpendingOverTime reports expenses per period, in total or per subclass.
var SpendingOverTime = toolkit.New(toolkit.Spec[SpendingIn, dto.SpendingOverTime]{
	Name:        "get_spending_over_time",
	Title:       "Spending over time",
	Description: SpendingDescription,
	Input: func(s *jsonschema.Schema) {
		SpendingSchema(s)
		toolkit.Enum(s, "groupBy", "total", "subclass")
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in SpendingIn) (*dto.SpendingOverTime, error) {
		return SpendingReport(ctx, env, in.SpendingRange, in.GroupBy)
	},
})
