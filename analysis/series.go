package analysis

import (
	"fmt"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// An Interval is the length of the periods of a spending series.
type Interval int

// The intervals of a spending series.
const (
	Monthly Interval = iota
	Quarterly
	Yearly
)

// PerYear returns the number of periods of the interval in a year.
func (iv Interval) PerYear() int {
	switch iv {
	case Quarterly:
		return 4
	case Yearly:
		return 1
	}
	return 12
}

// label returns the name of period p (0-based) of year y: "2026-03",
// "2026-Q1" or "2026".
func (iv Interval) label(y, p int) string {
	switch iv {
	case Quarterly:
		return fmt.Sprintf("%04d-Q%d", y, p+1)
	case Yearly:
		return fmt.Sprintf("%04d", y)
	}
	return fmt.Sprintf("%04d-%02d", y, p+1)
}

// A SeriesSpec selects a spending series: the expenses of the books of
// FromYear to ToYear per Interval, one series for all expenses (Total) or
// one per group of GroupBy.
type SeriesSpec struct {
	FromYear, ToYear int
	Interval         Interval
	Total            bool
	GroupBy          GroupBy // when not Total
}

// A Series is one group's expenses per period, in CHF and in the normal
// direction (refunds lower them).
type Series struct {
	Number  int // subclass or account number; 0 for the total
	Name    string
	Amounts []decimal.Decimal // one per period of the Spending
	Total   decimal.Decimal
}

// Spending is a spending series over consecutive periods.
type Spending struct {
	Periods []string // labels, in calendar order
	Series  []Series // largest total first, then by number
	Total   decimal.Decimal
	// YearTotals are the expenses of each year of the range, all series.
	YearTotals []decimal.Decimal
}

// bookMonth returns the month (1–12) in which a posting dated d counts
// within the books of year: its own month, or, for a late booking dated
// before the book year, January (and December for one dated after it). So
// the periods of a year's books sum to that year's Report.
func bookMonth(d reader.Date, year int) int {
	switch {
	case d.Year() < year:
		return 1
	case d.Year() > year:
		return 12
	}
	return d.Month()
}

// SpendingOverTime sums every leg on an expense account, as Report does, per
// period of its value date within its books (see bookMonth). Every period
// from FromYear to ToYear is present, zero when nothing was spent; ledgers
// outside that range are ignored. A group's name is taken from the latest
// books that have it.
func SpendingOverTime(ledgers []*Ledger, spec SeriesSpec) Spending {
	sum := NewSpendingSum(spec)
	for _, l := range ledgers {
		sum.Add(l)
	}
	return sum.Spending()
}

// A SpendingSum is SpendingOverTime summed one ledger at a time, so that a
// range of years need not be held at once: each year's books can be let
// go once they are added (docs/performance.md#memory).
type SpendingSum struct {
	spec   SeriesSpec
	out    Spending
	groups map[int]*Series
	named  map[int]int // the year of the books each group's name is from
}

// NewSpendingSum starts a spending series of spec with every period zero.
func NewSpendingSum(spec SeriesSpec) *SpendingSum {
	s := &SpendingSum{spec: spec, groups: map[int]*Series{}, named: map[int]int{}}
	for y := spec.FromYear; y <= spec.ToYear; y++ {
		for p := 0; p < spec.Interval.PerYear(); p++ {
			s.out.Periods = append(s.out.Periods, spec.Interval.label(y, p))
		}
	}
	s.out.YearTotals = make([]decimal.Decimal, spec.ToYear-spec.FromYear+1)
	return s
}

// Add sums the expenses of l, in any order of years; a ledger outside the
// range is ignored.
func (s *SpendingSum) Add(l *Ledger) {
	spec, out, perYear := s.spec, &s.out, s.spec.Interval.PerYear()
	year := l.Books.Year
	if year < spec.FromYear || year > spec.ToYear {
		return
	}
	add := func(a *reader.Account, d reader.Date, amount decimal.Decimal) {
		if a.Class() != reader.Expenses {
			return
		}
		key, name := 0, "Total"
		switch {
		case spec.Total:
		case spec.GroupBy == BySubclass:
			key, name = a.SubclassNumber(), l.SubclassName(a.SubclassNumber())
		default:
			key, name = a.Number, a.Name
		}
		g := s.groups[key]
		if g == nil {
			g = &Series{Number: key, Amounts: make([]decimal.Decimal, len(out.Periods))}
			s.groups[key] = g
		}
		if y, ok := s.named[key]; !ok || year >= y { // the latest books that have it
			g.Name, s.named[key] = name, year
		}
		i := (year-spec.FromYear)*perYear + (bookMonth(d, year)-1)*perYear/12
		g.Amounts[i] = g.Amounts[i].Add(amount)
		g.Total = g.Total.Add(amount)
		out.YearTotals[year-spec.FromYear] = out.YearTotals[year-spec.FromYear].Add(amount)
	}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		add(target, t.ValueDate, t.Value)
		add(origin, t.ValueDate, t.Value.Neg())
	})
}

// Spending returns the series summed so far.
func (s *SpendingSum) Spending() Spending {
	out := s.out
	out.Series = nil
	if s.spec.Total && len(s.groups) == 0 {
		out.Series = append(out.Series, Series{Name: "Total", Amounts: make([]decimal.Decimal, len(out.Periods))})
	}
	for _, g := range s.groups {
		out.Series = append(out.Series, *g)
		out.Total = out.Total.Add(g.Total)
	}
	sort.Slice(out.Series, func(i, j int) bool {
		a, b := out.Series[i], out.Series[j]
		if c := a.Total.Cmp(b.Total); c != 0 {
			return c > 0
		}
		return a.Number < b.Number
	})
	return out
}

// RoundCumulative rounds amounts to cents so that they add up exactly to
// their rounded sum: each result is the rounded running total (half away
// from zero, as output is rounded) minus the one before. The running total
// restarts every `every` amounts (0: never), so with every = the periods of
// a year each year's results add up to that year's rounded sum, the total a
// one-year report gives. Every result is within a cent of its amount.
func RoundCumulative(amounts []decimal.Decimal, every int) []decimal.Decimal {
	out := make([]decimal.Decimal, len(amounts))
	var sum, prev decimal.Decimal
	for i, a := range amounts {
		if every > 0 && i%every == 0 {
			sum, prev = decimal.Zero, decimal.Zero
		}
		sum = sum.Add(a)
		r := sum.Round(2)
		out[i], prev = r.Sub(prev), r
	}
	return out
}
