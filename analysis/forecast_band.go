package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// The interval's tuning, set on the backtest (docs/forecast.md#interval).
var (
	// bandZ is the normal quantile of an 80% two-sided interval.
	bandZ = decimal.RequireFromString("1.2816")
	// bandT[n] is the quantile of Student's t with n degrees of freedom
	// that leaves 10% above it: the interval's multiplier when its
	// spread is the root mean square of n ≥ 2 past errors (an estimate
	// from few errors, so wider than bandZ); bandZ beyond 20.
	bandT = []decimal.Decimal{decimal.Zero, decimal.Zero,
		decimal.RequireFromString("1.886"), decimal.RequireFromString("1.638"), decimal.RequireFromString("1.533"),
		decimal.RequireFromString("1.476"), decimal.RequireFromString("1.440"), decimal.RequireFromString("1.415"),
		decimal.RequireFromString("1.397"), decimal.RequireFromString("1.383"), decimal.RequireFromString("1.372"),
		decimal.RequireFromString("1.363"), decimal.RequireFromString("1.356"), decimal.RequireFromString("1.350"),
		decimal.RequireFromString("1.345"), decimal.RequireFromString("1.341"), decimal.RequireFromString("1.337"),
		decimal.RequireFromString("1.333"), decimal.RequireFromString("1.330"), decimal.RequireFromString("1.328"),
		decimal.RequireFromString("1.325")}
	// bandWiden multiplies the interval when fewer than two earlier years
	// could be backtested.
	bandWiden = decimal.RequireFromString("1.5")
	// bandPriorShare is the error assumed, as a share of what is still to
	// come, when no past error is seen (no earlier year).
	bandPriorShare = decimal.RequireFromString("0.15")
)

// pastErrors are the errors (truth minus forecast) the method made on the
// earlier years, forecast as of the same day from the years before each.
type pastErrors struct {
	income, expenses, net []pastError
	cats                  map[catKey][]pastError
}

// A pastError is the method's error on an earlier year and the number of
// earlier years its forecast had.
type pastError struct {
	err   decimal.Decimal
	years int
}

// residuals backtests the method on each earlier year as of asOf's day.
// The first year, which has no history of its own, is left out once there
// are two or more: its run-rate errors do not tell how the method errs
// with history.
func (f *forecaster) residuals(hist []*Ledger, asOf reader.Date) pastErrors {
	out := pastErrors{cats: map[catKey][]pastError{}}
	for k, l := range hist {
		if k == 0 && len(hist) >= 2 {
			continue
		}
		day := sameDay(l.Books.Year, asOf)
		inner := f.core(hist[:k], CutLedger(l, day), day)
		truth := splitYear(l, day, nil, nil)
		var ti, te decimal.Decimal
		seen := map[catKey]bool{}
		for key, s := range truth {
			seen[key] = true
			t := s.total()
			var fc decimal.Decimal
			if c := inner.cats[key]; c != nil {
				fc = c.forecast()
			}
			out.cats[key] = append(out.cats[key], pastError{t.Sub(fc), k})
			if key.class == reader.Income {
				ti = ti.Add(t)
			} else {
				te = te.Add(t)
			}
		}
		for key, c := range inner.cats {
			if !seen[key] {
				out.cats[key] = append(out.cats[key], pastError{c.forecast().Neg(), k})
			}
		}
		_, fi := inner.total(reader.Income)
		_, fe := inner.total(reader.Expenses)
		out.income = append(out.income, pastError{ti.Sub(fi), k})
		out.expenses = append(out.expenses, pastError{te.Sub(fe), k})
		out.net = append(out.net, pastError{ti.Sub(te).Sub(fi.Sub(fe)), k})
	}
	return out
}

