package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// CheckBooks reports data problems by code and count only.
var CheckBooks = toolkit.New(toolkit.Spec[toolkit.Scope, dto.CheckSummary]{
	Name:        "check_books",
	Through:     true,
	Title:       "Check books",
	Description: report.CheckDescription,
	Handler: func(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (*dto.CheckSummary, error) {
		m, y, fs, err := report.Findings(ctx, env, in)
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
