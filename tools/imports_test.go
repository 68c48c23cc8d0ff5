package tools_test

import (
	"go/build"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/accounting-mcp/accounting-mcp"

// moduleImports returns, for each package of the module, its direct imports
// (non-test files), read with go/build from the source tree.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(file))
	out := map[string][]string{}
	var visit func(pkg string)
	visit = func(pkg string) {
		if _, done := out[pkg]; done {
			return
		}
		dir := filepath.Join(root, strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/"))
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatalf("reading %s: %v", pkg, err)
		}
		out[pkg] = p.Imports
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				visit(imp)
			}
		}
	}
	visit(module + "/cmd/accounting-mcp")
	visit(module + "/tools")
	return out
}

// deps returns every package pkg depends on, transitively.
func deps(graph map[string][]string, pkg string) map[string]bool {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, imp := range graph[p] {
			if !seen[imp] {
				seen[imp] = true
				walk(imp)
			}
		}
	}
	walk(pkg)
	return seen
}

// TestImportGraph guards the layering cmd → tools → analysis → reader, the
// separation of sensitive records from aggregate tools, the separation of
// the aggregate and detail tools from each other, and which packages
// may use the MCP SDK and koanf.
func TestImportGraph(t *testing.T) {
	g := moduleImports(t)
	own := func(pkg string) []string {
		var out []string
		for _, imp := range g[pkg] {
			if strings.HasPrefix(imp, module) {
				out = append(out, strings.TrimPrefix(imp, module+"/"))
			}
		}
		sort.Strings(out)
		return out
	}
	allowed := map[string][]string{
		"reader":          {},
		"analysis":        {"reader"},
		"analysis/export": {"analysis", "reader"},
		"dto":             {},
		"dto/sensitive":   {},
	}
	for pkg, want := range allowed {
		for _, imp := range own(module + "/" + pkg) {
			ok := false
			for _, w := range want {
				ok = ok || imp == w
			}
			if !ok {
				t.Errorf("%s imports %s; it may import only %v of this module", pkg, imp, want)
			}
		}
	}
	if deps(g, module+"/tools/aggregate")[module+"/dto/sensitive"] {
		t.Errorf("tools/aggregate depends on dto/sensitive: aggregate tools must not be able to build sensitive records")
	}
	// The two variants of a tool share tools/report, not each other: a
	// change to one mode's tool cannot reach the other mode's answers.
	for _, pair := range [][2]string{{"tools/detail", "tools/aggregate"}, {"tools/aggregate", "tools/detail"},
		{"tools/report", "tools/aggregate"}, {"tools/report", "tools/detail"}} {
		if g[module+"/"+pair[0]] == nil {
			t.Fatalf("%s is not in the import graph; has it moved?", pair[0])
		}
		if deps(g, module+"/"+pair[0])[module+"/"+pair[1]] {
			t.Errorf("%s depends on %s; what both variants share belongs in tools/report", pair[0], pair[1])
		}
	}
	for pkg, imps := range g {
		rel := strings.TrimPrefix(pkg, module+"/")
		for _, imp := range imps {
			switch {
			case strings.HasPrefix(imp, "github.com/modelcontextprotocol/go-sdk") &&
				!strings.HasPrefix(rel, "cmd/") && rel != "tools" && !strings.HasPrefix(rel, "tools/"):
				t.Errorf("%s imports the MCP SDK; only cmd and tools may", rel)
			case strings.HasPrefix(imp, "github.com/knadh/koanf") && !strings.HasPrefix(rel, "cmd/"):
				t.Errorf("%s imports koanf; only cmd may", rel)
			case strings.HasPrefix(imp, module+"/cmd") && !strings.HasPrefix(rel, "cmd/"):
				t.Errorf("%s imports %s; nothing depends on cmd", rel, imp)
			}
		}
	}
}
