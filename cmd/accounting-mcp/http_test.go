package main

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestHTTPRefusedAtStartup(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, c := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"--demo", "--http", "0.0.0.0:8765"}, nil, "--allow-remote"},
		{[]string{"--demo", "--http", "192.168.1.20:8765"}, nil, "--allow-remote"},
		{[]string{"--demo"}, []string{"Mcp__Http__Addr=0.0.0.0:8765"}, "--allow-remote"},
		{[]string{"--demo", "--http", "0.0.0.0:8765", "--no-auth"}, nil, "--no-auth is refused"},
		{[]string{"--demo", "--http", "0.0.0.0:8765", "--allow-remote", "--no-auth"}, nil, "--no-auth is refused"},
		{[]string{"--demo", "--http", "nonsense"}, nil, "not an address"},
		{[]string{"--demo", "--http", "127.0.0.1:0"}, []string{"Mcp__Http__Token=short"}, "Mcp__Http__Token"},
		{[]string{"--demo", "--http", busy.Addr().String()}, nil, busy.Addr().String()},
	} {
		code, out, errOut := runCLI(t, c.env, c.args...)
		lines := strings.Count(strings.TrimSpace(errOut), "\n") + 1
		if code != 2 || out != "" || lines != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v %v: exit %d, stdout %q, stderr %q; want exit 2, no stdout, one line with %q", c.args, c.env, code, out, errOut, c.want)
		}
	}
}

func TestHTTPConfig(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.yaml")
	os.WriteFile(file, []byte("Mcp:\n  Http:\n    Addr: 127.0.0.1:9000\n    Token: from-the-file-0123456789\n"), 0o644)
	for _, c := range []struct {
		flags []string
		file  string
		env   []string
		want  HTTPConfig
	}{
		{nil, "", nil, HTTPConfig{}},
		{nil, "", []string{"Mcp__Http__Addr=127.0.0.1:8765", "Mcp__Http__Token=from-the-env-0123456789"}, HTTPConfig{Addr: "127.0.0.1:8765", Token: "from-the-env-0123456789"}},
		{nil, file, nil, HTTPConfig{Addr: "127.0.0.1:9000", Token: "from-the-file-0123456789"}},
		{[]string{"--http", "127.0.0.1:7000"}, file, []string{"Mcp__Http__Addr=127.0.0.1:8765"}, HTTPConfig{Addr: "127.0.0.1:7000", Token: "from-the-file-0123456789"}},
	} {
		fs := parseFlags(t)
		fs.String("http", "", "")
		if err := fs.Parse(c.flags); err != nil {
			t.Fatal(err)
		}
		cfg, err := loadConfig(fs, c.file, true, envOf(c.env...))
		if err != nil || cfg.HTTP != c.want {
			t.Errorf("flags %v, file %q, env %v: HTTP config %+v, %v; want %+v", c.flags, c.file, c.env, cfg.HTTP, err, c.want)
		}
	}
}

// httpBinary runs the built binary in HTTP mode on a free loopback port
// and returns the URL of /mcp, its stderr so far, and a function that
// stops it with SIGINT and returns its stdout and all of its stderr.
func httpBinary(t *testing.T, env []string, args ...string) (url string, stderrSoFar func() string, stop func() (string, string)) {
	t.Helper()
	cmd := exec.Command(binary(t), append([]string{"--demo", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var stderr strings.Builder
	urls := make(chan string, 1)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			mu.Lock()
			stderr.WriteString(sc.Text() + "\n")
			mu.Unlock()
			if m := regexp.MustCompile(`url=(http://\S+/mcp)`).FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
	}()
	read := func() string { mu.Lock(); defer mu.Unlock(); return stderr.String() }
	stopped := false
	stop = func() (string, string) {
		if !stopped {
			stopped = true
			cmd.Process.Signal(syscall.SIGINT)
			<-done
			if err := cmd.Wait(); err != nil {
				t.Errorf("accounting-mcp --http after SIGINT: %v; want exit 0", err)
			}
		}
		return stdout.String(), read()
	}
	t.Cleanup(func() { stop() })
	select {
	case url = <-urls:
	case <-time.After(30 * time.Second):
		stop()
		t.Fatalf("no start-up line in 30 s; stderr:\n%s", read())
	}
	return url, read, stop
}

// initialize posts an initialize request with the given Authorization
// header value ("" for none) and returns the status.
func initialize(t *testing.T, url, authz string) int {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	if authz != "" {
		req.Header.Set("Authorization", authz)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

type bearerTransport string

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(b))
	return http.DefaultTransport.RoundTrip(r)
}

// callOverHTTP calls a tool through an MCP client that sends token.
func callOverHTTP(t *testing.T, url, token string) {
	t.Helper()
	transport := &mcp.StreamableClientTransport{Endpoint: url, HTTPClient: &http.Client{Transport: bearerTransport(token)}, MaxRetries: -1}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "http-binary-test", Version: "1"}, nil).Connect(context.Background(), transport, nil)
	if err != nil {
		t.Fatalf("connecting with the token: %v", err)
	}
	defer cs.Close()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "list_years", Arguments: map[string]any{"mandator": "Claudio Schaad"}})
	if err != nil || res.IsError {
		t.Fatalf("list_years over HTTP: %v %+v", err, res)
	}
}

