package disclosure

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
)

type shape struct {
	tree   *Tree
	counts map[string]int
}

// shapes are the small books the check draws: several accounts per
// category, an out-of-range account, the exchange residual.
var shapes = []shape{
	{NewTree(2, 2), map[string]int{"E": 3, "I": 2, "A": 2, "P": 1, "U": 1, "F": 1}},
	{NewTree(3, 2), map[string]int{"E": 2, "I": 1, "A": 1, "P": 1, "U": 1, "F": 1}},
	{NewTree(2, 3), map[string]int{"E": 2, "I": 2, "A": 2, "P": 1, "F": 1}},
}

// check releases n random worlds of every shape at every periods level with
// release's k and judges them with k; it returns the first leak.
func check(t *testing.T, n int, release func(w world, p Periods) *Table) string {
	r := rand.New(rand.NewPCG(1, 2))
	for _, s := range shapes {
		for i := 0; i < n; i++ {
			k := 2 + r.IntN(2)
			w := randomWorld(r, s.tree, k, s.counts)
			for _, p := range []Periods{Month, Quarter, Year} {
				leak, err := w.leaks(release(w, p))
				if err != nil {
					t.Fatal(err)
				}
				if leak != "" {
					return fmt.Sprintf("tree with %d leaves, %s, k = %d, instance %d: the published figures determine %s", s.tree.Leaves(), p, k, i, leak)
				}
			}
		}
	}
	return ""
}

// TestReleaseResistsDifferencing checks the package's claim (G2, G3) by brute
// force: on small random books, no sum of cells for less than a year that
// the published figures determine holds 1 to k−1 postings.
func TestReleaseResistsDifferencing(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 15
	}
	if leak := check(t, n, func(w world, p Periods) *Table { return Release(w.tree, w.bookCells(), w.k, p) }); leak != "" {
		t.Fatal(leak)
	}
}

// TestBruteForceFindsWeakReleases shows that the check can fail: a release
// that lets k−1 postings through, or that forgets the residual of equity, or
// that shows fragile groups empty, is caught.
func TestBruteForceFindsWeakReleases(t *testing.T) {
	weak := map[string]func(w world, p Periods) *Table{
		"k−1 let through": func(w world, p Periods) *Table {
			return Release(w.tree, w.bookCells(), w.k-1+b2i(w.k == MinK), p)
		},
		"no residual": func(w world, p Periods) *Table {
			c := w.bookCells()
			c.Residual = analysis.MonthCells{}
			return Release(w.tree, c, w.k, p)
		},
		"no account years": func(w world, p Periods) *Table {
			c := w.bookCells()
			c.Accounts = nil
			return Release(w.tree, c, w.k, p)
		},
	}
	for name, release := range weak {
		if leak := check(t, 60, release); leak == "" {
			t.Errorf("%s: the brute force found no leak in a release that has one", name)
		}
	}
}

// TestReleasesOverTimeWithheld audits the union of the releases a client
// can collect over a year by default (currentYear Withheld): a year is
// released once it has ended, so the union is that one release, and no sum
// of cells for less than a year with 1 to k−1 postings may be determined.
func TestReleasesOverTimeWithheld(t *testing.T) {
	n := 15
	if first, leaky := checkOverTime(t, n, Withheld, func(w world, p Periods) *Table { return Release(w.tree, w.bookCells(), w.k, p) }); leaky > 0 {
		t.Fatalf("%d releases leak over time: %s", leaky, first)
	}
}

// TestReleasesOverTimeLeakToDate audits the union of the releases at every
// cut of a current year shown to date (currentYear ToDate). Release audits
// one cut alone, so the union still determines small sums: the year to date
// at two cuts differs by the months between, and the year's figure minus
// the year to date at any cut gives the rest of the year, which nothing can
// tell on the day of the cut will hold k postings. This test records that
// limit of ToDate (docs/privacy.md#the-current-year) and fails once it is
// no longer so, to be turned into the guarantee then.
func TestReleasesOverTimeLeakToDate(t *testing.T) {
	n := 15
	first, leaky := checkOverTime(t, n, ToDate, func(w world, p Periods) *Table { return Release(w.tree, w.bookCells(), w.k, p) })
	t.Logf("%d of %d releases of a year leak over time; the first: %s", leaky, 3*len(shapes)*n, first)
	if first == "" {
		t.Fatal("the releases of every cut together no longer leak: make this test the guarantee")
	}
}
