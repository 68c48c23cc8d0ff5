package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestCheckBooks: the hand-check books have one problem in both years,
// subclass 47 (account 4700) missing from SubClasses.xml, and in 2026 the
// late booking p13, dated 2025-12-31 in the 2026 books, which is an info,
// not an error (fixtures/handcheck/EXPECTED.md, "Other fields" and p13).
func TestCheckBooks(t *testing.T) {
	type finding struct {
		Code, Severity string
		AccountNumber  int
		Date           string
	}
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		for _, c := range []struct {
			year int
			want []finding
		}{
			{2025, []finding{{"missing_subclass", "warning", 4700, ""}}},
			{2026, []finding{{"missing_subclass", "warning", 4700, ""}, {"date_outside_year", "info", 0, "2025-12-31"}}},
		} {
			var got struct {
				Findings []finding
				Total    int
				Counts   map[string]int
				OK       bool
			}
			s.Must("check_books", map[string]any{"year": c.year}, &got)
			if diff := cmp.Diff(c.want, got.Findings); diff != "" {
				t.Errorf("%s check_books %d (-want +got):\n%s", p, c.year, diff)
			}
			if got.Total != len(c.want) || !got.OK || len(got.Counts) != len(c.want) {
				t.Errorf("%s check_books %d: total %d ok %v counts %v; want %d findings, ok", p, c.year, got.Total, got.OK, got.Counts, len(c.want))
			}
		}
	}
}
