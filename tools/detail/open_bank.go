package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// DefaultBankLimit is the page size of get_open_bank_transactions.
const DefaultBankLimit = 100

// OpenBankIn are the arguments of get_open_bank_transactions.
type OpenBankIn struct {
	toolkit.Scope
	Limit  int `json:"limit,omitempty" jsonschema:"lines to return, 1 to 1000 (default 100)"`
	Offset int `json:"offset,omitempty" jsonschema:"lines to skip, for the next page"`
}

// noBankFileNote explains an empty answer for books without a bank import.
const noBankFileNote = "these books have no bank file (BankTransactions.xml): no bank statement was imported for this year"

// OpenBank lists the imported bank lines not booked yet, with the desktop
// app's matcher suggestion for each. It books nothing.
var OpenBank = toolkit.New(toolkit.Spec[OpenBankIn, sensitive.OpenBankTransactions]{
	Name:        "get_open_bank_transactions",
	Title:       "Open bank transactions",
	Description: "Use to see imported bank lines not booked yet (newest first), each with the desktop app's matcher suggestion: booking rule or last month's posting, text and counter-account. A preview only: nothing is booked.",
	Input: func(s *jsonschema.Schema) {
		toolkit.Range(s, "limit", 1, MaxLimit)
		toolkit.Range(s, "offset", 0, 1e9)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in OpenBankIn) (*sensitive.OpenBankTransactions, error) {
		l, err := env.LedgerWith(ctx, in.Mandator, in.Year, reader.NeedBank)
		if err != nil {
			return nil, err
		}
		out := &sensitive.OpenBankTransactions{Mandator: l.Books.Mandator, Year: l.Books.Year,
			BankTransactions: []sensitive.OpenBankTransaction{}, Offset: in.Offset, Warnings: toolkit.OptionalFileWarnings(l.Books)}
		if !l.Books.HasBankFile {
			out.Note = noBankFileNote
			return out, nil
		}
		res := analysis.OpenBankTransactions(l)
		out.Total, out.IgnoredCount = len(res.Lines), res.Ignored
		limit := in.Limit
		if limit == 0 {
			limit = DefaultBankLimit
		}
		start := min(in.Offset, len(res.Lines))
		end := min(start+limit, len(res.Lines))
		all := make([]sensitive.OpenBankTransaction, end-start)
		for i := range all {
			all[i] = openBankRow(res.Lines[start+i])
		}
		n := toolkit.Fit(len(all), func(n int) int {
			out.BankTransactions = all[:n]
			return toolkit.JSONSize(out) + 48 // room for the paging fields set below
		})
		out.BankTransactions = all[:n]
		if start+n < len(res.Lines) {
			out.Truncated, out.NextOffset = true, start+n
		}
		return out, nil
	},
})

func openBankRow(o analysis.OpenBankLine) sensitive.OpenBankTransaction {
	l := o.Line
	row := sensitive.OpenBankTransaction{
		BankTransactionID: l.ID,
		Date:              l.ValueDate.String(),
		BookingDate:       l.BookingDate.String(),
		Text:              l.Text,
		Amount:            toolkit.Money(l.Value),
		BankAccountNumber: l.BankAccountNumber,
		Debtor:            l.Debtor,
		Creditor:          l.Creditor,
	}
	if s := o.Suggestion; s != nil {
		sug := &sensitive.BankSuggestion{MatchedBy: s.MatchedBy, Text: s.Text,
			AccountID: s.Account.ID, AccountNumber: s.Account.Number, AccountName: s.Account.Name}
		if s.Rule != nil {
			sug.BasedOn = s.Rule.ID
		}
		if s.Posting != nil {
			offset := s.DayOffset
			sug.BasedOn, sug.MatchedDayOffset = s.Posting.ID, &offset
		}
		row.Suggestion = sug
	}
	return row
}
