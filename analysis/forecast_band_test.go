package analysis

import (
	"testing"

	"github.com/shopspring/decimal"
)

// TestBandWeighsErrorsByHistory works the interval out by hand. Past
// errors of 500 (a forecast from one earlier year) and 100 (from two)
// weigh 1 and 2: (500² + 2 × 100²) / 3 = 270,000 / 3 = 90,000, whose root
// is 300. Two errors: Student's t with 2 degrees of freedom, 1.886, so
// ± 1.886 × 300 = ± 565.80 around 10,000. The plain root mean square,
// √((500² + 100²) / 2) ≈ 360.56, would give ± 680.01.
func TestBandWeighsErrorsByHistory(t *testing.T) {
	d := decimal.RequireFromString
	errs := []pastError{{d("500"), 1}, {d("-100"), 2}}
	for _, c := range []struct {
		name              string
		actual, forecast  string
		errs              []pastError
		wide, floor       bool
		wantLow, wantHigh string
	}{
		{"weighted", "6000", "10000", errs, false, true, "9434.20", "10565.80"},
		// widened by half: ± 848.70.
		{"wide", "6000", "10000", errs, true, true, "9151.30", "10848.70"},
		// one error, 300 (weight 2, the same root mean square): the
		// normal quantile, ± 1.2816 × 300 = ± 384.48.
		{"one error", "6000", "10000", []pastError{{d("300"), 2}}, false, true, "9615.52", "10384.48"},
		// no past error: the prior, 15% of the 4,000 still to come, 600,
		// with the normal quantile: ± 1.2816 × 600 = ± 768.96.
		{"prior", "6000", "10000", nil, false, true, "9231.04", "10768.96"},
		// 6,200 ± 565.80 reaches below the 6,000 booked: the low end stops there.
		{"floor", "6000", "6200", errs, false, true, "6000.00", "6765.80"},
		// net may go below what is booked so far.
		{"no floor", "6000", "6200", errs, false, false, "5634.20", "6765.80"},
	} {
		b := band(d(c.actual), d(c.forecast), c.errs, c.wide, c.floor)
		if b.Low.StringFixed(2) != c.wantLow || b.High.StringFixed(2) != c.wantHigh {
			t.Errorf("%s: [%s, %s]; want [%s, %s]", c.name, b.Low.StringFixed(2), b.High.StringFixed(2), c.wantLow, c.wantHigh)
		}
	}
}
