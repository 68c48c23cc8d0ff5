package export_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// insightRates value foreign cash in the cash-flow check; four decimals,
// so that products need rounding.
var insightRates = analysis.Rates{"EUR": decimal.RequireFromString("0.9371"), "USD": decimal.RequireFromString("0.8842")}

// TestTrialBalanceAndCashFlowAgreeWithHledger exports each year of the
// clean demo mandators and of two years of generated scale books alone,
// and compares to the cent what analysis reports with what hledger
// computes from the journal:
//
//   - the trial balance of the year and of its second quarter: per account
//     the opening balance, debits and credits (hledger's balance of the
//     postings with amt:>0 and amt:<0, in the account's currency and, with
//     -B, in CHF) and the closing balance, and the grand totals;
//   - the cash flow by quarter: in − out against hledger's cashflow report
//     (the cash accounts declared type C, opening balances left out, at
//     cost), closing cash against its historical report valued at the same
//     rates, and in − out per counter-subclass against hledger's balance of
//     the cash postings' siblings (--related).
//
// hledger 1.25 (Debian's) has no debit and credit columns in balance; the
// amt: queries give the same sums.
func TestTrialBalanceAndCashFlowAgreeWithHledger(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (hledger runs once per report): runs without -short, as in CI")
	}
	if _, err := exec.LookPath("hledger"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("hledger is not on PATH: .ci/run must install hledger (apt-get install hledger)")
		}
		t.Skip("install hledger (apt-get install hledger) to compare the trial balance and cash flow")
	}
	scaleDir := t.TempDir()
	if err := bookgen.WriteScale(scaleDir, 2, 2000); err != nil {
		t.Fatal(err)
	}
	scale, err := reader.Open(scaleDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var books, numbers atomic.Int64
	t.Run("books", func(t *testing.T) {
		for root, store := range map[string]*reader.Store{"demo": reader.OpenFS(fixtures.DemoFS(), "insights-demo"), "scale": scale} {
			mandators, err := store.Mandators(0)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range mandators {
				if m == fixtures.ProblemMandator {
					continue // unreadable on purpose
				}
				years, _ := store.MandatorYears(m)
				for _, y := range years {
					b, err := store.Books(context.Background(), m, y)
					if err != nil {
						t.Fatal(err)
					}
					t.Run(fmt.Sprintf("%s/%d %s", root, y, m), func(t *testing.T) {
						t.Parallel()
						c := &counter{t: t}
						journal := writeJournal(t, dir, []*reader.Books{b})
						l := analysis.NewLedger(b)
						checkTrialBalance(c, l, journal, 0, 0)
						checkTrialBalance(c, l, journal, reader.NewDate(y, 4, 1), reader.NewDate(y, 6, 30))
						checkCashFlow(c, l, journal)
						numbers.Add(int64(c.n))
						books.Add(1)
					})
				}
			}
		}
	})
	t.Logf("trial balance and cash flow of %d mandator-years compared with hledger: %d numbers", books.Load(), numbers.Load())
}

// counter compares money to the cent and counts the comparisons.
type counter struct {
	t *testing.T
	n int
}

func (c *counter) equal(what string, got, hl decimal.Decimal) {
	c.t.Helper()
	c.n++
	if g, h := got.StringFixed(2), hl.StringFixed(2); g != h {
		c.t.Errorf("%s = %s; hledger says %s", what, g, h)
	}
}

// amounts parses an hledger cell such as "CHF 12.50, EUR 3.00" by commodity.
func amounts(t *testing.T, cell string) map[string]decimal.Decimal {
	out := map[string]decimal.Decimal{}
	for _, part := range strings.Split(cell, ",") {
		part = strings.TrimSpace(part)
		if part == "" || part == "0" {
			continue
		}
		cur, v, ok := strings.Cut(part, " ")
		if !ok {
			t.Fatalf("cannot read the amount %q", part)
		}
		out[cur] = out[cur].Add(decimal.RequireFromString(v))
	}
	return out
}

// balanceIn returns an account's hledger balance in its currency.
func balanceIn(t *testing.T, bals map[string]string, a *reader.Account) decimal.Decimal {
	return amounts(t, bals[accountName(t, a, bals)])[a.Currency]
}

