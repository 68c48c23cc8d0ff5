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
	return decimal.NewFromString(s)
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
