package analysis

import "github.com/accounting-mcp/accounting-mcp/reader"

// groupRuns splits g's bookings into runs: bookings at its cadence with no
// gap longer than two cadences and forecastLateDays. A booking paid a
// cadence late (a client who pays June's retainer with July's) does not
// end a run; a pause (the months between two maternity leaves, or
// between November's tax instalment and February's) does. A booking too soon
// after the previous one counted (an extra) counts for nothing. It returns
// the lengths (bookings) of the runs that ended, and the length and first
// date of the last run, the one under way.
func groupRuns(g *recurringGroup) (ended []int, current int, start reader.Date) {
	minGap := cadenceMinGap(g.cadence)
	var prev reader.Date
	for i, o := range g.occ {
		switch {
		case i == 0:
			current, start = 1, o.date
		case o.date > plusDays(plusMonths(prev, 2*g.cadence.Months()), forecastLateDays):
			ended = append(ended, current)
			current, start = 1, o.date
		case daysFrom(prev, o.date) < minGap:
			continue
		default:
			current++
		}
		prev = o.date
	}
	return ended, current, start
}

// expectedLimit is how many more bookings of g, a monthly or quarterly
// group still expected at asOf, the forecast counts; -1 for no limit. An
// item that earlier ran for less than a year at a time and stopped (three
// months of maternity pay, summer helpers) is expected for as long as its
// longest earlier run, less what the run under way has booked.
func expectedLimit(g *recurringGroup) int {
	if g.cadence == CadenceYearly {
		return -1
	}
	ended, current, _ := groupRuns(g)
	if len(ended) == 0 || current*g.cadence.Months() >= 12 {
		return -1
	}
	longest := 0
	for _, n := range ended {
		longest = max(longest, n)
	}
	if longest*g.cadence.Months() >= 12 {
		return -1
	}
	return max(0, longest-current)
}
