// The calls of the sweep: the good ones per set of books, and the bad
// ones derived from a tool's input schema.

package main

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A call is one tool call; args is sent as JSON as it is.
type call struct {
	tool string
	args any
}

// badCalls are calls with bad arguments for every property of the tool's
// input schema, and some for the arguments as a whole.
func badCalls(t *mcp.Tool) []call {
	var sch struct {
		Properties map[string]struct {
			Type  string `json:"type"`
			Items *struct {
				Type string `json:"type"`
			} `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	raw, _ := json.Marshal(t.InputSchema)
	json.Unmarshal(raw, &sch)
	names := make([]string, 0, len(sch.Properties))
	for n := range sch.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	base := map[string]any{}
	for _, r := range sch.Required {
		switch r {
		case "years":
			base[r] = []int{2025, 2026}
		case "query":
			base[r] = "a"
		}
	}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for bk, bv := range base {
			m[bk] = bv
		}
		if v == nil {
			m[k] = nil
		} else {
			m[k] = v
		}
		return m
	}
	var out []call
	add := func(args any) { out = append(out, call{t.Name, args}) }
	add(map[string]any{})
	add(with("nonsense", 1))
	add(json.RawMessage(`[1,2]`))
	add(json.RawMessage(`"x"`))
	add(json.RawMessage(`null`))
	for _, n := range names {
		p := sch.Properties[n]
		add(with(n, nil))
		add(with(n, map[string]any{"a": 1}))
		add(with(n, true))
		switch p.Type {
		case "integer":
			for _, v := range []any{"2025", 2025.5, json.RawMessage("2025.0"), json.RawMessage("2.025e3"), json.RawMessage("1e30"),
				3000, 1899, 0, -1, 1001, 101, 61, 1, 2, json.RawMessage("99999999999999999999"), 1000000001} {
				add(with(n, v))
			}
		case "string":
			for _, v := range []any{5, "", " ", "nonsense", "2025-13-01", "2025-02-30", "0001-01-01", "9999-12-31", "25-01-01",
				"2026-03-31", "2024-01-01", "1e3", "-12.5", "12,50", "99999999999999999999", "9223372036854775808",
				strings.Repeat("x", 300), "ü\u0000"} {
				add(with(n, v))
			}
		case "array":
			for _, v := range []any{[]int{}, []int{2025}, []int{2024, 3000}, []int{1899, 2025}, []any{2025, "x"}, []any{2025, nil},
				[]any{json.RawMessage("2025.0"), 2026}, []any{2025.5, 2026}, []int{2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034},
				[]int{2025, 2025}, []int{1000, 2000}, "2025", 2025} {
				add(with(n, v))
			}
		}
	}
	if len(sch.Required) > 0 {
		add(map[string]any{"mandator": "Claudio Schaad"})
	}
	return out
}

func demoCalls() []call {
	cs, ps := "Claudio Schaad", fixtures.ProblemMandator
	vz := "Verein Zürichsee"
	m := func(kv ...any) map[string]any {
		out := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	calls := []call{
		{"no_such_tool", m()},
		{"list_mandators", m()},
		{"list_mandators", m("year", 2024)},
		{"list_mandators", m("year", 2030)},
		{"list_years", m()},
		{"list_years", m("mandator", cs)},
		{"list_years", m("mandator", vz)},
		{"list_years", m("mandator", "claudio schaad")},
		{"list_years", m("mandator", "Nobody")},
		{"list_accounts", m("mandator", cs)},
		{"list_accounts", m("mandator", cs, "year", 2024, "class", "passiva")},
		{"list_accounts", m("mandator", vz, "year", 2025)},
		{"list_accounts", m("mandator", cs, "year", 2020)},
		{"list_accounts", m("year", 2025)},
		{"get_account", m("mandator", cs, "number", 1030)},
		{"get_account", m("mandator", cs, "year", 2027, "number", 1010)},
		{"get_account", m("mandator", cs, "number", 9999)},
		{"get_account", m("mandator", cs, "accountId", "nope")},
		{"get_account", m("mandator", cs)},
		{"get_balance_summary", m("mandator", cs)},
		{"get_balance_summary", m("mandator", cs, "year", 2027)},
		{"get_balance_summary", m("mandator", vz, "year", 2025)},
		{"get_balance_summary", m("mandator", ps, "year", 2026)},
		{"get_balance_summary", m("mandator", ps, "year", 2025)},
		{"get_income_statement", m("mandator", cs, "year", 2025)},
		{"get_income_statement", m("mandator", cs, "fromDate", "2026-04-01", "toDate", "2026-06-30")},
		{"get_income_statement", m("mandator", cs, "fromDate", "2026-06-30", "toDate", "2026-04-01")},
		{"get_income_statement", m("mandator", cs, "fromDate", "0001-01-01")},
		{"get_income_statement", m("mandator", cs, "year", 2025, "fromDate", "2026-01-01")},
		{"get_transactions", m("mandator", cs, "textSearch", "coop")},
		{"get_transactions", m("mandator", cs, "year", 2025, "limit", 1000)},
		{"get_transactions", m("mandator", cs, "year", 2025, "limit", 5, "offset", 10, "orderBy", "amount")},
		{"get_transactions", m("mandator", cs, "minAmount", "1000", "maxAmount", 5000)},
		{"get_transactions", m("mandator", cs, "minAmount", 5000, "maxAmount", "1000")},
		{"get_transactions", m("mandator", cs, "minAmount", json.RawMessage("1e3"))},
		{"get_transactions", m("mandator", cs, "minAmount", "9999999999999999999")},
		{"get_transactions", m("mandator", cs, "maxAmount", "-9223372036854775809")},
		{"get_transactions", m("mandator", cs, "maxAmount", "99999999999999999.99")},
		{"get_transactions", m("mandator", cs, "class", "income", "fromDate", "2026-01-01", "toDate", "2026-01-31")},
		{"get_transactions", m("mandator", cs, "accountId", "nope")},
		{"search_transactions", m("mandator", cs, "query", "zurich")},
		{"search_transactions", m("mandator", vz, "query", "a", "limit", 1000)},
		{"search_transactions", m("mandator", cs, "query", "\"coop pronto\"", "fromYear", 2025, "toYear", 2026)},
		{"search_transactions", m("mandator", cs, "query", "x", "fromYear", 2026, "toYear", 2024)},
		{"search_transactions", m("mandator", cs, "query", "")},
		{"search_transactions", m("mandator", cs, "query", "coop", "fromYear", 2010, "toYear", 2012)},
		{"get_expenses_by_category", m("mandator", cs)},
		{"get_expenses_by_category", m("mandator", cs, "groupBy", "account", "fromDate", "2026-01-01", "toDate", "2026-03-31")},
		{"get_expenses_by_category", m("mandator", vz, "year", 2026)},
		{"get_expenses_by_category", m("mandator", cs, "fromDate", "0001-01-01", "toDate", "2026-03-31")},
		{"get_expenses_by_category", m("mandator", cs, "year", 2030)},
		{"compare_years", m("mandator", cs, "years", []int{2024, 2025, 2026})},
		{"compare_years", m("mandator", cs, "years", []int{2026, 2025}, "side", "expenses", "groupBy", "account")},
		{"compare_years", m("mandator", vz, "years", []int{2025, 2026}, "side", "income")},
		{"compare_years", m("mandator", cs, "years", []int{2020, 2025})},
		{"compare_years", m("mandator", cs, "years", []int{2020, 2021})},
		{"get_recurring_transactions", m("mandator", cs)},
		{"get_recurring_transactions", m("mandator", vz, "year", 2025)},
		{"get_recurring_transactions", m("mandator", cs, "year", 2026, "compareYear", 2024, "minOccurrences", 2)},
		{"get_recurring_transactions", m("mandator", cs, "year", 2026, "compareYear", 2010)},
		{"get_spending_over_time", m("mandator", cs)},
		{"get_spending_over_time", m("mandator", cs, "fromYear", 2024, "toYear", 2026, "groupBy", "account")},
		{"get_spending_over_time", m("mandator", vz, "interval", "quarter", "groupBy", "subclass")},
		{"get_spending_over_time", m("mandator", cs, "year", 2025, "fromYear", 2024)},
		{"get_spending_over_time", m("mandator", cs, "fromYear", 2026, "toYear", 2024)},
		{"get_net_worth_history", m("mandator", cs)},
		{"get_net_worth_history", m("mandator", vz, "fromYear", 2026)},
		{"get_net_worth_history", m("mandator", cs, "fromYear", 2010, "toYear", 2012)},
		{"get_cash_flow", m("mandator", cs, "year", 2026)},
		{"get_cash_flow", m("mandator", vz, "year", 2025, "interval", "year")},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "interval", "quarter", "cashAccounts", []int{1000, 1020})},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "cashAccounts", []int{4000})},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "cashAccounts", []int{99999})},
		{"get_trial_balance", m("mandator", cs, "year", 2026)},
		{"get_trial_balance", m("mandator", vz, "year", 2025, "fromDate", "2025-07-01", "toDate", "2025-09-30")},
		{"get_trial_balance", m("mandator", cs, "year", 2025, "fromDate", "2024-07-01")},
		{"find_unusual_transactions", m("mandator", cs, "year", 2026, "limit", 100)},
		{"find_unusual_transactions", m("mandator", vz, "year", 2025, "fromDate", "2025-12-01", "toDate", "2025-12-31")},
		{"get_open_bank_transactions", m("mandator", cs)},
		{"get_open_bank_transactions", m("mandator", cs, "year", 2025)},
		{"get_open_bank_transactions", m("mandator", cs, "year", 2025, "limit", 3, "offset", 2)},
		{"check_books", m("mandator", cs, "year", 2027)},
		{"check_books", m("mandator", ps, "year", 2025)},
		{"check_books", m("mandator", ps, "year", 2026)},
		{"check_books", m()},
	}
	// Every tool without a mandator (three mandators: which one?) and with
	// the problem mandator's unreadable year.
	for _, name := range allTools {
		calls = append(calls, call{name, m()}, call{name, m("mandator", ps, "year", 2026)}, call{name, m("mandator", ps)})
	}
	return calls
}

// allTools are the names of every tool of any mode.
var allTools = []string{"list_mandators", "list_years", "list_accounts", "get_account", "get_balance_summary",
	"get_income_statement", "get_transactions", "search_transactions", "get_expenses_by_category", "compare_years",
	"get_recurring_transactions", "get_spending_over_time", "get_net_worth_history", "get_cash_flow",
	"get_trial_balance", "find_unusual_transactions", "get_open_bank_transactions", "check_books"}

func handcheckCalls() []call {
	var calls []call
	for _, name := range allTools {
		calls = append(calls, call{name, map[string]any{}}, call{name, map[string]any{"year": 2025}}, call{name, map[string]any{"year": 2026}})
	}
	calls = append(calls,
		call{"compare_years", map[string]any{"years": []int{2025, 2026}}},
		call{"search_transactions", map[string]any{"query": "miete"}},
		call{"get_account", map[string]any{"year": 2025, "number": 1020}},
	)
	return calls
}

func scaleCalls(years []int) []call {
	last := years[len(years)-1]
	first := years[0]
	var calls []call
	for _, name := range allTools {
		calls = append(calls, call{name, map[string]any{}}, call{name, map[string]any{"year": last}}, call{name, map[string]any{"year": first}})
	}
	calls = append(calls,
		call{"get_expenses_by_category", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-01-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
		call{"get_transactions", map[string]any{"year": last, "textSearch": "zürich", "limit": 50}},
		call{"get_transactions", map[string]any{"year": last, "limit": 1000}},
		call{"get_transactions", map[string]any{"year": last, "limit": 1000, "offset": 4000}},
		call{"compare_years", map[string]any{"years": years}},
		call{"search_transactions", map[string]any{"query": "sprüngli", "limit": 50}},
		call{"search_transactions", map[string]any{"query": "a", "limit": 1000}},
		call{"get_transactions", map[string]any{"year": last, "class": "expenses", "orderBy": "amount", "limit": 10}},
		call{"get_cash_flow", map[string]any{"year": last, "interval": "month"}},
		call{"get_spending_over_time", map[string]any{"fromYear": first, "toYear": last, "groupBy": "account"}},
		call{"get_net_worth_history", map[string]any{}},
		call{"find_unusual_transactions", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-03-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
		call{"get_recurring_transactions", map[string]any{"year": last, "minOccurrences": 2}},
	)
	return calls
}
