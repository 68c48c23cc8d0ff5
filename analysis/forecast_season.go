package analysis

import "github.com/shopspring/decimal"

// seasonUnderWay returns earlier years' rest of category k (the same
// weighted mean as the rest after the day) in the months from month, the
// forecast day's, up to the first later month whose mean is below
// forecastQuietShare of year, a year's rest.
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
