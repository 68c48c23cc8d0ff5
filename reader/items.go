package reader

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/antchfx/xmlquery"
	"github.com/shopspring/decimal"
)

// itemFields walks the child elements of one item and converts them. The first
// conversion error is kept, with the element it came from.
type itemFields struct {
	elem string // element of the first error
	err  error
}

func (f *itemFields) fail(elem string, err error) {
	if f.err == nil {
		f.elem, f.err = elem, err
	}
}

func (f *itemFields) text(n *xmlquery.Node) string { return n.InnerText() }

func (f *itemFields) amount(n *xmlquery.Node) decimal.Decimal {
	v, err := ParseAmount(strings.TrimSpace(n.InnerText()))
	if err != nil {
		f.fail(n.Data, err)
	}
	return v
}

func (f *itemFields) nullAmount(n *xmlquery.Node) decimal.NullDecimal {
	if isNil(n) {
		return decimal.NullDecimal{}
	}
	return decimal.NullDecimal{Decimal: f.amount(n), Valid: true}
}

func (f *itemFields) integer(n *xmlquery.Node) int {
	s := strings.TrimSpace(n.InnerText())
	v, err := strconv.Atoi(s)
	if err != nil {
		f.fail(n.Data, fmt.Errorf("number %q is not an integer", s))
	}
	return v
}

func (f *itemFields) dateTime(n *xmlquery.Node) Date {
	d, err := ParseDateTime(strings.TrimSpace(n.InnerText()))
	if err != nil {
		f.fail(n.Data, err)
	}
	return d
}

func (f *itemFields) boolean(n *xmlquery.Node) bool {
	switch s := strings.TrimSpace(n.InnerText()); s {
	case "true", "1":
		return true
	case "false", "0":
		return false
	default:
		f.fail(n.Data, fmt.Errorf("boolean %q is neither true nor false", s))
		return false
	}
}

// require records an error when a mandatory element was absent.
func (f *itemFields) require(seen map[string]bool, names ...string) {
	for _, name := range names {
		if !seen[name] {
			f.fail(name, fmt.Errorf("missing element <%s>", name))
		}
	}
}

func isNil(n *xmlquery.Node) bool {
	for _, a := range n.Attr {
		if a.Name.Local == "nil" && (a.Name.Space == "xsi" || a.NamespaceURI == "http://www.w3.org/2001/XMLSchema-instance") {
			return a.Value == "true"
		}
	}
	return false
}

// eachChild calls fn for every child element of item and returns the set of
// element names seen.
func eachChild(item *xmlquery.Node, fn func(c *xmlquery.Node)) map[string]bool {
	seen := make(map[string]bool, 12)
	for c := item.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != xmlquery.ElementNode {
			continue
		}
		seen[c.Data] = true
		fn(c)
	}
	return seen
}

func parseAccount(item *xmlquery.Node, f *itemFields) Account {
	var a Account
	seen := eachChild(item, func(c *xmlquery.Node) {
		switch c.Data {
		case "Id":
			a.ID = f.text(c)
		case "Number":
			a.Number = f.integer(c)
		case "Name":
			a.Name = f.text(c)
		case "Currency":
			a.Currency = strings.ToUpper(strings.TrimSpace(f.text(c)))
		case "BankAccountNumber":
			a.BankAccountNumber = strings.TrimSpace(f.text(c))
		case "StartBalance":
			a.StartBalance = f.amount(c)
		case "LastBankBalance":
			if !isNil(c) {
				a.LastBankBalance = f.amount(c)
			}
		}
	})
	f.require(seen, "Id", "Number")
	if a.Currency == "" {
		a.Currency = BaseCurrency
	}
	return a
}

func parseSubClass(item *xmlquery.Node, f *itemFields) SubClass {
	var s SubClass
	seen := eachChild(item, func(c *xmlquery.Node) {
		switch c.Data {
		case "Id":
			s.ID = f.text(c)
		case "Number":
			s.Number = f.integer(c)
		case "Name":
			s.Name = f.text(c)
		}
	})
	f.require(seen, "Number")
	return s
}

func parseTransaction(item *xmlquery.Node, f *itemFields) Transaction {
	var t Transaction
	seen := eachChild(item, func(c *xmlquery.Node) {
		switch c.Data {
		case "Id":
			t.ID = f.text(c)
		case "BankTransactionId":
			t.BankTransactionID = f.text(c)
		case "BankTransactionText":
			t.BankTransactionText = f.text(c)
		case "RelatedParty":
			t.RelatedParty = f.text(c)
		case "ValueDate":
			t.ValueDate = f.dateTime(c)
		case "BookingDate":
			t.BookingDate = f.dateTime(c)
		case "Text":
			t.Text = f.text(c)
		case "Value":
			t.Value = f.amount(c)
		case "OriginAccountId":
			t.OriginAccountID = f.text(c)
		case "TargetAccountId":
			t.TargetAccountID = f.text(c)
		case "FxRate":
			t.FxRate = f.nullAmount(c)
		}
	})
	f.require(seen, "Id", "ValueDate", "Value", "OriginAccountId", "TargetAccountId")
	if f.err == nil && t.ValueDate.IsZero() {
		f.fail("ValueDate", fmt.Errorf("value date is 0001-01-01"))
	}
	return t
}

func parseBankTransaction(item *xmlquery.Node, f *itemFields) BankTransaction {
	var b BankTransaction
	seen := eachChild(item, func(c *xmlquery.Node) {
		switch c.Data {
		case "Id":
			b.ID = f.text(c)
		case "ValueDate":
			b.ValueDate = f.dateTime(c)
		case "BookingDate":
			b.BookingDate = f.dateTime(c)
		case "Text":
			b.Text = f.text(c)
		case "Value":
			b.Value = f.amount(c)
		case "BankAccountNumber":
			b.BankAccountNumber = strings.TrimSpace(f.text(c))
		case "Debtor":
			b.Debtor = f.text(c)
		case "Creditor":
			b.Creditor = f.text(c)
		case "Ignore":
			b.Ignore = f.boolean(c)
		}
	})
	f.require(seen, "Id", "ValueDate", "Value")
	return b
}

func parseBookingRule(item *xmlquery.Node, f *itemFields) BookingRule {
	var r BookingRule
	seen := eachChild(item, func(c *xmlquery.Node) {
		switch c.Data {
		case "Id":
			r.ID = f.text(c)
		case "LookupText":
			r.LookupText = f.text(c)
		case "LookupValue":
			r.LookupValue = f.amount(c)
		case "BookingText":
			r.BookingText = f.text(c)
		case "AccountId":
			r.AccountID = f.text(c)
		}
	})
	f.require(seen, "Id", "LookupText", "AccountId")
	return r
}
