package report

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// TestBookRange checks, by hand, that a range inside the year's books is
// parsed and that a bound outside them is refused with the year to ask for.
func TestBookRange(t *testing.T) {
	from, to, err := BookRange("2025-03-01", "2025-03-31", 2025)
	if err != nil || from != reader.NewDate(2025, 3, 1) || to != reader.NewDate(2025, 3, 31) {
		t.Fatalf("BookRange(2025-03-01, 2025-03-31, 2025) = %v, %v, %v; want 2025-03-01, 2025-03-31, nil", from, to, err)
	}
	if from, to, err := BookRange("", "", 2025); err != nil || from != 0 || to != 0 {
		t.Fatalf("BookRange of no dates = %v, %v, %v; want open bounds", from, to, err)
	}
	for _, c := range []struct{ from, to, want string }{
		{"2024-12-31", "", "invalid_argument: fromDate 2024-12-31 is outside the books of 2025 (2025-01-01 to 2025-12-31); pass year 2024 for those books, or a date within 2025"},
		{"", "2026-01-01", "invalid_argument: toDate 2026-01-01 is outside the books of 2025 (2025-01-01 to 2025-12-31); pass year 2026 for those books, or a date within 2025"},
	} {
		_, _, err := BookRange(c.from, c.to, 2025)
		if err == nil || err.Error() != c.want {
			t.Errorf("BookRange(%q, %q, 2025) error = %v\nwant %s", c.from, c.to, err, c.want)
		}
	}
}
