package httpserve_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/httpserve"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// stressMix are the calls of the stress test. The first nine read the books
// whose Transactions.xml is rewritten (Verein Zürichsee, 2026: small enough
// to parse often under -race, and with umlauts to cut in half); the others
// read books that do not change.
var stressMix = []struct {
	tool string
	args map[string]any
}{
	{"get_balance_summary", map[string]any{"mandator": "Verein Zürichsee", "year": 2026}},
	{"get_transactions", map[string]any{"mandator": "Verein Zürichsee", "year": 2026, "limit": 5}},
	{"get_transactions", map[string]any{"mandator": "Verein Zürichsee", "year": 2026, "minAmount": 100, "limit": 3}},
	{"get_income_statement", map[string]any{"mandator": "Verein Zürichsee", "year": 2026}},
	{"get_expenses_by_category", map[string]any{"mandator": "Verein Zürichsee", "year": 2026}},
	{"list_accounts", map[string]any{"mandator": "Verein Zürichsee", "year": 2026}},
	{"get_account", map[string]any{"mandator": "Verein Zürichsee", "year": 2026, "number": 1010}},
	{"search_transactions", map[string]any{"mandator": "Verein Zürichsee", "query": "a", "fromYear": 2025, "toYear": 2026, "limit": 3}},
	{"compare_years", map[string]any{"mandator": "Verein Zürichsee", "years": []int{2025, 2026}}},
	{"get_balance_summary", map[string]any{"mandator": "Verein Zürichsee", "year": 2025}},
	{"list_years", map[string]any{"mandator": "Verein Zürichsee"}},
	{"get_balance_summary", map[string]any{"mandator": "Claudio Schaad", "year": 2025}},
}

// stressedFile is the Transactions.xml the writer rewrites.
var stressedFile = filepath.Join("2026", "Verein Zürichsee", "Data", "Transactions.xml")

// lastValueDigit is the last digit of every posting's amount.
var lastValueDigit = regexp.MustCompile(`([0-9])</Value>`)

// variant returns books of the same size whose amounts all differ: the
// hardest case for a cache that revalidates by size and mtime.
func variant(data []byte) []byte {
	return lastValueDigit.ReplaceAllFunc(data, func(m []byte) []byte {
		return []byte{'0' + (m[0]-'0'+5)%10, '<', '/', 'V', 'a', 'l', 'u', 'e', '>'}
	})
}

