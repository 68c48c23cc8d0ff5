package tools_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var rfc3339WithOffset = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$`)

// stampedHandcheck copies the hand-check books to a temporary data root and
// gives every file its own modification time. It returns the root and the
// latest time among the core files (accounts, subclasses, postings) of 2025
// and of 2026; the 2025 bank file, which only bank answers read, is later
// still.
func stampedHandcheck(t *testing.T) (dir string, latest2025, latest2026 time.Time) {
	t.Helper()
	dir = t.TempDir()
	if err := os.CopyFS(dir, fixtures.HandcheckFS()); err != nil {
		t.Fatal(err)
	}
	zurich := time.FixedZone("CET", 3600)
	stamps := map[string]time.Time{
		"2025/Muster/Data/Accounts.xml":         time.Date(2025, 12, 31, 18, 0, 0, 0, zurich),
		"2025/Muster/Data/SubClasses.xml":       time.Date(2025, 1, 3, 9, 0, 0, 0, zurich),
		"2025/Muster/Data/Transactions.xml":     time.Date(2026, 1, 15, 9, 30, 0, 0, zurich),  // latest core file of 2025
		"2025/Muster/Data/BankTransactions.xml": time.Date(2026, 1, 20, 7, 0, 5, 0, time.UTC), // later, read only for bank lines
		"2026/Muster/Data/Accounts.xml":         time.Date(2026, 1, 2, 10, 0, 0, 0, zurich),
		"2026/Muster/Data/SubClasses.xml":       time.Date(2026, 1, 2, 10, 0, 0, 0, zurich),
		"2026/Muster/Data/Transactions.xml":     time.Date(2026, 11, 28, 16, 45, 12, 0, zurich), // latest of 2026
		"EXPECTED.md":                           time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC),    // not books
	}
	for rel, at := range stamps {
		if err := os.Chtimes(filepath.Join(dir, filepath.FromSlash(rel)), at, at); err != nil {
			t.Fatal(err)
		}
	}
	return dir, stamps["2025/Muster/Data/Transactions.xml"], stamps["2026/Muster/Data/Transactions.xml"]
}

func diskSession(t *testing.T, dir string, p tools.Privacy) *mcp.ClientSession {
	t.Helper()
	store, err := reader.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return connect(t, nil, p, func(o *tools.Options) { o.Store = store; o.Rates = analysis.Rates{} })
}

// dataAsOf returns the dataAsOf field of a JSON object, or "".
func dataAsOf(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var v struct {
		DataAsOf string `json:"dataAsOf"`
	}
	decode(t, raw, &v)
	return v.DataAsOf
}

// TestDataAsOfIsTheLatestFileTime checks dataAsOf on tool results and
// resources: the latest modification time of the files that answered, in
// RFC 3339 with an offset, valid against the output schema; absent when no
// books were read. Only the answers that read the bank file (open bank
// lines) are as of its time.
func TestDataAsOfIsTheLatestFileTime(t *testing.T) {
	dir, latest2025, latest2026 := stampedHandcheck(t)
	bank2025 := time.Date(2026, 1, 20, 7, 0, 5, 0, time.UTC)
	for _, p := range modes {
		cs := diskSession(t, dir, p)
		catalog := map[string]bool{}
		for _, tool := range tools.Catalog(p) {
			catalog[tool.Def.Name] = true
		}
		for _, c := range []struct {
			tool string
			args map[string]any
			want time.Time
		}{
			{"get_balance_summary", map[string]any{"year": 2025}, latest2025},
			{"get_income_statement", map[string]any{"year": 2026, "fromDate": "2026-01-01"}, latest2026},
			{"list_accounts", map[string]any{"year": 2025}, latest2025},
			{"get_expenses_by_category", map[string]any{"year": 2025}, latest2025},
			{"compare_years", map[string]any{"years": []int{2025, 2026}}, latest2026},
			{"get_account", map[string]any{"year": 2025, "number": 1010}, latest2025},
			{"get_transactions", map[string]any{"year": 2025, "textSearch": "coop"}, latest2025},
			{"search_transactions", map[string]any{"query": "coop", "toYear": 2025}, latest2025},
			{"search_transactions", map[string]any{"query": "coop"}, latest2026},
			{"get_open_bank_transactions", map[string]any{"year": 2025}, bank2025},
			{"list_years", map[string]any{}, time.Time{}},
			{"list_mandators", map[string]any{}, time.Time{}},
		} {
			if !catalog[c.tool] {
				continue
			}
			raw := mustCall(t, cs, c.tool, c.args, nil)
			got := dataAsOf(t, raw)
			if c.want.IsZero() {
				if got != "" {
					t.Errorf("%s %s read no books but has dataAsOf %q", p, c.tool, got)
				}
				continue
			}
			at, err := time.Parse(time.RFC3339, got)
			if err != nil || !rfc3339WithOffset.MatchString(got) || !at.Equal(c.want) {
				t.Errorf("%s %s(%v) dataAsOf = %q; want %s (RFC 3339 with offset)", p, c.tool, c.args, got, c.want.Format(time.RFC3339))
			}
			validate(t, p, c.tool, raw)
		}
		if got := dataAsOf(t, readResource(t, cs, "accounting://Muster/2025/chart")); got == "" || !mustParse(t, got).Equal(latest2025) {
			t.Errorf("%s chart 2025 resource dataAsOf = %q; want %s", p, got, latest2025.Format(time.RFC3339))
		}
	}
}

// TestDataAsOfFollowsEdits saves a file again and expects the next answer to
// say so.
func TestDataAsOfFollowsEdits(t *testing.T) {
	dir, latest2025, _ := stampedHandcheck(t)
	cs := diskSession(t, dir, tools.Aggregate)
	if got := dataAsOf(t, mustCall(t, cs, "get_balance_summary", map[string]any{"year": 2025}, nil)); !mustParse(t, got).Equal(latest2025) {
		t.Fatalf("before the edit dataAsOf = %q; want %s", got, latest2025)
	}
	saved := latest2025.Add(49 * time.Hour)
	if err := os.Chtimes(filepath.Join(dir, "2025", "Muster", "Data", "SubClasses.xml"), saved, saved); err != nil {
		t.Fatal(err)
	}
	if got := dataAsOf(t, mustCall(t, cs, "get_balance_summary", map[string]any{"year": 2025}, nil)); !mustParse(t, got).Equal(saved) {
		t.Errorf("after the edit dataAsOf = %q; want %s", got, saved)
	}
}

// TestEmbeddedBooksHaveNoDataAsOf: the embedded books carry no file times,
// so no answer claims one.
func TestEmbeddedBooksHaveNoDataAsOf(t *testing.T) {
	cs := connect(t, fixtures.HandcheckFS(), tools.Full)
	if got := dataAsOf(t, mustCall(t, cs, "get_balance_summary", map[string]any{"year": 2025}, nil)); got != "" {
		t.Errorf("embedded books: dataAsOf = %q; want none", got)
	}
}

func mustParse(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339, s)
	if err != nil {
		t.Fatalf("dataAsOf %q: %v", s, err)
	}
	return at
}

// validate checks raw against the output schema of tool in mode p.
func validate(t *testing.T, p tools.Privacy, tool string, raw json.RawMessage) {
	t.Helper()
	for _, tl := range tools.Catalog(p) {
		if tl.Def.Name == tool {
			if err := tl.ValidateOutput(raw); err != nil {
				t.Errorf("%s %s: output does not match its schema: %v", p, tool, err)
			}
			return
		}
	}
	t.Errorf("%s: no tool %s", p, tool)
}
