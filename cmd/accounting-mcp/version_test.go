package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestVersionOf(t *testing.T) {
	module := func(v string) *debug.BuildInfo { return &debug.BuildInfo{Main: debug.Module{Version: v}} }
	for _, c := range []struct {
		stamped string
		bi      *debug.BuildInfo
		want    string
	}{
		{"1.2.3", module("v0.0.0-20261130120000-0123456789ab"), "1.2.3"},
		{"0.3.0-snapshot+1a2b3c4.dirty", nil, "0.3.0-snapshot+1a2b3c4.dirty"},
		{"", module("v1.2.3"), "v1.2.3"}, // go install …@v1.2.3
		{"", module("v0.0.0-20261130120000-0123456789ab+dirty"), "v0.0.0-20261130120000-0123456789ab+dirty"},
		{"", module("(devel)"), "devel"}, // go run, or no version control information
		{"", module(""), "devel"},
		{"", nil, "devel"},
	} {
		if got := versionOf(c.stamped, c.bi); got != c.want {
			t.Errorf("versionOf(%q, %v) = %q; want %q", c.stamped, c.bi, got, c.want)
		}
	}
}

// TestStampedVersionIsReported builds the binary the way the release does,
// with the version in -ldflags, and reads it back from --version and from
// the serverInfo an MCP client receives.
func TestStampedVersionIsReported(t *testing.T) {
	const want = "9.8.7-test+abc1234.dirty"
	bin := filepath.Join(t.TempDir(), "accounting-mcp")
	if out, err := exec.Command("go", "build", "-ldflags", "-X main.version="+want, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	wantLine := "accounting-mcp " + want + " (" + runtime.GOOS + "/" + runtime.GOARCH + ", " + runtime.Version() + ")\n"
	if err != nil || string(out) != wantLine {
		t.Errorf("--version = %q, %v; want %q", out, err, wantLine)
	}
	cmd := exec.Command(bin, "--demo")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "version-test", Version: "1"}, nil).
		Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("%v; stderr %s", err, stderr.String())
	}
	defer cs.Close()
	if got := cs.InitializeResult().ServerInfo.Version; got != want {
		t.Errorf("serverInfo.version = %q; want %q", got, want)
	}
}

// TestVersionNeedsNoConfiguration: --version works without a data path.
func TestVersionNeedsNoConfiguration(t *testing.T) {
	code, out, errOut := runCLI(t, []string{}, "--version")
	if code != 0 || !bytes.HasPrefix([]byte(out), []byte("accounting-mcp ")) || errOut != "" {
		t.Errorf("--version: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
