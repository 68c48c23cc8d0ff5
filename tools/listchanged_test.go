package tools_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestNoListClaimsToChange checks what the server advertises about its
// lists, through the SDK's client: tools, prompts and resources are served,
// and none of the three claims listChanged, because none of them changes
// while the server runs (tools/server.go says why).
func TestNoListClaimsToChange(t *testing.T) {
	for _, p := range modes {
		caps := connect(t, emptyFS, p).InitializeResult().Capabilities
		if caps.Tools == nil || caps.Prompts == nil || caps.Resources == nil {
			t.Fatalf("%s capabilities %+v; want tools, prompts and resources", p, caps)
		}
		if caps.Tools.ListChanged || caps.Prompts.ListChanged || caps.Resources.ListChanged || caps.Resources.Subscribe {
			t.Errorf("%s advertises tools.listChanged=%v prompts.listChanged=%v resources.listChanged=%v resources.subscribe=%v; want all false",
				p, caps.Tools.ListChanged, caps.Prompts.ListChanged, caps.Resources.ListChanged, caps.Resources.Subscribe)
		}
	}
}

// TestNewBooksNeedNoListChange creates a mandator and a year while a client
// is connected, as the desktop app does, and checks the decision behind
// TestNoListClaimsToChange: resources/list and resources/templates/list stay
// the same, while what changed (the mandators resource, completions, the
// tools' answers) is there on the client's next request without a
// notification.
func TestNewBooksNeedNoListChange(t *testing.T) {
	root := t.TempDir()
	mkBooks := func(book string) {
		t.Helper()
		dir := filepath.Join(root, book, "Data")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "Accounts.xml"), []byte("\ufeff<ArrayOfAccount />"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mkBooks("2025/Anna Keller")
	cs := connect(t, os.DirFS(root), tools.Full)
	ctx := context.Background()
	lists := func() (resources, templates []string) {
		t.Helper()
		rs, err := cs.ListResources(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs.Resources {
			resources = append(resources, r.URI)
		}
		ts, err := cs.ListResourceTemplates(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, tm := range ts.ResourceTemplates {
			templates = append(templates, tm.URITemplate)
		}
		return resources, templates
	}
	completed := func(arg string, chosen map[string]string) []string {
		t.Helper()
		res, err := complete(t, cs, chartRef, arg, "", chosen)
		if err != nil {
			t.Fatal(err)
		}
		return res.Completion.Values
	}
	var before struct{ Mandators []string }
	decode(t, readResource(t, cs, "accounting://mandators"), &before)
	if diff := cmp.Diff([]string{"Anna Keller"}, before.Mandators); diff != "" {
		t.Fatalf("mandators before (-want +got):\n%s", diff)
	}
	resources, templates := lists()

	mkBooks("2026/Anna Keller")  // a new year
	mkBooks("2026/Bruno Frei")   // a new mandator
	mkBooks("2026/Anna Keller2") // a name that only starts like another

	var after struct{ Mandators []string }
	decode(t, readResource(t, cs, "accounting://mandators"), &after)
	if diff := cmp.Diff([]string{"Anna Keller", "Anna Keller2", "Bruno Frei"}, after.Mandators); diff != "" {
		t.Errorf("mandators resource after the app created books (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"Anna Keller", "Anna Keller2", "Bruno Frei"}, completed("mandator", nil)); diff != "" {
		t.Errorf("mandator completions after the app created books (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"2026", "2025"}, completed("year", map[string]string{"mandator": "Anna Keller"})); diff != "" {
		t.Errorf("year completions after the app created a year (-want +got):\n%s", diff)
	}
	var years struct{ Years []int }
	if r := call(t, cs, "list_years", map[string]any{"mandator": "Anna Keller"}, &years); r.IsError {
		t.Fatalf("list_years: %s", r.Raw)
	}
	if diff := cmp.Diff([]int{2025, 2026}, years.Years); diff != "" {
		t.Errorf("list_years after the app created a year (-want +got):\n%s", diff)
	}
	resourcesAfter, templatesAfter := lists()
	if diff := cmp.Diff(resources, resourcesAfter); diff != "" {
		t.Errorf("resources/list changed though listChanged is not advertised (-before +after):\n%s", diff)
	}
	if diff := cmp.Diff(templates, templatesAfter); diff != "" {
		t.Errorf("resources/templates/list changed though listChanged is not advertised (-before +after):\n%s", diff)
	}
}
