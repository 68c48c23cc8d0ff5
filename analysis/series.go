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
	perYear := spec.Interval.PerYear()
	var out Spending
	for y := spec.FromYear; y <= spec.ToYear; y++ {
		for p := 0; p < perYear; p++ {
			out.Periods = append(out.Periods, spec.Interval.label(y, p))
		}
	}
	out.YearTotals = make([]decimal.Decimal, spec.ToYear-spec.FromYear+1)
	groups := map[int]*Series{}
	sorted := append([]*Ledger(nil), ledgers...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Books.Year < sorted[j].Books.Year })
	for _, l := range sorted {
		year := l.Books.Year
		if year < spec.FromYear || year > spec.ToYear {
			continue
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
			s := groups[key]
			if s == nil {
				s = &Series{Number: key, Amounts: make([]decimal.Decimal, len(out.Periods))}
				groups[key] = s
			}
			s.Name = name
			i := (year-spec.FromYear)*perYear + (bookMonth(d, year)-1)*perYear/12
			s.Amounts[i] = s.Amounts[i].Add(amount)
			s.Total = s.Total.Add(amount)
			out.YearTotals[year-spec.FromYear] = out.YearTotals[year-spec.FromYear].Add(amount)
		}
		l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
			add(target, t.ValueDate, t.Value)
			add(origin, t.ValueDate, t.Value.Neg())
		})
	}
	if spec.Total && len(groups) == 0 {
		groups[0] = &Series{Name: "Total", Amounts: make([]decimal.Decimal, len(out.Periods))}
	}
	for _, s := range groups {
		out.Series = append(out.Series, *s)
		out.Total = out.Total.Add(s.Total)
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
