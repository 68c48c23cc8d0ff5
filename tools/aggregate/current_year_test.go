package aggregate_test

import (
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestCurrentYearWithheld: by default (mcp.aggregate.currentYear Withheld)
// Aggregate shows a book year once it has ended. On the test clock's day,
// 2026-11-30, the hand-check books' 2026 holds postings from January to
// October (fixtures/handcheck/EXPECTED.md); none of them is in any figure,
// every answer about 2026 says it covers the books through 2025-12-31, and a
// range of 2026 is refused with the reason. On 2027-01-05 the year has
// ended and its figures are the year's, as EXPECTED.md works them out
// (profit 5200.00, loss 3241.10), with no through field.
func TestCurrentYearWithheld(t *testing.T) {
	s := mcptest.Handcheck(t, tools.Aggregate)
	raw := s.Must("get_income_statement", map[string]any{"year": 2026}, nil)
	if diff := mcptest.SameAnswer(t, raw, `{"mandator":"Muster","year":2026,"profitChf":"0.00","lossChf":"0.00","netChf":"0.00","through":"2025-12-31"}`); diff != "" {
		t.Errorf("2026 before it has ended:\n%s", diff)
	}
	raw = s.Must("get_expenses_by_category", map[string]any{"year": 2026}, nil)
	if diff := mcptest.SameAnswer(t, raw, `{"mandator":"Muster","year":2026,"groupBy":"subclass","totalChf":"0.00","categories":[],"through":"2025-12-31"}`); diff != "" {
		t.Errorf("2026 expenses before it has ended:\n%s", diff)
	}
	r := s.Fail("get_income_statement", map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-03-31"}, "invalid_argument")
	if !strings.Contains(r.Err.Message, "2026-Q1 is not shown yet") || !strings.Contains(r.Err.Message, "2026 from 2027-01-01 on") {
		t.Errorf("Q1 2026 refused with %q; want it to say that 2026 is shown once it has ended", r.Err.Message)
	}

	later := mcptest.Handcheck(t, tools.Aggregate, func(o *tools.Options) {
		o.Now = func() time.Time { return time.Date(2027, 1, 5, 9, 0, 0, 0, time.UTC) }
	})
	raw = later.Must("get_income_statement", map[string]any{"year": 2026}, nil)
	if diff := mcptest.SameAnswer(t, raw, `{"mandator":"Muster","year":2026,"profitChf":"5200.00","lossChf":"3241.10","netChf":"1958.90"}`); diff != "" {
		t.Errorf("2026 once it has ended:\n%s", diff)
	}
}