// TestHTTPBinaryGeneratedToken runs the binary without a configured token:
// it prints a generated token once on stderr, never on stdout, and that
// token (and only that token) opens the server.
func TestHTTPBinaryGeneratedToken(t *testing.T) {
	url, stderrSoFar, stop := httpBinary(t, nil)
	m := regexp.MustCompile(`token of this run \(shown only here\) is: (\S+)\n`).FindStringSubmatch(stderrSoFar())
	if m == nil {
		t.Fatalf("stderr does not show the generated token:\n%s", stderrSoFar())
	}
	token := m[1]
	if len(token) < 40 {
		t.Errorf("generated token %q is short", token)
	}
	if got := initialize(t, url, ""); got != http.StatusUnauthorized {
		t.Errorf("no token: status %d; want 401", got)
	}
	if got := initialize(t, url, "Bearer "+token+"x"); got != http.StatusUnauthorized {
		t.Errorf("wrong token: status %d; want 401", got)
	}
	if got := initialize(t, url, "Bearer "+token); got != http.StatusOK {
		t.Errorf("the generated token: status %d; want 200", got)
	}
	callOverHTTP(t, url, token)
	stdout, stderr := stop()
	if stdout != "" {
		t.Errorf("stdout = %q; want nothing", stdout)
	}
	if n := strings.Count(stderr, token); n != 1 {
		t.Errorf("the token appears %d times on stderr; want once:\n%s", n, stderr)
	}
}

// TestHTTPBinaryConfiguredToken runs the binary with Mcp__Http__Token: the
// token opens the server and is never printed or logged.
func TestHTTPBinaryConfiguredToken(t *testing.T) {
	const token = "configured-token-0123456789abcdef"
	url, _, stop := httpBinary(t, []string{"Mcp__Http__Token=" + token})
	if got := initialize(t, url, ""); got != http.StatusUnauthorized {
		t.Errorf("no token: status %d; want 401", got)
	}
	if got := initialize(t, url, "Bearer not-the-configured-token"); got != http.StatusUnauthorized {
		t.Errorf("wrong token: status %d; want 401", got)
	}
	callOverHTTP(t, url, token)
	stdout, stderr := stop()
	if stdout != "" || strings.Contains(stderr, token) || strings.Contains(stderr, "not-the-configured-token") {
		t.Errorf("a token was written out; stdout %q, stderr:\n%s", stdout, stderr)
	}
	if !strings.Contains(stderr, "serving over HTTP") || !strings.Contains(stderr, "auth=\"bearer token (configured)\"") || !strings.Contains(stderr, "cacheMiB=512") {
		t.Errorf("stderr lacks the start-up line:\n%s", stderr)
	}
}

func TestHTTPBinaryNoAuth(t *testing.T) {
	url, _, stop := httpBinary(t, nil, "--no-auth")
	if got := initialize(t, url, ""); got != http.StatusOK {
		t.Errorf("--no-auth without a token: status %d; want 200", got)
	}
	if _, stderr := stop(); strings.Contains(stderr, "token of this run") {
		t.Errorf("--no-auth printed a token:\n%s", stderr)
	}
}
