// Command mcpgo is the e2e suite's second-ecosystem client: mcp-go
// (github.com/mark3labs/mcp-go, not the official SDK the server is built on)
// drives the built accounting-mcp over stdio on the hand-check books
// (fixtures/handcheck), once negotiating the newest revision it can and once
// pinned to the initialize handshake of 2025-11-25, in the Full and the
// Aggregate privacy modes, and checks each answer against the figures
// worked out by hand in fixtures/handcheck/EXPECTED.md (quoted below with
// their arithmetic), never against the server's own output.
//
// It is its own Go module, so that the main module's go.mod keeps to the
// project's allowed dependencies. Run from this folder:
//
//	ACCOUNTING_MCP_BIN=/path/to/accounting-mcp go run .
//
// (.ci/steps/e2e-mcpgo.sh does). Without ACCOUNTING_MCP_BIN it builds the
// binary from the repository with go build.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

var passed, failed int

func check(name string, problems ...string) {
	var real []string
	for _, p := range problems {
		if p != "" {
			real = append(real, p)
		}
	}
	if len(real) == 0 {
		passed++
		return
	}
	failed++
	fmt.Fprintf(os.Stderr, "FAIL %s\n  %s\n", name, strings.Join(real, "\n  "))
}

// want returns a problem when got is not want.
func want(what string, got, want any) string {
	if reflect.DeepEqual(got, want) {
		return ""
	}
	return fmt.Sprintf("%s = %#v; want %#v", what, got, want)
}

func main() {
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		fatal(err)
	}
	bin := os.Getenv("ACCOUNTING_MCP_BIN")
	if bin == "" {
		dir, err := os.MkdirTemp("", "mcpgo-")
		if err != nil {
			fatal(err)
		}
		defer os.RemoveAll(dir)
		bin = filepath.Join(dir, "accounting-mcp")
		build := exec.Command("go", "build", "-o", bin, "./cmd/accounting-mcp")
		build.Dir, build.Stdout, build.Stderr = repo, os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fatal(err)
		}
	}
	books := filepath.Join(repo, "fixtures", "handcheck")
	if catalog, err = catalogOf(filepath.Join(repo, "docs", "tools.md")); err != nil {
		fatal(err)
	}
	fmt.Printf("client: github.com/mark3labs/mcp-go %s\n", mcpgoVersion())
	for _, version := range []string{"", "2025-11-25"} {
		for _, mode := range []string{"Full", "Aggregate"} {
			run(bin, books, mode, version)
		}
	}
	fmt.Printf("%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}

// catalog holds the tool names of each mode, as the tools reference lists
// them (docs/tools.md, generated from the registry; a Go test fails when it
// is stale).
var catalog map[string][]string

// catalogOf reads the catalog table of the tools reference: a row per tool,
// with a column per mode that is empty where the mode lacks the tool.
func catalogOf(path string) (map[string][]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(line, "| [`") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "| "), "|")
		if len(cells) != 5 {
			return nil, fmt.Errorf("%s: a catalog row of %d cells: %s", path, len(cells), line)
		}
		name := strings.TrimPrefix(strings.TrimSpace(cells[0]), "[`")
		name = name[:strings.Index(name, "`")]
		for i, mode := range []string{"Full", "Aggregate", "Local"} {
			if strings.TrimSpace(cells[2+i]) != "" {
				out[mode] = append(out[mode], name)
			}
		}
	}
	if len(out["Full"]) == 0 {
		return nil, fmt.Errorf("%s has no catalog table", path)
	}
	return out, nil
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mcpgo:", err)
	os.Exit(1)
}

func mcpgoVersion() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, d := range info.Deps {
			if d.Path == "github.com/mark3labs/mcp-go" {
				return d.Version
			}
		}
	}
	return "(unknown)"
}

