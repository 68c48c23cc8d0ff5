package tools_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// today is the clock of every test server, so that default years do not
// depend on when the tests run.
var today = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// connect starts a server over fsys in privacy mode p and returns a client
// session to it over in-memory transports.
func connect(t testing.TB, fsys fs.FS, p tools.Privacy, opts ...func(*tools.Options)) *mcp.ClientSession {
	t.Helper()
	o := tools.Options{
		Store:   reader.OpenFS(fsys, t.Name()),
		Privacy: p,
		Rates:   analysis.Rates{},
		Now:     func() time.Time { return today },
	}
	for _, f := range opts {
		f(&o)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := tools.NewServer(o).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// emptyFS is a data root without books.
var emptyFS = fstest.MapFS{}

// result is a decoded tool result.
type result struct {
	IsError bool
	Raw     json.RawMessage
	Err     struct {
		Code        string `json:"code"`
		Message     string `json:"message"`
		Retryable   *bool  `json:"retryable"`
		Remediation string `json:"remediation"`
	}
}

// call calls a tool and decodes its structured content into out (when the
// call succeeded and out is not nil).
func call(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) result {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): protocol error %v", name, args, err)
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	r := result{IsError: res.IsError, Raw: raw}
	if res.IsError {
		var env struct {
			Error json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(raw, &env); err != nil || env.Error == nil {
			t.Fatalf("%s(%v): error result without envelope: %s", name, args, raw)
		}
		if err := json.Unmarshal(env.Error, &r.Err); err != nil {
			t.Fatal(err)
		}
		if r.Err.Retryable == nil {
			t.Errorf("%s(%v): error envelope lacks retryable: %s", name, args, raw)
		}
		return r
	}
	if text, ok := res.Content[0].(*mcp.TextContent); !ok || !sameJSON(text.Text, string(raw)) {
		t.Errorf("%s(%v): text content differs from structured content", name, args)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s(%v): decoding %s: %v", name, args, raw, err)
		}
	}
	return r
}

// mustCall calls a tool that must succeed.
func mustCall(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) json.RawMessage {
	t.Helper()
	r := call(t, cs, name, args, out)
	if r.IsError {
		t.Fatalf("%s(%v) failed: %s", name, args, r.Raw)
	}
	return r.Raw
}

func toolParams(name string, args any) *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: name, Arguments: args}
}

func sameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
