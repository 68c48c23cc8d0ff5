package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// result is one line of stdio's or http's output.
type result struct {
	Mode, Label, Books, Stopped string
	PeakRssMiB                  float64
	Sweep1, Sweep2, Warm, Calls stats
	Sweep1PeakRssMiB            float64
	Seconds                     float64
}

// table prints the results read from r as a Markdown table: one row per
// label and books, the stdio and HTTP runs side by side. Of several runs
// of the same (rounds, taken in turns), each figure is the median.
func table(r io.Reader, w io.Writer) error {
	type row struct {
		stdio, http *result
		runs        map[string][]result
	}
	var order []string
	rows := map[string]*row{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var res result
		if err := json.Unmarshal(sc.Bytes(), &res); err != nil {
			continue // a log line
		}
		key := res.Books + "\x00" + res.Label
		if rows[key] == nil {
			rows[key] = &row{runs: map[string][]result{}}
			order = append(order, key)
		}
		rows[key].runs[res.Mode] = append(rows[key].runs[res.Mode], res)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, r := range rows {
		if rs := r.runs["stdio"]; len(rs) > 0 {
			r.stdio = medianOf(rs)
		}
		if rs := r.runs["http"]; len(rs) > 0 {
			r.http = medianOf(rs)
		}
	}
	fmt.Fprintln(w, "| books | server | sweep 1 (cold): median / p90 ms | sweep 2: median / p90 ms | warm call: median ms | stdio peak RSS | HTTP: calls/s, median / p90 ms | HTTP peak RSS |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for _, key := range order {
		r := rows[key]
		var books, label string
		cells := []string{"—", "—", "—", "—", "—", "—"}
		if s := r.stdio; s != nil {
			books, label = s.Books, s.Label
			cells[0] = fmt.Sprintf("%.1f / %.1f", s.Sweep1.MedianMs, s.Sweep1.P90Ms)
			cells[1] = fmt.Sprintf("%.1f / %.1f", s.Sweep2.MedianMs, s.Sweep2.P90Ms)
			cells[2] = fmt.Sprintf("%.2f", s.Warm.MedianMs)
			cells[3] = fmt.Sprintf("%.0f MiB", s.PeakRssMiB)
			if s.Stopped != "" {
				cells[3] += " (stopped: " + s.Stopped + ")"
			}
		}
		if h := r.http; h != nil {
			books, label = h.Books, h.Label
			cells[4] = fmt.Sprintf("%.0f, %.1f / %.1f", float64(h.Calls.N)/h.Seconds, h.Calls.MedianMs, h.Calls.P90Ms)
			cells[5] = fmt.Sprintf("%.0f MiB", h.PeakRssMiB)
			if h.Stopped != "" {
				cells[5] += " (stopped: " + h.Stopped + ")"
			}
		}
		if n := len(r.runs["stdio"]); n > 1 {
			label += fmt.Sprintf(" (median of %d)", n)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s |\n", books, label, cells[0], cells[1], cells[2], cells[3], cells[4], cells[5])
	}
	return nil
}

// medianOf returns a result whose every figure is the median of rs's.
func medianOf(rs []result) *result {
	out := rs[0]
	med := func(get func(*result) *float64) {
		var v []float64
		for i := range rs {
			v = append(v, *get(&rs[i]))
		}
		sort.Float64s(v)
		*get(&out) = v[len(v)/2]
	}
	med(func(r *result) *float64 { return &r.PeakRssMiB })
	med(func(r *result) *float64 { return &r.Seconds })
	for _, st := range []func(*result) *stats{
		func(r *result) *stats { return &r.Sweep1 }, func(r *result) *stats { return &r.Sweep2 },
		func(r *result) *stats { return &r.Warm }, func(r *result) *stats { return &r.Calls },
	} {
		med(func(r *result) *float64 { return &st(r).MedianMs })
		med(func(r *result) *float64 { return &st(r).P90Ms })
		var n []int
		for i := range rs {
			n = append(n, st(&rs[i]).N)
		}
		sort.Ints(n)
		st(&out).N = n[len(n)/2]
	}
	return &out
}
