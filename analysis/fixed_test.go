package analysis

import (
	"math"
	"testing"

	"github.com/shopspring/decimal"
)

// TestFixedSumIsExact adds the same terms with fixedSum and with
// decimal.Decimal: amounts of every scale, ones too long or too large for
// int64 units, and sums that overflow them.
func TestFixedSumIsExact(t *testing.T) {
	for _, terms := range [][]string{
		{"87.3", "87.30", "-12.05", "376.1185180", "1920", "0", "-0.00"},
		{"0.00000001", "1"}, // a finer scale than 10^-7
		{"123456789012345678901234.5", "1"},
		{"900000000000", "900000000000", "-1"}, // 9e18 units each: the sum leaves int64
		{"-900000000000", "-900000000000"},
		// Terms that fit (just under 10^18 units) but whose sum does not;
		// every other one is subtracted, so the sum is of every second.
		{"99999999999", "-99999999999", "99999999999", "-99999999999", "99999999999", "-99999999999",
			"99999999999", "-99999999999", "99999999999", "-99999999999", "99999999999", "-99999999999"},
	} {
		var s fixedSum
		want := decimal.Zero
		for i, v := range terms {
			d := dec(v)
			s.Add(d, i%2 == 1)
			if i%2 == 1 {
				want = want.Sub(d)
			} else {
				want = want.Add(d)
			}
		}
		if got := s.Value(); !got.Equal(want) {
			t.Errorf("fixedSum of %v = %s; want %s", terms, got, want)
		}
	}
	if _, ok := toUnits(decimal.New(math.MaxInt64, 0)); ok {
		t.Errorf("toUnits(MaxInt64) fits; want not")
	}
}
