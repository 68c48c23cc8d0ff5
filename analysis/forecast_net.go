package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// forecastNetPull is the share of the way by which the result still to
// come is drawn toward the median of earlier years' result after the same
// day (pullNet; docs/forecast.md#method, step 4).
var forecastNetPull = decimal.RequireFromString("0.5")

// pullNet draws the result still to come of out (its income less its
// expenses after the day) forecastNetPull of the way toward the median of
// what the earlier years booked after the same day, income less expenses,
// everything counted (recurring items and one-offs too), each year alike.
// Income takes half of the move and expenses the other half, each spread
// over its categories by what they still expect (a side that expects
// nothing more takes none of it); neither side gives up more than it
// still expects, so no forecast falls below what is booked.
//
// Income and expenses are forecast well by reading this year (its
// recurring items at their current amounts, its level so far), but what
// that reading gets wrong it often gets wrong on one side only, while the
// result, their difference, varies less from year to year than either:
// earlier years' result after the day errs about as much as the
// forecast's, and differently, so the point halfway errs less than either
// (docs/forecast.md#method, step 4). The median, not the mean, so that
// one year's renovation or windfall does not set it.
func pullNet(out core, histSplit []map[catKey]*catSplit) {
	if len(histSplit) == 0 {
		return
	}
	results := make([]decimal.Decimal, len(histSplit))
	for i, hs := range histSplit {
		for k, s := range hs {
			for _, a := range s.after {
				if k.class == reader.Income {
					results[i] = results[i].Add(a)
				} else {
					results[i] = results[i].Sub(a)
				}
			}
		}
	}
	median := medianOf(results)
	// still[0] is what income still expects in its categories that
	// expect something, still[1] expenses'.
	var net decimal.Decimal
	var still [2]decimal.Decimal
	side := func(k catKey) int {
		if k.class == reader.Income {
			return 0
		}
		return 1
	}
	for k, c := range out.cats {
		if k.class == reader.Income {
			net = net.Add(c.remainder)
		} else {
			net = net.Sub(c.remainder)
		}
		if c.remainder.IsPositive() {
			still[side(k)] = still[side(k)].Add(c.remainder)
		}
	}
	half := median.Sub(net).Mul(forecastNetPull).Div(decimal.NewFromInt(2))
	// Income moves by +half, expenses by −half; neither below zero.
	move := [2]decimal.Decimal{decimal.Max(half, still[0].Neg()), decimal.Max(half.Neg(), still[1].Neg())}
	for k, c := range out.cats {
		i := side(k)
		if c.remainder.IsPositive() {
			c.remainder = c.remainder.Add(move[i].Mul(c.remainder).Div(still[i]))
		}
	}
}
