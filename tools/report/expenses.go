package report

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// ExpensesIn are the arguments of get_expenses_by_category in Aggregate mode.
type ExpensesIn struct {
	toolkit.Scope
	FromDate string `json:"fromDate,omitempty" jsonschema:"first value date, YYYY-MM-DD"`
	ToDate   string `json:"toDate,omitempty" jsonschema:"last value date, YYYY-MM-DD"`
}

// GroupByName maps the groupBy argument to a grouping.
var GroupByName = map[string]analysis.GroupBy{"subclass": analysis.BySubclass, "account": analysis.ByAccount}

// Expenses computes get_expenses_by_category for a grouping.
func Expenses(ctx context.Context, env *toolkit.Env, in ExpensesIn, groupBy string) (*dto.Expenses, error) {
	from, to, err := toolkit.DateRange(in.FromDate, in.ToDate)
	if err != nil {
		return nil, err
	}
	l, err := env.Ledger(ctx, in.Mandator, in.Year)
	if err != nil {
		return nil, err
	}
	rows := analysis.Categories(l, GroupByName[groupBy], from, to)
	out := &dto.Expenses{Mandator: l.Books.Mandator, Year: l.Books.Year, GroupBy: groupBy,
		FromDate: in.FromDate, ToDate: in.ToDate, TotalChf: toolkit.Money(analysis.Total(rows)),
		Categories: make([]dto.Category, len(rows))}
	var shown []int // the subclasses whose names the rows show
	for i, r := range rows {
		out.Categories[i] = dto.Category{Name: r.Name, Number: r.Number, TotalChf: toolkit.Money(r.AmountChf), TransactionCount: r.Legs}
		if groupBy == "subclass" {
			shown = append(shown, r.Number)
		}
	}
	out.Warnings = toolkit.Warnings(l.WarningsFor(true, shown...))
	return out, nil
}
