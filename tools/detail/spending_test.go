package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// A spendingSeries is one series of a get_spending_over_time answer, its
// points by period.
type spendingSeries struct {
	Name     string
	TotalChf string
	Points   []struct{ Period, AmountChf string }
}

func pointsOf(s spendingSeries) map[string]string {
	out := map[string]string{}
	for _, p := range s.Points {
		out[p.Period] = p.AmountChf
	}
	return out
}

// TestSpendingOverTime: the hand-check books' 2025 expenses by value date
// (fixtures/handcheck/EXPECTED.md, postings p02–p12). Per month: February
// 1500 + 87.30, March 64 − 12.50 (the refund), April 1500, May 45.60, July
// 96.12, October 120, December 150.40. Per quarter and subclass: Wohnen
// 1500 | 1500 | 0 | 0; Lebensmittel & Restaurants 87.30 − 12.50 + 64 |
// 45.60 | 96.12 | 150.40; Subclass 47 only Q4, 120. The year adds up to
// 3550.92, the income statement's loss.
func TestSpendingOverTime(t *testing.T) {
	months := map[string]string{
		"2025-01": "0.00", "2025-02": "1587.30", "2025-03": "51.50", "2025-04": "1500.00",
		"2025-05": "45.60", "2025-06": "0.00", "2025-07": "96.12", "2025-08": "0.00",
		"2025-09": "0.00", "2025-10": "120.00", "2025-11": "0.00", "2025-12": "150.40",
	}
	bySubclass := []struct {
		name, total string
		points      map[string]string
	}{
		{"Wohnen", "3000.00", map[string]string{"2025-Q1": "1500.00", "2025-Q2": "1500.00", "2025-Q3": "0.00", "2025-Q4": "0.00"}},
		{"Lebensmittel & Restaurants", "430.92", map[string]string{"2025-Q1": "138.80", "2025-Q2": "45.60", "2025-Q3": "96.12", "2025-Q4": "150.40"}},
		{"Subclass 47", "120.00", map[string]string{"2025-Q1": "0.00", "2025-Q2": "0.00", "2025-Q3": "0.00", "2025-Q4": "120.00"}},
	}
	for _, p := range mcptest.Detailed {
		s := mcptest.Handcheck(t, p)
		var got struct {
			TotalChf string
			Series   []spendingSeries
		}
		s.Must("get_spending_over_time", map[string]any{"year": 2025}, &got)
		if got.TotalChf != "3550.92" || len(got.Series) != 1 {
			t.Fatalf("%s spending 2025: total %s, %d series; want 3550.92 in one", p, got.TotalChf, len(got.Series))
		}
		if diff := cmp.Diff(months, pointsOf(got.Series[0])); diff != "" {
			t.Errorf("%s spending 2025 by month (-want +got):\n%s", p, diff)
		}
		s.Must("get_spending_over_time", map[string]any{"year": 2025, "interval": "quarter", "groupBy": "subclass"}, &got)
		if len(got.Series) != len(bySubclass) || got.TotalChf != "3550.92" {
			t.Fatalf("%s spending 2025 by subclass: %d series, total %s; want 3, 3550.92", p, len(got.Series), got.TotalChf)
		}
		for i, w := range bySubclass {
			g := got.Series[i]
			if g.Name != w.name || g.TotalChf != w.total {
				t.Errorf("%s series %d = %s %s; want %s %s (largest first)", p, i, g.Name, g.TotalChf, w.name, w.total)
			}
			if diff := cmp.Diff(w.points, pointsOf(g)); diff != "" {
				t.Errorf("%s %s by quarter (-want +got):\n%s", p, w.name, diff)
			}
		}
	}
}
