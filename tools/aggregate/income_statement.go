package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
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

// IncomeStatement reports income, expenses and the result, totals only.
var IncomeStatement = toolkit.New(toolkit.Spec[IncomeStatementIn, dto.IncomeTotals]{
	Name:        "get_income_statement",
	Title:       "Income statement totals",
	Description: "Use for the year's result: total income (profitChf), total expenses (lossChf) and net, in CHF. Optional fromDate/toDate narrow it by value date, e.g. to a quarter.",
	Input:       DateSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in IncomeStatementIn) (*dto.IncomeTotals, error) {
		l, s, err := Statement(ctx, env, in)
		if err != nil {
			return nil, err
		}
		return &dto.IncomeTotals{
			Mandator: l.Books.Mandator, Year: l.Books.Year, FromDate: in.FromDate, ToDate: in.ToDate,
			ProfitChf: toolkit.Money(s.ProfitChf), LossChf: toolkit.Money(s.LossChf), NetChf: toolkit.Money(s.NetChf),
		}, nil
	},
})
