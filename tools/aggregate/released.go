package aggregate

import (
	"context"
	"errors"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// releaseKey keys a ledger's released table in the store's memo: the table
// is computed once per version of the books.
type releaseKey struct {
	k       int
	periods disclosure.Periods
	books   *reader.Books // the cut of the books the table is of (closed months)
}

// released returns the table of what Aggregate may publish of l's books
// (package disclosure). Every Aggregate answer for less than a year is
// summed from its blocks.
func released(env *toolkit.Env, l *analysis.Ledger) *disclosure.Table {
	k := env.MinPostings
	if k == 0 {
		k = disclosure.DefaultK
	}
	return env.Store.Memo(l.Source(), releaseKey{k, env.Periods, l.Books}, func() any {
		return disclosure.Release(disclosure.Calendar, analysis.Cells(l, env.Rates), k, env.Periods)
	}).(*disclosure.Table)
}

// A span of book months, 0-based: January is 0.
type monthSpan struct{ first, last int }

// wholeYear is the span of a book year.
var wholeYear = monthSpan{0, 11}

// monthsOf checks the fromDate and toDate arguments of an Aggregate tool for
// the book year: Aggregate answers only for whole months of one book year
// (G1), so fromDate must be the first of a month and toDate the last day of
// one. Neither given means the whole year. Every refusal names the forms
// accepted.
//
// Under a stricter mcp.aggregate.periods the bounds must be those of
// quarters (Quarter), or absent (Year).
func monthsOf(year int, fromDate, toDate string, periods disclosure.Periods) (monthSpan, error) {
	forms := fmt.Sprintf("in Aggregate mode, fromDate and toDate cover whole months of the book year %d: "+
		"fromDate the first of a month, toDate the last day of a month (e.g. %d-01-01 to %d-03-31 for Q1), "+
		"or neither for the year", year, year, year)
	switch periods {
	case disclosure.Quarter:
		forms = fmt.Sprintf("with mcp.aggregate.periods Quarter, Aggregate publishes whole quarters and the year: "+
			"fromDate the first day of a quarter, toDate the last day of one (e.g. %d-04-01 to %d-06-30 for Q2), or neither for the year %d",
			year, year, year)
	case disclosure.Year:
		forms = fmt.Sprintf("with mcp.aggregate.periods Year, Aggregate publishes the whole book year only: "+
			"pass neither fromDate nor toDate (or %d-01-01 to %d-12-31)", year, year)
	}
	from, to, err := toolkit.DateRange(fromDate, toDate)
	if te := (*toolkit.Error)(nil); errors.As(err, &te) {
		return monthSpan{}, toolkit.InvalidArgument("%s; %s", te.Message, forms)
	}
	s := wholeYear
	for _, d := range []struct {
		name, arg string
		date      reader.Date
		first     bool
	}{{"fromDate", fromDate, from, true}, {"toDate", toDate, to, false}} {
		switch {
		case d.date == 0:
			continue
		case d.date.Year() != year:
			return s, toolkit.InvalidArgument("%s %s is outside the book year %d (pass year %d for it); %s", d.name, d.arg, year, d.date.Year(), forms)
		case d.first && d.date.Day() != 1:
			return s, toolkit.InvalidArgument("fromDate %s is not the first day of a month; %s", d.arg, forms)
		case !d.first && d.date.Day() != reader.DaysIn(year, d.date.Month()):
			return s, toolkit.InvalidArgument("toDate %s is not the last day of a month; %s", d.arg, forms)
		case d.first:
			s.first = d.date.Month() - 1
		default:
			s.last = d.date.Month() - 1
		}
	}
	if (periods == disclosure.Quarter && (s.first%3 != 0 || s.last%3 != 2)) || (periods == disclosure.Year && s != wholeYear) {
		return s, toolkit.InvalidArgument("%s is not published; %s", s.label(year), forms)
	}
	return s, nil
}

// notEnded says why a span of year that reaches past its first closed
// months is withheld.
func notEnded(env *toolkit.Env, s monthSpan, year, closed int) string {
	switch {
	case closed == 0 && env.EndedYearsOnly():
		return fmt.Sprintf("%s is not shown yet: Aggregate shows a book year once it has ended, %d from %d-01-01 on (Mcp__Aggregate__CurrentYear=Withheld, the default)",
			s.label(year), year, year+1)
	case closed == 0:
		return fmt.Sprintf("%s has not ended: Aggregate publishes closed months only, and no month of %d has ended", s.label(year), year)
	}
	return fmt.Sprintf("%s has not ended: Aggregate publishes closed months only, through %s", s.label(year), reader.NewDate(year, closed, reader.DaysIn(year, closed)))
}

// noteBookYear says in the answer of ctx that a range starting on 1 January
// or ending on 31 December gives the book year's first or last month, which
// include the books' postings dated before or after the year: Aggregate
// never splits a month, so it cannot leave them out as Full does.
func noteBookYear(ctx context.Context, year int, fromDate, toDate string, s monthSpan) {
	from, to := fromDate != "" && s.first == 0, toDate != "" && s.last == 11
	if !from && !to {
		return
	}
	toolkit.NoteCovers(ctx, fmt.Sprintf("book year %d: January includes any posting dated before %d-01-01, December any dated after %d-12-31 (Full leaves them out)",
		year, year, year))
}

// closedSpan refuses a span of year, other than the whole year (the year to
// date), that reaches past the months that have ended.
func closedSpan(env *toolkit.Env, year int, s monthSpan) error {
	closed := closedMonthsShown(env, year)
	switch {
	case s == wholeYear || s.last < closed:
		return nil
	case closed == 0 && env.EndedYearsOnly():
		return toolkit.InvalidArgument("%s; ask about %d or an earlier year", notEnded(env, s, year, closed), env.Through().Year())
	}
	return toolkit.InvalidArgument("%s; ask for a range that ends by then, or for the year to date (neither fromDate nor toDate)", notEnded(env, s, year, closed))
}

// label names a span of months of year: "2026-03", "2026-Q1", "2026", or
// "2026-01 to 2026-06".
func (s monthSpan) label(year int) string {
	switch {
	case s == wholeYear:
		return fmt.Sprintf("the whole year %d", year)
	case s.first == s.last:
		return fmt.Sprintf("%d-%02d", year, s.first+1)
	case s.first%3 == 0 && s.last == s.first+2:
		return fmt.Sprintf("%d-Q%d", year, s.first/3+1)
	}
	return fmt.Sprintf("%d-%02d to %d-%02d", year, s.first+1, year, s.last+1)
}

// publishedFor returns the shortest span of months for which series publishes
// a figure that covers s.
func publishedFor(series *disclosure.Series, s monthSpan) monthSpan {
	return monthSpan{series.Within(s.first).First, series.Within(s.last).Last}
}

// withheld says why series' figure over s is absent.
func withheld(series *disclosure.Series, s monthSpan, year int) string {
	return "published only for " + publishedFor(series, s).label(year)
}
