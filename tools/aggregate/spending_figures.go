package aggregate

import (
	"context"
	"fmt"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/shopspring/decimal"
)

// SpendingFigures answers get_spending_over_time in Aggregate mode from the
// released tables of the years: every period of every series is the sum of
// whole blocks, or withheld.
func SpendingFigures(ctx context.Context, env *toolkit.Env, in SpendingIn) (*dto.SpendingFigures, error) {
	q, err := report.ResolveSpending(env, in.SpendingRange, in.GroupBy)
	if err != nil {
		return nil, err
	}
	if err := intervalPublished(env, q.Interval); err != nil {
		return nil, err
	}
	perYear := 12
	if q.Interval == "quarter" {
		perYear = 4
	}
	span := q.Span
	out := &dto.SpendingFigures{Mandator: span.Mandator, FromYear: span.From, ToYear: span.To, Interval: q.Interval, GroupBy: q.GroupBy}
	f := figureRows{env: env, groupBy: q.GroupBy, perYear: perYear, rows: map[int]*figureRow{}}
	// Year by year: each year's points are taken from its released table
	// and the year let go, so that a range of years larger than the cache
	// is read one year at a time (docs/performance.md#memory). A year
	// without books has no entry.
	figures := map[int]*yearFigures{}
	var kept []report.KeptWarnings
	q.Skipped, err = env.EachReadableLedger(ctx, span.Mandator, span.Years, func(l *analysis.Ledger) {
		figures[l.Books.Year] = f.figuresOf(l)
		kept = append(kept, report.Keep(l))
	})
	if err != nil {
		return nil, err
	}
	years := shownYears(span, q.Skipped)
	for i, y := range years {
		f.addYear(years[:i], y, figures[y])
	}
	out.Series = f.series()
	out.WithheldCategories, out.Totals = f.withheld, f.totals
	out.TotalChf = toolkit.Money(f.total)
	var shown []int // the subclasses whose names the series show
	for _, s := range out.Series {
		if s.Number != 0 {
			shown = append(shown, s.Number)
		}
	}
	out.Warnings = append(out.Warnings, report.YearWarnings(env, kept, shown)...)
	out.Warnings = append(out.Warnings, report.NoBooks(span, "its periods are 0.00")...)
	out.Warnings = append(out.Warnings, q.Skipped.Warnings()...)
	return out, nil
}

// intervalPublished refuses an interval that the configured periods
// (mcp.aggregate.periods) do not publish.
func intervalPublished(env *toolkit.Env, interval string) error {
	switch {
	case env.Periods == disclosure.Year:
		return toolkit.InvalidArgument("interval %q is not published: with mcp.aggregate.periods Year, Aggregate publishes whole book years only; "+
			"use compare_years or get_income_statement for a year's figures", interval)
	case env.Periods == disclosure.Quarter && interval == "month":
		return toolkit.InvalidArgument("interval \"month\" is not published: with mcp.aggregate.periods Quarter, Aggregate publishes quarters and years; " +
			"pass interval \"quarter\"")
	}
	return nil
}

// A figureRow is one series of the answer: the total (number 0), or a
// subclass.
type figureRow struct {
	number int
	name   string
	points []dto.PeriodFigure
	total  decimal.Decimal
}

// figureRows collects the series of an answer year by year, with the row of
// the categories withheld together and the total line (groupBy subclass).
type figureRows struct {
	env              *toolkit.Env
	groupBy          string
	perYear          int
	rows             map[int]*figureRow
	total            decimal.Decimal
	withheld, totals []dto.PeriodFigure
}

// yearFigures are what an answer keeps of a year's released table: the
// series it shows by row number, the rounded expense total, and for
// groupBy subclass the row of the categories withheld together and the
// total line.
type yearFigures struct {
	series           map[int]yearSeries
	total            decimal.Decimal
	withheld, totals []dto.PeriodFigure
}

// A yearSeries is one series of a year: its name in the year's books, its
// periods, and its exact total.
type yearSeries struct {
	name   string
	points []dto.PeriodFigure
	total  decimal.Decimal
}

// figuresOf returns the figures of l's year from its released table: the
// expense total, or each category with postings in the year.
func (f *figureRows) figuresOf(l *analysis.Ledger) *yearFigures {
	year, tb := l.Books.Year, released(f.env, l)
	closed := closedMonthsShown(f.env, year)
	y := &yearFigures{series: map[int]yearSeries{}}
	add := func(n int, s *disclosure.Series) {
		name := "Total"
		if n != 0 {
			name = l.SubclassName(n)
		}
		pts, all := yearPoints(f.env, s, year, f.perYear, closed)
		y.series[n] = yearSeries{name, pts, all}
	}
	if f.groupBy == "total" {
		add(0, tb.Expenses)
	} else {
		for _, c := range tb.Categories {
			if all, _ := c.Sum(wholeYear.first, wholeYear.last); all.Touched {
				add(c.Number, c.Series)
			}
		}
	}
	all, _ := tb.Expenses.Sum(wholeYear.first, wholeYear.last)
	y.total = all.Amount.Round(2)
	if f.groupBy == "subclass" {
		y.withheld = withheldPoints(f.env, tb, year, f.perYear, closed)
		y.totals, _ = yearPoints(f.env, tb.Expenses, year, f.perYear, closed)
	}
	return y
}

