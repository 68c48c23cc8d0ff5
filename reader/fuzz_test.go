package reader

import (
	"encoding/binary"
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func FuzzParseDateTime(f *testing.F) {
	for _, s := range []string{
		"2025-04-01T00:00:00",
		"2025-04-01T00:00:00+02:00",
		"2025-04-01T00:00:00.0000000+01:00",
		"2025-04-01T00:00:00Z",
		"2024-12-31T23:30:00-05:00",
		"0001-01-01T00:00:00",
		"2024-02-29",
		"2025-02-29T00:00:00",
		"2025-04-01T25:00:00",
		"2025-04-01T00:00:00+2:00",
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDateTime(s)
		if err != nil {
			return
		}
		// The date is the one written, never shifted.
		if d.IsZero() {
			if !strings.HasPrefix(s, "0001-01-01") {
				t.Fatalf("ParseDateTime(%q) = zero; want only 0001-01-01 to mean no date", s)
			}
			return
		}
		if got := d.String(); got != s[:10] {
			t.Fatalf("ParseDateTime(%q) = %s; want %s", s, got, s[:10])
		}
		if back, err := ParseDate(d.String()); err != nil || back != d {
			t.Fatalf("ParseDate(%q) = %v, %v; want %v", d.String(), back, err, d)
		}
		if m := d.Month(); m < 1 || m > 12 || d.Day() < 1 || d.Day() > DaysIn(d.Year(), m) {
			t.Fatalf("ParseDateTime(%q) = %v; not a calendar date", s, d)
		}
	})
}

// plainAmount is the syntax of an amount as XmlSerializer writes it,
// written apart from ParseAmount's own scanner: an optional minus, digits,
// and an optional dot followed by digits.
var plainAmount = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// FuzzParseAmount checks ParseAmount against two oracles that share nothing
// with it: plainAmount decides which strings are amounts, and
// decimal.NewFromString, shopspring's own parser, what they are worth and at
// which scale ("87.30" keeps its two decimals).
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{
		"1920", "87.3", "87.30", "-250000.00", "94.120000", "376.1185180", "0", "-0.00",
		"12345678901234567890.123456789", "1,5", "1e3", "+5", ".5", "5.", "--5", "NaN", "",
		"999999999999999999", "9999999999999999999", "-9223372036854775808", "-9223372036854775809", "9223372036854775808",
		"99999999999999999.99", "0.0000000000000000001", "007.50",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseAmount(s)
		if !plainAmount.MatchString(s) {
			if err == nil {
				t.Fatalf("ParseAmount(%q) = %s; want an error for what is not a plain decimal", s, d)
			}
			return
		}
		if err != nil {
			t.Fatalf("ParseAmount(%q): %v; want the plain decimal read", s, err)
		}
		want, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatalf("decimal.NewFromString(%q): %v", s, err)
		}
		if d.Coefficient().Cmp(want.Coefficient()) != 0 || d.Exponent() != want.Exponent() {
			t.Fatalf("ParseAmount(%q) = %s×10^%d; decimal.NewFromString gives %s×10^%d",
				s, d.Coefficient(), d.Exponent(), want.Coefficient(), want.Exponent())
		}
	})
}

func FuzzParseTransactions(f *testing.F) {
	valid := string(crlf(txFile))
	f.Add([]byte(valid))
	f.Add([]byte(txFile))
	f.Add([]byte(valid[:len(valid)/2]))                                          // cut off
	f.Add(dialect("Transaction", txItem("t", "2025-04-01", "x", "1", "a", "b"))) // with xsi:nil
	f.Add(dialect("Transaction"))
	f.Add(sampleAccounts())
	f.Add([]byte{})
	f.Add(utf16File(txFile, binary.LittleEndian))
	f.Add(utf16File(txFile, binary.BigEndian)[:101])
	f.Fuzz(func(t *testing.T, data []byte) {
		const rel = "2025/Fuzz/Data/Transactions.xml"
		txs, err := ParseTransactions(rel, data)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("ParseTransactions error = %v (%T); want *ParseError", err, err)
			}
			if pe.File != rel {
				t.Fatalf("ParseError.File = %q; want %q", pe.File, rel)
			}
			if pe.Line < 0 {
				t.Fatalf("ParseError.Line = %d; want >= 0", pe.Line)
			}
			if !knownKinds[pe.Kind] || pe.Retryable && pe.Kind != KindTruncated {
				t.Fatalf("ParseError.Kind = %q, Retryable %v; want a known kind, retryable only when truncated", pe.Kind, pe.Retryable)
			}
			return
		}
		for i, tx := range txs {
			if tx.ValueDate.IsZero() {
				t.Fatalf("transaction %d has no value date", i)
			}
			if v, err := ParseAmount(tx.Value.String()); err != nil || !v.Equal(tx.Value) {
				t.Fatalf("transaction %d Value %s does not round-trip: %v", i, tx.Value, err)
			}
			if tx.FxRate.Valid {
				if _, err := ParseAmount(tx.FxRate.Decimal.String()); err != nil {
					t.Fatalf("transaction %d FxRate %s does not round-trip: %v", i, tx.FxRate.Decimal, err)
				}
			}
		}
	})
}
