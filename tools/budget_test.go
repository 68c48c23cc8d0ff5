package tools_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// catalogCeiling is the most bytes the compact JSON of tools/list may take
// in each mode: the size measured when the ceiling was set (Full and Local
// 35,909, Aggregate 16,340 bytes, with 15 and 9 tools, each output schema
// also describing the error envelope), plus about 10%, plus the 464 bytes
// by which the _meta of the four tools that name the MCP Apps view grew
// every mode (issue 11). The three tools of issue 13 and Aggregate's
// withheld fields (issue 9) fit under it: Full and Local 39,665 and
// Aggregate 17,352 bytes with 18 and 10 tools, after the error envelope
// shrank to its required fields and year and mandator to two words each.
// The two tools of issue 20 earn their bytes: get_mandators_overview
// replaces five calls per mandator for a fiduciary's office,
// forecast_year_end answers what no other tool can. Making every output
// schema valid under strict validation (ajv strictRequired: the branches of
// the error envelope's if/else define each field they require, by its type)
// grew every catalog by what that costs; the error object no longer lists
// its fields, which the instructions describe.
// Every client sends the whole catalog to its model on every turn, so these
// bytes are paid again and again. docs/features.md states the measured sizes.
var catalogCeiling = map[tools.Privacy]int{
	tools.Full:      50_300,
	tools.Aggregate: 19_300,
	tools.Local:     50_300,
}

// catalogSize returns the length of {"tools":[…]} as compact JSON.
func catalogSize(t *testing.T, p tools.Privacy) int {
	t.Helper()
	res, err := connect(t, emptyFS, p).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(struct {
		Tools []*mcp.Tool `json:"tools"`
	}{res.Tools})
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// TestCatalogBudget keeps tools/list from growing unnoticed.
func TestCatalogBudget(t *testing.T) {
	for _, p := range modes {
		size, ceiling := catalogSize(t, p), catalogCeiling[p]
		t.Logf("%s: tools/list is %d bytes (ceiling %d)", p, size, ceiling)
		if size > ceiling {
			t.Errorf("%s: tools/list is %d bytes, over its ceiling of %d. Trim tool descriptions and "+
				"schema descriptions (say less, say it once) instead of raising the ceiling; raise it only "+
				"for a new tool that earns its place, and update the sizes in docs/features.md.", p, size, ceiling)
		}
	}
}
