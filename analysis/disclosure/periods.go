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
	if strings.TrimSpace(s) == "" {
		return Month, nil
	}
	for i, n := range PeriodNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Periods(i), nil
		}
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
