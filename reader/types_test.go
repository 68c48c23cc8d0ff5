package reader

import (
	"strings"
	"testing"
)

func TestAccountClass(t *testing.T) {
	tests := []struct {
		number   int
		class    Class
		name     string
		subclass int
	}{
		{1000, Activa, "activa", 10},
		{1020, Activa, "activa", 10},
		{1999, Activa, "activa", 19},
		{2000, Passiva, "passiva", 20},
		{2400, Passiva, "passiva", 24},
		{3000, Income, "income", 30},
		{3400, Income, "income", 34},
		{4010, Expenses, "expenses", 40},
		{4999, Expenses, "expenses", 49},
		{0, ClassUnknown, "unknown", 0},
		{999, ClassUnknown, "unknown", 9},
		{5000, ClassUnknown, "unknown", 50},
		{9100, ClassUnknown, "unknown", 91},
		{-1000, ClassUnknown, "unknown", -10},
	}
	for _, tt := range tests {
		a := Account{Number: tt.number}
		if got := a.Class(); got != tt.class {
			t.Errorf("Account{Number: %d}.Class() = %v; want %v", tt.number, got, tt.class)
		}
		if got := a.Class().String(); got != tt.name {
			t.Errorf("Account{Number: %d}.Class().String() = %q; want %q", tt.number, got, tt.name)
		}
		if got := a.SubclassNumber(); got != tt.subclass {
			t.Errorf("Account{Number: %d}.SubclassNumber() = %d; want %d", tt.number, got, tt.subclass)
		}
	}
}

func TestAccountIsForeign(t *testing.T) {
	tests := []struct {
		currency string
		want     bool
	}{
		{"CHF", false},
		{"EUR", true},
		{"USD", true},
	}
	for _, tt := range tests {
		a := Account{Currency: tt.currency}
		if got := a.IsForeign(); got != tt.want {
			t.Errorf("Account{Currency: %q}.IsForeign() = %v; want %v", tt.currency, got, tt.want)
		}
	}
}

func TestParseErrorError(t *testing.T) {
	tests := []struct {
		err  *ParseError
		want string
	}{
		{&ParseError{File: "2025/M/Data/Transactions.xml", Line: 18, Reason: "bad amount"},
			"2025/M/Data/Transactions.xml:18: bad amount"},
		{&ParseError{File: "2025/M/Data/Accounts.xml", Reason: "no root element"},
			"2025/M/Data/Accounts.xml: no root element"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q; want %q", tt.err, got, tt.want)
		}
		if strings.HasSuffix(tt.err.Error(), ".") {
			t.Errorf("%#v.Error() ends with a period", tt.err)
		}
	}
}
