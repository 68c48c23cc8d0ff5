package aggregate

import (
	"errors"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// releaseKey keys a ledger's released table in the store's memo: the table
// is computed once per version of the books.
type releaseKey struct{ k int }

// released returns the table of what Aggregate may publish of l's books
// (package disclosure). Every Aggregate answer for less than a year is
// summed from its blocks.
func released(env *toolkit.Env, l *analysis.Ledger) *disclosure.Table {
	k := env.MinPostings
	if k == 0 {
		k = disclosure.DefaultK
	}
	return env.Store.Memo(l.Books, releaseKey{k}, func() any {
		return disclosure.Release(disclosure.Calendar, analysis.Cells(l, env.Rates), k)
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
func monthsOf(year int, fromDate, toDate string) (monthSpan, error) {
	forms := fmt.Sprintf("in Aggregate mode, fromDate and toDate cover whole months of the book year %d: "+
		"fromDate the first of a month, toDate the last day of a month (e.g. %d-01-01 to %d-03-31 for Q1), "+
		"or neither for the year", year, year, year)
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
	return s, nil
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
