package tools_test

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestMain(m *testing.M) { benchbooks.Main(m) }

// benchSession starts the real server over the scale books in dir, as the
// binary does (reader.Open on a folder), with a client over in-memory
// transports.
func benchSession(b *testing.B, dir string) *mcp.ClientSession {
	b.Helper()
	store, err := reader.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	server := tools.NewServer(tools.Options{Store: store, Privacy: tools.Full, Rates: analysis.Rates{},
		Now: func() time.Time { return today }})
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// benchCall calls a tool that must succeed.
func benchCall(b *testing.B, cs *mcp.ClientSession, name string, args map[string]any) {
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		b.Fatal(err)
	}
	if res.IsError {
		b.Fatalf("%s(%v): %v", name, args, res.StructuredContent)
	}
}

// scaleCalls are the benchmarked tool calls over the scale books: one year,
// and all ten years for compare_years and search_transactions.
func scaleCalls() []struct {
	name string
	args map[string]any
} {
	years, last := benchbooks.ScaleYears(), benchbooks.LastYear()
	return []struct {
		name string
		args map[string]any
	}{
		{"get_balance_summary", map[string]any{"year": last}},
		{"list_accounts", map[string]any{"year": last}},
		{"get_expenses_by_category", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-01-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
		{"get_transactions", map[string]any{"year": last, "textSearch": "zürich", "limit": 50}},
		{"compare_years", map[string]any{"years": years}},
		{"search_transactions", map[string]any{"query": "sprüngli", "limit": 50}},
		{"get_transactions/amount", map[string]any{"year": last, "class": "expenses", "orderBy": "amount", "limit": 10}},
		{"get_cash_flow", map[string]any{"year": last, "interval": "month"}},
		{"get_trial_balance", map[string]any{"year": last}},
		{"find_unusual_transactions", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-03-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
	}
}

// BenchmarkWarmTool measures each tool through the real server once the
// books are loaded, at 1×, 2× and 4× the postings of ten heavy years.
func BenchmarkWarmTool(b *testing.B) {
	for _, c := range scaleCalls() {
		for _, factor := range benchbooks.Factors {
			dir := benchbooks.Scale(b, factor)
			b.Run(fmt.Sprintf("%s/x%d", c.name, factor), func(b *testing.B) {
				cs := benchSession(b, dir)
				name, _, _ := strings.Cut(c.name, "/") // a variant's label after the tool name
				benchCall(b, cs, name, c.args)         // load and index the books
				b.ReportAllocs()
				for b.Loop() {
					benchCall(b, cs, name, c.args)
				}
			})
		}
	}
}

// BenchmarkColdCompareYears runs compare_years over ten years on a fresh
// server each time, so that every file is read and parsed (in parallel).
func BenchmarkColdCompareYears(b *testing.B) {
	years := benchbooks.ScaleYears()
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		b.Run(fmt.Sprintf("x%d", factor), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				cs := benchSession(b, dir)
				benchCall(b, cs, "compare_years", map[string]any{"years": years})
			}
		})
	}
}

// BenchmarkRetainedHeap reports the heap a warm server keeps for ten years
// of books (parsed files, Books and Ledger caches) per byte of XML.
func BenchmarkRetainedHeap(b *testing.B) {
	years := benchbooks.ScaleYears()
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		xml := benchbooks.XMLBytes(b, dir)
		b.Run(fmt.Sprintf("x%d", factor), func(b *testing.B) {
			var perByte float64
			for b.Loop() {
				before := benchbooks.HeapAfterGC()
				cs := benchSession(b, dir)
				benchCall(b, cs, "compare_years", map[string]any{"years": years})
				benchCall(b, cs, "search_transactions", map[string]any{"query": "coop", "limit": 1})
				for _, y := range years {
					benchCall(b, cs, "list_accounts", map[string]any{"year": y})
				}
				perByte = float64(benchbooks.HeapAfterGC()-before) / float64(xml)
				runtime.KeepAlive(cs)
			}
			b.ReportMetric(perByte, "heapB/xmlB")
		})
	}
}

// BenchmarkNewServer builds the Full server, as every start of the binary
// does: the go-sdk's AddTool re-encodes each definition (see
// scripts/floorbench/UPSTREAM.md).
func BenchmarkNewServer(b *testing.B) {
	store := reader.OpenFS(emptyFS, "bench")
	b.ReportAllocs()
	for b.Loop() {
		tools.NewServer(tools.Options{Store: store, Privacy: tools.Full})
	}
}

// BenchmarkToolsListEncoding encodes the Full catalog's definitions as
// tools/list sends them.
func BenchmarkToolsListEncoding(b *testing.B) {
	var defs []*mcp.Tool
	for _, t := range tools.Catalog(tools.Full) {
		defs = append(defs, t.Def)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(defs); err != nil {
			b.Fatal(err)
		}
	}
}
