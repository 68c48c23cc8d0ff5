package dto

// CashCategory is the money that moved between the cash accounts and one
// subclass of other accounts in a period.
type CashCategory struct {
	Name      string `json:"name"`
	Number    int    `json:"number" jsonschema:"subclass number"`
	AmountChf string `json:"amountChf"`
}

// CashPeriod is one period of a cash-flow statement.
type CashPeriod struct {
	Period          string         `json:"period" jsonschema:"YYYY-MM, YYYY-Qn or YYYY"`
	OpeningChf      string         `json:"openingChf"`
	InChf           string         `json:"inChf"`
	OutChf          string         `json:"outChf"`
	FxDifferenceChf string         `json:"fxDifferenceChf,omitempty"`
	ClosingChf      string         `json:"closingChf"`
	Inflows         []CashCategory `json:"inflows" jsonschema:"by the other account's subclass, largest first"`
	Outflows        []CashCategory `json:"outflows"`
}

// CashAccount names one account counted as cash.
type CashAccount struct {
	Name     string `json:"name"`
	Currency string `json:"currency"`
}

// CashFlow answers get_cash_flow. Opening + in − out (+ fxDifference) =
// closing, for the year and for every period.
type CashFlow struct {
	Mandator        string        `json:"mandator"`
	Year            int           `json:"year"`
	Interval        string        `json:"interval"`
	CashAccounts    []CashAccount `json:"cashAccounts"`
	OpeningChf      string        `json:"openingChf"`
	InChf           string        `json:"inChf"`
	OutChf          string        `json:"outChf"`
	FxDifferenceChf string        `json:"fxDifferenceChf,omitempty" jsonschema:"foreign cash valued at the year's rate minus the CHF booked"`
	ClosingChf      string        `json:"closingChf"`
	Periods         []CashPeriod  `json:"periods"`
	Warnings        []string      `json:"warnings,omitempty"`
}
