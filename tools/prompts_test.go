package tools_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/accounting-mcp/accounting-mcp/tools/prompt"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// getPrompt returns the text of a prompt that must succeed.
func getPrompt(t *testing.T, cs *mcp.ClientSession, name string, args map[string]string) string {
	t.Helper()
	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("prompt %s(%v): %v", name, args, err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Role != "user" {
		t.Fatalf("prompt %s(%v): %d messages; want one user message", name, args, len(res.Messages))
	}
	text, ok := res.Messages[0].Content.(*mcp.TextContent)
	if !ok {
		t.Fatalf("prompt %s: content is %T", name, res.Messages[0].Content)
	}
	return text.Text
}

// promptCalls are calls of every prompt that succeed on the hand-check books.
var promptCalls = []struct {
	name string
	args map[string]string
}{
	{"monthly_cash_report", map[string]string{"month": "2025-03"}},
	{"monthly_cash_report", map[string]string{"month": "2026-01", "language": "de", "mandator": "muster"}},
	{"explain_change", map[string]string{"from": "2025-Q2", "to": "2025-Q3"}},
	{"explain_change", map[string]string{"from": "2025", "to": "2026", "language": "DE"}},
	{"explain_change", map[string]string{"from": "2025-12", "to": "2026-01"}},
	{"year_in_review", map[string]string{"year": "2026"}},
	{"year_in_review", map[string]string{"year": "2025", "language": "de"}},
}

var stepLine = regexp.MustCompile(`(?m)^\d+\. ([a-z_]+) \{`)

// TestPromptsNameOnlyRegisteredTools renders every prompt in every mode: each
// numbered step names a tool the mode registers, and an Aggregate prompt
// never mentions a tool that only Full registers.
func TestPromptsNameOnlyRegisteredTools(t *testing.T) {
	fullOnly := map[string]bool{}
	for _, tool := range tools.Catalog(tools.Full) {
		fullOnly[tool.Def.Name] = true
	}
	for _, tool := range tools.Catalog(tools.Aggregate) {
		delete(fullOnly, tool.Def.Name)
	}
	for _, p := range modes {
		registered := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			registered[tool.Def.Name] = true
		}
		cs := connect(t, fixtures.HandcheckFS(), p)
		for _, c := range promptCalls {
			text := getPrompt(t, cs, c.name, c.args)
			steps := stepLine.FindAllStringSubmatch(text, -1)
			if len(steps) < 3 {
				t.Errorf("%s %s(%v) has %d steps:\n%s", p, c.name, c.args, len(steps), text)
			}
			for _, s := range steps {
				if !registered[s[1]] {
					t.Errorf("%s %s names %s, which the mode does not register", p, c.name, s[1])
				}
			}
			if p == tools.Aggregate {
				for name := range fullOnly {
					if strings.Contains(text, name) {
						t.Errorf("Aggregate %s(%v) mentions %s:\n%s", c.name, c.args, name, text)
					}
				}
			}
		}
	}
}

func TestPromptTexts(t *testing.T) {
	for _, c := range []struct {
		p    tools.Privacy
		name string
		args map[string]string
		want []string
	}{
		{tools.Full, "monthly_cash_report", map[string]string{"month": "2025-03"}, []string{
			`"Muster"`, "March 2025 (2025-03-01 to 2025-03-31)",
			`get_income_statement {"mandator":"Muster","year":2025,"fromDate":"2025-03-01","toDate":"2025-03-31"}`,
			`get_expenses_by_category {"mandator":"Muster","year":2025,"fromDate":"2025-02-01","toDate":"2025-02-28"}`,
			`get_expenses_by_category {"mandator":"Muster","year":2025,"fromDate":"2025-01-01","toDate":"2025-03-31"}`,
			"divided by 3 months", `get_cash_flow {"mandator":"Muster","year":2025,"interval":"month"}`,
			`find_unusual_transactions {"mandator":"Muster","year":2025,"fromDate":"2025-03-01","toDate":"2025-03-31"}`,
			`"class":"expenses","orderBy":"amount","limit":10`, "Write your answer in English."}},
		{tools.Aggregate, "monthly_cash_report", map[string]string{"month": "2026-01", "language": "de"}, []string{
			"Monatlichen Kassenbericht", "Januar 2026", "nicht am Monatsende", "Aggregate-Modus", "auf Deutsch",
			`get_expenses_by_category {"mandator":"Muster","year":2025,"fromDate":"2025-12-01","toDate":"2025-12-31"}`}},
		{tools.Full, "explain_change", map[string]string{"from": "2025-q2", "to": "2025-Q3"}, []string{
			"2025-Q2 (2025-04-01 to 2025-06-30)", "2025-Q3 (2025-07-01 to 2025-09-30)", "accountId"}},
		{tools.Aggregate, "explain_change", map[string]string{"from": "2025", "to": "2026"}, []string{
			`compare_years {"mandator":"Muster","years":[2025,2026]}`, "Aggregate mode"}},
		{tools.Local, "year_in_review", map[string]string{"year": "2026"}, []string{
			"not over", `compare_years {"mandator":"Muster","years":[2025,2026]}`,
			`get_balance_summary {"mandator":"Muster","year":2025}`, `"minAmount":1000`,
			`get_cash_flow {"mandator":"Muster","year":2026,"interval":"quarter"}`, `find_unusual_transactions {"mandator":"Muster","year":2026,"limit":10}`}},
		{tools.Aggregate, "year_in_review", map[string]string{"year": "2025"}, []string{`get_cash_flow {"mandator":"Muster","year":2025}`}},
		{tools.Full, "year_in_review", map[string]string{"year": "2026"}, []string{
			`forecast_year_end {"mandator":"Muster","year":2026}`, "forecast for 31 December with its interval"}},
		{tools.Full, "monthly_cash_report", map[string]string{"month": "2026-01"}, []string{
			`forecast_year_end {"mandator":"Muster","year":2026,"asOf":"2026-01-31"}`, "5. Outlook to 31 December"}},
		{tools.Full, "weekly_office_review", map[string]string{}, []string{
			`1. get_mandators_overview {"limit":50}`, `check_books {"mandator":"<mandator from step 1>"}`,
			`get_open_bank_transactions {"mandator":"<mandator from step 1>","limit":20}`, `forecast_year_end {"mandator":"<mandator from step 1>"}`,
			"needing attention"}},
		{tools.Local, "weekly_office_review", map[string]string{"year": "2025", "language": "de"}, []string{
			`get_mandators_overview {"year":2025,"limit":50}`, `forecast_year_end {"mandator":"<mandator from step 1>","year":2025}`, "Wochenübersicht"}},
	} {
		text := getPrompt(t, connect(t, fixtures.HandcheckFS(), c.p), c.name, c.args)
		for _, w := range c.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s %s(%v) lacks %q:\n%s", c.p, c.name, c.args, w, text)
			}
		}
	}
}

