package tools_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// answerText calls a tool and returns its answer as the client gets it:
// the text content, byte for byte, and whether it is an error.
func answerText(t *testing.T, cs *mcp.ClientSession, name string, args any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): protocol error %v", name, args, err)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s(%v): no text content", name, args)
	}
	return fmt.Sprintf("isError=%v\n%s", res.IsError, text.Text)
}

// withCache sets the cap of the server's cache.
func withCache(n int64) func(*tools.Options) {
	return func(o *tools.Options) { o.Store.SetMaxCacheSize(n) }
}

type toolCall struct {
	tool string
	args map[string]any
}

// sameAnswersUnderEviction asks a server whose cache holds less than one
// mandator-year (every read drops the one before, even within a call over
// several years) and one whose cache holds everything the same calls,
// twice over: every answer must be byte-identical, cold and warm.
func sameAnswersUnderEviction(t *testing.T, fsys func() *reader.Store, p tools.Privacy, calls []toolCall) {
	t.Helper()
	tinyStore := fsys()
	tiny := connect(t, nil, p, func(o *tools.Options) { o.Store = tinyStore }, withCache(1))
	large := connect(t, nil, p, func(o *tools.Options) { o.Store = fsys() }, withCache(1<<40))
	for round := range 2 {
		for _, c := range calls {
			args := c.args
			if p == tools.Aggregate {
				args = withoutKey(args, "groupBy")
			}
			want := answerText(t, large, c.tool, args)
			if got := answerText(t, tiny, c.tool, args); got != want {
				t.Errorf("round %d, %s %s(%v): the answer read under eviction differs:\n got %s\nwant %s", round, p, c.tool, args, got, want)
			}
		}
	}
	if st := tinyStore.CacheStats(); st.Evictions < len(calls) || st.Groups != 1 {
		t.Errorf("%s: the tiny cache dropped %d mandator-years and holds %d; want one dropped per call at least, one held", p, st.Evictions, st.Groups)
	}
}

// TestSameAnswersAfterEviction: on the demo books, in every mode, and on
// scale books, a mandator-year dropped from the cache and read again
// answers exactly as one that stayed cached.
func TestSameAnswersAfterEviction(t *testing.T) {
	var demo []toolCall
	for _, c := range demoCalls {
		demo = append(demo, toolCall{c.tool, c.args})
	}
	// A year that cannot be read is skipped alike when the years are read
	// one at a time (a cache too small for them) and all at once.
	demo = append(demo, toolCall{"compare_years", map[string]any{"mandator": fixtures.ProblemMandator, "years": []int{2025, 2026}}},
		toolCall{"compare_years", map[string]any{"mandator": fixtures.ProblemMandator, "years": []int{2026}}},
		toolCall{"get_spending_over_time", map[string]any{"mandator": fixtures.ProblemMandator, "fromYear": 2025, "toYear": 2026, "groupBy": "subclass"}},
		toolCall{"get_net_worth_history", map[string]any{"mandator": fixtures.ProblemMandator}},
		toolCall{"search_transactions", map[string]any{"mandator": fixtures.ProblemMandator, "query": "a"}},
		toolCall{"get_recurring_transactions", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2026}},
		toolCall{"get_recurring_transactions", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}})
	for _, p := range modes {
		registered := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			registered[tool.Def.Name] = true
		}
		var calls []toolCall
		for _, c := range demo {
			if registered[c.tool] {
				calls = append(calls, c)
			}
		}
		sameAnswersUnderEviction(t, func() *reader.Store { return reader.OpenFS(fixtures.DemoFS(), "demo") }, p, calls)
	}

	dir := t.TempDir()
	if err := benchbooks.Write(dir, 4, 400); err != nil {
		t.Fatal(err)
	}
	m := benchbooks.Mandator
	years := benchbooks.Years(4)
	scale := []toolCall{
		{"compare_years", map[string]any{"mandator": m, "years": years}},
		{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": years[0], "toYear": years[3], "groupBy": "account"}},
		{"get_net_worth_history", map[string]any{"mandator": m}},
		{"get_expenses_by_category", map[string]any{"mandator": m, "year": years[1]}},
		{"get_balance_summary", map[string]any{"mandator": m}},
		{"get_transactions", map[string]any{"mandator": m, "year": years[2], "textSearch": "coop", "limit": 1000}},
		{"search_transactions", map[string]any{"mandator": m, "query": "miete"}},
		{"get_recurring_transactions", map[string]any{"mandator": m}},
		{"find_unusual_transactions", map[string]any{"mandator": m, "year": years[3], "limit": 100}},
		{"get_cash_flow", map[string]any{"mandator": m, "year": years[2]}},
		{"check_books", map[string]any{"mandator": m, "year": years[0]}},
	}
	scale = append(scale, yearByYearCalls(years)...) // the calls read year by year (eachyear_test.go)
	for _, p := range []tools.Privacy{tools.Full, tools.Aggregate} {
		registered := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			registered[tool.Def.Name] = true
		}
		var calls []toolCall
		for _, c := range scale {
			if registered[c.tool] {
				calls = append(calls, c)
			}
		}
		sameAnswersUnderEviction(t, func() *reader.Store {
			s, err := reader.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}, p, calls)
	}
}
