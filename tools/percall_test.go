package tools_test

import (
	"os"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/internal/countfs"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestOneYearCallsDoNotGrowWithYears counts what a warm call about one
// year asks of the file system, on books of 1 and of 40 years: finding the
// mandator and the year, and revalidating the files the answer reads, must
// not look at the other years.
func TestOneYearCallsDoNotGrowWithYears(t *testing.T) {
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"get_expenses_by_category", map[string]any{"mandator": benchbooks.Mandator, "year": 2025}},
		{"get_balance_summary", map[string]any{"mandator": benchbooks.Mandator}}, // the latest year
		{"get_income_statement", map[string]any{"year": 2025}},                   // the configured mandator
		{"list_mandators", map[string]any{"year": 2025}},
	}
	count := func(years int) []int64 {
		dir := t.TempDir()
		if err := benchbooks.Write(dir, years, 20); err != nil {
			t.Fatal(err)
		}
		c := countfs.New(os.DirFS(dir))
		cs := connect(t, c, tools.Full, func(o *tools.Options) { o.DefaultMandator = benchbooks.Mandator })
		var out []int64
		for _, call := range calls {
			mustCall(t, cs, call.tool, call.args, nil) // loads and caches
			c.Reset()
			mustCall(t, cs, call.tool, call.args, nil)
			out = append(out, c.Calls())
		}
		return out
	}
	one, forty := count(1), count(40)
	t.Logf("file system calls per warm call: %v", one)
	for i, call := range calls {
		if one[i] != forty[i] || one[i] > 12 {
			t.Errorf("%s(%v) asked the file system %d times on 1 year of books and %d times on 40; want the same few", call.tool, call.args, one[i], forty[i])
		}
	}
}
