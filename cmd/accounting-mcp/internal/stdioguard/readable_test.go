package stdioguard

import (
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// readableLines are requests as clients send them, and near misses.
var readableLines = []struct {
	line string
	want bool
}{
	{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_years","arguments":{"mandator":"Müller Atelier"}}}`, true},
	{` { "jsonrpc" : "2.0" , "method" : "notifications/initialized" } `, true},
	{`{"method":"ping","id":"a\"b","jsonrpc":"2.0","params":{"x":[1,{"y":"}]"}],"z":null}}`, true},
	{`{"jsonrpc":"2.0","id":-123456789012345,"method":"ping"}`, true},
	{`{"jsonrpc":"2.0","id":null,"method":"ping","extra":true}`, true},
	{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, false}, // the full check notes its revision
	{`{"jsonrpc":"2.0","id":1,"result":{}}`, false},                       // a response
	{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`, false},                 // not a whole number
	{`{"jsonrpc":"2.0","id":1234567890123456,"method":"ping"}`, false},    // 16 digits
	{`{"jsonrpc":"2.0","id":01,"method":"ping"}`, false},                  // not JSON
	{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, false},                // not an id
	{`{"jsonrpc":"1.0","id":1,"method":"ping"}`, false},                   // another version
	{`{"jsonrpc":"2.0","id":1,"method":7}`, false},                        // no string
	{`{"jsonrpc":"2.0","id":1,"method":"ping","method":"x"}`, false},      // twice
	{`{"jsonrpc":"2.0","id":1,"Method":"ping"}`, false},                   // another key
	{`{"jsonrpc":"2.0","id":1,"m\u0065thod":"ping"}`, false},              // an escaped key
	{"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"p\xffing\"}", false},     // not UTF-8
	{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, false},                 // a batch
	{`"jsonrpc"`, false},
}

func TestReadable(t *testing.T) {
	for _, c := range readableLines {
		if got := json.Valid([]byte(c.line)) && readable([]byte(c.line)); got != c.want {
			t.Errorf("readable(%s) = %v; want %v", c.line, got, c.want)
		}
	}
}

// FuzzReadable checks that every line readable passes, the SDK's
// DecodeMessage reads as a request.
func FuzzReadable(f *testing.F) {
	for _, c := range readableLines {
		f.Add([]byte(c.line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if !json.Valid(line) || !readable(line) {
			return
		}
		msg, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			t.Fatalf("readable(%q), but DecodeMessage: %v", line, err)
		}
		if _, ok := msg.(*jsonrpc.Request); !ok {
			t.Fatalf("readable(%q), but DecodeMessage gives a %T", line, msg)
		}
	})
}
