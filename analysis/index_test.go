package analysis

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/shopspring/decimal"
)

// indexedBooks are books to compare the indexed reports with a plain walk
// over the postings: every readable demo and hand-check year, the sample,
// and a chart in which two accounts share a number.
func indexedBooks(t *testing.T) map[string]*reader.Books {
	t.Helper()
	out := map[string]*reader.Books{"sample": sample(t)}
	dup := sample(t)
	dup.Accounts = append(dup.Accounts, reader.Account{ID: "food2", Number: 4000, Name: "Food too", Currency: "CHF"})
	dup.Transactions = append(dup.Transactions, tx(t, "t10", "2025-02-01", "Bakery", "7.20", "bank", "food2", ""))
	out["duplicate numbers"] = dup
	for name, root := range map[string]*reader.Store{
		"demo":      reader.OpenFS(fixtures.DemoFS(), "index-demo"),
		"handcheck": reader.OpenFS(fixtures.HandcheckFS(), "index-handcheck"),
	} {
		ms, err := root.Mandators(0)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			years, _ := root.MandatorYears(m)
			for _, y := range years {
				if b, err := root.Books(context.Background(), m, y); err == nil {
					out[fmt.Sprintf("%s %s %d", name, m, y)] = b
				}
			}
		}
	}
	return out
}

var equalDecimals = cmp.Comparer(func(a, b decimal.Decimal) bool { return a.Equal(b) })

// TestIndexedReportMatchesScan compares Report, which reads per-day totals,
// with reportScan, which walks the postings, for every class, grouping and
// many date ranges, including open and empty ones.
func TestIndexedReportMatchesScan(t *testing.T) {
	for name, b := range indexedBooks(t) {
		l := NewLedger(b)
		var bounds []reader.Date
		for _, d := range []string{"0001-01-01", "2024-12-30", "2025-02-03", "2025-04-01", "2025-12-31", "2026-03-31"} {
			bounds = append(bounds, date(t, d))
		}
		for _, c := range []reader.Class{reader.Activa, reader.Passiva, reader.Income, reader.Expenses} {
			for _, g := range []GroupBy{ByAccount, BySubclass} {
				for _, from := range bounds {
					for _, to := range bounds {
						spec := ReportSpec{Class: c, GroupBy: g, From: from, To: to}
						want, got := reportScan(l, spec), Report(l, spec)
						if diff := cmp.Diff(want, got, equalDecimals, cmpopts.EquateEmpty()); diff != "" {
							t.Fatalf("%s: Report(%+v) mismatch (-scan +indexed):\n%s", name, spec, diff)
						}
					}
				}
			}
		}
	}
}

// TestIndexedTransactionsMatchScan compares Transactions, which walks a
// kept newest-first order and matches folded texts kept per distinct text,
// with a plain filter over the postings sorted afterwards.
func TestIndexedTransactionsMatchScan(t *testing.T) {
	for name, b := range indexedBooks(t) {
		l := NewLedger(b)
		for _, f := range []TxFilter{
			{}, {Text: "coop"}, {Text: "zurich"}, {Text: Fold("Café")}, {Text: "zz-nothing"},
			{From: date(t, "2025-02-01"), To: date(t, "2025-06-30")},
			{AccountID: b.Accounts[0].ID}, {Min: decimal.NewNullDecimal(dec("50")), Max: decimal.NewNullDecimal(dec("500"))},
		} {
			var want []TxRow
			l.eachPostingIndex(func(i int, t *reader.Transaction, target, origin *reader.Account) {
				if f.AccountID != "" && t.TargetAccountID != f.AccountID && t.OriginAccountID != f.AccountID ||
					!inRange(t.ValueDate, f.From, f.To) ||
					f.Min.Valid && t.Value.LessThan(f.Min.Decimal) || f.Max.Valid && t.Value.GreaterThan(f.Max.Decimal) {
					return
				}
				if f.Text != "" && !strings.Contains(Fold(t.Text), f.Text) && !strings.Contains(Fold(t.RelatedParty), f.Text) &&
					!strings.Contains(Fold(t.BankTransactionText), f.Text) {
					return
				}
				want = append(want, TxRow{Tx: t, Year: l.Books.Year, Index: i})
			})
			sortNewestFirst(want)
			got := Transactions(l, f).Rows
			if len(got) != len(want) {
				t.Fatalf("%s: Transactions(%+v) = %d rows; want %d", name, f, len(got), len(want))
			}
			for i := range want {
				if got[i].Tx != want[i].Tx || got[i].Index != want[i].Index {
					t.Fatalf("%s: Transactions(%+v) row %d = posting %d; want posting %d", name, f, i, got[i].Index, want[i].Index)
				}
			}
		}
	}
}

func TestMergeNewestFirst(t *testing.T) {
	b := sample(t)
	rows := func(year int, idx ...int) []TxRow {
		var out []TxRow
		for _, i := range idx {
			out = append(out, TxRow{Tx: &b.Transactions[i], Year: year, Index: i})
		}
		sortNewestFirst(out)
		return out
	}
	lists := [][]TxRow{rows(2025, 0, 3, 6), rows(2024, 1, 2, 7), nil, rows(2026, 4, 5, 8)}
	var want []TxRow
	for _, l := range lists {
		want = append(want, l...)
	}
	sortNewestFirst(want)
	got := MergeNewestFirst(lists...)
	if len(got) != len(want) {
		t.Fatalf("MergeNewestFirst = %d rows; want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Tx != want[i].Tx || got[i].Year != want[i].Year {
			t.Errorf("MergeNewestFirst row %d = %s/%d; want %s/%d", i, got[i].Tx.ID, got[i].Year, want[i].Tx.ID, want[i].Year)
		}
	}
	if MergeNewestFirst() != nil {
		t.Errorf("MergeNewestFirst() is not empty")
	}
}

// TestLedgerIndexesUnderConcurrency builds a Ledger's lazy indexes from
// many goroutines at once, as concurrent tool calls on a cached Ledger do
// (go test -race checks the sharing), and requires every answer to be the
// one a single caller gets.
func TestLedgerIndexesUnderConcurrency(t *testing.T) {
	b := sample(t)
	serial := NewLedger(b)
	spec := ReportSpec{Class: reader.Expenses, GroupBy: BySubclass}
	wantReport, wantTx := Report(serial, spec), Transactions(serial, TxFilter{Text: "coop"})
	wantBal, _ := Balances(serial, nil)
	shared := NewLedger(b)
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			var diff string
			switch i % 3 {
			case 0:
				diff = cmp.Diff(wantReport, Report(shared, spec), equalDecimals)
			case 1:
				got := Transactions(shared, TxFilter{Text: "coop"})
				diff = cmp.Diff(len(wantTx.Rows), len(got.Rows)) + cmp.Diff(wantTx.SumChf, got.SumChf, equalDecimals)
			default:
				got, _ := Balances(shared, nil)
				diff = cmp.Diff(wantBal, got, equalDecimals)
			}
			if diff != "" {
				t.Errorf("goroutine %d: answer differs from a single caller's (-want +got):\n%s", i, diff)
			}
		})
	}
	wg.Wait()
}

// sortNewestFirst orders rows as Transactions must return them, by a rule
// written apart from the package's own: value date descending, then book
// year, then file position, both descending.
func sortNewestFirst(rows []TxRow) {
	sort.Slice(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Tx.ValueDate != b.Tx.ValueDate {
			return a.Tx.ValueDate.String() > b.Tx.ValueDate.String()
		}
		if a.Year != b.Year {
			return a.Year > b.Year
		}
		return a.Index > b.Index
	})
}
