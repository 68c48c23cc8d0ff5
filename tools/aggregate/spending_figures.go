package aggregate

import (
	"context"
	"fmt"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/shopspring/decimal"
)

// SpendingFigures answers get_spending_over_time in Aggregate mode from the
// released tables of the years: every period of every series is the sum of
// whole blocks, or withheld.
func SpendingFigures(ctx context.Context, env *toolkit.Env, in SpendingIn) (*dto.SpendingFigures, error) {
	q, err := resolveSpending(env, in.SpendingRange, in.GroupBy)
	if err != nil {
		return nil, err
	}
	span, interval, groupBy := q.span, q.interval, q.groupBy
	switch {
	case env.Periods == disclosure.Year:
		return nil, toolkit.InvalidArgument("interval %q is not published: with mcp.aggregate.periods Year, Aggregate publishes whole book years only; "+
			"use compare_years or get_income_statement for a year's figures", interval)
	case env.Periods == disclosure.Quarter && interval == "month":
		return nil, toolkit.InvalidArgument("interval \"month\" is not published: with mcp.aggregate.periods Quarter, Aggregate publishes quarters and years; " +
			"pass interval \"quarter\"")
	}
	perYear := 12
	if interval == "quarter" {
		perYear = 4
	}
	// Year by year: each year's points are taken from its released table
	// and the year let go, so that a range of years larger than the cache
	// is read one year at a time (docs/performance.md#memory). A year
	// without books has no entry.
	type yearSeries struct {
		name   string
		points []dto.PeriodFigure
		total  decimal.Decimal
	}
	type yearFigures struct {
		series           map[int]yearSeries // the groups the year's table shows
		total            decimal.Decimal
		withheld, totals []dto.PeriodFigure // for groupBy subclass
	}
	figures := map[int]yearFigures{}
	var kept []yearWarnings
	q.skipped, err = env.EachReadableLedger(ctx, span.Mandator, span.Years, func(l *analysis.Ledger) {
		y, tb := l.Books.Year, released(env, l)
		closed := closedMonthsShown(env, y)
		f := yearFigures{series: map[int]yearSeries{}}
		add := func(n int, s *disclosure.Series) {
			name := "Total"
			if n != 0 {
				name = l.SubclassName(n)
			}
			pts, year := yearPoints(s, y, perYear, closed)
			f.series[n] = yearSeries{name, pts, year}
		}
		if groupBy == "total" {
			add(0, tb.Expenses)
		} else {
			for _, c := range tb.Categories {
				if all, _ := c.Sum(wholeYear.first, wholeYear.last); all.Touched {
					add(c.Number, c.Series)
				}
			}
		}
		all, _ := tb.Expenses.Sum(wholeYear.first, wholeYear.last)
		f.total = all.Amount.Round(2)
		if groupBy == "subclass" {
			f.withheld = withheldPoints(tb, y, perYear, closed)
			f.totals, _ = yearPoints(tb.Expenses, y, perYear, closed)
		}
		figures[y] = f
		kept = append(kept, yearWarnings{y, l.Warnings})
	})
	if err != nil {
		return nil, err
	}
	out := &dto.SpendingFigures{Mandator: span.Mandator, FromYear: span.From, ToYear: span.To, Interval: interval, GroupBy: groupBy}
	type row struct {
		number int
		name   string
		points []dto.PeriodFigure
		total  decimal.Decimal
	}
	rows := map[int]*row{}
	var total decimal.Decimal
	var withheldRow, totalsRow []dto.PeriodFigure
	years := shownYears(span, q.skipped)
	for i, y := range years {
		f, read := figures[y]
		for n := range f.series {
			if rows[n] == nil {
				rows[n] = &row{number: n, points: zeroPoints(years[:i], perYear)}
			}
		}
		if groupBy == "total" && rows[0] == nil {
			rows[0] = &row{name: "Total", points: zeroPoints(years[:i], perYear)}
		}
		for n, r := range rows {
			if s, ok := f.series[n]; ok {
				r.name = s.name // the latest books that have it
				r.points, r.total = append(r.points, s.points...), r.total.Add(s.total.Round(2))
			} else {
				r.points = append(r.points, zeroPoints(years[i:i+1], perYear)...)
			}
		}
		total = total.Add(f.total)
		if groupBy == "subclass" {
			if read {
				withheldRow, totalsRow = append(withheldRow, f.withheld...), append(totalsRow, f.totals...)
			} else {
				withheldRow = append(withheldRow, withheldPoints(nil, y, perYear, closedMonthsShown(env, y))...)
				totalsRow = append(totalsRow, zeroPoints(years[i:i+1], perYear)...)
			}
		}
	}
	for _, r := range rows {
		out.Series = append(out.Series, dto.SeriesFigures{Name: r.name, Number: r.number, Points: r.points, TotalChf: toolkit.Money(r.total)})
	}
	sort.Slice(out.Series, func(i, j int) bool {
		a, b := rows[out.Series[i].Number], rows[out.Series[j].Number]
		if c := a.total.Cmp(b.total); c != 0 {
			return c > 0
		}
		return a.number < b.number
	})
	if out.Series == nil {
		out.Series = []dto.SeriesFigures{}
	}
	out.WithheldCategories, out.Totals = withheldRow, totalsRow
	out.TotalChf = toolkit.Money(total)
	var shown []int // the subclasses whose names the series show
	for _, s := range out.Series {
		if s.Number != 0 {
			shown = append(shown, s.Number)
		}
	}
	out.Warnings = append(out.Warnings, warningsFor(env, kept, shown)...)
	out.Warnings = append(out.Warnings, NoBooks(span, "its periods are 0.00")...)
	out.Warnings = append(out.Warnings, q.skipped.Warnings()...)
	return out, nil
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
func shownYears(span YearSpan, skipped toolkit.Skipped) []int {
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
func yearPoints(s *disclosure.Series, year, perYear, closed int) ([]dto.PeriodFigure, decimal.Decimal) {
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
			out[p].Withheld = notEnded(b, year, closed)
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
func withheldPoints(tb *disclosure.Table, year, perYear, closed int) []dto.PeriodFigure {
	if tb == nil {
		return zeroPoints([]int{year}, perYear)
	}
	out := make([]dto.PeriodFigure, perYear)
	for p := range out {
		s := periodSpan(p, perYear)
		out[p].Period = periodLabel(year, p, perYear)
		if s.last >= closed {
			out[p].Withheld = notEnded(s, year, closed)
		} else if rest, ok := tb.Withheld(s.first, s.last); ok {
			out[p].AmountChf = toolkit.Money(rest.Amount)
		} else {
			out[p].Withheld = withheld(tb.Expenses, s, year)
		}
	}
	return out
}
