package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestConfigurationDocsListEverySetting keeps docs/configuration.md
// complete: every flag the binary defines, its own or a command's, and
// every configuration key a flag sets, is named there.
func TestConfigurationDocsListEverySetting(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "configuration.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	n := 0
	for _, args := range [][]string{{"--help"}, {"export", "--help"}} {
		_, _, usage := runCLI(t, nil, args...)
		for _, m := range flagLine.FindAllStringSubmatch(usage, -1) {
			n++
			if !strings.Contains(text, "`--"+m[1]) {
				t.Errorf("docs/configuration.md does not describe --%s", m[1])
			}
		}
	}
	if n < 10 {
		t.Fatalf("found only %d flags in the usage", n)
	}
	for _, key := range flagKeys {
		if !strings.Contains(text, "`"+key+"`") {
			t.Errorf("docs/configuration.md does not describe the key %s", key)
		}
	}
	for _, key := range []string{"mcp.http.token", "mcp.aggregate.minpostings", cashAccountsKey, "settings.maxfilemib"} {
		if !strings.Contains(text, "`"+key+"`") {
			t.Errorf("docs/configuration.md does not describe the key %s", key)
		}
	}
}
