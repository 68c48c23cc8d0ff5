package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A monthly fee billed by the day (a care home's or a Kita's daily rate)
// changes with the month's length: 28 to 31 days differ by up to 11%, so
// its amounts are not stable (stableAmounts), yet its rate per day is.
// The month it bills is the booking's or the one before (in advance or in
// arrears); dayRate finds which.

// dayRateTolerance is how far a day's rate may be from its run's first
// and still be the same rate: 0.5%, so that rounding to the 5 centimes
// passes and shopping does not.
var dayRateTolerance = decimal.RequireFromString("0.005")

// monthDays returns the number of days of d's month moved by shift months.
func monthDays(d reader.Date, shift int) int {
	first := dateTime(reader.NewDate(d.Year(), d.Month(), 1)).AddDate(0, shift, 0)
	return first.AddDate(0, 1, -1).Day()
}

// perDay returns the amounts of occ divided by the days of each
// booking's month moved by shift.
func perDay(occ []occurrence, shift int) []decimal.Decimal {
	out := make([]decimal.Decimal, len(occ))
	for i, o := range occ {
		out[i] = o.amount.DivRound(decimal.NewFromInt(int64(monthDays(o.date, shift))), 6)
	}
	return out
}

// rateRuns splits rates into maximal runs of consecutive rates within
// dayRateTolerance of the run's first one.
func rateRuns(rates []decimal.Decimal) [][]decimal.Decimal {
	return runsOf(rates, func(x, first decimal.Decimal) bool {
		return x.Sub(first).Abs().LessThanOrEqual(first.Abs().Mul(dayRateTolerance))
	})
}

// dayRate tells whether monthly bookings occ (by date), whose amounts
// are not stable, are a fee billed by the day: at least three of them,
// and at least three quarters of them in runs of two or more at about
// the same rate per day of the booking's month (shift 0) or of the month
// before (shift −1). It returns the shift.
func dayRate(occ []occurrence) (shift int, ok bool) {
	if len(occ) < 3 {
		return 0, false
	}
	for _, shift := range []int{0, -1} {
		if mostlyInRuns(rateRuns(perDay(occ, shift))) {
			return shift, true
		}
	}
	return 0, false
}

// amountDue returns what g is expected to book on due: its current
// amount (currentAmount of its latest year's), or for a fee billed by
// the day its current rate (the median of its latest run) times the
// days of the month it bills.
func (g *recurringGroup) amountDue(due reader.Date) decimal.Decimal {
	if !g.byDay {
		return currentAmount(amountsIn(g.occ, g.latest.Year()))
	}
	var occ []occurrence
	for _, o := range g.occ {
		if o.date.Year() == g.latest.Year() {
			occ = append(occ, o)
		}
	}
	runs := g.runs(occ)
	run, ok := lastSteadyRun(runs)
	if !ok {
		run = runs[len(runs)-1]
	}
	return medianOf(run).Mul(decimal.NewFromInt(int64(monthDays(due, g.dayShift)))).Round(2)
}

// runs splits g's bookings occ (by date) into runs of about the same
// amount, or for a fee billed by the day of about the same rate.
func (g *recurringGroup) runs(occ []occurrence) [][]decimal.Decimal {
	if g.byDay {
		return rateRuns(perDay(occ, g.dayShift))
	}
	amounts := make([]decimal.Decimal, len(occ))
	for i, o := range occ {
		amounts[i] = o.amount
	}
	return amountRuns(amounts)
}
