package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
)

// withProgressAfter sets doctor's progress delay for one test.
func withProgressAfter(t *testing.T, d time.Duration) {
	t.Helper()
	old := doctorProgressAfter
	doctorProgressAfter = d
	t.Cleanup(func() { doctorProgressAfter = old })
}

// TestDoctorOnDemo runs doctor over the demo books. The expected lines come
// from fixtures/README.md: the household has 25 accounts; subclass 47 is
// unnamed in every year (a warning each), 2026 has the late booking (info)
// and 7 open bank lines plus 1 ignored, 2027 has no postings and so no rate
// for its EUR and USD accounts (2 warnings); the club is clean; the problem
// mandator has 3 errors and 5 warnings in 2025 and, in 2026, the unreadable
// Transactions.xml (1 error) and 3 warnings from its chart.
func TestDoctorOnDemo(t *testing.T) {
	withProgressAfter(t, time.Hour)
	code, out, errOut := runCLI(t, nil, "--demo", "doctor")
	if code != 1 {
		t.Errorf("doctor on the demo books exits %d; want 1 (the problem mandator has errors)\nstderr: %s", code, errOut)
	}
	for _, want := range []string{
		"accounting-mcp doctor: the embedded demo books\n",
		"mandators: Claudio Schaad, Testfirma Problem GmbH, Verein Zürichsee\n",
		"years: 2024, 2025, 2026, 2027\n",
		"\nClaudio Schaad\n  2024  25 accounts, 435 postings, no bank file: ok, 1 warning\n",
		"  2026  25 accounts, 395 postings, 240 bank lines (7 open, 1 ignored): ok, 1 warning, 1 info\n",
		"  2027  25 accounts, no Transactions.xml (a year just opened), no bank file: ok, 3 warnings\n",
		"\nTestfirma Problem GmbH\n  2025  9 accounts, 8 postings, 2 bank lines (0 open, 0 ignored): 3 errors, 5 warnings\n",
		"  2026  9 accounts, Transactions.xml unreadable, no bank file: 1 error, 3 warnings\n",
		"error    unreadable_file: cannot read 2026/Testfirma Problem GmbH/Data/Transactions.xml:18: ",
		"error    bank_line_booked_twice: ",
		"warning  missing_fx_rate: account 1020 USD-Konto is kept in USD",
		"info     date_outside_year: ",
		"\nVerein Zürichsee\n  2025  13 accounts, 62 postings, no bank file: ok\n  2026  13 accounts, 58 postings, no bank file: ok\n",
		"\nsummary: 8 mandator-years checked: 4 errors, 14 warnings, 1 info\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(errOut, "checking") {
		t.Errorf("doctor printed progress before the delay ran out:\n%s", errOut)
	}
}

// TestDoctorCleanBooksExitZero runs doctor over a copy of the demo books
// without the problem mandator: warnings and infos only, so exit 0.
func TestDoctorCleanBooksExitZero(t *testing.T) {
	withProgressAfter(t, time.Hour)
	root := filepath.Join(t.TempDir(), "Data")
	if err := os.CopyFS(root, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	for _, y := range []string{"2025", "2026"} {
		if err := os.RemoveAll(filepath.Join(root, y, fixtures.ProblemMandator)); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := runCLI(t, nil, "--data-path", root, "doctor")
	if code != 0 {
		t.Errorf("doctor on clean books exits %d; want 0\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	// Household: 1+1+2+3 findings (6 warnings, 1 info); the club none.
	if want := "\nsummary: 6 mandator-years checked: ok, 6 warnings, 1 info\n"; !strings.HasSuffix(out, want) {
		t.Errorf("doctor output does not end with %q:\n%s", want, out)
	}
	if !strings.Contains(out, "accounting-mcp doctor: data path "+root+"\n") || strings.Contains(out, "Testfirma") {
		t.Errorf("doctor output names the wrong books:\n%s", out)
	}
}

// TestDoctorProgress checks the progress lines on stderr, one per
// mandator-year once the delay has run out, and that stdout stays the report.
func TestDoctorProgress(t *testing.T) {
	asTerminal(t) // doctor shows progress only on a terminal
	withProgressAfter(t, 0)
	_, out, errOut := runCLI(t, nil, "--demo", "doctor")
	want := "checking 2024/Claudio Schaad…\nchecking 2025/Claudio Schaad…\nchecking 2026/Claudio Schaad…\nchecking 2027/Claudio Schaad…\n" +
		"checking 2025/Testfirma Problem GmbH…\nchecking 2026/Testfirma Problem GmbH…\n" +
		"checking 2025/Verein Zürichsee…\nchecking 2026/Verein Zürichsee…\n"
	if !strings.Contains(errOut, want) {
		t.Errorf("doctor stderr = %q; want the progress lines %q", errOut, want)
	}
	if strings.Contains(out, "checking") {
		t.Errorf("doctor wrote progress to stdout:\n%s", out)
	}
}

func TestDoctorUsage(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "--demo", "doctor", "extra")
	if code != 2 || out != "" || !strings.Contains(errOut, "doctor takes no arguments") {
		t.Errorf("doctor extra: exit %d, stdout %q, stderr %q; want 2 and a usage error", code, out, errOut)
	}
	code, _, errOut = runCLI(t, nil, "--data-path", filepath.Join(t.TempDir(), "missing"), "doctor")
	if code != 2 || !strings.Contains(errOut, "Settings__DataPath") {
		t.Errorf("doctor on a missing data path: exit %d, stderr %q; want 2 naming Settings__DataPath", code, errOut)
	}
}
