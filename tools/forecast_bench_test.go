package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
)

// BenchmarkForecastScale is forecast_year_end on the scale books (ten
// years of 5,000 postings), as of 30 June of the last year, warm: the
// forecast keeps nothing between calls, so every call finds the recurring
// items and one-offs of all years and backtests the method on each.
//
//	go test ./tools -run '^$' -bench ForecastScale -benchtime 3x
func BenchmarkForecastScale(b *testing.B) {
	dir := benchbooks.Dir(b, benchbooks.BaseYears, benchbooks.BasePostings)
	cs := benchSession(b, dir)
	years := benchbooks.Years(benchbooks.BaseYears)
	last := years[len(years)-1]
	args := map[string]any{"mandator": benchbooks.Mandator, "year": last, "asOf": itoa(last) + "-06-30"}
	benchCall(b, cs, "forecast_year_end", args)
	b.ResetTimer()
	for b.Loop() {
		benchCall(b, cs, "forecast_year_end", args)
	}
}
