package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// Classes are the values of the class argument.
var Classes = []string{"activa", "passiva", "income", "expenses"}

// ListAccountsIn are the arguments of list_accounts.
type ListAccountsIn struct {
	toolkit.Scope
	Class string `json:"class,omitempty" jsonschema:"only accounts of this class"`
}

// ClassSchema restricts the class argument to its values.
func ClassSchema(s *jsonschema.Schema) { toolkit.Enum(s, "class", Classes...) }

// ClassFilter returns whether account a passes the class argument.
func ClassFilter(class string) func(a *reader.Account) bool {
	return func(a *reader.Account) bool { return class == "" || a.Class().String() == class }
}

// ListAccounts lists account names and CHF balances without ids.
var ListAccounts = toolkit.New(toolkit.Spec[ListAccountsIn, dto.AccountBalances]{
	Name:        "list_accounts",
	Through:     true,
	Title:       "List account balances",
	Description: "Use to see each account's CHF balance at year end (name, currency, class). Balances are in the normal direction: a loan owed is positive.",
	Input:       ClassSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in ListAccountsIn) (*dto.AccountBalances, error) {
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		bals, warnings := analysis.Balances(l, env.Rates)
		keep := ClassFilter(in.Class)
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
