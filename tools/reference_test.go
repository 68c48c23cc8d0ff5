package tools_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools/internal/reference"
	"github.com/google/go-cmp/cmp"
)

// TestToolsReference keeps docs/tools.md equal to what the registry gives:
// a change to a tool's name, modes, description or schemas must come with
// the regenerated reference (`go generate ./tools`, or -update here).
func TestToolsReference(t *testing.T) {
	path := filepath.Join("..", filepath.FromSlash(reference.Path))
	got := reference.Markdown()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v: run go generate ./tools", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s is stale: run go generate ./tools (-committed +registry):\n%s", reference.Path, diff)
	}
}
