package httpserve_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/httpserve"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// revisions are the protocol revisions HTTP mode must serve.
var revisions = []string{"2025-06-18", "2025-11-25", "2026-07-28"}

// toolCalls are calls of every tool on the demo books. A tool not listed
// here (a newer one) is called with the mandator only.
var toolCalls = map[string][]map[string]any{
	"list_mandators":           {{}, {"year": 2024}},
	"list_years":               {{"mandator": "Verein Zürichsee"}},
	"list_accounts":            {{"mandator": "Claudio Schaad", "year": 2024, "class": "passiva"}},
	"get_account":              {{"mandator": "Claudio Schaad", "number": 1030}, {"mandator": "Claudio Schaad", "number": 9999}},
	"get_balance_summary":      {{"mandator": "Claudio Schaad"}, {"mandator": "Nobody"}},
	"get_income_statement":     {{"mandator": "Claudio Schaad", "fromDate": "2026-04-01", "toDate": "2026-06-30"}},
	"get_transactions":         {{"mandator": "Claudio Schaad", "textSearch": "coop", "limit": 20}},
	"search_transactions":      {{"mandator": "Claudio Schaad", "query": "zurich", "limit": 20}},
	"get_expenses_by_category": {{"mandator": "Claudio Schaad", "groupBy": "account", "year": 2025}},
	"compare_years":            {{"mandator": "Claudio Schaad", "years": []int{2024, 2025, 2026}}, {"mandator": "Claudio Schaad", "years": []int{2024}}},
}

// TestSameAnswersOverHTTP connects a Go client over HTTP with each
// protocol revision and checks that it negotiates that revision and gets
// the same tool list and the same answer from every tool as a client of the
// same revision over in-memory transports.
func TestSameAnswersOverHTTP(t *testing.T) {
	url := start(t, httpserve.Options{})
	memory := newMCPServer(demoStore(t))
	for _, v := range revisions {
		t.Run(v, func(t *testing.T) {
			if !slices.Contains(mcp.SupportedProtocolVersions(), v) {
				t.Fatalf("the SDK does not support %s; it supports %v", v, mcp.SupportedProtocolVersions())
			}
			overHTTP := connectHTTP(t, url, testToken, v)
			inMemory := connectMemory(t, memory, v)
			if got := overHTTP.InitializeResult().ProtocolVersion; got != v {
				t.Errorf("negotiated %s over HTTP; want %s", got, v)
			}
			want, err := inMemory.ListTools(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := overHTTP.ListTools(t.Context(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(asJSON(t, want.Tools), asJSON(t, got.Tools)); diff != "" {
				t.Errorf("tools/list over HTTP differs (-memory +HTTP):\n%s", diff)
			}
			for _, tool := range want.Tools {
				calls, ok := toolCalls[tool.Name]
				if !ok {
					calls = []map[string]any{{"mandator": "Claudio Schaad"}}
				}
				for _, args := range calls {
					w := callJSON(t, inMemory, tool.Name, args)
					g := callJSON(t, overHTTP, tool.Name, args)
					if diff := cmp.Diff(w, g); diff != "" {
						t.Errorf("%s(%v) over HTTP differs (-memory +HTTP):\n%s", tool.Name, args, diff)
					}
				}
			}
		})
	}
}

// callJSON calls a tool and returns its error flag and structured content
// as generic JSON.
func callJSON(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) any {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): %v", name, args, err)
	}
	return asJSON(t, map[string]any{"isError": res.IsError, "structured": res.StructuredContent})
}

// asJSON round-trips v through JSON, so that values compare by content.
// It may be called from any goroutine.
func asJSON(t testing.TB, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Errorf("encoding %v: %v", v, err)
		return nil
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Errorf("decoding %s: %v", b, err)
	}
	return out
}
