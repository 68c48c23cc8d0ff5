package tools_test

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkOfficeSweep touches every mandator-year of a fiduciary's office
// (20 mandators × 10 years × 5,000 postings, 0.6 GB of XML) once, then
// again, with get_income_statement, as one long-lived server does: the
// unbounded cache (as before the cap) beside the default cap and a 128 MiB
// one, each with the memory limit the binary derives from it. It reports
// the mean latency of a call in the first (cold) and second sweep, of a
// warm call on a cached mandator-year, and the peak of the memory the Go
// runtime holds from the system (its share of RSS). scripts/office-bench.sh
// measures the binary on 200 mandators.
func BenchmarkOfficeSweep(b *testing.B) {
	const mandators, years = 20, benchbooks.BaseYears
	dir := benchbooks.Office(b, mandators, years, benchbooks.BasePostings)
	for _, c := range []struct {
		name string
		cap  int64
	}{{"unbounded", 1 << 50}, {"cap512MiB", 512 << 20}, {"cap128MiB", 128 << 20}} {
		b.Run(c.name, func(b *testing.B) {
			if c.cap < 1<<40 {
				old := debug.SetMemoryLimit(c.cap + 192<<20)
				defer debug.SetMemoryLimit(old)
			}
			var cold, again, warm time.Duration
			var peak uint64
			for b.Loop() {
				debug.FreeOSMemory()
				cs := officeSession(b, dir, c.cap)
				sweep := func() time.Duration {
					start := time.Now()
					for m := range mandators {
						for _, y := range benchbooks.Years(years) {
							benchCall(b, cs, "get_income_statement", map[string]any{"mandator": benchbooks.OfficeMandator(m), "year": y})
							peak = max(peak, runtimeBytes())
						}
					}
					return time.Since(start) / (mandators * years)
				}
				cold, again = sweep(), sweep()
				start := time.Now()
				for range 100 {
					benchCall(b, cs, "get_income_statement", map[string]any{"mandator": benchbooks.OfficeMandator(mandators - 1), "year": benchbooks.Years(years)[years-1]})
				}
				warm = time.Since(start) / 100
				cs.Close()
			}
			b.ReportMetric(float64(cold.Microseconds())/1000, "cold-ms/call")
			b.ReportMetric(float64(again.Microseconds())/1000, "again-ms/call")
			b.ReportMetric(float64(warm.Microseconds())/1000, "warm-ms/call")
			b.ReportMetric(float64(peak>>20), "peak-MiB")
		})
	}
}

// officeSession is benchSession with the cache capped at cap bytes.
func officeSession(b *testing.B, dir string, cap int64) *mcp.ClientSession {
	store, err := reader.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	store.SetMaxCacheSize(cap)
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := tools.NewServer(tools.Options{Store: store, Privacy: tools.Full, Rates: analysis.Rates{},
		Now: func() time.Time { return today }}).Connect(ctx, st, nil)
	if err != nil {
		b.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ss.Wait() })
	return cs
}

// runtimeBytes is the memory the Go runtime holds from the system, less
// what it has returned: its part of the process's RSS.
func runtimeBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}
