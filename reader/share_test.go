package reader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// These tests take a data file away from under a read in progress, from
// another process, as the desktop app does when it saves. On Windows (CI
// runs them under Wine, see .ci/steps/windows.sh) they show that the
// server's open handle does not block the save: openData shares deletion.
// On Unix, where an open file never blocks a rename or an unlink, they
// check the same answers.

// saverEnv, when set in the environment, makes TestSaverProcess the other
// process: it takes away the file named by saverPathEnv (see runSaver).
const (
	saverEnv     = "ACCOUNTING_MCP_TEST_SAVER"
	saverPathEnv = "ACCOUNTING_MCP_TEST_SAVER_PATH"
)

// TestSaverProcess is the saver when the test binary runs as one, and does
// nothing otherwise.
func TestSaverProcess(t *testing.T) {
	op := os.Getenv(saverEnv)
	if op == "" {
		t.Skip("runs only as the saver of TestSaveWhileTheServerReads")
	}
	if err := runSaver(op, os.Getenv(saverPathEnv)); err != nil {
		fmt.Fprintln(os.Stderr, "saver:", err)
		os.Exit(1)
	}
}

// runSaver takes the file at path away as op says, in this process.
func runSaver(op, path string) error {
	switch op {
	case "delete":
		return os.Remove(path)
	case "rename":
		return os.Rename(path, path+".bak")
	}
	return fmt.Errorf("unknown saver operation %q", op)
}

// saveFromOtherProcess runs the test binary as a saver of path.
func saveFromOtherProcess(op, path string) error {
	cmd := exec.Command(os.Args[0], "-test.run=^TestSaverProcess$")
	cmd.Env = append(os.Environ(), saverEnv+"="+op, saverPathEnv+"="+path)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s of %s by another process while the server reads it: %v\n%s", op, path, err, out)
	}
	return nil
}

// tempRoot is t.TempDir for tests that also run under Wine, whose Go 1.26
// os.RemoveAll fails there ("Invalid function"): it removes the tree one
// name at a time, deepest first.
func tempRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "accounting-mcp-share-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		var names []string
		_ = filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
			if err == nil {
				names = append(names, path)
			}
			return nil
		})
		for i := len(names) - 1; i >= 0; i-- {
			_ = os.Remove(names[i])
		}
	})
	return dir
}

func TestSaveWhileTheServerReads(t *testing.T) {
	newer := dialect("Transaction", append(postings2025[:2:2], txItem("t3", "2025-04-01", "Coop", "12.05", "a1020", "a4000"))...)
	saves := []struct {
		name string
		op   string // what the other process does while the server reads
		// writeInRead: the new file is written while the server still
		// holds the old one open, as a saver that renames the old file
		// away can; else after the read (a file deleted while open
		// keeps its name until the last handle closes on Windows
		// before 10 1809, and under Wine).
		writeInRead bool
	}{
		{"delete then write", "delete", false},
		{"rename away then write", "rename", false},
		{"rename away and write during the read", "rename", true},
	}
	for _, save := range saves {
		t.Run(save.name, func(t *testing.T) {
			root := tempRoot(t)
			writeBooks(t, root, "2025", claudio, postings2025)
			path := filepath.Join(root, "2025", claudio, "Data", "Transactions.xml")
			s := openStore(t, root)
			// The hook runs inside the server's read of Transactions.xml,
			// with the file open: another process takes it away then.
			saved := false
			testHookOpened = func(opened string) {
				if filepath.Base(opened) != "Transactions.xml" || saved {
					return
				}
				saved = true
				if err := saveFromOtherProcess(save.op, path); err != nil {
					t.Error(err) // the open handle blocked the save
					return
				}
				if save.writeInRead {
					if err := os.WriteFile(path, newer, 0o644); err != nil {
						t.Errorf("writing the new file while the old one is open: %v", err)
					}
				}
			}
			t.Cleanup(func() { testHookOpened = nil })

			// Across the save: the books as they were before it (read
			// through the open handle), or a retryable error; never books
			// without postings.
			b, err := s.Books(t.Context(), claudio, 2025)
			if !saved {
				t.Fatal("the hook did not run: Transactions.xml was not read")
			}
			if t.Failed() {
				return
			}
			var pe *ParseError
			switch {
			case err == nil:
				if diff := cmp.Diff([]string{"8000", "87.3"}, values(b)); diff != "" {
					t.Fatalf("Books across the save: want the books before it or a retryable error (-want +got):\n%s", diff)
				}
			case !errors.As(err, &pe) || !pe.Retryable || pe.File != txRel:
				t.Fatalf("Books across the save: error %v; want a retryable error naming %s", err, txRel)
			}
			if !save.writeInRead {
				// In the gap, the file is missing: a save in progress.
				_, err = s.Books(t.Context(), claudio, 2025)
				wantSaving(t, "Books between taking the file away and writing the new one", err, txRel)
				if err := os.WriteFile(path, newer, 0o644); err != nil {
					t.Fatalf("writing the new file: %v", err)
				}
			}
			b, err = s.Books(t.Context(), claudio, 2025)
			if err != nil {
				t.Fatalf("Books after the save: %v", err)
			}
			if diff := cmp.Diff([]string{"8000", "87.3", "12.05"}, values(b)); diff != "" {
				t.Errorf("Books after the save: want the new file's postings (-want +got):\n%s", diff)
			}
		})
	}
}
