package tools_test

import (
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"strconv"

	"github.com/accounting-mcp/accounting-mcp/internal/span"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// The attacker's questions: the year's own figures, a walk day by day, every
// range of whole months, spending per month and quarter, and net worth.

// learnGroups learns the categories from the year's own figures, which the
// design publishes, and sets up the unknowns: every group in every month,
// plus the start values of assets and liabilities, which the attacker may know
// from the year before.
func (a *attacker) learnGroups(years []int) {
	var exp attackExpenses
	mustCall(a.t, a.cs, "get_expenses_by_category", map[string]any{"mandator": a.mandator, "year": a.year}, &exp)
	for _, c := range exp.Categories {
		a.groups = append(a.groups, "E:"+strconv.Itoa(c.Number))
	}
	other := years[0]
	if other == a.year && len(years) > 1 {
		other = years[1]
	}
	var cmp attackCompare
	if other != a.year {
		mustCall(a.t, a.cs, "compare_years", map[string]any{"mandator": a.mandator, "years": []int{a.year, other}}, &cmp)
	}
	for _, y := range cmp.Comparison {
		if y.Year == a.year {
			for name := range y.IncomeByCategory {
				a.groups = append(a.groups, "I:"+name)
			}
		}
	}
	a.groups = append(a.groups, "A", "P")
	a.index = map[string]int{}
	for i, g := range a.groups {
		a.index[g] = 12 * i
	}
	n := 12 * len(a.groups)
	a.eq = span.New(n + 2) // + the start values of A and P
	a.eq.Add(a.eq.Vector(1, n))
	a.eq.Add(a.eq.Vector(1, n+1))
	// Double entry, in every month: ΔA − ΔP − income + expenses = 0.
	for m := 1; m <= 12; m++ {
		v := a.eq.Vector(1, a.cells(a.classGroups("A"), months{m, m})...)
		for _, part := range []struct {
			c    string
			sign uint64
		}{{"P", span.Prime - 1}, {"I", span.Prime - 1}, {"E", 1}} {
			for _, i := range a.cells(a.classGroups(part.c), months{m, m}) {
				v[i] = part.sign
			}
		}
		a.eq.Add(v)
	}
	year := months{1, 12}
	for _, c := range exp.Categories {
		a.learn("year "+c.Name, []string{"E:" + strconv.Itoa(c.Number)}, year, c.TotalChf)
	}
	a.learn("year expenses", a.classGroups("E"), year, exp.TotalChf)
	for _, y := range cmp.Comparison {
		if y.Year != a.year {
			continue
		}
		for name, v := range y.IncomeByCategory {
			a.learn("year income "+name, []string{"I:" + name}, year, &v)
		}
		a.learn("year income", a.classGroups("I"), year, y.TotalIncomeChf)
	}
}

// walkDays asks for every day of the year alone.
func (a *attacker) walkDays() {
	for m := 1; m <= 12; m++ {
		for d := 1; d <= reader.DaysIn(a.year, m); d++ {
			if !a.everyDay && m > 1 && d != 1 && d != 15 {
				continue
			}
			day := reader.NewDate(a.year, m, d)
			args := map[string]any{"mandator": a.mandator, "year": a.year, "fromDate": day.String(), "toDate": day.String()}
			var exp attackExpenses
			var inc attackIncome
			for _, q := range []struct {
				tool string
				out  any
			}{{"get_expenses_by_category", &exp}, {"get_income_statement", &inc}} {
				a.tally.calls++
				if r := call(a.t, a.cs, q.tool, args, q.out); r.IsError {
					continue
				}
				a.tally.answered++
			}
			onDay := func(groups []string, amount *string) {
				if amount == nil {
					return
				}
				in := map[string]bool{}
				for _, g := range groups {
					in[g] = true
				}
				f := func(l leg) bool { return in[l.group] && l.day == day }
				if n := a.truth.count(f); n > 0 && n < a.k {
					a.tie(f)
				}
			}
			for _, c := range exp.Categories {
				onDay([]string{"E:" + strconv.Itoa(c.Number)}, c.TotalChf)
			}
			onDay(a.classGroups("E"), exp.TotalChf)
			onDay(a.classGroups("E"), inc.LossChf)
			onDay(a.classGroups("I"), inc.ProfitChf)
		}
	}
	a.tally.dayTied += len(a.tied)
}

// tie marks the income and expense legs that pass f as tied.
func (a *attacker) tie(f func(leg) bool) {
	for i, l := range a.truth.legs {
		if c := class(l.group); f(l) && (c == "E" || c == "I") {
			a.tied[i] = true
		}
	}
}

// askRange asks for the expenses by category and the income statement of a
// range of whole months.
func (a *attacker) askRange(r months) {
	from, to := r.fromTo(a.year)
	args := map[string]any{"mandator": a.mandator, "year": a.year, "fromDate": from, "toDate": to}
	label := from + ".." + to
	var exp attackExpenses
	var inc attackIncome
	for _, q := range []struct {
		tool string
		out  any
	}{{"get_expenses_by_category", &exp}, {"get_income_statement", &inc}} {
		a.tally.calls++
		res := call(a.t, a.cs, q.tool, args, q.out)
		open := r.last > closedMonthsAt(a.through, a.year) && r != months{1, 12} ||
			a.periods == disclosure.Quarter && (r.first%3 != 1 || r.last%3 != 0) ||
			a.periods == disclosure.Year && r != months{1, 12}
		switch {
		case open && !res.IsError:
			a.t.Errorf("%s %s: a range not published (past %s, or finer than %s) was answered: %s", q.tool, label, a.through, a.periods, res.Raw)
		case open:
			continue
		case res.IsError:
			a.t.Errorf("%s %s: whole months were refused: %s", q.tool, label, res.Raw)
			continue
		}
		a.tally.answered++
	}
	var withheld []string
	for _, c := range exp.Categories {
		g := "E:" + strconv.Itoa(c.Number)
		if c.TotalChf == nil {
			withheld = append(withheld, g)
		}
		a.learn(label+" "+c.Name, []string{g}, r, c.TotalChf)
	}
	a.learn(label+" withheld categories", withheld, r, exp.WithheldCategoriesChf)
	if len(withheld) > 0 {
		a.withheld = append(a.withheld, withheldSet{withheld, r})
	}
	a.learn(label+" expenses", a.classGroups("E"), r, exp.TotalChf)
	a.learn(label+" loss", a.classGroups("E"), r, inc.LossChf)
	a.learn(label+" profit", a.classGroups("I"), r, inc.ProfitChf)
	if inc.NetChf != nil {
		v := a.eq.Vector(1, a.cells(a.classGroups("I"), r)...)
		for _, i := range a.cells(a.classGroups("E"), r) {
			v[i] = span.Prime - 1
		}
		a.eq.Add(v)
	}
}

// askSpending asks for spending per month and per quarter, in total and per
// category.
func (a *attacker) askSpending() {
	for _, interval := range []string{"month", "quarter"} {
		for _, groupBy := range []string{"total", "subclass"} {
			var sp attackSpending
			a.tally.calls++
			res := call(a.t, a.cs, "get_spending_over_time", map[string]any{"mandator": a.mandator, "year": a.year,
				"interval": interval, "groupBy": groupBy}, &sp)
			refused := a.periods == disclosure.Year || a.periods == disclosure.Quarter && interval == "month"
			if res.IsError != refused {
				a.t.Errorf("spending per %s at periods %s: refused %v: %s", interval, a.periods, res.IsError, res.Raw)
			}
			if res.IsError {
				continue
			}
			a.tally.answered++
			for _, s := range sp.Series {
				groups := a.classGroups("E")
				if groupBy == "subclass" {
					groups = []string{"E:" + strconv.Itoa(s.Number)}
				}
				for _, p := range s.Points {
					a.learnRounded(p.Period+" "+s.Name, groups, period(p.Period), p.AmountChf, true)
				}
			}
			for _, p := range sp.Totals { // grouped: the total line
				a.learnRounded(p.Period+" total", a.classGroups("E"), period(p.Period), p.AmountChf, true)
			}
			if w := sp.WithheldCategories; w != nil {
				for i, p := range w {
					var groups []string // the categories withheld in this period
					for _, s := range sp.Series {
						if s.Points[i].AmountChf == nil {
							groups = append(groups, "E:"+strconv.Itoa(s.Number))
						}
					}
					a.learnRounded(p.Period+" withheld categories", groups, period(p.Period), p.AmountChf, true)
				}
			}
		}
	}
}

// askNetWorth asks for the month-end balance sheet.
func (a *attacker) askNetWorth() {
	var nw attackNetWorth
	a.tally.calls++
	mustCall(a.t, a.cs, "get_net_worth_history", map[string]any{"mandator": a.mandator, "fromYear": a.year, "toYear": a.year}, &nw)
	a.tally.answered++
	n := 12 * len(a.groups)
	for _, mw := range nw.Months {
		m := period(mw.Month).last
		for _, part := range []struct {
			group  string
			start  int
			amount *string
		}{{"A", n, mw.TotalActivaChf}, {"P", n + 1, mw.TotalPassivaChf}} {
			if part.amount != nil {
				v := a.eq.Vector(1, a.cells([]string{part.group}, months{1, m})...)
				v[part.start] = 1
				a.eq.Add(v)
				if m < 12 {
					a.tally.published++
				}
			}
		}
		if mw.EquityChf != nil {
			v := a.eq.Vector(1, a.cells([]string{"A"}, months{1, m})...)
			for _, i := range a.cells([]string{"P"}, months{1, m}) {
				v[i] = span.Prime - 1
			}
			v[n], v[n+1] = 1, span.Prime-1
			a.eq.Add(v)
		}
	}
}
