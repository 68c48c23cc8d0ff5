package prompt

import (
	"fmt"
	"regexp"
	"strconv"
	"time"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// A Period is a calendar year, quarter or month.
type Period struct {
	Kind  string // "year", "quarter" or "month"
	Label string // as written: 2026, 2026-Q3, 2026-07
	Year  int
	From  time.Time // first day
	To    time.Time // last day
}

var (
	yearForm    = regexp.MustCompile(`^([0-9]{4})$`)
	quarterForm = regexp.MustCompile(`^([0-9]{4})-[Qq]([1-4])$`)
	monthForm   = regexp.MustCompile(`^([0-9]{4})-([0-9]{2})$`)
)

// ParseMonth parses "YYYY-MM".
func ParseMonth(s string) (Period, error) {
	m := monthForm.FindStringSubmatch(s)
	if m == nil {
		return Period{}, fmt.Errorf("month %s is not a month; write YYYY-MM, e.g. 2026-03", toolkit.Quote(s))
	}
	y, _ := strconv.Atoi(m[1])
	mo, _ := strconv.Atoi(m[2])
	if mo < 1 || mo > 12 {
		return Period{}, fmt.Errorf("month %q has no month %02d; write YYYY-MM with 01 to 12, e.g. 2026-03", s, mo)
	}
	return months(y, mo, 1, "month", s), nil
}

// ParsePeriod parses "YYYY", "YYYY-Qn" or "YYYY-MM".
func ParsePeriod(name, s string) (Period, error) {
	if m := yearForm.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		return months(y, 1, 12, "year", s), nil
	}
	if m := quarterForm.FindStringSubmatch(s); m != nil {
		y, _ := strconv.Atoi(m[1])
		q, _ := strconv.Atoi(m[2])
		return months(y, 3*q-2, 3, "quarter", fmt.Sprintf("%d-Q%d", y, q)), nil
	}
	if monthForm.MatchString(s) {
		p, err := ParseMonth(s)
		if err != nil {
			return Period{}, fmt.Errorf("%s: %w", name, err)
		}
		return p, nil
	}
	return Period{}, fmt.Errorf("%s %s is not a period; write a year (2026), a quarter (2026-Q3) or a month (2026-07)", name, toolkit.Quote(s))
}

// months returns the period of n months from month mo of year y.
func months(y, mo, n int, kind, label string) Period {
	from := time.Date(y, time.Month(mo), 1, 0, 0, 0, 0, time.UTC)
	return Period{Kind: kind, Label: label, Year: y, From: from, To: from.AddDate(0, n, -1)}
}

// Previous returns the period of the same kind just before p.
func (p Period) Previous() Period {
	switch p.Kind {
	case "year":
		return months(p.Year-1, 1, 12, "year", strconv.Itoa(p.Year-1))
	case "quarter":
		from := p.From.AddDate(0, -3, 0)
		return months(from.Year(), int(from.Month()), 3, "quarter", fmt.Sprintf("%d-Q%d", from.Year(), (int(from.Month())+2)/3))
	}
	from := p.From.AddDate(0, -1, 0)
	return months(from.Year(), int(from.Month()), 1, "month", from.Format("2006-01"))
}

// FromDate and ToDate are the period's bounds as tool arguments.
func (p Period) FromDate() string { return p.From.Format("2006-01-02") }

// ToDate is the period's last day as a tool argument.
func (p Period) ToDate() string { return p.To.Format("2006-01-02") }
