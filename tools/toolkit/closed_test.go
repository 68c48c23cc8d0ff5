package toolkit

import (
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
)

// TestThrough checks the last day Aggregate covers, worked out by hand for
// each level: by default (currentYear Withheld) the end of the last year
// that has ended; with ToDate the end of the last month, quarter or year
// that has ended.
func TestThrough(t *testing.T) {
	for _, c := range []struct {
		now     string
		periods disclosure.Periods
		current disclosure.CurrentYear
		want    string
	}{
		{"2026-12-01", disclosure.Month, disclosure.Withheld, "2025-12-31"},
		{"2026-01-31", disclosure.Month, disclosure.Withheld, "2025-12-31"},
		{"2027-01-01", disclosure.Month, disclosure.Withheld, "2026-12-31"},
		{"2026-10-01", disclosure.Quarter, disclosure.Withheld, "2025-12-31"},
		{"2026-06-30", disclosure.Year, disclosure.Withheld, "2025-12-31"},
		{"2026-12-01", disclosure.Month, disclosure.ToDate, "2026-11-30"},
		{"2026-12-31", disclosure.Month, disclosure.ToDate, "2026-11-30"},
		{"2026-03-01", disclosure.Month, disclosure.ToDate, "2026-02-28"},
		{"2024-03-15", disclosure.Month, disclosure.ToDate, "2024-02-29"},
		{"2027-01-05", disclosure.Month, disclosure.ToDate, "2026-12-31"},
		{"2026-12-01", disclosure.Quarter, disclosure.ToDate, "2026-09-30"},
		{"2026-10-01", disclosure.Quarter, disclosure.ToDate, "2026-09-30"},
		{"2026-09-30", disclosure.Quarter, disclosure.ToDate, "2026-06-30"},
		{"2026-02-10", disclosure.Quarter, disclosure.ToDate, "2025-12-31"},
		{"2026-12-31", disclosure.Year, disclosure.ToDate, "2025-12-31"},
		{"2027-01-01", disclosure.Year, disclosure.ToDate, "2026-12-31"},
	} {
		now, err := time.Parse("2006-01-02", c.now)
		if err != nil {
			t.Fatal(err)
		}
		e := &Env{Now: func() time.Time { return now.Add(15 * time.Hour) }, Periods: c.periods, CurrentYear: c.current}
		if got := e.Through().String(); got != c.want {
			t.Errorf("%s, %s, %s: Through = %s; want %s", c.now, c.periods, c.current, got, c.want)
		}
	}
}
