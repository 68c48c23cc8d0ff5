// Package mcptest is the in-memory MCP client the tests of every tools
// package share: it starts the real server (tools.NewServer) over a file
// system in a privacy mode, connects a client over in-memory transports,
// and calls tools, checking on every call what every result must satisfy
// (an error envelope with retryable; text content equal to the structured
// content).
package mcptest

import (
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/shopspring/decimal"
)

// Today is the clock of every test server, so that default years do not
// depend on when the tests run.
var Today = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

// Connect starts a server over fsys in privacy mode p, adjusted by opts,
// and returns a client session to it; both end with the test.
func Connect(t testing.TB, fsys fs.FS, p tools.Privacy, opts ...func(*tools.Options)) *mcp.ClientSession {
	t.Helper()
	o := tools.Options{
		Store:   reader.OpenFS(fsys, t.Name()),
		Privacy: p,
		Rates:   analysis.Rates{},
		Now:     func() time.Time { return Today },
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

// A Result is a decoded tool result.
type Result struct {
	IsError bool
	Raw     json.RawMessage // the structured content
	Err     struct {
		Code        string `json:"code"`
		Message     string `json:"message"`
		Retryable   *bool  `json:"retryable"`
		Remediation string `json:"remediation"`
	}
}

// Call calls a tool and decodes its structured content into out (when the
// call succeeded and out is not nil). A protocol error, an error result
// without an envelope, or text content that differs from the structured
// content fails the test.
func Call(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) Result {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s(%v): protocol error %v", name, args, err)
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	r := Result{IsError: res.IsError, Raw: raw}
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
	if text, ok := res.Content[0].(*mcp.TextContent); !ok || !SameJSON(text.Text, string(raw)) {
		t.Errorf("%s(%v): text content differs from structured content", name, args)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatalf("%s(%v): decoding %s: %v", name, args, raw, err)
		}
	}
	return r
}

// MustCall calls a tool that must succeed.
func MustCall(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) json.RawMessage {
	t.Helper()
	r := Call(t, cs, name, args, out)
	if r.IsError {
		t.Fatalf("%s(%v) failed: %s", name, args, r.Raw)
	}
	return r.Raw
}

// MustFail calls a tool that must fail with the error code, and returns
// the error envelope's content.
func MustFail(t testing.TB, cs *mcp.ClientSession, name string, args any, code string) Result {
	t.Helper()
	r := Call(t, cs, name, args, nil)
	if !r.IsError || r.Err.Code != code {
		t.Fatalf("%s(%v) = %s; want the error %s", name, args, r.Raw, code)
	}
	return r
}

// SameJSON reports whether a and b are the same JSON value.
func SameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// A Session is a client session with the test it belongs to, for terse
// calls.
type Session struct {
	T  testing.TB
	CS *mcp.ClientSession
}

// Handcheck connects to the hand-check books (fixtures/handcheck: mandator
// Muster, 2025 and 2026), whose every number fixtures/handcheck/EXPECTED.md
// works out by hand.
func Handcheck(t testing.TB, p tools.Privacy, opts ...func(*tools.Options)) *Session {
	t.Helper()
	return &Session{T: t, CS: Connect(t, fixtures.HandcheckFS(), p, opts...)}
}

// Must calls a tool that must succeed, decoding its answer into out.
func (s *Session) Must(tool string, args any, out any) json.RawMessage {
	s.T.Helper()
	return MustCall(s.T, s.CS, tool, args, out)
}

// Fail calls a tool that must fail with the error code.
func (s *Session) Fail(tool string, args any, code string) Result {
	s.T.Helper()
	return MustFail(s.T, s.CS, tool, args, code)
}

// WithRate configures the exchange rate of currency cur (CHF per unit).
func WithRate(cur, rate string) func(*tools.Options) {
	return func(o *tools.Options) { o.Rates = analysis.Rates{cur: decimal.RequireFromString(rate)} }
}

// ToDate shows the current year in Aggregate through the last month that
// has ended (mcp.aggregate.currentYear ToDate), as tests of the current
// year's figures need; the default shows a year once it has ended.
func ToDate(o *tools.Options) { o.CurrentYear = disclosure.ToDate }

// Modes are the privacy modes, in the order tests run them.
var Modes = []tools.Privacy{tools.Full, tools.Aggregate, tools.Local}

// Detailed are the modes that register the detailed tools.
var Detailed = []tools.Privacy{tools.Full, tools.Local}

// SameAnswer compares an answer with the JSON want, as values (field order
// and spacing do not matter), and returns a diff, or "" when they agree.
func SameAnswer(t testing.TB, raw json.RawMessage, want string) string {
	t.Helper()
	var got, w any
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want %s: %v", want, err)
	}
	if reflect.DeepEqual(got, w) {
		return ""
	}
	g, _ := json.Marshal(got)
	wb, _ := json.Marshal(w)
	return "got  " + string(g) + "\nwant " + string(wb)
}
