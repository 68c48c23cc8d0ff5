package disclosure

import (
	"fmt"
	"strings"
)

// Periods is the finest period Aggregate publishes figures for
// (mcp.aggregate.periods): Month (the default), Quarter (no month figures)
// or Year (no figure for less than a year).
type Periods int

const (
	Month Periods = iota
	Quarter
	Year
)

// PeriodNames are the values of mcp.aggregate.periods, in order.
var PeriodNames = []string{"Month", "Quarter", "Year"}

func (p Periods) String() string {
	if p < Month || p > Year {
		return fmt.Sprintf("Periods(%d)", int(p))
	}
	return PeriodNames[p]
}

// ParsePeriods reads a value of mcp.aggregate.periods in any case; "" is
// Month.
func ParsePeriods(s string) (Periods, error) {
	if i, ok := choice(PeriodNames, s); ok {
		return Periods(i), nil
	}
	return Month, fmt.Errorf("Mcp__Aggregate__Periods=%q is not valid: set it to Month, Quarter or Year (any case; default Month)", s)
}

// depth returns how many levels of t below the root p publishes: all of
// them for Month, all but the leaves for Quarter, none for Year.
func (p Periods) depth(t *Tree) int {
	switch p {
	case Quarter:
		return t.depth() - 1
	case Year:
		return 0
	}
	return t.depth()
}

// CurrentYear says what Aggregate publishes of a book year that has not
// ended (mcp.aggregate.currentYear).
//
// Withheld (the default): nothing, until the year has ended. Any figure of
// the current year is one for part of a year, and once the year has ended
// its figures are published exactly; so whatever was shown of it before,
// subtracted from the year, gives the rest of the year, and on the day it
// is shown nothing can tell whether the rest will hold 1 to k−1 postings
// (docs/privacy.md#the-current-year). Only Withheld keeps G3 for a client
// that keeps answers of different months.
//
// ToDate: the current year through the end of the last month (quarter) that
// has ended. Each answer keeps G1–G4 alone; answers of different months
// differ by the months that ended in between.
type CurrentYear int

const (
	Withheld CurrentYear = iota
	ToDate
)

// CurrentYearNames are the values of mcp.aggregate.currentYear, in order.
var CurrentYearNames = []string{"Withheld", "ToDate"}

func (c CurrentYear) String() string {
	if c < Withheld || c > ToDate {
		return fmt.Sprintf("CurrentYear(%d)", int(c))
	}
	return CurrentYearNames[c]
}

// ParseCurrentYear reads a value of mcp.aggregate.currentYear in any case;
// "" is Withheld.
func ParseCurrentYear(s string) (CurrentYear, error) {
	if i, ok := choice(CurrentYearNames, s); ok {
		return CurrentYear(i), nil
	}
	return Withheld, fmt.Errorf("Mcp__Aggregate__CurrentYear=%q is not valid: set it to Withheld (the current year is shown once it has ended; the default) "+
		"or ToDate (the current year through the last month or quarter that has ended), any case", s)
}

// choice returns the index of s among names, in any case and with spaces
// around it ignored; "" is the first name.
func choice(names []string, s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, true
	}
	for i, n := range names {
		if strings.EqualFold(s, n) {
			return i, true
		}
	}
	return 0, false
}
