package httpserve_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/httpserve"
	"github.com/google/go-cmp/cmp"
)

// TestUnknownMethodsAreMethodNotFound posts, over real HTTP, requests for
// methods the server does not implement (among them the optional ones
// clients probe) in every protocol revision before 2026-07-28: each gets
// JSON-RPC's -32601 with its own id, as JSON, not the SDK's plain-text 400.
func TestUnknownMethodsAreMethodNotFound(t *testing.T) {
	url := start(t, httpserve.Options{})
	for _, version := range []string{"2025-03-26", "2025-06-18", "2025-11-25"} {
		for _, c := range []struct{ method, id, params string }{
			{"tasks/list", `7`, `{}`},
			{"sampling/createMessage", `"probe-1"`, `{"messages":[],"maxTokens":1}`},
			{"no/such/method", `0`, ``},
		} {
			body := `{"jsonrpc":"2.0","id":` + c.id + `,"method":"` + c.method + `"`
			if c.params != "" {
				body += `,"params":` + c.params
			}
			body += "}"
			res, got := post(t, url, body, with(auth, "Mcp-Protocol-Version", version))
			if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s %s: status %d, Content-Type %q, body %q; want 200 application/json", version, c.method, res.StatusCode, res.Header.Get("Content-Type"), got)
				continue
			}
			var answer struct {
				JSONRPC string          `json:"jsonrpc"`
				ID      json.RawMessage `json:"id"`
				Error   struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(got), &answer); err != nil {
				t.Errorf("%s %s: %v in %q", version, c.method, err, got)
				continue
			}
			want := struct{ JSONRPC, ID, Message string }{"2.0", c.id, "Method not found: " + c.method}
			if diff := cmp.Diff(want, struct{ JSONRPC, ID, Message string }{answer.JSONRPC, string(answer.ID), answer.Error.Message}); diff != "" || answer.Error.Code != -32601 {
				t.Errorf("%s %s: code %d (-want +got):\n%s", version, c.method, answer.Error.Code, diff)
			}
		}
	}
}

// TestOtherAnswersPassThrough checks that the -32601 rewrite touches only
// unknown methods: a known method answers as before, a bad request keeps the
// SDK's own 400, and 2026-07-28 keeps the SDK's 404 with -32601.
func TestOtherAnswersPassThrough(t *testing.T) {
	url := start(t, httpserve.Options{})
	v := with(auth, "Mcp-Protocol-Version", "2025-11-25")
	res, got := post(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`, v)
	if res.StatusCode != http.StatusOK || !strings.Contains(got, `"get_balance_summary"`) {
		t.Errorf("tools/list: status %d, body %.200q; want 200 with the tools", res.StatusCode, got)
	}
	res, got = post(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call"}`, v)
	if res.StatusCode != http.StatusBadRequest || strings.Contains(got, "-32601") {
		t.Errorf("tools/call without params: status %d, body %q; want the SDK's 400", res.StatusCode, got)
	}
	res, got = post(t, url, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`, v)
	if res.StatusCode != http.StatusOK || !strings.Contains(got, `"code":-32602`) {
		t.Errorf("tools/call with params \"x\": status %d (%q); want 200 with error -32602", res.StatusCode, got)
	}
	res, got = post(t, url, `{"jsonrpc":"2.0","id":3,"method":"tasks/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}`,
		with(auth, "Mcp-Protocol-Version", "2026-07-28", "Mcp-Method", "tasks/list"))
	if res.StatusCode != http.StatusNotFound || !strings.Contains(got, `"code":-32601`) {
		t.Errorf("2026-07-28 tasks/list: status %d (%q); want the SDK's 404 with -32601", res.StatusCode, got)
	}
}
