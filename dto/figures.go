package dto

// The records of this file answer the Aggregate privacy mode's questions
// about parts of a year. A figure that Aggregate withholds is absent from its
// record, and the record's withheld field says the shortest period for which
// it is published.

// CategoryFigure is one expense category over a period.
type CategoryFigure struct {
	Name             string `json:"name"`
	Number           int    `json:"number" jsonschema:"subclass number"`
	TotalChf         string `json:"totalChf,omitempty" jsonschema:"absent when withheld"`
	TransactionCount int    `json:"transactionCount,omitempty" jsonschema:"posting legs; absent when withheld or 0"`
	Withheld         string `json:"withheld,omitempty" jsonschema:"why totalChf is absent"`
}

// CategoryFigures answers get_expenses_by_category in Aggregate mode.
type CategoryFigures struct {
	Mandator              string           `json:"mandator"`
	Year                  int              `json:"year"`
	GroupBy               string           `json:"groupBy"`
	FromDate              string           `json:"fromDate,omitempty"`
	ToDate                string           `json:"toDate,omitempty"`
	TotalChf              string           `json:"totalChf,omitempty" jsonschema:"absent when withheld"`
	WithheldCategoriesChf string           `json:"withheldCategoriesChf,omitempty" jsonschema:"the withheld categories together, when the total is shown"`
	Withheld              string           `json:"withheld,omitempty" jsonschema:"why totalChf is absent"`
	Categories            []CategoryFigure `json:"categories" jsonschema:"shown ones largest first, then the withheld ones"`
	Warnings              []string         `json:"warnings,omitempty"`
}

// PeriodFigure is one period of a spending series.
type PeriodFigure struct {
	Period    string `json:"period" jsonschema:"YYYY-MM or YYYY-Qn"`
	AmountChf string `json:"amountChf,omitempty" jsonschema:"absent when withheld"`
	Withheld  string `json:"withheld,omitempty" jsonschema:"why amountChf is absent"`
}

// SeriesFigures is one group's spending per period.
type SeriesFigures struct {
	Name     string         `json:"name"`
	Number   int            `json:"number,omitempty" jsonschema:"subclass number"`
	Points   []PeriodFigure `json:"points"`
	TotalChf string         `json:"totalChf" jsonschema:"the years in full"`
}

// SpendingFigures answers get_spending_over_time in Aggregate mode.
type SpendingFigures struct {
	Mandator           string          `json:"mandator"`
	FromYear           int             `json:"fromYear"`
	ToYear             int             `json:"toYear"`
	Interval           string          `json:"interval"`
	GroupBy            string          `json:"groupBy"`
	Series             []SeriesFigures `json:"series" jsonschema:"largest total first"`
	WithheldCategories []PeriodFigure  `json:"withheldCategories,omitempty" jsonschema:"per period, the categories withheld there together"`
	Totals             []PeriodFigure  `json:"totals,omitempty" jsonschema:"per period, all categories together"`
	TotalChf           string          `json:"totalChf"`
	Warnings           []string        `json:"warnings,omitempty"`
}

// NetWorthFigure is the balance sheet at the end of one month.
type NetWorthFigure struct {
	Month           string `json:"month" jsonschema:"YYYY-MM"`
	TotalActivaChf  string `json:"totalActivaChf,omitempty" jsonschema:"absent when withheld"`
	TotalPassivaChf string `json:"totalPassivaChf,omitempty" jsonschema:"absent when withheld"`
	EquityChf       string `json:"equityChf,omitempty" jsonschema:"absent when withheld"`
	Withheld        string `json:"withheld,omitempty" jsonschema:"which figures are absent, and why"`
}

// NetWorthFigures answers get_net_worth_history in Aggregate mode.
type NetWorthFigures struct {
	Mandator string           `json:"mandator"`
	FromYear int              `json:"fromYear"`
	ToYear   int              `json:"toYear"`
	Months   []NetWorthFigure `json:"months" jsonschema:"month ends; the current year up to this month"`
	Warnings []string         `json:"warnings,omitempty"`
}
