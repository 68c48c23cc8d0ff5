package detail

import (
	"context"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// ForecastIn are the arguments of forecast_year_end.
type ForecastIn struct {
	toolkit.Scope
	AsOf string `json:"asOf,omitempty" jsonschema:"last day whose postings count (default: today, or 31 December of a past year)"`
}

// Forecast forecasts the year end from the postings up to asOf.
var Forecast = toolkit.New(toolkit.Spec[ForecastIn, sensitive.YearEndForecast]{
	Name:  "forecast_year_end",
	Title: "Year-end forecast",
	Description: "Use for 'where will I end up this year?': income, expenses, result and net worth at 31 December, each with an 80% interval, per category, " +
		"and the recurring items still due, from the postings up to asOf only (backtested; see method).",
	Input: func(s *jsonschema.Schema) {
		toolkit.DateFormat(s, "asOf")
		toolkit.YearRange(s, "year")
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in ForecastIn) (*sensitive.YearEndForecast, error) {
		var asOf reader.Date
		if in.AsOf != "" {
			d, err := reader.ParseDate(in.AsOf)
			if err != nil || d == 0 {
				return nil, toolkit.InvalidArgument("asOf %s is not a date of the form YYYY-MM-DD (e.g. 2025-06-30)", toolkit.Quote(in.AsOf))
			}
			asOf = d
		}
		m, y, err := env.Scope(in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		first, last := reader.NewDate(y, 1, 1), reader.NewDate(y, 12, 31)
		switch {
		case asOf != 0 && (asOf < first || asOf > last):
			return nil, toolkit.InvalidArgument("asOf %s is outside the books of %d; pass a date from %s to %s, or year %d", in.AsOf, y, first, last, asOf.Year())
		case asOf == 0:
			asOf = min(dateOf(env.Now()), last)
			if asOf < first {
				return nil, toolkit.InvalidArgument("the year %d has not begun (today is %s); pass asOf, a date from %s to %s", y, dateOf(env.Now()), first, last)
			}
		}
		years, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, err
		}
		var upTo []int
		for _, yy := range years {
			if yy <= y {
				upTo = append(upTo, yy)
			}
		}
		ledgers, skipped, err := env.ReadableLedgers(ctx, m, upTo)
		if err != nil {
			return nil, err
		}
		if pe := skipped.Err(y); pe != nil {
			return nil, pe
		}
		var cur *analysis.Ledger
		for _, l := range ledgers {
			if l.Books.Year == y {
				cur = l
			}
		}
		empty, err := postedBy(cur, asOf, in.AsOf)
		if err != nil {
			return nil, err
		}
		f := analysis.ForecastYearEnd(ledgers, analysis.ForecastSpec{Year: y, AsOf: asOf, Rates: env.Rates})
		out := &sensitive.YearEndForecast{Mandator: m, Year: y, AsOf: asOf.String(),
			IncomeChf: figure(f.Income), ExpensesChf: figure(f.Expenses), NetChf: figure(f.Net), NetWorthChf: figure(f.NetWorth),
			Categories: []sensitive.ForecastCategory{}, HistoryYears: append([]int{}, f.HistoryYears...), Method: f.Method,
			Warnings: append(skipped.Warnings(), f.Warnings...)}
		if empty != "" {
			out.Warnings = append(out.Warnings, empty)
		}
		shown := make([]int, 0, len(f.Categories))
		for _, c := range f.Categories {
			out.Categories = append(out.Categories, sensitive.ForecastCategory{Name: c.Name, SubclassNumber: c.Number, Side: side(c.Class),
				ActualChf: toolkit.Money(c.Actual), ForecastChf: toolkit.Money(c.Forecast), LowChf: toolkit.Money(c.Low), HighChf: toolkit.Money(c.High)})
			shown = append(shown, c.Number)
		}
		// The year's warnings about its totals, and those about the
		// subclasses whose names the categories show.
		out.Warnings = append(out.Warnings, toolkit.Warnings(cur.WarningsFor(true, shown...))...)
		for _, pt := range f.Path {
			out.Path = append(out.Path, sensitive.ResultPoint{Date: pt.Date.String(), Forecast: pt.Forecast,
				NetChf: toolkit.Money(pt.Net), LowChf: toolkit.Money(pt.Low), HighChf: toolkit.Money(pt.High)})
		}
		rows := make([]sensitive.ExpectedItem, len(f.Expected))
		for i, e := range f.Expected {
			rows[i] = sensitive.ExpectedItem{Name: e.Name, AccountNumber: e.AccountNumber, Side: side(e.Class),
				DueMonth: e.Due.MonthKey(), DueDate: e.Due.String(), AmountChf: toolkit.Money(e.Amount)}
		}
		out.ExpectedTotal = len(rows)
		n := toolkit.Fit(len(rows), func(n int) int { out.Expected = rows[:n]; return toolkit.JSONSize(out) + 16 })
		out.Expected, out.Truncated = rows[:n], n < len(rows)
		return out, nil
	},
})

// postedBy checks that asOf is not before the first posting of books that
// hold any: a forecast as of a day before the books began would rest on
// nothing of the year. Books without postings (a year just opened) are
// forecast from earlier years alone, with a warning.
func postedBy(l *analysis.Ledger, asOf reader.Date, arg string) (warning string, err error) {
	first := reader.Date(0)
	for _, t := range l.Books.Transactions {
		if first == 0 || t.ValueDate < first {
			first = t.ValueDate
		}
	}
	switch {
	case first == 0:
		return fmt.Sprintf("the books of %d hold no postings yet: the forecast rests on earlier years alone", l.Books.Year), nil
	case asOf < first:
		what := "today, " + asOf.String() + ","
		if arg != "" {
			what = "asOf " + arg
		}
		return "", toolkit.InvalidArgument("%s is before the first posting of %q for %d (%s); pass an asOf from %s to %d-12-31",
			what, l.Books.Mandator, l.Books.Year, first, first, l.Books.Year)
	}
	return "", nil
}

func figure(b analysis.Band) sensitive.ForecastFigure {
	return sensitive.ForecastFigure{Actual: toolkit.Money(b.Actual), Forecast: toolkit.Money(b.Forecast), Low: toolkit.Money(b.Low), High: toolkit.Money(b.High)}
}

func side(c reader.Class) string {
	if c == reader.Income {
		return "income"
	}
	return "expenses"
}
