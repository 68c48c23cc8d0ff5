package tools

import (
	"github.com/accounting-mcp/accounting-mcp/tools/aggregate"
	"github.com/accounting-mcp/accounting-mcp/tools/detail"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
)

// modes is a set of privacy modes. Local registers exactly what Full does
// (it differs only in the instructions), so one bit stands for both.
type modes uint8

const (
	detailed    modes = 1 << iota // Full and Local
	inAggregate                   // Aggregate

	all = detailed | inAggregate
)

// view says whether the MCP Apps view (tools/views) draws a tool's answer.
type view bool

const (
	noView view = false
	drawn  view = true // the tool carries the view in its _meta
)

// registry is the one table that decides which tool each privacy mode
// registers. A name may appear twice: once with full detail for Full and
// Local, once trimmed to aggregates for Aggregate. A drawn tool carries
// the MCP Apps view in its _meta.
var registry = withViews([]entry{
	{detail.ListMandators, detailed, noView},
	{detail.Overview, detailed, noView},
	{aggregate.ListYears, all, noView},
	{detail.ListAccounts, detailed, noView},
	{aggregate.ListAccounts, inAggregate, noView},
	{detail.GetAccount, detailed, noView},
	{detail.BalanceSummary, detailed, noView},
	{aggregate.BalanceSummary, inAggregate, noView},
	{detail.IncomeStatement, detailed, noView},
	{aggregate.IncomeStatement, inAggregate, noView},
	{detail.Transactions, detailed, noView},
	{detail.Search, detailed, noView},
	{detail.Expenses, detailed, drawn},
	{aggregate.Expenses, inAggregate, drawn},
	{detail.CompareYears, detailed, drawn},
	{aggregate.CompareYears, inAggregate, drawn},
	{detail.Recurring, detailed, noView},
	{detail.SpendingOverTime, detailed, drawn},
	{aggregate.SpendingOverTime, inAggregate, drawn},
	{detail.NetWorthHistory, detailed, drawn},
	{aggregate.NetWorthHistory, inAggregate, drawn},
	// Not in Aggregate: the forecast's categories, due items and interval
	// rest on single postings (docs/forecast.md#aggregate).
	{detail.Forecast, detailed, drawn},
	{detail.CashFlow, detailed, noView},
	{aggregate.CashFlow, inAggregate, noView},
	{detail.TrialBalance, detailed, noView},
	{detail.Unusual, detailed, noView},
	{detail.OpenBank, detailed, noView},
	{detail.CheckBooks, detailed, noView},
	{aggregate.CheckBooks, inAggregate, noView},
})

// An entry is one row of the registry.
type entry struct {
	tool  toolkit.Tool
	modes modes
	view  view
}

// withViews gives each drawn tool of the table the view's _meta, once.
func withViews(table []entry) []entry {
	for i := range table {
		if table[i].view {
			table[i].tool = table[i].tool.WithMeta(views.ToolMeta())
		}
	}
	return table
}

// Catalog returns the tools registered in privacy mode p, in table order.
func Catalog(p Privacy) []toolkit.Tool {
	bit := detailed
	if p == Aggregate {
		bit = inAggregate
	}
	var out []toolkit.Tool
	for _, e := range registry {
		if e.modes&bit != 0 {
			out = append(out, e.tool)
		}
	}
	return out
}
