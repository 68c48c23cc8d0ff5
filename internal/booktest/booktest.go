// Package booktest writes small books in the AccountingNext dialect for
// tests: the app's BOM, CRLF line ends and XmlSerializer root, so that a test
// case states its postings inline (docs/format.md).
package booktest

import (
	"fmt"
	"strings"
	"testing/fstest"
)

// The helpers below write books in the app's dialect (BOM, CRLF, the
// XmlSerializer root) for small inline test cases.

// XMLFile is a data file with root element root holding items.
func XMLFile(root string, items ...string) *fstest.MapFile {
	var b strings.Builder
	b.WriteString("\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n")
	fmt.Fprintf(&b, "<%s xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">\r\n", root)
	for _, it := range items {
		b.WriteString(it)
	}
	fmt.Fprintf(&b, "</%s>\r\n", root)
	return &fstest.MapFile{Data: []byte(b.String())}
}

// Account is an <Account> item.
func Account(id string, number int, name, currency, start string) string {
	cur := ""
	if currency != "" {
		cur = "    <Currency>" + currency + "</Currency>\r\n"
	}
	return fmt.Sprintf("  <Account>\r\n    <Id>%s</Id>\r\n    <Number>%d</Number>\r\n    <Name>%s</Name>\r\n%s    <StartBalance>%s</StartBalance>\r\n    <LastBankBalance>0</LastBankBalance>\r\n  </Account>\r\n",
		id, number, name, cur, start)
}

// Subclass is a <SubClass> item.
func Subclass(number int, name string) string {
	return fmt.Sprintf("  <SubClass>\r\n    <Id>s%d</Id>\r\n    <Number>%d</Number>\r\n    <Name>%s</Name>\r\n  </SubClass>\r\n", number, number, name)
}

// Posting is a <Transaction> item that debits target and credits origin
// with value CHF.
func Posting(id, date, text, value, origin, target, fx string) string {
	fxEl := "    <FxRate xsi:nil=\"true\" />\r\n"
	if fx != "" {
		fxEl = "    <FxRate>" + fx + "</FxRate>\r\n"
	}
	return fmt.Sprintf("  <Transaction>\r\n    <Id>%s</Id>\r\n    <ValueDate>%sT00:00:00</ValueDate>\r\n    <BookingDate>0001-01-01T00:00:00</BookingDate>\r\n    <Text>%s</Text>\r\n    <Value>%s</Value>\r\n    <OriginAccountId>%s</OriginAccountId>\r\n    <TargetAccountId>%s</TargetAccountId>\r\n%s  </Transaction>\r\n",
		id, date, text, value, origin, target, fxEl)
}
