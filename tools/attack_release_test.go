package tools_test

import (
	"context"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

// unseenBooks draws a household and a club from a seed the other attacks do
// not use and makes them harder: the household's cash account is kept in
// EUR with no rate booked (its legs move equity but no income or expense as
// valued) and its savings account is numbered 6010, outside the four
// classes; the club's cash box is kept in EUR too.
func unseenBooks(t *testing.T, seed uint64) []struct {
	fsys     fs.FS
	mandator string
} {
	type edit struct{ re, to string }
	var out []struct {
		fsys     fs.FS
		mandator string
	}
	for _, c := range []struct {
		rb    bookgen.RandomBooks
		edits []edit
	}{
		{bookgen.RandomHousehold(seed), []edit{
			{`(<Number>1020</Number>\s*<Name>[^<]*</Name>\s*<Currency>)CHF(</Currency>)`, "${1}EUR${2}"},
			{`<Number>1010</Number>`, "<Number>6010</Number>"}}},
		{bookgen.RandomClub(seed), []edit{
			{`(<Number>1000</Number>\s*<Name>[^<]*</Name>\s*<Currency>)CHF(</Currency>)`, "${1}EUR${2}"}}},
	} {
		m := fstest.MapFS{}
		changed := 0
		for _, f := range c.rb.Files {
			data := f.Data
			if strings.HasSuffix(f.Path, "Accounts.xml") {
				for _, e := range c.edits {
					re := regexp.MustCompile(e.re)
					if re.Match(data) {
						changed++
					}
					data = re.ReplaceAll(data, []byte(e.to))
				}
			}
			m[f.Path] = &fstest.MapFile{Data: data}
		}
		if changed == 0 {
			t.Fatalf("%s: no account was changed; the generator's Accounts.xml changed form", c.rb.Mandator)
		}
		out = append(out, struct {
			fsys     fs.FS
			mandator string
		}{m, c.rb.Mandator})
	}
	return out
}

// TestAggregateReleaseAttacks tries the two attacks on the release as a
// whole, through MCP alone, at every periods level, on the demo books and on
// books the suite has never seen:
//
//   - net-worth steps minus the result: equity at two shown month ends minus
//     the netChf of the months between leaves what moved equity outside
//     income and expenses (foreign legs, legs on an account without a rate
//     or outside the classes);
//   - per-account year figures in a category shown empty elsewhere: a period
//     shown as 0.00 (the category, the total, or the withheld categories
//     together) places each of the category's accounts, with its year figure
//     from list_accounts, in the other periods.
//
// A referee reading the files counts the postings each derivation covers;
// none may cover 1 to k−1 postings for less than a year.
func TestAggregateReleaseAttacks(t *testing.T) {
	type books = struct {
		fsys     fs.FS
		mandator string
	}
	sets := []books{{fixtures.DemoFS(), "Claudio Schaad"}, {fixtures.DemoFS(), "Verein Zürichsee"}}
	sets = append(sets, unseenBooks(t, attackSeed+2)...)
	for _, rb := range []bookgen.RandomBooks{bookgen.RandomFoundation(attackSeed + 2), bookgen.RandomBusiness(attackSeed + 2)} {
		m := fstest.MapFS{}
		for _, f := range rb.Files {
			m[f.Path] = &fstest.MapFile{Data: f.Data}
		}
		sets = append(sets, books{m, rb.Mandator})
	}
	for _, setting := range []struct {
		p       disclosure.Periods
		current disclosure.CurrentYear
	}{{disclosure.Month, disclosure.Withheld}, {disclosure.Quarter, disclosure.Withheld}, {disclosure.Year, disclosure.Withheld},
		{disclosure.Month, disclosure.ToDate}, {disclosure.Quarter, disclosure.ToDate}} {
		p, current := setting.p, setting.current
		var steps, stepsWon, placed, placedWon int
		for _, b := range sets {
			cs := connect(t, b.fsys, tools.Aggregate, func(o *tools.Options) { o.Periods, o.CurrentYear, o.MinPostings = p, current, attackK })
			store := reader.OpenFS(b.fsys, "referee")
			years, err := store.MandatorYears(b.mandator)
			if err != nil {
				t.Fatal(err)
			}
			for _, y := range years {
				if y > closedThrough.Year() {
					continue
				}
				ref := releaseReferee(t, store, b.mandator, y)
				// Net-worth steps minus the result.
				var nw attackNetWorth
				mustCall(t, cs, "get_net_worth_history", map[string]any{"mandator": b.mandator, "fromYear": y, "toYear": y}, &nw)
				var shown []int // month indexes (1-based) with equity shown
				equity := map[int]decimal.Decimal{}
				for i, mo := range nw.Months {
					if mo.EquityChf != nil {
						shown = append(shown, i+1)
						equity[i+1] = decimal.RequireFromString(*mo.EquityChf)
					}
				}
				for a := 0; a < len(shown); a++ {
					for c := a + 1; c < len(shown); c++ {
						from, to := shown[a]+1, shown[c]
						var inc attackIncome
						r := call(t, cs, "get_income_statement", map[string]any{"mandator": b.mandator, "year": y,
							"fromDate": fmt.Sprintf("%d-%02d-01", y, from), "toDate": reader.NewDate(y, to, reader.DaysIn(y, to)).String()}, &inc)
						if r.IsError || inc.NetChf == nil {
							continue
						}
						steps++
						residual := equity[to].Sub(equity[shown[a]]).Sub(decimal.RequireFromString(*inc.NetChf))
						n := ref.residualPostings(from, to)
						if !residual.IsZero() && n > 0 && n < attackK {
							stepsWon++
							t.Errorf("%s %d (%s): equity step %d..%d minus netChf = %s, %d postings", b.mandator, y, p, from, to, residual, n)
						}
					}
				}
				// Per-account year figures in a category shown empty.
				interval := "month"
				if p != disclosure.Month {
					interval = "quarter"
				}
				var sp attackSpending
				if r := call(t, cs, "get_spending_over_time", map[string]any{"mandator": b.mandator, "year": y, "groupBy": "subclass", "interval": interval}, &sp); r.IsError {
					if p != disclosure.Year {
						t.Errorf("%s %d (%s): spending per %s refused: %s", b.mandator, y, p, interval, r.Raw)
					}
					continue
				}
				size := 1
				if interval == "quarter" {
					size = 3
				}
				empty := map[int]map[int]bool{} // category → months shown empty
				mark := func(cat, period int) {
					if empty[cat] == nil {
						empty[cat] = map[int]bool{}
					}
					for m := period*size + 1; m <= period*size+size; m++ {
						empty[cat][m] = true
					}
				}
				for pi, pt := range sp.Totals {
					if pt.AmountChf != nil && *pt.AmountChf == "0.00" {
						for _, s := range sp.Series {
							mark(s.Number, pi)
						}
					}
				}
				for _, s := range sp.Series {
					for pi, pt := range s.Points {
						if pt.AmountChf != nil && *pt.AmountChf == "0.00" {
							mark(s.Number, pi)
						}
						if pt.AmountChf == nil && pi < len(sp.WithheldCategories) {
							if w := sp.WithheldCategories[pi].AmountChf; w != nil && *w == "0.00" {
								mark(s.Number, pi)
							}
						}
					}
				}
				for _, acct := range ref.expenseAccounts {
					e := empty[acct.category]
					if len(e) == 0 || len(e) == 12 || acct.postings == 0 || acct.postings >= attackK {
						continue
					}
					placed++
					inside := true // the attacker's inference holds: no posting in a month shown empty
					for _, m := range acct.months {
						inside = inside && !e[m]
					}
					if inside {
						placedWon++
						t.Errorf("%s %d (%s, %s): account %d (%d postings) placed outside the months %v shown empty", b.mandator, y, p, current, acct.number, acct.postings, e)
					}
				}
			}
		}
		t.Logf("periods %s, currentYear %s: net-worth steps minus result tried %d, won %d; small accounts in a category shown empty somewhere %d, placed %d",
			p, current, steps, stepsWon, placed, placedWon)
	}
}

// releaseTruth is what the referee reads for the release attacks.
type releaseTruth struct {
	year int
	// residual: per book month, postings that touch a foreign account or an
	// account outside 1000–4999 (a superset of those whose effect on equity
	// differs from their effect on income minus expenses).
	residual [13]int
	// expenseAccounts: each expense account's counted postings and months.
	expenseAccounts []struct {
		number, category, postings int
		months                     []int
	}
}

func releaseReferee(t *testing.T, store *reader.Store, mandator string, year int) releaseTruth {
	b, err := store.Books(context.Background(), mandator, year)
	if err != nil {
		t.Fatal(err)
	}
	accounts := map[string]*reader.Account{}
	for i := range b.Accounts {
		accounts[b.Accounts[i].ID] = &b.Accounts[i]
	}
	tr := releaseTruth{year: year}
	index := map[int]int{}
	first := reader.NewDate(year, 1, 1)
	for _, tx := range b.Transactions {
		target, origin := accounts[tx.TargetAccountID], accounts[tx.OriginAccountID]
		if target == nil || origin == nil || max(tx.ValueDate, first) > closedThrough {
			continue
		}
		month := tx.ValueDate.Month()
		switch {
		case tx.ValueDate.Year() < year:
			month = 1
		case tx.ValueDate.Year() > year:
			month = 12
		}
		odd := func(a *reader.Account) bool { return a.Currency != "CHF" || a.Number < 1000 || a.Number >= 5000 }
		if odd(target) || odd(origin) {
			tr.residual[month]++
		}
		if tx.Value.IsZero() || target.Number/1000 == origin.Number/1000 {
			continue
		}
		for _, a := range []*reader.Account{target, origin} {
			if a.Number/1000 != 4 {
				continue
			}
			i, ok := index[a.Number]
			if !ok {
				i = len(tr.expenseAccounts)
				index[a.Number] = i
				tr.expenseAccounts = append(tr.expenseAccounts, struct {
					number, category, postings int
					months                     []int
				}{number: a.Number, category: a.Number / 100})
			}
			tr.expenseAccounts[i].postings++
			tr.expenseAccounts[i].months = append(tr.expenseAccounts[i].months, month)
		}
	}
	return tr
}

// residualPostings counts the residual postings of book months from to to.
func (tr releaseTruth) residualPostings(from, to int) int {
	n := 0
	for m := from; m <= to; m++ {
		n += tr.residual[m]
	}
	return n
}