func TestPromptList(t *testing.T) {
	type arg struct {
		Name     string
		Required bool
	}
	want := map[string][]arg{
		"monthly_cash_report": {{"mandator", false}, {"month", true}, {"language", false}},
		"explain_change":      {{"mandator", false}, {"from", true}, {"to", true}, {"language", false}},
		"year_in_review":      {{"mandator", false}, {"year", true}, {"language", false}},
	}
	for _, p := range modes {
		res, err := connect(t, fixtures.HandcheckFS(), p).ListPrompts(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]arg{}
		for _, pr := range res.Prompts {
			if pr.Title == "" || pr.Description == "" {
				t.Errorf("%s prompt %s needs a title and a description", p, pr.Name)
			}
			for _, a := range pr.Arguments {
				got[pr.Name] = append(got[pr.Name], arg{a.Name, a.Required})
			}
		}
		w := map[string][]arg{}
		for k, v := range want {
			w[k] = v
		}
		if p != tools.Aggregate { // Aggregate registers no get_mandators_overview
			w["weekly_office_review"] = []arg{{"year", false}, {"language", false}}
		}
		if diff := cmp.Diff(w, got); diff != "" {
			t.Errorf("%s prompts/list (-want +got):\n%s", p, diff)
		}
	}
}

// TestPromptBadArguments checks that each bad argument is an error naming the
// value and, where sensible, the choices.
func TestPromptBadArguments(t *testing.T) {
	cs := connect(t, fixtures.HandcheckFS(), tools.Aggregate)
	for _, c := range []struct {
		name string
		args map[string]string
		want []string
	}{
		{"monthly_cash_report", map[string]string{}, []string{"needs the argument month", "YYYY-MM"}},
		{"monthly_cash_report", map[string]string{"month": "2025-13"}, []string{`"2025-13"`, "01 to 12"}},
		{"monthly_cash_report", map[string]string{"month": "March"}, []string{`"March"`, "YYYY-MM"}},
		{"monthly_cash_report", map[string]string{"month": "2031-01"}, []string{"2031", "2025, 2026"}},
		{"monthly_cash_report", map[string]string{"month": "2025-03", "language": "fr"}, []string{`"fr"`, "en or de"}},
		{"monthly_cash_report", map[string]string{"month": "2025-03", "mandator": "Nobody"}, []string{`"Nobody"`, `"Muster"`}},
		{"monthly_cash_report", map[string]string{"month": "2025-03", "year": "2025"}, []string{`"year"`, "mandator, month, language"}},
		{"explain_change", map[string]string{"from": "2025-Q3"}, []string{"needs the argument to"}},
		{"explain_change", map[string]string{"from": "2025-Q3", "to": "2025-09"}, []string{"quarter", "month", "same kind"}},
		{"explain_change", map[string]string{"from": "2025-Q5", "to": "2025-Q3"}, []string{`"2025-Q5"`, "2026-Q3"}},
		{"explain_change", map[string]string{"from": "2025", "to": "2025"}, []string{"both", "two different periods"}},
		{"year_in_review", map[string]string{"year": "last"}, []string{`"last"`, "four digits"}},
		{"no_such_prompt", map[string]string{}, []string{"no_such_prompt"}},
	} {
		_, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: c.name, Arguments: c.args})
		if err == nil {
			t.Errorf("prompt %s(%v) succeeded; want an error", c.name, c.args)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("prompt %s(%v): error %q lacks %q", c.name, c.args, err, w)
			}
		}
	}
}

// TestPromptStepsNameExistingTools renders every prompt with every step
// allowed and checks that each tool a step names exists in the registry, so
// that a renamed tool cannot silently drop out of a prompt.
func TestPromptStepsNameExistingTools(t *testing.T) {
	known := map[string]bool{}
	for _, tool := range tools.Catalog(tools.Full) {
		known[tool.Def.Name] = true
	}
	env := &toolkit.Env{Store: reader.OpenFS(fixtures.HandcheckFS(), t.Name()), Now: func() time.Time { return today }}
	for _, c := range promptCalls {
		named := map[string]bool{}
		if _, err := prompt.Text(env, func(tool string) bool { named[tool] = true; return true }, c.name, c.args); err != nil {
			t.Fatal(err)
		}
		for tool := range named {
			if !known[tool] {
				t.Errorf("%s names %s, which the registry does not define", c.name, tool)
			}
		}
	}
}
