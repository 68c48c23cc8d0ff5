package tools_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

type spendingAnswer struct {
	Mandator         string
	FromYear, ToYear int
	Interval         string
	GroupBy          string
	Series           []struct {
		Name   string
		Number int
		Points []struct {
			Period    string
			AmountChf string
		}
		TotalChf string
	}
	TotalChf string
}

type expensesAnswer struct {
	TotalChf   string
	Categories []struct {
		Number   int
		TotalChf string
	}
}

// demoYears are the years with books of the demo mandators.
var demoYears = map[string][]int{"Claudio Schaad": {2024, 2025, 2026, 2027}, "Verein Zürichsee": {2025, 2026}}

func sumStrings(t *testing.T, ss ...string) string {
	t.Helper()
	var sum decimal.Decimal
	for _, s := range ss {
		sum = sum.Add(decimal.RequireFromString(s))
	}
	return sum.StringFixed(2)
}

// TestSpendingMatchesCategories checks the invariant of
// get_spending_over_time: a year's monthly (and quarterly) points sum
// exactly to that year's get_expenses_by_category totals, per category
// (subclass; account in Full and Local) and in total — also for 2026, whose
// books hold a late booking dated 2025-12-30. (Aggregate withholds periods:
// TestAggregateSpendingMatchesCategories.)
func TestSpendingMatchesCategories(t *testing.T) {
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, fixtures.DemoFS(), p)
		groupings := []string{"subclass", "account"}
		if p == tools.Aggregate {
			groupings = groupings[:1]
		}
		checked := 0
		for m, years := range demoYears {
			for _, y := range years {
				for _, interval := range []string{"month", "quarter"} {
					var total spendingAnswer
					mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": y, "interval": interval}, &total)
					var exp expensesAnswer
					mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": m, "year": y}, &exp)
					n := map[string]int{"month": 12, "quarter": 4}[interval]
					if len(total.Series) != 1 || len(total.Series[0].Points) != n {
						t.Fatalf("%s %s %d %s: %d series; want one of %d points", p, m, y, interval, len(total.Series), n)
					}
					first := map[string]string{"month": "%d-01", "quarter": "%d-Q1"}[interval]
					if got := total.Series[0].Points[0].Period; got != fmt.Sprintf(first, y) {
						t.Errorf("%s %s %d: first period %s; want %s", p, m, y, got, fmt.Sprintf(first, y))
					}
					var pts []string
					for _, pt := range total.Series[0].Points {
						pts = append(pts, pt.AmountChf)
					}
					if got := sumStrings(t, pts...); got != exp.TotalChf || total.TotalChf != exp.TotalChf || total.Series[0].TotalChf != exp.TotalChf {
						t.Errorf("%s %s %d %s: points sum to %s, totalChf %s; get_expenses_by_category totalChf %s", p, m, y, interval, got, total.TotalChf, exp.TotalChf)
					}
					checked++
					for _, g := range groupings {
						var byCat spendingAnswer
						mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": y, "interval": interval, "groupBy": g}, &byCat)
						var cats expensesAnswer
						args := map[string]any{"mandator": m, "year": y}
						if g == "account" {
							args["groupBy"] = g
						}
						mustCall(t, cs, "get_expenses_by_category", args, &cats)
						want := map[int]string{}
						for _, c := range cats.Categories {
							want[c.Number] = c.TotalChf
						}
						if len(byCat.Series) != len(want) {
							t.Errorf("%s %s %d by %s: %d series; want %d categories", p, m, y, g, len(byCat.Series), len(want))
						}
						for _, s := range byCat.Series {
							var pts []string
							for _, pt := range s.Points {
								pts = append(pts, pt.AmountChf)
							}
							if got := sumStrings(t, pts...); got != want[s.Number] || s.TotalChf != want[s.Number] {
								t.Errorf("%s %s %d %s by %s: %d %s points sum to %s (totalChf %s); category %s", p, m, y, interval, g, s.Number, s.Name, got, s.TotalChf, want[s.Number])
							}
							checked++
						}
						if byCat.TotalChf != cats.TotalChf {
							t.Errorf("%s %s %d by %s: totalChf %s; want %s", p, m, y, g, byCat.TotalChf, cats.TotalChf)
						}
					}
				}
			}
		}
		if checked < 50 {
			t.Errorf("%s: only %d sums checked", p, checked)
		}
	}
}

