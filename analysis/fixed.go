package analysis

import "github.com/shopspring/decimal"

// fixedExp is the exponent of the fixed-point units sums run in: 10^-7,
// enough for every amount the books hold (docs/format.md#files: "376.1185180").
const fixedExp = -7

// A fixedSum adds decimals exactly, in int64 units of 10^-7 while every
// term and the sum fit, and as decimal.Decimal from the first that does not.
// Adding int64s instead of big.Ints is what makes indexing and totalling
// postings cheap; the result is the same number either way.
type fixedSum struct {
	units int64
	big   decimal.Decimal
	inBig bool
}

// toUnits returns d in units of 10^-7, if it is a multiple of one and fits.
func toUnits(d decimal.Decimal) (int64, bool) {
	shift := int(d.Exponent()) - fixedExp
	if shift < 0 || d.NumDigits()+shift > 18 {
		return 0, false
	}
	return d.CoefficientInt64() * pow10[shift], true
}

// Add adds d (or subtracts it, with neg).
func (s *fixedSum) Add(d decimal.Decimal, neg bool) {
	u, ok := toUnits(d)
	s.addUnits(d, u, ok, neg)
}

// addUnits is Add with d's units already known (ok when it has them).
func (s *fixedSum) addUnits(d decimal.Decimal, u int64, ok, neg bool) {
	if !s.inBig {
		if ok {
			if neg {
				u = -u
			}
			if r := s.units + u; (r > s.units) == (u > 0) || u == 0 {
				s.units = r
				return
			}
		}
		s.big, s.inBig = decimal.New(s.units, fixedExp), true
	}
	if neg {
		s.big = s.big.Sub(d)
	} else {
		s.big = s.big.Add(d)
	}
}

// Value returns the sum.
func (s *fixedSum) Value() decimal.Decimal {
	if s.inBig {
		return s.big
	}
	return decimal.New(s.units, fixedExp)
}
