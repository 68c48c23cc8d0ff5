//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
)

// TestDoctorOnSpecialFiles runs doctor over the demo books with a named
// pipe for the club's 2025 postings, a folder named like its 2026 postings,
// and an NFD twin of its 2026 folder. Before, doctor hung on the pipe,
// ignoring Ctrl-C; now each is an error or warning line, the other books
// are checked, and doctor ends.
func TestDoctorOnSpecialFiles(t *testing.T) {
	withProgressAfter(t, time.Hour)
	root := filepath.Join(t.TempDir(), "Data")
	if err := os.CopyFS(root, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	club := func(y string) string { return filepath.Join(root, y, "Verein Zürichsee", "Data", "Transactions.xml") }
	for _, y := range []string{"2025", "2026"} {
		if err := os.Remove(club(y)); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(club("2025"), 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	if err := os.Mkdir(club("2026"), 0o755); err != nil {
		t.Fatal(err)
	}
	twin := filepath.Join(root, "2026", "Verein Zu\u0308richsee", "Data")
	if err := os.MkdirAll(twin, 0o755); err != nil {
		t.Fatal(err)
	}
	accounts, err := os.ReadFile(filepath.Join(root, "2026", "Verein Zürichsee", "Data", "Accounts.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(twin, "Accounts.xml"), accounts, 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var code int
	var out, errOut string
	go func() {
		defer close(done)
		code, out, errOut = runCLI(t, nil, "--data-path", root, "doctor")
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute): // a hang detector, not a timing assertion
		t.Fatal("doctor did not finish")
	}
	for _, want := range []string{
		"folders:\n        warning  duplicate_folder: 2026: folders ",
		"mandators: Claudio Schaad, Testfirma Problem GmbH, Verein Zürichsee\n",
		"2025/Verein Zürichsee/Data/Transactions.xml: is not a regular file but a named pipe (FIFO)",
		"2026/Verein Zürichsee/Data/Transactions.xml: is not a regular file but a folder",
		"\nClaudio Schaad\n  2024  25 accounts, 435 postings",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s\nstderr: %s", want, out, errOut)
		}
	}
	if code != 1 {
		t.Errorf("doctor exit %d; want 1", code)
	}
}
