package tools_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// TestZeroDateIsNoOpenBound: 0001-01-01 is what the app's files write for
// "no date", which the reader reads as the zero Date, the same value as a
// bound left out. Given as fromDate or toDate of any tool in any mode, it
// is refused, never taken as an open bound (Aggregate adds the forms it takes).
func TestZeroDateIsNoOpenBound(t *testing.T) {
	for _, p := range modes {
		session := connect(t, fixtures.DemoFS(), p)
		for _, tool := range tools.Catalog(p) {
			var in struct {
				Properties map[string]json.RawMessage `json:"properties"`
			}
			b, _ := json.Marshal(tool.Def.InputSchema)
			json.Unmarshal(b, &in)
			for _, name := range []string{"fromDate", "toDate"} {
				if in.Properties[name] == nil {
					continue
				}
				args := map[string]any{"mandator": "Claudio Schaad", name: "0001-01-01"}
				if in.Properties["year"] != nil {
					args["year"] = 2025
				}
				want := name + ` "0001-01-01" stands for "no date" in the app's files and is no bound; leave ` + name + ` out for an open range`
				r := call(t, session, tool.Def.Name, args, nil)
				if !r.IsError || r.Err.Code != "invalid_argument" || !strings.HasPrefix(r.Err.Message, want) {
					t.Errorf("%s %s(%v) = %s; want invalid_argument: %s", p, tool.Def.Name, args, r.Raw, want)
				}
			}
		}
	}
}
