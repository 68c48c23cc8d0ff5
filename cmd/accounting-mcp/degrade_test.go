package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
)

// cancelOnWrite is a stderr that cancels a context when a line containing
// trigger is written to it, as SIGINT would cancel main's context.
type cancelOnWrite struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	trigger string
	cancel  context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.Contains(p, []byte(w.trigger)) {
		w.cancel()
	}
	return w.buf.Write(p)
}

// TestDoctorStopsWhenInterrupted interrupts doctor while it checks the
// first mandator-year. Before, doctor ignored SIGINT and SIGTERM while a
// read hung; now it stops at the next read, says so and exits 130 without
// a summary it did not finish.
func TestDoctorStopsWhenInterrupted(t *testing.T) {
	asTerminal(t) // doctor shows progress only on a terminal
	withProgressAfter(t, 0)
	ctx, cancel := context.WithCancel(t.Context())
	stderr := &cancelOnWrite{trigger: "checking 2024/Claudio Schaad", cancel: cancel}
	var stdout bytes.Buffer
	code := run(ctx, []string{"--demo", "doctor"}, strings.NewReader(""), &stdout, stderr, envOf())
	if code != exitInterrupted || !strings.Contains(stderr.buf.String(), "accounting-mcp: interrupted") {
		t.Errorf("doctor interrupted: exit %d, stderr %q; want %d and \"interrupted\"", code, stderr.buf.String(), exitInterrupted)
	}
	if strings.Contains(stdout.String(), "summary:") || strings.Contains(stderr.buf.String(), "checking 2025/") {
		t.Errorf("doctor went on after the interrupt:\nstdout %s\nstderr %s", stdout.String(), stderr.buf.String())
	}
}

// TestCommandsStopWhenInterrupted: call and export given a cancelled
// context (a signal before they got far) end at once with exit 130, never
// with data_unreadable.
func TestCommandsStopWhenInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	for _, args := range [][]string{
		{"--demo", "call", "get_balance_summary"},
		{"--demo", "call", "search_transactions", `{"query":"coop"}`},
		{"--demo", "export"},
		{"--demo", "doctor"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(ctx, args, strings.NewReader(""), &stdout, &stderr, envOf())
		if code != exitInterrupted || !strings.Contains(stderr.String(), "interrupted") || strings.Contains(stdout.String(), "data_unreadable") {
			t.Errorf("%v interrupted: exit %d, stdout %.100q, stderr %q; want %d and \"interrupted\"", args, code, stdout.String(), stderr.String(), exitInterrupted)
		}
	}
}

// TestMaxFileSizeSetting: Settings__MaxFileMiB lowers the ceiling; a file
// over it is a permanent data_unreadable naming the file and the setting.
func TestMaxFileSizeSetting(t *testing.T) {
	root := filepath.Join(t.TempDir(), "Data")
	if err := os.CopyFS(root, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join("2025", "Verein Zürichsee", "Data", "Transactions.xml")
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	// White space after the root element: the same books, over 1 MiB.
	padded := append(data, bytes.Repeat([]byte("\r\n"), 600_000)...)
	if err := os.WriteFile(filepath.Join(root, rel), padded, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"--data-path", root, "call", "get_balance_summary", `{"mandator":"Verein Zürichsee","year":2025}`}
	if code, out, errOut := runCLI(t, nil, args...); code != 0 {
		t.Fatalf("under the default ceiling: exit %d, %s %s; want the answer", code, out, errOut)
	}
	code, out, _ := runCLI(t, []string{"Settings__MaxFileMiB=1"}, args...)
	for _, want := range []string{`"data_unreadable"`, "2025/Verein Zürichsee/Data/Transactions.xml", "Settings__MaxFileMiB", `"retryable": false`} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("over a 1 MiB ceiling: exit %d, stdout %s; want exit 1 and %s", code, out, want)
		}
	}
	for _, bad := range []string{"0", "-5", "lots", "1.5"} {
		if code, _, errOut := runCLI(t, []string{"Settings__MaxFileMiB=" + bad}, "--demo", "tools"); code != 2 || !strings.Contains(errOut, "Settings__MaxFileMiB") {
			t.Errorf("Settings__MaxFileMiB=%s: exit %d, stderr %q; want 2 naming the setting", bad, code, errOut)
		}
	}
}

// TestStartupWithAnUnreadableYearFolder: one year folder the server's user
// may not read stopped start-up; now it is left out, and doctor reports it.
func TestStartupWithAnUnreadableYearFolder(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: folder permissions do not apply (reader's TestPermissionErrorsFromAnyFS covers the logic)")
	}
	withProgressAfter(t, time.Hour)
	root := filepath.Join(t.TempDir(), "Data")
	if err := os.CopyFS(root, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(root, "2024")
	if err := os.Chmod(locked, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(locked, 0o755) })
	if code, out, errOut := runCLI(t, nil, "--data-path", root, "--mandator", "Claudio Schaad", "call", "list_years"); code != 0 || !strings.Contains(out, "2025") || strings.Contains(out, "2024") {
		t.Errorf("list_years with 2024 unreadable: exit %d, %s %s; want the other years", code, out, errOut)
	}
	code, out, _ := runCLI(t, nil, "--data-path", root, "doctor")
	if code != 1 || !strings.Contains(out, "permission_denied: 2024: folder cannot be read") {
		t.Errorf("doctor: exit %d\n%s\nwant exit 1 and the 2024 folder reported", code, out)
	}
}
