package tools_test

import (
	"fmt"
	"strings"
	"testing/fstest"
)

// The helpers below write books in the app's dialect (BOM, CRLF, the
// XmlSerializer root) for small inline test cases.

func xmlFile(root string, items ...string) *fstest.MapFile {
	var b strings.Builder
	b.WriteString("\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n")
	fmt.Fprintf(&b, "<%s xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">\r\n", root)
	for _, it := range items {
		b.WriteString(it)
	}
	fmt.Fprintf(&b, "</%s>\r\n", root)
	return &fstest.MapFile{Data: []byte(b.String())}
}

func account(id string, number int, name, currency, start string) string {
	cur := ""
	if currency != "" {
		cur = "    <Currency>" + currency + "</Currency>\r\n"
	}
	return fmt.Sprintf("  <Account>\r\n    <Id>%s</Id>\r\n    <Number>%d</Number>\r\n    <Name>%s</Name>\r\n%s    <StartBalance>%s</StartBalance>\r\n    <LastBankBalance>0</LastBankBalance>\r\n  </Account>\r\n",
		id, number, name, cur, start)
}

func subclass(number int, name string) string {
	return fmt.Sprintf("  <SubClass>\r\n    <Id>s%d</Id>\r\n    <Number>%d</Number>\r\n    <Name>%s</Name>\r\n  </SubClass>\r\n", number, number, name)
}

// posting debits target and credits origin with value CHF.
func posting(id, date, text, value, origin, target, fx string) string {
	fxEl := "    <FxRate xsi:nil=\"true\" />\r\n"
	if fx != "" {
		fxEl = "    <FxRate>" + fx + "</FxRate>\r\n"
	}
	return fmt.Sprintf("  <Transaction>\r\n    <Id>%s</Id>\r\n    <ValueDate>%sT00:00:00</ValueDate>\r\n    <BookingDate>0001-01-01T00:00:00</BookingDate>\r\n    <Text>%s</Text>\r\n    <Value>%s</Value>\r\n    <OriginAccountId>%s</OriginAccountId>\r\n    <TargetAccountId>%s</TargetAccountId>\r\n%s  </Transaction>\r\n",
		id, date, text, value, origin, target, fxEl)
}

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
