package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// IncomeStatement reports the result with a row per account.
var IncomeStatement = toolkit.New(toolkit.Spec[report.IncomeStatementIn, sensitive.IncomeStatement]{
	Name:        "get_income_statement",
	Title:       "Income statement",
	Description: "Use for the year's result: total income (profitChf), expenses (lossChf), net, and the amount per income and expense account, in CHF. Optional fromDate/toDate narrow it by value date.",
	Input:       report.DateSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.IncomeStatementIn) (*sensitive.IncomeStatement, error) {
		l, s, err := report.Statement(ctx, env, in)
		if err != nil {
			return nil, err
		}
		return &sensitive.IncomeStatement{
			Mandator: l.Books.Mandator, Year: l.Books.Year, FromDate: in.FromDate, ToDate: in.ToDate,
			ProfitChf: toolkit.Money(s.ProfitChf), LossChf: toolkit.Money(s.LossChf), NetChf: toolkit.Money(s.NetChf),
			IncomeAccounts: amounts(s.IncomeAccounts), ExpenseAccounts: amounts(s.ExpenseAccounts),
			Warnings: toolkit.Warnings(l.WarningsFor(true)), // its rows name accounts, not subclasses
		}, nil
	},
})

func amounts(rows []analysis.ReportRow) []sensitive.AccountAmount {
	out := make([]sensitive.AccountAmount, len(rows))
	for i, r := range rows {
		out[i] = sensitive.AccountAmount{AccountID: r.Account.ID, Number: r.Number, Name: r.Name, AmountChf: toolkit.Money(r.AmountChf)}
	}
	return out
}
