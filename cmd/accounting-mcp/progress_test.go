package main

import (
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
)

// asTerminal makes every writer count as a terminal for one test.
func asTerminal(t *testing.T) {
	t.Helper()
	old := isTerminal
	isTerminal = func(io.Writer) bool { return true }
	t.Cleanup(func() { isTerminal = old })
}

// TestProgressLineOnlyOnATerminal runs call and export cold on four years
// of scale books (12 files, about 5 MiB), and doctor on them (which checks
// one year at a time, and shows which): with stderr not a terminal
// (a buffer here; a file or pipe in use) stderr gets no progress at all;
// as a terminal it gets the progress line, cleared at the end; stdout is
// the same either way.
func TestProgressLineOnlyOnATerminal(t *testing.T) {
	withProgressAfter(t, 0)
	dir := t.TempDir()
	if err := benchbooks.Write(dir, 4, 2000); err != nil {
		t.Fatal(err)
	}
	years := benchbooks.Years(4)
	commands := [][]string{
		{"call", "compare_years", `{"years":[` + strconv.Itoa(years[0]) + `,` + strconv.Itoa(years[1]) + `,` + strconv.Itoa(years[2]) + `,` + strconv.Itoa(years[3]) + `]}`},
		{"export"},
		{"doctor"},
	}
	env := []string{"Settings__DataPath=" + dir, "Settings__DefaultMandator=" + benchbooks.Mandator}
	plain := map[string]string{}
	for _, args := range commands {
		_, out, errOut := runCLI(t, env, args...)
		plain[args[0]] = out
		if strings.Contains(errOut, "the books:") || strings.Contains(errOut, "\r") || strings.Contains(errOut, "checking") {
			t.Errorf("%s with stderr not a terminal wrote progress: %q", args[0], errOut)
		}
	}
	asTerminal(t)
	for _, args := range commands {
		_, out, errOut := runCLI(t, env, args...)
		if out != plain[args[0]] {
			t.Errorf("%s: stdout differs with stderr a terminal", args[0])
		}
		if args[0] == "doctor" {
			if !strings.Contains(errOut, "checking "+strconv.Itoa(years[3])+"/"+benchbooks.Mandator+"…\n") {
				t.Errorf("doctor with stderr a terminal: stderr %q; want the books being checked", errOut)
			}
			continue
		}
		if !strings.Contains(errOut, "% reading the books: ") || !strings.Contains(errOut, "of 12 files done") || !strings.Contains(errOut, "\r\x1b[K") {
			t.Errorf("%s with stderr a terminal: stderr %q; want the progress line over the 12 files, cleared", args[0], errOut)
		}
	}
}

// TestIsTerminal: a file, a pipe and /dev/null are not terminals; a
// pseudo-terminal is.
func TestIsTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, file := range map[string]*os.File{"a file": f, "a pipe": w} {
		if isTerminal(file) {
			t.Errorf("%s counts as a terminal", name)
		}
	}
	if runtime.GOOS == "windows" {
		return
	}
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	if isTerminal(null) {
		t.Error("/dev/null counts as a terminal")
	}
	if runtime.GOOS != "linux" {
		return
	}
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer pty.Close()
	if !isTerminal(pty) {
		t.Error("a pseudo-terminal does not count as one")
	}
}
