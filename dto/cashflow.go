package dto

// CashCategory is the money that moved between the cash accounts and one
// subclass of other accounts in a period.
type CashCategory struct {
	Name      string `json:"name"`
	AmountChf string `json:"amountChf"`
}

// CashTotals are the cash of a period: opening + in − out (+ fxDifference,
// for foreign cash valued at the year's rate) = closing.
type CashTotals struct {
	OpeningChf      string `json:"openingChf"`
	InChf           string `json:"inChf"`
	OutChf          string `json:"outChf"`
	FxDifferenceChf string `json:"fxDifferenceChf,omitempty"`
	ClosingChf      string `json:"closingChf"`
}

// CashPeriod is one period of a cash-flow statement.
type CashPeriod struct {
	Period string `json:"period"`
	CashTotals
	Inflows  []CashCategory `json:"inflows"`
	Outflows []CashCategory `json:"outflows"`
}

// CashFlow answers get_cash_flow. Opening + in − out (+ fxDifference) =
// closing, for the year and for every period.
type CashFlow struct {
	Mandator     string   `json:"mandator"`
	Year         int      `json:"year"`
	Interval     string   `json:"interval"`
	CashAccounts []string `json:"cashAccounts" jsonschema:"names of the accounts counted as cash"`
	CashTotals
	Periods  []CashPeriod `json:"periods"`
	Warnings []string     `json:"warnings,omitempty"`
}

// YearCashFlow answers get_cash_flow in Aggregate mode: the book year as a
// whole. Opening + in − out (+ fxDifference) = closing.
type YearCashFlow struct {
	Mandator     string   `json:"mandator"`
	Year         int      `json:"year"`
	CashAccounts []string `json:"cashAccounts" jsonschema:"names of the accounts counted as cash"`
	CashTotals
	Inflows  []CashCategory `json:"inflows"`
	Outflows []CashCategory `json:"outflows"`
	Warnings []string       `json:"warnings,omitempty"`
}
