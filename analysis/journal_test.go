package analysis_test

// This file turns a year's books into an hledger journal and reads hledger's
// CSV reports back. It is written from docs/format.md and docs/numbers.md alone and deliberately uses
// nothing of package analysis, so that hledger_test.go compares two
// independent computations.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// openingDesc is the description of the opening-balance transaction; the
// income-statement queries exclude it with notOpening.
const (
	openingDesc = "opening balances"
	notOpening  = "not:desc:^" + openingDesc + "$"
)

// hlAccount is the hledger name of an account: class:subclass:number, e.g.
// expenses:40:4000, so that --depth 1/2/3 aggregates by class, subclass and
// account.
func hlAccount(a *reader.Account) string {
	class := "unknown"
	if a.Number >= 1000 && a.Number < 5000 {
		class = [...]string{"", "activa", "passiva", "income", "expenses"}[a.Number/1000]
	}
	return fmt.Sprintf("%s:%d:%d", class, a.Number/100, a.Number)
}

// currencyOf is the account's currency; an empty one means CHF (docs/format.md#items).
func currencyOf(a *reader.Account) string {
	if a.Currency == "" {
		return "CHF"
	}
	return a.Currency
}

// debitNormal reports whether the account's normal direction is debits −
// credits (activa, expenses) rather than credits − debits (passiva, income).
func debitNormal(a *reader.Account) bool {
	c := a.Number / 1000
	return !(a.Number > 0 && (c == 2 || c == 3))
}

// roundHalfEven2 returns v / d rounded to two decimals, half to even, as a
// decimal string, computed exactly with rationals.
func roundHalfEven2(v, d decimal.Decimal) string {
	q, ok := new(big.Rat).SetString(v.String())
	r, ok2 := new(big.Rat).SetString(d.String())
	if !ok || !ok2 || r.Sign() == 0 {
		panic(fmt.Sprintf("roundHalfEven2(%s, %s)", v, d))
	}
	q.Quo(q, r).Mul(q, big.NewRat(100, 1))
	floor, rem := new(big.Int).DivMod(q.Num(), q.Denom(), new(big.Int)) // Denom > 0: floor division
	switch new(big.Int).Lsh(rem, 1).Cmp(q.Denom()) {
	case 1:
		floor.Add(floor, big.NewInt(1))
	case 0:
		if floor.Bit(0) == 1 {
			floor.Add(floor, big.NewInt(1))
		}
	}
	sign := ""
	if floor.Sign() < 0 {
		sign = "-"
		floor.Neg(floor)
	}
	units, cents := new(big.Int).QuoRem(floor, big.NewInt(100), new(big.Int))
	return fmt.Sprintf("%s%s.%02d", sign, units, cents.Int64())
}

// journalStats describes what writeJournal wrote.
type journalStats struct {
	postings    int // postings written
	dangling    int // postings skipped: an account id is not in Accounts.xml
	foreignLegs int // legs written in a foreign currency at a cost in CHF
}

// writeJournal writes b as an hledger journal to path: one opening
// transaction dated January 1 moving every StartBalance (raw, debit-positive)
// against equity:opening, then one transaction per posting, debiting the
// target and crediting the origin.
func writeJournal(path string, b *reader.Books) (journalStats, error) {
	var st journalStats
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	byID := map[string]*reader.Account{}
	currencies := map[string]bool{"CHF": true}
	for i := range b.Accounts {
		a := &b.Accounts[i]
		byID[a.ID] = a
		currencies[currencyOf(a)] = true
	}
	// Ten decimals display every amount of the books exactly (they carry at
	// most seven), so hledger's output needs no rounding to be compared.
	for _, c := range sortedSet(currencies) {
		fmt.Fprintf(w, "commodity %s 1000.0000000000\n", c)
	}
	fmt.Fprintf(w, "\n%04d-01-01 %s\n", b.Year, openingDesc)
	opening := map[string]decimal.Decimal{}
	for i := range b.Accounts {
		a := &b.Accounts[i]
		if a.StartBalance.IsZero() {
			continue
		}
		fmt.Fprintf(w, "    %s    %s %s\n", hlAccount(a), currencyOf(a), a.StartBalance)
		opening[currencyOf(a)] = opening[currencyOf(a)].Add(a.StartBalance)
	}
	for _, c := range sortedKeys(opening) {
		fmt.Fprintf(w, "    equity:opening    %s %s\n", c, opening[c].Neg())
	}
	for i := range b.Transactions {
		t := &b.Transactions[i]
		target, origin := byID[t.TargetAccountID], byID[t.OriginAccountID]
		if target == nil || origin == nil {
			st.dangling++
			continue
		}
		if t.ValueDate.IsZero() {
			return st, fmt.Errorf("posting %s has no value date", t.ID)
		}
		fmt.Fprintf(w, "\n%s posting %d\n", t.ValueDate, i)
		fmt.Fprintf(w, "    %s    %s\n", hlAccount(target), legAmount(t, target, false, &st))
		fmt.Fprintf(w, "    %s    %s\n", hlAccount(origin), legAmount(t, origin, true, &st))
		st.postings++
	}
	if err := w.Flush(); err != nil {
		return st, err
	}
	return st, os.WriteFile(path, buf.Bytes(), 0o644)
}

