package reader

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
)

// knownKinds are the ParseError kinds the package defines.
var knownKinds = map[string]bool{
	KindMalformedXML: true, KindWrongRoot: true, KindBadValue: true, KindMissingElement: true,
	KindTruncated: true, KindChangedWhileReading: true, KindPermissionDenied: true,
	KindNotRegularFile: true, KindTooLarge: true, KindEncoding: true, KindIO: true, KindDuplicateFolder: true,
}

// TestLenientReading covers what docs/format.md#lenient-reading allows a file to hold beyond what
// the app writes today: each variant of txFile must read exactly like
// txFile itself (txFileWant), by the fast scanner where it says so, and by
// the fallback parser in every case.
func TestLenientReading(t *testing.T) {
	tests := []struct {
		name string
		data string
		fast bool // the scanner reads it (a newer app's plain additions)
	}{
		{"as written", txFile, true},
		{"a version element before the items",
			edit(t, txFile, "XMLSchema\">\n  <Transaction>", "XMLSchema\">\n  <SchemaVersion>3</SchemaVersion>\n  <Transaction>"), true},
		{"an empty element between the items",
			edit(t, txFile, "  </Transaction>\n  <Transaction>", "  </Transaction>\n  <Archived />\n  <Transaction>"), true},
		{"an element with children after the items",
			edit(t, txFile, "  </Transaction>\n</ArrayOf", "  </Transaction>\n  <Meta>\n    <Saved>2025-04-02</Saved>\n  </Meta>\n</ArrayOf"), true},
		{"deeper nesting beside the items",
			edit(t, txFile, "  </Transaction>\n</ArrayOf", "  </Transaction>\n  <Meta><A><B>1</B></A></Meta>\n</ArrayOf"), false},
		{"an unknown element inside an item",
			edit(t, txFile, "    <Text>Salary</Text>", "    <Text>Salary</Text>\n    <Category>Lohn</Category>"), true},
		{"an unknown element with children inside an item",
			edit(t, txFile, "    <Text>Salary</Text>", "    <Text>Salary</Text>\n    <Tags><string>a</string></Tags>"), false},
		{"xsi:nil=\"1\"", edit(t, txFile, `<FxRate xsi:nil="true" />`, `<FxRate xsi:nil="1" />`), true},
		{"xsi:nil with white space", edit(t, txFile, `<FxRate xsi:nil="true" />`, `<FxRate xsi:nil=" true " />`), false},
		{"an empty FxRate", edit(t, txFile, `<FxRate xsi:nil="true" />`, `<FxRate />`), true},
		{"an FxRate start and end tag", edit(t, txFile, `<FxRate xsi:nil="true" />`, `<FxRate></FxRate>`), true},
		{"an FxRate of blanks", edit(t, txFile, `<FxRate xsi:nil="true" />`, `<FxRate>  </FxRate>`), true},
		{"an empty booking date", edit(t, txFile, "<BookingDate>0001-01-01T00:00:00</BookingDate>", "<BookingDate />"), true},
		{"a nil booking date", edit(t, txFile, "<BookingDate>0001-01-01T00:00:00</BookingDate>", `<BookingDate xsi:nil="1"/>`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, data := range [][]byte{crlf(tt.data), []byte(tt.data)} {
				got, err := ParseTransactions("T.xml", data)
				if err != nil {
					t.Fatalf("ParseTransactions error: %v; want txFile's postings", err)
				}
				if diff := cmp.Diff(txFileWant, got, decimalEqual); diff != "" {
					t.Errorf("ParseTransactions mismatch (-want +got):\n%s", diff)
				}
				streamed, err := streamFile("T.xml", bytes.TrimPrefix(data, utf8BOM), transactionsSchema)
				if err != nil || !cmp.Equal(txFileWant, streamed, decimalEqual) {
					t.Errorf("fallback parser = %d postings, %v; want txFile's postings", len(streamed), err)
				}
				if _, fast := scanFile(bytes.TrimPrefix(data, utf8BOM), transactionsSchema); fast != tt.fast {
					t.Errorf("scanner read it = %v; want %v", fast, tt.fast)
				}
			}
		})
	}
}

