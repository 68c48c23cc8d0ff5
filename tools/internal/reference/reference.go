// Package reference writes docs/tools.md, the tools reference, from the
// registration table: every tool of every privacy mode with its modes,
// description, arguments and output fields, read from the definitions the
// server sends in tools/list. `go generate ./tools` rewrites the file, and
// TestToolsReference fails when it differs from what the registry gives,
// so the reference cannot go stale.
package reference

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// Path is the reference's path from the module root.
const Path = "docs/tools.md"

var modes = []tools.Privacy{tools.Full, tools.Aggregate, tools.Local}

// A variant is one definition of a tool name and the modes that register
// it: a name has one variant, or two when Aggregate registers a trimmed one.
type variant struct {
	tool  toolkit.Tool
	modes []tools.Privacy
}

// An entry is one tool name with its variants, in registry order.
type entry struct {
	name     string
	variants []*variant
}

// catalog groups the tools of every mode by name, in the order the names
// first appear in Full, then Aggregate, then Local.
func catalog() []*entry {
	var out []*entry
	byName := map[string]*entry{}
	for _, p := range modes {
		for _, t := range tools.Catalog(p) {
			e := byName[t.Def.Name]
			if e == nil {
				e = &entry{name: t.Def.Name}
				byName[t.Def.Name] = e
				out = append(out, e)
			}
			var v *variant
			for _, w := range e.variants {
				if w.tool.Def == t.Def {
					v = w
				}
			}
			if v == nil {
				v = &variant{tool: t}
				e.variants = append(e.variants, v)
			}
			v.modes = append(v.modes, p)
		}
	}
	return out
}

// Markdown returns the reference.
func Markdown() []byte {
	var b bytes.Buffer
	b.WriteString(header)
	cat := catalog()
	b.WriteString("\n## Catalog\n\n")
	for _, p := range modes {
		fmt.Fprintf(&b, "- **%s**: %d tools\n", p, len(tools.Catalog(p)))
	}
	b.WriteString("\n| tool | title | Full | Aggregate | Local |\n|---|---|---|---|---|\n")
	for _, e := range cat {
		cells := make([]string, len(modes))
		for i, p := range modes {
			for _, v := range e.variants {
				if slices.Contains(v.modes, p) {
					cells[i] = "yes"
					if len(e.variants) > 1 && p == tools.Aggregate {
						cells[i] = "trimmed"
					}
				}
			}
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", e.name, e.name, cell(e.variants[0].tool.Def.Title), strings.Join(cells, " | "))
	}
	b.WriteString("\n\"trimmed\": Aggregate registers a tool of the same name that answers with aggregates only; its arguments and fields are listed under the tool.\n")
	for _, e := range cat {
		fmt.Fprintf(&b, "\n## %s\n", e.name)
		for _, v := range e.variants {
			if len(e.variants) > 1 {
				fmt.Fprintf(&b, "\n### In %s\n", modeList(v.modes))
			}
			writeVariant(&b, v)
		}
	}
	return b.Bytes()
}

func writeVariant(b *bytes.Buffer, v *variant) {
	d := v.tool.Def
	fmt.Fprintf(b, "\n**%s** · modes: %s", d.Title, modeList(v.modes))
	if ui, ok := d.Meta["ui"].(map[string]any); ok {
		fmt.Fprintf(b, " · chart: `%v`", ui["resourceUri"])
	}
	fmt.Fprintf(b, "\n\n%s\n", d.Description)
	in := parse(d.InputSchema)
	b.WriteString("\nArguments:\n\n")
	if len(in.order) == 0 {
		b.WriteString("none\n")
	} else {
		b.WriteString("| argument | type | required | default | description |\n|---|---|---|---|---|\n")
		for _, name := range in.order {
			p := in.props[name]
			req := ""
			if slices.Contains(in.Required, name) {
				req = "yes"
			}
			fmt.Fprintf(b, "| `%s` | %s | %s | %s | %s |\n", name, cell(typeOf(p)), req, cell(defaultOf(name, p.Description)), cell(p.Description))
		}
	}
	b.WriteString("\nOutput:\n\n| field | type | description |\n|---|---|---|\n")
	out := parse(d.OutputSchema)
	for _, f := range fields("", out) {
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", f.path, cell(f.typ), cell(f.desc))
	}
}

func modeList(ps []tools.Privacy) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.String()
	}
	return strings.Join(names, ", ")
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", " ")
}

