package aggregate

import (
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// BalanceSummary totals activa, passiva and equity in CHF at year end, in
// the Aggregate mode: of the current year, through the day the answer's through gives.
var BalanceSummary = toolkit.New(toolkit.Spec[toolkit.Scope, dto.BalanceSummary]{
	Name:        "get_balance_summary",
	Title:       "Balance summary",
	Description: report.BalanceSummaryDescription,
	Through:     true,
	Handler:     report.BalanceSummary,
})
