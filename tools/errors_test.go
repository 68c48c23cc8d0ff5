package tools_test

import (
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An errorCase is a call that must fail with code, its message (or
// remediation) naming every string of contains.
type errorCase struct {
	tool     string
	args     map[string]any
	code     string
	contains []string
}

// expectError calls c.tool and checks the error envelope it answers with.
func expectError(t *testing.T, cs *mcp.ClientSession, p tools.Privacy, c errorCase) {
	t.Helper()
	r := call(t, cs, c.tool, c.args, nil)
	if !r.IsError {
		t.Errorf("%s %s(%v) succeeded; want %s: %.200s", p, c.tool, c.args, c.code, r.Raw)
		return
	}
	if r.Err.Code != c.code {
		t.Errorf("%s %s(%v) code = %s; want %s (%s)", p, c.tool, c.args, r.Err.Code, c.code, r.Err.Message)
	}
	for _, s := range c.contains {
		if !strings.Contains(r.Err.Message+" "+r.Err.Remediation, s) {
			t.Errorf("%s %s(%v) message %q does not name %s", p, c.tool, c.args, r.Err.Message, s)
		}
	}
	if strings.Contains(r.Err.Message, "/work/") || strings.Contains(r.Err.Message, "goroutine") {
		t.Errorf("%s %s: message leaks a path or stack: %q", p, c.tool, r.Err.Message)
	}
}

// TestErrorCodes exercises every error code of docs/errors.md#codes in every mode that
// registers the tool, and checks that the server keeps serving afterwards.
func TestErrorCodes(t *testing.T) {
	cases := []errorCase{
		{"get_balance_summary", map[string]any{}, "mandator_required", []string{`"Alpha"`, `"Beta"`}},
		{"get_balance_summary", map[string]any{"mandator": "Gamma"}, "unknown_mandator", []string{`"Gamma"`, `"Alpha"`}},
		{"get_balance_summary", map[string]any{"mandator": "../Alpha"}, "unknown_mandator", []string{`"../Alpha"`}},
		{"get_balance_summary", map[string]any{"mandator": "/etc"}, "unknown_mandator", nil},
		{"get_balance_summary", map[string]any{"mandator": `..\Alpha`}, "unknown_mandator", nil},
		{"get_balance_summary", map[string]any{"mandator": "backup"}, "unknown_mandator", []string{`"backup"`}},
		{"get_balance_summary", map[string]any{"mandator": "Alpha", "year": 2019}, "unknown_year", []string{"2019", "2025"}},
		{"get_balance_summary", map[string]any{"mandator": "Alpha", "extra": 1}, "invalid_argument", []string{`"extra"`, "mandator", "year"}},
		{"get_balance_summary", map[string]any{"mandator": "Alpha", "year": "2025"}, "invalid_argument", []string{"year"}},
		{"get_balance_summary", map[string]any{"mandator": "Beta", "year": 2025}, "data_unreadable", []string{"2025/Beta/Data/Transactions.xml"}},
		{"get_income_statement", map[string]any{"mandator": "Alpha", "fromDate": "2025-06-01", "toDate": "2025-01-01"}, "invalid_argument", []string{"2025-06-01", "2025-01-01"}},
		{"get_income_statement", map[string]any{"mandator": "Alpha", "fromDate": "2025-02-30"}, "invalid_argument", []string{"2025-02-30"}},
		{"get_expenses_by_category", map[string]any{"mandator": "Alpha", "toDate": "31.03.2025"}, "invalid_argument", []string{"31.03.2025"}},
		{"list_accounts", map[string]any{"mandator": "Alpha", "class": "assets"}, "invalid_argument", []string{`"assets"`, `"activa"`, `"expenses"`}},
		{"compare_years", map[string]any{"mandator": "Alpha", "years": []int{2025}}, "invalid_argument", []string{"years", "2 to 10"}},
		{"compare_years", map[string]any{"mandator": "Alpha"}, "invalid_argument", []string{"years"}},
		{"compare_years", map[string]any{"mandator": "Beta", "years": []int{2024, 2023}}, "unknown_year", []string{"2023", "2024, 2025"}},
		{"compare_years", map[string]any{"mandator": "Alpha", "years": []int{2025, 2025}}, "invalid_argument", []string{"2025"}},
		{"list_years", map[string]any{"mandator": "zeta"}, "unknown_mandator", []string{`"zeta"`}},
	}
	detailOnly := []errorCase{
		{"get_transactions", map[string]any{"mandator": "Alpha", "limit": 5000}, "invalid_argument", []string{"limit", "5000", "1000"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "limit": 0}, "invalid_argument", []string{"limit"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "offset": -1}, "invalid_argument", []string{"offset"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "minAmount": "12,50"}, "invalid_argument", []string{"12,50"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "minAmount": "abc"}, "invalid_argument", []string{"abc"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "minAmount": 100, "maxAmount": "10"}, "invalid_argument", []string{"100", "10"}},
		{"get_transactions", map[string]any{"mandator": "Alpha", "accountId": "nope"}, "unknown_account", []string{`"nope"`, "list_accounts"}},
		{"get_account", map[string]any{"mandator": "Alpha", "number": 9999}, "unknown_account", []string{"9999", "1010"}},
		{"get_account", map[string]any{"mandator": "Alpha"}, "invalid_argument", []string{"accountId", "number"}},
		{"get_account", map[string]any{"mandator": "Alpha", "number": 4000, "accountId": "food"}, "invalid_argument", nil},
		{"get_expenses_by_category", map[string]any{"mandator": "Alpha", "groupBy": "week"}, "invalid_argument", []string{`"week"`, `"subclass"`, `"account"`}},
		{"search_transactions", map[string]any{"mandator": "Alpha", "query": "  "}, "invalid_argument", []string{"query"}},
		{"search_transactions", map[string]any{"mandator": "Alpha"}, "invalid_argument", []string{"query"}},
		{"search_transactions", map[string]any{"mandator": "Alpha", "query": "x", "fromYear": 2026, "toYear": 2024}, "invalid_argument", []string{"2026", "2024"}},
		// Only the broken year: nothing readable to answer from. (Over all
		// years, the readable 2024 answers; see TestCrossYearAnswersSkip.)
		{"search_transactions", map[string]any{"mandator": "Beta", "query": "x", "fromYear": 2025}, "data_unreadable", []string{"2025/Beta/Data/Transactions.xml:5"}},
		{"list_mandators", map[string]any{"year": "soon"}, "invalid_argument", []string{"year"}},
	}
	for _, p := range modes {
		cs := connect(t, tinyBooks(), p)
		all := cases
		if p != tools.Aggregate {
			all = append(append([]errorCase(nil), cases...), detailOnly...)
		}
		for _, c := range all {
			expectError(t, cs, p, c)
		}
		// The broken 2025 books of Beta do not affect its 2024 books or Alpha.
		mustCall(t, cs, "get_balance_summary", map[string]any{"mandator": "Beta", "year": 2024}, nil)
		mustCall(t, cs, "get_balance_summary", map[string]any{"mandator": "Alpha"}, nil)
	}
}

// TestAggregateHasNoDetailTools checks that unregistered tools do not exist.
func TestAggregateHasNoDetailTools(t *testing.T) {
	cs := connect(t, tinyBooks(), tools.Aggregate)
	for _, name := range []string{"get_transactions", "search_transactions", "get_account", "list_mandators"} {
		res, err := cs.CallTool(t.Context(), toolParams(name, map[string]any{"mandator": "Alpha"}))
		if err == nil && !res.IsError {
			t.Errorf("Aggregate: %s answered; it must not exist", name)
		}
	}
}

func TestMandatorMatchingIgnoresCaseAndAccents(t *testing.T) {
	cs := connect(t, tinyBooks(), tools.Full)
	var out struct{ Mandator string }
	mustCall(t, cs, "list_years", map[string]any{"mandator": "ALPHA"}, &out)
	if out.Mandator != "Alpha" {
		t.Errorf("list_years(ALPHA).mandator = %q; want Alpha", out.Mandator)
	}
}
