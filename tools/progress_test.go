package tools_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestProgressOnAColdMultiYearCall: a real MCP client that sends a
// progressToken with a cold compare_years over four years of scale books
// (12 files, about 5 MiB) gets notifications/progress for that token, rising
// to their total, with messages that name counts only (the call is in
// Aggregate); the same call warm gets none.
func TestProgressOnAColdMultiYearCall(t *testing.T) {
	dir := t.TempDir()
	if err := benchbooks.Write(dir, 4, 2000); err != nil {
		t.Fatal(err)
	}
	store, err := reader.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var got []*mcp.ProgressNotificationParams
	ctx := context.Background()
	st, ct := mcp.NewInMemoryTransports()
	ss, err := tools.NewServer(tools.Options{Store: store, Privacy: tools.Aggregate, Rates: analysis.Rates{}}).Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			defer mu.Unlock()
			got = append(got, req.Params)
		},
	})
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()
	compare := func(token any) {
		t.Helper()
		p := &mcp.CallToolParams{Name: "compare_years", Arguments: map[string]any{"mandator": benchbooks.Mandator, "years": benchbooks.Years(4)}}
		if token != nil {
			p.SetProgressToken(token)
		}
		res, err := cs.CallTool(ctx, p)
		if err != nil || res.IsError {
			t.Fatalf("compare_years: %v %+v", err, res)
		}
	}
	compare("cold-1")
	cs.Ping(ctx, nil) // a round trip: the notifications sent before the answer have been handled
	mu.Lock()
	cold := got
	got = nil
	mu.Unlock()
	if len(cold) == 0 {
		t.Fatal("a cold call over four years with a progressToken got no progress")
	}
	prev := -1.0
	for _, n := range cold {
		if n.ProgressToken != "cold-1" || n.Progress <= prev || n.Total <= 0 || n.Progress > n.Total {
			t.Errorf("notification %+v after %v; want token cold-1 and progress rising within the total", n, prev)
		}
		if strings.Contains(n.Message, "Müller") || !strings.Contains(n.Message, "of 12 files") {
			t.Errorf("message %q; want counts of the 12 files, no mandator", n.Message)
		}
		prev = n.Progress
	}
	if last := cold[len(cold)-1]; last.Progress != last.Total {
		t.Errorf("last notification %+v; want progress at the total", last)
	}
	compare("warm-1")
	cs.Ping(ctx, nil)
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 0 {
		t.Errorf("a warm call got progress %+v; want none", got)
	}
}
