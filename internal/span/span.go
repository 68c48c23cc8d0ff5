// Package span is the linear algebra of the tests that attack the Aggregate
// privacy mode: which sums of unknowns a set of published sums determines.
package span

import "slices"

// Prime is the modulus of the attacker's linear algebra. A figure that can be
// computed from published figures over the rationals can also be computed
// modulo a Prime, so working modulo p never misses a derivation; it can only
// err towards reporting one that does not exist, which would fail the test,
// never pass it wrongly.
const Prime = 1<<31 - 1

// A Span is the set of linear combinations of the figures an attacker has
// collected: each figure is a vector over the unknowns (a category in a
// month), kept in reduced row echelon form modulo Prime.
type Span struct {
	n     int
	pivot map[int][]uint64 // leading column → row with a 1 there
}

// New returns the span of no figures over n unknowns.
func New(n int) *Span { return &Span{n: n, pivot: map[int][]uint64{}} }

// Vector returns a dense vector with coefficient c at each index of idx.
func (s *Span) Vector(c int64, idx ...int) []uint64 {
	v := make([]uint64, s.n)
	for _, i := range idx {
		v[i] = (v[i] + mod(c)) % Prime
	}
	return v
}

func mod(c int64) uint64 { return uint64((c%Prime + Prime) % Prime) }

// reduce subtracts the span's rows from v until no pivot column of v is
// non-zero, and returns the first non-zero column left, or -1.
func (s *Span) reduce(v []uint64) int {
	for i := 0; i < s.n; i++ {
		if v[i] == 0 {
			continue
		}
		row, ok := s.pivot[i]
		if !ok {
			return i
		}
		f := v[i]
		for j := i; j < s.n; j++ {
			if row[j] != 0 {
				v[j] = (v[j] + Prime - f*row[j]%Prime) % Prime
			}
		}
	}
	return -1
}

// Add puts v (consumed) into the span.
func (s *Span) Add(v []uint64) {
	lead := s.reduce(v)
	if lead < 0 {
		return
	}
	inv := inverse(v[lead])
	for j := lead; j < s.n; j++ {
		v[j] = v[j] * inv % Prime
	}
	s.pivot[lead] = v
}

// A Complement is a basis of the vectors orthogonal to a span: a figure can
// be computed from the span exactly when it is orthogonal to each of them.
type Complement [][]uint64

// Complement brings the span into reduced row echelon form and returns the
// basis of its null space: one vector per column without a pivot.
func (s *Span) Complement() Complement {
	leads := make([]int, 0, len(s.pivot))
	for l := range s.pivot {
		leads = append(leads, l)
	}
	slices.Sort(leads)
	for i := len(leads) - 1; i >= 0; i-- { // clear each pivot column above it
		row := s.pivot[leads[i]]
		for _, l := range leads[:i] {
			other := s.pivot[l]
			if f := other[leads[i]]; f != 0 {
				for j := leads[i]; j < s.n; j++ {
					if row[j] != 0 {
						other[j] = (other[j] + Prime - f*row[j]%Prime) % Prime
					}
				}
			}
		}
	}
	var c Complement
	for free := 0; free < s.n; free++ {
		if _, ok := s.pivot[free]; ok {
			continue
		}
		z := make([]uint64, s.n)
		z[free] = 1
		for _, l := range leads {
			if f := s.pivot[l][free]; f != 0 {
				z[l] = Prime - f
			}
		}
		c = append(c, z)
	}
	return c
}

// Derivable reports whether the figure summing the unknowns idx, each once,
// can be computed from the span.
func (c Complement) Derivable(idx []int) bool {
	for _, z := range c {
		var dot uint64
		for _, i := range idx {
			dot += z[i]
		}
		if dot%Prime != 0 {
			return false
		}
	}
	return true
}

// inverse returns a^(p-2) mod p, the inverse of a non-zero a.
func inverse(a uint64) uint64 {
	r, e := uint64(1), uint64(Prime-2)
	for ; e > 0; e >>= 1 {
		if e&1 == 1 {
			r = r * a % Prime
		}
		a = a * a % Prime
	}
	return r
}
