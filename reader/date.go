package reader

import (
	"fmt"
	"strings"
)

// A Date is a calendar date as written in a file, encoded as yyyymmdd so that
// dates compare and sort as integers. The zero Date means "no date"; the app
// writes it as 0001-01-01.
type Date uint32

// NewDate returns the Date for year, month and day; it does not validate.
func NewDate(year, month, day int) Date {
	return Date(year*10000 + month*100 + day)
}

// Year returns the date's year.
func (d Date) Year() int { return int(d) / 10000 }

// Month returns the date's month, 1 to 12.
func (d Date) Month() int { return int(d) / 100 % 100 }

// Day returns the date's day of the month.
func (d Date) Day() int { return int(d) % 100 }

// IsZero reports whether d is the "no date" value.
func (d Date) IsZero() bool { return d == 0 }

// String formats d as yyyy-MM-dd, or "" for the zero Date.
func (d Date) String() string {
	if d == 0 {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", d.Year(), d.Month(), d.Day())
}

// MonthKey formats d's month as yyyy-MM.
func (d Date) MonthKey() string {
	return fmt.Sprintf("%04d-%02d", d.Year(), d.Month())
}

// ParseDate parses a date written as yyyy-MM-dd.
func ParseDate(s string) (Date, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return 0, fmt.Errorf("date %q is not of the form YYYY-MM-DD", s)
	}
	y, ok1 := digits(s[0:4])
	m, ok2 := digits(s[5:7])
	d, ok3 := digits(s[8:10])
	if !ok1 || !ok2 || !ok3 {
		return 0, fmt.Errorf("date %q is not of the form YYYY-MM-DD", s)
	}
	if y == 1 && m == 1 && d == 1 {
		return 0, nil
	}
	if y < 1 || m < 1 || m > 12 || d < 1 || d > DaysIn(y, m) {
		return 0, fmt.Errorf("date %q does not exist", s)
	}
	return NewDate(y, m, d), nil
}

// ParseDateTime parses a .NET round-trip DateTime (2025-04-01T00:00:00, with
// optional fraction and optional Z or ±hh:mm offset) and returns the calendar
// date written in it. The time and offset are validated but never applied:
// converting would move midnight postings to another day.
func ParseDateTime(s string) (Date, error) {
	if len(s) < 10 {
		return 0, fmt.Errorf("date-time %q is too short", s)
	}
	d, err := ParseDate(s[:10])
	if err != nil {
		return 0, err
	}
	if rest := s[10:]; rest != "" && !validTimePart(rest) {
		return 0, fmt.Errorf("date-time %q has a malformed time part", s)
	}
	return d, nil
}

// validTimePart reports whether rest is "Thh:mm:ss[.f+][Z|±hh:mm]".
func validTimePart(rest string) bool {
	if len(rest) < 9 || rest[0] != 'T' || rest[3] != ':' || rest[6] != ':' {
		return false
	}
	h, ok1 := digits(rest[1:3])
	mi, ok2 := digits(rest[4:6])
	se, ok3 := digits(rest[7:9])
	if !ok1 || !ok2 || !ok3 || h > 23 || mi > 59 || se > 59 {
		return false
	}
	rest = rest[9:]
	if strings.HasPrefix(rest, ".") {
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 1 {
			return false
		}
		rest = rest[i:]
	}
	switch {
	case rest == "" || rest == "Z":
		return true
	case len(rest) == 6 && (rest[0] == '+' || rest[0] == '-') && rest[3] == ':':
		oh, ok1 := digits(rest[1:3])
		om, ok2 := digits(rest[4:6])
		return ok1 && ok2 && oh <= 14 && om <= 59
	}
	return false
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, len(s) > 0
}

// DaysIn returns the number of days of month (1–12) in year.
func DaysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
