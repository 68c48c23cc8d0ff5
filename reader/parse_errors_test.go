package reader

import (
	"fmt"
	"strings"
	"testing"
)

// accountsBadNumber is an Accounts.xml whose second account has a number
// that is not an integer, on line 10.
const accountsBadNumber = `<?xml version="1.0" encoding="utf-8"?>
<ArrayOfAccount xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Account>
    <Id>a1</Id>
    <Number>1020</Number>
    <Name>Bank</Name>
  </Account>
  <Account>
    <Id>a2</Id>
    <Number>10x0</Number>
    <Name>Cash</Name>
  </Account>
</ArrayOfAccount>`

// bankBadIgnore is a BankTransactions.xml whose <Ignore> on line 7 is not a
// boolean.
const bankBadIgnore = `<?xml version="1.0" encoding="utf-8"?>
<ArrayOfBankTransaction xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <BankTransaction>
    <Id>b1</Id>
    <ValueDate>2025-04-01T00:00:00</ValueDate>
    <Value>-5.00</Value>
    <Ignore>yes</Ignore>
  </BankTransaction>
</ArrayOfBankTransaction>`

// cut returns s up to and including the first occurrence of upTo.
func cut(t *testing.T, s, upTo string) string {
	t.Helper()
	i := strings.Index(s, upTo)
	if i < 0 {
		t.Fatalf("cut: %q not in input", upTo)
	}
	return s[:i+len(upTo)]
}

func TestParseErrors(t *testing.T) {
	const rel = "2025/Demo/Data/Transactions.xml"
	transactions := func(rel string, data []byte) error { _, err := ParseTransactions(rel, data); return err }
	accounts := func(rel string, data []byte) error { _, err := ParseAccounts(rel, data); return err }
	bank := func(rel string, data []byte) error { _, err := ParseBankTransactions(rel, data); return err }
	subClasses := func(rel string, data []byte) error { _, err := ParseSubClasses(rel, data); return err }
	rules := func(rel string, data []byte) error { _, err := ParseBookingRules(rel, data); return err }

	tests := []struct {
		name      string
		parse     func(rel string, data []byte) error
		data      []byte
		line      int    // counted by hand; see txFile's line table
		reason    string // a word the reason must contain
		retryable bool
	}{
		// A file being rewritten by the app: empty or cut off.
		{"empty file", transactions, nil, 0, "empty", true},
		{"BOM only", transactions, []byte(bom), 0, "empty", true},
		{"blank lines only", transactions, []byte("\r\n\r\n"), 0, "empty", true},
		{"declaration only", transactions, crlf(xmlDecl + "\n"), 0, "empty", true},
		{"cut in the declaration", transactions, crlf(cut(t, txFile, `<?xml version="1.0" enc`)), 1, "early", true},
		{"cut in the root tag", transactions, crlf(cut(t, txFile, `<ArrayOfTransaction xmlns:xsi="http`)), 2, "early", true},
		{"cut after the root tag", transactions, crlf(cut(t, txFile, `XMLSchema">`)), 2, "early", true},
		{"cut in an item tag", transactions, crlf(cut(t, txFile, "</Transaction>\n  <Transac")), 13, "early", true},
		{"cut in an element", transactions, crlf(cut(t, txFile, "<Text>Sal")), 20, "early", true},
		{"cut before the root end", transactions, crlf(cut(t, txFile, "    <FxRate>0.940000</FxRate>\n  </Transaction>\n")), 26, "early", true},

		// Files that are wrong, whatever their age.
		{"wrong root", transactions, sampleAccounts(), 2, "ArrayOfAccount", false},
		{"wrong root for accounts", accounts, crlf(txFile), 2, "ArrayOfTransaction", false},
		{"wrong root for subclasses", subClasses, sampleAccounts(), 2, "root", false},
		{"wrong root for rules", rules, sampleAccounts(), 2, "root", false},
		{"bad decimal", transactions, crlf(edit(t, txFile, "<Value>8000</Value>", "<Value>1,5</Value>")), 21, "1,5", false},
		{"bad decimal in the first item", transactions, crlf(edit(t, txFile, "<Value>87.30</Value>", "<Value>87.30 CHF</Value>")), 8, "87.30 CHF", false},
		{"empty decimal", transactions, crlf(edit(t, txFile, "<Value>8000</Value>", "<Value />")), 21, "amount", false},
		{"bad FxRate", transactions, crlf(edit(t, txFile, "<FxRate>0.940000</FxRate>", "<FxRate>0,94</FxRate>")), 24, "0,94", false},
		{"bad value date", transactions, crlf(edit(t, txFile, "2025-01-01T00:00:00.0000000+01:00", "2025-02-30T00:00:00")), 18, "2025-02-30", false},
		{"bad booking date", transactions, crlf(edit(t, txFile, "0001-01-01T00:00:00", "2025-04-01 00:00:00")), 6, "date", false},
		{"value date 0001-01-01", transactions, crlf(edit(t, txFile, "2025-04-01T00:00:00+02:00", "0001-01-01T00:00:00")), 5, "0001-01-01", false},
		{"missing value", transactions, crlf(edit(t, txFile, "    <Value>8000</Value>\n", "")), 13, "<Value>", false},
		{"missing id", transactions, crlf(edit(t, txFile, "    <Id>t1</Id>\n", "")), 3, "<Id>", false},
		{"missing target account", transactions, crlf(edit(t, txFile, "    <TargetAccountId>a1020</TargetAccountId>\n", "")), 13, "TargetAccountId", false},
		{"mismatched end tag", transactions, crlf(edit(t, txFile, "</FxRate>", "</FxRat>")), 24, "FxRat", false},
		{"undefined entity", transactions, crlf(edit(t, txFile, "Coop &lt;", "Coop &nbsp;")), 7, "entity", false},
		{"non-integer number", accounts, crlf(accountsBadNumber), 10, "10x0", false},
		{"bad boolean", bank, crlf(bankBadIgnore), 7, "yes", false},
		{"bank line without value", bank, crlf(edit(t, edit(t, bankBadIgnore, "    <Value>-5.00</Value>\n", ""), "yes", "false")), 3, "<Value>", false},
		{"subclass without number", subClasses, dialect("SubClass", []string{el("Id", "s"), el("Name", "x")}), 3, "<Number>", false},
		{"rule with bad value", rules, dialect("BookingRule",
			[]string{el("Id", "r"), el("LookupText", "x"), el("LookupValue", "1e3"), el("AccountId", "a")}), 6, "1e3", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(rel, tt.data)
			pe := asParseError(t, "Parse", err)
			if pe.File != rel {
				t.Errorf("ParseError.File = %q; want %q", pe.File, rel)
			}
			if pe.Line != tt.line {
				t.Errorf("ParseError.Line = %d; want %d (%v)", pe.Line, tt.line, err)
			}
			if !strings.Contains(pe.Reason, tt.reason) {
				t.Errorf("ParseError.Reason = %q; want it to contain %q", pe.Reason, tt.reason)
			}
			if pe.Retryable != tt.retryable {
				t.Errorf("ParseError.Retryable = %v; want %v (%v)", pe.Retryable, tt.retryable, err)
			}
			if !knownKinds[pe.Kind] || pe.Retryable != (pe.Kind == KindTruncated) {
				t.Errorf("ParseError.Kind = %q (retryable %v); want a known kind, truncated exactly when retryable", pe.Kind, pe.Retryable)
			}
			want := fmt.Sprintf("%s:%d: %s", rel, pe.Line, pe.Reason)
			if pe.Line == 0 {
				want = fmt.Sprintf("%s: %s", rel, pe.Reason)
			}
			if got := err.Error(); got != want {
				t.Errorf("Error() = %q; want %q", got, want)
			}
		})
	}
}