// TestSpendingRanges checks ranges, zero-filled periods and the late booking.
func TestSpendingRanges(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	var got spendingAnswer
	mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": "Claudio Schaad", "fromYear": 2025, "toYear": 2027, "groupBy": "account"}, &got)
	if got.FromYear != 2025 || got.ToYear != 2027 || got.Interval != "month" || got.GroupBy != "account" {
		t.Errorf("echo = %d–%d %s %s; want 2025–2027 month account", got.FromYear, got.ToYear, got.Interval, got.GroupBy)
	}
	// lossChf (fixtures/README.md) 2025 64973.19 + 2026 60705.15 + 2027 0.
	if got.TotalChf != "125678.34" {
		t.Errorf("2025–2027 totalChf = %s; want 125678.34 (64973.19 + 60705.15 + 0)", got.TotalChf)
	}
	for _, s := range got.Series {
		if len(s.Points) != 36 || s.Points[35].Period != "2027-12" || s.Points[35].AmountChf != "0.00" {
			t.Fatalf("%s: %d points ending %+v; want 36 ending 2027-12 at 0.00", s.Name, len(s.Points), s.Points[len(s.Points)-1])
		}
		if s.Number != 4010 {
			continue
		}
		// The Silvesterapéro of 186.50, dated 2025-12-30 in the 2026 books,
		// counts in 2026-01, the first period of its books, not in 2025-12.
		for _, c := range []struct {
			point    int
			year     int
			from, to string
		}{
			{12, 2026, "2025-12-01", "2026-01-31"}, // 2026-01: with the late booking
			{11, 2025, "2025-12-01", "2025-12-31"}, // 2025-12: the 2025 books only
		} {
			var want expensesAnswer
			mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": "Claudio Schaad", "year": c.year,
				"groupBy": "account", "fromDate": c.from, "toDate": c.to}, &want)
			found := ""
			for _, cat := range want.Categories {
				if cat.Number == 4010 {
					found = cat.TotalChf
				}
			}
			if pt := s.Points[c.point]; found == "" || pt.AmountChf != found {
				t.Errorf("4010 %s = %s; want the %d books' %s…%s restaurants, %s", pt.Period, pt.AmountChf, c.year, c.from, c.to, found)
			}
		}
	}
	// The club from 2025 to its last year with books, by quarter.
	var q spendingAnswer
	mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": "Verein Zürichsee", "fromYear": 2025, "interval": "quarter"}, &q)
	if q.ToYear != 2026 || len(q.Series[0].Points) != 8 || q.Series[0].Points[7].Period != "2026-Q4" {
		t.Errorf("club from 2025 by quarter: %+v; want 2025-Q1 … 2026-Q4", q)
	}
	if q.TotalChf != "13164.33" {
		t.Errorf("club 2025–2026 totalChf = %s; want 13164.33 (6397.49 + 6766.84)", q.TotalChf)
	}
}

type netWorthAnswer struct {
	Mandator         string
	FromYear, ToYear int
	Months           []struct {
		Month                                      string
		TotalActivaChf, TotalPassivaChf, EquityChf string
	}
	Warnings []string
}

