package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// configOf runs the built binary's config command in an empty working
// folder with an empty HOME, and checks that it wrote nothing there.
func configOf(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	dir, home := t.TempDir(), t.TempDir()
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "APPDATA=" + home}
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatal(err)
	}
	for _, d := range []string{dir, home} {
		if entries, _ := os.ReadDir(d); len(entries) != 0 {
			t.Errorf("config %v wrote %v into %s", args, entries, d)
		}
	}
	return code, out.String(), errb.String()
}

// TestConfigStartsTheServer prints the configuration of each client and
// starts the server exactly as the client would from it: the command and
// arguments must reach the demo data folder in the configured mode.
func TestConfigStartsTheServer(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "fixtures", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{"--data-path", data, "--privacy", "aggregate", "--mandator", "Verein Zürichsee"}
	wantArgs := []string{"--data-path", data, "--privacy", "Aggregate", "--mandator", "Verein Zürichsee"}
	for _, client := range []string{"claude-desktop", "claude-code", "mcphost"} {
		t.Run(client, func(t *testing.T) {
			code, out, errOut := configOf(t, append(flags, "config", client)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var argv []string
			switch client {
			case "claude-desktop":
				var c struct {
					MCPServers map[string]struct {
						Command string   `json:"command"`
						Args    []string `json:"args"`
					} `json:"mcpServers"`
				}
				if err := json.Unmarshal([]byte(out), &c); err != nil {
					t.Fatalf("%v in %s", err, out)
				}
				s := c.MCPServers["accounting"]
				argv = append([]string{s.Command}, s.Args...)
			case "mcphost":
				var c struct {
					MCPServers map[string]struct {
						Type    string   `json:"type"`
						Command []string `json:"command"`
					} `json:"mcpServers"`
				}
				if err := json.Unmarshal([]byte(out), &c); err != nil {
					t.Fatalf("%v in %s", err, out)
				}
				if c.MCPServers["accounting"].Type != "local" {
					t.Errorf("mcphost server type %q; want local", c.MCPServers["accounting"].Type)
				}
				argv = c.MCPServers["accounting"].Command
			case "claude-code":
				const prefix = "claude mcp add --scope user accounting -- "
				if !strings.HasPrefix(out, prefix) {
					t.Fatalf("claude-code: %q does not start with %q", out, prefix)
				}
				// The shell takes the words apart as it would for claude.
				words, err := exec.Command("sh", "-c", `printf '%s\n' `+strings.TrimPrefix(strings.TrimSpace(out), prefix)).Output()
				if err != nil {
					t.Fatal(err)
				}
				argv = strings.Split(strings.TrimSuffix(string(words), "\n"), "\n")
			}
			if len(argv) == 0 || argv[0] != binary(t) {
				t.Fatalf("command %q; want the binary %s", argv, binary(t))
			}
			if diff := cmp.Diff(wantArgs, argv[1:]); diff != "" {
				t.Errorf("arguments (-want +got):\n%s", diff)
			}
			cs, err := mcp.NewClient(&mcp.Implementation{Name: client, Version: "1"}, nil).
				Connect(context.Background(), &mcp.CommandTransport{Command: exec.Command(argv[0], argv[1:]...)}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_balance_summary", Arguments: map[string]any{"year": 2025}})
			if err != nil || res.IsError {
				t.Fatalf("get_balance_summary: %v %+v", err, res)
			}
			if got, _ := json.Marshal(res.StructuredContent); !strings.Contains(string(got), `"mandator":"Verein Zürichsee"`) {
				t.Errorf("answer for another mandator: %s", got)
			}
			if _, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "get_transactions"}); err == nil {
				t.Error("get_transactions answered: the configured Aggregate mode was not applied")
			}
		})
	}
}

func TestConfigWithoutDataPathPrintsAPlaceholder(t *testing.T) {
	code, out, errOut := configOf(t, "config", "mcphost")
	if code != 0 || !strings.Contains(out, `"`+dataPathPlaceholder+`"`) {
		t.Errorf("exit %d, stdout %s; want the placeholder", code, out)
	}
	if !strings.Contains(errOut, "no data path") || !strings.Contains(errOut, "--data-path") {
		t.Errorf("stderr %q does not say that the data path is missing", errOut)
	}
}

func TestConfigBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"--demo", "config", "cursor"}, []string{`unknown client "cursor"`, "claude-code, claude-desktop, mcphost"}},
		{[]string{"--demo", "config"}, []string{"claude-code, claude-desktop, mcphost"}},
		{[]string{"--data-path", "/no/such/folder", "config", "mcphost"}, []string{`"/no/such/folder" is not a folder`}},
		{[]string{"--demo", "--http", "8765", "config", "mcphost"}, []string{"--http"}},
	} {
		code, out, errOut := configOf(t, c.args...)
		if code != 2 || out != "" {
			t.Errorf("%v: exit %d, stdout %q; want 2 and nothing", c.args, code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errOut, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errOut, w)
			}
		}
	}
}

// TestTransientBuild: a binary that the next build or a cleanup removes is
// recognised by where it lives.
func TestTransientBuild(t *testing.T) {
	sep := string(filepath.Separator)
	p := func(parts ...string) string { return sep + filepath.Join(parts...) }
	tests := []struct {
		bin, tmp string
		want     bool
	}{
		{p("home", "u", ".cache", "go-build", "cb", "0f3a", "accounting-mcp"), p("tmp"), true}, // go run
		{p("tmp", "go-build1234", "b001", "exe", "accounting-mcp"), p("var", "tmp"), true},     // go run's work folder
		{p("tmp", "accounting-mcp-bin99", "accounting-mcp"), p("tmp"), true},                   // built into the temporary folder
		{p("home", "u", "go", "bin", "accounting-mcp"), p("tmp"), false},                       // go install
		{p("tmpfiles", "accounting-mcp"), p("tmp"), false},                                     // a folder whose name only starts like it
		{p("opt", "accounting-mcp", "accounting-mcp"), "", false},
	}
	for _, tt := range tests {
		if got := transientBuild(tt.bin, tt.tmp); (got != "") != tt.want {
			t.Errorf("transientBuild(%q, %q) = %q; want transient %v", tt.bin, tt.tmp, got, tt.want)
		}
	}
}

// TestConfigFromATemporaryBuild runs config from the test's binary, which
// lives in the temporary folder: stderr says so and how to install it; the
// configuration itself is still printed. With TMPDIR elsewhere, the same
// binary is not temporary and no note is given.
func TestConfigFromATemporaryBuild(t *testing.T) {
	code, out, errOut := configOf(t, "--demo", "config", "claude-desktop")
	if code != 0 || !strings.Contains(out, `"mcpServers"`) {
		t.Fatalf("config from a temporary build: exit %d, stdout %q", code, out)
	}
	for _, want := range []string{binary(t), "temporary folder", "go install ./cmd/accounting-mcp"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}

	cmd := exec.Command(binary(t), "--demo", "config", "claude-desktop")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "TMPDIR=" + t.TempDir()}
	var errb strings.Builder
	cmd.Stderr = &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("config with TMPDIR elsewhere: %v\n%s", err, errb.String())
	}
	if strings.Contains(errb.String(), "go install") {
		t.Errorf("config of a binary outside the temporary folder suggests installing it:\n%s", errb.String())
	}
}

// TestConfigFlagsAfterTheClient: flags after config's client name work as
// before the command (the Windows lane passes --data-path last).
func TestConfigFlagsAfterTheClient(t *testing.T) {
	data, err := filepath.Abs(filepath.Join("..", "..", "fixtures", "demo"))
	if err != nil {
		t.Fatal(err)
	}
	_, before, errBefore := configOf(t, "--data-path", data, "--privacy", "local", "config", "claude-desktop")
	code, after, errAfter := configOf(t, "config", "claude-desktop", "--data-path", data, "--privacy", "local")
	if code != 0 {
		t.Fatalf("config with flags after the client: exit %d: %s", code, errAfter)
	}
	if !strings.Contains(after, data) || !strings.Contains(after, `"Local"`) {
		t.Errorf("config with flags after the client lacks %s and Local:\n%s", data, after)
	}
	if diff := cmp.Diff(before, after); diff != "" {
		t.Errorf("flags after vs before the command (-before +after):\n%s\n%s", diff, errBefore)
	}
	if code, _, errOut := configOf(t, "config", "claude-desktop", "--", "--demo"); code != 2 || !strings.Contains(errOut, "config needs the client's name") {
		t.Errorf("config claude-desktop -- --demo: exit %d, %s; want the words after -- taken as arguments (exit 2)", code, errOut)
	}
}
