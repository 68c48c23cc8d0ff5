package detail_test

import (
	"slices"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
)

// TestListMandators: the hand-check books hold one mandator, Muster, in
// 2025 and 2026 (fixtures/handcheck/EXPECTED.md); a year without books has
// none.
func TestListMandators(t *testing.T) {
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		for _, c := range []struct {
			args map[string]any
			want []string
		}{
			{map[string]any{}, []string{"Muster"}},
			{map[string]any{"year": 2026}, []string{"Muster"}},
			{map[string]any{"year": 2024}, []string{}},
		} {
			var got struct{ Mandators []string }
			s.Must("list_mandators", c.args, &got)
			if !slices.Equal(got.Mandators, c.want) || got.Mandators == nil {
				t.Errorf("%s list_mandators(%v) = %q; want %q", p, c.args, got.Mandators, c.want)
			}
		}
	}
}