// legAmount is one leg's amount: Value CHF on a CHF account; on a foreign
// account round(Value / FxRate, 2) in its currency when the rate is present
// and non-zero (else Value, docs/numbers.md#foreign-currency), priced at Value CHF so that the
// transaction balances in CHF.
func legAmount(t *reader.Transaction, a *reader.Account, credit bool, st *journalStats) string {
	amount := t.Value
	if currencyOf(a) != "CHF" && t.FxRate.Valid && !t.FxRate.Decimal.IsZero() {
		amount = decimal.RequireFromString(roundHalfEven2(t.Value, t.FxRate.Decimal))
	}
	if credit {
		amount = amount.Neg()
	}
	if currencyOf(a) == "CHF" {
		return fmt.Sprintf("CHF %s", amount)
	}
	st.foreignLegs++
	return fmt.Sprintf("%s %s @@ CHF %s", currencyOf(a), amount, t.Value.Abs()) // hledger signs the cost like the amount
}

// hledger runs hledger on journal with args and returns its standard output.
func hledger(t *testing.T, journal string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "hledger", append([]string{"-f", journal}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hledger %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return out
}

// hlBalances is an hledger balance report: account → commodity → amount.
type hlBalances map[string]map[string]decimal.Decimal

// get returns the amount of account in commodity, zero when absent.
func (h hlBalances) get(account, commodity string) decimal.Decimal {
	return h[account][commodity]
}

// balance runs `hledger bal` as a tree with --layout=bare CSV output and
// parses it. The tree has a row per account and commodity at every depth:
// expenses (depth 1, what --depth 1 shows), expenses:40 (--depth 2, the
// subclass, including its accounts) and expenses:40:4000 (the account).
// -N drops the total row; -E keeps accounts whose postings sum to zero.
func balance(t *testing.T, journal string, args ...string) hlBalances {
	t.Helper()
	args = append([]string{"bal", "-N", "-E", "--tree", "--no-elide", "--layout=bare", "-O", "csv"}, args...)
	rows := readCSV(t, hledger(t, journal, args...), "account", "commodity", "balance")
	out := hlBalances{}
	for _, r := range rows {
		amt, err := decimal.NewFromString(r[2])
		if err != nil {
			t.Fatalf("hledger %s: balance %q of %s: %v", strings.Join(args, " "), r[2], r[0], err)
		}
		if out[r[0]] == nil {
			out[r[0]] = map[string]decimal.Decimal{}
		}
		out[r[0]][r[1]] = out[r[0]][r[1]].Add(amt)
	}
	return out
}

// postingCounts runs `hledger reg` and counts the postings per account.
func postingCounts(t *testing.T, journal string, query ...string) map[string]int {
	t.Helper()
	args := append([]string{"reg", "-E", "-O", "csv"}, query...)
	rows := readCSV(t, hledger(t, journal, args...), "account")
	out := map[string]int{}
	for _, r := range rows {
		out[r[0]]++
	}
	return out
}

// readCSV parses hledger's CSV and returns, per data row, the named columns.
func readCSV(t *testing.T, data []byte, columns ...string) [][]string {
	t.Helper()
	records, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
	if err != nil || len(records) == 0 {
		t.Fatalf("hledger CSV: %v\n%s", err, data)
	}
	idx := make([]int, len(columns))
	for i, c := range columns {
		idx[i] = -1
		for j, h := range records[0] {
			if h == c {
				idx[i] = j
			}
		}
		if idx[i] < 0 {
			t.Fatalf("hledger CSV has no column %q: %v", c, records[0])
		}
	}
	var out [][]string
	for _, rec := range records[1:] {
		row := make([]string, len(columns))
		for i, j := range idx {
			row[i] = rec[j]
		}
		out = append(out, row)
	}
	return out
}

func sortedSet(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
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
