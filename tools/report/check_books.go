package report

import (
	"context"
	"errors"

	"github.com/accounting-mcp/accounting-mcp/analysis"
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