func checkTrialBalance(c *counter, l *analysis.Ledger, journal string, from, to reader.Date) {
	t := c.t
	label := "year"
	openQ, moveQ, closeQ := []string{"desc:^Opening"}, []string{"not:desc:^Opening"}, []string{}
	if from != 0 {
		label = fmt.Sprintf("%s..%s", from, to)
		end := plusDay(to)
		openQ, moveQ, closeQ = []string{"-e", from.String()}, []string{"-b", from.String(), "-e", end}, []string{"-e", end}
	}
	q := func(query ...string) map[string]string { return hledgerBalances(t, journal, query...) }
	open, closing := q(openQ...), q(closeQ...)
	debits, credits := q(append(moveQ, "amt:>0")...), q(append(moveQ, "amt:<0")...)
	debitsChf, creditsChf := q(append(moveQ, "-B", "amt:>0")...), q(append(moveQ, "-B", "amt:<0")...)
	tb := analysis.TrialBalanceOf(l, from, to)
	listed := map[*reader.Account]bool{}
	var sumD, sumC decimal.Decimal
	for _, r := range tb.Rows {
		a := r.Account
		listed[a] = true
		sign := decimal.NewFromInt(1)
		if c := a.Class(); c == reader.Passiva || c == reader.Income {
			sign = sign.Neg()
		}
		what := fmt.Sprintf("%s %d %s, account %d", label, l.Books.Year, l.Books.Mandator, a.Number)
		c.equal(what+" opening", r.Opening, balanceIn(t, open, a).Mul(sign))
		c.equal(what+" debits", r.Debits, balanceIn(t, debits, a))
		c.equal(what+" credits", r.Credits, balanceIn(t, credits, a).Neg())
		c.equal(what+" closing", r.Closing, balanceIn(t, closing, a).Mul(sign))
		dChf, cChf := amounts(t, debitsChf[accountName(t, a, debitsChf)])["CHF"], amounts(t, creditsChf[accountName(t, a, creditsChf)])["CHF"]
		c.equal(what+" debitsChf", r.DebitsChf, dChf)
		c.equal(what+" creditsChf", r.CreditsChf, cChf.Neg())
		sumD, sumC = sumD.Add(dChf), sumC.Add(cChf.Neg())
	}
	c.equal(label+" total debits", tb.TotalDebitsChf, sumD)
	c.equal(label+" total credits", tb.TotalCreditsChf, sumC)
	for i := range l.Books.Accounts {
		a := &l.Books.Accounts[i]
		if !listed[a] && (!balanceIn(t, closing, a).IsZero() || !balanceIn(t, debits, a).IsZero() || !balanceIn(t, credits, a).IsZero()) {
			t.Errorf("%s: account %d moves in hledger but is not in the trial balance", label, a.Number)
		}
	}
}

// plusDay returns the day after d, as hledger's exclusive end date.
func plusDay(d reader.Date) string {
	if d.Day() < reader.DaysIn(d.Year(), d.Month()) {
		return reader.NewDate(d.Year(), d.Month(), d.Day()+1).String()
	}
	if d.Month() < 12 {
		return reader.NewDate(d.Year(), d.Month()+1, 1).String()
	}
	return reader.NewDate(d.Year()+1, 1, 1).String()
}

// quarterLabel reads the column labels of quarterly reports: 2025Q1 for
// changes, the quarter's last day (2025-03-31) for historical balances.
var quarterLabel = regexp.MustCompile(`^(\d{4})(?:Q([1-4])|-(03|06|09|12)-3[01])$`)

// report runs an hledger multi-period report and returns its rows by
// account (and "total"), each with one cell per quarter of year. With
// merge, columns before the year (late bookings dated in the previous
// year) are added to its first quarter, as the books count them; without,
// columns outside the year are left out (historical reports).
func report(t *testing.T, year int, merge bool, args ...string) map[string][4]map[string]decimal.Decimal {
	r := csv.NewReader(strings.NewReader(runTool(t, "hledger", args...)))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var header []string
	out := map[string][4]map[string]decimal.Decimal{}
	for _, r := range recs {
		if len(r) > 1 && (r[0] == "Account" || r[0] == "account") {
			header = r
			continue
		}
		if header == nil || len(r) != len(header) {
			continue
		}
		var row [4]map[string]decimal.Decimal
		for q := range row {
			row[q] = map[string]decimal.Decimal{}
		}
		for i := 1; i < len(r); i++ {
			m := quarterLabel.FindStringSubmatch(header[i])
			if m == nil {
				continue
			}
			y, _ := strconv.Atoi(m[1])
			q, _ := strconv.Atoi(m[2])
			if m[3] != "" {
				mo, _ := strconv.Atoi(m[3])
				q = mo / 3
			}
			switch {
			case y != year && !merge:
				continue
			case y < year:
				q = 1
			case y > year:
				q = 4
			}
			row[q-1]["seen"] = decimal.NewFromInt(1)
			for cur, v := range amounts(t, r[i]) {
				row[q-1][cur] = row[q-1][cur].Add(v)
			}
		}
		for q := 1; q < 4 && !merge; q++ {
			if _, ok := row[q]["seen"]; !ok { // no column: nothing moved, the balance stays
				row[q] = row[q-1]
			}
		}
		for q := range row {
			delete(row[q], "seen")
		}
		out[r[0]] = row
	}
	return out
}

