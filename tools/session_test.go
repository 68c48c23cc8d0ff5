package tools_test

import (
	"encoding/json"
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// today is the clock of every test server (mcptest.Today).
var today = mcptest.Today

// connect starts a server over fsys in privacy mode p and returns a client
// session to it over in-memory transports.
func connect(t testing.TB, fsys fs.FS, p tools.Privacy, opts ...func(*tools.Options)) *mcp.ClientSession {
	t.Helper()
	return mcptest.Connect(t, fsys, p, opts...)
}

// emptyFS is a data root without books.
var emptyFS = fstest.MapFS{}

// result is a decoded tool result.
type result = mcptest.Result

// call calls a tool and decodes its structured content into out (when the
// call succeeded and out is not nil).
func call(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) result {
	t.Helper()
	return mcptest.Call(t, cs, name, args, out)
}

// mustCall calls a tool that must succeed.
func mustCall(t testing.TB, cs *mcp.ClientSession, name string, args any, out any) json.RawMessage {
	t.Helper()
	return mcptest.MustCall(t, cs, name, args, out)
}

func toolParams(name string, args any) *mcp.CallToolParams {
	return &mcp.CallToolParams{Name: name, Arguments: args}
}

func sameJSON(a, b string) bool { return mcptest.SameJSON(a, b) }
