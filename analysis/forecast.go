package analysis

import (
	"fmt"
	"sort"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A ForecastSpec asks for the year-end forecast of Year as of AsOf (a day
// of the year, inclusive): only postings dated up to AsOf are used.
type ForecastSpec struct {
	Year  int
	AsOf  reader.Date
	Rates Rates
}

// A Band is a year-end figure: what is booked up to the day, the forecast
// for the whole year and an interval meant to hold the true value 8 times
// in 10.
type Band struct {
	Actual, Forecast, Low, High decimal.Decimal
}

// A CategoryForecast is the Band of one income or expense subclass.
type CategoryForecast struct {
	Number int
	Name   string
	Class  reader.Class // Income or Expenses
	Band
}

// An ExpectedItem is a recurring payment or income still due in the year
// after the forecast's day, as the forecast counts it.
type ExpectedItem struct {
	Name          string
	AccountNumber int
	Class         reader.Class
	Due           reader.Date
	Amount        decimal.Decimal // CHF, positive
}

// A Forecast is the year-end forecast of one mandator-year.
type Forecast struct {
	Year                            int
	AsOf                            reader.Date
	Income, Expenses, Net, NetWorth Band
	Categories                      []CategoryForecast // income first, then expenses, by number
	Expected                        []ExpectedItem     // by due date, then name
	Path                            []PathPoint        // the cumulative result through the year
	HistoryYears                    []int              // the earlier years the forecast learnt from
	Method                          string
	Warnings                        []string
}

// The forecast's tuning, set on the backtest (docs/forecast.md#method).
var (
	// forecastDecay weighs each earlier year against the one after it.
	forecastDecay = decimal.RequireFromString("0.85")
	// forecastCapMedian caps each earlier year's rest after the day at
	// this many times the median of the years, and forecastFloorMedian
	// raises it to this share of the median, once there are
	// forecastCapYears of them.
	forecastCapMedian   = decimal.NewFromInt(2)
	forecastFloorMedian = decimal.RequireFromString("0.5")
	forecastCapYears    = 3
	// forecastOneOffShare is the share of earlier years' one-offs after
	// the day that the forecast expects again.
	forecastOneOffShare = decimal.RequireFromString("0.25")
	// forecastQuietShare: a month after the day in which earlier years
	// booked less of a category's rest than this share of a year's rest
	// (a quarter of an average month) ends the season under way, and
	// this year's level applies only up to it.
	forecastQuietShare = decimal.NewFromInt(1).Div(decimal.NewFromInt(48))
	// forecastLateDays is how long a recurring booking may be overdue and
	// still be expected.
	forecastLateDays = 7
	// forecastLevelPrior is the share of a year's rest added to this
	// year's rest so far and to earlier years' up to the day before the
	// one is set against the other (restLevel): little booked so far
	// moves the level little.
	forecastLevelPrior = decimal.RequireFromString("0.25")
	// forecastAnalogSpread sets how fast an earlier year's weight falls
	// with how unlike this year's its rest up to the day was
	// (analogWeights).
	forecastAnalogSpread = decimal.RequireFromString("0.8")
)

// sameDay returns the day of year y with asOf's month and day (28 February
// for 29 February in a common year).
func sameDay(y int, asOf reader.Date) reader.Date {
	m := asOf.Month()
	last := dateTime(reader.NewDate(y, m, 1)).AddDate(0, 1, -1).Day()
	return reader.NewDate(y, m, min(asOf.Day(), last))
}

// A forecaster keeps, for one answer, what several of its forecasts share:
// the one-offs of each full earlier year and its payments by payee.
type forecaster struct {
	oneOff   map[*Ledger]map[*reader.Transaction]bool
	payments map[*Ledger]map[string][]occurrence // by groupKey
}

// coreCat is one category's point forecast.
type coreCat struct {
	actual, remainder decimal.Decimal
}

func (c coreCat) forecast() decimal.Decimal { return c.actual.Add(c.remainder) }

// core is a point forecast without interval.
type core struct {
	cats     map[catKey]*coreCat
	expected []ExpectedItem
}

func (c core) total(class reader.Class) (actual, forecast decimal.Decimal) {
	for k, v := range c.cats {
		if k.class == class {
			actual, forecast = actual.Add(v.actual), forecast.Add(v.forecast())
		}
	}
	return actual, forecast
}

// histOneOffs returns the one-offs of hist[k], a full year, judged against
// hist[:k+1].
func (f *forecaster) histOneOffs(hist []*Ledger, k int) map[*reader.Transaction]bool {
	l := hist[k]
	if m, ok := f.oneOff[l]; ok {
		return m
	}
	m := oneOffs(hist[:k+1], l, 0)
	f.oneOff[l] = m
	return m
}

// core forecasts cur, books cut at asOf, from hist, the full earlier years
// in ascending order.
func (f *forecaster) core(hist []*Ledger, cur *Ledger, asOf reader.Date) core {
	all := append(append([]*Ledger(nil), hist...), cur)
	groups := recurringGroups(all)
	kept := seasonalOut(groups, cur.Books.Year, asOf, newcomers(all))
	rec := recurringBookings(kept)
	extras := yearlyExtras(groups, rec, cur.Books.Year, asOf)
	ended := endedExtras(kept, rec, asOf)
	for _, e := range extras {
		for _, t := range e.txs {
			rec[t] = true
		}
	}
	for _, t := range ended {
		rec[t] = true
	}
	curSplit := splitYear(cur, asOf, rec, f.notSeasonal(hist, cur, oneOffs(all, cur, asOf)))
	histSplit := make([]map[catKey]*catSplit, len(hist))
	for k, l := range hist {
		histSplit[k] = splitYear(l, sameDay(l.Books.Year, asOf), rec, f.notSeasonal(hist, l, f.histOneOffs(hist, k)))
	}
	out := core{cats: map[catKey]*coreCat{}}
	cat := func(k catKey) *coreCat {
		c := out.cats[k]
		if c == nil {
			c = &coreCat{}
			out.cats[k] = c
		}
		return c
	}
	year := cur.Books.Year
	end := reader.NewDate(year, 12, 31)
	for _, g := range groups {
		if stopped(g, asOf) {
			continue
		}
		k := catKey{g.account.Class(), g.account.SubclassNumber()}
		limit := expectedLimit(g)
		for n := 1; limit != 0; n++ {
			due := plusMonths(g.latest, n*g.cadence.Months())
			if due <= asOf {
				// Overdue: booked late (still expected) if only a few days,
				// else stopped or replaced (a new employer, a new flat).
				if daysFrom(due, asOf) > forecastLateDays {
					continue
				}
				due = plusDays(asOf, 1)
			}
			if due > end {
				break
			}
			amount := g.amountDue(due)
			out.expected = append(out.expected, ExpectedItem{Name: g.payee, AccountNumber: g.account.Number, Class: k.class, Due: due, Amount: amount})
			c := cat(k)
			c.remainder = c.remainder.Add(amount)
			limit--
		}
	}
	for _, e := range extras {
		due, ok := e.due(year, asOf)
		if !ok {
			continue
		}
		amount := currentAmount(amountsIn(e.g.occ, e.g.latest.Year())).Mul(e.share).Round(2)
		k := catKey{e.g.account.Class(), e.g.account.SubclassNumber()}
		out.expected = append(out.expected, ExpectedItem{Name: e.g.payee, AccountNumber: e.g.account.Number, Class: k.class, Due: due, Amount: amount})
		c := cat(k)
		c.remainder = c.remainder.Add(amount)
	}
	sort.SliceStable(out.expected, func(i, j int) bool {
		a, b := out.expected[i], out.expected[j]
		if a.Due != b.Due {
			return a.Due < b.Due
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		return a.AccountNumber < b.AccountNumber
	})
	keys := map[catKey]bool{}
	for k := range curSplit {
		keys[k] = true
	}
	for _, hs := range histSplit {
		for k := range hs {
			keys[k] = true
		}
	}
	jan1 := reader.NewDate(year, 1, 1)
	elapsed := decimal.NewFromInt(int64(daysFrom(jan1, asOf) + 1))
	remaining := decimal.NewFromInt(int64(daysFrom(asOf, end)))
	var rests []rest
	for k := range keys {
		c := cat(k)
		cs := curSplit[k]
		if cs == nil {
			cs = &catSplit{}
		}
		c.actual = cs.totalBefore()
		fb := cs.before[kindFlow]
		if len(hist) == 0 {
			c.remainder = c.remainder.Add(fb.Mul(remaining).Div(elapsed))
			continue
		}
		// Earlier years' rest after the day, each kept within
		// forecastFloorMedian and forecastCapMedian times the median of
		// the years once there are forecastCapYears of them (an
		// anniversary's tripled event is not the usual, nor are the
		// events cancelled in 2020), and up to the day. The median is of
		// the years as they count below, so that years of another life
		// (before a move to Switzerland, a first job or a new business)
		// do not cap the ones like this year.
		after, before := make([]decimal.Decimal, len(hist)), make([]decimal.Decimal, len(hist))
		for i, hs := range histSplit {
			if s := hs[k]; s != nil {
				after[i], before[i] = s.after[kindFlow], s.before[kindFlow]
			}
		}
		if len(hist) >= forecastCapYears {
			if median := weightedMedian(after, yearWeights(analogWeights(fb, before, after))); median.IsPositive() {
				low, high := median.Mul(forecastFloorMedian), median.Mul(forecastCapMedian)
				for i, a := range after {
					after[i] = decimal.Min(decimal.Max(a, low), high)
				}
			}
		}
		var sw, mfa, mfb, moo decimal.Decimal
		for i, wi := range yearWeights(analogWeights(fb, before, after)) {
			mfa = mfa.Add(after[i].Mul(wi))
			mfb = mfb.Add(before[i].Mul(wi))
			if hs := histSplit[i][k]; hs != nil {
				moo = moo.Add(hs.after[kindOneOff].Mul(wi))
			}
			sw = sw.Add(wi)
		}
		mfa, mfb, moo = mfa.Div(sw), mfb.Div(sw), moo.Div(sw)
		// Only the season under way will be scaled by this year's level:
		// earlier years' rest from the day up to the first quiet month
		// after it. What comes after a quiet spell (a ski school's
		// December, the next winter's) owes nothing to this year's level
		// so far, nor does a category with nothing booked so far.
		r := rest{cat: c, so: fb, after: mfa, before: mfb, oneOffs: moo}
		if fb.IsPositive() && mfb.IsPositive() && mfa.IsPositive() {
			r.season = decimal.Min(seasonUnderWay(histSplit, k, asOf.Month(), mfb.Add(mfa)), mfa)
		}
		rests = append(rests, r)
	}
	addRests(rests)
	pullNet(out, histSplit)
	return out
}

// ForecastYearEnd forecasts the year-end income, expenses, result and net
// worth of the books of spec.Year from the postings dated up to spec.AsOf
// in ledgers (the years of one mandator up to spec.Year; later ones are
// ignored, and so is every posting after spec.AsOf). Per category, what is
// still to come is the recurring payments and incomes due after the day
// (recurringGroups), plus what earlier years booked of the rest after the
// same day (a mean weighted towards recent years, an outlying year
// capped), its season under way (up to the first quiet month) scaled by
// this year's level of the mandator's whole rest so far (all categories
// together) against theirs up to the day, plus
// a quarter of the one-offs earlier years had after the day; then the
// result still to come is drawn halfway toward the median of earlier
// years' result after the day (pullNet); the one-offs
// FindUnusual flags are not extrapolated, unless they come back at the
// same time each year. The interval comes from the errors the same method
// made on the earlier years as of the same day.
func ForecastYearEnd(ledgers []*Ledger, spec ForecastSpec) Forecast {
	var hist []*Ledger
	var cur *Ledger
	for _, l := range ledgers {
		switch y := l.Books.Year; {
		case y < spec.Year:
			hist = append(hist, CutLedger(l, spec.AsOf))
		case y == spec.Year:
			cur = CutLedger(l, spec.AsOf)
		}
	}
	sort.SliceStable(hist, func(i, j int) bool { return hist[i].Books.Year < hist[j].Books.Year })
	out := Forecast{Year: spec.Year, AsOf: spec.AsOf}
	if cur == nil {
		return out
	}
	f := &forecaster{oneOff: map[*Ledger]map[*reader.Transaction]bool{}, payments: map[*Ledger]map[string][]occurrence{}}
	point := f.core(hist, cur, spec.AsOf)
	res := f.residuals(hist, spec.AsOf)
	for _, l := range hist {
		out.HistoryYears = append(out.HistoryYears, l.Books.Year)
	}
	wide := len(res.net) < 2
	var keys []catKey
	for k := range point.cats {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].class != keys[j].class {
			return keys[i].class == reader.Income
		}
		return keys[i].sub < keys[j].sub
	})
	for _, k := range keys {
		c := point.cats[k]
		if c.actual.IsZero() && c.remainder.Round(2).IsZero() {
			continue
		}
		out.Categories = append(out.Categories, CategoryForecast{Number: k.sub, Name: cur.SubclassName(k.sub), Class: k.class,
			Band: band(c.actual, c.forecast(), res.cats[k], wide, true)})
	}
	ia, inc := point.total(reader.Income)
	ea, exp := point.total(reader.Expenses)
	out.Income = band(ia, inc, res.income, wide, true)
	out.Expenses = band(ea, exp, res.expenses, wide, true)
	out.Net = band(ia.Sub(ea), inc.Sub(exp), res.net, wide, false)
	equity := BalanceSummary(cur, spec.Rates).EquityChf
	shift := equity.Sub(out.Net.Actual)
	out.NetWorth = Band{Actual: equity, Forecast: out.Net.Forecast.Add(shift), Low: out.Net.Low.Add(shift), High: out.Net.High.Add(shift)}
	out.Expected = point.expected
	out.Path = resultPath(cur, spec.AsOf, out.Net)
	out.Method, out.Warnings = describeForecast(out, point)
	return out
}

// describeForecast is the answer's one-sentence method and its warnings.
func describeForecast(f Forecast, c core) (string, []string) {
	day := fmt.Sprintf("%d %s", f.AsOf.Day(), forecastMonths[f.AsOf.Month()-1])
	due := decimal.Zero
	for _, e := range c.expected {
		due = due.Add(e.Amount)
	}
	years := "no earlier year"
	switch n := len(f.HistoryYears); n {
	case 0:
	case 1:
		years = fmt.Sprintf("%d", f.HistoryYears[0])
	default:
		years = fmt.Sprintf("%d–%d", f.HistoryYears[0], f.HistoryYears[n-1])
	}
	method := fmt.Sprintf("From the postings up to %s: %d recurring items still due (%s CHF), plus per category what %s booked of the rest after %s "+
		"(recent years, and years whose level up to the day was like this year's, weighing more), scaled by this year's level so far, with the result still to come drawn halfway toward the median of what those years booked after the day; one-offs flagged as unusual are not extrapolated, and the interval is the spread of the errors the method made on earlier years.",
		f.AsOf, len(c.expected), due.StringFixed(2), years, day)
	var warnings []string
	switch len(f.HistoryYears) {
	case 0:
		method = fmt.Sprintf("From the postings up to %s: %d recurring items still due (%s CHF), plus per category the run rate of the rest; with no earlier year there is no seasonality, and the interval is a wide guess.",
			f.AsOf, len(c.expected), due.StringFixed(2))
		warnings = append(warnings, fmt.Sprintf("no earlier year with books before %d: the forecast is the run rate plus recurring items, without seasonality, and its interval is widened", f.Year))
	case 1, 2:
		warnings = append(warnings, fmt.Sprintf("only %d earlier year(s) of books (%s): the interval rests on few past errors and is widened", len(f.HistoryYears), years))
	}
	return method, warnings
}

var forecastMonths = strings.Fields("January February March April May June July August September October November December")
