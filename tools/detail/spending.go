package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// SpendingIn are the arguments of get_spending_over_time.
type SpendingIn struct {
	report.SpendingRange
	GroupBy string `json:"groupBy,omitempty" jsonschema:"total (default), subclass or account"`
}

// SpendingOverTime reports expenses per period, in total, per subclass or
// per account.
var SpendingOverTime = toolkit.New(toolkit.Spec[SpendingIn, dto.SpendingOverTime]{
	Name:        "get_spending_over_time",
	Title:       "Spending over time",
	Description: report.SpendingDescription,
	Input: func(s *jsonschema.Schema) {
		report.SpendingSchema(s)
		toolkit.Enum(s, "groupBy", "total", "subclass", "account")
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in SpendingIn) (*dto.SpendingOverTime, error) {
		return report.Spending(ctx, env, in.SpendingRange, in.GroupBy)
	},
})