// TestConcurrentCallsWhileBooksChange runs 16 clients of 500 mixed tool
// calls each over HTTP while a writer rewrites a Transactions.xml in place
// as the desktop app does, alternating between two versions. Every answer
// must be the whole truth of one version, or a retryable data_unreadable
// error: never a mix, never anything else. ACCOUNTING_MCP_STRESS=big runs
// 32 clients of 2000 calls (some minutes under -race; pass -timeout 30m).
//
// The test is bounded by its count of calls, not by the clock: on a busy
// 2-core machine under -race the 8,000 calls took over 3 minutes, and a
// fixed deadline failed calls that were merely slow. Only a hang stops it:
// when no call at all completes for stallLimit, the calls are cancelled
// and the test fails saying so.
func TestConcurrentCallsWhileBooksChange(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (about 20 s under -race): runs without -short, as in CI")
	}
	clients, perClient := 16, 500
	if os.Getenv("ACCOUNTING_MCP_STRESS") == "big" {
		clients, perClient = 32, 2000
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, fixtures.DemoFS()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, stressedFile)
	oldData, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	versions := [][]byte{oldData, variant(oldData)}
	if len(versions[1]) != len(versions[0]) || slices.Equal(versions[1], versions[0]) {
		t.Fatal("the variant must differ in content but not in size")
	}
	truth := [2][]string{}
	for v, data := range versions {
		truth[v] = truths(t, dir, path, data)
	}
	for i, c := range stressMix {
		if i < 9 && truth[0][i] == truth[1][i] {
			t.Fatalf("%s(%v) answers the same for both versions; the test could not see a mix", c.tool, c.args)
		}
	}
	if err := os.WriteFile(path, versions[0], 0o644); err != nil {
		t.Fatal(err)
	}

	store, err := reader.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	url := start(t, httpserve.Options{Server: newMCPServer(store)})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var completed atomic.Int64
	stalled := make(chan int64, 1)
	go watchStall(ctx, &completed, stallLimit, func(n int64) { stalled <- n; cancel() })

	stopWriter := make(chan struct{})
	rewrites := make(chan int, 1)
	go func() { rewrites <- rewriteUntil(t, path, versions, stopWriter) }()

	tally := newTally()
	begin := time.Now()
	var wg sync.WaitGroup
	for c := range clients {
		wg.Go(func() {
			cs, err := dialHTTP(url, testToken, revisions[c%len(revisions)])
			if err != nil {
				tally.add("transport error", 0, err.Error)
				return
			}
			defer cs.Close()
			for i := range perClient {
				if ctx.Err() != nil {
					tally.add("hung", 0, nil)
					return
				}
				k := (c*7 + i) % len(stressMix)
				call := stressMix[k]
				t0 := time.Now()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: call.tool, Arguments: call.args})
				d := time.Since(t0)
				completed.Add(1)
				if err != nil {
					tally.add("transport error", d, func() string { return fmt.Sprintf("%s(%v): %v", call.tool, call.args, err) })
					continue
				}
				got := normalize(t, res)
				tally.add(classify(got, truth[0][k], truth[1][k]), d, func() string { return fmt.Sprintf("%s(%v) = %s", call.tool, call.args, got) })
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(begin)
	close(stopWriter)
	n := <-rewrites

	tally.report(t, clients, clients*perClient, n, elapsed)
	select {
	case at := <-stalled:
		t.Errorf("no call completed for %v after %d of %d calls: the server hangs", stallLimit, at, clients*perClient)
	default:
	}
	for _, bad := range []string{"mixed or wrong", "transport error", "hung"} {
		if tally.count[bad] > 0 {
			t.Errorf("%d calls: %s; first: %s", tally.count[bad], bad, tally.first[bad])
		}
	}
	if tally.count["old version"] == 0 || tally.count["new version"] == 0 {
		t.Errorf("answers saw only one version (%v); the writer did not interleave with the calls", tally.count)
	}
}

// stallLimit is how long the stress test waits for any one call to
// complete before it calls the server hung: far beyond the slowest call
// seen on a loaded 2-core machine under -race (well under a second), and
// below go test's default timeout of 10 minutes, so that a hang fails with
// this test's tally rather than a goroutine dump.
const stallLimit = 4 * time.Minute

// watchStall calls stall with the count of completed calls when that count
// has not grown for limit, and returns; it returns at once when ctx ends.
func watchStall(ctx context.Context, completed *atomic.Int64, limit time.Duration, stall func(int64)) {
	tick := time.NewTicker(limit / 16)
	defer tick.Stop()
	last, since := completed.Load(), time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		if n := completed.Load(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) >= limit {
			stall(n)
			return
		}
	}
}

// truths writes data to path and returns the answer of every call of
// stressMix from an in-process server on fresh books.
func truths(t *testing.T, dir, path string, data []byte) []string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := reader.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	cs := connectMemory(t, newMCPServer(store), "")
	out := make([]string, len(stressMix))
	for i, c := range stressMix {
		res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		if err != nil || res.IsError {
			t.Fatalf("%s(%v) on a quiet file: %v %+v", c.tool, c.args, err, res)
		}
		out[i] = normalize(t, res)
	}
	return out
}

