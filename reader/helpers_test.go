package reader

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// This file builds books in the exact dialect the desktop app's XmlSerializer
// writes: UTF-8 with a BOM, the utf-8 XML declaration, CRLF line ends, a
// 2-space indent and an ArrayOf<Item> root carrying xmlns:xsi and xmlns:xsd.

const (
	bom     = "\ufeff"
	xmlDecl = `<?xml version="1.0" encoding="utf-8"?>`
	nsAttrs = ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"`
	nilFx   = `<FxRate xsi:nil="true" />`
)

// decimalEqual compares decimals by value, whatever their scale.
var decimalEqual = cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) })

// dialect returns a file of items named item, each given as its child
// element lines, written as the app writes it. With no items the root is
// self-closing, as XmlSerializer writes an empty list.
func dialect(item string, items ...[]string) []byte {
	root := "ArrayOf" + item
	lines := []string{xmlDecl}
	if len(items) == 0 {
		lines = append(lines, "<"+root+nsAttrs+" />")
	} else {
		lines = append(lines, "<"+root+nsAttrs+">")
		for _, children := range items {
			lines = append(lines, "  <"+item+">")
			for _, c := range children {
				lines = append(lines, "    "+c)
			}
			lines = append(lines, "  </"+item+">")
		}
		lines = append(lines, "</"+root+">")
	}
	return []byte(bom + strings.Join(lines, "\r\n"))
}

// crlf turns a file written in a Go raw string (LF) into the app's form:
// BOM and CRLF line ends.
func crlf(s string) []byte {
	return []byte(bom + strings.ReplaceAll(s, "\n", "\r\n"))
}

// el returns <name>value</name>.
func el(name, value string) string { return "<" + name + ">" + value + "</" + name + ">" }

// accountItem returns the child elements of an Account.
func accountItem(id, number, name, currency, start string) []string {
	return []string{
		el("Id", id),
		el("Number", number),
		el("Name", name),
		el("Currency", currency),
		el("StartBalance", start),
		el("LastBankBalance", "0"),
	}
}

// txItem returns the child elements of a Transaction in CHF (FxRate nil),
// booked on its value date.
func txItem(id, date, text, value, origin, target string) []string {
	return []string{
		el("Id", id),
		el("ValueDate", date+"T00:00:00"),
		el("BookingDate", date+"T00:00:00"),
		el("Text", text),
		el("Value", value),
		el("OriginAccountId", origin),
		el("TargetAccountId", target),
		nilFx,
	}
}

// sampleAccounts is a small chart: a bank account, a mortgage, salary income
// and groceries.
func sampleAccounts() []byte {
	return dialect("Account",
		accountItem("a1020", "1020", "Bank", "CHF", "1000.00"),
		accountItem("a2400", "2400", "Mortgage", "CHF", "250000.00"),
		accountItem("a3000", "3000", "Salary", "CHF", "0"),
		accountItem("a4000", "4000", "Groceries", "CHF", "0"),
	)
}

// writeFile writes data to rel (slash-separated) below root, creating folders.
func writeFile(t *testing.T, root, rel string, data []byte) {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeBooks writes Accounts.xml and, when txs is not nil, Transactions.xml
// for mandator in year below root.
func writeBooks(t *testing.T, root, year, mandator string, txs [][]string) {
	t.Helper()
	dir := year + "/" + mandator + "/Data/"
	writeFile(t, root, dir+"Accounts.xml", sampleAccounts())
	if txs != nil {
		writeFile(t, root, dir+"Transactions.xml", dialect("Transaction", txs...))
	}
}
