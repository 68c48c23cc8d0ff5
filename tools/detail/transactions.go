package detail

import (
	"context"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// Paging limits of the transaction tools.
const (
	DefaultLimit = 200
	MaxLimit     = 1000
)

// Page are the paging arguments.
type Page struct {
	Limit  int `json:"limit,omitempty" jsonschema:"rows to return, 1 to 1000 (default 200)"`
	Offset int `json:"offset,omitempty" jsonschema:"rows to skip, for the next page"`
}

// Order is the orderBy argument of the transaction tools.
type Order struct {
	OrderBy string `json:"orderBy,omitempty" jsonschema:"date (newest first, default) or amount (largest first)"`
}

// order sorts rows, newest first as they come, as orderBy asks.
func order(rows []analysis.TxRow, by string) {
	if by == "amount" {
		analysis.SortLargestFirst(rows)
	}
}

// TransactionsIn are the arguments of get_transactions.
type TransactionsIn struct {
	toolkit.Scope
	AccountID  string         `json:"accountId,omitempty" jsonschema:"only postings on this account (id from list_accounts)"`
	FromDate   string         `json:"fromDate,omitempty" jsonschema:"first value date, YYYY-MM-DD"`
	ToDate     string         `json:"toDate,omitempty" jsonschema:"last value date, YYYY-MM-DD"`
	TextSearch string         `json:"textSearch,omitempty" jsonschema:"words that must all occur, in any order, in text, related party or bank text (\"quotes\" for a phrase); case- and accent-insensitive"`
	MinAmount  toolkit.Amount `json:"minAmount,omitempty" jsonschema:"smallest CHF value"`
	MaxAmount  toolkit.Amount `json:"maxAmount,omitempty" jsonschema:"largest CHF value"`
	Class      string         `json:"class,omitempty" jsonschema:"only postings touching this class"`
	Page
	Order
}

func pageSchema(s *jsonschema.Schema) {
	toolkit.Range(s, "limit", 1, MaxLimit)
	toolkit.Range(s, "offset", 0, 1e9)
	toolkit.Enum(s, "orderBy", "date", "amount")
}

// Transactions lists postings with filters.
var Transactions = toolkit.New(toolkit.Spec[TransactionsIn, sensitive.Transactions]{
	Name:        "get_transactions",
	Title:       "Transactions",
	Description: "Use to list or total postings of one year: filter by account, class, value-date range, text, CHF amount. Newest or largest first, at most 1000 rows a page; sumChf and total cover all matches. Prefer narrow filters.",
	Input: func(s *jsonschema.Schema) {
		report.DateSchema(s)
		pageSchema(s)
		report.ClassSchema(s)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in TransactionsIn) (*sensitive.Transactions, error) {
		from, to, err := toolkit.DateRange(in.FromDate, in.ToDate)
		if err != nil {
			return nil, err
		}
		if err := toolkit.AmountRange(in.MinAmount, in.MaxAmount); err != nil {
			return nil, err
		}
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		if in.AccountID != "" {
			a, err := toolkit.Account(l, in.AccountID, 0)
			if err != nil {
				return nil, err
			}
			in.AccountID = a.ID // as the books spell it
		}
		res := analysis.Transactions(l, analysis.TxFilter{
			AccountID: in.AccountID, Class: classOf[in.Class], From: from, To: to, Text: analysis.Fold(strings.TrimSpace(in.TextSearch)),
			Min: in.MinAmount.NullDecimal, Max: in.MaxAmount.NullDecimal, Keep: keep(in.Page, in.OrderBy),
		})
		order(res.Rows, in.OrderBy)
		out := &sensitive.Transactions{Mandator: l.Books.Mandator, Year: l.Books.Year}
		page(out, res.Rows, res.Total, in.Page, false)
		out.SumChf = toolkit.Money(res.SumChf)
		return out, nil
	},
})

// classOf maps the class argument to a class.
var classOf = map[string]reader.Class{"activa": reader.Activa, "passiva": reader.Passiva, "income": reader.Income, "expenses": reader.Expenses}

// keep is how many rows, newest first, a page needs: those up to its end
// when they are shown newest first, every match when they are sorted.
func keep(p Page, orderBy string) int {
	if orderBy == "amount" {
		return 0
	}
	return p.Offset + pageLimit(p)
}

func pageLimit(p Page) int {
	if p.Limit == 0 {
		return DefaultLimit
	}
	return p.Limit
}

// page fills out with the rows of the requested page, as many as fit in the
// result budget, and the paging fields. rows are the first rows of total
// matches, at least up to the end of the page.
func page(out *sensitive.Transactions, rows []analysis.TxRow, total int, p Page, withYear bool) {
	limit := pageLimit(p)
	out.Total, out.Offset = total, p.Offset
	start := min(p.Offset, len(rows))
	end := min(start+limit, len(rows))
	all := make([]sensitive.Transaction, end-start)
	for i := range all {
		all[i] = transactionRow(rows[start+i], withYear)
	}
	n := toolkit.Fit(len(all), func(n int) int {
		out.Transactions = all[:n]
		return toolkit.JSONSize(out) + 64 // room for the paging fields set below
	})
	out.Transactions = all[:n]
	if start+n < total {
		out.Truncated, out.NextOffset = true, start+n
	}
}
