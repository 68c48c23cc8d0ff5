package tools_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// The portability rule for tool schemas. Clients hand input schemas to
// models whose function-calling dialects are narrower than JSON Schema
// (Gemini's function declarations take an OpenAPI subset with one type per
// property; OpenAI's strict mode wants additionalProperties false), and the
// MCP Inspector's --strict lint warns on type arrays and untyped schemas in
// input and output schemas alike. So:
//
//   - an input schema is an object with additionalProperties false whose
//     every property, at any depth, has exactly one type, arrays have items,
//     and only the keywords in portableInputKeywords appear;
//   - in an output schema, every subschema that has a type has exactly one,
//     and every property declares its type.
var portableInputKeywords = []string{
	"type", "description", "properties", "required", "additionalProperties",
	"items", "enum", "minimum", "maximum", "minItems", "maxItems",
	"minLength", "maxLength", "pattern",
}

var jsonTypes = []string{"string", "integer", "number", "boolean", "array", "object"}

// TestSchemasArePortable checks every tool of every mode against the rule.
func TestSchemasArePortable(t *testing.T) {
	for _, p := range modes {
		for _, tool := range tools.Catalog(p) {
			name := p.String() + "/" + tool.Def.Name
			in := schemaMap(t, tool.Def.InputSchema)
			if in["type"] != "object" || in["additionalProperties"] != false {
				t.Errorf("%s: input schema is not a closed object: type %v, additionalProperties %v", name, in["type"], in["additionalProperties"])
			}
			for _, problem := range inputProblems(in, "inputSchema") {
				t.Errorf("%s: %s", name, problem)
			}
			for _, problem := range outputProblems(schemaMap(t, tool.Def.OutputSchema), "outputSchema") {
				t.Errorf("%s: %s", name, problem)
			}
		}
	}
}

// TestSchemaRuleCatchesUnportableSchemas feeds the rule the forms it must
// reject, so that a rule that accepts everything fails here.
func TestSchemaRuleCatchesUnportableSchemas(t *testing.T) {
	bad := []struct {
		schema string
		input  bool
		want   string
	}{
		{`{"type":"object","properties":{"minAmount":{"type":["number","string"]}}}`, true, "minAmount: type"},
		{`{"type":"object","properties":{"when":{"type":"string","format":"date"}}}`, true, `keyword "format"`},
		{`{"type":"object","properties":{"x":{"anyOf":[{"type":"string"},{"type":"integer"}]}}}`, true, `keyword "anyOf"`},
		{`{"type":"object","properties":{"years":{"type":"array"}}}`, true, "years: array without items"},
		{`{"type":"object","properties":{"years":{"type":"array","items":{"type":["null","integer"]}}}}`, true, "years.items: type"},
		{`{"type":"object","properties":{"rows":{"type":["null","array"],"items":{"type":"string"}}}}`, false, "rows: type"},
		{`{"type":"object","properties":{"any":{}}}`, false, "any: no type"},
	}
	for _, c := range bad {
		var s map[string]any
		if err := json.Unmarshal([]byte(c.schema), &s); err != nil {
			t.Fatal(err)
		}
		problems := outputProblems(s, "s")
		if c.input {
			problems = inputProblems(s, "s")
		}
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, c.want) }) {
			t.Errorf("%s: problems %q; want one with %q", c.schema, problems, c.want)
		}
	}
}

// inputProblems lists where s breaks the input rule.
func inputProblems(s map[string]any, path string) []string {
	var out []string
	for _, k := range sortedKeys(s) {
		if !slices.Contains(portableInputKeywords, k) {
			out = append(out, fmt.Sprintf("%s: keyword %q is not portable", path, k))
		}
	}
	if ap, ok := s["additionalProperties"]; ok && ap != false {
		out = append(out, fmt.Sprintf("%s: additionalProperties must be false, is %v", path, ap))
	}
	if ty, ok := s["type"].(string); !ok || !slices.Contains(jsonTypes, ty) {
		out = append(out, fmt.Sprintf("%s: type %v is not one JSON type", path, s["type"]))
	}
	props, _ := s["properties"].(map[string]any)
	for _, name := range sortedKeys(props) {
		sub, _ := props[name].(map[string]any)
		out = append(out, inputProblems(sub, path+"."+name)...)
	}
	if s["type"] == "array" {
		items, ok := s["items"].(map[string]any)
		if !ok {
			return append(out, path+": array without items")
		}
		out = append(out, inputProblems(items, path+".items")...)
	}
	return out
}

