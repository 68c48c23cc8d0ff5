package toolkit

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// Amount is a money argument: a JSON number or a decimal string.
type Amount struct {
	decimal.NullDecimal
}

// UnmarshalJSON accepts 100, 100.5, "100.50" and "-3"; anything else is an
// invalid_argument naming the value.
func (a *Amount) UnmarshalJSON(b []byte) error {
	s := string(bytes.TrimSpace(b))
	if s == "null" {
		a.Valid = false
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		s = strings.TrimSpace(s)
	}
	d, err := reader.ParseAmount(s)
	if err != nil {
		// JSON numbers may carry an exponent; accept those exactly.
		if !strings.HasPrefix(string(bytes.TrimSpace(b)), `"`) {
			if d2, err2 := decimal.NewFromString(s); err2 == nil && d2.Exponent() > -40 && d2.Exponent() < 40 {
				a.NullDecimal = decimal.NewNullDecimal(d2)
				return nil
			}
		}
		return InvalidArgument("amount %s is not a decimal number like 1234.50", shortJSON(b))
	}
	a.NullDecimal = decimal.NewNullDecimal(d)
	return nil
}

// MarshalJSON writes the amount as a decimal string.
func (a Amount) MarshalJSON() ([]byte, error) {
	if !a.Valid {
		return []byte("null"), nil
	}
	return json.Marshal(a.Decimal.String())
}

// Money formats an amount for output: a decimal string with exactly two
// decimals, rounded half away from zero.
//
// It is d.StringFixed(2), which rounds half away from zero, worked out in
// int64 when the amount fits, as every real amount does: every answer
// formats its amounts, and StringFixed's big.Int arithmetic was a tenth
// of a warm get_expenses_by_category.
func Money(d decimal.Decimal) string {
	exp := d.Exponent()
	if d.NumDigits() > 18 || exp < -20 || exp > 2 {
		return d.StringFixed(2)
	}
	c := d.CoefficientInt64()
	var cents int64
	if exp >= -2 {
		scale := analysis.Pow10(int(exp + 2))
		if c > math.MaxInt64/scale || c < -math.MaxInt64/scale {
			return d.StringFixed(2)
		}
		cents = c * scale
	} else {
		k := analysis.Pow10(int(-exp - 2)) // 10 or more: the digits to drop
		cents = c / k
		switch r := c % k; {
		case r >= k/2:
			cents++
		case r <= -k/2:
			cents--
		}
	}
	return formatCents(cents)
}

// formatCents writes an amount in hundredths with two decimals.
func formatCents(cents int64) string {
	var buf [24]byte
	neg := cents < 0
	u := uint64(cents)
	if neg {
		u = -u
	}
	i := len(buf)
	for n := 0; n < 3 || u > 0; n++ {
		if n == 2 {
			i--
			buf[i] = '.'
		}
		i--
		buf[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		buf[i] = '-'
	}
	return string(buf[i:])
}

// NullMoney formats an optional amount, "" when absent.
func NullMoney(d decimal.NullDecimal) string {
	if !d.Valid {
		return ""
	}
	return Money(d.Decimal)
}

// DateRange parses optional fromDate and toDate arguments (YYYY-MM-DD) and
// checks that from is not after to.
func DateRange(from, to string) (reader.Date, reader.Date, error) {
	f, err := dateArg("fromDate", from)
	if err != nil {
		return 0, 0, err
	}
	t, err := dateArg("toDate", to)
	if err != nil {
		return 0, 0, err
	}
	if f != 0 && t != 0 && f > t {
		return 0, 0, InvalidArgument("fromDate %s is after toDate %s; swap them", from, to)
	}
	return f, t, nil
}

// dateArg parses the date argument name; "" (left out) is no bound, the
// zero Date. A date that reader.ParseDate reads as the zero Date, the
// app's 0001-01-01 for "no date", is refused rather than taken as no bound.
func dateArg(name, s string) (reader.Date, error) {
	if s == "" {
		return 0, nil
	}
	d, err := reader.ParseDate(s)
	if err != nil {
		return 0, InvalidArgument("%s %s is not a date of the form YYYY-MM-DD (e.g. 2025-03-31)", name, Quote(s))
	}
	if d.IsZero() {
		return 0, InvalidArgument("%s %s stands for \"no date\" in the app's files and is no bound; leave %s out for an open range", name, Quote(s), name)
	}
	return d, nil
}

// AmountRange checks optional minAmount and maxAmount.
func AmountRange(lo, hi Amount) error {
	if lo.Valid && hi.Valid && lo.Decimal.GreaterThan(hi.Decimal) {
		return InvalidArgument("minAmount %s is greater than maxAmount %s", lo.Decimal, hi.Decimal)
	}
	return nil
}
