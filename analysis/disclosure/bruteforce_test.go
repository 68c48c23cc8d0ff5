package disclosure

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// This file checks the package's claim without the package's own judgement:
// it draws small random books, lists every figure the released table lets
// Aggregate publish (the way the tools read it), and decides with exact
// rational linear algebra (rational.go) which sums of cells those figures
// determine. Only the table's answers to "is this published?" come from the
// package; what counts as a leak, the posting counts, and the algebra are
// written here.

// An account of a world: its class (E, I, A, P, or U for a number outside
// the four classes' ranges), its category (E only) and what it moved per
// leaf. F, the foreign-exchange part of the residual (a foreign leg valued
// at the year's rate against its booked value, a posting without a rate),
// is a row of its own that no list publishes.
type account struct {
	class    string
	category int
	postings []int  // counted postings per leaf
	touched  []bool // any leg per leaf
}

type world struct {
	tree     *Tree
	k        int
	accounts []account
}

// draw fills one row: cells that are often empty, often just under k and
// sometimes well over it, legs that count no posting (a transfer within the
// class, a refund booked against its own class), and now and then a row with
// a single posting in the whole year.
func draw(r *rand.Rand, leaves, k int) ([]int, []bool) {
	p, t := make([]int, leaves), make([]bool, leaves)
	if r.IntN(5) == 0 { // one posting in the year
		j := r.IntN(leaves)
		p[j], t[j] = 1, true
		return p, t
	}
	for j := range p {
		switch r.IntN(5) {
		case 0, 1: // nothing
		case 2:
			p[j], t[j] = 1+r.IntN(k-1), true
		case 3:
			t[j] = true
		default:
			p[j], t[j] = k+r.IntN(3), true
		}
	}
	return p, t
}

func randomWorld(r *rand.Rand, t *Tree, k int, shape map[string]int) world {
	w := world{tree: t, k: k}
	for _, class := range []string{"E", "I", "A", "P", "U", "F"} {
		for i := 0; i < shape[class]; i++ {
			p, touched := draw(r, t.Leaves(), k)
			w.accounts = append(w.accounts, account{class: class, category: 40 + i/2, postings: p, touched: touched})
		}
	}
	return w
}

// bookCells turns w into what analysis.Cells would compute: the residual is
// the out-of-range accounts and F together.
func (w world) bookCells() analysis.BookCells {
	c := analysis.BookCells{Categories: map[int]*analysis.MonthCells{}}
	classes := map[string]reader.Class{"E": reader.Expenses, "I": reader.Income, "A": reader.Activa, "P": reader.Passiva, "U": reader.ClassUnknown}
	for _, a := range w.accounts {
		var groups []*analysis.MonthCells
		switch a.class {
		case "E":
			if c.Categories[a.category] == nil {
				c.Categories[a.category] = &analysis.MonthCells{}
			}
			groups = []*analysis.MonthCells{&c.Expenses, c.Categories[a.category]}
		case "I":
			groups = []*analysis.MonthCells{&c.Income}
		case "A":
			groups = []*analysis.MonthCells{&c.Activa}
		case "P":
			groups = []*analysis.MonthCells{&c.Passiva}
		default:
			groups = []*analysis.MonthCells{&c.Residual}
		}
		var year analysis.Cell
		for j := range a.postings {
			cell := analysis.Cell{Amount: decimal.NewFromInt(int64(a.postings[j])), Postings: a.postings[j], Touched: a.touched[j]}
			year = year.Add(cell)
			for _, g := range groups {
				g[j] = g[j].Add(cell)
			}
		}
		if a.class != "F" {
			c.Accounts = append(c.Accounts, analysis.AccountYear{Class: classes[a.class], Subclass: a.category, Year: year})
		}
	}
	return c
}

// A term is one cell (account, leaf) of a figure with its coefficient.
type term struct{ account, leaf, coef int }

// A figure is a published sum of cells, with whether it is shown as
// covering no posting.
type figure struct {
	terms []term
	empty bool
}

// sum is the figure over leaves first to last of every account i with a
// non-zero coefficient sign(i).
func (w world) sum(sign func(i int) int, first, last int) figure {
	f := figure{empty: true}
	for i, a := range w.accounts {
		if s := sign(i); s != 0 {
			for j := first; j <= last; j++ {
				f.terms = append(f.terms, term{i, j, s})
				f.empty = f.empty && !a.touched[j]
			}
		}
	}
	return f
}

// where returns coefficient 1 for the accounts that keep accepts.
func (w world) where(keep func(a account) bool) func(i int) int {
	return func(i int) int {
		if keep(w.accounts[i]) {
			return 1
		}
		return 0
	}
}

func (w world) of(class string) func(i int) int {
	return w.where(func(a account) bool { return a.class == class })
}

