package tools_test

import (
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/internal/booktest"
)

// The book writers of internal/booktest, under the short names the tests
// of this package use.
var (
	xmlFile  = booktest.XMLFile
	account  = booktest.Account
	subclass = booktest.Subclass
	posting  = booktest.Posting
)

// tinyBooks is a data root with two mandators; Beta's 2025 postings are
// broken, its 2024 books fine.
func tinyBooks() fstest.MapFS {
	accounts := xmlFile("ArrayOfAccount",
		account("bank", 1010, "Bank", "CHF", "1000"),
		account("food", 4000, "Food", "", "0"),
		account("pay", 3000, "Salary", "", "0"))
	subs := xmlFile("ArrayOfSubClass", subclass(10, "Cash"), subclass(30, "Income"), subclass(40, "Living"))
	good := xmlFile("ArrayOfTransaction",
		posting("t1", "2025-01-05", "Salary", "500", "pay", "bank", ""),
		posting("t2", "2025-02-10", "Coop", "120.50", "bank", "food", ""))
	return fstest.MapFS{
		"2025/Alpha/Data/Accounts.xml":     accounts,
		"2025/Alpha/Data/SubClasses.xml":   subs,
		"2025/Alpha/Data/Transactions.xml": good,
		"2024/Beta/Data/Accounts.xml":      accounts,
		"2025/Beta/Data/Accounts.xml":      accounts,
		"2025/Beta/Data/Transactions.xml":  {Data: []byte("\ufeff<?xml version=\"1.0\"?>\r\n<ArrayOfTransaction>\r\n  <Transaction>\r\n    <Id>x</Id>\r\n    <Value>1,5</Value>")},
		"2025/backup/Data/Accounts.xml":    accounts,
	}
}
