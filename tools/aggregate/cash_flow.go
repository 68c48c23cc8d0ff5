package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// CashFlowIn are the arguments of get_cash_flow in Aggregate mode.
type CashFlowIn struct {
	toolkit.Scope
	Interval string `json:"interval,omitempty" jsonschema:"year, the only interval in this mode"`
}

// CashFlow reports the year's cash flow in Aggregate mode: the year as a
// whole, as Aggregate publishes no cash figure for part of a year.
var CashFlow = toolkit.New(toolkit.Spec[CashFlowIn, dto.YearCashFlow]{
	Name:        "get_cash_flow",
	Through:     true,
	Title:       "Cash flow",
	Description: report.CashFlowDescription,
	Handler: func(ctx context.Context, env *toolkit.Env, in CashFlowIn) (*dto.YearCashFlow, error) {
		if in.Interval != "" && in.Interval != "year" {
			return nil, toolkit.InvalidArgument("interval %q is not available in Aggregate mode, which publishes no cash figures for part of a year; use \"year\" (the default here)", in.Interval)
		}
		cf, err := report.CashFlow(ctx, env, in.Scope, "year", nil, false)
		if err != nil {
			return nil, err
		}
		return &dto.YearCashFlow{Mandator: cf.Mandator, Year: cf.Year, CashAccounts: cf.CashAccounts, CashTotals: cf.CashTotals,
			Inflows: cf.Periods[0].Inflows, Outflows: cf.Periods[0].Outflows, Warnings: cf.Warnings}, nil
	},
})
