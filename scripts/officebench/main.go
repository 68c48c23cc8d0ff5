// Command officebench measures the server on a fiduciary's office: many
// mandators of many years each, touched once and again, as one long-lived
// server process sees them. It is the helper of scripts/office-bench.sh.
//
//	officebench gen -out DIR -mandators 200 -years 10 -postings 5000
//	officebench stdio -bin BINARY -data DIR [-cap MIB] [-sweeps 2] [-warm 200]
//	officebench http -bin BINARY -data DIR [-cap MIB] [-clients 16] [-duration 60s]
//	officebench table < RESULTS
//
// gen writes the scale books of package bookgen once and links them, as
// hard links (no extra disk), under every mandator's name: DIR holds
// mandators × years mandator-years, each a separate file to the server.
// stdio starts BINARY over stdio and calls get_income_statement on every
// mandator-year in turn, -sweeps times, then -warm times on the last one
// (in the cache): it prints the median and 90th-percentile latency of each
// sweep and of the warm calls, and the server's peak RSS (VmHWM of
// /proc/PID/status, Linux). http starts BINARY on a loopback port and has
// -clients clients call the mandator-years in rotation, each from its own
// offset, for -duration: it prints the calls, their latencies and the peak
// RSS. Each prints one line of JSON, with -label and -books; table turns
// those lines into a Markdown table, a row per label and books.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: officebench gen|stdio|http ...")
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "stdio":
		err = stdio(os.Args[2:])
	case "http":
		err = httpRun(os.Args[2:])
	case "table":
		err = table(os.Stdin, os.Stdout)
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fail(err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "officebench:", msg)
	os.Exit(1)
}

// mandatorName is the folder name of the i-th mandator.
func mandatorName(i int) string { return fmt.Sprintf("Mandant %03d", i) }

func gen(args []string) error {
	fl := flag.NewFlagSet("gen", flag.ContinueOnError)
	out := fl.String("out", "", "data root to write (must not exist)")
	mandators := fl.Int("mandators", 200, "mandators")
	years := fl.Int("years", 10, "years per mandator")
	postings := fl.Int("postings", 5000, "postings per year")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *out == "" || *mandators < 1 {
		return errors.New("gen needs -out and -mandators >= 1")
	}
	if _, err := os.Stat(*out); err == nil {
		return fmt.Errorf("%s exists; give a new folder", *out)
	}
	src := *out + ".src"
	defer os.RemoveAll(src)
	if err := bookgen.WriteScale(src, *years, *postings); err != nil {
		return err
	}
	old := time.Now().Add(-time.Hour) // saved a while ago: no racy re-reads
	var bytes int64
	for _, y := range bookgen.ScaleYears(*years) {
		from := filepath.Join(src, strconv.Itoa(y), bookgen.ScaleMandator, "Data")
		files, err := os.ReadDir(from)
		if err != nil {
			return err
		}
		for i := range *mandators {
			to := filepath.Join(*out, strconv.Itoa(y), mandatorName(i), "Data")
			if err := os.MkdirAll(to, 0o755); err != nil {
				return err
			}
			for _, f := range files {
				if err := os.Link(filepath.Join(from, f.Name()), filepath.Join(to, f.Name())); err != nil {
					return err
				}
				if info, err := f.Info(); err == nil {
					bytes += info.Size()
				}
			}
		}
	}
	err := filepath.WalkDir(*out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		return err
	}
	fmt.Printf(`{"mandators":%d,"years":%d,"postings":%d,"xmlBytes":%d}`+"\n", *mandators, *years, *postings, bytes)
	return nil
}

// common are the flags of stdio and http.
type common struct {
	bin, data string
	cap       int
	maxRSS    float64
	label     string
	books     string
}