// A schema is the part of a JSON Schema the reference shows.
type schema struct {
	Type        any                          `json:"type"`
	Description string                       `json:"description"`
	Enum        []any                        `json:"enum"`
	Pattern     string                       `json:"pattern"`
	Minimum     *json.Number                 `json:"minimum"`
	Maximum     *json.Number                 `json:"maximum"`
	MinItems    *int                         `json:"minItems"`
	MaxItems    *int                         `json:"maxItems"`
	MinLength   *int                         `json:"minLength"`
	MaxLength   *int                         `json:"maxLength"`
	Items       json.RawMessage              `json:"items"`
	Properties  json.RawMessage              `json:"properties"`
	Additional  json.RawMessage              `json:"additionalProperties"`
	Required    []string                     `json:"required"`
	Else        *struct{ Required []string } `json:"else"`
	order       []string
	props       map[string]*schema
	items       *schema
}

// parse reads a schema from whatever form the definition holds it in (raw
// JSON or a schema value), keeping the order of its properties.
func parse(v any) *schema {
	raw, err := json.Marshal(v)
	if err != nil {
		panic(err) // the definitions are static; every test builds them
	}
	return parseRaw(raw)
}

func parseRaw(raw json.RawMessage) *schema {
	s := &schema{props: map[string]*schema{}}
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "true" {
		return s
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(s); err != nil {
		panic(err)
	}
	if s.Else != nil && len(s.Required) == 0 {
		s.Required = s.Else.Required // an output schema that admits the error envelope
	}
	if len(s.Properties) > 0 {
		var props map[string]json.RawMessage
		if err := json.Unmarshal(s.Properties, &props); err != nil {
			panic(err)
		}
		s.order = keys(s.Properties)
		for _, k := range s.order {
			s.props[k] = parseRaw(props[k])
		}
	}
	if len(s.Items) > 0 {
		s.items = parseRaw(s.Items)
	}
	return s
}

// keys returns the keys of a JSON object in their order.
func keys(raw json.RawMessage) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	var out []string
	if _, err := dec.Token(); err != nil { // {
		panic(err)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			panic(err)
		}
		out = append(out, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			panic(err)
		}
	}
	return out
}

// typeOf describes a schema's type with its constraints: "string, one of
// `a`, `b`", "integer, 1 to 1000", "array of integer, 2 to 10 items".
func typeOf(s *schema) string {
	t := fmt.Sprint(s.Type)
	if list, ok := s.Type.([]any); ok {
		parts := make([]string, len(list))
		for i, x := range list {
			parts[i] = fmt.Sprint(x)
		}
		t = strings.Join(parts, " or ")
	}
	if s.Type == nil {
		t = "any"
	}
	if t == "array" && s.items != nil {
		t = "array of " + typeOf(s.items)
	}
	var c []string
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			vals[i] = fmt.Sprintf("`%v`", e)
		}
		c = append(c, "one of "+strings.Join(vals, ", "))
	}
	c = appendRange(c, num(s.Minimum), num(s.Maximum), "")
	c = appendRange(c, intp(s.MinItems), intp(s.MaxItems), " items")
	c = appendRange(c, intp(s.MinLength), intp(s.MaxLength), " characters")
	switch s.Pattern {
	case "":
	case `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`:
		c = append(c, "YYYY-MM-DD")
	case `^-?[0-9]+(\.[0-9]+)?$`:
		c = append(c, "a decimal (a JSON number is accepted too)")
	default:
		c = append(c, "pattern `"+s.Pattern+"`")
	}
	if len(c) == 0 {
		return t
	}
	return t + ", " + strings.Join(c, ", ")
}

func num(n *json.Number) string {
	if n == nil {
		return ""
	}
	return n.String()
}

func intp(n *int) string {
	if n == nil {
		return ""
	}
	return fmt.Sprint(*n)
}

func appendRange(c []string, lo, hi, unit string) []string {
	switch {
	case lo != "" && hi != "":
		return append(c, lo+" to "+hi+unit)
	case lo != "":
		return append(c, "at least "+lo+unit)
	case hi != "":
		return append(c, "at most "+hi+unit)
	}
	return c
}

