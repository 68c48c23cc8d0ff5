package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBundleManifestConfiguresTheServer reads the Claude Desktop extension
// manifest (packaging/mcpb/manifest.json), fills its environment with the
// user_config answers the way Claude Desktop does, and starts the command
// with it: the env names must be the ones the configuration reads.
func TestBundleManifestConfiguresTheServer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "packaging", "mcpb", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Server struct {
			MCPConfig struct {
				Env map[string]string `json:"env"`
			} `json:"mcp_config"`
		} `json:"server"`
		UserConfig map[string]struct {
			Type    string `json:"type"`
			Default any    `json:"default"`
		} `json:"user_config"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	env := m.Server.MCPConfig.Env
	var names []string
	for k := range env {
		names = append(names, k)
	}
	sort.Strings(names)
	if diff := cmp.Diff([]string{"Mcp__Aggregate__MinPostings", "Mcp__Privacy", "Settings__DataPath", "Settings__DefaultMandator"}, names); diff != "" {
		t.Errorf("manifest env names (-want +got):\n%s", diff)
	}
	if m.UserConfig["data_path"].Type != "directory" {
		t.Errorf("user_config.data_path is %q; want a directory", m.UserConfig["data_path"].Type)
	}
	answers := map[string]string{
		"data_path":        filepath.Join("..", "..", "fixtures", "demo"),
		"default_mandator": "Verein Zürichsee",
		"privacy":          "Aggregate",
		"min_postings":     "4",
	}
	placeholder := regexp.MustCompile(`\$\{user_config\.([a-z_]+)\}`)
	var environ []string
	for name, value := range env {
		value = placeholder.ReplaceAllStringFunc(value, func(p string) string {
			key := placeholder.FindStringSubmatch(p)[1]
			if _, ok := m.UserConfig[key]; !ok {
				t.Errorf("env %s uses ${user_config.%s}, which user_config does not define", name, key)
			}
			return answers[key]
		})
		environ = append(environ, name+"="+value)
	}
	code, out, errOut := runCLI(t, environ, "call", "get_balance_summary", `{"year": 2025}`)
	if code != 0 || !strings.Contains(out, `"mandator": "Verein Zürichsee"`) {
		t.Fatalf("exit %d; out %s; stderr %s", code, out, errOut)
	}
	code, out, _ = runCLI(t, environ, "tools")
	if code != 0 || strings.Contains(out, "get_transactions") {
		t.Errorf("privacy from the manifest not applied: exit %d, tools:\n%s", code, out)
	}
	// The defaults of the optional answers must start the server too.
	environ = []string{"Settings__DataPath=" + answers["data_path"], "Settings__DefaultMandator=" + m.UserConfig["default_mandator"].Default.(string),
		"Mcp__Privacy=" + m.UserConfig["privacy"].Default.(string),
		"Mcp__Aggregate__MinPostings=" + fmt.Sprint(m.UserConfig["min_postings"].Default)}
	if code, _, errOut := runCLI(t, environ, "tools"); code != 0 {
		t.Errorf("with the manifest's defaults: exit %d, %s", code, errOut)
	}
}
