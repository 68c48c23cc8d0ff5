package detail

import (
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// BalanceSummary totals activa, passiva and equity in CHF at year end, in
// the Full and Local modes: every posting of the books counts.
var BalanceSummary = toolkit.New(toolkit.Spec[toolkit.Scope, dto.BalanceSummary]{
	Name:        "get_balance_summary",
	Title:       "Balance summary",
	Description: report.BalanceSummaryDescription,
	Handler:     report.BalanceSummary,
})
