package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A yearlyExtra is an extra booking beside a monthly payment or income
// (an ordinary booking of its group, see recurringBookings) that came in
// the same month of each of the last two earlier years at the same share
// of the regular amount: a thirteenth salary. It is expected again at
// that share of the current amount, so a raise or a new job carries over.
type yearlyExtra struct {
	g     *recurringGroup
	month int
	day   int             // of last year's
	share decimal.Decimal // last year's extra over that month's regular amount
	txs   []*reader.Transaction
}

// extraShareTol is how far two years' shares may differ (a bonus of a
// drawn share is no yearly extra).
var extraShareTol = decimal.RequireFromString("0.02")

// yearlyExtras finds the yearly extras of the monthly groups still
// expected at asOf in year, rec marking the groups' regular bookings.
func yearlyExtras(groups []*recurringGroup, rec map[*reader.Transaction]bool, year int, asOf reader.Date) []yearlyExtra {
	var out []yearlyExtra
	for _, g := range groups {
		if g.cadence != CadenceMonthly || stopped(g, asOf) {
			continue
		}
		byMonth := groupExtras(g, rec)
		// The extras of the groups it replaced (an earlier employer's
		// thirteenth salary) are the same item's: they count for the
		// last two years (a new job's first December follows the old
		// job's) and are expected at the new amount.
		var earlier []map[int]map[int][]extra
		for _, h := range groups {
			if h != g && h.account.Number == g.account.Number && stopped(h, asOf) && h.latest < plusDays(g.occ[0].date, 31) {
				earlier = append(earlier, groupExtras(h, rec))
			}
		}
		for m := 1; m <= 12; m++ {
			var last, before []extra
			for _, bm := range append(earlier, byMonth) {
				last, before = append(last, bm[m][year-1]...), append(before, bm[m][year-2]...)
			}
			if len(last) != 1 || len(before) != 1 || last[0].share.Sub(before[0].share).Abs().GreaterThan(extraShareTol) {
				continue
			}
			e := yearlyExtra{g: g, month: m, day: last[0].day, share: last[0].share}
			for _, bm := range append(earlier, byMonth) {
				for _, xs := range bm[m] {
					for _, x := range xs {
						if x.share.Sub(e.share).Abs().LessThanOrEqual(extraShareTol) {
							e.txs = append(e.txs, x.tx)
						}
					}
				}
			}
			out = append(out, e)
		}
	}
	return out
}

// An extra is an ordinary booking of a monthly group: its share of the
// regular amount of its month.
type extra struct {
	share decimal.Decimal
	day   int
	tx    *reader.Transaction
}

// groupExtras returns g's extras by month and year.
func groupExtras(g *recurringGroup, rec map[*reader.Transaction]bool) map[int]map[int][]extra {
	regular := map[int]decimal.Decimal{} // by month index
	for i, t := range g.txs {
		if rec[t] {
			regular[monthIdx(g.occ[i].date)] = g.occ[i].amount
		}
	}
	byMonth := map[int]map[int][]extra{}
	for i, t := range g.txs {
		if rec[t] {
			continue
		}
		d := g.occ[i].date
		r, ok := regular[monthIdx(d)]
		if !ok || r.Sign() <= 0 {
			continue
		}
		if byMonth[d.Month()] == nil {
			byMonth[d.Month()] = map[int][]extra{}
		}
		byMonth[d.Month()][d.Year()] = append(byMonth[d.Month()][d.Year()], extra{g.occ[i].amount.Div(r), d.Day(), t})
	}
	return byMonth
}

// monthIdx is a date's month counted from year 0.
func monthIdx(d reader.Date) int { return d.Year()*12 + d.Month() - 1 }

// due returns the day e is expected in year, and whether it still is
// after asOf: not if booked this year already, nor if more than
// forecastLateDays overdue.
func (e yearlyExtra) due(year int, asOf reader.Date) (reader.Date, bool) {
	for _, t := range e.txs {
		if t.ValueDate.Year() == year {
			return 0, false
		}
	}
	last := dateTime(reader.NewDate(year, e.month, 1)).AddDate(0, 1, -1).Day()
	d := reader.NewDate(year, e.month, min(e.day, last))
	if d <= asOf {
		if daysFrom(d, asOf) > forecastLateDays {
			return 0, false
		}
		d = plusDays(asOf, 1)
	}
	return d, d <= reader.NewDate(year, 12, 31)
}

// endedExtras returns the extras of the monthly groups of kept (those
// whose bookings are forecast by due dates) that are stopped at asOf: an
// old employer's thirteenth salary. An extra belongs to its item; once
// the item has ended, its extras are not to be expected in the rest (a
// successor's yearly extra claims them again, see yearlyExtras).
func endedExtras(kept []*recurringGroup, rec map[*reader.Transaction]bool, asOf reader.Date) []*reader.Transaction {
	var out []*reader.Transaction
	for _, g := range kept {
		if g.cadence != CadenceMonthly || !stopped(g, asOf) {
			continue
		}
		for _, ys := range groupExtras(g, rec) {
			for _, xs := range ys {
				for _, x := range xs {
					out = append(out, x.tx)
				}
			}
		}
	}
	return out
}
