package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// TestWithoutExtrasFindsTheSalary is a new job's first three months, a
// bonus paid three days before March's salary: the gaps 33, 24 and 3 days
// hide the monthly cadence (median 24); without the bonus (further from
// the median amount 12,247.10 than the salary beside it) the gaps are 33
// and 27, monthly, and the amounts are one run.
func TestWithoutExtrasFindsTheSalary(t *testing.T) {
	d := decimal.RequireFromString
	occ := []occurrence{
		{reader.NewDate(2025, 1, 25), d("12247.10")},
		{reader.NewDate(2025, 2, 27), d("12247.10")},
		{reader.NewDate(2025, 3, 23), d("10424.40")},
		{reader.NewDate(2025, 3, 26), d("12247.10")},
	}
	if c := detectCadence(occ); c != CadenceNone {
		t.Fatalf("with the bonus: cadence %v; want none (the case this guards)", c)
	}
	got := withoutExtras(occ)
	want := []occurrence{occ[0], occ[1], occ[3]}
	if len(got) != len(want) {
		t.Fatalf("withoutExtras = %v; want %v", got, want)
	}
	for i := range want {
		if got[i].date != want[i].date || !got[i].amount.Equal(want[i].amount) {
			t.Fatalf("withoutExtras = %v; want %v", got, want)
		}
	}
	if c := detectCadence(got); c != CadenceMonthly || !stableAmounts(got, c) {
		t.Errorf("without the bonus: cadence %v, stable %v; want monthly and stable", c, stableAmounts(got, c))
	}
}