// TestEmptyOptionalNumbers: an optional number that is empty or nil reads
// as if it were absent (zero), in every file; a required one stays an
// error naming it.
func TestEmptyOptionalNumbers(t *testing.T) {
	acc := dialect("Account", []string{el("Id", "a1"), el("Number", "1020"), el("Name", "Bank"),
		"<StartBalance />", `<LastBankBalance xsi:nil="1" />`})
	got, err := ParseAccounts("A.xml", acc)
	if err != nil || len(got) != 1 || !got[0].StartBalance.IsZero() || !got[0].LastBankBalance.IsZero() {
		t.Errorf("ParseAccounts with an empty StartBalance = %+v, %v; want one account starting at 0", got, err)
	}
	rules := dialect("BookingRule", []string{el("Id", "r"), el("LookupText", "COOP"), "<LookupValue></LookupValue>", el("AccountId", "a")})
	if got, err := ParseBookingRules("R.xml", rules); err != nil || len(got) != 1 || !got[0].LookupValue.IsZero() {
		t.Errorf("ParseBookingRules with an empty LookupValue = %+v, %v; want LookupValue 0 (any amount)", got, err)
	}
	bank := dialect("BankTransaction", []string{el("Id", "b"), el("ValueDate", "2025-01-02T00:00:00"),
		"<BookingDate />", el("Value", "-5.00"), "<Ignore />"})
	if got, err := ParseBankTransactions("B.xml", bank); err != nil || len(got) != 1 || got[0].Ignore || got[0].BookingDate != 0 {
		t.Errorf("ParseBankTransactions with empty BookingDate and Ignore = %+v, %v; want no date, not ignored", got, err)
	}
	_, err = ParseTransactions("T.xml", crlf(edit(t, txFile, "<Value>8000</Value>", `<Value xsi:nil="true" />`)))
	if pe := asParseError(t, "ParseTransactions", err); pe.Kind != KindBadValue || pe.Line != 21 {
		t.Errorf("a nil Value: %v (kind %q); want bad_value on line 21: a posting needs its amount", err, pe.Kind)
	}
}

// utf16File encodes s as UTF-16 with a byte-order mark.
func utf16File(s string, order binary.ByteOrder) []byte {
	units := utf16.Encode([]rune(s))
	out := make([]byte, 2+2*len(units))
	order.PutUint16(out, 0xFEFF)
	for i, u := range units {
		order.PutUint16(out[2+2*i:], u)
	}
	return out
}

func TestUTF16Files(t *testing.T) {
	text := strings.Replace(strings.ReplaceAll(txFile, "\n", "\r\n"), `encoding="utf-8"`, `encoding="utf-16"`, 1)
	for _, order := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
		data := utf16File(text, order)
		got, err := ParseTransactions("T.xml", data)
		if err != nil {
			t.Fatalf("%v UTF-16: ParseTransactions error: %v", order, err)
		}
		if diff := cmp.Diff(txFileWant, got, decimalEqual); diff != "" {
			t.Errorf("%v UTF-16: ParseTransactions mismatch (-want +got):\n%s", order, diff)
		}
		// The lines of errors are the lines of the file.
		broken := utf16File(strings.Replace(text, "<Value>8000</Value>", "<Value>1,5</Value>", 1), order)
		_, err = ParseTransactions("T.xml", broken)
		if pe := asParseError(t, "broken UTF-16", err); pe.Line != 21 || pe.Kind != KindBadValue {
			t.Errorf("%v UTF-16 with a bad value: %v (kind %q); want bad_value on line 21", order, err, pe.Kind)
		}
		// Cut in the middle of a code unit: a file being written.
		_, err = ParseTransactions("T.xml", data[:len(data)/2+1])
		if pe := asParseError(t, "cut UTF-16", err); pe.Kind != KindTruncated || !pe.Retryable {
			t.Errorf("%v UTF-16 cut inside a code unit: %v (kind %q); want truncated", order, err, pe.Kind)
		}
	}
	// An unpaired surrogate is an encoding error, not a truncation.
	bad := utf16File("<?xml version=\"1.0\"?>\r\n<ArrayOfTransaction />", binary.LittleEndian)
	bad = append(bad[:4], append([]byte{0x00, 0xDC}, bad[4:]...)...)
	_, err := ParseTransactions("T.xml", bad)
	if pe := asParseError(t, "unpaired surrogate", err); pe.Kind != KindEncoding || pe.Retryable {
		t.Errorf("UTF-16 with an unpaired surrogate: %v (kind %q); want a permanent encoding error", err, pe.Kind)
	}
	// A high surrogate at the very end is a character cut in two.
	cutPair := append(utf16File("<?xml version=\"1.0\"?>", binary.LittleEndian), 0x3D, 0xD8)
	if _, err := ParseTransactions("T.xml", cutPair); asParseError(t, "cut pair", err).Kind != KindTruncated {
		t.Errorf("UTF-16 ending in a high surrogate: %v; want truncated", err)
	}
}

// TestNotXML: content that is not XML at all is malformed and permanent,
// unlike an empty file, which the app leaves while it rewrites one.
func TestNotXML(t *testing.T) {
	for _, data := range []string{"hello, world", "%PDF-1.4 binary", "Id;Value\r\nt1;87.30\r\n"} {
		_, err := ParseTransactions("T.xml", []byte(data))
		if pe := asParseError(t, "not XML", err); pe.Retryable || pe.Kind != KindMalformedXML {
			t.Errorf("ParseTransactions(%q) = %v (kind %q, retryable %v); want permanent malformed_xml", data, err, pe.Kind, pe.Retryable)
		}
	}
	if _, err := ParseTransactions("T.xml", []byte("\x00\x01\x02\x03")); asParseError(t, "binary", err).Retryable {
		t.Errorf("ParseTransactions of binary bytes = %v; want a permanent error", err)
	}
}