func (c *common) flags(fl *flag.FlagSet) {
	fl.StringVar(&c.bin, "bin", "", "the accounting-mcp binary")
	fl.StringVar(&c.data, "data", "", "the data root (from gen)")
	fl.IntVar(&c.cap, "cap", 0, "Settings__MaxCacheMiB (0: unset, the binary's default)")
	fl.StringVar(&c.label, "label", "", "the row's label in table")
	fl.StringVar(&c.books, "books", "", "the books' description in table")
	fl.Float64Var(&c.maxRSS, "maxrss", 0, "stop early when the server's RSS exceeds this many MiB (0: never), to spare a shared machine")
}

func (c *common) command(args ...string) *exec.Cmd {
	cmd := exec.Command(c.bin, args...)
	cmd.Env = append(os.Environ(), "Settings__DataPath="+c.data)
	if c.cap > 0 {
		cmd.Env = append(cmd.Env, "Settings__MaxCacheMiB="+strconv.Itoa(c.cap))
	}
	cmd.Stderr = os.Stderr
	return cmd
}

// scopes lists every mandator-year of the data root, year by year.
func scopes(data string) ([][2]any, error) {
	years, err := os.ReadDir(data)
	if err != nil {
		return nil, err
	}
	var out [][2]any
	for _, y := range years {
		year, err := strconv.Atoi(y.Name())
		if err != nil {
			continue
		}
		ms, err := os.ReadDir(filepath.Join(data, y.Name()))
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			out = append(out, [2]any{m.Name(), year})
		}
	}
	// Mandator by mandator, as someone working through the clients would.
	sort.SliceStable(out, func(i, j int) bool { return out[i][0].(string) < out[j][0].(string) })
	return out, nil
}

func call(ctx context.Context, cs *mcp.ClientSession, scope [2]any) (time.Duration, error) {
	start := time.Now()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_income_statement",
		Arguments: map[string]any{"mandator": scope[0], "year": scope[1]}})
	d := time.Since(start)
	if err == nil && res.IsError {
		b, _ := json.Marshal(res.StructuredContent)
		err = fmt.Errorf("%v: %s", scope, b)
	}
	return d, err
}

// stats are latency figures in milliseconds.
type stats struct {
	N            int     `json:"n"`
	MedianMs     float64 `json:"medianMs"`
	P90Ms        float64 `json:"p90Ms"`
	TotalSeconds float64 `json:"totalSeconds"`
}

func summarize(ds []time.Duration) stats {
	if len(ds) == 0 {
		return stats{}
	}
	var total time.Duration
	for _, d := range ds {
		total += d
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	return stats{N: len(ds), MedianMs: ms(ds[len(ds)/2]), P90Ms: ms(ds[len(ds)*9/10]), TotalSeconds: total.Seconds()}
}

// rss returns the peak and current resident set of pid in MiB (Linux).
func rss(pid int) (peak, now float64) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1, -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseFloat(f[1], 64)
		switch f[0] {
		case "VmHWM:":
			peak = kb / 1024
		case "VmRSS:":
			now = kb / 1024
		}
	}
	return peak, now
}

