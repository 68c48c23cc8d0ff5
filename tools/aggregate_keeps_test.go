package tools_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/shopspring/decimal"
)

// TestAggregateSpendingMatchesCategories checks get_spending_over_time in
// Aggregate against the other Aggregate answers on the demo books: each
// series' total is its category's year figure, a period is shown exactly
// when get_expenses_by_category shows the category for that period, with the
// same amount (up to the cent the cumulative rounding moves), and a series
// shown in full adds up to its total.
func TestAggregateSpendingMatchesCategories(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Aggregate)
	checked := 0
	for m, years := range demoYears {
		for _, y := range years {
			var year attackExpenses
			mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": m, "year": y}, &year)
			yearOf := map[int]string{}
			for _, c := range year.Categories {
				yearOf[c.Number] = *c.TotalChf
			}
			periods := map[string]attackExpenses{} // get_expenses_by_category of each period asked
			for _, interval := range []string{"month", "quarter"} {
				var sp struct {
					Series []struct {
						Name     string
						Number   int
						TotalChf string
						Points   []struct {
							Period    string
							AmountChf *string
							Withheld  string
						}
					}
				}
				mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": y, "interval": interval, "groupBy": "subclass"}, &sp)
				if len(sp.Series) != len(yearOf) {
					t.Errorf("%s %d %s: %d series; want %d categories", m, y, interval, len(sp.Series), len(yearOf))
				}
				for _, s := range sp.Series {
					if s.TotalChf != yearOf[s.Number] {
						t.Errorf("%s %d %s: %s totalChf %s; the year's category %s", m, y, interval, s.Name, s.TotalChf, yearOf[s.Number])
					}
					var shown []string
					for _, p := range s.Points {
						if p.AmountChf == nil && strings.Contains(p.Withheld, "has not ended") {
							// a closed month may lie in a block (a half, the year) that has not ended
							if y != closedThrough.Year() || !strings.Contains(p.Withheld, "through "+closedThrough.String()) {
								t.Errorf("%s %s %s: withheld as not ended, but %d ended by %s: %s", m, p.Period, s.Name, y, closedThrough, p.Withheld)
							}
							continue
						}
						exp, ok := periods[p.Period]
						if !ok {
							from, to := period(p.Period).fromTo(y)
							mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": m, "year": y, "fromDate": from, "toDate": to}, &exp)
							periods[p.Period] = exp
						}
						var cat *string
						for _, c := range exp.Categories {
							if c.Number == s.Number {
								cat = c.TotalChf
							}
						}
						switch {
						case (p.AmountChf == nil) != (cat == nil):
							t.Errorf("%s %s %s: spending shows %v, get_expenses_by_category shows %v", m, p.Period, s.Name, p.AmountChf != nil, cat != nil)
						case p.AmountChf == nil:
							if p.Withheld == "" {
								t.Errorf("%s %s %s: withheld without a reason", m, p.Period, s.Name)
							}
						default:
							shown = append(shown, *p.AmountChf)
							diff := decimal.RequireFromString(*p.AmountChf).Sub(decimal.RequireFromString(*cat)).Abs()
							if !diff.LessThan(decimal.New(1, -2)) {
								t.Errorf("%s %s %s: spending %s, get_expenses_by_category %s", m, p.Period, s.Name, *p.AmountChf, *cat)
							}
							checked++
						}
					}
					if len(shown) == len(s.Points) && sumStrings(t, shown...) != s.TotalChf {
						t.Errorf("%s %d %s %s: points sum to %s; totalChf %s", m, y, interval, s.Name, sumStrings(t, shown...), s.TotalChf)
					}
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("only %d shown periods checked", checked)
	}
}

// TestAggregateKeeps checks what users keep in Aggregate on the demo books,
// against the referee's sums of the files: groceries in Q1, the household's
// spending in every month, and net worth at every quarter end, with the
// current year shown through the last closed month (currentYear ToDate);
// and it reports the share of category-months and month totals that are
// shown, with ToDate and with the default (the current year once it has
// ended), on the test clock's day and once 2026 has ended.
func TestAggregateKeeps(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Aggregate, mcptest.ToDate)
	defer func() {
		after := func(o *tools.Options) {
			o.Now = func() time.Time { return time.Date(2027, 1, 15, 9, 0, 0, 0, time.UTC) }
		}
		logShares(t, "ToDate, 2026-11-30", cs)
		logShares(t, "Withheld, 2026-11-30", connect(t, fixtures.DemoFS(), tools.Aggregate))
		logShares(t, "Withheld, 2027-01-15", connect(t, fixtures.DemoFS(), tools.Aggregate, after))
	}()
	full := connect(t, fixtures.DemoFS(), tools.Full)
	store := reader.OpenFS(fixtures.DemoFS(), "referee")
	household := "Claudio Schaad"
	for _, y := range []int{2024, 2025, 2026} {
		tr := readTruth(t, store, household, y)
		var q1 attackExpenses
		mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": household, "year": y,
			"fromDate": fmt.Sprintf("%d-01-01", y), "toDate": fmt.Sprintf("%d-03-31", y)}, &q1)
		groceries := tr.sum(keep([]string{"E:40"}, months{1, 3})).StringFixed(2)
		got := "not shown"
		for _, c := range q1.Categories {
			if c.Number == 40 && c.TotalChf != nil {
				got = *c.TotalChf
			}
		}
		if got != groceries {
			t.Errorf("%d: groceries in Q1 = %s; the books hold %s", y, got, groceries)
		}
		var sp attackSpending
		mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": household, "year": y}, &sp)
		for i, p := range sp.Series[0].Points {
			want := tr.sum(keep(attackGroups(tr, "E"), months{i + 1, i + 1}))
			if y == closedThrough.Year() && i+1 > closedMonths(y)-2 {
				// The last closed month may sit in a quarter that has not
				// ended (its other months are withheld, not 0.00); months
				// after it are in no figure.
				if i+1 > closedMonths(y) && p.AmountChf != nil {
					t.Errorf("%d: spending in %s = %s, after %s", y, p.Period, *p.AmountChf, closedThrough)
				}
				continue
			}
			if p.AmountChf == nil || decimal.RequireFromString(*p.AmountChf).Sub(want).Abs().GreaterThanOrEqual(decimal.New(1, -2)) {
				t.Errorf("%d: spending in %s = %v; the books hold %s", y, p.Period, p.AmountChf, want.StringFixed(2))
			}
		}
		var agg, det struct {
			Months []struct {
				Month                                      string
				TotalActivaChf, TotalPassivaChf, EquityChf *string
			}
		}
		mustCall(t, cs, "get_net_worth_history", map[string]any{"mandator": household, "fromYear": y, "toYear": y}, &agg)
		mustCall(t, full, "get_net_worth_history", map[string]any{"mandator": household, "fromYear": y, "toYear": y}, &det)
		// Net worth where it is shown equals Full; it is shown at the end of
		// every half-year that has ended: the household's foreign-exchange
		// residual (legs of its EUR account valued at the year's rate, which
		// move equity but no income or expense) holds 1 posting in Q1 (March)
		// and 1 in Q4 (December) of 2024 and 2025, so equity at the ends of
		// March and September would tie those down; 4 in H1, 9 in H2.
		for i, m := range agg.Months {
			d := det.Months[i]
			if m.EquityChf != nil && (*m.EquityChf != *d.EquityChf || m.TotalActivaChf == nil || *m.TotalActivaChf != *d.TotalActivaChf) {
				t.Errorf("%d: net worth at the end of %s differs from Full mode (%s)", y, m.Month, *d.EquityChf)
			}
			if (i+1)%6 == 0 && i < closedMonths(y) && m.EquityChf == nil {
				t.Errorf("%d: net worth at the end of %s not shown (Full: %s)", y, m.Month, *d.EquityChf)
			}
		}
	}
}

