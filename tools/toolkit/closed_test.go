package toolkit

import (
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
)

// TestThrough checks the last day Aggregate covers, worked out by hand for
// each level: the end of the last month, quarter or year that has ended.
func TestThrough(t *testing.T) {
	for _, c := range []struct {
		now     string
		periods disclosure.Periods
		want    string
	}{
		{"2026-12-01", disclosure.Month, "2026-11-30"},
		{"2026-12-31", disclosure.Month, "2026-11-30"},
		{"2026-03-01", disclosure.Month, "2026-02-28"},
		{"2024-03-15", disclosure.Month, "2024-02-29"},
		{"2027-01-05", disclosure.Month, "2026-12-31"},
		{"2026-12-01", disclosure.Quarter, "2026-09-30"},
		{"2026-10-01", disclosure.Quarter, "2026-09-30"},
		{"2026-09-30", disclosure.Quarter, "2026-06-30"},
		{"2026-02-10", disclosure.Quarter, "2025-12-31"},
		{"2026-12-31", disclosure.Year, "2025-12-31"},
		{"2027-01-01", disclosure.Year, "2026-12-31"},
	} {
		now, err := time.Parse("2006-01-02", c.now)
		if err != nil {
			t.Fatal(err)
		}
		e := &Env{Now: func() time.Time { return now.Add(15 * time.Hour) }, Periods: c.periods}
		if got := e.Through().String(); got != c.want {
			t.Errorf("%s, %s: Through = %s; want %s", c.now, c.periods, got, c.want)
		}
	}
}
