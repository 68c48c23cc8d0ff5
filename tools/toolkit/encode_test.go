package toolkit

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestEncodeResultAsTheSDK checks that encodeResult writes every kind of
// result byte for byte as CallToolResult.MarshalJSON does.
func TestEncodeResultAsTheSDK(t *testing.T) {
	answer := json.RawMessage(`{"mandator":"Verein Zürichsee","name":"Freizeit & Ferien <Sommer>","text":"\"quoted\" \\ back\nslash \u2028\u2029 \u00e9","n":[1,2.5,-3e2],"ok":true,"none":null}`)
	results := map[string]*mcp.CallToolResult{
		"answer": {Content: []mcp.Content{&mcp.TextContent{Text: string(answer)}}, StructuredContent: answer},
		"error":  {IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: `{"error":{"code":"x"}}`}}, StructuredContent: json.RawMessage(`{"error":{"code":"x"}}`)},
		"link": {Content: []mcp.Content{&mcp.TextContent{Text: string(answer)}, &mcp.ResourceLink{URI: "accounting://a%20b/2025/chart", Name: "chart & more", MIMEType: "application/json"}},
			StructuredContent: answer},
		"meta": {Meta: mcp.Meta{"io.modelcontextprotocol/serverInfo": &mcp.Implementation{Name: "accounting-mcp", Version: "1 <dev>"}},
			Content: []mcp.Content{&mcp.TextContent{Text: "x"}}, StructuredContent: json.RawMessage(`{}`)},
		"no structured content": {Content: []mcp.Content{&mcp.TextContent{Text: "plain & simple"}}},
		"no content":            {Content: nil, StructuredContent: answer},
		"a map":                 {Content: []mcp.Content{&mcp.TextContent{Text: "m"}}, StructuredContent: map[string]any{"a": "<b>"}},
		"annotated text":        {Content: []mcp.Content{&mcp.TextContent{Text: "a", Annotations: &mcp.Annotations{Priority: 0.5}}}},
		"invalid UTF-8":         {Content: []mcp.Content{&mcp.TextContent{Text: "bad \xff byte"}}},
		"request state":         {Content: []mcp.Content{&mcp.TextContent{Text: "s"}}, RequestState: "opaque"},
	}
	for name, r := range results {
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(&encodedResult{r})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: encoded\n%s\nwant (the SDK's)\n%s", name, got, want)
		}
	}
}

// TestEncodeResultsOnTheWire runs a tool on a server with and without
// EncodeResults, over stdio, in every protocol revision, and compares the
// bytes of the answers: the same, including what the SDK adds in
// 2026-07-28 (the server's _meta, the result type).
func TestEncodeResultsOnTheWire(t *testing.T) {
	tool := echoTool(func(in echoIn) (*echoOut, error) {
		return &echoOut{Amount: in.Amount.Decimal.String(), Rows: []string{"Freizeit & Ferien", `"x" <y>`, "Zürich"}}, nil
	})
	newMeta := `,"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
	initialized := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"amount":"12.50"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo","arguments":{"n":"x"}}}`,
	}
	stateless := []string{ // 2026-07-28: no initialize, the revision in each request's _meta
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"amount":"1"}` + newMeta + `}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"amount":"x"}` + newMeta + `}}`,
	}
	answers := func(encode bool) []string {
		var out []string
		for _, requests := range [][]string{initialized, stateless} {
			s := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
			s.AddTool(tool.Def, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return tool.Handle(ctx, &Env{}, nil, req.Params.Arguments)
			})
			if encode {
				s.AddReceivingMiddleware(EncodeResults)
			}
			out = append(out, exchange(t, s, requests)...)
		}
		return out
	}
	plain, encoded := answers(false), answers(true)
	if len(plain) != 5 || !strings.Contains(plain[3], `"resultType":"complete"`) || !strings.Contains(plain[3], "serverInfo") {
		t.Fatalf("the SDK's answers are not what the test expects:\n%s", strings.Join(plain, "\n"))
	}
	for i := range plain {
		if plain[i] != encoded[i] {
			t.Errorf("answer %d with EncodeResults:\n%s\nwithout:\n%s", i+1, encoded[i], plain[i])
		}
	}
}

// exchange sends requests to s over stdio, one line each, and returns the
// lines it answers.
func exchange(t *testing.T, s *mcp.Server, requests []string) []string {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ss, err := s.Connect(context.Background(), &mcp.IOTransport{Reader: inR, Writer: outW}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	lines := bufio.NewScanner(outR)
	lines.Buffer(nil, 1<<20)
	var out []string
	for _, r := range requests {
		if _, err := io.WriteString(inW, r+"\n"); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r, `"id"`) {
			continue
		}
		if !lines.Scan() {
			t.Fatalf("no answer to %s: %v", r, lines.Err())
		}
		out = append(out, lines.Text())
	}
	return out
}

// BenchmarkResultEncoding encodes a 24 KB answer as the SDK sends it
// (CallToolResult.MarshalJSON, then the two passes of its jsonrpc2 layer),
// without and with EncodeResults, beside Call's own encoding of the answer.
func BenchmarkResultEncoding(b *testing.B) {
	type row struct {
		TransactionID, Date, Text, Value, Currency, OriginAccountName, TargetAccountName string
		OriginAccountNumber, TargetAccountNumber                                         int
	}
	rows := make([]row, 120)
	for i := range rows {
		rows[i] = row{"6f9619ff-8b86-d011-b42d-00c04fc964ff", "2025-03-31", "Einkauf Migros Zürich & Café Brühl", "87.30", "CHF",
			"Bank Zürcher Kantonalbank", "Lebensmittel", 1020, 4000}
	}
	answer := struct {
		Mandator     string `json:"mandator"`
		Transactions []row  `json:"transactions"`
	}{"Claudio Schaad", rows}
	data, err := marshal(answer)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("answer of %d bytes", len(data))
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}, StructuredContent: json.RawMessage(data)}
	// send is what the go-sdk's jsonrpc2 layer does with a result: marshal
	// it to a json.RawMessage, then marshal the message that holds it.
	send := func(result any) {
		raw, err := sdkMarshal(result)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sdkMarshal(struct {
			Version string          `json:"jsonrpc"`
			ID      int             `json:"id"`
			Result  json.RawMessage `json:"result"`
		}{"2.0", 1, raw}); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("call's own encoding", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := marshal(answer); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("sdk", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			send(res)
		}
	})
	b.Run("EncodeResults", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			send(&encodedResult{res})
		}
	})
}

// sdkMarshal is the go-sdk's jsonrpc2 jsonMarshal: encoding/json without
// HTML escaping.
func sdkMarshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
