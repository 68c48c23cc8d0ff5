// Command mockollama is a stand-in for an Ollama server, for checking an
// Ollama-backed MCP client (mcphost) end to end against accounting-mcp on a
// machine without a model. It answers the calls such a client makes:
//
//   - POST /api/show: the model exists;
//   - POST /api/generate: the warm-up completes;
//   - POST /v1/chat/completions (OpenAI-compatible, streamed or not): the
//     first turn asks for one tool call (-tool with -args); once the
//     conversation holds the tool's result, the answer quotes it.
//
// Every request and the tools the client offered are logged to stderr, so
// the log shows what the client sent and what the server answered.
//
//	go run ./scripts/mockollama -addr 127.0.0.1:11434 -tool get_balance_summary -args '{"year":2025}'
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:11434", "loopback address to listen on")
	tool := flag.String("tool", "get_balance_summary", "the tool the model calls")
	args := flag.String("args", `{"year":2025}`, "the tool call's arguments, as JSON")
	flag.Parse()
	if host, _, err := net.SplitHostPort(*addr); err != nil || !net.ParseIP(host).IsLoopback() {
		log.Fatalf("-addr %q: listen on a loopback address, e.g. 127.0.0.1:11434", *addr)
	}
	if !json.Valid([]byte(*args)) {
		log.Fatalf("-args %q is not JSON", *args)
	}
	m := &model{tool: *tool, args: *args, log: log.New(os.Stderr, "mockollama: ", 0)}
	srv := &http.Server{Addr: *addr, Handler: m.routes(), ReadHeaderTimeout: 10 * time.Second}
	m.log.Printf("listening on http://%s; the model calls %s %s", *addr, *tool, *args)
	log.Fatal(srv.ListenAndServe())
}

// model is the scripted model: one tool call, then an answer quoting the
// tool's result.
type model struct {
	tool, args string
	log        *log.Logger
}

func (m *model) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/show", func(w http.ResponseWriter, r *http.Request) {
		m.log.Printf("%s %s", r.Method, r.URL.Path)
		writeJSON(w, map[string]any{"modelfile": "FROM mock", "details": map[string]any{"family": "mock", "parameter_size": "0B"}, "capabilities": []string{"completion", "tools"}})
	})
	mux.HandleFunc("POST /api/generate", func(w http.ResponseWriter, r *http.Request) {
		m.log.Printf("%s %s", r.Method, r.URL.Path)
		writeJSON(w, map[string]any{"model": "mock", "response": "", "done": true, "done_reason": "load"})
	})
	mux.HandleFunc("POST /v1/chat/completions", m.chat)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		m.log.Printf("%s %s: not served", r.Method, r.URL.Path)
		http.NotFound(w, r)
	})
	return mux
}

// chatRequest is the part of an OpenAI chat completion request read here.
type chatRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Function struct {
			Name string `json:"name"`
		} `json:"function"`
	} `json:"tools"`
}

func (m *model) chat(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
	var req chatRequest
	if err == nil {
		err = json.Unmarshal(body, &req)
	}
	if err != nil {
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	var offered []string
	for _, t := range req.Tools {
		offered = append(offered, t.Function.Name)
	}
	m.log.Printf("POST /v1/chat/completions: model %s, %d messages, stream %v, %d tools offered: %s", req.Model, len(req.Messages), req.Stream, len(offered), strings.Join(offered, " "))
	// Clients may prefix a tool with its server's name (mcphost offers
	// accounting__get_balance_summary).
	i := slices.IndexFunc(offered, func(o string) bool { return o == m.tool || strings.HasSuffix(o, "__"+m.tool) })
	name := ""
	if i >= 0 {
		name = offered[i]
	}
	var result string
	for _, msg := range req.Messages {
		if msg.Role == "tool" {
			result = text(msg.Content)
		}
	}
	var delta map[string]any
	finish := "stop"
	switch {
	case result != "":
		m.log.Printf("tool result: %s", result)
		delta = map[string]any{"role": "assistant", "content": "The server answered: " + result}
	case name == "":
		delta = map[string]any{"role": "assistant", "content": fmt.Sprintf("The tool %s was not offered.", m.tool)}
	default:
		m.log.Printf("asking for %s %s", name, m.args)
		finish = "tool_calls"
		delta = map[string]any{"role": "assistant", "content": "", "tool_calls": []map[string]any{{
			"index": 0, "id": "call_1", "type": "function",
			"function": map[string]any{"name": name, "arguments": m.args},
		}}}
	}
	usage := map[string]int{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	base := map[string]any{"id": "chatcmpl-mock", "created": time.Now().Unix(), "model": req.Model}
	if !req.Stream {
		base["object"] = "chat.completion"
		base["choices"] = []map[string]any{{"index": 0, "message": delta, "finish_reason": finish}}
		base["usage"] = usage
		writeJSON(w, base)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	base["object"] = "chat.completion.chunk"
	for _, choice := range []map[string]any{
		{"index": 0, "delta": delta, "finish_reason": nil},
		{"index": 0, "delta": map[string]any{}, "finish_reason": finish},
	} {
		base["choices"] = []map[string]any{choice}
		if choice["finish_reason"] != nil {
			base["usage"] = usage
		}
		b, _ := json.Marshal(base)
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// text returns a message's content: a string, or the text parts of a list.
func text(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}
