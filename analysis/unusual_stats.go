package analysis

import (
	"slices"
	"sort"

	"github.com/shopspring/decimal"
)

// The thresholds of FindUnusual. An amount is far above the usual when all
// three hold: it is at least UnusualMinRatio times the median, at least
// UnusualMinExcess CHF above it, and its modified z-score 0.6745·(x −
// median)/MAD (Iglewicz and Hoaglin) is at least UnusualZ. The MAD is taken
// as at least 5% of the median (and 1.00), so that a group of equal amounts
// (a standing order) is not infinitely sensitive.
var (
	UnusualZ         = decimal.RequireFromString("3.5")
	UnusualMinRatio  = decimal.NewFromInt(2)
	UnusualMinExcess = decimal.NewFromInt(50)
	zFactor          = decimal.RequireFromString("0.6745")
	madFloorShare    = decimal.RequireFromString("0.05")
)

// A baseline is what a group of earlier postings says is usual: the median
// and median absolute deviation of their amounts.
type baseline struct {
	median, mad decimal.Decimal
	n           int
}

// baselineSorted returns the baseline of amounts sorted ascending.
func baselineSorted(s []decimal.Decimal) baseline {
	if len(s) == 0 {
		return baseline{}
	}
	m := medianSorted(s)
	dev := make([]decimal.Decimal, len(s))
	for i, a := range s {
		dev[i] = a.Sub(m).Abs()
	}
	slices.SortFunc(dev, decimal.Decimal.Cmp)
	return baseline{median: m, mad: medianSorted(dev), n: len(s)}
}

func medianSorted(s []decimal.Decimal) decimal.Decimal {
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return s[n/2-1].Add(s[n/2]).Div(decimal.NewFromInt(2))
}

// withoutOne returns the sorted amounts s without one occurrence of a.
func withoutOne(s []decimal.Decimal, a decimal.Decimal) []decimal.Decimal {
	i := sort.Search(len(s), func(i int) bool { return !s[i].LessThan(a) })
	if i == len(s) || !s[i].Equal(a) {
		return s
	}
	out := make([]decimal.Decimal, 0, len(s)-1)
	return append(append(out, s[:i]...), s[i+1:]...)
}

// z returns the modified z-score of x against b, with the MAD floored.
func (b baseline) z(x decimal.Decimal) decimal.Decimal {
	mad := decimal.Max(b.mad, b.median.Abs().Mul(madFloorShare), decimal.NewFromInt(1))
	return x.Sub(b.median).Mul(zFactor).Div(mad)
}

// farAbove reports whether x is far above the usual of b (see UnusualZ).
func (b baseline) farAbove(x decimal.Decimal) bool {
	return b.n > 0 && b.median.Sign() > 0 &&
		x.GreaterThanOrEqual(b.median.Mul(UnusualMinRatio)) &&
		x.Sub(b.median).GreaterThanOrEqual(UnusualMinExcess) &&
		b.z(x).GreaterThanOrEqual(UnusualZ)
}

// ratio returns x / median to one decimal, e.g. "3.2".
func (b baseline) ratio(x decimal.Decimal) string {
	if b.median.IsZero() {
		return "∞"
	}
	return x.DivRound(b.median, 3).StringFixed(1)
}
