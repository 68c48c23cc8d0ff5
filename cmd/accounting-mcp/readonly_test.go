package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// snapshot records every file and folder below root: content hash, size,
// mode and modification time.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		entry := fmt.Sprintf("%v %d %s", info.Mode(), info.Size(), info.ModTime().UTC().Format("2006-01-02T15:04:05.000000000"))
		if d.Type().IsRegular() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			entry += fmt.Sprintf(" %x", sha256.Sum256(data))
		}
		out[path] = entry
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestDataRootUnchanged serves a copy of the demo books from disk through
// the built binary, calls every tool, and checks that the data root is
// byte-for-byte and mtime-unchanged with nothing created.
func TestDataRootUnchanged(t *testing.T) {
	root := filepath.Join(t.TempDir(), "AccountingData")
	if err := os.CopyFS(root, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, root)
	cmd := exec.Command(binary(t))
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "Settings__DataPath=" + root + "/", "Settings__DefaultMandator=Claudio Schaad"}
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "ro-test", Version: "1"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every tool, with arguments that make it read books; a tool without an
	// entry fails the test, so new tools cannot skip the read-only check.
	calls := map[string][]map[string]any{
		"list_mandators":             {nil},
		"list_years":                 {nil},
		"get_mandators_overview":     {nil, {"year": 2025}},
		"list_accounts":              {{"year": 2025}},
		"get_account":                {{"number": 1010}},
		"get_balance_summary":        {nil, {"year": 2027}, {"mandator": "Verein Zürichsee"}},
		"get_income_statement":       {{"fromDate": "2026-01-01", "toDate": "2026-03-31"}},
		"get_transactions":           {{"textSearch": "coop", "limit": 5}},
		"search_transactions":        {{"query": "netflix"}},
		"get_expenses_by_category":   {{"groupBy": "account"}},
		"compare_years":              {{"years": []int{2024, 2025, 2026}}},
		"get_recurring_transactions": {{"year": 2026}},
		"get_spending_over_time":     {{"fromYear": 2024, "toYear": 2026, "interval": "quarter", "groupBy": "subclass"}},
		"get_net_worth_history":      {nil},
		"forecast_year_end":          {{"year": 2026, "asOf": "2026-06-30"}, {"mandator": "Verein Zürichsee", "year": 2025}},
		"get_cash_flow":              {{"year": 2026, "interval": "quarter"}},
		"get_trial_balance":          {{"year": 2025}},
		"find_unusual_transactions":  {{"year": 2026, "fromDate": "2026-03-01", "toDate": "2026-03-31"}},
		"get_open_bank_transactions": {{"year": 2026}},
		"check_books":                {{"year": 2025}, {"mandator": "Testfirma Problem GmbH", "year": 2026}},
	}
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		argsList, ok := calls[tool.Name]
		if !ok {
			t.Errorf("no read-only test arguments for tool %s", tool.Name)
		}
		for _, args := range argsList {
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: tool.Name, Arguments: args})
			if err != nil || res.IsError {
				t.Errorf("%s(%v): %v %+v", tool.Name, args, err, res)
			}
		}
	}
	cs.Close()
	if diff := cmp.Diff(before, snapshot(t, root)); diff != "" {
		t.Errorf("the data root changed (-before +after):\n%s", diff)
	}
}
