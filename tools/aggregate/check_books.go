package aggregate

import (
	"context"
	"errors"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// CheckDescription is the description of check_books in every mode.
const CheckDescription = "Use to check one year's books for data problems (unreadable files, postings on unknown accounts, duplicate ids, bank lines booked twice, missing rates or subclasses, odd dates) before trusting numbers. Never fails on a broken file."

// Findings resolves mandator and year and checks each file of those books;
// a file that cannot be read is a finding, not an error.
func Findings(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (string, int, []analysis.Finding, error) {
	m, y, err := env.Scope(in.Mandator, in.Year)
	if err != nil {
		return "", 0, nil, err
	}
	b, unreadable, err := env.Store.CheckFiles(ctx, m, y)
	if errors.Is(err, reader.ErrNotFound) {
		return "", 0, nil, toolkit.Errorf(toolkit.CodeUnknownYear, "", "mandator %q has no books for %d", m, y)
	}
	if err != nil {
		return "", 0, nil, err
	}
	toolkit.Observe(ctx, b)
	return m, y, analysis.CheckBooks(b, env.Rates, unreadable), nil
}

// CheckBooks reports data problems by code and count only.
var CheckBooks = toolkit.New(toolkit.Spec[toolkit.Scope, dto.CheckSummary]{
	Name:        "check_books",
	Through:     true,
	Title:       "Check books",
	Description: CheckDescription,
	Handler: func(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (*dto.CheckSummary, error) {
		m, y, fs, err := Findings(ctx, env, in)
		if err != nil {
			return nil, err
		}
		out := &dto.CheckSummary{Mandator: m, Year: y, Findings: []dto.FindingCount{},
			Counts: analysis.CountFindings(fs), OK: !analysis.HasErrors(fs)}
		index := map[[2]string]int{}
		for _, f := range fs {
			key := [2]string{f.Code, f.Severity}
			i, ok := index[key]
			if !ok {
				i = len(out.Findings)
				index[key] = i
				out.Findings = append(out.Findings, dto.FindingCount{Code: f.Code, Severity: f.Severity})
			}
			out.Findings[i].Count++
		}
		return out, nil
	},
})
