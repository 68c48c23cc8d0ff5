package report

import (
	"context"
	"fmt"
	"slices"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// CompareYearsIn are the arguments of compare_years in Aggregate mode.
type CompareYearsIn struct {
	Years    []int  `json:"years" jsonschema:"2 to 10 book years to compare"`
	Mandator string `json:"mandator,omitempty" jsonschema:"set of books"`
	Side     string `json:"side,omitempty" jsonschema:"income, expenses or both (default)"`
}

// CompareSchema sets the bounds shared by both compare_years variants.
func CompareSchema(s *jsonschema.Schema) {
	toolkit.Items(s, "years", 2, 10)
	s.Properties["years"].Items = &jsonschema.Schema{Type: "integer", Minimum: jsonschema.Ptr(1900.0), Maximum: jsonschema.Ptr(2999.0)}
	toolkit.Require(s, "years")
	toolkit.Enum(s, "side", "income", "expenses", "both")
}

// Compare computes compare_years for a grouping.
func Compare(ctx context.Context, env *toolkit.Env, in CompareYearsIn, groupBy string) (*dto.Comparison, error) {
	side := in.Side
	if side == "" {
		side = "both"
	}
	m, err := env.Mandator(in.Mandator)
	if err != nil {
		return nil, err
	}
	if err := checkYears(env, m, in.Years); err != nil {
		return nil, err
	}
	// Year by year: ten years of a mandator larger than the cache are
	// summed one at a time (docs/performance.md#memory).
	var compared []analysis.YearComparison
	warnings := map[int][]analysis.Warning{} // per year: those about what its row shows
	skipped, err := env.EachReadableLedger(ctx, m, in.Years, func(l *analysis.Ledger) {
		c := analysis.CompareYears([]*analysis.Ledger{l}, GroupByName[groupBy])
		compared = append(compared, c...)
		var shown []int // the subclasses whose names the year's categories show
		for _, y := range c {
			if groupBy != "subclass" {
				break
			}
			if side != "income" {
				shown = appendNumbers(shown, y.ExpenseByCategory)
			}
			if side != "expenses" {
				shown = appendNumbers(shown, y.IncomeByCategory)
			}
		}
		warnings[l.Books.Year] = l.WarningsFor(true, shown...)
	})
	if err != nil {
		return nil, err
	}
	out := &dto.Comparison{Mandator: m, Side: side, GroupBy: groupBy, Warnings: skipped.Warnings()}
	for _, year := range in.Years {
		if pe := skipped.Err(year); pe != nil { // a year asked for: its row says why it has no figures
			out.Comparison = append(out.Comparison, dto.YearTotals{Year: year, Unreadable: toolkit.Unreadable(pe)})
			continue
		}
		c := compared[0]
		compared = compared[1:]
		out.Comparison = append(out.Comparison, yearTotals(c, side))
		for _, w := range env.SummaryWarnings(warnings[c.Year]) {
			out.Warnings = append(out.Warnings, fmt.Sprintf("%d: %s", c.Year, w))
		}
	}
	return out, nil
}

// checkYears refuses a year listed twice, and a year without books of
// mandator m with the error that names the years with books.
func checkYears(env *toolkit.Env, m string, years []int) error {
	have, err := env.Store.MandatorYears(m) // once, not once per year
	if err != nil {
		return err
	}
	seen := map[int]bool{}
	for _, y := range years {
		if seen[y] {
			return toolkit.InvalidArgument("year %d is listed twice in years", y)
		}
		seen[y] = true
		if !slices.Contains(have, y) {
			if _, err := env.Year(m, y); err != nil { // the error naming the years with books
				return err
			}
		}
	}
	return nil
}

// yearTotals returns the row of one year: its expenses, its income, or
// both (side).
func yearTotals(c analysis.YearComparison, side string) dto.YearTotals {
	y := dto.YearTotals{Year: c.Year}
	if side != "income" {
		y.TotalExpensesChf = toolkit.Money(c.ExpensesChf)
		y.ByCategory = categoryMap(c.ExpenseByCategory)
	}
	if side != "expenses" {
		y.TotalIncomeChf = toolkit.Money(c.IncomeChf)
		y.IncomeByCategory = categoryMap(c.IncomeByCategory)
	}
	return y
}

// appendNumbers appends the group numbers of rows to numbers.
func appendNumbers(numbers []int, rows []analysis.ReportRow) []int {
	for _, r := range rows {
		numbers = append(numbers, r.Number)
	}
	return numbers
}

// categoryMap keys amounts by category name; a name used by two groups is
// made unique with the group's number.
func categoryMap(rows []analysis.ReportRow) map[string]string {
	count := map[string]int{}
	for _, r := range rows {
		count[r.Name]++
	}
	out := make(map[string]string, len(rows))
	for _, r := range rows {
		key := r.Name
		if count[key] > 1 {
			key = fmt.Sprintf("%s (%d)", r.Name, r.Number)
		}
		out[key] = toolkit.Money(r.AmountChf)
	}
	return out
}
