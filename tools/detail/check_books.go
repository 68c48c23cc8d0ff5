package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// CheckBooks reports data problems with their detail: files, lines, ids,
// account numbers and dates.
var CheckBooks = toolkit.New(toolkit.Spec[toolkit.Scope, sensitive.BooksCheck]{
	Name:        "check_books",
	Title:       "Check books",
	Description: report.CheckDescription,
	Handler: func(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (*sensitive.BooksCheck, error) {
		m, y, fs, err := report.Findings(ctx, env, in)
		if err != nil {
			return nil, err
		}
		out := &sensitive.BooksCheck{Mandator: m, Year: y, Total: len(fs),
			Counts: analysis.CountFindings(fs), OK: !analysis.HasErrors(fs)}
		all := make([]sensitive.Finding, len(fs))
		for i, f := range fs {
			all[i] = sensitive.Finding{Code: f.Code, Severity: f.Severity, Message: f.Message, File: f.File, Line: f.Line,
				TransactionID: f.TransactionID, BankTransactionID: f.BankTransactionID, AccountID: f.AccountID,
				AccountNumber: f.AccountNumber, Date: f.Date.String()}
		}
		n := toolkit.Fit(len(all), func(n int) int {
			out.Findings = all[:n]
			return toolkit.JSONSize(out) + 16 // room for truncated: true
		})
		out.Findings, out.Truncated = all[:n], n < len(all)
		return out, nil
	},
})
