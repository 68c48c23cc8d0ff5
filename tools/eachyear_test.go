package tools_test

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/benchbooks"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// yearByYearCalls are the calls over several years that keep, of each
// year, only what their answer needs (docs/performance.md#memory): on the
// scale books of years, every variant that sums or collects differently.
func yearByYearCalls(years []int) []toolCall {
	m := benchbooks.Mandator
	first, last := years[0], years[len(years)-1]
	return []toolCall{
		{"compare_years", map[string]any{"mandator": m, "years": years}},
		{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": first, "toYear": last}},
		{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": first, "toYear": last, "groupBy": "subclass"}},
		{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": first, "toYear": last, "groupBy": "subclass", "interval": "quarter"}},
		{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": first, "toYear": last, "groupBy": "account", "interval": "quarter"}},
		{"get_net_worth_history", map[string]any{"mandator": m}},
		{"get_net_worth_history", map[string]any{"mandator": m, "fromYear": years[1]}},
		{"search_transactions", map[string]any{"mandator": m, "query": "coop"}},
		{"search_transactions", map[string]any{"mandator": m, "query": "coop", "orderBy": "amount", "limit": 50, "offset": 20}},
		{"search_transactions", map[string]any{"mandator": m, "query": "miete", "offset": 3, "limit": 5}},
		{"get_recurring_transactions", map[string]any{"mandator": m}},
		{"get_recurring_transactions", map[string]any{"mandator": m, "year": years[len(years)-2], "compareYear": first, "minOccurrences": 2}},
	}
}

// registeredCalls returns the calls of the tools p registers, without the
// account grouping Aggregate does not offer.
func registeredCalls(p tools.Privacy, calls []toolCall) []toolCall {
	registered := map[string]bool{}
	for _, tool := range tools.Catalog(p) {
		registered[tool.Def.Name] = true
	}
	var out []toolCall
	for _, c := range calls {
		if !registered[c.tool] || p == tools.Aggregate && c.args["groupBy"] == "account" {
			continue
		}
		out = append(out, c)
	}
	return out
}

// yearSize returns the bytes of the largest year's XML under dir: the
// cache's estimate of a mandator-year is about that.
func yearSize(t *testing.T, dir string) int64 {
	t.Helper()
	per := map[string]int64{}
	err := fs.WalkDir(os.DirFS(dir), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		per[strings.Split(p, "/")[0]] += info.Size()
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var most int64
	for _, n := range per {
		most = max(most, n)
	}
	return most
}

// TestYearsBeyondTheCacheAnswerAlike: a cache that holds one year and a
// half but not the years together makes the calls over several years read
// them one at a time, each dropped as the next comes in; their answers are
// byte-identical to those of a cache that holds everything, cold and warm,
// in Full and Aggregate.
func TestYearsBeyondTheCacheAnswerAlike(t *testing.T) {
	dir := t.TempDir()
	if err := benchbooks.Write(dir, 4, 400); err != nil {
		t.Fatal(err)
	}
	years := benchbooks.Years(4)
	limit := yearSize(t, dir) * 3 / 2
	open := func() *reader.Store {
		s, err := reader.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	probe := open()
	probe.SetMaxCacheSize(limit)
	if probe.YearsFit(benchbooks.Mandator, years) || !probe.YearsFit(benchbooks.Mandator, years[:1]) {
		t.Fatalf("a cap of %d bytes should hold one year and not the four: the test reads nothing year by year", limit)
	}
	for _, p := range []tools.Privacy{tools.Full, tools.Aggregate} {
		calls := registeredCalls(p, yearByYearCalls(years))
		small := open()
		cs := connect(t, nil, p, func(o *tools.Options) { o.Store = small }, withCache(limit))
		large := connect(t, nil, p, func(o *tools.Options) { o.Store = open() }, withCache(1<<40))
		for round := range 2 {
			for _, c := range calls {
				want := answerText(t, large, c.tool, c.args)
				if strings.HasPrefix(want, "isError=true") {
					t.Errorf("%s %s(%v) failed: %s", p, c.tool, c.args, want)
				}
				if got := answerText(t, cs, c.tool, c.args); got != want {
					t.Errorf("round %d, %s %s(%v): the answer read year by year differs:\n got %s\nwant %s", round, p, c.tool, c.args, got, want)
				}
			}
		}
		if st := small.CacheStats(); st.Evictions < len(calls) || st.Used > st.Limit {
			t.Errorf("%s: the cache of %d bytes dropped %d mandator-years and holds %d bytes; want at least one dropped per call and no more than the cap",
				p, limit, st.Evictions, st.Used)
		}
	}
}

// heapProbe is a file system that, whenever a year's Transactions.xml is
// opened or looked at, collects garbage and notes the live heap. A year's
// read is the last run of such calls for it (a call may first look at
// every year's size); the least heap of that run is what the call holds
// while it reads that year, at the moment between the cache's dropping the
// year before and its taking this one: the call's own state.
type heapProbe struct {
	fs.FS
	mu     sync.Mutex
	events []heapEvent // since reset; nil: not probing
}

type heapEvent struct {
	year int
	live uint64
}

func (h *heapProbe) probe(name string) {
	if path.Base(name) != "Transactions.xml" {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.events == nil {
		return
	}
	y, _ := strconv.Atoi(strings.Split(name, "/")[0])
	h.events = append(h.events, heapEvent{y, liveHeap()})
}

func (h *heapProbe) Open(name string) (fs.File, error) {
	h.probe(name)
	return h.FS.Open(name)
}

func (h *heapProbe) Stat(name string) (fs.FileInfo, error) {
	h.probe(name)
	return fs.Stat(h.FS, name)
}

func (h *heapProbe) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(h.FS, name) }

// reset starts probing (again).
func (h *heapProbe) reset() {
	h.mu.Lock()
	h.events = []heapEvent{}
	h.mu.Unlock()
}

// growth returns by how much the call's own heap while it read each later
// year exceeded that while it read the first it read, at most, at which
// year, and how many years it read.
func (h *heapProbe) growth() (most int64, at, years int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	least := map[int]uint64{} // of each year's last run
	var order []int           // the years in the order of their last runs
	for i, e := range h.events {
		if i == 0 || h.events[i-1].year != e.year { // a run starts
			delete(least, e.year)
			order = slices.DeleteFunc(order, func(y int) bool { return y == e.year })
			order = append(order, e.year)
		}
		if l, ok := least[e.year]; !ok || e.live < l {
			least[e.year] = e.live
		}
	}
	for _, y := range order[1:] {
		if d := int64(least[y]) - int64(least[order[0]]); d > most {
			most, at = d, y
		}
	}
	return most, at, len(order)
}

// liveHeap collects garbage and returns the bytes still reachable.
func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// TestYearByYearHoldsOneYear: with a cache that holds one mandator-year,
// a call over six years holds about one year's books at a time: whenever
// it comes to read the next year, the live heap exceeds what it was when
// it read the first by less than a quarter of a year (its sums so far),
// and by less than half a year for search and recurring, which keep their
// matches. A call that kept the years it had read would hold four more
// years by the last one.
func TestYearByYearHoldsOneYear(t *testing.T) {
	dir := t.TempDir()
	if err := benchbooks.Write(dir, 6, 3000); err != nil {
		t.Fatal(err)
	}
	years := benchbooks.Years(6)
	for _, p := range []tools.Privacy{tools.Full, tools.Aggregate} {
		probe := &heapProbe{FS: os.DirFS(dir)}
		store := reader.OpenFS(probe, fmt.Sprint("heap ", p))
		cs := connect(t, nil, p, func(o *tools.Options) { o.Store = store }, withCache(1))
		all := yearByYearCalls(years)
		// One of each way of keeping: compare, spending per subclass, net
		// worth, search newest first and by amount, recurring.
		some := []toolCall{all[0], all[2], all[5], all[7], all[8], all[10]}
		for _, c := range registeredCalls(p, some) {
			answerText(t, cs, c.tool, c.args) // the tools' own one-time set-up
			year := store.CacheStats().Used   // one mandator-year, as the cache estimates it
			probe.reset()
			if got := answerText(t, cs, c.tool, c.args); strings.HasPrefix(got, "isError=true") {
				t.Fatalf("%s %s(%v): %s", p, c.tool, c.args, got)
			}
			held, at, read := probe.growth()
			if read < 5 {
				t.Fatalf("%s %s(%v) read %d years one after the other; want 5 or 6", p, c.tool, c.args, read)
			}
			t.Logf("%s %s(%v): %d bytes more when it read %d than when it read its first year (a year: %d)", p, c.tool, c.args, held, at, year)
			// What the answer needs: sums, a few kilobytes; matches, less
			// than a quarter of a year's books for each year read. A call
			// that kept the books would add a whole year for each.
			bound := year / 8
			if c.tool == "search_transactions" || c.tool == "get_recurring_transactions" {
				bound = year / 4 * int64(len(years)-1)
			}
			if held > bound {
				t.Errorf("%s %s(%v) held %d bytes more when it read %d than when it read its first year; a year is %d: it keeps what it has read",
					p, c.tool, c.args, held, at, year)
			}
		}
	}
}
