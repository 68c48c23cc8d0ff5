package reader

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// txFile is a Transactions.xml of two postings, written with LF here; crlf
// turns it into the app's form. Its lines, counted by hand:
//
//	 1 <?xml ...?>              14 <Id>t2</Id>
//	 2 <ArrayOfTransaction ...> 15 <BankTransactionId>
//	 3 <Transaction>            16 <BankTransactionText>
//	 4 <Id>t1</Id>              17 <RelatedParty>
//	 5 <ValueDate>              18 <ValueDate>
//	 6 <BookingDate>            19 <BookingDate>
//	 7 <Text>                   20 <Text>Salary</Text>
//	 8 <Value>87.30</Value>     21 <Value>8000</Value>
//	 9 <OriginAccountId>        22 <OriginAccountId>
//	10 <TargetAccountId>        23 <TargetAccountId>
//	11 <FxRate xsi:nil />       24 <FxRate>0.940000</FxRate>
//	12 </Transaction>           25 </Transaction>
//	13 <Transaction>            26 </ArrayOfTransaction>
const txFile = `<?xml version="1.0" encoding="utf-8"?>
<ArrayOfTransaction xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Transaction>
    <Id>t1</Id>
    <ValueDate>2025-04-01T00:00:00+02:00</ValueDate>
    <BookingDate>0001-01-01T00:00:00</BookingDate>
    <Text>Migros &amp; Coop &lt;Zürich&gt;</Text>
    <Value>87.30</Value>
    <OriginAccountId>a1020</OriginAccountId>
    <TargetAccountId>a4000</TargetAccountId>
    <FxRate xsi:nil="true" />
  </Transaction>
  <Transaction>
    <Id>t2</Id>
    <BankTransactionId>b7</BankTransactionId>
    <BankTransactionText>LOHN 01/2025</BankTransactionText>
    <RelatedParty>Employer AG</RelatedParty>
    <ValueDate>2025-01-01T00:00:00.0000000+01:00</ValueDate>
    <BookingDate>2025-01-03T00:00:00Z</BookingDate>
    <Text>Salary</Text>
    <Value>8000</Value>
    <OriginAccountId>a3000</OriginAccountId>
    <TargetAccountId>a1020</TargetAccountId>
    <FxRate>0.940000</FxRate>
  </Transaction>
</ArrayOfTransaction>`

// txFileWant is what txFile holds.
var txFileWant = []Transaction{
	{
		ID:              "t1",
		ValueDate:       NewDate(2025, 4, 1),
		Text:            "Migros & Coop <Zürich>",
		Value:           decimal.RequireFromString("87.30"),
		OriginAccountID: "a1020",
		TargetAccountID: "a4000",
	},
	{
		ID:                  "t2",
		BankTransactionID:   "b7",
		BankTransactionText: "LOHN 01/2025",
		RelatedParty:        "Employer AG",
		ValueDate:           NewDate(2025, 1, 1),
		BookingDate:         NewDate(2025, 1, 3),
		Text:                "Salary",
		Value:               decimal.RequireFromString("8000"),
		OriginAccountID:     "a3000",
		TargetAccountID:     "a1020",
		FxRate:              decimal.NewNullDecimal(decimal.RequireFromString("0.94")),
	},
}

// edit returns s with old replaced by new once; old must occur.
func edit(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("edit: %q not in input", old)
	}
	return strings.Replace(s, old, new, 1)
}

func TestParseTransactions(t *testing.T) {
	tests := []struct {
		name string
		data []byte
	}{
		{"BOM and CRLF", crlf(txFile)},
		{"no BOM and LF", []byte(txFile)},
		{"BOM and LF", []byte(bom + txFile)},
		{"CRLF and no BOM", []byte(strings.ReplaceAll(txFile, "\n", "\r\n"))},
		{"trailing CRLF", crlf(txFile + "\n")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseTransactions("Transactions.xml", tt.data)
			if err != nil {
				t.Fatalf("ParseTransactions error: %v", err)
			}
			if diff := cmp.Diff(txFileWant, got, decimalEqual); diff != "" {
				t.Errorf("ParseTransactions mismatch (-want +got):\n%s", diff)
			}
			if s := got[0].Value.StringFixed(2); s != "87.30" {
				t.Errorf("ParseTransactions Value[0] = %s; want 87.30", s)
			}
		})
	}
}

