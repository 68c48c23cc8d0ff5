package tools_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
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
		cs := connect(t, fixtures.DemoFS(), p)
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
