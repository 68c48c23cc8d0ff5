package report

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// IncomeStatementIn are the arguments of get_income_statement.
type IncomeStatementIn struct {
	toolkit.Scope
	FromDate string `json:"fromDate,omitempty" jsonschema:"first value date, YYYY-MM-DD"`
	ToDate   string `json:"toDate,omitempty" jsonschema:"last value date, YYYY-MM-DD"`
}

// DateSchema marks fromDate and toDate as dates.
func DateSchema(s *jsonschema.Schema) { toolkit.DateFormat(s, "fromDate", "toDate") }

// Statement resolves the arguments and computes the statement.
func Statement(ctx context.Context, env *toolkit.Env, in IncomeStatementIn) (*analysis.Ledger, analysis.IncomeStatement, error) {
	from, to, err := toolkit.DateRange(in.FromDate, in.ToDate)
	if err != nil {
		return nil, analysis.IncomeStatement{}, err
	}
	l, err := env.Ledger(ctx, in.Mandator, in.Year)
	if err != nil {
		return nil, analysis.IncomeStatement{}, err
	}
	return l, analysis.Statement(l, from, to), nil
}
