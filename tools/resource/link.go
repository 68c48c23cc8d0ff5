package resource

import (
	"bytes"
	"encoding/json"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Linker returns, for a successful tool result, a link to the resource
// that holds the same answer, or nil when there is none.
type Linker func(tool string, args json.RawMessage, structured any) *mcp.ResourceLink

// Links returns the Linker of the resources served with catalog. A result
// links its resource only when the call asked for nothing but what the URI
// names (mandator and year): then reading the resource gives the same
// numbers, and an agent can attach or re-read it without calling again.
func Links(catalog []toolkit.Tool) Linker {
	byTool := map[string]entry{}
	for _, e := range servedBy(catalog) {
		byTool[e.toolName] = e.entry
	}
	return func(tool string, args json.RawMessage, structured any) *mcp.ResourceLink {
		e, ok := byTool[tool]
		if !ok {
			return nil
		}
		given, ok := givenArgs(args)
		if !ok {
			return nil
		}
		link := &mcp.ResourceLink{Name: e.name, Title: e.title, MIMEType: MIMEType,
			Description: "The same answer as a resource; read it instead of calling again."}
		if e.report == "" {
			if len(given) > 0 {
				return nil
			}
			link.URI = e.uri
			return link
		}
		for _, k := range given {
			if k != "mandator" && k != "year" {
				return nil
			}
		}
		mandator, year := echoed(structured)
		if mandator == "" || year == 0 {
			return nil
		}
		link.URI = URI(mandator, year, e.report)
		return link
	}
}

// echoed returns the mandator and year a result echoes. It reads the
// result's fields only up to those two, which every answer has first, and
// not the rows that follow them.
func echoed(structured any) (mandator string, year int) {
	data, ok := structured.(json.RawMessage)
	if !ok {
		var err error
		if data, err = json.Marshal(structured); err != nil {
			return "", 0
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return "", 0
	}
	for dec.More() && (mandator == "" || year == 0) {
		key, err := dec.Token()
		if err != nil {
			return "", 0
		}
		switch key {
		case "mandator":
			err = dec.Decode(&mandator)
		case "year":
			err = dec.Decode(&year)
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return "", 0
		}
	}
	return mandator, year
}

// givenArgs returns the names of the arguments that are set (not null).
func givenArgs(args json.RawMessage) ([]string, bool) {
	if len(bytes.TrimSpace(args)) == 0 {
		return nil, true
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(args, &m); err != nil {
		return nil, false
	}
	var out []string
	for k, v := range m {
		if string(bytes.TrimSpace(v)) != "null" {
			out = append(out, k)
		}
	}
	return out, true
}