// scopeDefaults are the defaults of the arguments every per-year tool
// takes (toolkit.Env.Mandator and Env.Year), which their descriptions
// leave to the server instructions.
var scopeDefaults = map[string]string{
	"year":     "the current year if it has books, else the latest",
	"mandator": "the configured default, else the only one",
}

var (
	defaultParen = regexp.MustCompile(`\(default:? ([^)]+)\)`)
	defaultLead  = regexp.MustCompile(`^default: (.+)$`)
	defaultEnum  = regexp.MustCompile(`(\w+) \((?:[^)]*, )?default\)`)
)

// defaultOf is an argument's default as its description states it.
func defaultOf(name, desc string) string {
	if m := defaultParen.FindStringSubmatch(desc); m != nil {
		return m[1]
	}
	if m := defaultLead.FindStringSubmatch(desc); m != nil {
		return m[1]
	}
	if m := defaultEnum.FindStringSubmatch(desc); m != nil {
		return "`" + m[1] + "`"
	}
	return scopeDefaults[name]
}

// A field is one output property, by its path from the result.
type field struct{ path, typ, desc string }

// fields lists the properties of s and, below them, those of nested
// objects and of the objects in arrays ("accounts[].name"). The error
// envelope's property is left out: docs/errors.md describes it.
func fields(prefix string, s *schema) []field {
	var out []field
	for _, name := range s.order {
		if prefix == "" && name == "error" {
			continue
		}
		p := s.props[name]
		path := prefix + name
		typ := typeOf(p)
		if !slices.Contains(s.Required, name) {
			typ += ", optional"
		}
		out = append(out, field{path, typ, p.Description})
		switch {
		case len(p.order) > 0:
			out = append(out, fields(path+".", p)...)
		case p.items != nil && len(p.items.order) > 0:
			out = append(out, fields(path+"[].", p.items)...)
		}
	}
	return out
}

const header = `# Tools reference

<!-- Generated from tools/registry.go by ` + "`go generate ./tools`" + ` (tools/internal/reference); do not edit by hand. TestToolsReference fails when this file is stale. -->

Every tool of every privacy mode, as ` + "`tools/list`" + ` describes it. What the
numbers mean is in [numbers.md](numbers.md), what Aggregate withholds in
[privacy.md](privacy.md), the error envelope in [errors.md](errors.md).

## Conventions

- Every tool is annotated ` + "`readOnlyHint: true`, `idempotentHint: true`, `openWorldHint: false`" + `,
  has a title, a snake_case name and a description of at most 280
  characters that says when to use it.
- Arguments are strict: the input schema is an object with
  ` + "`additionalProperties: false`" + `, so an unknown or misspelt argument is an
  ` + "`invalid_argument`" + ` error naming it.
- ` + "`year`" + ` defaults to the current calendar year if the mandator has books for
  it, else its latest year; ` + "`mandator`" + ` to the configured default mandator,
  else the only one (with several, the error ` + "`mandator_required`" + ` lists them).
  Every answer echoes the ` + "`mandator`" + ` and ` + "`year`" + ` it used.
- An argument left out takes its default; one given as ` + "`null`" + ` is an
  ` + "`invalid_argument`" + `, in every tool (no schema declares ` + "`null`" + `).
- Money out is a decimal string with two decimals; a field ending in
  ` + "`Chf`" + ` is CHF. Money in (` + "`minAmount`, `maxAmount`" + `) is a decimal string or a
  JSON number. Dates are ` + "`YYYY-MM-DD`" + `. Identifiers are qualified
  (` + "`accountId`, `transactionId`" + `).
- Every tool returns ` + "`structuredContent`" + ` matching its output schema, and the
  same JSON as text. Lists are capped (` + "`total`, `truncated`, `nextOffset`" + `), and no
  answer exceeds 64 KiB of JSON. An optional list is left out or ` + "`[]`" + `,
  never ` + "`null`" + `.
- A successful answer that read books carries ` + "`dataAsOf`" + `, the latest
  modification time of the files that answered.
- A failed call is a result with ` + "`isError: true`" + ` and the error envelope; every
  output schema admits it (not listed below).
`
