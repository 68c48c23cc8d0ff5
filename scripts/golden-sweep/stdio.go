// The stdio part of the sweep: raw lines, good and malformed, sent to the
// built binary, and the bytes it writes back.

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// stdio runs the binary over stdio, in Full and Aggregate on the demo
// books, with raw lines, and keeps what it writes, byte for byte.
func stdio(out string) error {
	bin := filepath.Join(out, ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	defer os.RemoveAll(bin)
	exe := filepath.Join(bin, "accounting-mcp")
	if b, err := exec.Command("go", "build", "-o", exe, "./cmd/accounting-mcp").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	for _, rev := range []string{"2025-03-26", "2025-06-18"} {
		for _, p := range []string{"Full", "Aggregate"} {
			lines := stdioLines(rev)
			got, err := converse(exe, p, lines)
			if err != nil {
				return fmt.Errorf("stdio %s %s: %w", p, rev, err)
			}
			if err := os.WriteFile(filepath.Join(out, "stdio-"+p+"-"+rev+".txt"), got, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// stdioLines are the lines a client sends, after initialize.
func stdioLines(rev string) []string {
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + rev + `","capabilities":{},"clientInfo":{"name":"sweep","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":3`,
		`[]`,
		`[{"jsonrpc":"2.0","id":4,"method":"tools/list"}]`,
		`[1,2]`,
		`{"jsonrpc":"1.0","id":5,"method":"tools/list"}`,
		`{"id":6,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":7}`,
		`{"jsonrpc":"2.0","id":8,"method":5}`,
		`{"jsonrpc":"2.0","id":"nine","method":"tools/call","params":{"name":"list_years","arguments":{"mandator":"Claudio Schaad"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"list_years","arguments":{"mandator":"Claudio Schaad"}},"method":"x"}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get_transactions","arguments":{"mandator":"Claudio Schaad","year":2025,"limit":1000}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"get_expenses_by_category","arguments":{"mandator":"Claudio Schaad","year":2025}}}`,
		`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"compare_years","arguments":{"mandator":"Claudio Schaad","years":[2024,3000]}}}`,
		`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"get_transactions","arguments":{"mandator":"Claudio Schaad","textSearch":"<&>\u2028"}}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/list\",\"x\":\"\xff\"}",
		`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"get_account","arguments":{"mandator":"Claudio Schaad","number":1030}}}`,
		`{"jsonrpc":"2.0","id":123456789012345678,"method":"tools/list"}`,
		`  {"jsonrpc" : "2.0", "id" : 17 , "method" : "tools/call", "params":{"name":"list_years","arguments":{}}}  `,
		`{"jsonrpc":"2.0","id":18,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":19,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"search_transactions","arguments":{"mandator":"Verein Zürichsee","query":"a","limit":1000}}}`,
	}
	return lines
}

// converse sends lines one at a time to the binary and collects one
// answer per line that expects one (a line that is a notification gets
// none, which the timeout finds).
func converse(exe, privacy string, lines []string) ([]byte, error) {
	cmd := exec.Command(exe, "--demo", "--privacy", privacy)
	cmd.Env = append(os.Environ(), "GOGC=400")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	answers := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	var b bytes.Buffer
	for _, l := range lines {
		fmt.Fprintf(&b, "\n>>> %s\n", l)
		if _, err := io.WriteString(stdin, l+"\n"); err != nil {
			return nil, err
		}
		if strings.Contains(l, `"method":"notifications/`) {
			continue // a notification: no answer
		}
		select {
		case a, ok := <-answers:
			if !ok {
				b.WriteString("(closed)\n")
			} else {
				b.WriteString(a + "\n")
			}
		case <-time.After(5 * time.Second):
			b.WriteString("(no answer)\n")
		}
	}
	stdin.Close()
	cmd.Wait()
	return b.Bytes(), nil
}
