package reader

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// ParseAmount parses a decimal as XmlSerializer writes it: an optional minus
// sign, digits, and an optional fraction after a dot, at any scale. Exponents,
// grouping separators, commas and the like are rejected rather than guessed.
func ParseAmount(s string) (decimal.Decimal, error) {
	if !plainDecimal(s) {
		return decimal.Decimal{}, fmt.Errorf("amount %q is not a plain decimal like -1234.50", s)
	}
	if d, ok := smallDecimal(s); ok {
		return d, nil
	}
	return decimal.NewFromString(s)
}

// smallDecimal converts a plain decimal of at most 18 digits without going
// through a string-to-big.Int conversion. The result is the one
// decimal.NewFromString gives: the digits as the coefficient, the number of
// fraction digits as the negative exponent.
func smallDecimal(s string) (decimal.Decimal, bool) {
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	var coef int64
	exp, digits := 0, 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			exp = -(len(s) - i - 1)
			continue
		}
		if digits++; digits > 18 {
			return decimal.Decimal{}, false
		}
		coef = coef*10 + int64(c-'0')
	}
	if neg {
		coef = -coef
	}
	return decimal.New(coef, int32(exp)), true
}

func plainDecimal(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start {
		return false
	}
	if i == len(s) {
		return true
	}
	if s[i] != '.' {
		return false
	}
	i++
	frac := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i > frac && i == len(s)
}
