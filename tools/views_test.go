package tools_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// drawn are the tools whose answers the MCP Apps view draws (issue 11).
var drawn = []string{"compare_years", "get_expenses_by_category", "get_net_worth_history", "get_spending_over_time"}

// TestViewsAdvertised checks what an MCP Apps host sees in every mode: the
// extension in the capabilities, the view named by exactly the four tools it
// draws, and the view itself, readable, self-contained and declaring no
// external domain.
func TestViewsAdvertised(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, emptyFS, p)
		ext, ok := cs.InitializeResult().Capabilities.Extensions[views.Extension].(map[string]any)
		if !ok || !slices.Equal(anyStrings(ext["mimeTypes"]), []string{views.MIMEType}) {
			t.Errorf("%s: capabilities.extensions[%q] = %v; want mimeTypes [%s]", p, views.Extension, ext, views.MIMEType)
		}
		res, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var named []string
		for _, tool := range res.Tools {
			ui, _ := tool.Meta["ui"].(map[string]any)
			if ui == nil {
				continue
			}
			named = append(named, tool.Name)
			if ui["resourceUri"] != views.URI || tool.Meta["ui/resourceUri"] != views.URI {
				t.Errorf("%s: %s _meta = %v; want ui.resourceUri and ui/resourceUri %s", p, tool.Name, tool.Meta, views.URI)
			}
		}
		slices.Sort(named)
		want := drawn
		if p != tools.Aggregate { // forecast_year_end is not registered in Aggregate
			want = append([]string{"forecast_year_end"}, drawn...)
			slices.Sort(want)
		}
		if diff := cmp.Diff(want, named); diff != "" {
			t.Errorf("%s: tools naming the view (-want +got):\n%s", p, diff)
		}
		read, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: views.URI})
		if err != nil {
			t.Fatalf("%s: reading %s: %v", p, views.URI, err)
		}
		c := read.Contents[0]
		if c.URI != views.URI || c.MIMEType != views.MIMEType || c.Text != views.HTML() {
			t.Errorf("%s: %s read as %s, %s, %d characters; want the embedded app as %s", p, views.URI, c.URI, c.MIMEType, len(c.Text), views.MIMEType)
		}
		ui, _ := c.Meta["ui"].(map[string]any)
		csp, _ := ui["csp"].(map[string]any)
		if csp == nil || len(anyStrings(csp["connectDomains"])) != 0 || len(anyStrings(csp["resourceDomains"])) != 0 {
			t.Errorf("%s: %s _meta.ui = %v; want a csp with no connect or resource domains", p, views.URI, ui)
		}
	}
}

// TestViewUnknownURI asks for a view that does not exist.
func TestViewUnknownURI(t *testing.T) {
	cs := connect(t, emptyFS, tools.Aggregate)
	_, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "ui://accounting-mcp/transactions.html"})
	if err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("reading an unknown ui:// URI: error %v; want not found", err)
	}
}

// viewBudget is the most bytes the view may take: 526,053 when set (the MCP
// Apps SDK with the parts of its client and zod that the App uses 242 KB,
// Observable Plot with d3 266 KB, the view's own code 15 KB), plus about 5%,
// so that growth is a decision, not an accident.
const viewBudget = 552_000

// TestViewSelfContained checks the embedded HTML as a browser would load
// it: one inline script and style, nothing fetched, a CSP that allows no
// other origin and no eval, and within its size budget. The browser test
// (tools/views/web) checks the same in Chromium, with the real answers.
func TestViewSelfContained(t *testing.T) {
	html := views.HTML()
	if n := len(html); n > viewBudget {
		t.Errorf("the view is %d bytes, over its budget of %d", n, viewBudget)
	}
	for _, re := range []string{`<script[^>]*\ssrc=`, `<link[\s>]`, `<img[\s>]`, `<iframe[\s>]`, `@import`} {
		if loc := regexp.MustCompile(`(?i)` + re).FindStringIndex(html); loc != nil {
			t.Errorf("the view loads something (%s): %q", re, html[loc[0]:min(len(html), loc[1]+60)])
		}
	}
	csp := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="([^"]*)">`).FindStringSubmatch(html)
	if csp == nil {
		t.Fatal("the view declares no Content-Security-Policy")
	}
	want := "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; base-uri 'none'; form-action 'none'"
	if csp[1] != want {
		t.Errorf("the view's CSP is %q; want %q", csp[1], want)
	}
}

func anyStrings(v any) []string {
	var out []string
	switch v := v.(type) {
	case []string:
		return v
	case []any:
		for _, s := range v {
			str, _ := s.(string)
			out = append(out, str)
		}
	}
	return out
}
