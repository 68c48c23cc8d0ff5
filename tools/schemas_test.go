package tools_test

import (
	"encoding/json"
	"sort"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestSchemasResolve resolves every tool's input and output schemas, which
// the server itself never needs to: a schema that cannot be resolved is a
// programming error.
func TestSchemasResolve(t *testing.T) {
	for _, p := range modes {
		for _, tool := range tools.Catalog(p) {
			in, out := tool.Schemas()
			if _, err := in.Resolve(nil); err != nil {
				t.Errorf("%s %s: input schema: %v", p, tool.Def.Name, err)
			}
			if _, err := out.Resolve(nil); err != nil {
				t.Errorf("%s %s: output schema: %v", p, tool.Def.Name, err)
			}
		}
	}
}

// checkedKeywords are the keywords of an input schema's properties that
// toolkit's argument checks enforce (tools/toolkit/decode.go). A tool whose
// input schema uses another must have the checks learn it first.
var checkedKeywords = map[string]bool{
	"type": true, "description": true, "enum": true, "pattern": true, "minimum": true, "maximum": true,
	"minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "items": true,
}

// TestInputSchemasUseCheckedKeywords keeps every input schema within what
// the argument checks enforce: flat properties, no keyword the checks skip.
func TestInputSchemasUseCheckedKeywords(t *testing.T) {
	for _, p := range modes {
		for _, tool := range tools.Catalog(p) {
			var s map[string]json.RawMessage
			b, _ := json.Marshal(tool.Def.InputSchema)
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatal(err)
			}
			for k := range s {
				switch k {
				case "type", "properties", "required", "additionalProperties":
				default:
					t.Errorf("%s %s: input schema keyword %q is not checked", p, tool.Def.Name, k)
				}
			}
			var props map[string]map[string]json.RawMessage
			json.Unmarshal(s["properties"], &props)
			for name, prop := range props {
				for _, k := range keywords(prop) {
					if !checkedKeywords[k] {
						t.Errorf("%s %s: argument %s: keyword %q is not checked", p, tool.Def.Name, name, k)
					}
				}
				if items, ok := prop["items"]; ok {
					var it map[string]json.RawMessage
					json.Unmarshal(items, &it)
					for _, k := range keywords(it) {
						if !checkedKeywords[k] || k == "items" {
							t.Errorf("%s %s: argument %s: items keyword %q is not checked", p, tool.Def.Name, name, k)
						}
					}
				}
			}
		}
	}
}

func keywords(m map[string]json.RawMessage) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
