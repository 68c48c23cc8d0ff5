package export_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/export"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// balancesOf runs a plain-text accounting tool on journal and returns every
// account's balance, "CHF 12.50", by account name.
type balancesOf func(t *testing.T, journal string, query ...string) map[string]string

func ledgerBalances(t *testing.T, journal string, query ...string) map[string]string {
	args := append([]string{"-f", journal, "bal", "--flat", "--no-total", "--balance-format", "%(account)\t%(scrub(display_total))\n"}, query...)
	out := map[string]string{}
	for _, line := range strings.Split(runTool(t, "ledger", args...), "\n") {
		if account, amount, ok := strings.Cut(line, "\t"); ok {
			out[account] = amount
		}
	}
	return out
}

func hledgerBalances(t *testing.T, journal string, query ...string) map[string]string {
	args := append([]string{"-f", journal, "bal", "--flat", "-N", "-O", "csv"}, query...)
	recs, err := csv.NewReader(strings.NewReader(runTool(t, "hledger", args...))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range recs[1:] {
		out[r[0]] = r[1]
	}
	return out
}

func runTool(t *testing.T, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// TestLedgerAndHledgerReadTheJournal exports every clean mandator of the
// demo and hand-check books, all years and each year alone, reads the
// journals with ledger and hledger, and requires to the last decimal: every
// balance-sheet account's closing balance of the last year, in its
// currency, and every income and expense account's total of each year.
func TestLedgerAndHledgerReadTheJournal(t *testing.T) {
	tools := map[string]balancesOf{"ledger": ledgerBalances, "hledger": hledgerBalances}
	for name := range tools {
		if _, err := exec.LookPath(name); err != nil {
			if os.Getenv("CI") == "true" { // .ci/run installs both
				t.Fatalf("%s is not on PATH: .ci/run must install it (apt-get install %s)", name, name)
			}
			t.Logf("install %s (apt-get install %s) to check that it reads the export", name, name)
			delete(tools, name)
		}
	}
	if len(tools) == 0 {
		t.Skip("neither ledger nor hledger is installed")
	}
	dir := t.TempDir()
	for root, store := range map[string]*reader.Store{
		"demo":      reader.OpenFS(fixtures.DemoFS(), "export-demo"),
		"handcheck": reader.OpenFS(fixtures.HandcheckFS(), "export-handcheck"),
	} {
		mandators, err := store.Mandators(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mandators {
			if m == fixtures.ProblemMandator {
				continue // unreadable on purpose
			}
			years, _ := store.MandatorYears(m)
			books, err := store.BooksOfYears(context.Background(), m, years)
			if err != nil {
				t.Fatal(err)
			}
			for tool, balances := range tools {
				t.Run(fmt.Sprintf("%s/%s/%s", tool, root, m), func(t *testing.T) {
					t.Parallel()
					checkClosing(t, balances, writeJournal(t, dir, books), books[len(books)-1])
					for _, b := range books {
						checkIncomeStatement(t, balances, writeJournal(t, dir, []*reader.Books{b}), b)
					}
				})
			}
		}
	}
}

func writeJournal(t *testing.T, dir string, books []*reader.Books) string {
	t.Helper()
	f, err := os.CreateTemp(dir, "*.journal")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := export.Journal(f, books); err != nil {
		t.Fatal(err)
	}
	return filepath.Clean(f.Name())
}

// accountName is how the journal names a, found by number in balances.
func accountName(t *testing.T, a *reader.Account, balances map[string]string) string {
	for name := range balances {
		if strings.Contains(name, fmt.Sprintf(":%d ", a.Number)) {
			return name
		}
	}
	return ""
}

func amountIn(t *testing.T, s, currency string) decimal.Decimal {
	t.Helper()
	if s == "" || s == "0" {
		return decimal.Zero
	}
	v, ok := strings.CutPrefix(s, currency+" ")
	if !ok {
		t.Fatalf("amount %q is not in %s", s, currency)
	}
	return decimal.RequireFromString(v)
}

func checkClosing(t *testing.T, balances balancesOf, journal string, b *reader.Books) {
	got := balances(t, journal, "^Assets", "^Liabilities")
	bals, _ := analysis.Balances(analysis.NewLedger(b), nil)
	for _, ab := range bals {
		a := ab.Account
		if c := a.Class(); c != reader.Activa && c != reader.Passiva {
			continue
		}
		want := a.StartBalance.Add(ab.Debits).Sub(ab.Credits) // debit-positive, as the journal
		if v := amountIn(t, got[accountName(t, a, got)], a.Currency); !v.Equal(want) {
			t.Errorf("%d %s %d: closing balance = %s; want %s %s", b.Year, b.Mandator, a.Number, got[accountName(t, a, got)], a.Currency, want)
		}
	}
}

func checkIncomeStatement(t *testing.T, balances balancesOf, journal string, b *reader.Books) {
	got := balances(t, journal, "^Income", "^Expenses")
	l := analysis.NewLedger(b)
	for class, sign := range map[reader.Class]int64{reader.Income: -1, reader.Expenses: 1} {
		for _, r := range analysis.Report(l, analysis.ReportSpec{Class: class, GroupBy: analysis.ByAccount}) {
			want := r.AmountChf.Mul(decimal.NewFromInt(sign))
			if v := amountIn(t, got[accountName(t, r.Account, got)], "CHF"); !v.Equal(want) {
				t.Errorf("%d %s %d: total = %q; want CHF %s", b.Year, b.Mandator, r.Number, got[accountName(t, r.Account, got)], want)
			}
		}
	}
}
