package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// CompareYearsIn are the arguments of compare_years.
type CompareYearsIn struct {
	report.CompareYearsIn
	GroupBy string `json:"groupBy,omitempty" jsonschema:"subclass (default) or account"`
}

// CompareYears compares income and expenses per category across years.
var CompareYears = toolkit.New(toolkit.Spec[CompareYearsIn, dto.Comparison]{
	Name:        "compare_years",
	Title:       "Compare years",
	Description: "Use for year-over-year questions: total income and expenses per year and per category (subclass or account), in CHF, for 2 to 10 years. Call list_years first for the years with books.",
	Input: func(s *jsonschema.Schema) {
		report.CompareSchema(s)
		toolkit.Enum(s, "groupBy", "subclass", "account")
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in CompareYearsIn) (*dto.Comparison, error) {
		g := in.GroupBy
		if g == "" {
			g = "subclass"
		}
		return report.Compare(ctx, env, in.CompareYearsIn, g)
	},
})
