package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
)

func TestMain(m *testing.M) { benchbooks.Main(m) }

// BenchmarkCallCold runs `accounting-mcp call` in-process on books read
// afresh every time (configuration, discovery, server, parse, index,
// answer): one heavy year, and compare_years over ten, at 1×, 2× and 4× the
// postings. The process start itself is what scripts/compare-ledger.sh adds.
func BenchmarkCallCold(b *testing.B) {
	years, last := benchbooks.ScaleYears(), benchbooks.LastYear()
	yearList := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(years)), ","), "[]")
	for _, factor := range benchbooks.Factors {
		dir := benchbooks.Scale(b, factor)
		for _, c := range []struct{ name, tool, args string }{
			{"expensesOfYear", "get_expenses_by_category", fmt.Sprintf(`{"year":%d,"groupBy":"account"}`, last)},
			{"compareTenYears", "compare_years", `{"years":[` + yearList + `]}`},
		} {
			b.Run(fmt.Sprintf("%s/x%d", c.name, factor), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					code := run(context.Background(), []string{"--data-path", dir, "call", c.tool, c.args},
						strings.NewReader(""), io.Discard, io.Discard, envOf())
					if code != 0 {
						b.Fatalf("call %s exited %d", c.tool, code)
					}
				}
			})
		}
	}
}
