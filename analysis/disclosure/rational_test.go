package disclosure

import (
	"fmt"
	"math/big"
)

// nullSpace returns a basis of the vectors x with rows·x = 0, over the
// rationals, each scaled to integers: a set of cells has a sum that the
// equations determine exactly when its indicator is orthogonal to every
// basis vector (the row space is the orthogonal complement of the null
// space).
func nullSpace(rows [][]int64, n int) ([][]int64, error) {
	m := make([][]*big.Rat, len(rows))
	for i, r := range rows {
		m[i] = make([]*big.Rat, n)
		for j := range m[i] {
			m[i][j] = new(big.Rat).SetInt64(r[j])
		}
	}
	// Reduced row echelon form.
	pivots := []int{}
	row := 0
	for col := 0; col < n && row < len(m); col++ {
		p := -1
		for i := row; i < len(m); i++ {
			if m[i][col].Sign() != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		m[row], m[p] = m[p], m[row]
		inv := new(big.Rat).Inv(m[row][col])
		for j := col; j < n; j++ {
			m[row][j].Mul(m[row][j], inv)
		}
		for i := range m {
			if i == row || m[i][col].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[i][col])
			for j := col; j < n; j++ {
				m[i][j].Sub(m[i][j], new(big.Rat).Mul(f, m[row][j]))
			}
		}
		pivots = append(pivots, col)
		row++
	}
	isPivot := make([]int, n)
	for j := range isPivot {
		isPivot[j] = -1
	}
	for r, c := range pivots {
		isPivot[c] = r
	}
	var basis [][]int64
	for free := 0; free < n; free++ {
		if isPivot[free] >= 0 {
			continue
		}
		v := make([]*big.Rat, n)
		for j := range v {
			v[j] = new(big.Rat)
		}
		v[free].SetInt64(1)
		for r, c := range pivots {
			v[c].Neg(m[r][free])
		}
		lcm := big.NewInt(1)
		for _, x := range v {
			d := x.Denom()
			g := new(big.Int).GCD(nil, nil, lcm, d)
			lcm.Mul(lcm, new(big.Int).Quo(d, g))
		}
		out := make([]int64, n)
		for j, x := range v {
			y := new(big.Rat).Mul(x, new(big.Rat).SetInt(lcm))
			if !y.IsInt() || !y.Num().IsInt64() {
				return nil, fmt.Errorf("null space vector entry %s does not fit int64", y)
			}
			out[j] = y.Num().Int64()
		}
		basis = append(basis, out)
	}
	return basis, nil
}
