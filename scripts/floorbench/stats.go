package main

import (
	"fmt"
	"slices"
	"time"
)

// rounds collects one figure per round for each subject of a measure, so
// that ratios are taken between figures measured close in time: the
// machine is shared, and its load changes from one minute to the next.
type rounds map[string][]float64

func (r rounds) add(subject string, v float64) { r[subject] = append(r[subject], v) }

// ratios returns, for each round, subject's figure divided by floor's.
func (r rounds) ratios(subject, floor string) []float64 {
	a, b := r[subject], r[floor]
	out := make([]float64, 0, min(len(a), len(b)))
	for i := range min(len(a), len(b)) {
		out = append(out, a[i]/b[i])
	}
	return out
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func durationsMedian(d []time.Duration) float64 {
	v := make([]float64, len(d))
	for i, x := range d {
		v[i] = float64(x)
	}
	return median(v)
}

// spread formats the median of v and, when there are several, their range.
func spread(v []float64, format func(float64) string) string {
	if len(v) == 0 {
		return "—"
	}
	m := format(median(v))
	if len(v) == 1 {
		return m
	}
	return fmt.Sprintf("%s (%s–%s)", m, format(slices.Min(v)), format(slices.Max(v)))
}

func fmtMillis(ns float64) string { return fmt.Sprintf("%.1f ms", ns/1e6) }
func fmtMicros(ns float64) string { return fmt.Sprintf("%.0f µs", ns/1e3) }
func fmtRate(v float64) string    { return fmt.Sprintf("%.0f/s", v) }
func fmtRatio(v float64) string   { return fmt.Sprintf("%.2f×", v) }
