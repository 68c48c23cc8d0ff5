package analysis

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

func TestMain(m *testing.M) { benchbooks.Main(m) }

// benchBooks loads the last year of the scale books at factor × the base
// postings.
func benchBooks(b *testing.B, factor int) *reader.Books {
	dir := benchbooks.Scale(b, factor)
	s, err := reader.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	books, err := s.Books(context.Background(), benchbooks.Mandator, benchbooks.LastYear())
	if err != nil {
		b.Fatal(err)
	}
	return books
}

// BenchmarkLedger measures building a Ledger with the indexes the tools
// use, and the warm queries on it, at 1×, 2× and 4× the postings of a year.
func BenchmarkLedger(b *testing.B) {
	for _, factor := range benchbooks.Factors {
		books := benchBooks(b, factor)
		year := books.Year
		q1 := ReportSpec{Class: reader.Expenses, GroupBy: ByAccount, From: reader.NewDate(year, 1, 1), To: reader.NewDate(year, 3, 31)}
		b.Run(fmt.Sprintf("index/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				l := NewLedger(books)
				Report(l, q1)
				Transactions(l, TxFilter{Text: "coop"})
			}
		})
		l := NewLedger(books)
		b.Run(fmt.Sprintf("report/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Report(l, q1)
			}
		})
		b.Run(fmt.Sprintf("balances/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Balances(l, nil)
			}
		})
		b.Run(fmt.Sprintf("textSearch/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Transactions(l, TxFilter{Text: "zurich"})
			}
		})
	}
}

// BenchmarkRetainedHeap reports the heap that ten years of parsed books and
// their ledgers with the tools' indexes keep alive, per byte of XML read
// (heapB/xmlB): what the reader's cache estimates a cached mandator-year
// at (reader's parsedPerXMLByte).
func BenchmarkRetainedHeap(b *testing.B) {
	ctx := context.Background()
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Dir(b, benchbooks.BaseYears, factor*benchbooks.BasePostings)
		xml := benchbooks.XMLBytes(b, dir)
		b.Run(fmt.Sprintf("tenYears/x%d", factor), func(b *testing.B) {
			var perByte float64
			for b.Loop() {
				before := benchbooks.HeapAfterGC()
				s, err := reader.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				books, err := s.BooksOfYears(ctx, benchbooks.Mandator, benchbooks.Years(benchbooks.BaseYears))
				if err != nil {
					b.Fatal(err)
				}
				for _, bk := range books {
					l := CachedLedger(s, bk)
					Report(l, ReportSpec{Class: reader.Expenses, GroupBy: ByAccount})
					Transactions(l, TxFilter{Text: "coop"})
				}
				perByte = float64(benchbooks.HeapAfterGC()-before) / float64(xml)
				runtime.KeepAlive(books)
				runtime.KeepAlive(s)
			}
			b.ReportMetric(perByte, "heapB/xmlB")
		})
	}
}
