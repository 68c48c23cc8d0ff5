package analysis

import (
	"slices"

	"github.com/shopspring/decimal"
)

// seasonUnderWay returns earlier years' rest of category k (a mean
// weighted by recency alone, not by analogWeights as the rest after the
// day is) in the months from month, the forecast day's, up to the first
// later month whose mean is below forecastQuietShare of year, a year's
// rest.
func seasonUnderWay(histSplit []map[catKey]*catSplit, k catKey, month int, year decimal.Decimal) decimal.Decimal {
	var months [13]decimal.Decimal
	var sw decimal.Decimal
	w := decimal.NewFromInt(1)
	for i := len(histSplit) - 1; i >= 0; i-- {
		if hs := histSplit[i][k]; hs != nil {
			for m := 1; m <= 12; m++ {
				months[m] = months[m].Add(hs.month[m].Mul(w))
			}
		}
		sw = sw.Add(w)
		w = w.Mul(forecastDecay)
	}
	quiet := year.Mul(forecastQuietShare).Mul(sw)
	var season decimal.Decimal
	for m := month; m <= 12; m++ {
		if m > month && months[m].LessThan(quiet) {
			break
		}
		season = season.Add(months[m])
	}
	return season.Div(sw)
}

// yearWeights returns how much each earlier year (oldest first) counts:
// its likeness to this year times forecastDecay for each year after it.
func yearWeights(like []decimal.Decimal) []decimal.Decimal {
	out := make([]decimal.Decimal, len(like))
	w := decimal.NewFromInt(1)
	for i := len(like) - 1; i >= 0; i-- {
		out[i] = w.Mul(like[i])
		w = w.Mul(forecastDecay)
	}
	return out
}

// weightedMedian returns the median of v, each value counting by its
// weight in w: the value at which the weights of the values below it and
// above it each come to at most half, the mean of the two values about
// an exact half (so with equal weights it is medianOf).
func weightedMedian(v, w []decimal.Decimal) decimal.Decimal {
	idx := make([]int, len(v))
	var half decimal.Decimal
	for i := range v {
		idx[i] = i
		half = half.Add(w[i])
	}
	half = half.Div(decimal.NewFromInt(2))
	slices.SortStableFunc(idx, func(a, b int) int { return v[a].Cmp(v[b]) })
	var cum decimal.Decimal
	for k, i := range idx {
		cum = cum.Add(w[i])
		switch c := cum.Cmp(half); {
		case c > 0:
			return v[i]
		case c == 0 && k+1 < len(idx):
			return v[i].Add(v[idx[k+1]]).Div(decimal.NewFromInt(2))
		}
	}
	return v[idx[len(idx)-1]]
}

// analogWeights weighs each earlier year by how like this year its rest
// up to the day was: 1 / (1 + ((q − 1) / forecastAnalogSpread)²), q the
// larger of this year's rest so far and that year's over the smaller,
// each plus an average month of the years' rest (so that a little booked
// or none compares as alike). A year whose level up to the day was half
// or twice this year's weighs about 0.4: after a step (a hire, a lost
// client, a new job) the years since it count most, while years that
// differ by chance weigh nearly alike.
func analogWeights(so decimal.Decimal, before, after []decimal.Decimal) []decimal.Decimal {
	var total decimal.Decimal
	for i := range before {
		total = total.Add(before[i]).Add(after[i])
	}
	month := total.Div(decimal.NewFromInt(int64(12 * len(before))))
	one := decimal.NewFromInt(1)
	out := make([]decimal.Decimal, len(before))
	for i, b := range before {
		out[i] = one
		x, y := so.Add(month), b.Add(month)
		if !x.IsPositive() || !y.IsPositive() {
			continue
		}
		q := decimal.Max(x, y).Div(decimal.Min(x, y)).Sub(one).Div(forecastAnalogSpread)
		out[i] = one.Div(one.Add(q.Mul(q)))
	}
	return out
}

// rest is one category's rest still to come, before this year's level:
// earlier years' mean rest after the day and up to it, the part of it
// that is the season under way, the mean one-offs after the day, and this
// year's rest so far.
type rest struct {
	cat                                *coreCat
	so, after, before, season, oneOffs decimal.Decimal
}

// restLevel is this year's level of the rest against earlier years':
// the rest so far (kept within half and twice earlier years' up to the
// day) plus a quarter of a year's rest (forecastLevelPrior), over earlier
// years' rest up to the day plus the same, so that little booked so far
// (early in a season) moves little; 1 when either is nothing.
func restLevel(so, before, after decimal.Decimal) decimal.Decimal {
	if !so.IsPositive() || !before.IsPositive() || !after.IsPositive() {
		return decimal.NewFromInt(1)
	}
	two, year := decimal.NewFromInt(2), before.Add(after).Mul(forecastLevelPrior)
	so = decimal.Min(decimal.Max(so, before.Div(two)), before.Mul(two))
	return so.Add(year).Div(before.Add(year))
}

// addRests adds to each category of rests its rest still to come:
// earlier years' rest after the day, its season under way scaled by this
// year's level, and forecastOneOffShare of their one-offs. The level is
// the mandator's, over all its categories' rest together: a business's
// income and expenses move together, and a level per category moved them
// apart, so that their errors no longer cancelled in the result.
func addRests(rests []rest) {
	var so, after, before decimal.Decimal
	for _, r := range rests {
		so, after, before = so.Add(r.so), after.Add(r.after), before.Add(r.before)
	}
	level := restLevel(so, before, after)
	for _, r := range rests {
		flow := r.after.Sub(r.season).Add(r.season.Mul(level))
		r.cat.remainder = r.cat.remainder.Add(flow).Add(r.oneOffs.Mul(forecastOneOffShare))
	}
}