func TestParseErrorNamesItem(t *testing.T) {
	// The reason says which item is broken, counting from 1.
	_, err := ParseTransactions("T.xml", crlf(edit(t, txFile, "<Value>8000</Value>", "<Value>1,5</Value>")))
	pe := asParseError(t, "ParseTransactions", err)
	if !strings.Contains(pe.Reason, "<Transaction> 2") {
		t.Errorf("ParseError.Reason = %q; want it to name <Transaction> 2", pe.Reason)
	}
}

func TestParseErrorLineWithoutBOMAndLF(t *testing.T) {
	// The same broken file gives the same line whatever its line ends.
	broken := edit(t, txFile, "<Value>8000</Value>", "<Value>1,5</Value>")
	for _, data := range [][]byte{crlf(broken), []byte(broken), []byte(bom + broken)} {
		_, err := ParseTransactions("T.xml", data)
		if pe := asParseError(t, "ParseTransactions", err); pe.Line != 21 {
			t.Errorf("ParseTransactions(%.20q...) line = %d; want 21", data, pe.Line)
		}
	}
}

func TestParseRejectsSecondRoot(t *testing.T) {
	// A well-formed file has one root; items below a second top-level element
	// are not items of the file and must not be read as postings.
	second := edit(t, txFile, "  </Transaction>\n  <Transaction>\n    <Id>t2</Id>",
		"  </Transaction>\n</ArrayOfTransaction>\n<ArrayOfTransaction>\n  <Transaction>\n    <Id>t2</Id>")
	got, err := ParseTransactions("Transactions.xml", crlf(second))
	if err == nil {
		t.Fatalf("ParseTransactions of a file with two roots = %d postings; want *ParseError", len(got))
	}
	if pe := asParseError(t, "ParseTransactions", err); pe.File != "Transactions.xml" {
		t.Errorf("ParseError.File = %q; want Transactions.xml", pe.File)
	}
}

func TestParseErrorLineAfterBlankLines(t *testing.T) {
	// The app never writes blank lines, but a hand-edited file may have
	// them; the line must still be the element's own.
	broken := edit(t, txFile, "<Value>8000</Value>", "<Value>1,5</Value>")
	tests := []struct {
		name string
		data string
		line int
	}{
		{"multi-line text before", edit(t, broken, "Migros &amp; Coop &lt;Zürich&gt;", "Migros\nCoop\nZürich"), 23},
		{"blank line before the item", edit(t, broken, "  <Transaction>\n    <Id>t2", "\n  <Transaction>\n    <Id>t2"), 22},
		{"blank lines before the element", edit(t, broken, "    <Value>1,5", "\n\n    <Value>1,5"), 23},
	}
	for _, tt := range tests {
		_, err := ParseTransactions("T.xml", crlf(tt.data))
		if pe := asParseError(t, "ParseTransactions", err); pe.Line != tt.line {
			t.Errorf("%s: ParseError.Line = %d; want %d (%v)", tt.name, pe.Line, tt.line, err)
		}
	}
}
