package dto

// SpendingPoint is one period of a spending series.
type SpendingPoint struct {
	Period    string `json:"period" jsonschema:"YYYY-MM or YYYY-Qn"`
	AmountChf string `json:"amountChf"`
}

// SpendingSeries is one group's expenses per period.
type SpendingSeries struct {
	Name     string          `json:"name"`
	Number   int             `json:"number,omitempty" jsonschema:"subclass or account number"`
	Points   []SpendingPoint `json:"points" jsonschema:"by value date; a late booking in its books' first period"`
	TotalChf string          `json:"totalChf"`
}

// SpendingOverTime answers get_spending_over_time.
type SpendingOverTime struct {
	Mandator string           `json:"mandator"`
	FromYear int              `json:"fromYear"`
	ToYear   int              `json:"toYear"`
	Interval string           `json:"interval"`
	GroupBy  string           `json:"groupBy"`
	Series   []SpendingSeries `json:"series" jsonschema:"largest total first"`
	Totals   []SpendingPoint  `json:"totals,omitempty" jsonschema:"when grouped: per period, all groups together"`
	TotalChf string           `json:"totalChf"`
	Warnings []string         `json:"warnings,omitempty"`
}
