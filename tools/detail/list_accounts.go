package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// ListAccounts lists the chart of accounts with balances and ids.
var ListAccounts = toolkit.New(toolkit.Spec[report.ListAccountsIn, sensitive.Accounts]{
	Name:        "list_accounts",
	Title:       "List accounts",
	Description: "Use to look up account ids and numbers before get_transactions or get_account, and for balances per account (account currency and CHF, normal direction: a loan owed is positive).",
	Input:       report.ClassSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.ListAccountsIn) (*sensitive.Accounts, error) {
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		bals, warnings := analysis.Balances(l, env.Rates)
		keep := report.ClassFilter(in.Class)
		out := &sensitive.Accounts{Mandator: l.Books.Mandator, Year: l.Books.Year, Accounts: []sensitive.Account{}}
		var shown []int // the subclasses whose names the rows show
		for _, b := range bals {
			if keep(b.Account) {
				out.Accounts = append(out.Accounts, accountRow(l, b))
				shown = append(shown, b.Account.SubclassNumber())
			}
		}
		out.Warnings = toolkit.Warnings(append(l.WarningsFor(true, shown...), warnings...))
		return out, nil
	},
})
