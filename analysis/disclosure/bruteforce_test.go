package disclosure

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/internal/span"
	"github.com/shopspring/decimal"
)

// world is a small random book year for the brute-force check: groups of
// each class with random cells on a small tree.
type world struct {
	tree   *Tree
	k      int
	groups []group // every unknown row: expense categories, income categories, asset and liability accounts
}

type group struct {
	class string // E, I, A or P
	cells []analysis.Cell
}

// randomWorld draws cells that are often empty, often just under k and
// sometimes well over it, which is where releases go wrong.
func randomWorld(r *rand.Rand, t *Tree, k int, shape map[string]int) world {
	w := world{tree: t, k: k}
	for _, class := range []string{"E", "I", "A", "P"} {
		for i := 0; i < shape[class]; i++ {
			g := group{class: class, cells: make([]analysis.Cell, t.Leaves())}
			for j := range g.cells {
				switch r.IntN(4) {
				case 0: // nothing
				case 1: // a posting or two
					n := 1 + r.IntN(k-1)
					g.cells[j] = analysis.Cell{Amount: decimal.NewFromInt(int64(n)), Postings: n, Touched: true}
				case 2: // only postings that do not count (a transfer within the class)
					g.cells[j] = analysis.Cell{Amount: decimal.NewFromInt(1), Touched: true}
				default:
					n := k + r.IntN(3)
					g.cells[j] = analysis.Cell{Amount: decimal.NewFromInt(int64(n)), Postings: n, Touched: true}
				}
			}
			w.groups = append(w.groups, g)
		}
	}
	return w
}

// cells returns the BookCells of w.
func (w world) bookCells() analysis.BookCells {
	c := analysis.BookCells{Categories: map[int]*analysis.MonthCells{}}
	for i, g := range w.groups {
		var m analysis.MonthCells
		copy(m[:], g.cells)
		var total *analysis.MonthCells
		switch g.class {
		case "E":
			total = &c.Expenses
			c.Categories[40+i] = &m
		case "I":
			total = &c.Income
		case "A":
			total = &c.Activa
		case "P":
			total = &c.Passiva
		}
		for j := range g.cells {
			total[j] = total[j].Add(g.cells[j])
		}
	}
	return c
}

// published returns every figure the table publishes, as sets of unknowns
// (group × leaf) with coefficients, the way tools sum its blocks: the
// categories and totals on their cuts, every year figure, equity and the
// balance sheet at the ends of leaves where the table allows them, and double
// entry in every leaf as an equation the attacker knows.
func (w world) published(tb *Table) *span.Span {
	leaves := w.tree.Leaves()
	unknown := func(g, leaf int) int { return g*leaves + leaf }
	sp := span.New(len(w.groups) * leaves)
	classVec := func(class string, first, last int, sign uint64, v []uint64) {
		for g, gr := range w.groups {
			if gr.class == class {
				for j := first; j <= last; j++ {
					v[unknown(g, j)] = sign
				}
			}
		}
	}
	add := func(class string, s *Series, first, last int) {
		if s.Published(first, last) {
			v := sp.Vector(0)
			classVec(class, first, last, 1, v)
			sp.Add(v)
		}
	}
	cat := 0
	for g, gr := range w.groups {
		var idx []int
		for j := 0; j < leaves; j++ {
			idx = append(idx, unknown(g, j))
		}
		sp.Add(sp.Vector(1, idx...)) // the group's year
		if gr.class == "E" {
			s := tb.Categories[cat].Series
			cat++
			for first := 0; first < leaves; first++ {
				for last := first; last < leaves; last++ {
					if s.Published(first, last) {
						sp.Add(sp.Vector(1, idx[first:last+1]...))
					}
				}
			}
		}
	}
	for first := 0; first < leaves; first++ {
		for last := first; last < leaves; last++ {
			add("E", tb.Expenses, first, last)
			add("I", tb.Income, first, last)
		}
	}
	for i := 0; i < leaves; i++ {
		if tb.EquityAt(i) {
			v := sp.Vector(0)
			classVec("A", 0, i, 1, v)
			classVec("P", 0, i, span.Prime-1, v)
			sp.Add(v)
		}
		if tb.BalanceSheetAt(i) {
			for _, class := range []string{"A", "P"} {
				v := sp.Vector(0)
				classVec(class, 0, i, 1, v)
				sp.Add(v)
			}
		}
		v := sp.Vector(0) // double entry: A − P − I + E = 0
		classVec("A", i, i, 1, v)
		classVec("P", i, i, span.Prime-1, v)
		classVec("I", i, i, span.Prime-1, v)
		classVec("E", i, i, 1, v)
		sp.Add(v)
	}
	return sp
}

// leaks enumerates every set of unknowns within one class and returns the
// first that the published figures determine, that is not a union of whole
// years, and that holds 1 to k−1 postings (or a leg but no counted posting).
func (w world) leaks(tb *Table) string {
	leaves := w.tree.Leaves()
	c := w.published(tb).Complement()
	for _, class := range []string{"E", "I", "A", "P"} {
		var rows []int
		for g, gr := range w.groups {
			if gr.class == class {
				rows = append(rows, g)
			}
		}
		n := len(rows) * leaves
		full := 1<<leaves - 1
		for set := 1; set < 1<<n; set++ {
			// A set that holds a whole row also holds that group's year
			// figure, which is published: what matters is the rest.
			var idx []int
			var rest analysis.Cell
			partial := false
			for r, g := range rows {
				row := set >> (r * leaves) & full
				for leaf := 0; leaf < leaves; leaf++ {
					if row&(1<<leaf) == 0 {
						continue
					}
					idx = append(idx, g*leaves+leaf)
					if row != full {
						partial = true
						rest = rest.Add(w.groups[g].cells[leaf])
					}
				}
			}
			if !partial || ok(rest, w.k) || !c.Derivable(idx) {
				continue
			}
			return fmt.Sprintf("class %s, unknowns %v: %d postings outside whole years, touched %v", class, idx, rest.Postings, rest.Touched)
		}
	}
	return ""
}

// TestReleaseResistsDifferencing checks the package's claim by brute force:
// on small trees with random books, no sum of cells for less than a year that
// the published figures determine holds 1 to k−1 postings.
func TestReleaseResistsDifferencing(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	shapes := []struct {
		tree  *Tree
		shape map[string]int
	}{
		{NewTree(2, 2), map[string]int{"E": 3, "I": 2, "A": 2, "P": 1}},
		{NewTree(3, 2), map[string]int{"E": 2, "I": 1, "A": 1, "P": 1}},
		{NewTree(2, 3), map[string]int{"E": 2, "I": 2, "A": 1, "P": 1}},
	}
	instances := 100
	if testing.Short() {
		instances = 20
	}
	for _, s := range shapes {
		for i := 0; i < instances; i++ {
			k := 2 + r.IntN(2)
			w := randomWorld(r, s.tree, k, s.shape)
			tb := Release(s.tree, w.bookCells(), k)
			if leak := w.leaks(tb); leak != "" {
				t.Fatalf("tree with %d leaves, k = %d, instance %d: the published figures determine %s", s.tree.Leaves(), k, i, leak)
			}
		}
	}
}