// outputProblems lists where s breaks the output rule.
func outputProblems(s map[string]any, path string) []string {
	var out []string
	if ty, ok := s["type"]; ok {
		if str, ok := ty.(string); !ok || !slices.Contains(jsonTypes, str) {
			out = append(out, fmt.Sprintf("%s: type %v is not one JSON type", path, ty))
		}
	}
	props, _ := s["properties"].(map[string]any)
	for _, name := range sortedKeys(props) {
		sub, _ := props[name].(map[string]any)
		if _, typed := sub["type"]; !typed {
			out = append(out, fmt.Sprintf("%s.%s: no type", path, name))
		}
		out = append(out, outputProblems(sub, path+"."+name)...)
	}
	for _, k := range []string{"items", "additionalProperties", "if", "then", "else"} {
		if sub, ok := s[k].(map[string]any); ok {
			out = append(out, outputProblems(sub, path+"."+k)...)
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// emptyYears are two years of books that were just opened: one account, no
// postings, no subclasses, no bank lines.
var emptyYears = func() fstest.MapFS {
	const accounts = "\ufeff<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n" +
		"<ArrayOfAccount xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">\r\n" +
		"  <Account>\r\n    <Id>a1</Id>\r\n    <Number>1000</Number>\r\n    <Name>Kasse</Name>\r\n" +
		"    <StartBalance>0</StartBalance>\r\n    <LastBankBalance>0</LastBankBalance>\r\n  </Account>\r\n" +
		"</ArrayOfAccount>\r\n"
	fsys := fstest.MapFS{}
	for _, year := range []string{"2025", "2026"} {
		fsys[year+"/Leer/Data/Accounts.xml"] = &fstest.MapFile{Data: []byte(accounts)}
	}
	return fsys
}()

// emptyCalls are arguments for every tool on emptyYears.
var emptyCalls = map[string]map[string]any{
	"list_mandators":             {},
	"get_mandators_overview":     {},
	"list_years":                 {},
	"list_accounts":              {"year": 2026},
	"get_account":                {"year": 2026, "number": 1000},
	"get_balance_summary":        {"year": 2026},
	"get_income_statement":       {"year": 2026},
	"get_transactions":           {"year": 2026},
	"search_transactions":        {"query": "miete"},
	"get_expenses_by_category":   {"year": 2026},
	"compare_years":              {"years": []int{2025, 2026}},
	"get_recurring_transactions": {"year": 2026},
	"get_spending_over_time":     {"fromYear": 2025, "toYear": 2026},
	"get_net_worth_history":      {"fromYear": 2025},
	"forecast_year_end":          {"year": 2026},
	"get_open_bank_transactions": {"year": 2026},
	"check_books":                {"year": 2026},
	"get_cash_flow":              {"year": 2026},
	"get_trial_balance":          {"year": 2026},
	"find_unusual_transactions":  {"year": 2026},
}

// TestEmptyBooksAnswerWithoutNull calls every tool of every mode on books
// with nothing in them, where every list is empty: each answer must match
// its output schema and hold no null anywhere (required lists are [],
// optional ones are left out).
func TestEmptyBooksAnswerWithoutNull(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, emptyYears, p)
		for _, tool := range tools.Catalog(p) {
			args, ok := emptyCalls[tool.Def.Name]
			if !ok {
				t.Errorf("no arguments for %s on empty books: add it to emptyCalls", tool.Def.Name)
				continue
			}
			raw := mustCall(t, cs, tool.Def.Name, args, nil)
			if err := tool.ValidateOutput(raw); err != nil {
				t.Errorf("%s %s: %v\n%s", p, tool.Def.Name, err, raw)
			}
			var v any
			if err := json.Unmarshal(raw, &v); err != nil {
				t.Fatal(err)
			}
			if where := findNull(v, ""); where != "" {
				t.Errorf("%s %s: null at %s in %s", p, tool.Def.Name, where, raw)
			}
		}
	}
}

// findNull returns the path of the first null in v, or "".
func findNull(v any, path string) string {
	switch x := v.(type) {
	case nil:
		return path + " "
	case map[string]any:
		for _, k := range sortedKeys(x) {
			if w := findNull(x[k], path+"."+k); w != "" {
				return w
			}
		}
	case []any:
		for i, e := range x {
			if w := findNull(e, fmt.Sprintf("%s[%d]", path, i)); w != "" {
				return w
			}
		}
	}
	return ""
}
