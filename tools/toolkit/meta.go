package toolkit

import (
	"maps"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// WithMeta returns a copy of t whose definition carries meta in its _meta
// field, merged over any _meta it had; t itself is not changed. The
// registry uses it to link a tool to the MCP Apps view that draws its
// answer (tools/views).
func (t Tool) WithMeta(meta mcp.Meta) Tool {
	def := *t.Def
	def.Meta = maps.Clone(t.Def.Meta)
	if def.Meta == nil {
		def.Meta = mcp.Meta{}
	}
	maps.Copy(def.Meta, meta)
	t.Def = &def
	return t
}
