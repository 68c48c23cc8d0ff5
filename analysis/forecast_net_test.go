package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// noNetPull switches pullNet off for one test, so that a test of another
// rule sees that rule's figures alone.
func noNetPull(t *testing.T) {
	saved := forecastNetPull
	forecastNetPull = decimal.Zero
	t.Cleanup(func() { forecastNetPull = saved })
}

// TestPullNet draws the result still to come halfway toward earlier years'
// median result after the day, by hand:
//   - two earlier years: income 100 and expenses 40 after the day (60),
//     income 80 and expenses 60 (20): median 40. Still to come: income 30
//     and 10, expenses 20: 20. Halfway is 30, a move of 10: income takes
//     +5 (30 + 5 × 30/40 = 33.75, 10 + 5 × 10/40 = 11.25), expenses −5
//     (15); an income category expecting nothing stays at nothing.
//   - three earlier years of results 60, 20 and 400 (a windfall): median
//     60, not the mean 160. Still to come as in the first: 20; halfway is
//     40, a move of 20: income +10 (30 + 7.5, 10 + 2.5), expenses −10.
//   - one earlier year of income 100 after the day and no expenses: median
//     100. Still to come: income 10, expenses 4: 6; halfway is 53, a move
//     of 47: income +23.5 (33.5), expenses −23.5, but they have only 4 to
//     give (0).
//   - no earlier year: nothing moves.
func TestPullNet(t *testing.T) {
	inc := func(sub int) catKey { return catKey{reader.Income, sub} }
	exp := func(sub int) catKey { return catKey{reader.Expenses, sub} }
	after := func(v string) *catSplit {
		var s catSplit
		s.after[kindFlow] = decimal.RequireFromString(v)
		return &s
	}
	for _, c := range []struct {
		name string
		hist []map[catKey]*catSplit
		rest map[catKey]string // still to come before
		want map[catKey]string // and after
	}{
		{"halfway",
			[]map[catKey]*catSplit{{inc(30): after("100"), exp(40): after("40")}, {inc(30): after("80"), exp(40): after("60")}},
			map[catKey]string{inc(30): "30", inc(31): "10", inc(32): "0", exp(40): "20"},
			map[catKey]string{inc(30): "33.75", inc(31): "11.25", inc(32): "0", exp(40): "15"}},
		{"the median, not the mean",
			[]map[catKey]*catSplit{{inc(30): after("100"), exp(40): after("40")}, {inc(30): after("80"), exp(40): after("60")}, {inc(30): after("400")}},
			map[catKey]string{inc(30): "30", inc(31): "10", exp(40): "20"},
			map[catKey]string{inc(30): "37.5", inc(31): "12.5", exp(40): "10"}},
		{"expenses give no more than they expect",
			[]map[catKey]*catSplit{{inc(30): after("100")}},
			map[catKey]string{inc(30): "10", exp(40): "4"},
			map[catKey]string{inc(30): "33.5", exp(40): "0"}},
		{"no earlier year",
			nil,
			map[catKey]string{inc(30): "10", exp(40): "4"},
			map[catKey]string{inc(30): "10", exp(40): "4"}},
	} {
		out := core{cats: map[catKey]*coreCat{}}
		for k, v := range c.rest {
			out.cats[k] = &coreCat{remainder: decimal.RequireFromString(v)}
		}
		pullNet(out, c.hist)
		for k, v := range c.want {
			if got := out.cats[k].remainder; !got.Equal(decimal.RequireFromString(v)) {
				t.Errorf("%s: category %v still to come %s; want %s", c.name, k, got, v)
			}
		}
	}
}
