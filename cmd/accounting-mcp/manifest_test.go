package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
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
	if diff := cmp.Diff([]string{"Mcp__Aggregate__CurrentYear", "Mcp__Aggregate__MinPostings", "Mcp__Aggregate__Periods", "Mcp__Privacy", "Settings__DataPath", "Settings__DefaultMandator", "Settings__MaxCacheMiB"}, names); diff != "" {
		t.Errorf("manifest env names (-want +got):\n%s", diff)
	}
	if m.UserConfig["data_path"].Type != "directory" {
		t.Errorf("user_config.data_path is %q; want a directory", m.UserConfig["data_path"].Type)
	}
	answers := map[string]string{
		"data_path":              filepath.Join("..", "..", "fixtures", "demo"),
		"default_mandator":       "Verein Zürichsee",
		"privacy":                "Aggregate",
		"min_postings":           "4",
		"aggregate_periods":      "quarter",
		"max_cache_mib":          "64",
		"aggregate_current_year": "todate",
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
		"Mcp__Aggregate__MinPostings=" + fmt.Sprint(m.UserConfig["min_postings"].Default),
		"Mcp__Aggregate__Periods=" + fmt.Sprint(m.UserConfig["aggregate_periods"].Default),
		"Mcp__Aggregate__CurrentYear=" + fmt.Sprint(m.UserConfig["aggregate_current_year"].Default),
		"Settings__MaxCacheMiB=" + fmt.Sprint(m.UserConfig["max_cache_mib"].Default)}
	if code, _, errOut := runCLI(t, environ, "tools"); code != 0 {
		t.Errorf("with the manifest's defaults: exit %d, %s", code, errOut)
	}
}

// TestBundleManifestListsTheCatalog keeps the manifest's static tools and
// prompts lists equal to what the server registers in the Full mode (the
// bundle's default): names, descriptions and prompt arguments. A prompt's
// text, which the bundle format requires, is its description; the server
// builds the prompt itself. Fix a difference by editing manifest.json.
func TestBundleManifestListsTheCatalog(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "packaging", "mcpb", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		Name        string   `json:"name"`
		Description string   `json:"description"`
		Arguments   []string `json:"arguments,omitempty"`
		Text        string   `json:"text,omitempty"`
	}
	var m struct {
		License        string  `json:"license"`
		Tools          []entry `json:"tools"`
		ToolsGenerated bool    `json:"tools_generated"`
		Prompts        []entry `json:"prompts"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	server := tools.NewServer(tools.Options{Store: demoStore(), Privacy: tools.Full})
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "manifest-test", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wantTools []entry
	for _, tl := range lt.Tools {
		wantTools = append(wantTools, entry{Name: tl.Name, Description: tl.Description})
	}
	if diff := cmp.Diff(wantTools, m.Tools); diff != "" {
		t.Errorf("manifest.json tools differ from the Full catalog (-catalog +manifest):\n%s", diff)
	}
	if m.ToolsGenerated {
		t.Error("manifest.json says tools_generated, but the server adds no tool beyond its static list")
	}
	lp, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wantPrompts []entry
	for _, p := range lp.Prompts {
		e := entry{Name: p.Name, Description: p.Description, Text: p.Description}
		for _, a := range p.Arguments {
			e.Arguments = append(e.Arguments, a.Name)
		}
		wantPrompts = append(wantPrompts, e)
	}
	if diff := cmp.Diff(wantPrompts, m.Prompts); diff != "" {
		t.Errorf("manifest.json prompts differ from the server's (-server +manifest):\n%s", diff)
	}
	license, err := os.ReadFile(filepath.Join("..", "..", "LICENSE"))
	if err != nil || m.License != "Apache-2.0" || !strings.Contains(string(license), "Apache License\n                           Version 2.0, January 2004") {
		t.Errorf("manifest license %q, LICENSE %v; want Apache-2.0 in both", m.License, err)
	}
}
