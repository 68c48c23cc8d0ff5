package detail

import (
	"context"
	"slices"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/shopspring/decimal"
)

// SearchIn are the arguments of search_transactions.
type SearchIn struct {
	Query    string `json:"query" jsonschema:"words that must all occur, in any order, in text, related party or bank text (\"quotes\" for a phrase); case- and accent-insensitive"`
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
	FromYear int    `json:"fromYear,omitempty" jsonschema:"first year to search (default: the first with books)"`
	ToYear   int    `json:"toYear,omitempty" jsonschema:"last year to search (default: the last with books)"`
	Page
	Order
}

// Search finds postings by text across years.
var Search = toolkit.New(toolkit.Spec[SearchIn, sensitive.Transactions]{
	Name:        "search_transactions",
	Title:       "Search transactions",
	Description: "Use to find postings by words across all years (e.g. a shop or person); each row has its year. Newest or largest first, at most 1000 rows a page; sumChf and total cover all matches.",
	Input: func(s *jsonschema.Schema) {
		toolkit.YearRange(s, "fromYear", "toYear")
		pageSchema(s)
		s.Properties["query"].MinLength = jsonschema.Ptr(1)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in SearchIn) (*sensitive.Transactions, error) {
		q := analysis.Fold(strings.TrimSpace(in.Query))
		if len(analysis.QueryTerms(q)) == 0 {
			return nil, toolkit.InvalidArgument("query %s has no word to search for; give one, e.g. \"coop\"", toolkit.Quote(in.Query))
		}
		if in.FromYear != 0 && in.ToYear != 0 && in.FromYear > in.ToYear {
			return nil, toolkit.InvalidArgument("fromYear %d is after toYear %d; swap them", in.FromYear, in.ToYear)
		}
		m, err := env.Mandator(in.Mandator)
		if err != nil {
			return nil, err
		}
		all, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, err
		}
		var years []int
		for _, y := range all {
			if (in.FromYear == 0 || y >= in.FromYear) && (in.ToYear == 0 || y <= in.ToYear) {
				years = append(years, y)
			}
		}
		if len(years) == 0 {
			return nil, toolkit.Errorf(toolkit.CodeUnknownYear, "call list_years", "mandator %q has no books from %d to %d; years with books: %s", m, in.FromYear, in.ToYear, toolkit.IntList(all))
		}
		// Year by year: only the matches the page may need are kept, copied
		// out of the books, so that each year's books can be let go and
		// years larger than the cache are read one at a time
		// (docs/performance.md#memory). Newest first, that is the first
		// offset + limit of the years read so far; by amount, every match.
		var rows []analysis.TxRow
		var sum decimal.Decimal
		total, n := 0, keep(in.Page, in.OrderBy)
		skipped, err := env.EachReadableLedger(ctx, m, years, func(l *analysis.Ledger) {
			res := analysis.Transactions(l, analysis.TxFilter{Text: q, Keep: n})
			rows = analysis.MergeNewestFirst(rows, detach(res.Rows))
			if n > 0 && len(rows) > n {
				rows = slices.Clone(rows[:n])
			}
			sum = sum.Add(res.SumChf)
			total += res.Total
		})
		if err != nil {
			return nil, err
		}
		order(rows, in.OrderBy)
		out := &sensitive.Transactions{Mandator: m, FromYear: years[0], ToYear: years[len(years)-1]}
		page(out, rows, total, in.Page, true)
		out.SumChf = toolkit.Money(sum)
		out.Warnings = skipped.Warnings()
		return out, nil
	},
})

// detach copies the posting and the accounts of each row (each account
// once) out of the books they point into, so that keeping the rows does
// not keep the year's postings and chart alive.
func detach(rows []analysis.TxRow) []analysis.TxRow {
	accounts := map[*reader.Account]*reader.Account{}
	account := func(a *reader.Account) *reader.Account {
		c := accounts[a]
		if c == nil {
			copied := *a
			c = &copied
			accounts[a] = c
		}
		return c
	}
	for i := range rows {
		tx := *rows[i].Tx
		rows[i].Tx, rows[i].Origin, rows[i].Target = &tx, account(rows[i].Origin), account(rows[i].Target)
	}
	return rows
}
