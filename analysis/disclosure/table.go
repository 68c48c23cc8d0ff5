package disclosure

import (
	"fmt"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
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
	Residual   *Series // what moves equity but not income minus expenses
	Categories []Category
	Periods    Periods
}

// A Category is the series of one expense subclass.
type Category struct {
	Number  int
	fragile bool // an account of it has a year figure that is not ok
	*Series
}

// Release computes the table of cells on tree t for k (at least MinK),
// publishing periods no finer than p.
func Release(t *Tree, cells analysis.BookCells, k int, p Periods) *Table {
	if k < MinK {
		panic(fmt.Sprintf("disclosure: k = %d is below %d", k, MinK))
	}
	d := p.depth(t)
	leaves := func(m analysis.MonthCells) []analysis.Cell { return m[:t.Leaves()] }
	tb := &Table{K: k, Periods: p,
		Expenses: newSeries(t, leaves(cells.Expenses), k, d),
		Income:   newSeries(t, leaves(cells.Income), k, d),
		Activa:   newSeries(t, leaves(cells.Activa), k, d),
		Passiva:  newSeries(t, leaves(cells.Passiva), k, d),
		Residual: newSeries(t, leaves(cells.Residual), k, d),
	}
	// A group with an account whose year figure is not ok (one to k−1
	// postings, or legs but no counted posting) must never be shown empty
	// in a period: that would place the account, with its published year
	// figure, in the other periods.
	fragile := map[reader.Class]bool{}
	fragileCat := map[int]bool{}
	for _, a := range cells.Accounts {
		if !ok(a.Year, k) {
			fragile[a.Class] = true
			if a.Class == reader.Expenses {
				fragileCat[a.Subclass] = true
			}
		}
	}
	numbers := make([]int, 0, len(cells.Categories))
	for n := range cells.Categories {
		numbers = append(numbers, n)
	}
	slices.Sort(numbers)
	for _, n := range numbers {
		c := Category{n, fragileCat[n], newSeries(t, leaves(*cells.Categories[n]), k, d)}
		if c.fragile {
			c.hideEmpty()
		}
		tb.Categories = append(tb.Categories, c)
	}
	for class, s := range map[reader.Class]*Series{reader.Expenses: tb.Expenses, reader.Income: tb.Income,
		reader.Activa: tb.Activa, reader.Passiva: tb.Passiva, reader.ClassUnknown: tb.Residual} {
		if fragile[class] {
			s.hideEmpty()
		}
	}
	tb.protectRemainders(t)
	return tb
}

// protectRemainders makes the remainder of every node where the expense
// total is published, the categories not published there together, hold no
// posting or at least k, and never show empty while it holds a fragile
// category (one that must not be shown empty), by withdrawing categories to
// the node's parent, fewest postings first. Nodes are visited from the root down: a withdrawal
// changes only the remainders of the node's siblings and descendants, and
// only by adding cells that are ok.
func (tb *Table) protectRemainders(t *Tree) {
	for n := 1; n < len(t.Nodes); n++ { // NewTree numbers nodes level by level
		if !tb.Expenses.publishedAt(n) {
			continue
		}
		for {
			rest, fragile, published := tb.remainder(n)
			if ok(rest, tb.K) && (rest.Touched || !fragile) || len(published) == 0 {
				break
			}
			if !rest.Touched { // only a category with a leg here makes the remainder non-empty
				published = slices.DeleteFunc(published, func(c Category) bool { return !t.sum(c.cells, n).Touched })
				if len(published) == 0 {
					break
				}
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
// there, whether one of them is fragile, and the categories that are
// published there.
func (tb *Table) remainder(n int) (analysis.Cell, bool, []Category) {
	var rest analysis.Cell
	var fragile bool
	var published []Category
	for _, c := range tb.Categories {
		if c.publishedAt(n) {
			published = append(published, c)
		} else {
			rest = rest.Add(c.tree.sum(c.cells, n))
			fragile = fragile || c.fragile
		}
	}
	return rest, fragile, published
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
// its change is income minus expenses plus the residual (BookCells), so all
// three must be published through i.
func (tb *Table) EquityAt(i int) bool {
	return tb.Income.Boundary(i) && tb.Expenses.Boundary(i) && tb.Residual.Boundary(i)
}

// BalanceSheetAt reports whether assets and liabilities may be published at
// the end of leaf i: double entry ties them to income and expenses, so all
// four series must be published through i.
func (tb *Table) BalanceSheetAt(i int) bool {
	return tb.EquityAt(i) && tb.Activa.Boundary(i) && tb.Passiva.Boundary(i)
}
