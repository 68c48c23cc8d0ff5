package aggregate

import (
	"context"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/shopspring/decimal"
)

// CategoryFigures answers get_expenses_by_category in Aggregate mode from the
// released table: each category and the total over whole months, or why it
// is withheld. Every category with postings in the year is listed whatever
// the months asked, so that where a category appears tells nothing.
func CategoryFigures(ctx context.Context, env *toolkit.Env, in report.ExpensesIn) (*dto.CategoryFigures, error) {
	l, err := env.Ledger(ctx, in.Mandator, in.Year)
	if err != nil {
		return nil, err
	}
	year := l.Books.Year
	s, err := monthsOf(year, in.FromDate, in.ToDate, env.Periods)
	if err != nil {
		return nil, err
	}
	if err := closedSpan(env, year, s); err != nil {
		return nil, err
	}
	noteBookYear(ctx, year, in.FromDate, in.ToDate, s)
	tb := released(env, l)
	out := &dto.CategoryFigures{Mandator: l.Books.Mandator, Year: year, GroupBy: "subclass",
		FromDate: in.FromDate, ToDate: in.ToDate, Categories: []dto.CategoryFigure{}}
	if total, ok := tb.Expenses.Sum(s.first, s.last); ok {
		out.TotalChf = toolkit.Money(total.Amount)
		if rest, _ := tb.Withheld(s.first, s.last); rest.Touched {
			out.WithheldCategoriesChf = toolkit.Money(rest.Amount)
		}
	} else {
		out.Withheld = "totalChf " + withheld(tb.Expenses, s, year)
	}
	type shownFigure struct {
		dto.CategoryFigure
		amount decimal.Decimal
	}
	var shown []shownFigure
	var hidden []dto.CategoryFigure
	for _, c := range tb.Categories {
		if all, _ := c.Sum(wholeYear.first, wholeYear.last); !all.Touched {
			continue
		}
		f := dto.CategoryFigure{Name: l.SubclassName(c.Number), Number: c.Number}
		if cell, ok := c.Sum(s.first, s.last); ok {
			f.TotalChf, f.TransactionCount = toolkit.Money(cell.Amount), cell.Legs
			shown = append(shown, shownFigure{f, cell.Amount})
			continue
		}
		f.Withheld = withheld(c.Series, s, year)
		hidden = append(hidden, f)
	}
	// The shown ones by amount, the withheld ones by number alone: an order
	// by a hidden amount would disclose it.
	sort.SliceStable(shown, func(i, j int) bool { return shown[i].amount.GreaterThan(shown[j].amount) })
	for _, f := range shown {
		out.Categories = append(out.Categories, f.CategoryFigure)
	}
	out.Categories = append(out.Categories, hidden...)
	var names []int // every category names its subclass, withheld or not
	for _, c := range out.Categories {
		names = append(names, c.Number)
	}
	out.Warnings = env.SummaryWarnings(l.WarningsFor(true, names...))
	return out, nil
}
