package httpserve_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/httpserve"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// today is the clock of every test server, so that default years do not
// depend on when the tests run.
var today = time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)

const testToken = "test-token-0123456789abcdef"

// newMCPServer returns the accounting MCP server over store in Full mode.
func newMCPServer(store *reader.Store) *mcp.Server {
	return tools.NewServer(tools.Options{Store: store, Privacy: tools.Full, Now: func() time.Time { return today }})
}

// demoStore returns a store of the embedded demo books, private to the test.
func demoStore(t testing.TB) *reader.Store { return reader.OpenFS(fixtures.DemoFS(), t.Name()) }

// start serves o on a fresh 127.0.0.1 port until the test ends and returns
// the URL of the MCP endpoint. Without a Server, it serves the demo books;
// without a Token and NoAuth, it uses testToken.
func start(t testing.TB, o httpserve.Options) string {
	t.Helper()
	if o.Server == nil {
		o.Server = newMCPServer(demoStore(t))
	}
	if o.Token == "" && !o.NoAuth {
		o.Token = testToken
	}
	srv, err := httpserve.New(o)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- httpserve.Serve(ctx, srv, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return "http://" + ln.Addr().String() + httpserve.Path
}

// bearer adds an Authorization header to every request.
type bearer struct {
	token string
	base  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}

// connectHTTP connects a Go MCP client to url with token, asking for the
// protocol revision version.
func connectHTTP(t testing.TB, url, token, version string) *mcp.ClientSession {
	t.Helper()
	cs, err := dialHTTP(url, token, version)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// keepAlive keeps enough idle connections for every concurrent test client
// (http.DefaultTransport keeps two per host, and would dial anew for most
// calls of the stress test).
var keepAlive = &http.Transport{MaxIdleConnsPerHost: 64, IdleConnTimeout: time.Minute}

// dialHTTP is connectHTTP for goroutines other than the test's.
func dialHTTP(url, token, version string) (*mcp.ClientSession, error) {
	transport := &mcp.StreamableClientTransport{
		Endpoint:   url,
		HTTPClient: &http.Client{Transport: bearer{token, keepAlive}, Timeout: time.Minute},
		MaxRetries: -1,
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "httpserve-test", Version: "1"}, nil).
		Connect(context.Background(), transport, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		return nil, fmt.Errorf("connecting over HTTP with %s: %w", version, err)
	}
	return cs, nil
}

// connectMemory connects a Go MCP client to server over in-memory transports.
func connectMemory(t testing.TB, server *mcp.Server, version string) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "memory-test", Version: "1"}, nil).
		Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Wait() })
	return cs
}

// initBody is an initialize request, as raw JSON.
const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`

// post sends body to url with the MCP content headers plus hdr, and
// returns the response with its body read.
func post(t testing.TB, url, body string, hdr map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range hdr {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	return do(t, req)
}

func do(t testing.TB, req *http.Request) (*http.Response, string) {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// auth is the header of the right token.
var auth = map[string]string{"Authorization": "Bearer " + testToken}

// with returns hdr plus more.
func with(hdr map[string]string, more ...string) map[string]string {
	out := map[string]string{}
	for k, v := range hdr {
		out[k] = v
	}
	for i := 0; i+1 < len(more); i += 2 {
		out[more[i]] = more[i+1]
	}
	return out
}

// captureLogs returns a debug-level logger into a buffer read by the
// returned function.
func captureLogs() (*slog.Logger, func() string) {
	var b safeBuffer
	return slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug})), b.String
}
