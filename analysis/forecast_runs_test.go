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
// 10 January 2023 is longer than two months and 7 days, so 2021's three
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

// TestRunsOfALatePayer: a client's retainer on the 10th, January to June
// 2021; June's is paid late, on 14 August, with July's two days later,
// then on the 10th again, September 2021 to February 2022. 10 June to
// 14 August is 65 days, within two months and 7 days (17 August), so no
// run ends: 6 + 1 + 6 = 13 bookings (16 August's is an extra beside 14
// August's), and no limit. Under the old rule (a month and 31 days, 10
// August) the run broke into 6 and 7, and the item was expected for
// max(0, 6 − 7) = 0 more months.
//
// An item that ran three months once and has run fourteen since sets no
// limit either: the run under way is longer than a year.
func TestRunsOfALatePayer(t *testing.T) {
	d := reader.NewDate
	var days []reader.Date
	for m := 1; m <= 6; m++ {
		days = append(days, d(2021, m, 10))
	}
	days = append(days, d(2021, 8, 14), d(2021, 8, 16))
	for m := 9; m <= 14; m++ {
		days = append(days, d(2021+(m-1)/12, (m-1)%12+1, 10))
	}
	g := monthlyGroup(days...)
	if ended, cur, start := groupRuns(g); len(ended) != 0 || cur != 13 || start != d(2021, 1, 10) {
		t.Fatalf("groupRuns = %v, %d, %v; want [], 13, 2021-01-10", ended, cur, start)
	}
	if n := expectedLimit(g); n != -1 {
		t.Errorf("late payer: limit %d; want -1", n)
	}
	since := []reader.Date{d(2019, 1, 10), d(2019, 2, 10), d(2019, 3, 10)}
	for m := 1; m <= 14; m++ {
		since = append(since, d(2020+(m-1)/12, (m-1)%12+1, 10))
	}
	if ended, cur, _ := groupRuns(monthlyGroup(since...)); len(ended) != 1 || ended[0] != 3 || cur != 14 {
		t.Fatalf("groupRuns = %v, %d; want [3], 14", ended, cur)
	}
	if n := expectedLimit(monthlyGroup(since...)); n != -1 {
		t.Errorf("a run of 14 under way after one of 3: limit %d; want -1", n)
	}
}
