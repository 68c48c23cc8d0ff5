package tools_test

import "testing"

// TestSurfaceCannotBuildRecords guards the design of resources, prompts and
// completions: they serve what the mode's registered tools answer, so they
// must not be able to build or reach a record, or a tool, on their own.
func TestSurfaceCannotBuildRecords(t *testing.T) {
	g := moduleImports(t)
	for _, pkg := range []string{"tools/resource", "tools/prompt", "tools/complete"} {
		d := deps(g, module+"/"+pkg)
		for _, banned := range []string{"dto", "dto/sensitive", "tools/detail", "tools/aggregate"} {
			if d[module+"/"+banned] {
				t.Errorf("%s depends on %s; it must reach data only through the catalog's tools", pkg, banned)
			}
		}
	}
}
