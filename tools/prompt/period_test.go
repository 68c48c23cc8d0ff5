package prompt

import (
	"strings"
	"testing"
)

func TestParsePeriod(t *testing.T) {
	for _, c := range []struct {
		in, kind, label, from, to, previous string
	}{
		{"2026", "year", "2026", "2026-01-01", "2026-12-31", "2025"},
		{"2026-Q1", "quarter", "2026-Q1", "2026-01-01", "2026-03-31", "2025-Q4"},
		{"2026-q3", "quarter", "2026-Q3", "2026-07-01", "2026-09-30", "2026-Q2"},
		{"2024-02", "month", "2024-02", "2024-02-01", "2024-02-29", "2024-01"},
		{"2026-01", "month", "2026-01", "2026-01-01", "2026-01-31", "2025-12"},
	} {
		p, err := ParsePeriod("from", c.in)
		if err != nil {
			t.Errorf("ParsePeriod(%q): %v", c.in, err)
			continue
		}
		got := []string{p.Kind, p.Label, p.FromDate(), p.ToDate(), p.Previous().Label}
		want := []string{c.kind, c.label, c.from, c.to, c.previous}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("ParsePeriod(%q) = %v; want %v", c.in, got, want)
		}
	}
	for in, want := range map[string]string{
		"2026-Q5": "not a period", "26": "not a period", "2026-13": "01 to 12", "": "not a period", "2026/07": "not a period",
	} {
		if _, err := ParsePeriod("to", in); err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "to") {
			t.Errorf("ParsePeriod(%q) error = %v; want one containing %q", in, err, want)
		}
	}
	if _, err := ParseMonth("2026"); err == nil || !strings.Contains(err.Error(), "YYYY-MM") {
		t.Errorf("ParseMonth(2026) error = %v; want a YYYY-MM hint", err)
	}
}
