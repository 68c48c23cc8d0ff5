package tools_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// The strict rule, after ajv's strictRequired (which ajv's strict: true
// turns on, and which every output schema failed at "#/if"): a subschema
// that lists a property in required defines it in its own properties, and
// no subschema is a bare true or false (the Inspector's --strict lint calls
// that an error). The e2e suite compiles the same schemas with ajv itself
// (e2e/run.mjs); this is the same rule without Node.

// TestSchemasAreStrict checks every tool's input and output schema in every
// mode against the rule.
func TestSchemasAreStrict(t *testing.T) {
	for _, p := range modes {
		for _, tool := range tools.Catalog(p) {
			name := p.String() + "/" + tool.Def.Name
			for what, s := range map[string]any{"inputSchema": tool.Def.InputSchema, "outputSchema": tool.Def.OutputSchema} {
				raw, err := json.Marshal(s)
				if err != nil {
					t.Fatal(err)
				}
				var v any
				if err := json.Unmarshal(raw, &v); err != nil {
					t.Fatal(err)
				}
				for _, problem := range strictProblems(v, what) {
					t.Errorf("%s: %s", name, problem)
				}
			}
		}
	}
}

// TestStrictRuleCatchesLaxSchemas feeds the rule the forms it must reject:
// among them the error envelope as it was, which ajv rejected.
func TestStrictRuleCatchesLaxSchemas(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{`{"type":"object","properties":{"a":{"type":"string"},"error":{"type":"object"}},"if":{"required":["error"]},"then":{"required":["error"]},"else":{"required":["a"]}}`, `s.if: required property "error"`},
		{`{"type":"object","properties":{"a":{"type":"string"}},"else":{"properties":{"b":{"type":"string"}},"required":["a"]}}`, `s.else: required property "a"`},
		{`{"type":"object","required":["a"]}`, `s: required property "a"`},
		{`{"type":"object","properties":{"e":{"type":"object","required":["code"]}}}`, `s.properties.e: required property "code"`},
		{`{"type":"object","properties":{"a":true}}`, `s.properties.a: a bare true`},
		{`{"type":"array","items":{"anyOf":[{"required":["x"]}]}}`, `s.items.anyOf.0: required property "x"`},
	} {
		var v any
		if err := json.Unmarshal([]byte(c.schema), &v); err != nil {
			t.Fatal(err)
		}
		problems := strictProblems(v, "s")
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, c.want) }) {
			t.Errorf("%s: problems %q; want one with %q", c.schema, problems, c.want)
		}
	}
	var ok any
	if err := json.Unmarshal([]byte(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"if":{"properties":{"a":{"type":"string"}},"required":["a"]}}`), &ok); err != nil {
		t.Fatal(err)
	}
	if problems := strictProblems(ok, "s"); len(problems) > 0 {
		t.Errorf("a strict schema has problems %q", problems)
	}
}

// strictProblems lists where the schema s, at path, breaks the strict rule.
func strictProblems(s any, path string) []string {
	if b, isBool := s.(bool); isBool {
		return []string{fmt.Sprintf("%s: a bare %v where a schema object belongs", path, b)}
	}
	m, _ := s.(map[string]any)
	var out []string
	props, _ := m["properties"].(map[string]any)
	if req, ok := m["required"].([]any); ok {
		for _, r := range req {
			if _, defined := props[fmt.Sprint(r)]; !defined {
				out = append(out, fmt.Sprintf("%s: required property %q is not defined in its own properties", path, r))
			}
		}
	}
	for _, k := range sortedKeys(props) {
		out = append(out, strictProblems(props[k], path+".properties."+k)...)
	}
	for _, k := range []string{"items", "additionalProperties", "if", "then", "else", "not"} {
		if sub, ok := m[k]; ok {
			if _, isBool := sub.(bool); isBool && k == "additionalProperties" {
				continue // additionalProperties: false is a keyword's value, not a schema
			}
			out = append(out, strictProblems(sub, path+"."+k)...)
		}
	}
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		subs, _ := m[k].([]any)
		for i, sub := range subs {
			out = append(out, strictProblems(sub, fmt.Sprintf("%s.%s.%d", path, k, i))...)
		}
	}
	return out
}
