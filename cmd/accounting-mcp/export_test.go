package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
)

// handcheckRoot copies the hand-check books to a data root on disk.
func handcheckRoot(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "AccountingData")
	if err := os.CopyFS(root, fixtures.HandcheckFS()); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestExportJournalAndCSV(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "--demo", "export", "--year", "2025")
	if code != 0 {
		t.Fatalf("export exited %d: %s", code, errOut)
	}
	for _, want := range []string{"; The books of \"Claudio Schaad\", 2025,", "\n2025-01-01 * Opening balances\n",
		"Liabilities:21 Langfristiges Fremdkapital:2100 Hypothek", " @@ CHF "} {
		if !strings.Contains(out, want) {
			t.Errorf("journal lacks %q", want)
		}
	}
	code, out, errOut = runCLI(t, nil, "--demo", "--mandator", "Verein Zürichsee", "export", "--format", "csv")
	if code != 0 {
		t.Fatalf("export --format csv exited %d: %s", code, errOut)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) < 2 || recs[0][0] != "year" || recs[1][0] != "2025" || recs[len(recs)-1][0] != "2026" {
		t.Errorf("CSV of both club years: %d records, err %v", len(recs), err)
	}
}

func TestExportWritesANewFile(t *testing.T) {
	root := handcheckRoot(t)
	out := filepath.Join(t.TempDir(), "muster.journal")
	code, stdout, errOut := runCLI(t, []string{"Settings__DataPath=" + root}, "export", "--out", out)
	if code != 0 || stdout != "" {
		t.Fatalf("export --out exited %d, stdout %q, stderr %s", code, stdout, errOut)
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), "\n2025-01-01 * Opening balances\n") || !strings.Contains(string(data), "\n2026-") {
		t.Errorf("exported file: %v\n%s", err, data)
	}
	if !strings.Contains(errOut, "exported ") {
		t.Errorf("stderr = %q; want a note of what was written", errOut)
	}
}

// TestExportRefuses covers what export will not do, each with one line on
// stderr and exit code 2, and nothing written.
func TestExportRefuses(t *testing.T) {
	root := handcheckRoot(t)
	outside := t.TempDir()
	existing := filepath.Join(outside, "exists.journal")
	if err := os.WriteFile(existing, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(outside, "books") // a way into the data root from outside
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	env := []string{"Settings__DataPath=" + root}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"aggregate mode", []string{"--privacy", "Aggregate", "export"}, "Aggregate"},
		{"existing file", []string{"export", "--out", existing}, "exists"},
		{"inside the data root", []string{"export", "--out", filepath.Join(root, "2025", "Muster", "x.journal")}, "inside the data path"},
		{"the data root itself", []string{"export", "--out", filepath.Join(root, "x.journal")}, "inside the data path"},
		{"through a symlink", []string{"export", "--out", filepath.Join(link, "x.journal")}, "inside the data path"},
		{"no such folder", []string{"export", "--out", filepath.Join(outside, "nope", "x.journal")}, "does not exist"},
		{"unknown format", []string{"export", "--format", "xml"}, `"xml"`},
		{"unknown year", []string{"export", "--year", "2019"}, "2025, 2026"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, env, c.args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, nothing on stdout, one line with %q", code, stdout, stderr, c.want)
			}
		})
	}
	if data, _ := os.ReadFile(existing); string(data) != "keep me" {
		t.Errorf("the existing file was changed to %q", data)
	}
	var created []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".journal") {
			created = append(created, p)
		}
		return nil
	})
	if len(created) > 0 {
		t.Errorf("export wrote into the data root: %v", created)
	}
}
