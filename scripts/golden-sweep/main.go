// Command golden-sweep calls every tool of every privacy mode over the
// demo, hand-check and generated scale books, with good arguments and a
// set of bad ones derived from each tool's input schema, and writes every
// answer (the result JSON, or the error text) to a folder. It also drives
// the built binary over stdio with raw lines, good and malformed, and keeps
// the bytes it writes. Run it before and after a change that must not
// change what users see, and diff the two folders:
//
//	go run ./scripts/golden-sweep -out /tmp/sweep-before -scale /tmp/sweep-scale
//	…change…
//	go run ./scripts/golden-sweep -out /tmp/sweep-after -scale /tmp/sweep-scale
//	diff -r /tmp/sweep-before /tmp/sweep-after
//
// -scale names the folder of the generated scale books: generated there on
// first use and dated to a fixed time, so that dataAsOf is the same in
// both runs. The clock of the in-memory servers is fixed too.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// today is the servers' clock.
var today = time.Date(2026, 6, 15, 10, 0, 0, 0, time.UTC)

// stamp is the modification time of every scale file.
var stamp = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

func main() {
	out := flag.String("out", "", "folder to write the answers to (created)")
	scale := flag.String("scale", "", "folder of the scale books (generated when missing)")
	years := flag.Int("years", 10, "years of the scale books")
	postings := flag.Int("postings", 5000, "postings a year of the scale books")
	flag.Parse()
	if *out == "" || *scale == "" {
		fmt.Fprintln(os.Stderr, "usage: golden-sweep -out DIR -scale DIR")
		os.Exit(2)
	}
	if err := run(*out, *scale, *years, *postings); err != nil {
		fmt.Fprintln(os.Stderr, "golden-sweep:", err)
		os.Exit(1)
	}
}

func run(out, scale string, years, postings int) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	if err := scaleBooks(scale, years, postings); err != nil {
		return err
	}
	scaleStore, err := reader.Open(scale)
	if err != nil {
		return err
	}
	sets := []struct {
		name  string
		store func() *reader.Store
		calls []call
	}{
		{"demo", func() *reader.Store { return reader.OpenFS(fixtures.DemoFS(), "demo") }, demoCalls()},
		{"handcheck", func() *reader.Store { return reader.OpenFS(fixtures.HandcheckFS(), "handcheck") }, handcheckCalls()},
		{"scale", func() *reader.Store { return scaleStore }, scaleCalls(bookgen.ScaleYears(years))},
	}
	for _, p := range []tools.Privacy{tools.Full, tools.Local, tools.Aggregate} {
		for _, set := range sets {
			if err := sweep(filepath.Join(out, set.name+"-"+p.String()+".txt"), set.store(), p, set.calls); err != nil {
				return fmt.Errorf("%s %s: %w", set.name, p, err)
			}
		}
	}
	return stdio(out)
}

// scaleBooks generates the scale books into dir unless they are there, and
// dates every file to stamp.
func scaleBooks(dir string, years, postings int) error {
	if _, err := os.Stat(dir); os.IsNotExist(err) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := bookgen.WriteScale(dir, years, postings); err != nil {
			return err
		}
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, stamp, stamp)
	})
}

// A call is one tool call; args is sent as JSON as it is.
type call struct {
	tool string
	args any
}

