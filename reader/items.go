package reader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// A field is one child element of an item: its local name, its text, and
// whether it carries xsi:nil="true" (or "1"). Both the fast scanner and the xmlquery
// path produce fields, so that one set of conversions serves both.
type field struct {
	name string
	text string
	null bool
}

// itemFields converts the fields of one item. The first conversion error is
// kept, with the element it came from. Strings that are kept in the result
// go through text and share, so that a parser whose texts point into a
// larger buffer can copy them, and repeated ones are stored once.
type itemFields struct {
	elem   string // element of the first error
	kind   string // KindBadValue or KindMissingElement
	err    error
	shared map[string]string // interned texts of one file; nil keeps texts as they are
	copy   bool              // texts point into the file and must be copied
}

func (f *itemFields) fail(elem string, err error) { f.failKind(elem, KindBadValue, err) }

func (f *itemFields) failKind(elem, kind string, err error) {
	if f.err == nil {
		f.elem, f.kind, f.err = elem, kind, err
	}
}

// absent reports whether an element says "no value": xsi:nil, or empty
// (<FxRate />, <FxRate></FxRate>). For an optional element that is the same
// as leaving it out.
func absent(c *field) bool {
	return c.null || strings.TrimSpace(c.text) == ""
}

// text returns a text that is unique per item, such as an id.
func (f *itemFields) text(c *field) string {
	if f.copy {
		return strings.Clone(c.text)
	}
	return c.text
}

// share returns a text that repeats across items (account ids, texts,
// names), stored once per file.
func (f *itemFields) share(c *field) string {
	if f.shared == nil {
		return f.text(c)
	}
	if s, ok := f.shared[c.text]; ok {
		return s
	}
	s := f.text(c)
	f.shared[s] = s
	return s
}

func (f *itemFields) amount(c *field) decimal.Decimal {
	v, err := ParseAmount(strings.TrimSpace(c.text))
	if err != nil {
		f.fail(c.name, err)
	}
	return v
}

// optAmount converts an optional amount, zero when absent.
func (f *itemFields) optAmount(c *field) decimal.Decimal {
	if absent(c) {
		return decimal.Decimal{}
	}
	return f.amount(c)
}

func (f *itemFields) nullAmount(c *field) decimal.NullDecimal {
	if absent(c) {
		return decimal.NullDecimal{}
	}
	return decimal.NullDecimal{Decimal: f.amount(c), Valid: true}
}

func (f *itemFields) integer(c *field) int {
	s := strings.TrimSpace(c.text)
	v, err := strconv.Atoi(s)
	if err != nil {
		f.fail(c.name, fmt.Errorf("number %q is not an integer", s))
	}
	return v
}

func (f *itemFields) dateTime(c *field) Date {
	d, err := ParseDateTime(strings.TrimSpace(c.text))
	if err != nil {
		f.fail(c.name, err)
	}
	return d
}

// optDateTime converts an optional date, zero when absent.
func (f *itemFields) optDateTime(c *field) Date {
	if absent(c) {
		return 0
	}
	return f.dateTime(c)
}

// boolean converts an optional boolean, false when absent.
func (f *itemFields) boolean(c *field) bool {
	if absent(c) {
		return false
	}
	switch s := strings.TrimSpace(c.text); s {
	case "true", "1":
		return true
	case "false", "0":
		return false
	default:
		f.fail(c.name, fmt.Errorf("boolean %q is neither true nor false", s))
		return false
	}
}

// require records an error when a mandatory element is absent from fields.
func (f *itemFields) require(fields []field, names ...string) {
	for _, name := range names {
		found := false
		for i := range fields {
			if fields[i].name == name {
				found = true
				break
			}
		}
		if !found {
			f.failKind(name, KindMissingElement, fmt.Errorf("missing element <%s>", name))
		}
	}
}

func parseAccount(fields []field, f *itemFields) Account {
	var a Account
	for i := range fields {
		c := &fields[i]
		switch c.name {
		case "Id":
			a.ID = f.share(c)
		case "Number":
			a.Number = f.integer(c)
		case "Name":
			a.Name = f.share(c)
		case "Currency":
			a.Currency = strings.ToUpper(strings.TrimSpace(f.share(c)))
		case "BankAccountNumber":
			a.BankAccountNumber = strings.TrimSpace(f.share(c))
		case "StartBalance":
			a.StartBalance = f.optAmount(c)
		case "LastBankBalance":
			a.LastBankBalance = f.optAmount(c)
		}
	}
	f.require(fields, "Id", "Number")
	if a.Currency == "" {
		a.Currency = BaseCurrency
	}
	return a
}

func parseSubClass(fields []field, f *itemFields) SubClass {
	var s SubClass
	for i := range fields {
		c := &fields[i]
		switch c.name {
		case "Id":
			s.ID = f.text(c)
		case "Number":
			s.Number = f.integer(c)
		case "Name":
			s.Name = f.share(c)
		}
	}
	f.require(fields, "Number")
	return s
}

func parseTransaction(fields []field, f *itemFields) Transaction {
	var t Transaction
	for i := range fields {
		c := &fields[i]
		switch c.name {
		case "Id":
			t.ID = f.text(c)
		case "BankTransactionId":
			t.BankTransactionID = f.text(c)
		case "BankTransactionText":
			t.BankTransactionText = f.share(c)
		case "RelatedParty":
			t.RelatedParty = f.share(c)
		case "ValueDate":
			t.ValueDate = f.dateTime(c)
		case "BookingDate":
			t.BookingDate = f.optDateTime(c)
		case "Text":
			t.Text = f.share(c)
		case "Value":
			t.Value = f.amount(c)
		case "OriginAccountId":
			t.OriginAccountID = f.share(c)
		case "TargetAccountId":
			t.TargetAccountID = f.share(c)
		case "FxRate":
			t.FxRate = f.nullAmount(c)
		}
	}
	f.require(fields, "Id", "ValueDate", "Value", "OriginAccountId", "TargetAccountId")
	if f.err == nil && t.ValueDate.IsZero() {
		f.fail("ValueDate", fmt.Errorf("value date is 0001-01-01"))
	}
	return t
}

func parseBankTransaction(fields []field, f *itemFields) BankTransaction {
	var b BankTransaction
	for i := range fields {
		c := &fields[i]
		switch c.name {
		case "Id":
			b.ID = f.text(c)
		case "ValueDate":
			b.ValueDate = f.dateTime(c)
		case "BookingDate":
			b.BookingDate = f.optDateTime(c)
		case "Text":
			b.Text = f.share(c)
		case "Value":
			b.Value = f.amount(c)
		case "BankAccountNumber":
			b.BankAccountNumber = strings.TrimSpace(f.share(c))
		case "Debtor":
			b.Debtor = f.share(c)
		case "Creditor":
			b.Creditor = f.share(c)
		case "Ignore":
			b.Ignore = f.boolean(c)
		}
	}
	f.require(fields, "Id", "ValueDate", "Value")
	return b
}

func parseBookingRule(fields []field, f *itemFields) BookingRule {
	var r BookingRule
	for i := range fields {
		c := &fields[i]
		switch c.name {
		case "Id":
			r.ID = f.text(c)
		case "LookupText":
			r.LookupText = f.share(c)
		case "LookupValue":
			r.LookupValue = f.optAmount(c)
		case "BookingText":
			r.BookingText = f.share(c)
		case "AccountId":
			r.AccountID = f.share(c)
		}
	}
	f.require(fields, "Id", "LookupText", "AccountId")
	return r
}
