package tools_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// standIn is the name an answer gives a subclass that SubClasses.xml lacks
// (analysis.SubclassLabel).
var standIn = regexp.MustCompile(`Subclass \d+`)

// TestSubclassWarningRidesWhereTheNameShows calls every tool of every mode
// on the demo books, where SubClasses.xml of Claudio Schaad lacks subclass
// 47: an answer carries the missing_subclass warning exactly when its
// figures (outside its warnings) show a stand-in name. check_books is left
// out: reporting the problem is its answer.
func TestSubclassWarningRidesWhereTheNameShows(t *testing.T) {
	shown := map[bool]int{}
	for _, p := range modes {
		cs := connect(t, fixtures.DemoFS(), p, mcptest.ToDate) // demoCalls ask for ranges of 2026
		registered := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			registered[tool.Def.Name] = true
		}
		for _, c := range demoCalls {
			if !registered[c.tool] || c.tool == "check_books" {
				continue
			}
			args := c.args
			if p == tools.Aggregate {
				args = withoutKey(args, "groupBy")
			}
			var answer map[string]json.RawMessage
			if err := json.Unmarshal(mustCall(t, cs, c.tool, args, nil), &answer); err != nil {
				t.Fatal(err)
			}
			warnings := string(answer["warnings"])
			delete(answer, "warnings")
			figures, _ := json.Marshal(answer)
			showsStandIn := standIn.Match(figures)
			warned := strings.Contains(warnings, "missing_subclass")
			shown[showsStandIn]++
			if showsStandIn != warned {
				t.Errorf("%s %s(%v): shows a stand-in subclass name %v (%s), carries missing_subclass %v (warnings %s)",
					p, c.tool, args, showsStandIn, standIn.Find(figures), warned, warnings)
			}
		}
	}
	if shown[true] == 0 || shown[false] == 0 {
		t.Errorf("answers showing a stand-in name: %d, not showing one: %d; want some of each, or the test checks nothing", shown[true], shown[false])
	}
}

// TestLeftOutPostingWarnsEveryTotal checks the other kind of warning: the
// problem mandator's 2025 books have a posting whose account is not in
// Accounts.xml (check_books: dangling_account), left out of every total, so
// the warning rides on every answer summed from that year's postings, in
// every mode, and on none about another mandator.
func TestLeftOutPostingWarnsEveryTotal(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, fixtures.DemoFS(), p)
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"get_balance_summary", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}},
			{"get_income_statement", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}},
			{"get_expenses_by_category", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}},
			{"list_accounts", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}},
			{"get_cash_flow", map[string]any{"mandator": fixtures.ProblemMandator, "year": 2025}},
			{"compare_years", map[string]any{"mandator": fixtures.ProblemMandator, "years": []int{2025, 2026}}},
			{"get_spending_over_time", map[string]any{"mandator": fixtures.ProblemMandator, "fromYear": 2025, "toYear": 2025}},
		} {
			var got struct{ Warnings []string }
			if r := call(t, cs, c.tool, c.args, &got); r.IsError {
				t.Errorf("%s %s: %s", p, c.tool, r.Raw)
				continue
			}
			if !strings.Contains(strings.Join(got.Warnings, "\n"), "dangling_account") {
				t.Errorf("%s %s(%v): warnings %q; want the dangling_account of 2025", p, c.tool, c.args, got.Warnings)
			}
		}
		var other struct{ Warnings []string }
		call(t, cs, "get_income_statement", map[string]any{"mandator": "Verein Zürichsee", "year": 2025}, &other)
		if strings.Contains(strings.Join(other.Warnings, "\n"), "dangling_account") {
			t.Errorf("%s: the club's income statement carries another mandator's warning: %q", p, other.Warnings)
		}
	}
}
