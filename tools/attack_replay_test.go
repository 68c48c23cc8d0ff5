package tools_test

import (
	"context"
	"fmt"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

// TestAggregateReplay asks the same questions of an Aggregate server at
// clocks two weeks apart through a year, as a client would that saves every
// answer, and differences what it got: each account's balance
// (list_accounts), each category and the totals of the year to date.
//
// The books stay as they are and only the clock moves: since Aggregate
// covers the book months that have ended, the books as saved at a time and
// the final books give the same answers then, except for postings booked
// later into a month that had ended (the documented carve-out).
//
// A referee reading the files checks two things. Every answer covers exactly
// the book months ended by its "through" day, so nothing of an open month
// (the June-as-of-4-June attack) is ever in a figure. And it counts the
// derivations the attacker gets: a series published at two times whose
// difference covers 1 to k−1 postings. With the default currentYear
// Withheld (a year is shown once it has ended) and with periods Year there
// must be none; with ToDate at Month and Quarter the differences of the
// current year are whole closed months or quarters, outside the guarantee
// (docs/privacy.md), and their number is reported.
func TestAggregateReplay(t *testing.T) {
	type books struct {
		fsys     fs.FS
		mandator string
		year     int
	}
	sets := []books{{fixtures.DemoFS(), "Claudio Schaad", 2026}, {fixtures.DemoFS(), "Verein Zürichsee", 2026}}
	for _, rb := range []bookgen.RandomBooks{bookgen.RandomHousehold(attackSeed + 1), bookgen.RandomClub(attackSeed + 1),
		bookgen.RandomFoundation(attackSeed + 1), bookgen.RandomBusiness(attackSeed + 1)} {
		m := fstest.MapFS{}
		for _, f := range rb.Files {
			m[f.Path] = &fstest.MapFile{Data: f.Data}
		}
		sets = append(sets, books{m, rb.Mandator, 2025})
	}
	if testing.Short() {
		sets = sets[:1]
	}
	for _, setting := range []struct {
		p       disclosure.Periods
		current disclosure.CurrentYear
	}{{disclosure.Month, disclosure.Withheld}, {disclosure.Quarter, disclosure.Withheld}, {disclosure.Year, disclosure.Withheld},
		{disclosure.Month, disclosure.ToDate}, {disclosure.Quarter, disclosure.ToDate}, {disclosure.Year, disclosure.ToDate}} {
		p, current := setting.p, setting.current
		derived, answers := 0, 0
		for _, b := range sets {
			ref := replayReferee(t, b.fsys, b.mandator, b.year)
			type seen struct {
				through string
				amount  string
			}
			history := map[string][]seen{} // series → what each time showed
			for day := reader.NewDate(b.year, 1, 5); day <= reader.NewDate(b.year+1, 1, 10); day = addDays(day, 14) {
				now := time.Date(day.Year(), time.Month(day.Month()), day.Day(), 10, 0, 0, 0, time.UTC)
				cs := connect(t, b.fsys, tools.Aggregate, func(o *tools.Options) {
					o.Periods, o.CurrentYear, o.MinPostings, o.Now = p, current, attackK, func() time.Time { return now }
				})
				var accounts struct {
					Through  string `json:"through"`
					Accounts []struct {
						Name       string  `json:"name"`
						Class      string  `json:"class"`
						BalanceChf *string `json:"balanceChf"`
					} `json:"accounts"`
				}
				mustCall(t, cs, "list_accounts", map[string]any{"mandator": b.mandator, "year": b.year}, &accounts)
				var exp struct {
					Through    string  `json:"through"`
					TotalChf   *string `json:"totalChf"`
					Categories []struct {
						Number   int     `json:"number"`
						TotalChf *string `json:"totalChf"`
					} `json:"categories"`
				}
				mustCall(t, cs, "get_expenses_by_category", map[string]any{"mandator": b.mandator, "year": b.year}, &exp)
				answers += 2
				through := accounts.Through
				if through == "" {
					through = fmt.Sprintf("%d-12-31", b.year) // a year that has ended carries none
				}
				th, err := reader.ParseDate(through)
				if err != nil || exp.Through != accounts.Through {
					t.Fatalf("%s %s: through %q and %q", b.mandator, day, accounts.Through, exp.Through)
				}
				for _, a := range accounts.Accounts {
					if a.BalanceChf == nil {
						continue
					}
					key := "account " + a.Name
					if a.Class == "expenses" || a.Class == "income" {
						if want := ref.sum(key, th); want.StringFixed(2) != *a.BalanceChf {
							t.Errorf("%s %s (%s): %s = %s; the books through %s hold %s", b.mandator, day, p, key, *a.BalanceChf, through, want.StringFixed(2))
						}
					}
					history[key] = append(history[key], seen{through, *a.BalanceChf})
				}
				for _, c := range exp.Categories {
					if c.TotalChf != nil {
						key := fmt.Sprintf("category %d", c.Number)
						if want := ref.sum(key, th); want.StringFixed(2) != *c.TotalChf {
							t.Errorf("%s %s (%s): %s = %s; the books through %s hold %s", b.mandator, day, p, key, *c.TotalChf, through, want.StringFixed(2))
						}
						history[key] = append(history[key], seen{through, *c.TotalChf})
					}
				}
				if exp.TotalChf != nil {
					history["expenses"] = append(history["expenses"], seen{through, *exp.TotalChf})
				}
			}
			// Every pair of times with different through days: the
			// difference covers the postings in between.
			found := map[string]bool{}
			for key, hs := range history {
				for i := range hs {
					for j := range hs {
						from, _ := reader.ParseDate(hs[i].through)
						to, _ := reader.ParseDate(hs[j].through)
						whole := from < reader.NewDate(b.year, 1, 1) && to >= reader.NewDate(b.year, 12, 31)
						if from >= to || whole || found[key+hs[i].through+hs[j].through] {
							continue // a difference over the whole book year is the year's figure
						}
						found[key+hs[i].through+hs[j].through] = true
						if n := ref.count(key, from, to); n > 0 && n < attackK {
							derived++
						}
					}
				}
			}
		}
		t.Logf("periods %s, currentYear %s: %d answers at clocks 14 days apart; differences of two times covering 1 to %d postings: %d", p, current, answers, attackK-1, derived)
		if (p == disclosure.Year || current == disclosure.Withheld) && derived > 0 {
			t.Errorf("periods %s, currentYear %s: %d derivations from answers at two times", p, current, derived)
		}
	}
}

func addDays(d reader.Date, n int) reader.Date {
	t := time.Date(d.Year(), time.Month(d.Month()), d.Day()+n, 0, 0, 0, 0, time.UTC)
	return reader.NewDate(t.Year(), int(t.Month()), t.Day())
}

// replayTruth holds, per series ("account <name>", "category <n>",
// "expenses"), each posting's amount in the normal direction and the day
// from which Aggregate covers it: its value date, or 1 January for a late
// booking dated before the book year.
type replayTruth map[string][]struct {
	day    reader.Date
	amount decimal.Decimal
}

func replayReferee(t *testing.T, fsys fs.FS, mandator string, year int) replayTruth {
	b, err := reader.OpenFS(fsys, "referee").Books(context.Background(), mandator, year)
	if err != nil {
		t.Fatal(err)
	}
	accounts := map[string]*reader.Account{}
	for i := range b.Accounts {
		accounts[b.Accounts[i].ID] = &b.Accounts[i]
	}
	tr := replayTruth{}
	first := reader.NewDate(year, 1, 1)
	for _, tx := range b.Transactions {
		target, origin := accounts[tx.TargetAccountID], accounts[tx.OriginAccountID]
		if target == nil || origin == nil || target == origin || tx.Value.IsZero() {
			continue
		}
		day := max(tx.ValueDate, first)
		for _, side := range []struct {
			a    *reader.Account
			sign int64
		}{{target, 1}, {origin, -1}} {
			v := tx.Value.Mul(decimal.NewFromInt(side.sign))
			if c := side.a.Number / 1000; c == 2 || c == 3 {
				v = v.Neg()
			}
			add := func(key string) {
				tr[key] = append(tr[key], struct {
					day    reader.Date
					amount decimal.Decimal
				}{day, v})
			}
			add("account " + side.a.Name)
			if side.a.Number/1000 == 4 && target.Number/1000 != origin.Number/1000 {
				add(fmt.Sprintf("category %d", side.a.Number/100))
				add("expenses")
			}
		}
	}
	return tr
}

// sum adds the series' postings covered through day.
func (tr replayTruth) sum(key string, through reader.Date) decimal.Decimal {
	var s decimal.Decimal
	for _, p := range tr[key] {
		if p.day <= through {
			s = s.Add(p.amount)
		}
	}
	return s
}

// count returns the series' postings covered after from and through to.
func (tr replayTruth) count(key string, from, to reader.Date) int {
	n := 0
	for _, p := range tr[key] {
		if p.day > from && p.day <= to {
			n++
		}
	}
	return n
}
