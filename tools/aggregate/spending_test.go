package aggregate_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestSpendingOverTime: Aggregate's spending of the hand-check books' 2026
// by quarter (fixtures/handcheck/EXPECTED.md, "Aggregate mode", 2026): all
// five expense postings fall in H1 (four in Q1, one in Q2), and account 4010
// has a single posting in the year; showing Q3 and Q4 as empty would tie it
// to H1, so every quarter is withheld and only the year shows its 3241.10.
func TestSpendingOverTime(t *testing.T) {
	var got struct {
		TotalChf string
		Series   []struct {
			Points []struct {
				Period    string
				AmountChf *string
				Withheld  string
			}
		}
	}
	s := mcptest.Handcheck(t, tools.Aggregate, mcptest.ToDate)
	s.Must("get_spending_over_time", map[string]any{"year": 2026, "interval": "quarter"}, &got)
	if got.TotalChf != "3241.10" || len(got.Series) != 1 || len(got.Series[0].Points) != 4 {
		t.Fatalf("spending 2026 by quarter: total %s, %d series; want 3241.10 in one series of 4 quarters", got.TotalChf, len(got.Series))
	}
	for _, pt := range got.Series[0].Points {
		switch pt.Period {
		case "2026-Q1", "2026-Q2", "2026-Q3", "2026-Q4":
			if pt.AmountChf != nil || pt.Withheld == "" {
				t.Errorf("%s: amount %s, withheld %q; want it withheld (2026 is published only whole)", pt.Period, show(pt.AmountChf), pt.Withheld)
			}
		default:
			t.Errorf("unexpected period %s", pt.Period)
		}
	}
	s.Fail("get_spending_over_time", map[string]any{"year": 2026, "groupBy": "account"}, "invalid_argument")
}

// show prints an optional amount.
func show(s *string) string {
	if s == nil {
		return "absent"
	}
	return *s
}
