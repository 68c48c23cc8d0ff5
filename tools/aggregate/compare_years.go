package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// CompareYears compares income and expenses per subclass across years.
var CompareYears = toolkit.New(toolkit.Spec[report.CompareYearsIn, dto.Comparison]{
	Name:        "compare_years",
	Through:     true,
	Title:       "Compare years",
	Description: "Use for year-over-year questions: total income and expenses per year and per subclass category, in CHF, for 2 to 10 years. Call list_years first for the years with books.",
	Input:       report.CompareSchema,
	Handler: func(ctx context.Context, env *toolkit.Env, in report.CompareYearsIn) (*dto.Comparison, error) {
		return report.Compare(ctx, env, in, "subclass")
	},
})
