package toolkit

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestWithMetaCopies checks that WithMeta leaves the tool it copies alone:
// the registry's tools are shared by every server.
func TestWithMetaCopies(t *testing.T) {
	orig := Tool{Def: &mcp.Tool{Name: "x", Meta: mcp.Meta{"keep": 1}}}
	got := orig.WithMeta(mcp.Meta{"ui": "v"})
	if got.Def == orig.Def || len(orig.Def.Meta) != 1 || orig.Def.Meta["ui"] != nil {
		t.Errorf("WithMeta changed the original: %v", orig.Def.Meta)
	}
	if got.Def.Meta["keep"] != 1 || got.Def.Meta["ui"] != "v" || got.Def.Name != "x" {
		t.Errorf("WithMeta(ui) = %v; want keep and ui", got.Def.Meta)
	}
}
