package tools

import (
	"github.com/accounting-mcp/accounting-mcp/tools/aggregate"
	"github.com/accounting-mcp/accounting-mcp/tools/detail"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
)

// modes is a set of privacy modes.
type modes uint8

const (
	inFull modes = 1 << iota
	inAggregate
	inLocal

	detailed = inFull | inLocal
	all      = inFull | inAggregate | inLocal
)

// registry is the one table that decides which tool each privacy mode
// registers. A name may appear twice: once with full detail for Full and
// Local, once trimmed to aggregates for Aggregate. A tool whose answer the
// MCP Apps view draws carries the view in its _meta (tools/views).
var registry = []struct {
	tool  toolkit.Tool
	modes modes
}{
	{detail.ListMandators, detailed},
	{aggregate.ListYears, all},
	{detail.ListAccounts, detailed},
	{aggregate.ListAccounts, inAggregate},
	{detail.GetAccount, detailed},
	{detail.BalanceSummary, detailed},
	{aggregate.BalanceSummary, inAggregate},
	{detail.IncomeStatement, detailed},
	{aggregate.IncomeStatement, inAggregate},
	{detail.Transactions, detailed},
	{detail.Search, detailed},
	{detail.Expenses.WithMeta(views.ToolMeta()), detailed},
	{aggregate.Expenses.WithMeta(views.ToolMeta()), inAggregate},
	{detail.CompareYears.WithMeta(views.ToolMeta()), detailed},
	{aggregate.CompareYears.WithMeta(views.ToolMeta()), inAggregate},
	{detail.Recurring, detailed},
	{detail.SpendingOverTime.WithMeta(views.ToolMeta()), detailed},
	{aggregate.SpendingOverTime.WithMeta(views.ToolMeta()), inAggregate},
	{detail.NetWorthHistory.WithMeta(views.ToolMeta()), detailed},
	{aggregate.NetWorthHistory.WithMeta(views.ToolMeta()), inAggregate},
	{detail.CashFlow, detailed},
	{aggregate.CashFlow, inAggregate},
	{detail.TrialBalance, detailed},
	{detail.Unusual, detailed},
	{detail.OpenBank, detailed},
	{detail.CheckBooks, detailed},
	{aggregate.CheckBooks, inAggregate},
}

// Catalog returns the tools registered in privacy mode p, in table order.
func Catalog(p Privacy) []toolkit.Tool {
	bit := modes(1) << p
	var out []toolkit.Tool
	for _, e := range registry {
		if e.modes&bit != 0 {
			out = append(out, e.tool)
		}
	}
	return out
}
