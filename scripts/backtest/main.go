// Command backtest measures forecast_year_end on generated books
// (bookgen.ForecastBooks): every year of every mandator forecast as of each
// month end from March to October, using only the postings up to that day,
// against the true year end and two forecasts a user could make by hand:
//
//   - run rate: actual × 12 / months elapsed;
//   - last year's remainder: actual + what last year booked after the same day.
//
// It prints the mean absolute error in CHF of year-end income, expenses and
// net worth (equity at 31 December) for each, and how often the truth fell
// inside the forecast's [low, high]. It is a benchmark, not a test:
//
//	go run ./scripts/backtest                    # the books the forecast was tuned on
//	go run ./scripts/backtest -shape unseen -seed 2 -from 2
//	go run ./scripts/backtest -shape holdout -seed 3 -from 2   # made to be unseen, studied since
//	go run ./scripts/backtest -shape fresh -seed 4 -from 2     # made after the method was frozen, run once
//	go run ./scripts/backtest -shape fresh2 -seed 5 -from 2    # made after the next freeze, run once
//	go run ./scripts/backtest -shape fresh3 -seed 6 -seeds 5 -from 2   # made after the next freeze, run once
//	(fresh4–fresh20 likewise, run once from seeds 16, 21, 26, 31, 36, 41, 46, 51, 56, 61, 66, 71, 76, 81, 86, 91, 96)
//	go run ./scripts/backtest -shape fresh17 -seed 81 -seeds 5 -from 2 -references   # and what averaging years gives
//
// docs/forecast.md#backtest states the figures.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

func main() {
	shape := flag.String("shape", bookgen.ForecastTuned, "books: "+strings.Join(bookgen.ForecastShapes, " or "))
	seed := flag.Uint64("seed", 1, "generator seed")
	from := flag.Int("from", 1, "first year to forecast, as an index into each mandator's years (1: the second year)")
	verbose := flag.Bool("v", false, "print every forecast")
	flag.StringVar(&detail, "detail", "", "print the categories of one forecast: mandator/yyyy-mm-dd")
	cats := flag.Bool("categories", false, "print each mandator's categories' absolute errors, summed over the forecasts, beside last year's remainder's")
	seeds := flag.Int("seeds", 1, "how many seeds to pool, from -seed on (each gives other books of the shape)")
	refs := flag.Bool("references", false, "also print two references: the mean of earlier years' remainder, and the mean of every other year's, later ones too (hindsight, not a forecast)")
	flag.Parse()
	t := newTally(*cats)
	for s := *seed; s < *seed+uint64(max(*seeds, 1)); s++ {
		label := ""
		if *seeds > 1 {
			label = fmt.Sprintf("seed %d/", s)
		}
		files, err := bookgen.ForecastBooks(*shape, s)
		if err != nil {
			fail(2, err)
		}
		if err := backtest(t, files, label, *from, *verbose); err != nil {
			fail(1, err)
		}
	}
	seedText := fmt.Sprintf("seed %d", *seed)
	if *seeds > 1 {
		seedText = fmt.Sprintf("seeds %d–%d pooled", *seed, *seed+uint64(*seeds)-1)
	}
	fmt.Printf("backtest: shape %s, %s, from year index %d: %d forecasts (%d mandators, month ends March–October)\n\n",
		*shape, seedText, *from, t.n, t.mandators)
	t.print(*refs)
	if *cats {
		t.printCategories()
	}
}

func fail(code int, err error) {
	fmt.Fprintln(os.Stderr, "backtest:", err)
	os.Exit(code)
}

// The methods and figures of the table.
const (
	methodForecast = iota
	methodRunRate
	methodLastYear
	// The references: what averaging other years' remainders gives.
	methodEarlierMean
	methodHindsight
	methods
)

// handMethods are the methods of the table without -references: the
// forecast and the two hand baselines.
const handMethods = methodEarlierMean

const (
	figIncome = iota
	figExpenses
	figNetWorth
	figures
)

// detail names one forecast whose categories are printed.
var detail string

var methodNames = [methods]string{"forecast_year_end", "run rate", "last year's remainder", "mean of earlier years", "hindsight: other years"}
var figureNames = [figures]string{"income", "expenses", "net worth"}

type tally struct {
	n, mandators int
	absErr       [methods][figures]decimal.Decimal
	inside       [figures]int
	cats         map[string]*catErr // by mandator/class/name, with -categories
	// units sums the absolute errors of each mandator-year, the unit
	// that the bootstrap resamples.
	units map[string]*[methods][figures]decimal.Decimal
}

// catErr sums one category's errors over the forecasts: the forecast's
// and last year's remainder's, absolute and signed.
type catErr struct {
	abs, signed [2]decimal.Decimal // forecast, last year's remainder
}

