package dto

// NetWorthMonth is the balance sheet at the end of one month.
type NetWorthMonth struct {
	Month           string `json:"month" jsonschema:"YYYY-MM"`
	TotalActivaChf  string `json:"totalActivaChf"`
	TotalPassivaChf string `json:"totalPassivaChf"`
	EquityChf       string `json:"equityChf"`
}

// NetWorthHistory answers get_net_worth_history.
type NetWorthHistory struct {
	Mandator string          `json:"mandator"`
	FromYear int             `json:"fromYear"`
	ToYear   int             `json:"toYear"`
	Months   []NetWorthMonth `json:"months" jsonschema:"month ends; the current year up to this month"`
	Warnings []string        `json:"warnings,omitempty" jsonschema:"data problems the totals work around, by year"`
}
