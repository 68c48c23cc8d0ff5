package sensitive

// BankSuggestion is the desktop app's auto-matcher proposal for one bank
// line. Nothing is booked.
type BankSuggestion struct {
	MatchedBy        string `json:"matchedBy" jsonschema:"booking_rule_amount, booking_rule, previous_month_same_accounts or previous_month_same_amount"`
	BasedOn          string `json:"basedOn" jsonschema:"the booking rule's id, or the transactionId of the previous-month posting"`
	MatchedDayOffset *int   `json:"matchedDayOffset,omitempty" jsonschema:"previous-month matches: days from the line's day a month before to that posting (0 = same day)"`
	Text             string `json:"text" jsonschema:"proposed posting text"`
	AccountID        string `json:"accountId" jsonschema:"proposed counter-account: debited for money out, credited for money in"`
	AccountNumber    int    `json:"accountNumber"`
	AccountName      string `json:"accountName"`
}

// OpenBankTransaction is one imported bank line that no posting books yet.
type OpenBankTransaction struct {
	BankTransactionID string          `json:"bankTransactionId"`
	Date              string          `json:"date" jsonschema:"value date YYYY-MM-DD"`
	BookingDate       string          `json:"bookingDate,omitempty"`
	Text              string          `json:"text"`
	Amount            string          `json:"amount" jsonschema:"CHF, signed: negative for money out"`
	BankAccountNumber string          `json:"bankAccountNumber"`
	Debtor            string          `json:"debtor,omitempty"`
	Creditor          string          `json:"creditor,omitempty"`
	Suggestion        *BankSuggestion `json:"suggestion,omitempty" jsonschema:"absent when the matcher finds nothing"`
}

// OpenBankTransactions answers get_open_bank_transactions.
type OpenBankTransactions struct {
	Mandator         string                `json:"mandator"`
	Year             int                   `json:"year"`
	BankTransactions []OpenBankTransaction `json:"bankTransactions" jsonschema:"newest first"`
	Total            int                   `json:"total" jsonschema:"all open lines, not marked Ignore"`
	Offset           int                   `json:"offset"`
	Truncated        bool                  `json:"truncated" jsonschema:"true when more lines exist than were returned"`
	NextOffset       int                   `json:"nextOffset,omitempty" jsonschema:"offset of the next page when truncated"`
	IgnoredCount     int                   `json:"ignoredCount" jsonschema:"open lines marked Ignore in the app, left out"`
	Note             string                `json:"note,omitempty"`
	Warnings         []string              `json:"warnings,omitempty"`
}
