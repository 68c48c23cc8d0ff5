package tools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var modes = []tools.Privacy{tools.Full, tools.Aggregate, tools.Local}

// listTools returns the raw JSON of tools/list in mode p.
func listTools(t *testing.T, p tools.Privacy) []byte {
	t.Helper()
	cs := connect(t, emptyFS, p)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(res.Tools, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// goldenModes are the modes with golden files; Local must answer exactly as
// Full does (TestLocalListsAsFull).
var goldenModes = []tools.Privacy{tools.Full, tools.Aggregate}

// TestToolsListGolden pins the catalog of each privacy mode: any change to a
// tool definition shows up as a reviewed diff of testdata/.
func TestToolsListGolden(t *testing.T) {
	for _, p := range goldenModes {
		t.Run(p.String(), func(t *testing.T) {
			got := listTools(t, p)
			if again := listTools(t, p); !bytes.Equal(got, again) {
				t.Fatal("tools/list differs between two servers")
			}
			path := filepath.Join("testdata", "tools_list_"+strings.ToLower(p.String())+".golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./tools -update): %v", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("tools/list (%s) changed; if intended, run go test ./tools -update (-want +got):\n%s", p, diff)
			}
		})
	}
}

var snakeCase = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)

// TestRegistryRules checks every registered tool against the catalog rules
// of docs/tools.md#conventions.
func TestRegistryRules(t *testing.T) {
	for _, p := range modes {
		seen := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			d := tool.Def
			name := p.String() + "/" + d.Name
			if seen[d.Name] {
				t.Errorf("%s registered twice", name)
			}
			seen[d.Name] = true
			if !snakeCase.MatchString(d.Name) {
				t.Errorf("%s: name is not snake_case", name)
			}
			if d.Title == "" || d.Annotations == nil || d.Annotations.Title != d.Title {
				t.Errorf("%s: needs a title, also in the annotations", name)
			}
			if n := len([]rune(d.Description)); n == 0 || n > 280 {
				t.Errorf("%s: description has %d characters; want 1 to 280", name, n)
			}
			if strings.Contains(d.Description, "Args:") || strings.Contains(d.Description, "Returns:") {
				t.Errorf("%s: description has Args/Returns prose", name)
			}
			a := d.Annotations
			if a == nil || !a.ReadOnlyHint || !a.IdempotentHint || a.OpenWorldHint == nil || *a.OpenWorldHint {
				t.Errorf("%s: annotations must be readOnly, idempotent and closed-world: %+v", name, a)
			}
			in := schemaMap(t, d.InputSchema)
			if in["type"] != "object" || in["additionalProperties"] != false {
				t.Errorf("%s: input schema must be an object with additionalProperties false: %v", name, in)
			}
			for _, comb := range []string{"oneOf", "anyOf", "allOf", "not"} {
				if _, ok := in[comb]; ok {
					t.Errorf("%s: input schema has top-level %s", name, comb)
				}
			}
			out := schemaMap(t, d.OutputSchema)
			if out["type"] != "object" {
				t.Errorf("%s: output schema must be an object: %v", name, out)
			}
			walkProperties(out, func(prop string) {
				if prop == "id" {
					t.Errorf("%s: output has a bare id; qualify it (accountId, transactionId)", name)
				}
			})
		}
	}
}

// TestPrivacyCatalogs checks which tools each mode registers.
func TestPrivacyCatalogs(t *testing.T) {
	names := func(p tools.Privacy) []string {
		var out []string
		for _, tool := range tools.Catalog(p) {
			out = append(out, tool.Def.Name)
		}
		return out
	}
	full := []string{"list_mandators", "get_mandators_overview", "list_years", "list_accounts", "get_account", "get_balance_summary",
		"get_income_statement", "get_transactions", "search_transactions", "get_expenses_by_category", "compare_years",
		"get_recurring_transactions", "get_spending_over_time", "get_net_worth_history", "forecast_year_end", "get_cash_flow", "get_trial_balance",
		"find_unusual_transactions", "get_open_bank_transactions", "check_books"}
	aggregate := []string{"list_years", "list_accounts", "get_balance_summary", "get_income_statement",
		"get_expenses_by_category", "compare_years", "get_spending_over_time", "get_net_worth_history", "get_cash_flow", "check_books"}
	for _, c := range []struct {
		p    tools.Privacy
		want []string
	}{{tools.Full, full}, {tools.Local, full}, {tools.Aggregate, aggregate}} {
		if diff := cmp.Diff(c.want, names(c.p)); diff != "" {
			t.Errorf("Catalog(%s) (-want +got):\n%s", c.p, diff)
		}
	}
}

func TestInstructionsNameTheMode(t *testing.T) {
	for _, p := range modes {
		text := tools.Instructions(p, tools.DefaultMinPostings, disclosure.Month, disclosure.Withheld)
		if !strings.Contains(text, "Privacy mode in force: "+p.String()) {
			t.Errorf("Instructions(%s) does not name the mode", p)
		}
		for _, tool := range tools.Catalog(p) {
			if !strings.Contains(text, tool.Def.Name) {
				t.Errorf("Instructions(%s) never mentions %s", p, tool.Def.Name)
			}
		}
	}
	if strings.Contains(tools.Instructions(tools.Aggregate, tools.DefaultMinPostings, disclosure.Month, disclosure.Withheld), "get_transactions") {
		t.Error("Aggregate instructions mention get_transactions, which Aggregate does not register")
	}
}

func TestParsePrivacy(t *testing.T) {
	for in, want := range map[string]tools.Privacy{"": tools.Full, "full": tools.Full, "AGGREGATE": tools.Aggregate, " Local ": tools.Local} {
		if got, err := tools.ParsePrivacy(in); err != nil || got != want {
			t.Errorf("ParsePrivacy(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := tools.ParsePrivacy("secret"); err == nil || !strings.Contains(err.Error(), "Full, Aggregate or Local") {
		t.Errorf("ParsePrivacy(secret) error = %v; want one naming the choices", err)
	}
}

func schemaMap(t *testing.T, s any) map[string]any {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// walkProperties calls fn with every property name anywhere in a schema.
func walkProperties(s map[string]any, fn func(string)) {
	if props, ok := s["properties"].(map[string]any); ok {
		for name, p := range props {
			fn(name)
			if pm, ok := p.(map[string]any); ok {
				walkProperties(pm, fn)
			}
		}
	}
	for _, key := range []string{"items", "additionalProperties"} {
		if sub, ok := s[key].(map[string]any); ok {
			walkProperties(sub, fn)
		}
	}
}