// newTally returns an empty tally that keeps the categories' errors if
// categories.
func newTally(categories bool) *tally {
	t := &tally{units: map[string]*[methods][figures]decimal.Decimal{}}
	if categories {
		t.cats = map[string]*catErr{}
	}
	return t
}

// backtest writes the books files and adds their forecasts to t, each
// mandator's name prefixed with label.
func backtest(t *tally, files []bookgen.File, label string, from int, verbose bool) error {
	dir, err := os.MkdirTemp("", "accounting-mcp-backtest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := bookgen.Write(dir, files); err != nil {
		return err
	}
	store, err := reader.Open(dir)
	if err != nil {
		return err
	}
	return run(t, store, label, from, verbose)
}

// run forecasts every mandator's years from index from on.
func run(t *tally, store *reader.Store, label string, from int, verbose bool) error {
	ctx := context.Background()
	names, err := store.Mandators(0)
	if err != nil {
		return err
	}
	t.mandators += len(names)
	for _, m := range names {
		years, err := store.MandatorYears(m)
		if err != nil {
			return err
		}
		books, err := store.BooksOfYears(ctx, m, years)
		if err != nil {
			return err
		}
		ledgers := make([]*analysis.Ledger, len(books))
		for i, b := range books {
			ledgers[i] = analysis.NewLedger(b)
		}
		for i := max(from, 1); i < len(ledgers); i++ {
			t.year(label+m, ledgers, i, verbose)
		}
	}
	return nil
}

// year forecasts ledgers[i] as of each month end March–October, from
// ledgers up to it; the hindsight reference also reads the later ones.
func (t *tally) year(m string, ledgers []*analysis.Ledger, i int, verbose bool) {
	full, last := ledgers[i], ledgers[i-1]
	y := full.Books.Year
	truthStmt := analysis.Statement(full, 0, 0)
	truth := [figures]decimal.Decimal{truthStmt.ProfitChf, truthStmt.LossChf, analysis.BalanceSummary(full, nil).EquityChf}
	for month := 3; month <= 10; month++ {
		asOf := reader.NewDate(y, month+1, 1)
		asOf = prevDay(asOf)
		f := analysis.ForecastYearEnd(ledgers[:i+1], analysis.ForecastSpec{Year: y, AsOf: asOf})
		cut := analysis.CutLedger(full, asOf)
		st := analysis.Statement(cut, 0, 0)
		equity := analysis.BalanceSummary(cut, nil).EquityChf
		twelve, elapsed := decimal.NewFromInt(12), decimal.NewFromInt(int64(month))
		run := [2]decimal.Decimal{st.ProfitChf.Mul(twelve).Div(elapsed), st.LossChf.Mul(twelve).Div(elapsed)}
		lastDay := prevDay(reader.NewDate(y-1, month+1, 1))
		rests := restsAfter(ledgers, month)
		plus := func(r [2]decimal.Decimal) [2]decimal.Decimal {
			return [2]decimal.Decimal{st.ProfitChf.Add(r[0]), st.LossChf.Add(r[1])}
		}
		ly := plus(rests[i-1])
		earlier := plus(meanOf(rests[:i]))
		hindsight := plus(meanOf(append(slices.Clone(rests[:i]), rests[i+1:]...)))
		worth := func(inc, exp decimal.Decimal) decimal.Decimal { return equity.Add(inc.Sub(exp).Sub(st.NetChf)) }
		got := [methods][figures]decimal.Decimal{
			{f.Income.Forecast, f.Expenses.Forecast, f.NetWorth.Forecast},
			{run[0], run[1], worth(run[0], run[1])},
			{ly[0], ly[1], worth(ly[0], ly[1])},
			{earlier[0], earlier[1], worth(earlier[0], earlier[1])},
			{hindsight[0], hindsight[1], worth(hindsight[0], hindsight[1])},
		}
		bands := [figures]analysis.Band{f.Income, f.Expenses, f.NetWorth}
		key := fmt.Sprintf("%s/%d", m, y)
		unit := t.units[key]
		if unit == nil {
			unit = new([methods][figures]decimal.Decimal)
			t.units[key] = unit
		}
		for k := range methods {
			for j := range figures {
				e := got[k][j].Sub(truth[j]).Abs()
				t.absErr[k][j] = t.absErr[k][j].Add(e)
				unit[k][j] = unit[k][j].Add(e)
			}
		}
		for j, b := range bands {
			if truth[j].GreaterThanOrEqual(b.Low) && truth[j].LessThanOrEqual(b.High) {
				t.inside[j]++
			}
		}
		t.n++
		if t.cats != nil {
			t.categories(m, f, full, last, asOf, lastDay)
		}
		if detail == m+"/"+asOf.String() {
			truthCats := map[string]decimal.Decimal{}
			for _, r := range analysis.Report(full, analysis.ReportSpec{Class: reader.Income, GroupBy: analysis.BySubclass}) {
				truthCats["3/"+r.Name] = r.AmountChf
			}
			for _, r := range analysis.Report(full, analysis.ReportSpec{Class: reader.Expenses, GroupBy: analysis.BySubclass}) {
				truthCats["4/"+r.Name] = r.AmountChf
			}
			for _, c := range f.Categories {
				fmt.Printf("  %d %-28s actual %9s forecast %9s [%9s, %9s] truth %9s\n", c.Class, c.Name, c.Actual.StringFixed(0), c.Forecast.StringFixed(0),
					c.Low.StringFixed(0), c.High.StringFixed(0), truthCats[fmt.Sprintf("%d/%s", c.Class, c.Name)].StringFixed(0))
			}
			for _, e := range f.Expected {
				fmt.Printf("  due %s %-20s %d %s\n", e.Due, e.Name, e.AccountNumber, e.Amount.StringFixed(2))
			}
			fmt.Println(" ", f.Method, f.Warnings)
		}
		if verbose {
			fmt.Printf("%s\t%s", m, asOf)
			for k := range handMethods {
				for j := range figures {
					fmt.Printf("\t%s", got[k][j].Sub(truth[j]).StringFixed(0))
				}
			}
			for j, b := range bands {
				fmt.Printf("\t%s..%s", b.Low.Sub(truth[j]).StringFixed(0), b.High.Sub(truth[j]).StringFixed(0))
			}
			fmt.Println()
		}
	}
}