// addYear adds year's periods to every row, after the years before it
// (before): a series first seen this year starts with 0.00 for those, a
// series without postings this year gets 0.00 for it, and so does every
// series of a year without books (y nil).
func (f *figureRows) addYear(before []int, year int, y *yearFigures) {
	if y == nil {
		y = &yearFigures{withheld: zeroPoints([]int{year}, f.perYear), totals: zeroPoints([]int{year}, f.perYear)}
	}
	for n := range y.series {
		if f.rows[n] == nil {
			f.rows[n] = &figureRow{number: n, points: zeroPoints(before, f.perYear)}
		}
	}
	if f.groupBy == "total" && f.rows[0] == nil {
		f.rows[0] = &figureRow{name: "Total", points: zeroPoints(before, f.perYear)}
	}
	for n, r := range f.rows {
		if s, ok := y.series[n]; ok {
			r.name = s.name // the latest books that have it
			r.points, r.total = append(r.points, s.points...), r.total.Add(s.total.Round(2))
		} else {
			r.points = append(r.points, zeroPoints([]int{year}, f.perYear)...)
		}
	}
	f.total = f.total.Add(y.total)
	if f.groupBy == "subclass" {
		f.withheld = append(f.withheld, y.withheld...)
		f.totals = append(f.totals, y.totals...)
	}
}

// series returns the rows, largest total first, then by number.
func (f *figureRows) series() []dto.SeriesFigures {
	out := []dto.SeriesFigures{}
	for _, r := range f.rows {
		out = append(out, dto.SeriesFigures{Name: r.name, Number: r.number, Points: r.points, TotalChf: toolkit.Money(r.total)})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := f.rows[out[i].Number], f.rows[out[j].Number]
		if c := a.total.Cmp(b.total); c != 0 {
			return c > 0
		}
		return a.number < b.number
	})
	return out
}

// periodSpan returns the months of period p (0-based) when a year has
// perYear periods.
func periodSpan(p, perYear int) monthSpan {
	size := 12 / perYear
	return monthSpan{p * size, p*size + size - 1}
}

// periodLabel names period p of year: "2026-03" or "2026-Q1".
func periodLabel(year, p, perYear int) string {
	if perYear == 4 {
		return fmt.Sprintf("%d-Q%d", year, p+1)
	}
	return fmt.Sprintf("%d-%02d", year, p+1)
}

// zeroPoints returns 0.00 for every period of years: no books, or no
// postings of the group that year.
func zeroPoints(years []int, perYear int) []dto.PeriodFigure {
	var out []dto.PeriodFigure
	for _, y := range years {
		for p := 0; p < perYear; p++ {
			out = append(out, dto.PeriodFigure{Period: periodLabel(y, p, perYear), AmountChf: "0.00"})
		}
	}
	return out
}

// shownYears returns the years of span that an answer shows: all of them
// but those whose books cannot be read, which are left out rather than
// shown as 0.00.
func shownYears(span report.YearSpan, skipped toolkit.Skipped) []int {
	var out []int
	for y := span.From; y <= span.To; y++ {
		if skipped.Err(y) == nil {
			out = append(out, y)
		}
	}
	return out
}

// yearPoints returns a year's periods of series, and the year's exact total.
// A withheld period names the block it is published in. Amounts are rounded
// cumulatively over the year's blocks (analysis.RoundCumulative), so that
// shown periods add up to the rounded year where all are shown, and each
// rounded value depends on whole blocks only. A period in a block that
// reaches past the first closed months has not ended and is withheld.
func yearPoints(env *toolkit.Env, s *disclosure.Series, year, perYear, closed int) ([]dto.PeriodFigure, decimal.Decimal) {
	var blocks []monthSpan
	of := make([]int, perYear)
	for p := 0; p < perYear; p++ {
		b := periodSpan(p, perYear)
		if !s.Published(b.first, b.last) {
			b = publishedFor(s, b)
		}
		if len(blocks) == 0 || blocks[len(blocks)-1] != b {
			blocks = append(blocks, b)
		}
		of[p] = len(blocks) - 1
	}
	amounts := make([]decimal.Decimal, len(blocks))
	for i, b := range blocks {
		c, _ := s.Sum(b.first, b.last)
		amounts[i] = c.Amount
	}
	rounded := analysis.RoundCumulative(amounts, 0)
	out := make([]dto.PeriodFigure, perYear)
	for p := range out {
		out[p].Period = periodLabel(year, p, perYear)
		if b := blocks[of[p]]; b.last >= closed {
			out[p].Withheld = notEnded(env, b, year, closed)
		} else if b == periodSpan(p, perYear) {
			out[p].AmountChf = toolkit.Money(rounded[of[p]])
		} else {
			out[p].Withheld = "published only for " + b.label(year)
		}
	}
	all, _ := s.Sum(wholeYear.first, wholeYear.last)
	return out, all.Amount
}

// withheldPoints returns, per period, the categories withheld in it
// together: published wherever the expense total is, since they are the
// total minus the categories shown.
func withheldPoints(env *toolkit.Env, tb *disclosure.Table, year, perYear, closed int) []dto.PeriodFigure {
	if tb == nil {
		return zeroPoints([]int{year}, perYear)
	}
	out := make([]dto.PeriodFigure, perYear)
	for p := range out {
		s := periodSpan(p, perYear)
		out[p].Period = periodLabel(year, p, perYear)
		if s.last >= closed {
			out[p].Withheld = notEnded(env, s, year, closed)
		} else if rest, ok := tb.Withheld(s.first, s.last); ok {
			out[p].AmountChf = toolkit.Money(rest.Amount)
		} else {
			out[p].Withheld = withheld(tb.Expenses, s, year)
		}
	}
	return out
}
