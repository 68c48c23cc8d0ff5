package detail

import (
	"context"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// UnusualIn are the arguments of find_unusual_transactions.
type UnusualIn struct {
	toolkit.Scope
	FromDate string `json:"fromDate,omitempty" jsonschema:"within the year"`
	ToDate   string `json:"toDate,omitempty" jsonschema:"within the year"`
	Limit    int    `json:"limit,omitempty" jsonschema:"1 to 100 (default 20)"`
}

// Unusual finds the postings of a year or date range that stand out.
var Unusual = toolkit.New(toolkit.Spec[UnusualIn, sensitive.UnusualPostings]{
	Name:  "find_unusual_transactions",
	Title: "Unusual transactions",
	Description: "Use for 'anything unusual in March?': postings far above the payee's usual (median of all years), large first payments to new payees, " +
		"possible double charges, big round transfers, missing or low monthly income; each with its reason and the usual, largest atStakeChf first.",
	Input: func(s *jsonschema.Schema) {
		report.DateSchema(s)
		toolkit.Range(s, "limit", 1, 100)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in UnusualIn) (*sensitive.UnusualPostings, error) {
		if _, _, err := toolkit.DateRange(in.FromDate, in.ToDate); err != nil {
			return nil, err
		}
		m, y, err := env.Scope(in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		from, to, err := report.BookRange(in.FromDate, in.ToDate, y)
		if err != nil {
			return nil, err
		}
		years, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, err
		}
		var upTo []int
		for _, yy := range years {
			if yy <= y {
				upTo = append(upTo, yy)
			}
		}
		ledgers, err := env.Ledgers(ctx, m, upTo)
		if err != nil {
			return nil, err
		}
		res := analysis.FindUnusual(ledgers, analysis.UnusualSpec{Year: y, From: from, To: to, AsOf: dateOf(env.Now())})
		limit := in.Limit
		if limit == 0 {
			limit = 20
		}
		out := &sensitive.UnusualPostings{Mandator: m, Year: y, FromDate: in.FromDate, ToDate: in.ToDate,
			Total: len(res.Items), Judged: res.Judged, Notes: slices.Clip(res.Notes)}
		rows := make([]sensitive.UnusualPosting, min(limit, len(res.Items)))
		for i := range rows {
			rows[i] = unusualRow(res.Items[i])
		}
		n := toolkit.Fit(len(rows), func(n int) int { out.Unusual = rows[:n]; return toolkit.JSONSize(out) })
		out.Unusual, out.Truncated = rows[:n], n < len(res.Items)
		return out, nil
	},
})

func unusualRow(u analysis.Unusual) sensitive.UnusualPosting {
	row := sensitive.UnusualPosting{Kind: u.Kind, Date: u.Date.String(), Payee: u.Payee,
		AccountNumber: u.Account.Number, AccountName: u.Account.Name, AmountChf: toolkit.Money(u.Amount),
		UsualChf: toolkit.NullMoney(u.Usual), AtStakeChf: toolkit.Money(u.AtStake), Reason: u.Reason}
	if u.Tx != nil {
		row.TransactionID, row.Text = u.Tx.ID, u.Tx.Text
	}
	return row
}
