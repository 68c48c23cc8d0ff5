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

// TestToUnitsPastInt64: amounts whose units of 10^-7 have 18 to 20
// digits, around the int64 range. Where toUnits gives units, they are the
// amount exactly; summed, they give what decimal.Decimal gives (from
// decimal.NewFromString), never a value wrapped round int64.
func TestToUnitsPastInt64(t *testing.T) {
	amounts := []string{
		"99999999999.9999999",  // 18 digits of units: fits
		"922337203685.4775807", // math.MaxInt64 units
		"922337203685.4775808", // one past it
		"-922337203685.4775809",
		"999999999999.9999999",  // 19 nines
		"9223372036854.775808",  // 19 digits, shifted by one
		"1844674407370.9551616", // 2^64 units
		"100000000000",          // 10^18 units: 19 digits
	}
	for _, a := range amounts {
		d, err := decimal.NewFromString(a)
		if err != nil {
			t.Fatal(err)
		}
		if u, ok := toUnits(d); ok && !decimal.New(u, fixedExp).Equal(d) {
			t.Errorf("toUnits(%s) = %d units, which is %s", a, u, decimal.New(u, fixedExp))
		}
		var s fixedSum
		s.Add(d, false)
		s.Add(dec("0.0000001"), false)
		if want := d.Add(dec("0.0000001")); !s.Value().Equal(want) {
			t.Errorf("fixedSum of %s and 0.0000001 = %s; want %s", a, s.Value(), want)
		}
	}
}
