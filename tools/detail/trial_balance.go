package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// TrialBalanceIn are the arguments of get_trial_balance.
type TrialBalanceIn struct {
	toolkit.Scope
	FromDate string `json:"fromDate,omitempty" jsonschema:"within the year; earlier postings count in opening"`
	ToDate   string `json:"toDate,omitempty" jsonschema:"within the year"`
}

// TrialBalance lists every account's opening, debits, credits and closing.
var TrialBalance = toolkit.New(toolkit.Spec[TrialBalanceIn, sensitive.TrialBalance]{
	Name:        "get_trial_balance",
	Title:       "Trial balance",
	Description: "Use for the accountant's trial balance (Probebilanz): per account opening, debits, credits and closing (normal direction, account currency; CHF legs too) for a year or a date range in it. Total debits equal total credits in CHF.",
	Input:       report.DateSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in TrialBalanceIn) (*sensitive.TrialBalance, error) {
		if _, _, err := toolkit.DateRange(in.FromDate, in.ToDate); err != nil {
			return nil, err
		}
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		from, to, err := report.BookRange(in.FromDate, in.ToDate, l.Books.Year)
		if err != nil {
			return nil, err
		}
		tb := analysis.TrialBalanceOf(l, from, to)
		out := &sensitive.TrialBalance{Mandator: l.Books.Mandator, Year: l.Books.Year, FromDate: in.FromDate, ToDate: in.ToDate,
			Accounts: make([]sensitive.TrialAccount, len(tb.Rows)), TotalDebitsChf: toolkit.Money(tb.TotalDebitsChf),
			TotalCreditsChf: toolkit.Money(tb.TotalCreditsChf), Warnings: toolkit.Warnings(l.WarningsFor(true))} // its rows name no subclass
		for i, r := range tb.Rows {
			a := r.Account
			out.Accounts[i] = sensitive.TrialAccount{AccountID: a.ID, Number: a.Number, Name: a.Name, Currency: a.Currency,
				Opening: toolkit.Money(r.Opening), Debits: toolkit.Money(r.Debits), Credits: toolkit.Money(r.Credits),
				Closing: toolkit.Money(r.Closing), DebitsChf: toolkit.Money(r.DebitsChf), CreditsChf: toolkit.Money(r.CreditsChf)}
		}
		return out, nil
	},
})
