package export

import (
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// classNames are the top-level journal accounts of the classes; ledger and
// hledger recognise them as asset, liability, revenue and expense accounts.
var classNames = map[reader.Class]string{
	reader.Activa:   "Assets",
	reader.Passiva:  "Liabilities",
	reader.Income:   "Income",
	reader.Expenses: "Expenses",
}

// openingAccount is the counter-account of the start balances.
const openingAccount = "Equity:Opening Balances"

// accountNames returns every account's journal name by id. When books of
// several years name an account differently, the latest name wins, so that
// one account keeps one name across the journal.
func accountNames(books []*reader.Books) map[string]string {
	out := map[string]string{}
	for _, b := range books {
		l := analysis.NewLedger(b)
		for i := range b.Accounts {
			a := &b.Accounts[i]
			class, ok := classNames[a.Class()]
			if !ok {
				class = "Unclassified"
			}
			sub := a.SubclassNumber()
			out[a.ID] = class + ":" + strconv.Itoa(sub) + " " + clean(l.SubclassName(sub)) +
				":" + strconv.Itoa(a.Number) + " " + clean(a.Name)
		}
	}
	return out
}

// clean makes s safe as one segment of an account name: single spaces only
// (two would end the name), no colon (it separates segments) and no
// semicolon (it starts a comment).
func clean(s string) string {
	s = strings.NewReplacer(":", "-", ";", ",").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// description is a posting's description: "related party | text", as
// hledger reads payee and note, on one line, without comment characters.
// A leading parenthesis would be read as a transaction code.
func description(t *reader.Transaction) string {
	d := clean(t.Text)
	if p := clean(t.RelatedParty); p != "" {
		d = p + " | " + d
	}
	if strings.HasPrefix(d, "(") {
		d = "[" + d[1:]
	}
	return strings.TrimSuffix(d, " | ")
}

// amount formats v with at least two decimals and as many more as it has.
func amount(v decimal.Decimal) string {
	if v.Equal(v.Round(2)) {
		return v.StringFixed(2)
	}
	return v.String()
}
