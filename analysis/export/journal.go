package export

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A Summary says what an export wrote.
type Summary struct {
	Postings int      // postings written
	Skipped  []string // postings left out, each with the reason
}

// Journal writes books, the years of one mandator in ascending order, as a
// journal for ledger and hledger: the first year's start balances as an
// opening transaction, then every posting dated by its value date (the
// booking date, when it differs, as secondary date) with its id as a tag.
// A later year whose start balances differ from the previous year's closing
// balances gets a transaction that carries the difference, so that the
// journal's balances are the app's at the end of every year.
func Journal(w io.Writer, books []*reader.Books) (Summary, error) {
	var sum Summary
	if len(books) == 0 {
		return sum, fmt.Errorf("no books to export")
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	names := accountNames(books)
	first, last := books[0], books[len(books)-1]
	years := fmt.Sprint(first.Year)
	if last.Year != first.Year {
		years += "–" + fmt.Sprint(last.Year)
	}
	fmt.Fprintf(bw, "; The books of %q, %s, exported from AccountingNext by accounting-mcp.\n", first.Mandator, years)
	fmt.Fprintf(bw, "; Accounts are Class:Subclass:Account. Postings on a foreign-currency account carry\n")
	fmt.Fprintf(bw, "; their CHF value as total cost (@@). Read it with ledger -f FILE or hledger -f FILE.\n\n")
	for _, c := range currencies(books) {
		fmt.Fprintf(bw, "commodity %s\n", c)
	}
	bw.WriteString("\n")
	all := make([]string, 0, len(names))
	for _, n := range names {
		all = append(all, n)
	}
	sort.Strings(all)
	for _, n := range slices.Compact(all) {
		fmt.Fprintf(bw, "account %s\n", n)
	}
	var closing map[string]money // by account id, after the previous year
	for i, b := range books {
		l := analysis.NewLedger(b)
		desc := "Opening balances"
		if i > 0 {
			desc = fmt.Sprintf("Carried balances %d (start balances that differ from %d's closing)", b.Year, books[i-1].Year)
		}
		writeOpening(bw, b, names, closing, desc)
		for _, t := range skipped(l) {
			sum.Skipped = append(sum.Skipped, fmt.Sprintf("%d: posting %s of %s refers to an account that is not in Accounts.xml; it is not exported", b.Year, t.ID, t.ValueDate))
		}
		rows := analysis.Transactions(l, analysis.TxFilter{}).Rows
		for j := len(rows) - 1; j >= 0; j-- { // oldest first
			writePosting(bw, &rows[j], names)
			sum.Postings++
		}
		closing = closingBalances(l)
	}
	return sum, bw.Flush()
}

// money is an amount in a currency.
type money struct {
	currency string
	value    decimal.Decimal
}

// writeOpening writes the start balances of b as one transaction dated
// January 1 against the opening account, per currency. With closing set (a
// later year), only the differences from the previous year's closing
// balances of balance-sheet accounts are written, if any.
func writeOpening(w *bufio.Writer, b *reader.Books, names map[string]string, closing map[string]money, desc string) {
	type leg struct {
		account string
		money
	}
	var legs []leg
	seen := map[string]bool{}
	for i := range b.Accounts {
		a := &b.Accounts[i]
		seen[a.ID] = true
		v := a.StartBalance
		if prev, ok := closing[a.ID]; ok && prev.currency == a.Currency && isBalanceSheet(a) {
			v = v.Sub(prev.value)
		}
		if !v.IsZero() {
			legs = append(legs, leg{names[a.ID], money{a.Currency, v}})
		}
	}
	for id, prev := range closing { // accounts the chart no longer has
		if !seen[id] && !prev.value.IsZero() {
			legs = append(legs, leg{names[id], money{prev.currency, prev.value.Neg()}})
		}
	}
	if len(legs) == 0 {
		return
	}
	sort.Slice(legs, func(i, j int) bool {
		a, b := legs[i], legs[j]
		if a.account != b.account {
			return a.account < b.account
		}
		if a.currency != b.currency {
			return a.currency < b.currency
		}
		return a.value.LessThan(b.value)
	})
	fmt.Fprintf(w, "\n%04d-01-01 * %s\n", b.Year, desc)
	equity := map[string]decimal.Decimal{}
	for _, g := range legs {
		writeLeg(w, g.account, g.currency+" "+amount(g.value))
		equity[g.currency] = equity[g.currency].Add(g.value)
	}
	for _, c := range sortedKeys(equity) {
		if !equity[c].IsZero() {
			writeLeg(w, openingAccount, c+" "+amount(equity[c].Neg()))
		}
	}
}

func isBalanceSheet(a *reader.Account) bool {
	return a.Class() == reader.Activa || a.Class() == reader.Passiva
}

// writePosting writes one posting: the target account debited, the origin
// credited.
func writePosting(w *bufio.Writer, r *analysis.TxRow, names map[string]string) {
	t := r.Tx
	date := t.ValueDate.String()
	if !t.BookingDate.IsZero() && t.BookingDate != t.ValueDate {
		date += "=" + t.BookingDate.String()
	}
	fmt.Fprintf(w, "\n%s\n    ; id: %s\n", strings.TrimSpace(date+" * "+description(t)), t.ID)
	writeLeg(w, names[r.Target.ID], legAmount(t, r.Target, false))
	writeLeg(w, names[r.Origin.ID], legAmount(t, r.Origin, true))
}

// legAmount is a leg's amount in its account's currency; a foreign one
// carries the posting's CHF value as total cost.
func legAmount(t *reader.Transaction, a *reader.Account, credit bool) string {
	v := analysis.PostingAmount(t, a)
	if credit {
		v = v.Neg()
	}
	if !a.IsForeign() {
		return reader.BaseCurrency + " " + amount(v)
	}
	return a.Currency + " " + amount(v) + " @@ " + reader.BaseCurrency + " " + amount(t.Value)
}

// writeLeg writes one posting line, the amount aligned after at least two
// spaces, as both tools require.
func writeLeg(w *bufio.Writer, account, amt string) {
	pad := max(2, 52-len([]rune(account)))
	w.WriteString("    ")
	w.WriteString(account)
	w.WriteString(strings.Repeat(" ", pad))
	w.WriteString(amt)
	w.WriteString("\n")
}

// closingBalances are the raw (debit-positive) balances of l's balance-sheet
// accounts at the end of its books, in their currencies, by id. (Income and
// expense accounts start every year afresh; in a journal they run on, and a
// period selects a year.)
func closingBalances(l *analysis.Ledger) map[string]money {
	bals, _ := analysis.Balances(l, nil)
	out := make(map[string]money, len(bals))
	for _, b := range bals {
		if a := b.Account; isBalanceSheet(a) {
			out[a.ID] = money{a.Currency, a.StartBalance.Add(b.Debits).Sub(b.Credits)}
		}
	}
	return out
}

// skipped returns the postings of l whose accounts are not in the chart.
func skipped(l *analysis.Ledger) []*reader.Transaction {
	var out []*reader.Transaction
	for i := range l.Books.Transactions {
		t := &l.Books.Transactions[i]
		if l.Account(t.TargetAccountID) == nil || l.Account(t.OriginAccountID) == nil {
			out = append(out, t)
		}
	}
	return out
}

// currencies returns every currency of the charts, CHF first.
func currencies(books []*reader.Books) []string {
	set := map[string]decimal.Decimal{reader.BaseCurrency: {}}
	for _, b := range books {
		for _, a := range b.Accounts {
			set[a.Currency] = decimal.Decimal{}
		}
	}
	out := sortedKeys(set)
	slices.SortStableFunc(out, func(a, b string) int {
		if a == reader.BaseCurrency {
			return -1
		}
		if b == reader.BaseCurrency {
			return 1
		}
		return 0
	})
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
