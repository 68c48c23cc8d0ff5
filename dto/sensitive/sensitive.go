// Package sensitive holds output records that carry detail the Aggregate
// privacy mode must never let out: account ids, IBANs, start balances,
// transaction texts, related parties and individual dates. Only tools that
// are registered in Full and Local mode import it.
package sensitive

// Account is one row of the chart of accounts with its balance.
type Account struct {
	AccountID         string `json:"accountId"`
	Number            int    `json:"number"`
	Name              string `json:"name"`
	Currency          string `json:"currency"`
	Class             string `json:"class" jsonschema:"activa, passiva, income or expenses"`
	SubclassNumber    int    `json:"subclassNumber"`
	SubclassName      string `json:"subclassName"`
	StartBalance      string `json:"startBalance" jsonschema:"normal direction, account currency"`
	Balance           string `json:"balance" jsonschema:"normal direction, account currency"`
	BalanceChf        string `json:"balanceChf,omitempty" jsonschema:"omitted when no exchange rate is known"`
	FxRate            string `json:"fxRate,omitempty" jsonschema:"CHF per unit used for balanceChf"`
	FxRateSource      string `json:"fxRateSource,omitempty" jsonschema:"config or latest_posting"`
	BankAccountNumber string `json:"bankAccountNumber,omitempty"`
}

// Accounts answers list_accounts.
type Accounts struct {
	Mandator string    `json:"mandator"`
	Year     int       `json:"year"`
	Accounts []Account `json:"accounts" jsonschema:"ordered by number"`
	Warnings []string  `json:"warnings,omitempty"`
}

// Month is one month of an account's movements, in the account currency.
type Month struct {
	Month          string `json:"month" jsonschema:"YYYY-MM"`
	Debits         string `json:"debits"`
	Credits        string `json:"credits"`
	ClosingBalance string `json:"closingBalance" jsonschema:"normal direction"`
}

// AccountDetail answers get_account.
type AccountDetail struct {
	Mandator string `json:"mandator"`
	Year     int    `json:"year"`
	Account
	TransactionCount int      `json:"transactionCount"`
	Months           []Month  `json:"months"`
	Warnings         []string `json:"warnings,omitempty"`
}

// AccountAmount is one account's total in an income statement.
type AccountAmount struct {
	AccountID string `json:"accountId"`
	Number    int    `json:"number"`
	Name      string `json:"name"`
	AmountChf string `json:"amountChf"`
}

// IncomeStatement answers get_income_statement.
type IncomeStatement struct {
	Mandator        string          `json:"mandator"`
	Year            int             `json:"year"`
	FromDate        string          `json:"fromDate,omitempty"`
	ToDate          string          `json:"toDate,omitempty"`
	ProfitChf       string          `json:"profitChf" jsonschema:"total income"`
	LossChf         string          `json:"lossChf" jsonschema:"total expenses"`
	NetChf          string          `json:"netChf" jsonschema:"income minus expenses"`
	IncomeAccounts  []AccountAmount `json:"incomeAccounts"`
	ExpenseAccounts []AccountAmount `json:"expenseAccounts"`
	Warnings        []string        `json:"warnings,omitempty"`
}

// Transaction is one posting.
type Transaction struct {
	TransactionID       string `json:"transactionId"`
	Year                int    `json:"year,omitempty" jsonschema:"the books the posting belongs to (search results)"`
	Date                string `json:"date" jsonschema:"value date YYYY-MM-DD"`
	BookingDate         string `json:"bookingDate,omitempty"`
	Text                string `json:"text"`
	Value               string `json:"value" jsonschema:"in currency"`
	Currency            string `json:"currency"`
	ValueChf            string `json:"valueChf"`
	FxRate              string `json:"fxRate,omitempty"`
	OriginAccountID     string `json:"originAccountId" jsonschema:"credited account"`
	OriginAccountNumber int    `json:"originAccountNumber"`
	OriginAccountName   string `json:"originAccountName"`
	TargetAccountID     string `json:"targetAccountId" jsonschema:"debited account"`
	TargetAccountNumber int    `json:"targetAccountNumber"`
	TargetAccountName   string `json:"targetAccountName"`
	RelatedParty        string `json:"relatedParty,omitempty"`
	BankTransactionText string `json:"bankTransactionText,omitempty"`
}

// Transactions answers get_transactions and search_transactions.
type Transactions struct {
	Mandator     string        `json:"mandator"`
	Year         int           `json:"year,omitempty" jsonschema:"get_transactions: the books searched"`
	FromYear     int           `json:"fromYear,omitempty" jsonschema:"search_transactions: first year searched"`
	ToYear       int           `json:"toYear,omitempty" jsonschema:"search_transactions: last year searched"`
	Transactions []Transaction `json:"transactions" jsonschema:"newest first"`
	Total        int           `json:"total" jsonschema:"all matches"`
	Offset       int           `json:"offset"`
	Truncated    bool          `json:"truncated" jsonschema:"true when more matches exist than were returned"`
	NextOffset   int           `json:"nextOffset,omitempty" jsonschema:"offset of the next page when truncated"`
	SumChf       string        `json:"sumChf" jsonschema:"all matches, not just this page; with accountId or class in its normal direction"`
	Warnings     []string      `json:"warnings,omitempty" jsonschema:"years left out because their books cannot be read"`
}
