package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// ListAccounts lists account names and CHF balances without ids.
var ListAccounts = toolkit.New(toolkit.Spec[report.ListAccountsIn, dto.AccountBalances]{
	Name:        "list_accounts",
	Through:     true,
	Title:       "List account balances",
	Description: "Use to see each account's CHF balance at year end (name, currency, class). Balances are in the normal direction: a loan owed is positive.",
	Input:       report.ClassSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.ListAccountsIn) (*dto.AccountBalances, error) {
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		bals, warnings := analysis.Balances(l, env.Rates)
		keep := report.ClassFilter(in.Class)
		out := &dto.AccountBalances{Mandator: l.Books.Mandator, Year: l.Books.Year, Accounts: []dto.AccountBalance{},
			Warnings: toolkit.WarningCodes(append(l.WarningsFor(true), warnings...))} // its rows name no subclass
		for _, b := range bals {
			if keep(b.Account) {
				out.Accounts = append(out.Accounts, dto.AccountBalance{
					Name: b.Account.Name, Currency: b.Account.Currency, Class: b.Account.Class().String(),
					BalanceChf: toolkit.NullMoney(b.BalanceChf),
				})
			}
		}
		return out, nil
	},
})
