package stdioguard

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// session runs an SDK server over the guard and returns a function that
// sends a line and one that reads the next response line.
func session(t *testing.T, maxLine int) (send func(string), next func() string) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r, w := Guard(inR, outW, maxLine)
	server := mcp.NewServer(&mcp.Implementation{Name: "guarded", Version: "1"}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Run(ctx, &mcp.IOTransport{Reader: r, Writer: w}) }()
	t.Cleanup(func() {
		cancel()
		inW.Close()
		outR.Close()
		select {
		case <-done:
		case <-time.After(time.Minute): // a hang detector
			t.Error("server did not stop")
		}
	})
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	send = func(s string) {
		t.Helper()
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatalf("send: %v", err)
		}
	}
	next = func() string {
		t.Helper()
		got := make(chan string, 1)
		go func() {
			if lines.Scan() {
				got <- lines.Text()
			} else {
				got <- "EOF: " + io.ErrUnexpectedEOF.Error()
			}
		}()
		select {
		case s := <-got:
			return s
		case <-time.After(time.Minute): // a hang detector
			t.Fatal("no response")
			return ""
		}
	}
	return send, next
}

type response struct {
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Result json.RawMessage `json:"result"`
}

func parse(t *testing.T, line string) response {
	t.Helper()
	var r response
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("response %q is not JSON: %v", line, err)
	}
	return r
}

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// TestBadLinesGetErrorsAndServingGoesOn sends, between pings, every kind of
// line the SDK's transport cannot read. Before, the first of them ended the
// session (the binary exited 2) without an answer; now each gets its
// JSON-RPC error, with the request's id when it has one, and the next ping
// is answered.
func TestBadLinesGetErrorsAndServingGoesOn(t *testing.T) {
	send, next := session(t, 4096)
	send(initialize)
	if r := parse(t, next()); string(r.ID) != "1" || r.Error != nil {
		t.Fatalf("initialize = %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	bad := []struct {
		line string
		code int
		id   string
	}{
		{`{"jsonrpc":"2.0","id":2,"method":"ping"`, -32700, "null"}, // cut short
		{`not json at all`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":3,"method":"ping"} {"x":1}`, -32700, "null"}, // two values on a line
		{`{"id":4,"method":"ping"}`, -32600, "4"},                            // no "jsonrpc":"2.0"
		{`{"jsonrpc":"2.0","id":"five","method":7}`, -32600, `"five"`},       // a method that is no string
		{`{"jsonrpc":"2.0"}`, -32600, "null"},                                // neither request nor response
		{`42`, -32600, "null"},
		{`[]`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":6,"method":"ping"}]`, -32600, "null"}, // no batches since 2025-06-18
		{strings.Repeat(" ", 10) + `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"pad":"` + strings.Repeat("x", 5000) + `"}}`, -32600, "null"},
	}
	for i, b := range bad {
		send(b.line)
		r := parse(t, next())
		if r.Error == nil || r.Error.Code != b.code || string(r.ID) != b.id || len(r.Error.Message) > 300 {
			t.Errorf("line %.40q: %+v; want error %d with id %s and a short message", b.line, r, b.code, b.id)
		}
		// The server keeps serving: the next request is answered.
		id := fmt.Sprint(100 + i)
		send(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
		if r := parse(t, next()); string(r.ID) != id || r.Error != nil {
			t.Errorf("ping after line %.40q = %+v; want its result", b.line, r)
		}
	}
	send("")
	send("   \r")
	send(`{"jsonrpc":"2.0","id":200,"method":"ping"}`)
	if r := parse(t, next()); string(r.ID) != "200" {
		t.Errorf("blank lines were answered: %+v; want them skipped", r)
	}
}

// TestBatchesBeforeTheirRemoval: a client of 2025-03-26 may still send a
// batch, which the SDK answers.
func TestBatchesBeforeTheirRemoval(t *testing.T) {
	send, next := session(t, 4096)
	send(strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`[{"jsonrpc":"2.0","id":2,"method":"ping"}]`)
	if got := next(); !strings.HasPrefix(got, `[{"jsonrpc":"2.0","id":2,"result":{}}`) {
		t.Errorf("batch under 2025-03-26 = %s; want the batch answered", got)
	}
}