// run connects in mode, asking for protocol version (the newest mcp-go
// negotiates when ""), and checks the hand-check answers.
func run(bin, books, mode, version string) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang guard, not a measure
	defer cancel()
	c, err := client.NewStdioMCPClient(bin, os.Environ(), "--data-path", books, "--privacy", mode)
	if err != nil {
		fatal(err)
	}
	defer c.Close()
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = mcp.Implementation{Name: "accounting-mcp e2e (mcp-go)", Version: "1"}
	res, err := c.Initialize(ctx, init)
	asked := version
	if asked == "" {
		asked = "newest"
	}
	name := fmt.Sprintf("%s, protocol %s", mode, asked)
	if err != nil {
		check(name+": initialize", err.Error())
		return
	}
	name = fmt.Sprintf("%s, protocol %s (negotiated %s)", mode, asked, res.ProtocolVersion)
	caps := res.Capabilities
	check(name+": initialize",
		want("server name", res.ServerInfo.Name, "accounting-mcp"),
		want("tools capability", caps.Tools != nil, true),
		// No list changes while the server runs, so none claims to (issue 18).
		want("tools.listChanged", caps.Tools != nil && caps.Tools.ListChanged, false),
		want("prompts.listChanged", caps.Prompts != nil && caps.Prompts.ListChanged, false),
		want("resources.listChanged", caps.Resources != nil && caps.Resources.ListChanged, false),
		want("instructions name the mode", strings.Contains(res.Instructions, "Privacy mode in force: "+mode), true))

	tools, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		check(name+": tools/list", err.Error())
		return
	}
	var names []string
	var noSchema []string
	for _, t := range tools.Tools {
		names = append(names, t.Name)
		if t.OutputSchema.Type != "object" {
			noSchema = append(noSchema, t.Name)
		}
	}
	wantNames := append([]string(nil), catalog[mode]...)
	sort.Strings(names)
	sort.Strings(wantNames)
	check(name+": tools/list", want("tools", names, wantNames), want("tools without an object output schema", noSchema, []string(nil)))

	type summary struct {
		Mandator, TotalActivaChf, TotalPassivaChf, EquityChf string
		Year                                                 int
		Warnings                                             []string
	}
	var bs summary
	call(ctx, c, name, "get_balance_summary", map[string]any{"mandator": "Muster", "year": 2025}, &bs)
	// EXPECTED.md, balance summary 2025 at the latest posting's EUR rate 0.96:
	// activa 390.40 + 10184.80 + 1343.8848 = 11919.0848 → 11919.08;
	// passiva 4000.00; equity 11919.0848 − 4000.00 → 7919.08.
	check(name+": get_balance_summary 2025",
		want("answer", bs, summary{Mandator: "Muster", Year: 2025, TotalActivaChf: "11919.08", TotalPassivaChf: "4000.00", EquityChf: "7919.08"}))

	var is struct{ ProfitChf, LossChf, NetChf string }
	call(ctx, c, name, "get_income_statement", map[string]any{"mandator": "Muster", "year": 2025}, &is)
	// profit 5000.00 (Lohn); loss 270.80 + 160.12 + 3000.00 + 120.00 = 3550.92;
	// net 5000.00 − 3550.92 = 1449.08.
	check(name+": get_income_statement 2025",
		want("profit, loss, net", [3]string{is.ProfitChf, is.LossChf, is.NetChf}, [3]string{"5000.00", "3550.92", "1449.08"}))

	type category struct {
		Name             string
		Number           int
		TotalChf         string
		TransactionCount int
	}
	var ex struct {
		TotalChf   string
		Categories []category
		Warnings   []string
	}
	call(ctx, c, name, "get_expenses_by_category", map[string]any{"mandator": "Muster", "year": 2025}, &ex)
	// 41 Wohnen 3000.00 (2 legs); 40 Lebensmittel & Restaurants
	// 270.80 + 160.12 = 430.92 (6 legs); 47 "Subclass 47" 120.00 (1 leg):
	// subclass 47 is missing from SubClasses.xml, so the answer that names
	// it carries the missing_subclass warning, and the balance summary,
	// which names no subclass, does not (issue 18).
	check(name+": get_expenses_by_category 2025",
		want("total", ex.TotalChf, "3550.92"),
		want("categories", ex.Categories, []category{
			{"Wohnen", 41, "3000.00", 2}, {"Lebensmittel & Restaurants", 40, "430.92", 6}, {"Subclass 47", 47, "120.00", 1}}),
		want("a missing_subclass warning", len(ex.Warnings) == 1 && strings.HasPrefix(ex.Warnings[0], "missing_subclass"), true),
		want("balance summary warnings", bs.Warnings, []string(nil)))

	var q1 struct{ LossChf string }
	call(ctx, c, name, "get_income_statement", map[string]any{"mandator": "Muster", "year": 2025, "fromDate": "2025-01-01", "toDate": "2025-06-30"}, &q1)
	// H1 2025 loss: 1638.80 (Q1) + 1545.60 (Q2, p06 dated 2025-04-01 as
	// written, never shifted to March by a time zone) = 3184.40, which
	// Aggregate publishes too.
	check(name+": get_income_statement H1 2025", want("lossChf", q1.LossChf, "3184.40"))

	bad, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: "get_balance_summary", Arguments: map[string]any{"mandator": "Nobody"}}})
	if err != nil {
		check(name+": unknown mandator", err.Error())
	} else {
		var env struct {
			Error struct{ Code, Message string }
		}
		_ = json.Unmarshal(bad.RawStructuredContent, &env)
		check(name+": unknown mandator",
			want("isError", bad.IsError, true), want("code", env.Error.Code, "unknown_mandator"),
			want("message names the value and the choice", strings.Contains(env.Error.Message, `"Nobody"`) && strings.Contains(env.Error.Message, "Muster"), true))
	}

	if mode == "Full" {
		rr, err := c.ReadResource(ctx, mcp.ReadResourceRequest{Params: mcp.ReadResourceParams{URI: "accounting://mandators"}})
		if err != nil {
			check(name+": resources/read accounting://mandators", err.Error())
		} else {
			var text string
			if len(rr.Contents) == 1 {
				if tc, ok := rr.Contents[0].(mcp.TextResourceContents); ok {
					text = tc.Text
				}
			}
			var m struct{ Mandators []string }
			_ = json.Unmarshal([]byte(text), &m)
			check(name+": resources/read accounting://mandators", want("mandators", m.Mandators, []string{"Muster"}))
		}
	}
}

// call calls tool with args and decodes its structured content into out;
// a protocol error or an error result fails the check of the call.
func call(ctx context.Context, c *client.Client, name, tool string, args map[string]any, out any) {
	res, err := c.CallTool(ctx, mcp.CallToolRequest{Params: mcp.CallToolParams{Name: tool, Arguments: args}})
	switch {
	case err != nil:
		check(fmt.Sprintf("%s: %s %v", name, tool, args), err.Error())
	case res.IsError:
		check(fmt.Sprintf("%s: %s %v", name, tool, args), "error result: "+string(res.RawStructuredContent))
	default:
		if err := json.Unmarshal(res.RawStructuredContent, out); err != nil {
			check(fmt.Sprintf("%s: %s %v", name, tool, args), fmt.Sprintf("structuredContent %q: %v", res.RawStructuredContent, err))
		}
	}
}
