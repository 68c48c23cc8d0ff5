package main

import (
	"fmt"
	"strings"
)

// kind says whether a measure is a time (lower is better) or a rate.
type kind int

const (
	latency kind = iota
	rate
)

// A result is one measure: its figures per subject and round, and the
// target ratio of accounting-mcp to its floor (at most target for a time,
// at least for a rate; 0 for none).
type result struct {
	name   string
	kind   kind
	target float64
	floor  string // the subject the ratios are taken to
	r      rounds
}

// results are the measures in the order they were declared.
type results struct{ list *[]*result }

func newResults() results { return results{list: new([]*result)} }

// declare adds a measure, or returns the rounds of one declared before.
func (rs results) declare(name string, k kind, target float64, floor string) rounds {
	for _, m := range *rs.list {
		if m.name == name {
			return m.r
		}
	}
	m := &result{name: name, kind: k, target: target, floor: floor, r: rounds{}}
	*rs.list = append(*rs.list, m)
	return m.r
}

// rounds returns the rounds of a declared measure.
func (rs results) rounds(name string) rounds {
	for _, m := range *rs.list {
		if m.name == name {
			return m.r
		}
	}
	panic("undeclared measure " + name)
}

// print writes the results as a Markdown table: per measure the floor, each
// subject's figure and its ratio to the floor, and whether it meets the
// target.
func (rs results) print(subjects []subject) {
	head := "| measure | floor |"
	rule := "|---|---:|"
	for _, s := range subjects {
		head += " " + s.name + " | ratio |"
		rule += "---:|---:|"
	}
	fmt.Println(head + " target |")
	fmt.Println(rule + "---|")
	for _, m := range *rs.list {
		format := fmtMicros
		switch {
		case m.kind == rate:
			format = fmtRate
		case m.name == mStart:
			format = fmtMillis
		}
		row := []string{m.name, spread(m.r[m.floor], format)}
		for _, s := range subjects {
			ratios := m.r.ratios(s.name, m.floor)
			row = append(row, spread(m.r[s.name], format), spread(ratios, fmtRatio))
		}
		row = append(row, m.verdict(subjects[0].name))
		fmt.Println("| " + strings.Join(row, " | ") + " |")
	}
}

// verdict states the target and whether subject's median ratio meets it.
func (m *result) verdict(subject string) string {
	if m.target == 0 {
		return "—"
	}
	r := median(m.r.ratios(subject, m.floor))
	if m.kind == rate {
		return fmt.Sprintf("≥ %.2f×: %s", m.target, met(r >= m.target))
	}
	return fmt.Sprintf("≤ %.1f×: %s", m.target, met(r <= m.target))
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "MISSED"
}
