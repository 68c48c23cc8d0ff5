package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds the command once per test run and returns its path.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "accounting-mcp-bin")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "accounting-mcp")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binPath = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, binPath)
	}
	return binPath
}

func runCLI(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(""), &out, &errb, envOf(env...))
	return code, out.String(), errb.String()
}

func TestCallOnDemoBooks(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "--demo", "call", "get_expenses_by_category", `{"mandator":"Claudio Schaad","year":2025}`)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var res struct {
		Mandator   string
		Year       int
		TotalChf   string
		Categories []struct{ Name, TotalChf string }
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("stdout is not the JSON result: %v\n%s", err, out)
	}
	if res.Mandator != "Claudio Schaad" || res.Year != 2025 || len(res.Categories) == 0 {
		t.Errorf("result = %+v", res)
	}
}

func TestCLIExitCodes(t *testing.T) {
	for _, c := range []struct {
		args      []string
		env       []string
		code      int
		stdoutHas string
		stderrHas string
	}{
		{[]string{"--demo", "call", "get_balance_summary", `{"mandator":"Nobody"}`}, nil, 1, `"unknown_mandator"`, ""},
		{[]string{"--demo", "call", "no_such_tool"}, nil, 2, "", "no_such_tool"},
		{[]string{"--demo", "call", "list_years", "{not json"}, nil, 2, "", "not a JSON object"},
		{[]string{"--demo", "frobnicate"}, nil, 2, "", `unknown command "frobnicate"`},
		{[]string{"tools"}, nil, 2, "", "Settings__DataPath"},
		{[]string{"--demo", "--privacy", "Aggregate", "call", "get_transactions"}, nil, 2, "", "get_transactions"},
		{[]string{"--demo", "tools"}, []string{"Mcp__Privacy=aggregate"}, 0, "get_balance_summary", ""},
	} {
		code, out, errOut := runCLI(t, c.env, c.args...)
		if code != c.code || !strings.Contains(out, c.stdoutHas) || !strings.Contains(errOut, c.stderrHas) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				c.args, code, out, errOut, c.code, c.stdoutHas, c.stderrHas)
		}
	}
}

func TestToolsPerMode(t *testing.T) {
	// The catalog of each mode is pinned by tools' TestPrivacyCatalogs; here
	// the command must list exactly that many.
	for _, mode := range []tools.Privacy{tools.Full, tools.Local, tools.Aggregate} {
		want := len(tools.Catalog(mode))
		code, out, _ := runCLI(t, nil, "--demo", "--privacy", mode.String(), "tools")
		if n := strings.Count(strings.TrimSpace(out), "\n") + 1; code != 0 || n != want {
			t.Errorf("tools (%s): exit %d, %d lines; want %d tools", mode, code, n, want)
		}
		if mode == tools.Aggregate && strings.Contains(out, "get_transactions") {
			t.Errorf("Aggregate tools list get_transactions")
		}
	}
}

// TestBinaryOverStdio runs the built binary as an MCP client would launch it.
func TestBinaryOverStdio(t *testing.T) {
	cmd := exec.Command(binary(t), "--demo")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "stdio-test", Version: "1"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Name; got != "accounting-mcp" {
		t.Errorf("server name = %q", got)
	}
	if !strings.Contains(cs.InitializeResult().Instructions, "Privacy mode in force: Full") {
		t.Errorf("instructions do not state the mode")
	}
	lt, err := cs.ListTools(ctx, nil)
	if err != nil || len(lt.Tools) != len(tools.Catalog(tools.Full)) {
		t.Fatalf("tools/list: %d tools, %v", len(lt.Tools), err)
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_balance_summary", Arguments: map[string]any{"mandator": "Verein Zürichsee"}})
	if err != nil || res.IsError {
		t.Fatalf("get_balance_summary: %v %+v", err, res)
	}
	cs.Close()
	if !strings.Contains(stderr.String(), "serving over stdio") || !strings.Contains(stderr.String(), "cacheMiB=512") {
		t.Errorf("stderr lacks the start-up log line with the cache's cap: %q", stderr.String())
	}
}

func TestBinaryBadConfigSaysWhatToSet(t *testing.T) {
	cmd := exec.Command(binary(t))
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "Mcp__Privacy=Paranoid", "Settings__DataPath=/tmp"}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if exit, ok := err.(*exec.ExitError); !ok || exit.ExitCode() != 2 {
		t.Fatalf("exit = %v; want 2", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout = %q; want nothing (stdout is the MCP channel)", stdout.String())
	}
	if lines := strings.Count(strings.TrimSpace(stderr.String()), "\n") + 1; lines != 1 || !strings.Contains(stderr.String(), "Mcp__Privacy") {
		t.Errorf("stderr = %q; want one line naming Mcp__Privacy", stderr.String())
	}
}