// restsAfter returns, for each of ledgers, the income and expenses it
// booked after the last day of month in its own year: that year's
// remainder at the day.
func restsAfter(ledgers []*analysis.Ledger, month int) [][2]decimal.Decimal {
	out := make([][2]decimal.Decimal, len(ledgers))
	for i, l := range ledgers {
		day := prevDay(reader.NewDate(l.Books.Year, month+1, 1))
		all, to := analysis.Statement(l, 0, 0), analysis.Statement(l, 0, day)
		out[i] = [2]decimal.Decimal{all.ProfitChf.Sub(to.ProfitChf), all.LossChf.Sub(to.LossChf)}
	}
	return out
}

// meanOf returns the mean of rests, income and expenses each.
func meanOf(rests [][2]decimal.Decimal) [2]decimal.Decimal {
	var sum [2]decimal.Decimal
	for _, r := range rests {
		sum[0], sum[1] = sum[0].Add(r[0]), sum[1].Add(r[1])
	}
	n := decimal.NewFromInt(int64(len(rests)))
	return [2]decimal.Decimal{sum[0].Div(n), sum[1].Div(n)}
}

func prevDay(d reader.Date) reader.Date {
	if d.Month() == 13 {
		return reader.NewDate(d.Year(), 12, 31)
	}
	if d.Day() > 1 {
		return reader.NewDate(d.Year(), d.Month(), d.Day()-1)
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	m := d.Month() - 1
	last := days[m-1]
	if m == 2 && (d.Year()%4 == 0 && d.Year()%100 != 0 || d.Year()%400 == 0) {
		last = 29
	}
	return reader.NewDate(d.Year(), m, last)
}

// categories adds the errors of f's categories, and of last year's
// remainder per category, against the year's truth.
func (t *tally) categories(m string, f analysis.Forecast, full, last *analysis.Ledger, asOf, lastDay reader.Date) {
	sum := func(l *analysis.Ledger, from, to reader.Date) map[string]decimal.Decimal {
		out := map[string]decimal.Decimal{}
		for _, class := range []reader.Class{reader.Income, reader.Expenses} {
			for _, r := range analysis.Report(l, analysis.ReportSpec{Class: class, GroupBy: analysis.BySubclass, From: from, To: to}) {
				out[fmt.Sprintf("%d %s", class, r.Name)] = r.AmountChf
			}
		}
		return out
	}
	truth, actual := sum(full, 0, 0), sum(full, 0, asOf)
	lastAll, lastTo := sum(last, 0, 0), sum(last, 0, lastDay)
	forecast := map[string]decimal.Decimal{}
	for _, c := range f.Categories {
		forecast[fmt.Sprintf("%d %s", c.Class, c.Name)] = c.Forecast
	}
	names := map[string]bool{}
	for _, mp := range []map[string]decimal.Decimal{truth, forecast, lastAll} {
		for k := range mp {
			names[k] = true
		}
	}
	for k := range names {
		got := [2]decimal.Decimal{forecast[k], actual[k].Add(lastAll[k]).Sub(lastTo[k])}
		c := t.cats[m+"\t"+k]
		if c == nil {
			c = &catErr{}
			t.cats[m+"\t"+k] = c
		}
		for i, g := range got {
			e := g.Sub(truth[k])
			c.abs[i], c.signed[i] = c.abs[i].Add(e.Abs()), c.signed[i].Add(e)
		}
	}
}
