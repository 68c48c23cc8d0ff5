package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// GetAccountIn are the arguments of get_account.
type GetAccountIn struct {
	toolkit.Scope
	AccountID string `json:"accountId,omitempty" jsonschema:"the account's id from list_accounts"`
	Number    int    `json:"number,omitempty" jsonschema:"the account number, e.g. 4000; instead of accountId"`
}

// GetAccount reports one account with its monthly movements.
var GetAccount = toolkit.New(toolkit.Spec[GetAccountIn, sensitive.AccountDetail]{
	Name:        "get_account",
	Title:       "Account detail",
	Description: "Use for one account's balance and month-by-month debits, credits and closing balance (account currency). Give accountId or number.",
	Handler: func(ctx context.Context, env *toolkit.Env, in GetAccountIn) (*sensitive.AccountDetail, error) {
		if (in.AccountID == "") == (in.Number == 0) {
			return nil, toolkit.InvalidArgument("give exactly one of accountId and number (got accountId %s, number %d)", toolkit.Quote(in.AccountID), in.Number)
		}
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		a, err := toolkit.Account(l, in.AccountID, in.Number)
		if err != nil {
			return nil, err
		}
		bals, warnings := analysis.Balances(l, env.Rates)
		out := &sensitive.AccountDetail{Mandator: l.Books.Mandator, Year: l.Books.Year}
		for _, b := range bals {
			if b.Account == a {
				out.Account = accountRow(l, b)
				out.TransactionCount = b.Legs
				ws := l.WarningsFor(true, a.SubclassNumber()) // the row shows its subclass's name
				if !b.BalanceChf.Valid {
					ws = append(ws, warnings...)
				}
				out.Warnings = toolkit.Warnings(ws)
			}
		}
		for _, m := range analysis.Months(l, a) {
			out.Months = append(out.Months, sensitive.Month{Month: m.Month, Debits: toolkit.Money(m.Debits),
				Credits: toolkit.Money(m.Credits), ClosingBalance: toolkit.Money(m.ClosingBalance)})
		}
		return out, nil
	},
})
