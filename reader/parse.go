package reader

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/antchfx/xmlquery"
)

// schema describes one kind of file: its root element, the element of each
// item, and how an item is converted.
type schema[T any] struct {
	root, item string
	conv       func([]field, *itemFields) T
}

var (
	accountsSchema     = schema[Account]{"ArrayOfAccount", "Account", parseAccount}
	subClassesSchema   = schema[SubClass]{"ArrayOfSubClass", "SubClass", parseSubClass}
	transactionsSchema = schema[Transaction]{"ArrayOfTransaction", "Transaction", parseTransaction}
	bankSchema         = schema[BankTransaction]{"ArrayOfBankTransaction", "BankTransaction", parseBankTransaction}
	rulesSchema        = schema[BookingRule]{"ArrayOfBookingRule", "BookingRule", parseBookingRule}
)

// ParseAccounts parses the content of an Accounts.xml file; rel names the file
// in errors. The other Parse functions work alike.
func ParseAccounts(rel string, data []byte) ([]Account, error) {
	return parseFile(rel, data, accountsSchema)
}

// ParseSubClasses parses the content of a SubClasses.xml file.
func ParseSubClasses(rel string, data []byte) ([]SubClass, error) {
	return parseFile(rel, data, subClassesSchema)
}

// ParseTransactions parses the content of a Transactions.xml file.
func ParseTransactions(rel string, data []byte) ([]Transaction, error) {
	return parseFile(rel, data, transactionsSchema)
}

// ParseBankTransactions parses the content of a BankTransactions.xml file.
func ParseBankTransactions(rel string, data []byte) ([]BankTransaction, error) {
	return parseFile(rel, data, bankSchema)
}

// ParseBookingRules parses the content of a BookingRules.xml file.
func ParseBookingRules(rel string, data []byte) ([]BookingRule, error) {
	return parseFile(rel, data, rulesSchema)
}

// parseFile reads the items of one file: with the fast scanner when the
// file is in XmlSerializer's plain form, else by streaming it through
// xmlquery, so that no document tree is kept. Only when an item is malformed
// is the file read again, to find the line to report.
func parseFile[T any](rel string, data []byte, s schema[T]) ([]T, error) {
	data, err := decodeText(rel, data)
	if err != nil {
		return nil, err
	}
	if items, ok := scanFile(data, s); ok {
		return items, nil
	}
	return streamFile(rel, data, s)
}

// scanFile is the fast path of parseFile (see scanItems). It reports false
// for a file it cannot read, including one with an item that does not
// convert, and leaves the verdict to streamFile.
func scanFile[T any](data []byte, s schema[T]) ([]T, bool) {
	if len(data) == 0 {
		return nil, false
	}
	// The scanner reads the file in place, without a copy: every text kept
	// in an item is copied out (itemFields.copy), so nothing refers to data
	// once parsing returns (TestScannedItemsDoNotAliasTheFile).
	text := unsafe.String(unsafe.SliceData(data), len(data))
	var items []T
	if n := strings.Count(text, "<"+s.item+">"); n > 0 {
		items = make([]T, 0, n)
	}
	// Texts are copied out of the file, so that the items do not keep it
	// alive; texts that repeat (account ids, shops) are stored once.
	f := itemFields{shared: make(map[string]string), copy: true}
	ok := scanItems(text, s.root, s.item, func(fields []field) bool {
		v := s.conv(fields, &f)
		if f.err != nil {
			return false
		}
		items = append(items, v)
		return true
	})
	return items, ok
}

// streamFile reads the items of one file with xmlquery's stream parser and
// reports precisely what is wrong with a file that cannot be read.
func streamFile[T any](rel string, data []byte, s schema[T]) ([]T, error) {
	if err := checkRoot(data, s.root); err != nil {
		return nil, fileError(rel, err)
	}
	p, err := xmlquery.CreateStreamParserWithOptions(bytes.NewReader(data), parserOptions, "/*/*")
	if err != nil {
		return nil, fileError(rel, err)
	}
	var items []T
	var fields []field
	// i counts the elements below the root, for itemLine; items only the
	// items. Other elements beside the items (a newer app's additions, such
	// as <SchemaVersion>) are ignored, as docs/format.md#lenient-reading asks.
	for i := 0; ; i++ {
		n, err := p.Read()
		if err == io.EOF {
			return items, nil
		}
		if err != nil {
			return nil, fileError(rel, err)
		}
		if secondRoot(n) {
			return nil, &ParseError{File: rel, Kind: KindMalformedXML,
				Reason: fmt.Sprintf("<%s> is outside the root element <%s>", n.Data, s.root)}
		}
		if n.Data != s.item {
			continue
		}
		var f itemFields
		fields = nodeFields(n, fields[:0])
		v := s.conv(fields, &f)
		if f.err != nil {
			return nil, &ParseError{File: rel, Line: itemLine(data, i, f.elem), Kind: f.kind,
				Reason: fmt.Sprintf("<%s> %d: %v", s.item, len(items)+1, f.err)}
		}
		items = append(items, v)
	}
}

// nodeFields appends the child elements of item to fields.
func nodeFields(item *xmlquery.Node, fields []field) []field {
	for c := item.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == xmlquery.ElementNode {
			fields = append(fields, field{name: c.Data, text: c.InnerText(), null: isNil(c)})
		}
	}
	return fields
}

