package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"testing"
	"time"
)

// TestBinaryAnswersAMalformedLine drives the built binary over stdio by
// hand. Before, a malformed line ended the server (exit 2) without a
// response; now it is answered with -32700 and the next call is served.
func TestBinaryAnswersAMalformedLine(t *testing.T) {
	cmd := exec.Command(binary(t), "--demo")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(nil, 1<<20)
	exchange := func(line string) map[string]any {
		t.Helper()
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			t.Fatalf("write: %v", err)
		}
		if !lines.Scan() {
			t.Fatalf("no answer to %.60q: %v", line, lines.Err())
		}
		var m map[string]any
		if err := json.Unmarshal(lines.Bytes(), &m); err != nil {
			t.Fatalf("answer %q is not JSON", lines.Text())
		}
		return m
	}
	exchange(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	io.WriteString(stdin, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	got := exchange(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_years"`)
	if e, _ := got["error"].(map[string]any); e == nil || e["code"] != float64(-32700) || got["id"] != nil {
		t.Errorf("malformed line answered %v; want error -32700 with id null", got)
	}
	got = exchange(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_years","arguments":{}}}`)
	if r, _ := got["result"].(map[string]any); r == nil || r["isError"] == true || fmt.Sprint(got["id"]) != "3" {
		t.Errorf("list_years after the malformed line = %v; want its result", got)
	}
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("server exit after stdin closed: %v; want 0", err)
		}
	case <-time.After(time.Minute): // a hang detector
		cmd.Process.Kill()
		t.Fatal("server did not exit after stdin closed")
	}
}
