package reader_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

func TestMain(m *testing.M) { benchbooks.Main(m) }

// BenchmarkParse measures parse throughput (MB/s) per file kind, and for
// Transactions.xml at 1×, 2× and 4× the postings.
func BenchmarkParse(b *testing.B) {
	kinds := []struct {
		file  string
		parse func(string, []byte) error
	}{
		{"Accounts.xml", func(r string, d []byte) error { _, err := reader.ParseAccounts(r, d); return err }},
		{"SubClasses.xml", func(r string, d []byte) error { _, err := reader.ParseSubClasses(r, d); return err }},
		{"Transactions.xml", func(r string, d []byte) error { _, err := reader.ParseTransactions(r, d); return err }},
		{"BankTransactions.xml", func(r string, d []byte) error { _, err := reader.ParseBankTransactions(r, d); return err }},
		{"BookingRules.xml", func(r string, d []byte) error { _, err := reader.ParseBookingRules(r, d); return err }},
	}
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		for _, k := range kinds {
			if factor > 1 && k.file != "Transactions.xml" {
				continue
			}
			rel := fmt.Sprintf("%d/%s/Data/%s", benchbooks.LastYear(), benchbooks.Mandator, k.file)
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/x%d", k.file, factor), func(b *testing.B) {
				b.SetBytes(int64(len(data)))
				b.ReportAllocs()
				for b.Loop() {
					if err := k.parse(rel, data); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkColdLoad loads one mandator-year, and all ten years, with a fresh
// Store each time, so that every file is read and parsed.
func BenchmarkColdLoad(b *testing.B) {
	ctx := context.Background()
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		years := benchbooks.ScaleYears()
		b.Run(fmt.Sprintf("year/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := reader.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.Books(ctx, benchbooks.Mandator, benchbooks.LastYear()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("tenYears/x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				s, err := reader.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := s.BooksOfYears(ctx, benchbooks.Mandator, years); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRetainedHeap reports the heap the parsed books of ten years keep
// alive, per byte of XML read (heapB/xmlB).
func BenchmarkRetainedHeap(b *testing.B) {
	ctx := context.Background()
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		xml := benchbooks.XMLBytes(b, dir)
		b.Run(fmt.Sprintf("tenYears/x%d", factor), func(b *testing.B) {
			var perByte float64
			for b.Loop() {
				before := benchbooks.HeapAfterGC()
				s, err := reader.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				books, err := s.BooksOfYears(ctx, benchbooks.Mandator, benchbooks.ScaleYears())
				if err != nil {
					b.Fatal(err)
				}
				perByte = float64(benchbooks.HeapAfterGC()-before) / float64(xml)
				runtime.KeepAlive(books)
				runtime.KeepAlive(s)
			}
			b.ReportMetric(perByte, "heapB/xmlB")
		})
	}
}