func checkCashFlow(c *counter, l *analysis.Ledger, journal string) {
	t := c.t
	year := l.Books.Year
	cash := analysis.DefaultCashAccounts(l)
	cf := analysis.CashFlowOf(l, cash, analysis.Quarterly, insightRates)
	// The cash accounts valued, declared type C in a copy of the journal.
	data, err := os.ReadFile(journal)
	if err != nil {
		t.Fatal(err)
	}
	var nums []string
	for _, v := range cf.Accounts {
		nums = append(nums, strconv.Itoa(v.Account.Number))
	}
	decl := regexp.MustCompile(`(?m)^(account Assets:[^:\n]+:(?:` + strings.Join(nums, "|") + `) [^\n]*)$`)
	typed := decl.ReplaceAll(data, []byte("$1  ; type: C"))
	cj := filepath.Join(filepath.Dir(journal), filepath.Base(journal)+".cash.journal")
	if err := os.WriteFile(cj, typed, 0o644); err != nil {
		t.Fatal(err)
	}
	value := func(m map[string]decimal.Decimal) decimal.Decimal {
		var sum decimal.Decimal
		for cur, v := range m {
			if cur != "CHF" {
				v = v.Mul(insightRates[cur])
			}
			sum = sum.Add(v)
		}
		return sum
	}
	what := fmt.Sprintf("%d %s cash flow", year, l.Books.Mandator)
	flows := report(t, year, true, "-f", cj, "cashflow", "-Q", "-B", "not:desc:^Opening", "-O", "csv")["total"]
	closing := report(t, year, false, "-f", cj, "cashflow", "-Q", "-H", "-O", "csv")["total"]
	cashQuery := `^Assets:[^:]+:(` + strings.Join(nums, "|") + `) `
	related := report(t, year, true, "-f", cj, "bal", "-Q", "-B", "--related", cashQuery, "not:desc:^Opening", "--depth", "2", "-O", "csv")
	for q, p := range cf.Periods {
		c.equal(fmt.Sprintf("%s %s in − out", what, p.Label), p.In.Sub(p.Out), value(flows[q]))
		if !p.Opening.Add(p.In).Sub(p.Out).Add(p.FxDifference).Equal(p.Closing) {
			t.Errorf("%s %s: opening + in − out + fx ≠ closing", what, p.Label)
		}
		c.equal(fmt.Sprintf("%s %s closing", what, p.Label), p.Closing, value(closing[q]))
		net := map[int]decimal.Decimal{}
		for _, r := range p.Inflows {
			net[r.Number] = net[r.Number].Add(r.AmountChf)
		}
		for _, r := range p.Outflows {
			net[r.Number] = net[r.Number].Sub(r.AmountChf)
		}
		hl := map[int]decimal.Decimal{}
		for name, row := range related {
			if name == "total" {
				continue
			}
			_, rest, _ := strings.Cut(name, ":")
			n, err := strconv.Atoi(strings.Fields(rest)[0])
			if err != nil {
				t.Fatalf("cannot read the subclass of %q", name)
			}
			hl[n] = hl[n].Add(value(row[q]).Neg())
		}
		for n := range union(net, hl) {
			c.equal(fmt.Sprintf("%s %s subclass %d in − out", what, p.Label, n), net[n], hl[n])
		}
	}
	// The year's opening cash: the start balances, valued at the same rates.
	var start decimal.Decimal
	for _, v := range cf.Accounts {
		start = start.Add(v.Account.StartBalance.Mul(rateOf(v)))
	}
	c.equal(what+" opening", cf.Total.Opening, start)
}

func rateOf(v analysis.CashValue) decimal.Decimal {
	if r, ok := insightRates[v.Account.Currency]; ok {
		return r
	}
	return decimal.NewFromInt(1)
}

func union(a, b map[int]decimal.Decimal) map[int]bool {
	out := map[int]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