// withChild returns the children of a Transaction from txItem with the
// element called name replaced by line, or removed when line is "".
func withChild(name, line string) []string {
	var out []string
	for _, c := range txItem("t", "2025-04-01", "x", "1", "a", "b") {
		switch {
		case !strings.HasPrefix(c, "<"+name+">") && !strings.HasPrefix(c, "<"+name+" "):
			out = append(out, c)
		case line != "":
			out = append(out, line)
		}
	}
	return out
}

func TestParseTransactionsFields(t *testing.T) {
	d := decimal.RequireFromString
	tests := []struct {
		name  string
		child []string              // the children of the only <Transaction>
		want  func(tx *Transaction) // changes to base, what txItem holds
	}{
		{"nil FxRate", withChild("FxRate", nilFx), func(*Transaction) {}},
		{"no FxRate element", withChild("FxRate", ""), func(*Transaction) {}},
		{"FxRate with a value", withChild("FxRate", el("FxRate", "1.0712500")),
			func(tx *Transaction) { tx.FxRate = decimal.NewNullDecimal(d("1.07125")) }},
		{"nil FxRate with another prefix",
			withChild("FxRate", `<FxRate xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="true" />`),
			func(*Transaction) {}},
		{"escaped text", withChild("Text", el("Text", "Tom &amp; Jerry &lt;3 &gt; &quot;x&quot; &apos;y&apos; &#228;")),
			func(tx *Transaction) { tx.Text = `Tom & Jerry <3 > "x" 'y' ä` }},
		{"CDATA text", withChild("Text", "<Text><![CDATA[a <b> & c]]></Text>"),
			func(tx *Transaction) { tx.Text = "a <b> & c" }},
		{"self-closing text", withChild("Text", "<Text />"), func(tx *Transaction) { tx.Text = "" }},
		{"no text", withChild("Text", ""), func(tx *Transaction) { tx.Text = "" }},
		{"no booking date", withChild("BookingDate", ""), func(tx *Transaction) { tx.BookingDate = 0 }},
		{"booking date 0001-01-01", withChild("BookingDate", el("BookingDate", "0001-01-01T00:00:00")),
			func(tx *Transaction) { tx.BookingDate = 0 }},
		{"booking date with offset", withChild("BookingDate", el("BookingDate", "2025-04-02T00:00:00-05:00")),
			func(tx *Transaction) { tx.BookingDate = NewDate(2025, 4, 2) }},
		{"value date in UTC", withChild("ValueDate", el("ValueDate", "2025-03-31T22:00:00Z")),
			func(tx *Transaction) { tx.ValueDate = NewDate(2025, 3, 31) }},
		{"value with spaces", withChild("Value", el("Value", " 12.50 ")),
			func(tx *Transaction) { tx.Value = d("12.5") }},
		{"optional strings present", append(withChild("Text", el("Text", "x")),
			el("RelatedParty", "Café Zürich"), el("BankTransactionId", "b1"), el("BankTransactionText", "  KARTE  ")),
			func(tx *Transaction) {
				tx.RelatedParty, tx.BankTransactionID, tx.BankTransactionText = "Café Zürich", "b1", "  KARTE  "
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := Transaction{ID: "t", ValueDate: NewDate(2025, 4, 1), BookingDate: NewDate(2025, 4, 1), Text: "x",
				Value: d("1"), OriginAccountID: "a", TargetAccountID: "b"}
			tt.want(&want)
			got, err := ParseTransactions("T.xml", dialect("Transaction", tt.child))
			if err != nil {
				t.Fatalf("ParseTransactions error: %v", err)
			}
			if diff := cmp.Diff([]Transaction{want}, got, decimalEqual); diff != "" {
				t.Errorf("ParseTransactions mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestParseTransactionsIgnoresUnknownElements(t *testing.T) {
	data := edit(t, txFile, "    <Text>Salary</Text>\n", `    <Category>Lohn</Category>
    <Extra>
      <Value>1,5</Value>
      <Id>not-the-id</Id>
      <Deeper><ValueDate>garbage</ValueDate></Deeper>
    </Extra>
    <Text>Salary</Text>
    <Tags xsi:nil="true" />
`)
	data = edit(t, data, "  <Transaction>\n    <Id>t2</Id>", "  <!-- a comment -->\n  <Transaction>\n    <Id>t2</Id>")
	got, err := ParseTransactions("Transactions.xml", crlf(data))
	if err != nil {
		t.Fatalf("ParseTransactions error: %v", err)
	}
	if diff := cmp.Diff(txFileWant, got, decimalEqual); diff != "" {
		t.Errorf("ParseTransactions mismatch (-want +got):\n%s", diff)
	}
}

func TestParseEmptyArrays(t *testing.T) {
	for _, item := range []string{"Account", "SubClass", "Transaction", "BankTransaction", "BookingRule"} {
		for _, data := range [][]byte{
			dialect(item),
			crlf(xmlDecl + "\n<ArrayOf" + item + nsAttrs + ">\n</ArrayOf" + item + ">"),
		} {
			n, err := parseAny(item, data)
			if err != nil || n != 0 {
				t.Errorf("Parse of empty ArrayOf%s = %d items, %v; want 0 items, no error", item, n, err)
			}
		}
	}
}

// parseAny parses data with the Parse function for item and returns the
// number of items.
func parseAny(item string, data []byte) (int, error) {
	switch item {
	case "Account":
		v, err := ParseAccounts("f.xml", data)
		return len(v), err
	case "SubClass":
		v, err := ParseSubClasses("f.xml", data)
		return len(v), err
	case "Transaction":
		v, err := ParseTransactions("f.xml", data)
		return len(v), err
	case "BankTransaction":
		v, err := ParseBankTransactions("f.xml", data)
		return len(v), err
	case "BookingRule":
		v, err := ParseBookingRules("f.xml", data)
		return len(v), err
	}
	panic("unknown item " + item)
}

func TestParseAccounts(t *testing.T) {
	data := dialect("Account",
		accountItem("a1", "1020", "Bank &amp; Co", "CHF", "1000.00"),
		[]string{el("Id", "a2"), el("Number", "1030"), el("Name", "Cash"), el("StartBalance", "50")}, // no Currency
		[]string{el("Id", "a3"), el("Number", "1040"), el("Name", "Euro"), el("Currency", "eur"),
			el("BankAccountNumber", " CH93 0076 2011 6238 5295 7 "), el("StartBalance", "-12.5"),
			`<LastBankBalance xsi:nil="true" />`},
		[]string{el("Id", "a4"), el("Number", "1050"), el("Name", "Empty"), "<Currency />", el("StartBalance", "0")},
		[]string{el("Id", "a5"), el("Number", " 4010 "), el("Name", "Food"), el("Currency", "  "), el("StartBalance", "0"),
			el("LastBankBalance", "94.120000"), el("NewField", "x")},
	)
	got, err := ParseAccounts("Accounts.xml", data)
	if err != nil {
		t.Fatalf("ParseAccounts error: %v", err)
	}
	d := decimal.RequireFromString
	want := []Account{
		{ID: "a1", Number: 1020, Name: "Bank & Co", Currency: "CHF", StartBalance: d("1000"), LastBankBalance: d("0")},
		{ID: "a2", Number: 1030, Name: "Cash", Currency: "CHF", StartBalance: d("50")},
		{ID: "a3", Number: 1040, Name: "Euro", Currency: "EUR", BankAccountNumber: "CH93 0076 2011 6238 5295 7", StartBalance: d("-12.50")},
		{ID: "a4", Number: 1050, Name: "Empty", Currency: "CHF", StartBalance: d("0")},
		{ID: "a5", Number: 4010, Name: "Food", Currency: "CHF", StartBalance: d("0"), LastBankBalance: d("94.12")},
	}
	if diff := cmp.Diff(want, got, decimalEqual); diff != "" {
		t.Errorf("ParseAccounts mismatch (-want +got):\n%s", diff)
	}
}

func TestParseSubClasses(t *testing.T) {
	data := dialect("SubClass",
		[]string{el("Id", "s1"), el("Number", "40"), el("Name", "Haushalt &amp; Essen")},
		[]string{el("Number", "10"), el("Name", "Flüssige Mittel")},
	)
	got, err := ParseSubClasses("SubClasses.xml", data)
	if err != nil {
		t.Fatalf("ParseSubClasses error: %v", err)
	}
	want := []SubClass{{ID: "s1", Number: 40, Name: "Haushalt & Essen"}, {Number: 10, Name: "Flüssige Mittel"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("ParseSubClasses mismatch (-want +got):\n%s", diff)
	}
}

func TestParseBankTransactions(t *testing.T) {
	bank := func(id, value, ignore string, extra ...string) []string {
		return append([]string{el("Id", id), el("ValueDate", "2025-03-31T00:00:00+02:00"),
			el("BookingDate", "2025-04-01T00:00:00"), el("Text", "Card &lt;4711&gt;"), el("Value", value),
			el("BankAccountNumber", "CH93 0076 2011 6238 5295 7")}, append(extra, el("Ignore", ignore))...)
	}
	data := dialect("BankTransaction",
		bank("b1", "-87.30", "false", el("Creditor", "Migros")),
		bank("b2", "8000.00", "true", el("Debtor", "Employer AG")),
		bank("b3", "1", "1"),
		bank("b4", "2", "0"),
		bank("b5", "3", " true "),
	)
	got, err := ParseBankTransactions("BankTransactions.xml", data)
	if err != nil {
		t.Fatalf("ParseBankTransactions error: %v", err)
	}
	d := decimal.RequireFromString
	row := func(id, value string, ignore bool) BankTransaction {
		return BankTransaction{ID: id, ValueDate: NewDate(2025, 3, 31), BookingDate: NewDate(2025, 4, 1),
			Text: "Card <4711>", Value: d(value), BankAccountNumber: "CH93 0076 2011 6238 5295 7", Ignore: ignore}
	}
	want := []BankTransaction{row("b1", "-87.3", false), row("b2", "8000", true), row("b3", "1", true),
		row("b4", "2", false), row("b5", "3", true)}
	want[0].Creditor = "Migros"
	want[1].Debtor = "Employer AG"
	if diff := cmp.Diff(want, got, decimalEqual); diff != "" {
		t.Errorf("ParseBankTransactions mismatch (-want +got):\n%s", diff)
	}
}

func TestParseBookingRules(t *testing.T) {
	data := dialect("BookingRule",
		[]string{el("Id", "r1"), el("LookupText", "MIGROS"), el("LookupValue", "0"), el("BookingText", "Groceries"), el("AccountId", "a4000")},
		[]string{el("Id", "r2"), el("LookupText", "Miete &amp; NK"), el("LookupValue", "-1850.00"), el("AccountId", "a4100")},
	)
	got, err := ParseBookingRules("BookingRules.xml", data)
	if err != nil {
		t.Fatalf("ParseBookingRules error: %v", err)
	}
	d := decimal.RequireFromString
	want := []BookingRule{
		{ID: "r1", LookupText: "MIGROS", LookupValue: d("0"), BookingText: "Groceries", AccountID: "a4000"},
		{ID: "r2", LookupText: "Miete & NK", LookupValue: d("-1850"), AccountID: "a4100"},
	}
	if diff := cmp.Diff(want, got, decimalEqual); diff != "" {
		t.Errorf("ParseBookingRules mismatch (-want +got):\n%s", diff)
	}
}

// asParseError returns err as a *ParseError, failing the test if it is not one.
func asParseError(t *testing.T, call string, err error) *ParseError {
	t.Helper()
	if err == nil {
		t.Fatalf("%s error = nil; want *ParseError", call)
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%s error = %v (%T); want *ParseError", call, err, err)
	}
	return pe
}

func TestParseReadsUTF8WhateverTheDeclarationSays(t *testing.T) {
	// Every file is UTF-8 (docs/format.md#files). A .NET program that serializes to a
	// StringWriter and saves the string declares encoding="utf-16" over UTF-8
	// bytes; the root check already ignores the label, and so must the items:
	// a mislabeled file must not silently yield no postings or mojibake.
	for _, label := range []string{"utf-16", "UTF-16", "windows-1252", "iso-8859-1", "UTF-8", "utf8"} {
		t.Run(label, func(t *testing.T) {
			data := crlf(edit(t, txFile, `encoding="utf-8"`, `encoding="`+label+`"`))
			got, err := ParseTransactions("Transactions.xml", data)
			if err != nil {
				t.Fatalf("ParseTransactions error: %v", err)
			}
			if diff := cmp.Diff(txFileWant, got, decimalEqual); diff != "" {
				t.Errorf("ParseTransactions mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
