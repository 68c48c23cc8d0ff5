package sensitive

// UnusualPosting is one posting (or one missing income) that stands out.
type UnusualPosting struct {
	Kind          string `json:"kind" jsonschema:"high_amount, new_payee, double_charge, large_transfer, missing_income or low_income"`
	Date          string `json:"date" jsonschema:"missing_income: when due"`
	TransactionID string `json:"transactionId,omitempty"`
	Text          string `json:"text,omitempty"`
	Payee         string `json:"payee,omitempty"`
	AccountNumber int    `json:"accountNumber"`
	AccountName   string `json:"accountName"`
	AmountChf     string `json:"amountChf"`
	UsualChf      string `json:"usualChf,omitempty"`
	AtStakeChf    string `json:"atStakeChf" jsonschema:"the sort key: CHF above usual, doubled, new or missing"`
	Reason        string `json:"reason"`
}

// UnusualPostings answers find_unusual_transactions.
type UnusualPostings struct {
	Mandator  string           `json:"mandator"`
	Year      int              `json:"year"`
	FromDate  string           `json:"fromDate,omitempty"`
	ToDate    string           `json:"toDate,omitempty"`
	Unusual   []UnusualPosting `json:"unusual"`
	Total     int              `json:"total"`
	Truncated bool             `json:"truncated"`
	Judged    int              `json:"judged"`
	Notes     []string         `json:"notes"`
}