func sweep(path string, store *reader.Store, p tools.Privacy, calls []call) error {
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	server := tools.NewServer(tools.Options{Store: store, Privacy: p, Rates: analysis.Rates{}, Now: func() time.Time { return today }})
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	defer ss.Wait()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "golden-sweep", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	var b bytes.Buffer
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	for _, t := range list.Tools {
		j, _ := json.Marshal(t)
		fmt.Fprintf(&b, "tool %s\n", j)
	}
	registered := map[string]*mcp.Tool{}
	for _, t := range list.Tools {
		registered[t.Name] = t
	}
	all := append([]call{}, calls...)
	for _, t := range list.Tools {
		all = append(all, badCalls(t)...)
	}
	for _, c := range all {
		if registered[c.tool] == nil && c.tool != "no_such_tool" {
			continue
		}
		args, _ := json.Marshal(c.args)
		fmt.Fprintf(&b, "\n>>> %s %s\n", c.tool, args)
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: json.RawMessage(args)})
		if err != nil {
			fmt.Fprintf(&b, "protocol error: %v\n", err)
			continue
		}
		sc, _ := json.Marshal(res.StructuredContent)
		fmt.Fprintf(&b, "isError=%v\n%s\n", res.IsError, sc)
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok && t.Text != string(sc) {
				fmt.Fprintf(&b, "text differs: %s\n", t.Text)
			}
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// badCalls are calls with bad arguments for every property of the tool's
// input schema, and some for the arguments as a whole.
func badCalls(t *mcp.Tool) []call {
	var sch struct {
		Properties map[string]struct {
			Type  string `json:"type"`
			Items *struct {
				Type string `json:"type"`
			} `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	raw, _ := json.Marshal(t.InputSchema)
	json.Unmarshal(raw, &sch)
	names := make([]string, 0, len(sch.Properties))
	for n := range sch.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	base := map[string]any{}
	for _, r := range sch.Required {
		switch r {
		case "years":
			base[r] = []int{2025, 2026}
		case "query":
			base[r] = "a"
		}
	}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for bk, bv := range base {
			m[bk] = bv
		}
		if v == nil {
			m[k] = nil
		} else {
			m[k] = v
		}
		return m
	}
	var out []call
	add := func(args any) { out = append(out, call{t.Name, args}) }
	add(map[string]any{})
	add(with("nonsense", 1))
	add(json.RawMessage(`[1,2]`))
	add(json.RawMessage(`"x"`))
	add(json.RawMessage(`null`))
	for _, n := range names {
		p := sch.Properties[n]
		add(with(n, nil))
		add(with(n, map[string]any{"a": 1}))
		add(with(n, true))
		switch p.Type {
		case "integer":
			for _, v := range []any{"2025", 2025.5, json.RawMessage("2025.0"), json.RawMessage("2.025e3"), json.RawMessage("1e30"),
				3000, 1899, 0, -1, 1001, 101, 61, 1, 2, json.RawMessage("99999999999999999999"), 1000000001} {
				add(with(n, v))
			}
		case "string":
			for _, v := range []any{5, "", " ", "nonsense", "2025-13-01", "2025-02-30", "0001-01-01", "9999-12-31", "25-01-01",
				"2026-03-31", "2024-01-01", "1e3", "-12.5", "12,50", "99999999999999999999", "9223372036854775808",
				strings.Repeat("x", 300), "ü\u0000"} {
				add(with(n, v))
			}
		case "array":
			for _, v := range []any{[]int{}, []int{2025}, []int{2024, 3000}, []int{1899, 2025}, []any{2025, "x"}, []any{2025, nil},
				[]any{json.RawMessage("2025.0"), 2026}, []any{2025.5, 2026}, []int{2024, 2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034},
				[]int{2025, 2025}, []int{1000, 2000}, "2025", 2025} {
				add(with(n, v))
			}
		}
	}
	if len(sch.Required) > 0 {
		add(map[string]any{"mandator": "Claudio Schaad"})
	}
	return out
}

func demoCalls() []call {
	cs, ps := "Claudio Schaad", fixtures.ProblemMandator
	vz := "Verein Zürichsee"
	m := func(kv ...any) map[string]any {
		out := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	calls := []call{
		{"no_such_tool", m()},
		{"list_mandators", m()},
		{"list_mandators", m("year", 2024)},
		{"list_mandators", m("year", 2030)},
		{"list_years", m()},
		{"list_years", m("mandator", cs)},
		{"list_years", m("mandator", vz)},
		{"list_years", m("mandator", "claudio schaad")},
		{"list_years", m("mandator", "Nobody")},
		{"list_accounts", m("mandator", cs)},
		{"list_accounts", m("mandator", cs, "year", 2024, "class", "passiva")},
		{"list_accounts", m("mandator", vz, "year", 2025)},
		{"list_accounts", m("mandator", cs, "year", 2020)},
		{"list_accounts", m("year", 2025)},
		{"get_account", m("mandator", cs, "number", 1030)},
		{"get_account", m("mandator", cs, "year", 2027, "number", 1010)},
		{"get_account", m("mandator", cs, "number", 9999)},
		{"get_account", m("mandator", cs, "accountId", "nope")},
		{"get_account", m("mandator", cs)},
		{"get_balance_summary", m("mandator", cs)},
		{"get_balance_summary", m("mandator", cs, "year", 2027)},
		{"get_balance_summary", m("mandator", vz, "year", 2025)},
		{"get_balance_summary", m("mandator", ps, "year", 2026)},
		{"get_balance_summary", m("mandator", ps, "year", 2025)},
		{"get_income_statement", m("mandator", cs, "year", 2025)},
		{"get_income_statement", m("mandator", cs, "fromDate", "2026-04-01", "toDate", "2026-06-30")},
		{"get_income_statement", m("mandator", cs, "fromDate", "2026-06-30", "toDate", "2026-04-01")},
		{"get_income_statement", m("mandator", cs, "fromDate", "0001-01-01")},
		{"get_income_statement", m("mandator", cs, "year", 2025, "fromDate", "2026-01-01")},
		{"get_transactions", m("mandator", cs, "textSearch", "coop")},
		{"get_transactions", m("mandator", cs, "year", 2025, "limit", 1000)},
		{"get_transactions", m("mandator", cs, "year", 2025, "limit", 5, "offset", 10, "orderBy", "amount")},
		{"get_transactions", m("mandator", cs, "minAmount", "1000", "maxAmount", 5000)},
		{"get_transactions", m("mandator", cs, "minAmount", 5000, "maxAmount", "1000")},
		{"get_transactions", m("mandator", cs, "minAmount", json.RawMessage("1e3"))},
		{"get_transactions", m("mandator", cs, "minAmount", "9999999999999999999")},
		{"get_transactions", m("mandator", cs, "maxAmount", "-9223372036854775809")},
		{"get_transactions", m("mandator", cs, "maxAmount", "99999999999999999.99")},
		{"get_transactions", m("mandator", cs, "class", "income", "fromDate", "2026-01-01", "toDate", "2026-01-31")},
		{"get_transactions", m("mandator", cs, "accountId", "nope")},
		{"search_transactions", m("mandator", cs, "query", "zurich")},
		{"search_transactions", m("mandator", vz, "query", "a", "limit", 1000)},
		{"search_transactions", m("mandator", cs, "query", "\"coop pronto\"", "fromYear", 2025, "toYear", 2026)},
		{"search_transactions", m("mandator", cs, "query", "x", "fromYear", 2026, "toYear", 2024)},
		{"search_transactions", m("mandator", cs, "query", "")},
		{"search_transactions", m("mandator", cs, "query", "coop", "fromYear", 2010, "toYear", 2012)},
		{"get_expenses_by_category", m("mandator", cs)},
		{"get_expenses_by_category", m("mandator", cs, "groupBy", "account", "fromDate", "2026-01-01", "toDate", "2026-03-31")},
		{"get_expenses_by_category", m("mandator", vz, "year", 2026)},
		{"get_expenses_by_category", m("mandator", cs, "fromDate", "0001-01-01", "toDate", "2026-03-31")},
		{"get_expenses_by_category", m("mandator", cs, "year", 2030)},
		{"compare_years", m("mandator", cs, "years", []int{2024, 2025, 2026})},
		{"compare_years", m("mandator", cs, "years", []int{2026, 2025}, "side", "expenses", "groupBy", "account")},
		{"compare_years", m("mandator", vz, "years", []int{2025, 2026}, "side", "income")},
		{"compare_years", m("mandator", cs, "years", []int{2020, 2025})},
		{"compare_years", m("mandator", cs, "years", []int{2020, 2021})},
		{"get_recurring_transactions", m("mandator", cs)},
		{"get_recurring_transactions", m("mandator", vz, "year", 2025)},
		{"get_recurring_transactions", m("mandator", cs, "year", 2026, "compareYear", 2024, "minOccurrences", 2)},
		{"get_recurring_transactions", m("mandator", cs, "year", 2026, "compareYear", 2010)},
		{"get_spending_over_time", m("mandator", cs)},
		{"get_spending_over_time", m("mandator", cs, "fromYear", 2024, "toYear", 2026, "groupBy", "account")},
		{"get_spending_over_time", m("mandator", vz, "interval", "quarter", "groupBy", "subclass")},
		{"get_spending_over_time", m("mandator", cs, "year", 2025, "fromYear", 2024)},
		{"get_spending_over_time", m("mandator", cs, "fromYear", 2026, "toYear", 2024)},
		{"get_net_worth_history", m("mandator", cs)},
		{"get_net_worth_history", m("mandator", vz, "fromYear", 2026)},
		{"get_net_worth_history", m("mandator", cs, "fromYear", 2010, "toYear", 2012)},
		{"get_cash_flow", m("mandator", cs, "year", 2026)},
		{"get_cash_flow", m("mandator", vz, "year", 2025, "interval", "year")},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "interval", "quarter", "cashAccounts", []int{1000, 1020})},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "cashAccounts", []int{4000})},
		{"get_cash_flow", m("mandator", cs, "year", 2025, "cashAccounts", []int{99999})},
		{"get_trial_balance", m("mandator", cs, "year", 2026)},
		{"get_trial_balance", m("mandator", vz, "year", 2025, "fromDate", "2025-07-01", "toDate", "2025-09-30")},
		{"get_trial_balance", m("mandator", cs, "year", 2025, "fromDate", "2024-07-01")},
		{"find_unusual_transactions", m("mandator", cs, "year", 2026, "limit", 100)},
		{"find_unusual_transactions", m("mandator", vz, "year", 2025, "fromDate", "2025-12-01", "toDate", "2025-12-31")},
		{"get_open_bank_transactions", m("mandator", cs)},
		{"get_open_bank_transactions", m("mandator", cs, "year", 2025)},
		{"get_open_bank_transactions", m("mandator", cs, "year", 2025, "limit", 3, "offset", 2)},
		{"check_books", m("mandator", cs, "year", 2027)},
		{"check_books", m("mandator", ps, "year", 2025)},
		{"check_books", m("mandator", ps, "year", 2026)},
		{"check_books", m()},
	}
	// Every tool without a mandator (three mandators: which one?) and with
	// the problem mandator's unreadable year.
	for _, name := range allTools {
		calls = append(calls, call{name, m()}, call{name, m("mandator", ps, "year", 2026)}, call{name, m("mandator", ps)})
	}
	return calls
}

// allTools are the names of every tool of any mode.
var allTools = []string{"list_mandators", "list_years", "list_accounts", "get_account", "get_balance_summary",
	"get_income_statement", "get_transactions", "search_transactions", "get_expenses_by_category", "compare_years",
	"get_recurring_transactions", "get_spending_over_time", "get_net_worth_history", "get_cash_flow",
	"get_trial_balance", "find_unusual_transactions", "get_open_bank_transactions", "check_books"}

func handcheckCalls() []call {
	var calls []call
	for _, name := range allTools {
		calls = append(calls, call{name, map[string]any{}}, call{name, map[string]any{"year": 2025}}, call{name, map[string]any{"year": 2026}})
	}
	calls = append(calls,
		call{"compare_years", map[string]any{"years": []int{2025, 2026}}},
		call{"search_transactions", map[string]any{"query": "miete"}},
		call{"get_account", map[string]any{"year": 2025, "number": 1020}},
	)
	return calls
}

func scaleCalls(years []int) []call {
	last := years[len(years)-1]
	first := years[0]
	var calls []call
	for _, name := range allTools {
		calls = append(calls, call{name, map[string]any{}}, call{name, map[string]any{"year": last}}, call{name, map[string]any{"year": first}})
	}
	calls = append(calls,
		call{"get_expenses_by_category", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-01-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
		call{"get_transactions", map[string]any{"year": last, "textSearch": "zürich", "limit": 50}},
		call{"get_transactions", map[string]any{"year": last, "limit": 1000}},
		call{"get_transactions", map[string]any{"year": last, "limit": 1000, "offset": 4000}},
		call{"compare_years", map[string]any{"years": years}},
		call{"search_transactions", map[string]any{"query": "sprüngli", "limit": 50}},
		call{"search_transactions", map[string]any{"query": "a", "limit": 1000}},
		call{"get_transactions", map[string]any{"year": last, "class": "expenses", "orderBy": "amount", "limit": 10}},
		call{"get_cash_flow", map[string]any{"year": last, "interval": "month"}},
		call{"get_spending_over_time", map[string]any{"fromYear": first, "toYear": last, "groupBy": "account"}},
		call{"get_net_worth_history", map[string]any{}},
		call{"find_unusual_transactions", map[string]any{"year": last, "fromDate": fmt.Sprintf("%d-03-01", last), "toDate": fmt.Sprintf("%d-03-31", last)}},
		call{"get_recurring_transactions", map[string]any{"year": last, "minOccurrences": 2}},
	)
	return calls
}

// stdio runs the binary over stdio, in Full and Aggregate on the demo
// books, with raw lines, and keeps what it writes, byte for byte.
func stdio(out string) error {
	bin := filepath.Join(out, ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	defer os.RemoveAll(bin)
	exe := filepath.Join(bin, "accounting-mcp")
	if b, err := exec.Command("go", "build", "-o", exe, "./cmd/accounting-mcp").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	for _, rev := range []string{"2025-03-26", "2025-06-18"} {
		for _, p := range []string{"Full", "Aggregate"} {
			lines := stdioLines(rev)
			got, err := converse(exe, p, lines)
			if err != nil {
				return fmt.Errorf("stdio %s %s: %w", p, rev, err)
			}
			if err := os.WriteFile(filepath.Join(out, "stdio-"+p+"-"+rev+".txt"), got, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}

// stdioLines are the lines a client sends, after initialize.
func stdioLines(rev string) []string {
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + rev + `","capabilities":{},"clientInfo":{"name":"sweep","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":3`,
		`[]`,
		`[{"jsonrpc":"2.0","id":4,"method":"tools/list"}]`,
		`[1,2]`,
		`{"jsonrpc":"1.0","id":5,"method":"tools/list"}`,
		`{"id":6,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":7}`,
		`{"jsonrpc":"2.0","id":8,"method":5}`,
		`{"jsonrpc":"2.0","id":"nine","method":"tools/call","params":{"name":"list_years","arguments":{"mandator":"Claudio Schaad"}}}`,
		`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"list_years","arguments":{"mandator":"Claudio Schaad"}},"method":"x"}`,
		`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get_transactions","arguments":{"mandator":"Claudio Schaad","year":2025,"limit":1000}}}`,
		`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"get_expenses_by_category","arguments":{"mandator":"Claudio Schaad","year":2025}}}`,
		`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"compare_years","arguments":{"mandator":"Claudio Schaad","years":[2024,3000]}}}`,
		`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"get_transactions","arguments":{"mandator":"Claudio Schaad","textSearch":"<&>\u2028"}}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":15,\"method\":\"tools/list\",\"x\":\"\xff\"}",
		`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"get_account","arguments":{"mandator":"Claudio Schaad","number":1030}}}`,
		`{"jsonrpc":"2.0","id":123456789012345678,"method":"tools/list"}`,
		`  {"jsonrpc" : "2.0", "id" : 17 , "method" : "tools/call", "params":{"name":"list_years","arguments":{}}}  `,
		`{"jsonrpc":"2.0","id":18,"method":"resources/list"}`,
		`{"jsonrpc":"2.0","id":19,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"name":"search_transactions","arguments":{"mandator":"Verein Zürichsee","query":"a","limit":1000}}}`,
	}
	return lines
}

// converse sends lines one at a time to the binary and collects one
// answer per line that expects one (a line that is a notification gets
// none, which the timeout finds).
func converse(exe, privacy string, lines []string) ([]byte, error) {
	cmd := exec.Command(exe, "--demo", "--privacy", privacy)
	cmd.Env = append(os.Environ(), "GOGC=400")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	answers := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 8<<20)
		for sc.Scan() {
			answers <- sc.Text()
		}
		close(answers)
	}()
	var b bytes.Buffer
	for _, l := range lines {
		fmt.Fprintf(&b, "\n>>> %s\n", l)
		if _, err := io.WriteString(stdin, l+"\n"); err != nil {
			return nil, err
		}
		if strings.Contains(l, `"method":"notifications/`) {
			continue // a notification: no answer
		}
		select {
		case a, ok := <-answers:
			if !ok {
				b.WriteString("(closed)\n")
			} else {
				b.WriteString(a + "\n")
			}
		case <-time.After(5 * time.Second):
			b.WriteString("(no answer)\n")
		}
	}
	stdin.Close()
	cmd.Wait()
	return b.Bytes(), nil
}
