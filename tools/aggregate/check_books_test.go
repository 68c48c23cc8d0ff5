package aggregate_test

import (
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestCheckBooks: in Aggregate, check_books gives codes and counts only:
// for the hand-check books' 2026, one missing subclass (47) and one late
// booking (p13), and not the account, posting or date they concern
// (fixtures/handcheck/EXPECTED.md).
func TestCheckBooks(t *testing.T) {
	type finding struct {
		Code, Severity string
		Count          int
	}
	var got struct {
		Findings []finding
		Counts   map[string]int
		OK       bool
	}
	raw := mcptest.Handcheck(t, tools.Aggregate).Must("check_books", map[string]any{"year": 2026}, &got)
	want := []finding{{"missing_subclass", "warning", 1}, {"date_outside_year", "info", 1}}
	if diff := cmp.Diff(want, got.Findings); diff != "" {
		t.Errorf("check_books 2026 (-want +got):\n%s", diff)
	}
	if !got.OK || got.Counts["missing_subclass"] != 1 || got.Counts["date_outside_year"] != 1 {
		t.Errorf("check_books 2026: ok %v counts %v; want ok, one of each", got.OK, got.Counts)
	}
	for _, secret := range []string{"4700", "2025-12-31", "Silvester", "message", "transactionId"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("check_books 2026 shows %q: %s", secret, raw)
		}
	}
}
