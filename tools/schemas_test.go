package tools_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestGeneratedSchemas keeps the schemas generated at build time (see
// toolkit.SchemaFiles) equal to what inference from the tools' Go types
// gives now, byte for byte, so that what tools/list sends is what the types
// say; `go test ./tools -run GeneratedSchemas -update` rewrites them. It
// also resolves every schema, as the first call of each tool does, and
// fails on files that no tool uses.
func TestGeneratedSchemas(t *testing.T) {
	used := map[string]bool{}
	folders := map[string]bool{}
	for _, p := range modes {
		for _, tool := range tools.Catalog(p) {
			name := tool.Def.Name
			in, out, files := tool.SchemaJSON()
			if files.Package == "" {
				t.Errorf("%s: built without schema files; build it with toolkit.NewGenerated", name)
				continue
			}
			inPath, outPath := files.Paths(name)
			if used[inPath] {
				continue
			}
			used[inPath], used[outPath] = true, true
			folders[filepath.Dir(inPath)] = true
			wantIn, wantOut := tool.InferredSchemaJSON()
			if *update {
				writeSchema(t, inPath, wantIn)
				writeSchema(t, outPath, wantOut)
				continue
			}
			if files.FS == nil {
				t.Errorf("%s: no generated schemas in %s; run go test ./tools -run GeneratedSchemas -update", name, filepath.Dir(inPath))
				continue
			}
			if !bytes.Equal(in, wantIn) || !bytes.Equal(out, wantOut) {
				t.Errorf("%s: the generated schemas in %s differ from the inferred ones; run go test ./tools -run GeneratedSchemas -update (-generated +inferred):\n%s%s",
					name, filepath.Dir(inPath), cmp.Diff(string(in), string(wantIn)), cmp.Diff(string(out), string(wantOut)))
			}
			tool.Schemas() // resolves them, panicking if they do not
		}
	}
	for dir := range folders {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			p := filepath.ToSlash(filepath.Join(dir, e.Name()))
			if used[p] {
				continue
			}
			if *update && strings.HasSuffix(p, ".json") {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
				continue
			}
			t.Errorf("%s is the schema of no tool; remove it (go test ./tools -run GeneratedSchemas -update does)", p)
		}
	}
	if len(folders) == 0 || !slices.Contains(keys(folders), "detail/schemas") {
		t.Errorf("schema folders %v; want detail/schemas among them", keys(folders))
	}
}

func writeSchema(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(slices.Clip(data), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