// figures lists everything the table publishes, as the tools read it: every
// category and total on every range of leaves the table publishes it for,
// the withheld categories together wherever the total is published, each
// account's year (list_accounts), equity and the balance sheet at the month
// ends where the table allows them.
//
// closed is the number of leaves that have ended (all of them for a year
// that has ended): the tools answer ranges that end by then and the year to
// date, and a figure over later leaves covers none of their cells.
func (w world) figures(tb *Table, closed int) []figure {
	leaves := w.tree.Leaves()
	var out []figure
	for first := 0; first < leaves; first++ {
		for last := first; last < leaves; last++ {
			if last >= closed && (first != 0 || last != leaves-1) {
				continue
			}
			withheld := map[int]bool{}
			for _, c := range tb.Categories {
				n := c.Number
				withheld[n] = !c.Published(first, last)
				if !withheld[n] {
					out = append(out, w.sum(w.where(func(a account) bool { return a.class == "E" && a.category == n }), first, last))
				}
			}
			if tb.Expenses.Published(first, last) {
				out = append(out, w.sum(w.of("E"), first, last),
					w.sum(w.where(func(a account) bool { return a.class == "E" && withheld[a.category] }), first, last))
			}
			if tb.Income.Published(first, last) {
				out = append(out, w.sum(w.of("I"), first, last))
			}
		}
	}
	for i, a := range w.accounts {
		if a.class != "F" {
			out = append(out, w.sum(func(j int) int { return b2i(j == i) }, 0, leaves-1))
		}
	}
	start := -1
	for i := 0; i < closed; i++ {
		if tb.EquityAt(i) {
			out = append(out, w.sum(func(j int) int { return map[string]int{"A": 1, "P": -1}[w.accounts[j].class] }, 0, i))
		}
		if tb.BalanceSheetAt(i) {
			out = append(out, w.sum(w.of("A"), 0, i), w.sum(w.of("P"), 0, i))
			// Between two balance sheets, a class that did not move is
			// taken as shown empty there.
			for _, c := range []string{"A", "P"} {
				if f := w.sum(w.of(c), start+1, i); f.empty {
					out = append(out, f)
				}
			}
			start = i
		}
	}
	for i := range out {
		out[i].terms = slices.DeleteFunc(out[i].terms, func(t term) bool { return t.leaf >= closed })
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// system returns the attacker's equations over the cells not known to be
// empty (a figure shown as covering no posting makes each of its cells
// known), and the index of those cells.
func (w world) system(figs []figure) ([][]int64, map[[2]int]int) {
	leaves := w.tree.Leaves()
	known := map[[2]int]bool{}
	for _, f := range figs {
		if f.empty {
			for _, t := range f.terms {
				known[[2]int{t.account, t.leaf}] = true
			}
		}
	}
	index := map[[2]int]int{}
	for i := range w.accounts {
		for j := 0; j < leaves; j++ {
			if !known[[2]int{i, j}] {
				index[[2]int{i, j}] = len(index)
			}
		}
	}
	var rows [][]int64
	for _, f := range figs {
		v := make([]int64, len(index))
		for _, t := range f.terms {
			if n, ok := index[[2]int{t.account, t.leaf}]; ok {
				v[n] += int64(t.coef)
			}
		}
		rows = append(rows, v)
	}
	// Double entry in every leaf: A − P − I + E − U − F = 0, with the
	// residual (U and F) in the direction that raises equity.
	sign := map[string]int64{"A": 1, "P": -1, "I": -1, "E": 1, "U": -1, "F": -1}
	for j := 0; j < leaves; j++ {
		v := make([]int64, len(index))
		for i, a := range w.accounts {
			if n, ok := index[[2]int{i, j}]; ok {
				v[n] = sign[a.class]
			}
		}
		rows = append(rows, v)
	}
	return rows, index
}

// leaks enumerates, class by class (the residual's U and F together), every
// set of cells not known to be empty, and returns the first whose sum the
// published figures determine while the part of it outside whole rows (an
// account's whole year with no cell known empty, which list_accounts
// publishes anyway) has legs and fewer than k postings.
func (w world) leaks(tb *Table) (string, error) {
	return w.leaksIn(w.figures(tb, w.tree.Leaves()))
}

// leaksIn is leaks for figures published together, by one table or several.
func (w world) leaksIn(figs []figure) (string, error) {
	leaves := w.tree.Leaves()
	rows, index := w.system(figs)
	null, err := nullSpace(rows, len(index))
	if err != nil {
		return "", err
	}
	for _, group := range [][]string{{"E"}, {"I"}, {"A"}, {"P"}, {"U", "F"}} {
		type cell struct{ account, leaf, col int }
		var cells []cell
		for i, a := range w.accounts {
			for _, c := range group {
				if a.class != c {
					continue
				}
				for j := 0; j < leaves; j++ {
					if n, ok := index[[2]int{i, j}]; ok {
						cells = append(cells, cell{i, j, n})
					}
				}
			}
		}
		if len(cells) > 20 {
			return "", fmt.Errorf("%d cells in class %v: too many to enumerate", len(cells), group)
		}
		// Gray code: each step adds or removes one cell, so the sums
		// against the null space change by one column.
		sums := make([]int64, len(null))
		set := 0
		for step := 1; step < 1<<len(cells); step++ {
			b := bits.TrailingZeros(uint(step))
			set ^= 1 << b
			sign := int64(1)
			if set&(1<<b) == 0 {
				sign = -1
			}
			determined := true
			for i, v := range null {
				sums[i] += sign * v[cells[b].col]
				determined = determined && sums[i] == 0
			}
			if !determined {
				continue
			}
			in := map[int]int{} // account → its cells in the set
			for b, c := range cells {
				if set&(1<<b) != 0 {
					in[c.account]++
				}
			}
			postings, touched := 0, false
			var where []string
			for b, c := range cells {
				if set&(1<<b) == 0 || in[c.account] == leaves { // a whole year, nothing known empty
					continue
				}
				a := w.accounts[c.account]
				postings += a.postings[c.leaf]
				touched = touched || a.touched[c.leaf]
				where = append(where, fmt.Sprintf("%s%d@%d", a.class, c.account, c.leaf))
			}
			if touched && postings < w.k {
				return fmt.Sprintf("cells %v: %d postings for less than a year", where, postings), nil
			}
		}
	}
	return "", nil
}
