package views

import (
	"context"
	_ "embed"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The names the MCP Apps extension fixes, and the one view of this server.
const (
	Extension = "io.modelcontextprotocol/ui"
	MIMEType  = "text/html;profile=mcp-app"
	URI       = "ui://accounting-mcp/charts.html"
)

// html is the built app (web/build.mjs writes it; CI rebuilds it from the
// lockfile and fails if it differs from the committed file).
//
//go:embed charts.html
var html string

// HTML returns the app as served.
func HTML() string { return html }

// ToolMeta returns the _meta of a tool whose answer the app draws. Beside
// ui.resourceUri it sets the flat "ui/resourceUri" key that hosts written
// before the 2026-01-26 revision read, as the official SDK's registerAppTool
// does.
func ToolMeta() mcp.Meta {
	return mcp.Meta{"ui": map[string]any{"resourceUri": URI}, "ui/resourceUri": URI}
}

// resourceMeta declares that the app loads nothing from anywhere: no
// connections and no external scripts, styles, fonts or images, so a host
// builds its most restrictive Content-Security-Policy for it.
func resourceMeta() mcp.Meta {
	return mcp.Meta{"ui": map[string]any{
		"csp":           map[string]any{"connectDomains": []string{}, "resourceDomains": []string{}},
		"prefersBorder": true,
	}}
}

// Advertise adds the extension to caps, with the MIME type of its views.
func Advertise(caps *mcp.ServerCapabilities) {
	caps.AddExtension(Extension, map[string]any{"mimeTypes": []string{MIMEType}})
}

// Register adds the app's ui:// resource to s when a tool of catalog names
// it, so that the resource exists in exactly the privacy modes that register
// a tool it draws.
func Register(s *mcp.Server, catalog []toolkit.Tool) {
	if !drawsAny(catalog) {
		return
	}
	s.AddResource(&mcp.Resource{
		URI:         URI,
		Name:        "charts",
		Title:       "Charts of spending, net worth, categories and years",
		Description: "MCP Apps view that draws the answers of the tools that name it, with a table of the same numbers.",
		MIMEType:    MIMEType,
		Meta:        resourceMeta(),
	}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{
			URI: URI, MIMEType: MIMEType, Text: html, Meta: resourceMeta(),
		}}}, nil
	})
}

// drawsAny reports whether a tool of catalog names the app.
func drawsAny(catalog []toolkit.Tool) bool {
	for _, t := range catalog {
		if ui, ok := t.Def.Meta["ui"].(map[string]any); ok && ui["resourceUri"] == URI {
			return true
		}
	}
	return false
}
