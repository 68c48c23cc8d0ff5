package aggregate

import (
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/report"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// Expenses reports expenses per subclass over whole months, withholding
// what the disclosure rules withhold.
var Expenses = toolkit.New(toolkit.Spec[report.ExpensesIn, dto.CategoryFigures]{
	Name:        "get_expenses_by_category",
	Through:     true,
	Title:       "Expenses by category",
	Description: "Use for 'how much did I spend on X': expenses per subclass category in CHF, largest first; refunds reduce them. Optional fromDate/toDate of whole months, e.g. a quarter.",
	Input:       report.DateSchema,
	Handler:     CategoryFigures,
})
