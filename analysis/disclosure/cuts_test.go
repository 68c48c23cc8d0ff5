package disclosure

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// The current year is released again at every clock: the table of the books
// cut at the end of the last closed period (tools/toolkit.Env.Through). A
// client that keeps every answer holds the union of the releases at every
// cut of the year, so that union, not one release alone, is what must not
// determine a sum of 1 to k−1 postings for less than a year.

// cut returns w as its books stood once its first m leaves had ended: the
// later leaves hold nothing yet.
func (w world) cut(m int) world {
	c := world{tree: w.tree, k: w.k}
	for _, a := range w.accounts {
		b := account{class: a.class, category: a.category, postings: make([]int, len(a.postings)), touched: make([]bool, len(a.touched))}
		copy(b.postings[:m], a.postings[:m])
		copy(b.touched[:m], a.touched[:m])
		c.accounts = append(c.accounts, b)
	}
	return c
}

// cuts returns the numbers of leaves ended at the clocks that change what
// level p publishes with the current year setting c: by default
// (Withheld) only the year's end, since a year is shown once it has
// ended; with ToDate every leaf for Month, every node above the leaves for
// Quarter, the year for Year.
func cuts(t *Tree, p Periods, c CurrentYear) []int {
	step := 1
	switch {
	case c == Withheld || p == Year:
		step = t.Leaves()
	case p == Quarter:
		n := t.Nodes[len(t.Nodes)-1].Parent
		step = t.Nodes[n].Last - t.Nodes[n].First + 1
	}
	var out []int
	for m := step; m <= t.Leaves(); m += step {
		out = append(out, m)
	}
	return out
}

// overTime lists what release publishes of w at every cut of level p, each
// figure over the cells of the leaves closed then.
func (w world) overTime(p Periods, c CurrentYear, release func(w world, p Periods) *Table) []figure {
	var figs []figure
	for _, m := range cuts(w.tree, p, c) {
		c := w.cut(m)
		figs = append(figs, c.figures(release(c, p), m)...)
	}
	return figs
}

// checkOverTime is check for the releases of every cut together.
func checkOverTime(t *testing.T, n int, c CurrentYear, release func(w world, p Periods) *Table) (string, int) {
	r := rand.New(rand.NewPCG(3, 4))
	leaky := 0
	first := ""
	for _, s := range shapes {
		for i := 0; i < n; i++ {
			k := 2 + r.IntN(2)
			w := randomWorld(r, s.tree, k, s.counts)
			for _, p := range []Periods{Month, Quarter, Year} {
				leak, err := w.leaksIn(w.overTime(p, c, release))
				if err != nil {
					t.Fatal(err)
				}
				if leak != "" {
					leaky++
					if first == "" {
						first = fmt.Sprintf("tree with %d leaves, %s, k = %d, instance %d: the releases at every cut together determine %s", s.tree.Leaves(), p, k, i, leak)
					}
				}
			}
		}
	}
	return first, leaky
}
