package httpserve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
)

// A request for a method the server does not implement gets JSON-RPC's
// -32601 "Method not found", as JSON-RPC 2.0 and MCP require, in every
// protocol revision. The SDK (go-sdk v1.8.0) does so itself only from
// 2026-07-28 on (HTTP 404 with -32601); for the earlier revisions it answers
// HTTP 400 with a plain-text body before any handler or middleware of the
// server sees the request (modelcontextprotocol/go-sdk#976), and a client
// probing an optional method (tasks/list, sampling/createMessage) then fails
// on a transport error instead of reading "no such method". So
// methodNotFound wraps the SDK's handler: when it rejects one JSON-RPC
// request with 400 text/plain because its method is unsupported (the SDK's
// `"METHOD" unsupported`), the client gets the JSON-RPC error instead, with
// HTTP 200 as for every other JSON-RPC error of these revisions (-32602 for
// bad params, for one). Every other answer passes through untouched.
func methodNotFound(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Body == nil {
			next.ServeHTTP(w, r)
			return
		}
		body, err := io.ReadAll(r.Body) // the guard has read it already, within its limits
		if err != nil {
			http.Error(w, "Bad Request: the body could not be read", http.StatusBadRequest)
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(body, &req) != nil || req.Method == "" || len(req.ID) == 0 || string(req.ID) == "null" {
			next.ServeHTTP(w, r) // not one call: batches, notifications and junk are the SDK's
			return
		}
		iw := &interceptor{ResponseWriter: w}
		next.ServeHTTP(iw, r)
		if !iw.held {
			return
		}
		if !strings.Contains(iw.body.String(), strconv.Quote(req.Method)+" unsupported") {
			iw.ResponseWriter.WriteHeader(http.StatusBadRequest) // another 400: as the SDK wrote it
			iw.ResponseWriter.Write(iw.body.Bytes())
			return
		}
		out, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": req.ID,
			"error": map[string]any{"code": -32601, "message": "Method not found: " + req.Method}})
		h := w.Header()
		h.Del("X-Content-Type-Options")
		h.Set("Content-Type", "application/json")
		h.Set("Content-Length", strconv.Itoa(len(out)))
		iw.ResponseWriter.WriteHeader(http.StatusOK)
		iw.ResponseWriter.Write(out)
	})
}

// An interceptor holds back a 400 text/plain answer (the SDK's rejection of
// a request) for methodNotFound to look at, and passes every other answer
// straight through, streams included.
type interceptor struct {
	http.ResponseWriter
	wrote bool         // the status has been decided
	held  bool         // the answer is a 400 text/plain, held in body
	body  bytes.Buffer // the held answer's body
}

func (i *interceptor) WriteHeader(status int) {
	if i.wrote {
		return
	}
	i.wrote = true
	if status == http.StatusBadRequest && strings.HasPrefix(i.Header().Get("Content-Type"), "text/plain") {
		i.held = true
		return
	}
	i.ResponseWriter.WriteHeader(status)
}

func (i *interceptor) Write(p []byte) (int, error) {
	if !i.wrote {
		i.WriteHeader(http.StatusOK)
	}
	if i.held {
		return i.body.Write(p)
	}
	return i.ResponseWriter.Write(p)
}

// Flush flushes a passed-through answer (an event stream); a held one is
// written whole at the end.
func (i *interceptor) Flush() {
	if i.held {
		return
	}
	if !i.wrote {
		i.WriteHeader(http.StatusOK)
	}
	if f, ok := i.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (read and write
// deadlines).
func (i *interceptor) Unwrap() http.ResponseWriter { return i.ResponseWriter }
