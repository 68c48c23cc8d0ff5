package sensitive

// Finding is one data problem of a mandator-year.
type Finding struct {
	Code              string `json:"code" jsonschema:"stable code, e.g. dangling_account"`
	Severity          string `json:"severity" jsonschema:"error, warning or info"`
	Message           string `json:"message"`
	File              string `json:"file,omitempty" jsonschema:"unreadable_file: path relative to the data folder"`
	Line              int    `json:"line,omitempty" jsonschema:"unreadable_file: line of the problem, when known"`
	TransactionID     string `json:"transactionId,omitempty"`
	BankTransactionID string `json:"bankTransactionId,omitempty"`
	AccountID         string `json:"accountId,omitempty"`
	AccountNumber     int    `json:"accountNumber,omitempty"`
	Date              string `json:"date,omitempty" jsonschema:"the posting's value date"`
}

// BooksCheck answers check_books.
type BooksCheck struct {
	Mandator  string         `json:"mandator"`
	Year      int            `json:"year"`
	Findings  []Finding      `json:"findings" jsonschema:"grouped by code, errors first"`
	Total     int            `json:"total" jsonschema:"all findings"`
	Truncated bool           `json:"truncated" jsonschema:"true when not every finding fits in one answer; counts still cover all"`
	Counts    map[string]int `json:"counts" jsonschema:"findings per code"`
	OK        bool           `json:"ok" jsonschema:"true when no finding has error severity"`
}
