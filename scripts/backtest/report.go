package main

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/shopspring/decimal"
)

// print writes the table; with refs, the references too, each with its
// ratio to the better hand baseline.
func (t *tally) print(refs bool) {
	n := decimal.NewFromInt(int64(t.n))
	fmt.Printf("%-24s %14s %14s %14s\n", "mean absolute error CHF", figureNames[0], figureNames[1], figureNames[2])
	for k := range handMethods {
		fmt.Printf("%-24s", methodNames[k])
		for j := range figures {
			fmt.Printf(" %14s", t.absErr[k][j].Div(n).StringFixed(0))
		}
		fmt.Println()
	}
	fmt.Printf("%-24s", "ratio to better baseline")
	for j := range figures {
		fmt.Printf(" %14s", t.ratio(methodForecast, j))
	}
	fmt.Println()
	lo, hi := t.bootstrap()
	fmt.Printf("%-24s", "  90% bootstrap interval")
	for j := range figures {
		fmt.Printf(" %14s", lo[j].StringFixed(2)+"–"+hi[j].StringFixed(2))
	}
	fmt.Println()
	all := 0
	fmt.Printf("\n%-24s", "inside [low, high]")
	for j := range figures {
		all += t.inside[j]
		fmt.Printf(" %13s%%", decimal.NewFromInt(int64(100*t.inside[j])).Div(n).StringFixed(0))
	}
	fmt.Printf("\ncoverage over all three: %s%% (target 70–90%%)\n", decimal.NewFromInt(int64(100*all)).Div(n.Mul(decimal.NewFromInt(3))).StringFixed(1))
	if !refs {
		return
	}
	fmt.Printf("\n%-24s %14s %14s %14s\n", "references (ratio)", figureNames[0], figureNames[1], figureNames[2])
	for k := methodEarlierMean; k < methods; k++ {
		fmt.Printf("%-24s", methodNames[k])
		for j := range figures {
			fmt.Printf(" %14s", t.absErr[k][j].Div(n).StringFixed(0)+" ("+t.ratio(k, j)+")")
		}
		fmt.Println()
	}
}

// ratio returns method k's error on figure j over the better hand
// baseline's, to two decimals, or "-" when that baseline made none.
func (t *tally) ratio(k, j int) string {
	if r, ok := betterRatio(&t.absErr, k, j); ok {
		return r.StringFixed(2)
	}
	return "-"
}

// betterRatio returns method k's error on figure j in errs over the
// better hand baseline's, and false when that baseline made none.
func betterRatio(errs *[methods][figures]decimal.Decimal, k, j int) (decimal.Decimal, bool) {
	best := decimal.Min(errs[methodRunRate][j], errs[methodLastYear][j])
	if best.Sign() <= 0 {
		return decimal.Zero, false
	}
	return errs[k][j].Div(best), true
}

// printCategories writes each mandator's categories' errors, summed over
// its forecasts, beside last year's remainder's (-categories).
func (t *tally) printCategories() {
	keys := make([]string, 0, len(t.cats))
	for k := range t.cats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Printf("\n%-24s %-30s %10s %10s %10s %10s\n", "mandator", "category (summed over its forecasts)", "|forecast|", "|last yr|", "forecast", "last yr")
	for _, k := range keys {
		c := t.cats[k]
		m, name, _ := strings.Cut(k, "\t")
		fmt.Printf("%-24s %-30s %10s %10s %10s %10s\n", m, name, c.abs[0].StringFixed(0), c.abs[1].StringFixed(0), c.signed[0].StringFixed(0), c.signed[1].StringFixed(0))
	}
}

// bootstrap returns the 5th and 95th percentiles of the ratio to the
// better baseline over 1,000 resamples of the mandator-years (with
// replacement, as many as there are): how much the ratio owes to which
// years and mandators the books happen to hold.
func (t *tally) bootstrap() (lo, hi [figures]decimal.Decimal) {
	units := make([]*[methods][figures]decimal.Decimal, 0, len(t.units))
	keys := make([]string, 0, len(t.units))
	for k := range t.units {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		units = append(units, t.units[k])
	}
	const draws = 1000
	r := rand.New(rand.NewPCG(1, 2))
	var ratios [figures][]decimal.Decimal
	for range draws {
		var sum [methods][figures]decimal.Decimal
		for range units {
			u := units[r.IntN(len(units))]
			for k := range methods {
				for j := range figures {
					sum[k][j] = sum[k][j].Add(u[k][j])
				}
			}
		}
		for j := range figures {
			if r, ok := betterRatio(&sum, methodForecast, j); ok {
				ratios[j] = append(ratios[j], r)
			}
		}
	}
	for j := range figures {
		if len(ratios[j]) == 0 {
			continue
		}
		sort.Slice(ratios[j], func(a, b int) bool { return ratios[j][a].LessThan(ratios[j][b]) })
		n := len(ratios[j])
		lo[j], hi[j] = ratios[j][n/20], ratios[j][n-1-n/20]
	}
	return lo, hi
}
