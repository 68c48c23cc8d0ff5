package disclosure

import "github.com/accounting-mcp/accounting-mcp/analysis"

// A Tree partitions a year's leaves (book months) into nested nodes. Nodes[0]
// is the root, the whole year; a node's children cover it in order.
type Tree struct {
	Nodes []Node
}

// A Node covers the leaves First to Last (0-based, both included).
type Node struct {
	First, Last int
	Parent      int // -1 for the root
	Children    []int
}

// depth returns the level of the leaves: 0 for a tree of the root alone.
func (t *Tree) depth() int { return t.level(len(t.Nodes) - 1) }

// level returns how many parents node n has.
func (t *Tree) level(n int) int {
	l := 0
	for t.Nodes[n].Parent >= 0 {
		n, l = t.Nodes[n].Parent, l+1
	}
	return l
}

// Leaves returns the number of leaves of t.
func (t *Tree) Leaves() int { return t.Nodes[0].Last + 1 }

// NewTree builds a tree whose root has fan[0] children, each of those fan[1],
// and so on; the leaves are the nodes of the last level.
func NewTree(fan ...int) *Tree {
	leaves := 1
	for _, f := range fan {
		leaves *= f
	}
	t := &Tree{Nodes: []Node{{First: 0, Last: leaves - 1, Parent: -1}}}
	level := []int{0}
	for _, f := range fan {
		var next []int
		for _, p := range level {
			n := t.Nodes[p]
			size := (n.Last - n.First + 1) / f
			for i := 0; i < f; i++ {
				t.Nodes = append(t.Nodes, Node{First: n.First + i*size, Last: n.First + (i+1)*size - 1, Parent: p})
				c := len(t.Nodes) - 1
				t.Nodes[p].Children = append(t.Nodes[p].Children, c)
				next = append(next, c)
			}
		}
		level = next
	}
	return t
}

// Calendar is the tree of a book year: the year, two halves, four quarters,
// twelve months.
var Calendar = NewTree(2, 2, 3)

// sum adds the cells of the leaves of node n.
func (t *Tree) sum(cells []analysis.Cell, n int) analysis.Cell {
	var s analysis.Cell
	for i := t.Nodes[n].First; i <= t.Nodes[n].Last; i++ {
		s = s.Add(cells[i])
	}
	return s
}

// ok reports whether a figure over c may be published: it holds no leg, or
// at least k postings.
func ok(c analysis.Cell, k int) bool { return !c.Touched || c.Postings >= k }

// A Series is one row of a released table: a group's cells per leaf and the
// cut on which they are published.
type Series struct {
	tree  *Tree
	cells []analysis.Cell
	cut   []int // per leaf: the node of the cut that holds it
}

// newSeries publishes cells on the finest cut whose every node is ok and
// lies at most depth levels below the root: a node is split into its
// children when each child is ok, recursively.
func newSeries(t *Tree, cells []analysis.Cell, k, depth int) *Series {
	s := &Series{tree: t, cells: cells, cut: make([]int, len(cells))}
	var visit func(n int)
	visit = func(n int) {
		node := t.Nodes[n]
		split := len(node.Children) > 0 && t.level(n) < depth
		for _, c := range node.Children {
			split = split && ok(t.sum(cells, c), k)
		}
		if !split {
			for i := node.First; i <= node.Last; i++ {
				s.cut[i] = n
			}
			return
		}
		for _, c := range node.Children {
			visit(c)
		}
	}
	visit(0)
	return s
}

// Published reports whether the series is published over the leaves first
// to last: whether they are a union of its cut's nodes.
func (s *Series) Published(first, last int) bool {
	return s.tree.Nodes[s.cut[first]].First == first && s.tree.Nodes[s.cut[last]].Last == last
}

// publishedAt reports whether the series is published at node n.
func (s *Series) publishedAt(n int) bool {
	return s.Published(s.tree.Nodes[n].First, s.tree.Nodes[n].Last)
}

// Sum returns the cells of leaves first to last added up, and whether the
// series publishes them.
func (s *Series) Sum(first, last int) (analysis.Cell, bool) {
	var c analysis.Cell
	for i := first; i <= last; i++ {
		c = c.Add(s.cells[i])
	}
	return c, s.Published(first, last)
}

// Within returns the node of the cut that holds leaf i: the finest period
// for which the series publishes leaf i's figure.
func (s *Series) Within(i int) Node { return s.tree.Nodes[s.cut[i]] }

// withdraw stops publishing the series below node n: n becomes a node of its
// cut. Since n's leaves were covered by ok nodes, n is ok too.
func (s *Series) withdraw(n int) {
	for i := s.tree.Nodes[n].First; i <= s.tree.Nodes[n].Last; i++ {
		s.cut[i] = n
	}
}

// showEmpty reports whether the cut has a node other than the root that
// holds no leg: publishing it tells that none of the group's accounts moved
// there, which places each account's year figure in the other nodes.
// hideEmpty withdraws such nodes to their parents until there is none; the
// parent of an empty node and ok siblings is ok.
func (s *Series) hideEmpty() {
	for {
		empty := -1
		for i := range s.cells {
			n := s.cut[i]
			if n != 0 && !s.tree.sum(s.cells, n).Touched {
				empty = n
				break
			}
		}
		if empty < 0 {
			return
		}
		s.withdraw(s.tree.Nodes[empty].Parent)
	}
}

// Boundary reports whether leaf i ends a node of the series' cut, that is,
// whether the series is published from the first leaf through leaf i.
func (s *Series) Boundary(i int) bool { return s.tree.Nodes[s.cut[i]].Last == i }
