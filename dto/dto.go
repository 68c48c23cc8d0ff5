package dto

// Mandators answers list_mandators.
type Mandators struct {
	Mandators []string `json:"mandators" jsonschema:"mandator names, sorted"`
}

// Years answers list_years.
type Years struct {
	Mandator string `json:"mandator"`
	Years    []int  `json:"years" jsonschema:"years with books, ascending"`
}

// BalanceSummary answers get_balance_summary.
type BalanceSummary struct {
	Mandator        string   `json:"mandator"`
	Year            int      `json:"year"`
	TotalActivaChf  string   `json:"totalActivaChf" jsonschema:"sum of asset balances in CHF"`
	TotalPassivaChf string   `json:"totalPassivaChf" jsonschema:"sum of liability balances in CHF, positive when owed"`
	EquityChf       string   `json:"equityChf" jsonschema:"activa minus passiva"`
	Warnings        []string `json:"warnings,omitempty" jsonschema:"data problems the totals work around"`
}

// IncomeTotals answers get_income_statement in Aggregate mode. A total that
// is withheld for the period asked is absent (see figures.go).
type IncomeTotals struct {
	Mandator  string   `json:"mandator"`
	Year      int      `json:"year"`
	FromDate  string   `json:"fromDate,omitempty"`
	ToDate    string   `json:"toDate,omitempty"`
	ProfitChf string   `json:"profitChf,omitempty" jsonschema:"total income; absent when withheld"`
	LossChf   string   `json:"lossChf,omitempty" jsonschema:"total expenses; absent when withheld"`
	NetChf    string   `json:"netChf,omitempty" jsonschema:"income minus expenses; absent when withheld"`
	Withheld  string   `json:"withheld,omitempty" jsonschema:"which totals are absent, and why"`
	Warnings  []string `json:"warnings,omitempty"`
}

// Category is one group of expenses (or income, in comparisons).
type Category struct {
	Name             string `json:"name"`
	Number           int    `json:"number" jsonschema:"subclass number, or account number when grouped by account"`
	TotalChf         string `json:"totalChf"`
	TransactionCount int    `json:"transactionCount" jsonschema:"posting legs on the group's accounts"`
}

// Expenses answers get_expenses_by_category.
type Expenses struct {
	Mandator   string     `json:"mandator"`
	Year       int        `json:"year"`
	GroupBy    string     `json:"groupBy"`
	FromDate   string     `json:"fromDate,omitempty"`
	ToDate     string     `json:"toDate,omitempty"`
	TotalChf   string     `json:"totalChf"`
	Categories []Category `json:"categories" jsonschema:"largest first"`
	Warnings   []string   `json:"warnings,omitempty"`
}

// AccountBalance is a trimmed account row for Aggregate mode.
type AccountBalance struct {
	Name       string `json:"name"`
	Currency   string `json:"currency"`
	Class      string `json:"class"`
	BalanceChf string `json:"balanceChf,omitempty" jsonschema:"omitted when no exchange rate is known"`
}

// AccountBalances answers list_accounts in Aggregate mode.
type AccountBalances struct {
	Mandator string           `json:"mandator"`
	Year     int              `json:"year"`
	Accounts []AccountBalance `json:"accounts"`
	Warnings []string         `json:"warnings,omitempty"`
}

// YearTotals is one year of compare_years.
type YearTotals struct {
	Year             int               `json:"year"`
	TotalIncomeChf   string            `json:"totalIncomeChf,omitempty"`
	TotalExpensesChf string            `json:"totalExpensesChf,omitempty"`
	ByCategory       map[string]string `json:"byCategory,omitempty" jsonschema:"expenses per category name"`
	IncomeByCategory map[string]string `json:"incomeByCategory,omitempty" jsonschema:"income per category name"`
	Unreadable       string            `json:"unreadable,omitempty" jsonschema:"set instead of totals when the year's books cannot be read: file, line and problem"`
}

// Comparison answers compare_years.
type Comparison struct {
	Mandator   string       `json:"mandator"`
	Side       string       `json:"side"`
	GroupBy    string       `json:"groupBy"`
	Comparison []YearTotals `json:"comparison" jsonschema:"one entry per requested year, in the order asked"`
	Warnings   []string     `json:"warnings,omitempty"`
}
