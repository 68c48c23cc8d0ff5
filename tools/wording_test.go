package tools_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestErrorsInWords calls tools with bad arguments through a real MCP
// client and checks each message word for word: what a user reads, never a
// schema validator's or Go's own notation. The codes are invalid_argument
// and unknown_year, as before the wording changed.
func TestErrorsInWords(t *testing.T) {
	const cs = "Claudio Schaad"
	cases := []struct {
		modes      []tools.Privacy
		tool       string
		args       any
		code, want string
	}{
		{modes, "compare_years", map[string]any{"mandator": cs, "years": []int{2024, 3000}}, "invalid_argument",
			"year 3000 is after 2999, the last year allowed"},
		{modes, "compare_years", map[string]any{"mandator": cs, "years": []int{1899, 2025}}, "invalid_argument",
			"year 1899 is before 1900, the first year allowed"},
		{modes, "get_spending_over_time", map[string]any{"mandator": cs, "year": 3000}, "invalid_argument",
			"year 3000 is after 2999, the last year allowed"},
		{modes, "get_net_worth_history", map[string]any{"mandator": cs, "fromYear": 0}, "invalid_argument",
			"fromYear 0 is before 1900, the first year allowed"},
		{modes, "compare_years", map[string]any{"mandator": cs}, "invalid_argument", `missing argument "years"`},
		{modes, "compare_years", map[string]any{"mandator": cs, "years": []int{2025}}, "invalid_argument",
			"years has 1 entry; it takes 2 to 10"},
		{detailed, "search_transactions", map[string]any{"mandator": cs, "query": ""}, "invalid_argument", "query must not be empty"},
		{detailed, "search_transactions", map[string]any{"mandator": cs}, "invalid_argument", `missing argument "query"`},
		{detailed, "get_transactions", map[string]any{"mandator": cs, "offset": -1}, "invalid_argument",
			"offset -1 is out of range; it must be between 0 and 1000000000"},
		{modes, "list_years", map[string]any{"mandator": cs, "year": 2025}, "invalid_argument",
			`unknown argument "year"; valid arguments: mandator`},
		{modes, "get_balance_summary", map[string]any{"mandator": cs, "year": 2020}, "unknown_year",
			`mandator "Claudio Schaad" has no books for 2020; years with books: 2024, 2025, 2026, 2027`},
		{detailed, "search_transactions", map[string]any{"mandator": cs, "query": "coop", "fromYear": 2010, "toYear": 2012}, "unknown_year",
			`mandator "Claudio Schaad" has no books from 2010 to 2012; years with books: 2024, 2025, 2026, 2027`},
	}
	for _, p := range modes {
		session := connect(t, fixtures.DemoFS(), p)
		for _, c := range cases {
			if !inModes(p, c.modes) {
				continue
			}
			r := call(t, session, c.tool, c.args, nil)
			if !r.IsError || r.Err.Code != c.code || r.Err.Message != c.want {
				t.Errorf("%s %s(%v) = %s; want %s: %s", p, c.tool, c.args, r.Raw, c.code, c.want)
			}
		}
	}
}

// detailed are the modes with the detail tools.
var detailed = []tools.Privacy{tools.Full, tools.Local}

func inModes(p tools.Privacy, ps []tools.Privacy) bool {
	for _, q := range ps {
		if p == q {
			return true
		}
	}
	return false
}

// TestNullIsRefused: null is no argument's default, in every tool of every
// mode: an optional argument given as null is an invalid_argument that says
// to leave it out, a required one an invalid_argument too. Leaving the
// argument out still takes its default.
func TestNullIsRefused(t *testing.T) {
	for _, p := range modes {
		session := connect(t, fixtures.DemoFS(), p)
		for _, tool := range tools.Catalog(p) {
			var in struct {
				Properties map[string]struct {
					Type string `json:"type"`
				} `json:"properties"`
				Required []string `json:"required"`
			}
			b, _ := json.Marshal(tool.Def.InputSchema)
			json.Unmarshal(b, &in)
			for name, prop := range in.Properties {
				r := call(t, session, tool.Def.Name, json.RawMessage(`{"`+name+`":null}`), nil)
				kind := map[string]string{"integer": "a whole number", "string": "a string", "array": "a list"}[prop.Type]
				want := "argument " + name + " must be " + kind + ", not null; leave it out for its default"
				if len(in.Required) > 0 && in.Required[0] == name {
					want = "argument " + name + " must be " + kind + ", not null"
				}
				if !r.IsError || r.Err.Code != "invalid_argument" || r.Err.Message != want {
					t.Errorf("%s %s(%s: null) = %s; want invalid_argument: %s", p, tool.Def.Name, name, r.Raw, want)
				}
			}
		}
		// Left out, year takes its default: the current year, 2026, has books.
		var out struct {
			Year int `json:"year"`
		}
		mustCall(t, session, "get_balance_summary", map[string]any{"mandator": "Claudio Schaad"}, &out)
		if out.Year != today.Year() {
			t.Errorf("%s get_balance_summary without year: year %d; want %d", p, out.Year, today.Year())
		}
	}
}

// TestInstructionsSayNullIsRefused: the one rule for null is written where
// every client reads it.
func TestInstructionsSayNullIsRefused(t *testing.T) {
	for _, p := range modes {
		if s := tools.Instructions(p, tools.DefaultMinPostings, disclosure.Month, disclosure.Withheld); !strings.Contains(s, "Leave an argument out for its default: null is refused.") {
			t.Errorf("%s instructions do not state the rule for null", p)
		}
	}
}
