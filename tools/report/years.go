package report

import (
	"fmt"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// A YearSpan is the mandator and the range of years a multi-year tool
// answers for, with the years inside it that have books.
type YearSpan struct {
	Mandator string
	From, To int
	Years    []int // years with books in [From, To], ascending
}

// ResolveYears resolves the mandator and the range fromYear..toYear, where 0
// means the mandator's first (last) year with books. A bound that is given
// must be a year with books; fromYear after toYear is an invalid_argument.
func ResolveYears(env *toolkit.Env, mandator string, fromYear, toYear int) (YearSpan, error) {
	if fromYear != 0 && toYear != 0 && fromYear > toYear {
		return YearSpan{}, toolkit.InvalidArgument("fromYear %d is after toYear %d; swap them", fromYear, toYear)
	}
	m, err := env.Mandator(mandator)
	if err != nil {
		return YearSpan{}, err
	}
	all, err := env.Store.MandatorYears(m)
	if err != nil {
		return YearSpan{}, err
	}
	for _, y := range []int{fromYear, toYear} {
		if _, err := env.Year(m, y); err != nil { // 0 checks that there are books at all
			return YearSpan{}, err
		}
	}
	s := YearSpan{Mandator: m, From: fromYear, To: toYear}
	if s.From == 0 {
		s.From = all[0]
	}
	if s.To == 0 {
		s.To = all[len(all)-1]
	}
	for _, y := range all {
		if y >= s.From && y <= s.To {
			s.Years = append(s.Years, y)
		}
	}
	return s, nil
}

// missingYears returns the years of [from, to] without books.
func missingYears(s YearSpan) []int {
	var out []int
	for y := s.From; y <= s.To; y++ {
		if !slices.Contains(s.Years, y) {
			out = append(out, y)
		}
	}
	return out
}

// NoBooks returns a no_books warning for each year of span without books.
func NoBooks(span YearSpan, consequence string) []string {
	var out []string
	for _, y := range missingYears(span) {
		out = append(out, fmt.Sprintf("no_books: %q has no books for %d; %s", span.Mandator, y, consequence))
	}
	return out
}

// KeptWarnings are a year's warnings (analysis.Ledger.Warnings), kept
// when an answer over several years lets the year's books go before it
// knows which subclasses it shows.
type KeptWarnings struct {
	Year     int
	Warnings []analysis.Warning
}

// Keep returns the warnings of l's year, to keep once l is let go.
func Keep(l *analysis.Ledger) KeptWarnings { return KeptWarnings{l.Books.Year, l.Warnings} }

// YearWarnings returns, for an answer over years, each year's warnings
// that concern it (analysis.WarningsFor: the totals, and the subclasses in
// shown, whose names it shows), in the form of env's mode and prefixed by
// the year.
func YearWarnings(env *toolkit.Env, years []KeptWarnings, shown []int) []string {
	var out []string
	for _, y := range years {
		for _, w := range env.SummaryWarnings(analysis.WarningsFor(y.Warnings, true, shown...)) {
			out = append(out, fmt.Sprintf("%d: %s", y.Year, w))
		}
	}
	return out
}
