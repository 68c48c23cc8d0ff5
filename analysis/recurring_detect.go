package analysis

import (
	"slices"
	"sort"
	"time"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A Cadence is how often a recurring payment falls due.
type Cadence int

// The cadences Recurring detects.
const (
	CadenceNone Cadence = iota
	CadenceMonthly
	CadenceQuarterly
	CadenceYearly
)

// cadenceRules give each cadence's typical gap between bookings and the
// tolerance around it, in days.
var cadenceRules = []struct {
	cadence   Cadence
	days, tol int
}{
	{CadenceMonthly, 30, 6},
	{CadenceQuarterly, 91, 15},
	{CadenceYearly, 365, 30},
}

// String returns monthly, quarterly or yearly.
func (c Cadence) String() string {
	return [...]string{"none", "monthly", "quarterly", "yearly"}[c]
}

// PerYear returns how many times a year the payment falls due.
func (c Cadence) PerYear() int64 { return [...]int64{0, 12, 4, 1}[c] }

// Months returns the months between two bookings.
func (c Cadence) Months() int { return [...]int{0, 1, 3, 12}[c] }

// An occurrence is one debit of a recurring candidate.
type occurrence struct {
	date   reader.Date
	amount decimal.Decimal // CHF
}

// detectCadence returns the cadence of bookings sorted by date: the median
// gap between consecutive bookings must lie within a cadence's tolerance,
// and so must at least three quarters of the gaps.
func detectCadence(occ []occurrence) Cadence {
	if len(occ) < 2 {
		return CadenceNone
	}
	gaps := make([]int, len(occ)-1)
	for i := 1; i < len(occ); i++ {
		gaps[i-1] = daysFrom(occ[i-1].date, occ[i].date)
	}
	sorted := append([]int(nil), gaps...)
	sort.Ints(sorted)
	median := (sorted[(len(sorted)-1)/2] + sorted[len(sorted)/2]) / 2
	for _, r := range cadenceRules {
		if median < r.days-r.tol || median > r.days+r.tol {
			continue
		}
		regular := 0
		for _, g := range gaps {
			if g >= r.days-r.tol && g <= r.days+r.tol {
				regular++
			}
		}
		if regular*4 >= len(gaps)*3 {
			return r.cadence
		}
	}
	return CadenceNone
}

// stableAmounts reports whether the amounts of bookings sorted by date are
// those of a recurring payment rather than of shopping at the same place.
// A monthly or quarterly payment keeps its amount for a while and may
// change it now and then (a price rise): at least three quarters of the
// bookings must belong to a run of two or more consecutive bookings of
// about the same amount (see near). A yearly payment has one booking a
// year, too few to tell a price from noise; its amount is taken to be a
// price, which stays or rises: in at least three quarters of the steps from
// one booking to the next it must stay the same or rise by at most 10%. So
// a yearly purchase at a varying amount (a festival ticket) is not one.
func stableAmounts(occ []occurrence, c Cadence) bool {
	if c == CadenceYearly {
		tenth := decimal.New(1, -1)
		steps := 0
		for i := 1; i < len(occ); i++ {
			prev, rise := occ[i-1].amount, occ[i].amount.Sub(occ[i-1].amount)
			if rise.Sign() >= 0 && rise.LessThanOrEqual(prev.Abs().Mul(tenth)) {
				steps++
			}
		}
		return steps*4 >= (len(occ)-1)*3
	}
	amounts := make([]decimal.Decimal, len(occ))
	for i, o := range occ {
		amounts[i] = o.amount
	}
	return mostlyInRuns(amountRuns(amounts))
}

// near reports whether a is about ref: within 10% of ref, but at most
// 5.00 CHF off.
func near(a, ref decimal.Decimal) bool {
	tol := decimal.Min(ref.Abs().Mul(decimal.New(1, -1)), decimal.NewFromInt(5))
	return a.Sub(ref).Abs().LessThanOrEqual(tol)
}

// amountRuns splits amounts into maximal runs of consecutive amounts near
// the run's first one.
func amountRuns(amounts []decimal.Decimal) [][]decimal.Decimal {
	return runsOf(amounts, near)
}

// runsOf splits xs into maximal runs of consecutive values that are the
// same as the run's first one by same(x, first).
func runsOf(xs []decimal.Decimal, same func(x, first decimal.Decimal) bool) [][]decimal.Decimal {
	var out [][]decimal.Decimal
	start := 0
	for i := 1; i <= len(xs); i++ {
		if i == len(xs) || !same(xs[i], xs[start]) {
			out = append(out, xs[start:i])
			start = i
		}
	}
	return out
}

// mostlyInRuns reports whether at least three quarters of the values split
// into runs belong to a run of two or more.
func mostlyInRuns(runs [][]decimal.Decimal) bool {
	n, inRuns := 0, 0
	for _, r := range runs {
		n += len(r)
		if len(r) >= 2 {
			inRuns += len(r)
		}
	}
	return inRuns*4 >= n*3
}

// currentAmount returns the amount a payment had in a year, from that
// year's amounts in date order: the median of the last run of two or more
// bookings of about the same amount (so after a price change the new price
// counts once it was booked twice, and a one-off extra charge is ignored),
// else the median of all.
func currentAmount(amounts []decimal.Decimal) decimal.Decimal {
	if run, ok := lastSteadyRun(amountRuns(amounts)); ok {
		return medianOf(run)
	}
	return medianOf(amounts)
}

// lastSteadyRun returns the last of runs with two values or more, and
// false if there is none.
func lastSteadyRun(runs [][]decimal.Decimal) ([]decimal.Decimal, bool) {
	for i := len(runs) - 1; i >= 0; i-- {
		if len(runs[i]) >= 2 {
			return runs[i], true
		}
	}
	return nil, false
}

// medianOf returns the median of amounts (the mean of the middle two for an
// even count); amounts must not be empty.
func medianOf(amounts []decimal.Decimal) decimal.Decimal {
	s := append([]decimal.Decimal(nil), amounts...)
	slices.SortFunc(s, decimal.Decimal.Cmp)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return s[n/2-1].Add(s[n/2]).Div(decimal.NewFromInt(2))
}

// PercentChange returns change / base × 100 rounded to one decimal, half
// away from zero, computed exactly. base must not be zero.
func PercentChange(change, base decimal.Decimal) decimal.Decimal {
	v := change.Mul(decimal.NewFromInt(100))
	q, r := v.QuoRem(base, 1) // v = base*q + r, q truncated toward zero
	if !r.IsZero() && r.Abs().Mul(decimal.NewFromInt(20)).Cmp(base.Abs()) >= 0 {
		q = q.Add(decimal.New(int64(v.Sign()*base.Sign()), -1))
	}
	return q
}

func dateTime(d reader.Date) time.Time {
	return time.Date(d.Year(), time.Month(d.Month()), d.Day(), 0, 0, 0, 0, time.UTC)
}

// daysFrom returns the number of days from a to b.
func daysFrom(a, b reader.Date) int {
	return int(dateTime(b).Sub(dateTime(a)).Hours() / 24)
}

// plusMonths returns d moved by n months, its day clamped to the month's
// last (2026-01-31 plus one month is 2026-02-28).
func plusMonths(d reader.Date, n int) reader.Date {
	m := d.Year()*12 + d.Month() - 1 + n
	y, mo := m/12, m%12+1
	last := time.Date(y, time.Month(mo)+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return reader.NewDate(y, mo, min(d.Day(), last))
}

// plusDays returns d moved by n days.
func plusDays(d reader.Date, n int) reader.Date {
	t := dateTime(d).AddDate(0, 0, n)
	return reader.NewDate(t.Year(), int(t.Month()), t.Day())
}
