package reader

import (
	"strings"
	"testing"
)

func TestParseDateTime(t *testing.T) {
	tests := []struct {
		in   string
		want Date
	}{
		// The four round-trip forms of the same day.
		{"2025-04-01T00:00:00", NewDate(2025, 4, 1)},
		{"2025-04-01T00:00:00+02:00", NewDate(2025, 4, 1)},
		{"2025-04-01T00:00:00.0000000+01:00", NewDate(2025, 4, 1)},
		{"2025-04-01T00:00:00Z", NewDate(2025, 4, 1)},
		// The date written in the file, never shifted by the offset.
		{"2025-01-01T00:00:00+01:00", NewDate(2025, 1, 1)},
		{"2024-12-31T23:30:00-05:00", NewDate(2024, 12, 31)},
		{"2025-03-31T23:59:59.9999999+14:00", NewDate(2025, 3, 31)},
		{"2025-07-01T00:00:00.5-12:00", NewDate(2025, 7, 1)},
		{"2025-06-30T12:00:00.123Z", NewDate(2025, 6, 30)},
		// A bare date is accepted too.
		{"2025-04-01", NewDate(2025, 4, 1)},
		// "No date".
		{"0001-01-01T00:00:00", 0},
		{"0001-01-01T00:00:00Z", 0},
		{"0001-01-01", 0},
		// Leap days.
		{"2024-02-29T00:00:00", NewDate(2024, 2, 29)},
		{"2000-02-29T00:00:00", NewDate(2000, 2, 29)},
		{"2025-02-28T00:00:00", NewDate(2025, 2, 28)},
		// Edges of the calendar.
		{"2025-12-31T00:00:00", NewDate(2025, 12, 31)},
		{"9999-12-31T23:59:59", NewDate(9999, 12, 31)},
		{"0001-01-02T00:00:00", NewDate(1, 1, 2)},
	}
	for _, tt := range tests {
		got, err := ParseDateTime(tt.in)
		if err != nil {
			t.Errorf("ParseDateTime(%q) error: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseDateTime(%q) = %v; want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseDateTimeErrors(t *testing.T) {
	tests := []string{
		"",
		"2025",
		"2025-4-1",
		"2025-4-01T00:00:00",
		"2025-13-01T00:00:00",
		"2025-00-01T00:00:00",
		"2025-04-00T00:00:00",
		"2025-04-31T00:00:00",
		"2025-02-29T00:00:00",
		"1900-02-29T00:00:00",
		"0000-01-01T00:00:00",
		"2025-04-01T25:00:00",
		"2025-04-01T24:00:00",
		"2025-04-01T00:60:00",
		"2025-04-01T00:00:60",
		"2025-04-01 00:00:00",
		"2025-04-01t00:00:00",
		"2025-04-01T00:00:00+2:00",
		"2025-04-01T00:00:00+0200",
		"2025-04-01T00:00:00+02",
		"2025-04-01T00:00:00+15:00",
		"2025-04-01T00:00:00+02:60",
		"2025-04-01T00:00",
		"2025-04-01T0:00:00",
		"2025-04-01T00:00:00.",
		"2025-04-01T00:00:00.Z",
		"2025-04-01T00:00:00z",
		"2025-04-01T00:00:00ZZ",
		"2025-04-01T00:00:00Z ",
		" 2025-04-01T00:00:00",
		"2025-04-01T00:00:00+02:00x",
		"2025-04-01T00:00:00 garbage",
		"2025-04-01x",
		"2025/04/01T00:00:00",
		"+025-04-01T00:00:00",
		"2025-+4-01T00:00:00",
		"２０２５-04-01T00:00:00",
		"0001-01-01T99:00:00",
	}
	for _, in := range tests {
		if got, err := ParseDateTime(in); err == nil {
			t.Errorf("ParseDateTime(%q) = %v; want error", in, got)
		}
	}
}

func TestParseDate(t *testing.T) {
	tests := []struct {
		in      string
		want    Date
		wantErr bool
	}{
		{in: "2025-04-01", want: NewDate(2025, 4, 1)},
		{in: "0001-01-01", want: 0},
		{in: "2024-02-29", want: NewDate(2024, 2, 29)},
		{in: "2000-02-29", want: NewDate(2000, 2, 29)},
		{in: "2025-02-29", wantErr: true},
		{in: "1900-02-29", wantErr: true},
		{in: "2025-04-31", wantErr: true},
		{in: "2025-06-31", wantErr: true},
		{in: "2025-09-31", wantErr: true},
		{in: "2025-11-31", wantErr: true},
		{in: "2025-13-01", wantErr: true},
		{in: "2025-4-1", wantErr: true},
		{in: "", wantErr: true},
		{in: "2025-04-01T00:00:00", wantErr: true}, // a date, not a date-time
		{in: "2025-04-1 ", wantErr: true},
		{in: "-025-04-01", wantErr: true},
	}
	for _, tt := range tests {
		got, err := ParseDate(tt.in)
		if tt.wantErr {
			if err == nil {
				t.Errorf("ParseDate(%q) = %v; want error", tt.in, got)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseDate(%q) error: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseDate(%q) = %v; want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseDateTimeErrorNamesInput(t *testing.T) {
	// The error quotes the offending text: the date part when that is wrong,
	// else the whole input.
	tests := []struct{ in, quoted string }{
		{"2025-13-01T00:00:00", `"2025-13-01"`},
		{"2025-04-01T25:00:00", `"2025-04-01T25:00:00"`},
		{"2025-4-1", `"2025-4-1"`},
	}
	for _, tt := range tests {
		_, err := ParseDateTime(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.quoted) {
			t.Errorf("ParseDateTime(%q) error = %v; want it to contain %s", tt.in, err, tt.quoted)
		}
	}
}

func TestDateMethods(t *testing.T) {
	tests := []struct {
		d                Date
		year, month, day int
		str, monthKey    string
		zero             bool
	}{
		{NewDate(2025, 4, 1), 2025, 4, 1, "2025-04-01", "2025-04", false},
		{NewDate(2024, 12, 31), 2024, 12, 31, "2024-12-31", "2024-12", false},
		{NewDate(2024, 2, 29), 2024, 2, 29, "2024-02-29", "2024-02", false},
		{NewDate(1, 1, 2), 1, 1, 2, "0001-01-02", "0001-01", false},
		{NewDate(9999, 12, 31), 9999, 12, 31, "9999-12-31", "9999-12", false},
		{0, 0, 0, 0, "", "", true}, // MonthKey of "no date" is unspecified
	}
	for _, tt := range tests {
		if got := tt.d.Year(); got != tt.year {
			t.Errorf("Date(%d).Year() = %d; want %d", uint32(tt.d), got, tt.year)
		}
		if got := tt.d.Month(); got != tt.month {
			t.Errorf("Date(%d).Month() = %d; want %d", uint32(tt.d), got, tt.month)
		}
		if got := tt.d.Day(); got != tt.day {
			t.Errorf("Date(%d).Day() = %d; want %d", uint32(tt.d), got, tt.day)
		}
		if got := tt.d.String(); got != tt.str {
			t.Errorf("Date(%d).String() = %q; want %q", uint32(tt.d), got, tt.str)
		}
		if got := tt.d.MonthKey(); tt.monthKey != "" && got != tt.monthKey {
			t.Errorf("Date(%d).MonthKey() = %q; want %q", uint32(tt.d), got, tt.monthKey)
		}
		if got := tt.d.IsZero(); got != tt.zero {
			t.Errorf("Date(%d).IsZero() = %v; want %v", uint32(tt.d), got, tt.zero)
		}
	}
}

func TestDateOrder(t *testing.T) {
	// Dates compare as integers in calendar order.
	ordered := []string{"2024-12-31", "2025-01-01", "2025-01-31", "2025-02-01", "2025-10-01", "2025-12-31"}
	for i := 1; i < len(ordered); i++ {
		a, _ := ParseDate(ordered[i-1])
		b, _ := ParseDate(ordered[i])
		if !(a < b) {
			t.Errorf("ParseDate(%q) = %d is not before ParseDate(%q) = %d", ordered[i-1], a, ordered[i], b)
		}
	}
}

func TestDateStringRoundTrip(t *testing.T) {
	for d := NewDate(2024, 1, 1); d.Year() == 2024; {
		got, err := ParseDate(d.String())
		if err != nil || got != d {
			t.Fatalf("ParseDate(%q) = %v, %v; want %v", d.String(), got, err, d)
		}
		// Next day.
		switch {
		case d.Day() < DaysIn(d.Year(), d.Month()):
			d++
		case d.Month() < 12:
			d = NewDate(d.Year(), d.Month()+1, 1)
		default:
			d = NewDate(d.Year()+1, 1, 1)
		}
	}
}
