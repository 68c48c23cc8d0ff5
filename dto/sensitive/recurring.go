package sensitive

// RecurringPayment is one recurring debit: one payee, one expense account.
type RecurringPayment struct {
	Payee                    string `json:"payee" jsonschema:"related party, else the text without trailing dates"`
	AccountNumber            int    `json:"accountNumber"`
	AccountName              string `json:"accountName"`
	Cadence                  string `json:"cadence" jsonschema:"monthly, quarterly or yearly"`
	Occurrences              int    `json:"occurrences" jsonschema:"bookings in year"`
	TypicalAmountChf         string `json:"typicalAmountChf,omitempty" jsonschema:"amount in year (after a price change, the new one)"`
	PreviousTypicalAmountChf string `json:"previousTypicalAmountChf,omitempty" jsonschema:"amount in compareYear"`
	ChangeChf                string `json:"changeChf,omitempty"`
	ChangePct                string `json:"changePct,omitempty"`
	Status                   string `json:"status" jsonschema:"new, changed, unchanged, pending (not yet booked in year, not overdue) or stopped (over a month overdue)"`
	AnnualCostChf            string `json:"annualCostChf" jsonschema:"amount × 12, 4 or 1; 0.00 when stopped"`
	AnnualCostChangeChf      string `json:"annualCostChangeChf,omitempty" jsonschema:"vs. compareYear"`
	LastDate                 string `json:"lastDate"`
	NextDueDate              string `json:"nextDueDate"`
}

// RecurringPayments answers get_recurring_transactions.
type RecurringPayments struct {
	Mandator    string             `json:"mandator"`
	Year        int                `json:"year"`
	CompareYear int                `json:"compareYear,omitempty" jsonschema:"absent without books for year − 1; see note"`
	StatusAsOf  string             `json:"statusAsOf" jsonschema:"today, or 31 December of a past year"`
	Note        string             `json:"note,omitempty"`
	Recurring   []RecurringPayment `json:"recurring" jsonschema:"largest annual cost change first"`
	Total       int                `json:"total"`
	Truncated   bool               `json:"truncated"`
	Warnings    []string           `json:"warnings,omitempty"`
}
