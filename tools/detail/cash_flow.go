package detail

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// CashFlowIn are the arguments of get_cash_flow.
type CashFlowIn struct {
	toolkit.Scope
	Interval     string `json:"interval,omitempty" jsonschema:"month (default), quarter or year"`
	CashAccounts []int  `json:"cashAccounts,omitempty" jsonschema:"activa account numbers to count as cash"`
}

// CashFlow reports cash in and out per month, quarter or year.
var CashFlow = toolkit.New(toolkit.Spec[CashFlowIn, dto.CashFlow]{
	Name:        "get_cash_flow",
	Title:       "Cash flow",
	Description: report.CashFlowDescription,
	Input: func(s *jsonschema.Schema) {
		toolkit.Enum(s, "interval", "month", "quarter", "year")
		toolkit.Items(s, "cashAccounts", 1, 50)
		s.Properties["cashAccounts"].Items = &jsonschema.Schema{Type: "integer"}
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in CashFlowIn) (*dto.CashFlow, error) {
		return report.CashFlow(ctx, env, in.Scope, in.Interval, in.CashAccounts, true)
	},
})
