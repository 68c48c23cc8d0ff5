package disclosure

import (
	"fmt"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
)

// MinK is the smallest k the rules accept: with k = 1 every posting could
// be published alone. DefaultK is the k used unless one is configured.
const (
	MinK     = 2
	DefaultK = 3
)

// A Table is what Aggregate may publish of one mandator-year: every series
// on its cut. Build it with Release; it is immutable afterwards.
type Table struct {
	K          int
	Expenses   *Series // all expenses
	Income     *Series // all income
	Activa     *Series // the movements of the assets
	Passiva    *Series // the movements of the liabilities
	Categories []Category
}

// A Category is the series of one expense subclass.
type Category struct {
	Number int
	*Series
}

// Release computes the table of cells on tree t for k (at least MinK).
func Release(t *Tree, cells analysis.BookCells, k int) *Table {
	if k < MinK {
		panic(fmt.Sprintf("disclosure: k = %d is below %d", k, MinK))
	}
	leaves := func(m analysis.MonthCells) []analysis.Cell { return m[:t.Leaves()] }
	tb := &Table{K: k,
		Expenses: newSeries(t, leaves(cells.Expenses), k),
		Income:   newSeries(t, leaves(cells.Income), k),
		Activa:   newSeries(t, leaves(cells.Activa), k),
		Passiva:  newSeries(t, leaves(cells.Passiva), k),
	}
	numbers := make([]int, 0, len(cells.Categories))
	for n := range cells.Categories {
		numbers = append(numbers, n)
	}
	slices.Sort(numbers)
	for _, n := range numbers {
		tb.Categories = append(tb.Categories, Category{n, newSeries(t, leaves(*cells.Categories[n]), k)})
	}
	tb.protectRemainders(t)
	return tb
}

// protectRemainders makes the remainder of every node where the expense
// total is published, the categories not published there together, hold no
// posting or at least k, by withdrawing categories to the node's parent,
// fewest postings first. Nodes are visited from the root down: a withdrawal
// changes only the remainders of the node's siblings and descendants, and
// only by adding cells that are ok.
func (tb *Table) protectRemainders(t *Tree) {
	for n := 1; n < len(t.Nodes); n++ { // NewTree numbers nodes level by level
		if !tb.Expenses.publishedAt(n) {
			continue
		}
		for {
			rest, published := tb.remainder(n)
			if ok(rest, tb.K) || len(published) == 0 {
				break
			}
			c := published[0]
			for _, d := range published[1:] {
				if t.sum(d.cells, n).Postings < t.sum(c.cells, n).Postings {
					c = d
				}
			}
			c.withdraw(t.Nodes[n].Parent)
		}
	}
}

// remainder returns the cells at node n of the categories not published
// there, and the categories that are.
func (tb *Table) remainder(n int) (analysis.Cell, []Category) {
	var rest analysis.Cell
	var published []Category
	for _, c := range tb.Categories {
		if c.publishedAt(n) {
			published = append(published, c)
		} else {
			rest = rest.Add(c.tree.sum(c.cells, n))
		}
	}
	return rest, published
}

// Withheld returns the cells over leaves first to last of the categories
// that are not published there, and whether their sum is published: it is
// whenever the expense total is, since it is the total minus the published
// categories.
func (tb *Table) Withheld(first, last int) (analysis.Cell, bool) {
	var rest analysis.Cell
	for _, c := range tb.Categories {
		if !c.Published(first, last) {
			s, _ := c.Sum(first, last)
			rest = rest.Add(s)
		}
	}
	return rest, tb.Expenses.Published(first, last)
}

// EquityAt reports whether equity may be published at the end of leaf i:
// its change is income minus expenses, so both must be published through i.
func (tb *Table) EquityAt(i int) bool { return tb.Income.Boundary(i) && tb.Expenses.Boundary(i) }

// BalanceSheetAt reports whether assets and liabilities may be published at
// the end of leaf i: double entry ties them to income and expenses, so all
// four series must be published through i.
func (tb *Table) BalanceSheetAt(i int) bool {
	return tb.EquityAt(i) && tb.Activa.Boundary(i) && tb.Passiva.Boundary(i)
}
