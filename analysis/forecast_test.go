package analysis_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// forecastLedgers returns every year of mandator m of the forecast books.
func forecastLedgers(t testing.TB, m string) []*analysis.Ledger {
	t.Helper()
	files, err := bookgen.ForecastBooks(bookgen.ForecastTuned, 1)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := bookgen.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	s, err := reader.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	years, err := s.MandatorYears(m)
	if err != nil {
		t.Fatal(err)
	}
	books, err := s.BooksOfYears(context.Background(), m, years)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]*analysis.Ledger, len(books))
	for i, b := range books {
		out[i] = analysis.NewLedger(b)
	}
	return out
}

// TestForecastSeesNothingAfterAsOf forecasts generated books (recurring
// salaries and rents, one-offs, a thirteenth salary) as of several days,
// once from all the years' books and once from books cut by hand at the
// day, later years dropped: the forecasts must be the same.
func TestForecastSeesNothingAfterAsOf(t *testing.T) {
	for _, m := range []string{"Haushalt A", "Schreinerei Holz"} {
		all := forecastLedgers(t, m)
		for _, asOf := range []reader.Date{reader.NewDate(2023, 3, 31), reader.NewDate(2023, 8, 15), reader.NewDate(2024, 10, 31)} {
			var cut []*analysis.Ledger
			for _, l := range all {
				if l.Books.Year > asOf.Year() {
					continue
				}
				b := *l.Books
				b.Transactions = nil
				for _, tx := range l.Books.Transactions {
					if tx.ValueDate <= asOf {
						b.Transactions = append(b.Transactions, tx)
					}
				}
				cut = append(cut, analysis.NewLedger(&b))
			}
			spec := analysis.ForecastSpec{Year: asOf.Year(), AsOf: asOf}
			got, want := analysis.ForecastYearEnd(all, spec), analysis.ForecastYearEnd(cut, spec)
			if fmt.Sprintf("%v", got) != fmt.Sprintf("%v", want) {
				t.Errorf("%s as of %s: the books after the day change the forecast:\nall: %v\ncut: %v", m, asOf, got, want)
			}
			if len(got.Expected) == 0 || len(got.HistoryYears) == 0 {
				t.Errorf("%s as of %s: %d expected items, history %v; want recurring items and earlier years", m, asOf, len(got.Expected), got.HistoryYears)
			}
			if end := got.Path[len(got.Path)-1]; end.Date != reader.NewDate(asOf.Year(), 12, 31) || !end.Net.Equal(got.Net.Forecast) ||
				!end.Low.Equal(got.Net.Low) || !end.High.Equal(got.Net.High) {
				t.Errorf("%s as of %s: the path ends at %+v; want 31 December at the result's band %+v", m, asOf, end, got.Net)
			}
		}
	}
}

// BenchmarkForecastYearEnd is one forecast of a household's seventh year
// from six earlier ones (about 2,000 postings a year), as of 30 June:
// recurring detection, one-offs of every year and the backtest of the
// method on each earlier year, which the interval needs.
//
//	go test ./analysis -run '^$' -bench ForecastYearEnd -benchtime 5x
func BenchmarkForecastYearEnd(b *testing.B) {
	all := forecastLedgers(b, "Haushalt A")
	spec := analysis.ForecastSpec{Year: 2025, AsOf: reader.NewDate(2025, 6, 30)}
	for b.Loop() {
		analysis.ForecastYearEnd(all, spec)
	}
}
