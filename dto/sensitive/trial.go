package sensitive

// TrialAccount is one account of a trial balance: opening and closing in
// the normal direction, debits and credits as booked, in the account's
// currency, and the legs at their CHF values.
type TrialAccount struct {
	AccountID  string `json:"accountId"`
	Number     int    `json:"number"`
	Name       string `json:"name"`
	Currency   string `json:"currency"`
	Opening    string `json:"opening"`
	Debits     string `json:"debits"`
	Credits    string `json:"credits"`
	Closing    string `json:"closing"`
	DebitsChf  string `json:"debitsChf"`
	CreditsChf string `json:"creditsChf"`
}

// TrialBalance answers get_trial_balance.
type TrialBalance struct {
	Mandator        string         `json:"mandator"`
	Year            int            `json:"year"`
	FromDate        string         `json:"fromDate,omitempty"`
	ToDate          string         `json:"toDate,omitempty"`
	Accounts        []TrialAccount `json:"accounts"`
	TotalDebitsChf  string         `json:"totalDebitsChf"`
	TotalCreditsChf string         `json:"totalCreditsChf"`
	Warnings        []string       `json:"warnings,omitempty"`
}
