package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// ExpensesIn are the arguments of get_expenses_by_category.
type ExpensesIn struct {
	report.ExpensesIn
	GroupBy string `json:"groupBy,omitempty" jsonschema:"subclass (default) or account"`
}

// Expenses reports expenses per subclass or per account.
var Expenses = toolkit.New(toolkit.Spec[ExpensesIn, dto.Expenses]{
	Name:        "get_expenses_by_category",
	Title:       "Expenses by category",
	Description: "Use for 'how much did I spend on X': expenses per subclass (default) or account in CHF, largest first; refunds reduce them. Optional fromDate/toDate, e.g. a quarter.",
	Input: func(s *jsonschema.Schema) {
		report.DateSchema(s)
		toolkit.Enum(s, "groupBy", "subclass", "account")
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in ExpensesIn) (*dto.Expenses, error) {
		g := in.GroupBy
		if g == "" {
			g = "subclass"
		}
		return report.Expenses(ctx, env, in.ExpensesIn, g)
	},
})
