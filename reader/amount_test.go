package reader

import (
	"math/big"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in       string
		coef     string // the exact coefficient, digits as written
		exp      int32  // the scale as written, negated
		canon    string // scale-independent form (decimal.String)
		fixed2   string // StringFixed(2)
		positive bool
	}{
		{"1920", "1920", 0, "1920", "1920.00", true},
		{"87.3", "873", -1, "87.3", "87.30", true},
		{"87.30", "8730", -2, "87.3", "87.30", true},
		{"-250000.00", "-25000000", -2, "-250000", "-250000.00", false},
		{"94.120000", "94120000", -6, "94.12", "94.12", true},
		{"376.1185180", "3761185180", -7, "376.118518", "376.12", true},
		{"0", "0", 0, "0", "0.00", false},
		{"-0.00", "0", -2, "0", "0.00", false},
		{"0.005", "5", -3, "0.005", "0.01", true},
		{"-1234.50", "-123450", -2, "-1234.5", "-1234.50", false},
		{"007", "7", 0, "7", "7.00", true},
		{"12345678901234567890.123456789", "12345678901234567890123456789", -9,
			"12345678901234567890.123456789", "12345678901234567890.12", true},
		{"-98765432109876543210987654321.000000000000000000001",
			"-98765432109876543210987654321000000000000000000001", -21,
			"-98765432109876543210987654321.000000000000000000001",
			"-98765432109876543210987654321.00", false},
		{"0." + strings.Repeat("0", 40) + "1", "1", -41, "0." + strings.Repeat("0", 40) + "1", "0.00", true},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in)
		if err != nil {
			t.Errorf("ParseAmount(%q) error: %v", tt.in, err)
			continue
		}
		want, _ := new(big.Int).SetString(tt.coef, 10)
		if got.Coefficient().Cmp(want) != 0 || got.Exponent() != tt.exp {
			t.Errorf("ParseAmount(%q) = %se%d; want %se%d", tt.in, got.Coefficient(), got.Exponent(), tt.coef, tt.exp)
		}
		if s := got.String(); s != tt.canon {
			t.Errorf("ParseAmount(%q).String() = %q; want %q", tt.in, s, tt.canon)
		}
		if s := got.StringFixed(2); s != tt.fixed2 {
			t.Errorf("ParseAmount(%q).StringFixed(2) = %q; want %q", tt.in, s, tt.fixed2)
		}
		if p := got.IsPositive(); p != tt.positive {
			t.Errorf("ParseAmount(%q).IsPositive() = %v; want %v", tt.in, p, tt.positive)
		}
	}
}

func TestParseAmountScaleIndependentEquality(t *testing.T) {
	// Each group holds the same value written at different scales.
	groups := [][]string{
		{"1920", "1920.0", "1920.00", "1920.000000", "01920"},
		{"87.3", "87.30", "87.300", "87.3000000"},
		{"-250000", "-250000.0", "-250000.00"},
		{"94.12", "94.120000"},
		{"376.118518", "376.1185180", "376.11851800000000000000"},
		{"0", "0.0", "0.00", "-0", "-0.00", "00.000"},
		{"12345678901234567890.123456789", "12345678901234567890.1234567890000"},
	}
	for _, g := range groups {
		first, err := ParseAmount(g[0])
		if err != nil {
			t.Fatalf("ParseAmount(%q) error: %v", g[0], err)
		}
		for _, s := range g[1:] {
			got, err := ParseAmount(s)
			if err != nil {
				t.Errorf("ParseAmount(%q) error: %v", s, err)
				continue
			}
			if !got.Equal(first) {
				t.Errorf("ParseAmount(%q) = %s; want equal to ParseAmount(%q) = %s", s, got, g[0], first)
			}
		}
	}
	// And different values stay different, however close.
	a, _ := ParseAmount("87.30")
	b, _ := ParseAmount("87.300000000000000000001")
	if a.Equal(b) {
		t.Errorf("ParseAmount(%q) equals ParseAmount(%q); want different", "87.30", "87.300000000000000000001")
	}
}

func TestParseAmountExactSums(t *testing.T) {
	// Values a float64 cannot hold exactly still add up exactly.
	sum := decimal.Zero
	for range 10 {
		d, err := ParseAmount("0.1")
		if err != nil {
			t.Fatal(err)
		}
		sum = sum.Add(d)
	}
	if !sum.Equal(decimal.NewFromInt(1)) {
		t.Errorf("10 × ParseAmount(\"0.1\") = %s; want 1", sum)
	}
}

func TestParseAmountErrors(t *testing.T) {
	tests := []string{
		"",
		"1,5",
		"1'000.00",
		"1e3",
		"1E3",
		"1.5e-2",
		"+5",
		" 5",
		"5 ",
		"\t5",
		"5\n",
		".5",
		"-.5",
		"5.",
		"-5.",
		"-",
		".",
		"--5",
		"-+5",
		"5-",
		"1.2.3",
		"NaN",
		"nan",
		"Infinity",
		"-Infinity",
		"Inf",
		"0x10",
		"0b1",
		"1_000",
		"1 000",
		"1\u00a0000",
		"١٢٣", // Arabic-Indic digits
		"５",
		"CHF 5",
		"5CHF",
	}
	for _, in := range tests {
		if got, err := ParseAmount(in); err == nil {
			t.Errorf("ParseAmount(%q) = %s; want error", in, got)
		}
	}
}

func TestParseAmountErrorNamesInput(t *testing.T) {
	_, err := ParseAmount("1,5")
	if err == nil || !strings.Contains(err.Error(), `"1,5"`) {
		t.Errorf("ParseAmount(%q) error = %v; want it to quote the input", "1,5", err)
	}
}

// TestParseAmountPastInt64 parses amounts with 18 to 20 digits, around
// the int64 range (±9223372036854775807) that smallDecimal works in, and
// compares each with decimal.NewFromString, which works in big.Int: the
// same coefficient and exponent, never a value wrapped round int64.
func TestParseAmountPastInt64(t *testing.T) {
	for _, s := range []string{
		"999999999999999999",   // 18 digits: the fast path
		"-999999999999999999",  //
		"99999999999999999.9",  //
		"1000000000000000000",  // 19 digits, within int64
		"9223372036854775807",  // math.MaxInt64
		"9223372036854775808",  // one past it
		"-9223372036854775808", // math.MinInt64
		"-9223372036854775809", // one past it
		"9999999999999999999",  // 19 nines: wraps as int64
		"922337203685477580.8", // 19 digits with a fraction, past int64
		"0.9223372036854775808",
		"18446744073709551616", // 2^64: wraps to 0 as uint64
		"-18446744073709551617",
		"92233720368547758080.00",
	} {
		want, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ParseAmount(s)
		if err != nil {
			t.Errorf("ParseAmount(%s): %v", s, err)
			continue
		}
		if got.Cmp(want) != 0 || got.Exponent() != want.Exponent() || got.String() != want.String() {
			t.Errorf("ParseAmount(%s) = %s (exponent %d); decimal.NewFromString gives %s (exponent %d)", s, got, got.Exponent(), want, want.Exponent())
		}
	}
}
