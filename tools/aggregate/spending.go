package aggregate

import (
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// SpendingIn are the arguments of get_spending_over_time in Aggregate mode.
type SpendingIn struct {
	report.SpendingRange
	GroupBy string `json:"groupBy,omitempty" jsonschema:"total (default) or subclass"`
}

// SpendingOverTime reports expenses per period, in total or per subclass,
// withholding what the disclosure rules withhold.
var SpendingOverTime = toolkit.New(toolkit.Spec[SpendingIn, dto.SpendingFigures]{
	Name:        "get_spending_over_time",
	Through:     true,
	Title:       "Spending over time",
	Description: "Use for spending trends: expenses in CHF per month or quarter, in total or per category, for a year or a range of years. A withheld period names the longer period it is shown for.",
	Input: func(s *jsonschema.Schema) {
		report.SpendingSchema(s)
		toolkit.Enum(s, "groupBy", "total", "subclass")
	},
	Handler: SpendingFigures,
})
