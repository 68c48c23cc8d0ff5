package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadmeListsEveryFlag keeps the README's command list complete: every
// flag the binary defines, its own or a command's, is listed there, and the
// list names no flag the binary lacks.
func TestReadmeListsEveryFlag(t *testing.T) {
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	defined := map[string]bool{}
	for _, args := range [][]string{{"--help"}, {"export", "--help"}} {
		_, _, usage := runCLI(t, nil, args...)
		for _, m := range flagLine.FindAllStringSubmatch(usage, -1) {
			defined[m[1]] = true
		}
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	section := string(readme)
	start := strings.Index(section, "## Commands\n")
	if start < 0 {
		t.Fatal("README.md has no Commands section")
	}
	// The first code block of the section: from its opening fence to the
	// closing one.
	section = section[start:]
	open := strings.Index(section, "```\n") + len("```\n")
	section = section[open:]
	section = section[:strings.Index(section, "```\n")]
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  --([a-z-]+)`).FindAllStringSubmatch(section, -1) {
		listed[m[1]] = true
	}
	keys := func(m map[string]bool) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if len(defined) < 10 {
		t.Fatalf("found only %v in the usage", keys(defined))
	}
	if diff := cmp.Diff(keys(defined), keys(listed)); diff != "" {
		t.Errorf("README.md's Commands section and the binary's flags differ (-binary +README):\n%s", diff)
	}
}
