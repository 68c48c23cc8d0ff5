package report

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/shopspring/decimal"
)

// SpendingRange are the arguments of get_spending_over_time common to both
// variants.
type SpendingRange struct {
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
	Year     int    `json:"year,omitempty" jsonschema:"one book year (default: current or latest); or fromYear/toYear"`
	FromYear int    `json:"fromYear,omitempty" jsonschema:"default: the first year with books"`
	ToYear   int    `json:"toYear,omitempty" jsonschema:"default: the last year with books"`
	Interval string `json:"interval,omitempty" jsonschema:"month (default) or quarter"`
}

// SpendingDescription is shared by both variants.
const SpendingDescription = "Use for spending trends: expenses in CHF per month or quarter, in total or per category, for a year or a range of years. Every period appears (0.00 if none); a year's periods sum to its get_expenses_by_category totals."

// SpendingSchema sets the enums and bounds shared by both variants; the
// caller adds the groupBy enum.
func SpendingSchema(s *jsonschema.Schema) {
	toolkit.YearRange(s, "year", "fromYear", "toYear")
	toolkit.Enum(s, "interval", "month", "quarter")
}

// Spending computes get_spending_over_time for a grouping: total,
// subclass or account. Periods follow the value date within each year's
// books; a late booking dated in the year before counts in the first period
// of the books that hold it (analysis.SpendingOverTime).
func Spending(ctx context.Context, env *toolkit.Env, in SpendingRange, groupBy string) (*dto.SpendingOverTime, error) {
	q, err := ResolveSpending(env, in, groupBy)
	if err != nil {
		return nil, err
	}
	span, interval, groupBy := q.Span, q.Interval, q.GroupBy
	spec := analysis.SeriesSpec{FromYear: span.From, ToYear: span.To, Total: groupBy == "total", GroupBy: GroupByName[groupBy]}
	if interval == "quarter" {
		spec.Interval = analysis.Quarterly
	}
	// Year by year: a range of years larger than the cache is summed one
	// year at a time, each let go once added (docs/performance.md#memory).
	sum := analysis.NewSpendingSum(spec)
	var kept []KeptWarnings // each year's warnings, filtered once the series are known
	q.Skipped, err = env.EachReadableLedger(ctx, span.Mandator, span.Years, func(l *analysis.Ledger) {
		sum.Add(l)
		kept = append(kept, Keep(l))
	})
	if err != nil {
		return nil, err
	}
	res := sum.Spending()
	// Money is rounded per year, as a one-year report rounds it: each year's
	// points add up to that year's get_expenses_by_category totals, and the
	// totals of a range to the sum of its years'.
	var total decimal.Decimal
	for _, y := range res.YearTotals {
		total = total.Add(y.Round(2))
	}
	out := &dto.SpendingOverTime{Mandator: span.Mandator, FromYear: span.From, ToYear: span.To, Interval: interval,
		GroupBy: groupBy, Series: make([]dto.SpendingSeries, len(res.Series)), TotalChf: toolkit.Money(total)}
	// points rounds amounts per year and leaves out the years whose books
	// cannot be read, rather than showing their periods as 0.00.
	points := func(amounts []decimal.Decimal) ([]dto.SpendingPoint, decimal.Decimal) {
		var out []dto.SpendingPoint
		var sum decimal.Decimal
		for j, a := range analysis.RoundCumulative(amounts, spec.Interval.PerYear()) {
			if q.Skipped.Err(span.From+j/spec.Interval.PerYear()) == nil {
				out = append(out, dto.SpendingPoint{Period: res.Periods[j], AmountChf: toolkit.Money(a)})
				sum = sum.Add(a)
			}
		}
		return out, sum
	}
	totals := make([]decimal.Decimal, len(res.Periods))
	for i, s := range res.Series {
		ds := dto.SpendingSeries{Name: s.Name, Number: s.Number}
		var sum decimal.Decimal
		ds.Points, sum = points(s.Amounts)
		ds.TotalChf = toolkit.Money(sum)
		out.Series[i] = ds
		for j, a := range s.Amounts {
			totals[j] = totals[j].Add(a)
		}
	}
	if groupBy != "total" { // the total line of a stacked chart
		out.Totals, _ = points(totals)
	}
	var shown []int // the subclasses whose names the series show
	for _, s := range res.Series {
		if groupBy == "subclass" {
			shown = append(shown, s.Number)
		}
	}
	out.Warnings = append(out.Warnings, YearWarnings(env, kept, shown)...)
	out.Warnings = append(out.Warnings, NoBooks(span, "its periods are 0.00")...)
	out.Warnings = append(out.Warnings, q.Skipped.Warnings()...)
	return out, nil
}

// SpendingQuery is a get_spending_over_time request resolved: the years,
// and the interval and grouping with their defaults; once its years are
// read, those skipped.
type SpendingQuery struct {
	Span              YearSpan
	Skipped           toolkit.Skipped // years whose books cannot be read: left out, with a warning
	Interval, GroupBy string
}

// ResolveSpending resolves the arguments of get_spending_over_time: year, or
// the range fromYear..toYear. The caller reads the years.
func ResolveSpending(env *toolkit.Env, in SpendingRange, groupBy string) (SpendingQuery, error) {
	q := SpendingQuery{Interval: in.Interval, GroupBy: groupBy}
	if in.Year != 0 && (in.FromYear != 0 || in.ToYear != 0) {
		return q, toolkit.InvalidArgument("year %d cannot be combined with fromYear/toYear; pass either year or a range", in.Year)
	}
	if q.GroupBy == "" {
		q.GroupBy = "total"
	}
	if q.Interval == "" {
		q.Interval = "month"
	}
	from, to := in.FromYear, in.ToYear
	if in.FromYear == 0 && in.ToYear == 0 {
		m, y, err := env.Scope(in.Mandator, in.Year)
		if err != nil {
			return q, err
		}
		in.Mandator, from, to = m, y, y
	}
	var err error
	q.Span, err = ResolveYears(env, in.Mandator, from, to)
	return q, err
}
