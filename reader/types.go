package reader

import (
	"time"

	"github.com/shopspring/decimal"
)

// A Class is the top-level account class, the account number's first digit.
type Class int

// The account classes of the Swiss chart of accounts used by AccountingNext.
const (
	ClassUnknown Class = 0
	Activa       Class = 1 // assets
	Passiva      Class = 2 // liabilities
	Income       Class = 3 // Ertrag
	Expenses     Class = 4 // Aufwand
)

// String returns the class's name as used in the tool catalog.
func (c Class) String() string {
	switch c {
	case Activa:
		return "activa"
	case Passiva:
		return "passiva"
	case Income:
		return "income"
	case Expenses:
		return "expenses"
	}
	return "unknown"
}

// BaseCurrency is the currency postings are stored in and that an account
// without a currency uses.
const BaseCurrency = "CHF"

// An Account is one entry of Accounts.xml.
type Account struct {
	ID                string
	Number            int
	Name              string
	Currency          string // ISO code; BaseCurrency when the file leaves it empty
	BankAccountNumber string // IBAN, or ""
	StartBalance      decimal.Decimal
	LastBankBalance   decimal.Decimal
}

// Class returns the account's class, Number / 1000, or ClassUnknown for
// numbers outside 1000–4999.
func (a *Account) Class() Class {
	if c := Class(a.Number / 1000); c >= Activa && c <= Expenses && a.Number > 0 {
		return c
	}
	return ClassUnknown
}

// SubclassNumber returns Number / 100, e.g. 40 for account 4010.
func (a *Account) SubclassNumber() int { return a.Number / 100 }

// IsForeign reports whether the account is kept in a currency other than CHF.
func (a *Account) IsForeign() bool { return a.Currency != BaseCurrency }

// A SubClass names a two-digit subclass (SubClasses.xml).
type SubClass struct {
	ID     string
	Number int
	Name   string
}

// A Transaction is one posting of Transactions.xml. Value is always CHF and
// positive; the target account is debited (Soll), the origin credited (Haben).
type Transaction struct {
	ID                  string
	BankTransactionID   string
	BankTransactionText string
	RelatedParty        string
	ValueDate           Date
	BookingDate         Date // zero when the app wrote 0001-01-01
	Text                string
	Value               decimal.Decimal
	OriginAccountID     string // credited
	TargetAccountID     string // debited
	FxRate              decimal.NullDecimal
}

// A BankTransaction is one imported bank line of BankTransactions.xml.
type BankTransaction struct {
	ID                string
	ValueDate         Date
	BookingDate       Date
	Text              string
	Value             decimal.Decimal // signed: negative for money leaving the account
	BankAccountNumber string
	Debtor            string
	Creditor          string
	Ignore            bool
}

// A BookingRule is one auto-matcher rule of BookingRules.xml.
type BookingRule struct {
	ID          string
	LookupText  string
	LookupValue decimal.Decimal
	BookingText string
	AccountID   string
}

// A FileStamp records which file answered and when it was last modified.
type FileStamp struct {
	Path    string // relative to the data root, slash-separated
	ModTime time.Time
}

// Books are the parsed files of one mandator and year: always the core
// files (accounts, subclasses, postings), and the optional ones that Needs
// names. They are shared between concurrent callers and must not be
// modified.
type Books struct {
	Mandator         string
	Year             int
	Accounts         []Account
	SubClasses       []SubClass
	Transactions     []Transaction
	BankTransactions []BankTransaction
	BookingRules     []BookingRule

	HasTransactionsFile bool        // false for a year just opened
	HasBankFile         bool        // only known when Needs has NeedBank
	Files               []FileStamp // the files that were read, in a fixed order

	// Needs are the optional files that were asked for (Store.BooksWith).
	Needs Need
	// Unreadable are the optional files asked for that could not be read and
	// were left out; the answer can be given without them.
	Unreadable []*ParseError
}
