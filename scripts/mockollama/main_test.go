package main

import (
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	res, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestConversation plays the client's side: the model is there and warms
// up, asks for the tool once it is offered, and then quotes its result, in
// plain and in streamed answers.
func TestConversation(t *testing.T) {
	m := &model{tool: "get_balance_summary", args: `{"year":2025}`, log: log.New(io.Discard, "", 0)}
	srv := httptest.NewServer(m.routes())
	defer srv.Close()
	for _, path := range []string{"/api/show", "/api/generate"} {
		if code, _ := post(t, srv.URL+path, `{"model":"qwen3"}`); code != http.StatusOK {
			t.Errorf("%s: status %d", path, code)
		}
	}
	tools := `"tools":[{"type":"function","function":{"name":"list_years"}},{"type":"function","function":{"name":"accounting__get_balance_summary"}}]`
	_, body := post(t, srv.URL+"/v1/chat/completions", `{"model":"qwen3",`+tools+`,"messages":[{"role":"user","content":"net worth?"}]}`)
	var first struct {
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					Function struct{ Name, Arguments string } `json:"function"`
				} `json:"tool_calls"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
	}
	if err := json.Unmarshal([]byte(body), &first); err != nil || len(first.Choices) != 1 || len(first.Choices[0].Message.ToolCalls) != 1 {
		t.Fatalf("first turn: %v %s", err, body)
	}
	if c := first.Choices[0]; c.FinishReason != "tool_calls" || c.Message.ToolCalls[0].Function.Name != "accounting__get_balance_summary" || c.Message.ToolCalls[0].Function.Arguments != `{"year":2025}` {
		t.Errorf("first turn asks %+v; want accounting__get_balance_summary {\"year\":2025}", c)
	}
	second := `{"model":"qwen3","stream":true,` + tools + `,"messages":[{"role":"user","content":"net worth?"},` +
		`{"role":"tool","tool_call_id":"call_1","content":[{"type":"text","text":"{\"equityChf\":\"12.50\"}"}]}]}`
	_, body = post(t, srv.URL+"/v1/chat/completions", second)
	if !strings.Contains(body, `The server answered: {\"equityChf\":\"12.50\"}`) || !strings.HasSuffix(body, "data: [DONE]\n\n") {
		t.Errorf("second turn (streamed) does not quote the result: %s", body)
	}
	_, body = post(t, srv.URL+"/v1/chat/completions", `{"model":"qwen3","messages":[{"role":"user","content":"hi"}]}`)
	if !strings.Contains(body, "was not offered") {
		t.Errorf("without the tool offered: %s", body)
	}
}
