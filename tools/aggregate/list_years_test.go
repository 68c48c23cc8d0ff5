package aggregate_test

import (
	"slices"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
)

// TestListYears: the hand-check books have one mandator, Muster, with books
// for 2025 and 2026 (fixtures/handcheck/EXPECTED.md); every mode lists them.
func TestListYears(t *testing.T) {
	for _, p := range mcptest.Modes {
		s := mcptest.Handcheck(t, p)
		var got struct {
			Mandator string
			Years    []int
		}
		s.Must("list_years", map[string]any{}, &got)
		if got.Mandator != "Muster" || !slices.Equal(got.Years, []int{2025, 2026}) {
			t.Errorf("%s list_years = %+v; want Muster, [2025 2026]", p, got)
		}
		s.Fail("list_years", map[string]any{"mandator": "Nobody"}, "unknown_mandator")
	}
}