// band is the interval around forecast from the past errors: ± z times
// their root mean square, each error weighing the number of earlier years
// its forecast had (a backtest with more history is more like today's
// forecast), z being Student's t quantile for as many degrees of freedom
// as there are errors (2–20; bandZ for one error or more than 20); with
// no past error, a prior error of bandPriorShare of what
// is still to come stands in. Widened when wide. With floor, the low end
// is not below actual (income and expenses still to come do not undo what
// is booked).
func band(actual, forecast decimal.Decimal, errs []pastError, wide, floor bool) Band {
	var sum, weights decimal.Decimal
	for _, e := range errs {
		w := decimal.NewFromInt(int64(e.years))
		sum = sum.Add(e.err.Mul(e.err).Mul(w))
		weights = weights.Add(w)
	}
	if !weights.IsPositive() {
		prior := forecast.Sub(actual).Abs().Mul(bandPriorShare)
		sum, weights = prior.Mul(prior), decimal.NewFromInt(1)
	}
	s := sum.Div(weights)
	if r, err := s.Sqrt(); err == nil {
		s = r
	}
	z := bandZ
	if n := len(errs); n >= 2 && n < len(bandT) {
		z = bandT[n]
	}
	hw := s.Mul(z)
	if wide {
		hw = hw.Mul(bandWiden)
	}
	b := Band{Actual: actual, Forecast: forecast, Low: forecast.Sub(hw), High: forecast.Add(hw)}
	if floor && forecast.GreaterThanOrEqual(actual) && b.Low.LessThan(actual) {
		b.Low = actual
	}
	b.Actual, b.Forecast, b.Low, b.High = b.Actual.Round(2), b.Forecast.Round(2), b.Low.Round(2), b.High.Round(2)
	return b
}

// A PathPoint is the year's cumulative result at one day: booked up to the
// forecast's day, forecast after it, with the interval widening to the
// year end's.
type PathPoint struct {
	Date           reader.Date
	Forecast       bool // after the forecast's day
	Net, Low, High decimal.Decimal
}

// resultPath returns the cumulative result of cur (books cut at asOf) at
// each month end up to asOf, at asOf, and then at each later month end on
// the way to net: the remainder spread by days, its interval widening in
// proportion.
func resultPath(cur *Ledger, asOf reader.Date, net Band) []PathPoint {
	year := cur.Books.Year
	var byMonth [13]decimal.Decimal
	cur.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		m := 1
		if t.ValueDate.Year() == year {
			m = t.ValueDate.Month()
		} else if t.ValueDate.Year() > year {
			m = 12
		}
		for _, leg := range []struct {
			a    *reader.Account
			sign int64
		}{{target, -1}, {origin, 1}} { // income is credited, expenses debited
			if c := leg.a.Class(); c == reader.Income || c == reader.Expenses {
				byMonth[m] = byMonth[m].Add(t.Value.Mul(decimal.NewFromInt(leg.sign)))
			}
		}
	})
	var out []PathPoint
	var cum decimal.Decimal
	for m := 1; m < asOf.Month(); m++ {
		cum = cum.Add(byMonth[m])
		out = append(out, PathPoint{Date: plusDays(reader.NewDate(year, m+1, 1), -1), Net: cum, Low: cum, High: cum})
	}
	out = append(out, PathPoint{Date: asOf, Net: net.Actual, Low: net.Actual, High: net.Actual})
	end := reader.NewDate(year, 12, 31)
	total := decimal.NewFromInt(int64(daysFrom(asOf, end)))
	for m := asOf.Month(); m <= 12; m++ {
		d := end
		if m < 12 {
			d = plusDays(reader.NewDate(year, m+1, 1), -1)
		}
		if d <= asOf {
			continue
		}
		f := decimal.NewFromInt(int64(daysFrom(asOf, d))).Div(total)
		p := PathPoint{Date: d, Forecast: true,
			Net:  net.Actual.Add(net.Forecast.Sub(net.Actual).Mul(f)),
			Low:  net.Actual.Add(net.Low.Sub(net.Actual).Mul(f)),
			High: net.Actual.Add(net.High.Sub(net.Actual).Mul(f))}
		p.Net, p.Low, p.High = p.Net.Round(2), p.Low.Round(2), p.High.Round(2)
		out = append(out, p)
	}
	return out
}