// TestNetWorthMatchesBalanceSummary checks that each year's December (for
// the current year: its last month, there being no later postings) equals
// get_balance_summary exactly, in every mode; and that with a later clock
// 2026 runs to December.
func TestNetWorthMatchesBalanceSummary(t *testing.T) {
	later := func(o *tools.Options) {
		o.Now = func() time.Time { return time.Date(2027, 2, 10, 9, 0, 0, 0, time.UTC) }
	}
	for _, p := range modes {
		for _, clock := range []string{"2026-11-30", "2027-02-10"} {
			opts := []func(*tools.Options){mcptest.ToDate}
			if clock == "2027-02-10" {
				opts = append(opts, later)
			}
			cs := connect(t, fixtures.DemoFS(), p, opts...)
			for m, years := range demoYears {
				var got netWorthAnswer
				mustCall(t, cs, "get_net_worth_history", map[string]any{"mandator": m}, &got)
				last := map[string]int{}
				byMonth := map[string]int{}
				for i, mo := range got.Months {
					byMonth[mo.Month] = i
					last[mo.Month[:4]] = i
				}
				if got.FromYear != years[0] || got.ToYear != years[len(years)-1] {
					t.Errorf("%s %s: range %d–%d; want %d–%d", p, m, got.FromYear, got.ToYear, years[0], years[len(years)-1])
				}
				for _, y := range years {
					ys := fmt.Sprint(y)
					i, ok := last[ys]
					wantMonth := ys + "-12"
					switch {
					case ys == clock[:4] && p == tools.Aggregate: // closed months only: the month before today's
						wantMonth = fmt.Sprintf("%s-%02d", ys, 10*int(clock[5]-'0')+int(clock[6]-'0')-1)
					case ys == clock[:4]:
						wantMonth = clock[:7]
					case ys > clock[:4]:
						if ok {
							t.Errorf("%s %s (today %s): months of the future year %d", p, m, clock, y)
						}
						continue
					}
					if !ok || got.Months[i].Month != wantMonth {
						t.Errorf("%s %s (today %s): last month of %d is %v; want %s", p, m, clock, y, got.Months[i].Month, wantMonth)
						continue
					}
					var s struct{ TotalActivaChf, TotalPassivaChf, EquityChf string }
					mustCall(t, cs, "get_balance_summary", map[string]any{"mandator": m, "year": y}, &s)
					mo := got.Months[i]
					if p == tools.Aggregate && mo.EquityChf == "" && ys == clock[:4] {
						continue // the current month may be withheld; December never is
					}
					if mo.TotalActivaChf != s.TotalActivaChf || mo.TotalPassivaChf != s.TotalPassivaChf || mo.EquityChf != s.EquityChf {
						t.Errorf("%s %s %s: %s / %s / %s; get_balance_summary %d: %s / %s / %s", p, m, mo.Month,
							mo.TotalActivaChf, mo.TotalPassivaChf, mo.EquityChf, y, s.TotalActivaChf, s.TotalPassivaChf, s.EquityChf)
					}
				}
				// Months: every month of a past year, the current year up to
				// this month, none of a later year.
				want := 0
				for _, y := range years {
					switch ys := fmt.Sprint(y); {
					case ys < clock[:4]:
						want += 12
					case ys == clock[:4]:
						want += int(clock[6]-'0') + 10*int(clock[5]-'0')
						if p == tools.Aggregate {
							want-- // this month has not ended
						}
					}
				}
				if len(got.Months) != want {
					t.Errorf("%s %s (today %s): %d months; want %d", p, m, clock, len(got.Months), want)
				}
				if _, ok := byMonth["2027-01"]; ok != (clock == "2027-02-10" && m == "Claudio Schaad") {
					t.Errorf("%s %s (today %s): 2027-01 present = %v", p, m, clock, ok)
				}
				if fx := strings.Contains(strings.Join(got.Warnings, "\n"), "2027: missing_fx_rate"); fx != (clock == "2027-02-10" && m == "Claudio Schaad") {
					t.Errorf("%s %s (today %s): warnings %q; want a 2027 missing_fx_rate exactly when 2027 months are shown", p, m, clock, got.Warnings)
				}
			}
		}
	}
}

// TestTrendsAcrossAGap: a range with a year without books zero-fills its
// spending periods, leaves out its months and says so.
func TestTrendsAcrossAGap(t *testing.T) {
	fsys := tinyBooks()
	fsys["2023/Alpha/Data/Accounts.xml"] = fsys["2025/Alpha/Data/Accounts.xml"]
	for _, p := range modes {
		cs := connect(t, fsys, p)
		var s struct {
			spendingAnswer
			Warnings []string
		}
		mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": "Alpha", "fromYear": 2023}, &s)
		// tinyBooks: one expense, Coop 120.50 on 2025-02-10.
		feb := "120.50"
		if p == tools.Aggregate {
			feb = "" // one posting: withheld
		}
		if s.ToYear != 2025 || len(s.Series) != 1 || len(s.Series[0].Points) != 36 || s.Series[0].Points[25].Period != "2025-02" ||
			s.Series[0].Points[25].AmountChf != feb || s.TotalChf != "120.50" {
			t.Errorf("%s: spending 2023–2025 = %+v; want 36 months, %q in 2025-02", p, s, feb)
		}
		if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "2024") {
			t.Errorf("%s: spending warnings %q; want one naming 2024", p, s.Warnings)
		}
		var nw netWorthAnswer
		mustCall(t, cs, "get_net_worth_history", map[string]any{"mandator": "Alpha"}, &nw)
		// Bank 1000 + 500 salary (2025-01-05) − 120.50 = 1379.50 in 2025; 1000 in 2023.
		if nw.FromYear != 2023 || len(nw.Months) != 24 || nw.Months[11].Month != "2023-12" || nw.Months[11].EquityChf != "1000.00" ||
			nw.Months[12].Month != "2025-01" || nw.Months[23].TotalActivaChf != "1379.50" {
			t.Errorf("%s: net worth = %+v; want 2023 and 2025, 1000.00 then 1379.50", p, nw)
		}
		if w := strings.Join(nw.Warnings, "\n"); !strings.Contains(w, "no_books") || !strings.Contains(w, "2024") {
			t.Errorf("%s: net worth warnings %q; want no_books for 2024", p, nw.Warnings)
		}
	}
}