func isNil(n *xmlquery.Node) bool {
	for _, a := range n.Attr {
		if a.Name.Local == "nil" && (a.Name.Space == "xsi" || a.NamespaceURI == "http://www.w3.org/2001/XMLSchema-instance") {
			return nilValue(a.Value)
		}
	}
	return false
}

// nilValue reports whether an xsi:nil value says "nil": XML Schema booleans
// are true or 1, with surrounding white space allowed.
func nilValue(v string) bool {
	v = strings.Trim(v, " \t\r\n")
	return v == "true" || v == "1"
}

// checkRoot reads up to the first element and checks its name. It also
// rejects an empty file, which the app leaves behind while it rewrites one.
func checkRoot(data []byte, root string) error {
	d := newDecoder(data)
	text := false // anything but white space before the first element
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return noRoot(text)
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local != root {
				line, _ := d.InputPos()
				return &ParseError{Line: line, Kind: KindWrongRoot, Reason: fmt.Sprintf("root element is <%s>, want <%s>", t.Name.Local, root)}
			}
			return nil
		case xml.CharData:
			text = text || len(bytes.TrimSpace(t)) > 0
		}
	}
}

// noRoot is the error of a file without an element: a file that is empty
// but for white space and the declaration is one the app is rewriting
// (truncated); one that holds other text is not XML at all.
func noRoot(text bool) *ParseError {
	if text {
		return &ParseError{Kind: KindMalformedXML, Reason: "no root element: the file holds text but no XML element; it is not a file AccountingNext wrote"}
	}
	return &ParseError{Kind: KindTruncated, Reason: "no root element (empty or cut-off file)", Retryable: true}
}

// newDecoder returns a strict encoding/xml decoder of data that reads it as
// UTF-8 whatever its declaration says (decodeText made it UTF-8).
func newDecoder(data []byte) *xml.Decoder {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	return d
}

// parseWellFormed checks that data is well-formed XML with one root
// element, whatever its elements; it is how the files that no answer uses
// (BookingTexts.xml, SplitPredefinitions.xml) are checked.
func parseWellFormed(rel string, data []byte) ([]struct{}, error) {
	data, err := decodeText(rel, data)
	if err != nil {
		return nil, err
	}
	d := newDecoder(data)
	depth, roots, text := 0, 0, false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			if roots == 0 {
				return nil, fileError(rel, noRoot(text))
			}
			return nil, nil
		}
		if err != nil {
			return nil, fileError(rel, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 {
				if roots++; roots > 1 {
					line, _ := d.InputPos()
					return nil, &ParseError{File: rel, Line: line, Kind: KindMalformedXML,
						Reason: fmt.Sprintf("a second root element <%s>", t.Name.Local)}
				}
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			text = text || depth == 0 && len(bytes.TrimSpace(t)) > 0
		}
	}
}

// parserOptions make xmlquery read every file as UTF-8, as checkRoot does,
// whatever encoding its declaration names. Strict must be set again: the
// options replace all of the decoder's settings.
var parserOptions = xmlquery.ParserOptions{Decoder: &xmlquery.DecoderOptions{
	Strict:        true,
	CharsetReader: func(_ string, r io.Reader) (io.Reader, error) { return r, nil },
}}

// secondRoot reports whether item's parent follows another top-level element.
func secondRoot(item *xmlquery.Node) bool {
	for s := item.Parent.PrevSibling; s != nil; s = s.PrevSibling {
		if s.Type == xmlquery.ElementNode {
			return true
		}
	}
	return false
}

var syntaxLine = regexp.MustCompile(`line (\d+)`)

// fileError turns a decoding error into a *ParseError for rel. A file that
// ends early is truncated, and retryable as far as its content tells: the
// app may be writing it (the Store decides by the file's age).
func fileError(rel string, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) {
		pe.File = rel
		return pe
	}
	e := &ParseError{File: rel, Kind: KindMalformedXML, Reason: err.Error()}
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		e.Line, e.Reason = se.Line, se.Msg
	} else if m := syntaxLine.FindStringSubmatch(err.Error()); m != nil {
		e.Line, _ = strconv.Atoi(m[1])
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF) || strings.Contains(e.Reason, "unexpected EOF"):
		e.Kind, e.Retryable = KindTruncated, true
		e.Reason = "file ends early (" + e.Reason + ")"
	case strings.Contains(e.Reason, "invalid UTF-8"):
		e.Kind = KindEncoding
	}
	return e
}

// itemLine reads data again and returns the line of the index'th item, or
// of its first child element elem when elem is not empty and present.
func itemLine(data []byte, index int, elem string) int {
	d := newDecoder(data)
	depth, item, itemAt := 0, -1, 0
	for {
		tok, err := d.Token()
		if err != nil {
			return itemAt
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			line, _ := d.InputPos()
			switch {
			case depth == 2:
				item++
				if item == index {
					if elem == "" {
						return line
					}
					itemAt = line
				}
			case depth == 3 && item == index && t.Name.Local == elem:
				return line
			}
		case xml.EndElement:
			depth--
			if depth == 1 && item == index {
				return itemAt
			}
		}
	}
}
