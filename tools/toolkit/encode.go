package toolkit

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A tool result is encoded as JSON once, by Call, and the go-sdk (v1.8.0)
// encodes it again three times over: CallToolResult.MarshalJSON escapes the
// text content (the same JSON, as a string) with encoding/json, which then
// compacts that string and the structured content while embedding them,
// and the jsonrpc2 layer compacts the whole result twice more, once when it
// turns it into a json.RawMessage and once in the message. For a 24 KB
// get_transactions page that was 1.3 ms against 62 µs for Call's own
// encoding (see scripts/floorbench/UPSTREAM.md). The last two passes are
// the SDK's own; EncodeResults saves the first three, producing exactly the
// bytes CallToolResult.MarshalJSON would.

// EncodeResults is receiving middleware for an MCP server: the result of a
// tools/call is marshaled by encodeResult, byte for byte as the SDK would
// marshal it, but with one pass over the text and one over the structured
// content. The result is encoded when the SDK marshals it, after the SDK
// has added what it adds to every result (_meta, resultType).
func EncodeResults(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if r, ok := res.(*mcp.CallToolResult); ok && err == nil && r != nil {
			return &encodedResult{r}, nil
		}
		return res, err
	}
}

// An encodedResult is a tool result marshaled by encodeResult. It is the
// SDK's result to every other code: an mcp.Result whose meta the SDK may
// still set.
type encodedResult struct{ *mcp.CallToolResult }

// MarshalJSON returns the JSON of the result as CallToolResult.MarshalJSON
// would.
func (r *encodedResult) MarshalJSON() ([]byte, error) { return encodeResult(r.CallToolResult) }

// encodeResult marshals res exactly as CallToolResult.MarshalJSON does. It
// lets the SDK marshal the result without its content and structured
// content, which costs little (the fields it keeps for itself, such as
// _meta and the result type, are small), and puts those two in: the text
// contents escaped as JSON strings once, the structured content (a
// json.RawMessage, already compact) HTML-escaped as encoding/json does when
// it embeds one. Should the SDK's encoding of the rest not have the form
// expected, it marshals the whole result the SDK's way.
func encodeResult(res *mcp.CallToolResult) ([]byte, error) {
	structured, ok := res.StructuredContent.(json.RawMessage)
	if !ok && res.StructuredContent != nil || res.Content == nil {
		return json.Marshal(res)
	}
	rest := *res // keeps the fields only the SDK can see, such as the result type
	rest.Content, rest.StructuredContent = []mcp.Content{}, nil
	head, err := json.Marshal(&rest)
	if err != nil {
		return nil, err
	}
	prefix := []byte(`{"content":[]`)
	if len(res.Meta) > 0 {
		meta, err := json.Marshal(res.Meta)
		if err != nil {
			return nil, err
		}
		prefix = append(append([]byte(`{"_meta":`), meta...), `,"content":[]`...)
	}
	if !bytes.HasPrefix(head, prefix) {
		return json.Marshal(res)
	}
	tail := head[len(prefix):]                   // what follows the content: "}" or ,"isError":true…
	size := len(head) + 64 + len(structured)*5/4 // escaping makes JSON longer, as a string far more
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			size += len(t.Text) * 3 / 2
		}
	}
	out := bytes.NewBuffer(make([]byte, 0, size))
	out.Write(prefix[:len(prefix)-1]) // without the closing ]
	for i, c := range res.Content {
		if i > 0 {
			out.WriteByte(',')
		}
		if err := writeContent(out, c); err != nil {
			return nil, err
		}
	}
	out.WriteByte(']')
	if structured != nil {
		out.WriteString(`,"structuredContent":`)
		json.HTMLEscape(out, structured)
	}
	out.Write(tail)
	return out.Bytes(), nil
}

// writeContent writes the JSON of c as TextContent.MarshalJSON and the
// other contents' MarshalJSON write it.
func writeContent(out *bytes.Buffer, c mcp.Content) error {
	if t, ok := c.(*mcp.TextContent); ok && t.Meta == nil && t.Annotations == nil {
		out.WriteString(`{"type":"text","text":`)
		enc := json.NewEncoder(out) // escapes as json.Marshal does, into out
		if err := enc.Encode(t.Text); err != nil {
			return err
		}
		out.Truncate(out.Len() - 1) // the newline Encode ends with
		out.WriteByte('}')
		return nil
	}
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	out.Write(data)
	return nil
}
