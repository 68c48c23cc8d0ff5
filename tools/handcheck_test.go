package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The hand-check books (fixtures/handcheck, numbers worked out in
// EXPECTED.md) are tested tool by tool beside each tool, in tools/aggregate
// and tools/detail; the cross-tool tests here use them through these
// helpers.

func handcheck(t *testing.T, p tools.Privacy, opts ...func(*tools.Options)) *mcpSession {
	return &mcpSession{t: t, cs: connect(t, fixtures.HandcheckFS(), p, opts...)}
}

// mcpSession wraps a client session for terse calls in tests.
type mcpSession struct {
	t  *testing.T
	cs *mcp.ClientSession
}

func (s *mcpSession) must(tool string, args map[string]any, out any) {
	s.t.Helper()
	mustCall(s.t, s.cs, tool, args, out)
}

// The answer shapes of internal/mcptest, under the names this package's
// tests use.
type txPage = mcptest.TxPage

var texts = mcptest.Texts