func stdio(args []string) error {
	fl := flag.NewFlagSet("stdio", flag.ContinueOnError)
	var c common
	c.flags(fl)
	sweeps := fl.Int("sweeps", 2, "sweeps over every mandator-year")
	warm := fl.Int("warm", 200, "calls on the last mandator-year after the sweeps")
	if err := fl.Parse(args); err != nil {
		return err
	}
	all, err := scopes(c.data)
	if err != nil {
		return err
	}
	ctx := context.Background()
	cmd := c.command()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "officebench", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return err
	}
	defer cs.Close()
	out := map[string]any{"mode": "stdio", "label": c.label, "books": c.books, "cap": c.cap, "mandatorYears": len(all)}
	for s := range *sweeps {
		var ds []time.Duration
		for i, sc := range all {
			d, err := call(ctx, cs, sc)
			if err != nil {
				return err
			}
			ds = append(ds, d)
			if _, now := rss(cmd.Process.Pid); c.maxRSS > 0 && now > c.maxRSS {
				out["stopped"] = fmt.Sprintf("RSS %.0f MiB over -maxrss in sweep %d after %d of %d calls", now, s+1, i+1, len(all))
				break
			}
		}
		peak, now := rss(cmd.Process.Pid)
		out[fmt.Sprintf("sweep%d", s+1)] = summarize(ds)
		out[fmt.Sprintf("sweep%dPeakRssMiB", s+1)] = peak
		out[fmt.Sprintf("sweep%dRssMiB", s+1)] = now
		if out["stopped"] != nil {
			return json.NewEncoder(os.Stdout).Encode(out)
		}
	}
	var ds []time.Duration
	last := all[len(all)-1]
	for range *warm {
		d, err := call(ctx, cs, last)
		if err != nil {
			return err
		}
		ds = append(ds, d)
	}
	out["warm"] = summarize(ds)
	peak, now := rss(cmd.Process.Pid)
	out["peakRssMiB"], out["rssMiB"] = peak, now
	return json.NewEncoder(os.Stdout).Encode(out)
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func httpRun(args []string) error {
	fl := flag.NewFlagSet("http", flag.ContinueOnError)
	var c common
	c.flags(fl)
	clients := fl.Int("clients", 16, "concurrent clients")
	duration := fl.Duration("duration", time.Minute, "how long the clients call")
	if err := fl.Parse(args); err != nil {
		return err
	}
	all, err := scopes(c.data)
	if err != nil {
		return err
	}
	addr, err := freePort()
	if err != nil {
		return err
	}
	cmd := c.command("--http", addr, "--no-auth")
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }()
	ctx := context.Background()
	endpoint := "http://" + addr + "/mcp"
	var sessions []*mcp.ClientSession
	for deadline := time.Now().Add(10 * time.Second); len(sessions) < *clients; {
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "officebench", Version: "1"}, nil).Connect(ctx,
			&mcp.StreamableClientTransport{Endpoint: endpoint, DisableStandaloneSSE: true}, nil)
		if err != nil {
			if time.Now().After(deadline) {
				return err
			}
			time.Sleep(100 * time.Millisecond) // the server is starting
			continue
		}
		defer cs.Close()
		sessions = append(sessions, cs)
	}
	var mu sync.Mutex
	var ds []time.Duration
	var failed error
	var peak float64
	var stopped string
	start := time.Now()
	var stopAt sync.Map // "at": time.Time, moved earlier by -maxrss
	stopAt.Store("at", start.Add(*duration))
	running := func() bool { at, _ := stopAt.Load("at"); return time.Now().Before(at.(time.Time)) }
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() { // VmHWM is the peak; -maxrss stops the clients early
		defer close(sampled)
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Second):
				p, now := rss(cmd.Process.Pid)
				peak = max(peak, p)
				if c.maxRSS > 0 && now > c.maxRSS && stopped == "" {
					stopped = fmt.Sprintf("RSS %.0f MiB over -maxrss after %.0f s", now, time.Since(start).Seconds())
					stopAt.Store("at", time.Now())
				}
			}
		}
	}()
	var wg sync.WaitGroup
	for i, cs := range sessions {
		wg.Go(func() {
			for n := i * len(all) / len(sessions); running(); n++ {
				d, err := call(ctx, cs, all[n%len(all)])
				mu.Lock()
				ds = append(ds, d)
				if err != nil && failed == nil {
					failed = err
				}
				mu.Unlock()
				if err != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	close(done)
	<-sampled
	if failed != nil {
		return failed
	}
	p, now := rss(cmd.Process.Pid)
	out := map[string]any{"mode": "http", "label": c.label, "books": c.books, "cap": c.cap, "clients": *clients, "seconds": time.Since(start).Seconds(), "mandatorYears": len(all),
		"calls": summarize(ds), "peakRssMiB": max(p, peak), "rssMiB": now}
	if stopped != "" {
		out["stopped"] = stopped
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}