// logShares reports the share of figures an Aggregate session shows on the
// demo books.
func logShares(t *testing.T, setting string, cs *mcp.ClientSession) {
	for _, m := range []string{"Claudio Schaad", "Verein Zürichsee"} {
		var months, quarters, totals, worth [2]int // shown, all
		count := func(c *[2]int, amount *string) {
			c[1]++
			if amount != nil {
				c[0]++
			}
		}
		for _, y := range demoYears[m] {
			for _, interval := range []string{"month", "quarter"} {
				var sp attackSpending
				mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": y, "groupBy": "subclass", "interval": interval}, &sp)
				for _, s := range sp.Series {
					for _, p := range s.Points {
						if interval == "month" {
							count(&months, p.AmountChf)
						} else {
							count(&quarters, p.AmountChf)
						}
					}
				}
				if len(sp.Series) == 0 || interval == "quarter" {
					continue // a year without postings
				}
				mustCall(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": y}, &sp)
				for _, p := range sp.Series[0].Points {
					count(&totals, p.AmountChf)
				}
			}
			var nw attackNetWorth
			mustCall(t, cs, "get_net_worth_history", map[string]any{"mandator": m, "fromYear": y, "toYear": y}, &nw)
			for _, mo := range nw.Months {
				count(&worth, mo.EquityChf)
			}
		}
		share := func(c [2]int) string {
			return fmt.Sprintf("%d of %d (%.0f%%)", c[0], c[1], 100*float64(c[0])/float64(c[1]))
		}
		t.Logf("%s: %s, k = %d, shown: category-months %s, category-quarters %s, month totals %s, month-end equity %s",
			setting, m, attackK, share(months), share(quarters), share(totals), share(worth))
	}
}

// attackGroups returns the groups of class c that the referee saw.
func attackGroups(tr truth, c string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range tr.legs {
		if class(l.group) == c && !seen[l.group] {
			seen[l.group] = true
			out = append(out, l.group)
		}
	}
	return out
}
