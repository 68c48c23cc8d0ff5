package analysis

import "github.com/shopspring/decimal"

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
