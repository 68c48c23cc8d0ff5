package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// monthlyGroup is a monthly group of 4,000 CHF bookings on the given days.
func monthlyGroup(days ...reader.Date) *recurringGroup {
	g := &recurringGroup{cadence: CadenceMonthly}
	for _, d := range days {
		g.occ = append(g.occ, occurrence{d, decimal.NewFromInt(4000)})
	}
	g.latest = days[len(days)-1]
	return g
}

// TestExpectedLimitMaternityPay: maternity pay on the 10th of January to
// March 2021, and again from January 2023. The gap from 10 March 2021 to
// 10 January 2023 is longer than a month and 31 days, so 2021's three
// bookings are an ended run of 3. As of 28 February 2023 the run under way
// has 2 bookings: 3 − 2 = 1 more is expected (March); after March's, 3 − 3
// = 0. A run of twelve months or more (a salary interrupted by a leave)
// sets no limit, nor does a group that never stopped.
func TestExpectedLimitMaternityPay(t *testing.T) {
	d := reader.NewDate
	first := []reader.Date{d(2021, 1, 10), d(2021, 2, 10), d(2021, 3, 10)}
	feb := monthlyGroup(append(first, d(2023, 1, 10), d(2023, 2, 10))...)
	if ended, cur, start := groupRuns(feb); len(ended) != 1 || ended[0] != 3 || cur != 2 || start != d(2023, 1, 10) {
		t.Fatalf("groupRuns = %v, %d, %v; want [3], 2, 2023-01-10", ended, cur, start)
	}
	if n := expectedLimit(feb); n != 1 {
		t.Errorf("as of February: limit %d; want 1", n)
	}
	if n := expectedLimit(monthlyGroup(append(first, d(2023, 1, 10), d(2023, 2, 10), d(2023, 3, 10))...)); n != 0 {
		t.Errorf("as of March: limit %d; want 0", n)
	}
	var long []reader.Date
	for m := 1; m <= 12; m++ {
		long = append(long, d(2021, m, 25))
	}
	if n := expectedLimit(monthlyGroup(append(long, d(2022, 4, 25), d(2022, 5, 25))...)); n != -1 {
		t.Errorf("after a run of 12: limit %d; want -1", n)
	}
	if n := expectedLimit(monthlyGroup(long...)); n != -1 {
		t.Errorf("never stopped: limit %d; want -1", n)
	}
}