// normalize returns the error flag and structured content of res as
// canonical JSON (object keys sorted), without dataAsOf: the file's mtime
// changes with each rewrite, its content does not.
func normalize(t *testing.T, res *mcp.CallToolResult) string {
	if m, ok := res.StructuredContent.(map[string]any); ok {
		delete(m, "dataAsOf")
	}
	b, err := json.Marshal(struct {
		IsError    bool `json:"isError"`
		Structured any  `json:"structured"`
	}{res.IsError, res.StructuredContent})
	if err != nil {
		t.Errorf("encoding %v: %v", res.StructuredContent, err)
	}
	return string(b)
}

// retryableError matches the envelope of a retryable data_unreadable error.
var retryableError = regexp.MustCompile(`^\{"isError":true,"structured":\{"error":\{"code":"data_unreadable",.*"retryable":true[,}]`)

// classify names what an answer is: one version's truth, a retryable
// data_unreadable error, or anything else.
func classify(got, oldTruth, newTruth string) string {
	switch {
	case got == oldTruth && got == newTruth:
		return "unaffected"
	case got == oldTruth:
		return "old version"
	case got == newTruth:
		return "new version"
	case retryableError.MatchString(got):
		return "retryable data_unreadable"
	}
	return "mixed or wrong"
}

// rewriteUntil rewrites path in place, alternating between the versions,
// until stop is closed, and returns how many rewrites it made. Each rewrite
// is what the desktop app does when it saves: open with O_TRUNC, then write
// the file in a few chunks (at random places, so chunks end inside
// elements, numbers and multi-byte characters), with tiny pauses.
func rewriteUntil(t *testing.T, path string, versions [][]byte, stop <-chan struct{}) int {
	rng := rand.New(rand.NewPCG(4, 2))
	for n := 1; ; n++ {
		data := versions[n%len(versions)]
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			t.Errorf("rewrite: %v", err)
			return n
		}
		cuts := []int{rng.IntN(len(data)), rng.IntN(len(data)), rng.IntN(len(data)), len(data)}
		sort.Ints(cuts)
		at := 0
		for _, cut := range cuts {
			if _, err := f.Write(data[at:cut]); err != nil {
				t.Errorf("rewrite: %v", err)
			}
			at = cut
			time.Sleep(time.Duration(rng.IntN(300)) * time.Microsecond)
		}
		f.Close()
		select {
		case <-stop:
			return n
		case <-time.After(time.Duration(2+rng.IntN(8)) * time.Millisecond):
		}
	}
}

// A tally counts answers by kind and keeps their latencies.
type tally struct {
	mu        sync.Mutex
	count     map[string]int
	first     map[string]string
	latencies []time.Duration
}

func newTally() *tally { return &tally{count: map[string]int{}, first: map[string]string{}} }

// add counts an answer of kind that took d; detail describes it, and is
// kept for the first answer of each kind.
func (ty *tally) add(kind string, d time.Duration, detail func() string) {
	ty.mu.Lock()
	defer ty.mu.Unlock()
	ty.count[kind]++
	if _, ok := ty.first[kind]; !ok && detail != nil {
		ty.first[kind] = detail()
	}
	if d > 0 {
		ty.latencies = append(ty.latencies, d)
	}
}

func (ty *tally) report(t *testing.T, clients, calls, rewrites int, elapsed time.Duration) {
	slices.Sort(ty.latencies)
	pct := func(p float64) time.Duration {
		if len(ty.latencies) == 0 {
			return 0
		}
		return ty.latencies[int(p*float64(len(ty.latencies)-1))]
	}
	t.Logf("%d calls by %d concurrent clients over HTTP in %v (%.0f calls/s), %d rewrites of %s meanwhile",
		calls, clients, elapsed.Round(time.Millisecond), float64(calls)/elapsed.Seconds(), rewrites, stressedFile)
	kinds := []string{"mixed or wrong", "retryable data_unreadable", "transport error"}
	for k := range ty.count {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		t.Logf("  %-26s %6d", k, ty.count[k])
	}
	t.Logf("  latency p50 %v, p99 %v, max %v", pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), pct(1).Round(time.Microsecond))
}
