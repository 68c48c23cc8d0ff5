package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
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

// TestReadmeTestCommandIsWhatCIRuns keeps the README's promise that CI runs its
// test command: the first `go test` line of README.md is a line of
// .ci/steps/test.sh, word for word, and .ci/run calls that step.
func TestReadmeTestCommandIsWhatCIRuns(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	command := regexp.MustCompile(`(?m)^go test .*$`).FindString(string(readme))
	if command == "" {
		t.Fatal("README.md gives no `go test` command")
	}
	script, err := os.ReadFile(filepath.Join("..", "..", ".ci", "steps", "test.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(strings.Split(string(script), "\n"), command) {
		t.Errorf("README.md's test command %q is not a line of .ci/steps/test.sh:\n%s", command, script)
	}
	if !slices.Contains(ciSteps(t), "test") {
		t.Error(".ci/run does not call the test step")
	}
}

// TestCIRunCallsEveryStep keeps .ci/run and .ci/steps in step: every step
// script is called exactly once, every step called exists, and each script
// runs alone (bash, stopping at the first failure) and says what it checks
// without an issue number.
func TestCIRunCallsEveryStep(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", ".ci", "steps", "*.sh"))
	if err != nil {
		t.Fatal(err)
	}
	var onDisk []string
	issue := regexp.MustCompile(`(?i)\bissue #?\d+`)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".sh")
		onDisk = append(onDisk, name)
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(text), "\n", 3)
		if len(lines) < 3 || lines[0] != "#!/usr/bin/env bash" || !strings.HasPrefix(lines[1], "# ") {
			t.Errorf(".ci/steps/%s.sh does not start with #!/usr/bin/env bash and a comment saying what it checks", name)
		}
		if !regexp.MustCompile(`(?m)^set -euo pipefail$`).Match(text) {
			t.Errorf(".ci/steps/%s.sh does not set -euo pipefail", name)
		}
		if m := issue.Find(text); m != nil {
			t.Errorf(".ci/steps/%s.sh names %q: say what the step checks instead", name, m)
		}
	}
	called := ciSteps(t)
	sort.Strings(onDisk)
	sort.Strings(called)
	if diff := cmp.Diff(onDisk, called); diff != "" {
		t.Errorf(".ci/steps and the steps .ci/run calls differ (-.ci/steps +.ci/run):\n%s", diff)
	}
	if len(called) < 8 {
		t.Errorf(".ci/run calls only %v", called)
	}
	run, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	if m := issue.Find(run); m != nil {
		t.Errorf(".ci/run names %q: say what the step checks instead", m)
	}
}

// ciSteps returns the steps .ci/run calls, in order: its `step NAME`
// lines, and lines that run .ci/steps/NAME.sh directly.
func ciSteps(t *testing.T) []string {
	t.Helper()
	run, err := os.ReadFile(filepath.Join("..", "..", ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	call := regexp.MustCompile(`(?m)^(?:step ([a-z0-9-]+)|(?:bash )?\.ci/steps/([a-z0-9-]+)\.sh)(?:\s|$)`)
	var steps []string
	for _, m := range call.FindAllStringSubmatch(string(run), -1) {
		steps = append(steps, m[1]+m[2])
	}
	return steps
}
