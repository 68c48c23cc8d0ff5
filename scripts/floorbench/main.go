// Command floorbench measures accounting-mcp against the go-sdk's own
// floor, side by side in one run, and prints every figure as a ratio to
// its floor, with its target:
//
//   - start-up: `accounting-mcp --demo call list_years` against a go-sdk
//     server that initializes an in-memory client and exits (floor init);
//   - warm calls over stdio, from a client that writes JSON-RPC by hand:
//     a trivial call and get_expenses_by_category on books of 1 and of 50
//     years, against a go-sdk server's no-op tool (floor stdio); and a
//     24 KB get_transactions page against the no-op and against a go-sdk
//     server that answers with the same 24 KB, ready-made;
//   - HTTP throughput at 4 and 16 clients against a go-sdk Streamable HTTP
//     server, configured as accounting-mcp configures it, answering with
//     the same answer.
//
// The floors are built from scripts/floorbench/floor with the go-sdk of
// go.mod. Every measure runs in rounds, the subjects taking turns within
// each round, and each ratio is taken within a round: the figures are the
// median and the range of the rounds. The machine may be busy; compare
// ratios, not times, between runs.
//
//	go run ./scripts/floorbench                    # from the repository root
//	go run ./scripts/floorbench -before main       # also a build of another commit, side by side
//	go run ./scripts/floorbench -rounds 9 -calls 500 -http-time 3s
//
// -before takes a git revision (built from `git archive`, without touching
// the work tree) or the path of an accounting-mcp binary.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
)

// floorName is the subject of the floor figures, and sameName that of a
// floor answering with accounting-mcp's answer, ready-made.
const (
	floorName = "floor"
	sameName  = "floor with the answer"
)

func main() {
	o := options{}
	flag.IntVar(&o.rounds, "rounds", 5, "rounds of every measure")
	flag.IntVar(&o.starts, "starts", 10, "timed starts of each command per round")
	flag.IntVar(&o.calls, "calls", 300, "timed warm calls of each question per round")
	flag.DurationVar(&o.httpTime, "http-time", 2*time.Second, "load time of each HTTP server per round and client count")
	flag.IntVar(&o.postings, "postings", 5000, "postings per year of the generated books")
	flag.StringVar(&o.before, "before", "", "a git revision or an accounting-mcp binary to measure beside this tree")
	flag.StringVar(&o.only, "only", "start,warm,http", "the measures to run, of start, warm and http")
	flag.Parse()
	if err := measure(o); err != nil {
		fmt.Fprintln(os.Stderr, "floorbench:", err)
		os.Exit(1)
	}
}

type options struct {
	rounds, starts, calls, postings int
	httpTime                        time.Duration
	before, only                    string
}

// runs reports whether -only names the measure m.
func (o options) runs(m string) bool { return slices.Contains(strings.Split(o.only, ","), m) }

// A subject is one accounting-mcp binary under measure.
type subject struct {
	name string
	bin  string
}

func measure(o options) error {
	work, err := os.MkdirTemp("", "floorbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	loadBefore := loadavg()
	subjects, floor, err := build(work, o.before)
	if err != nil {
		return err
	}
	books, err := generate(work, o.postings)
	if err != nil {
		return err
	}
	res := newResults()
	if o.runs("start") {
		if err := startUp(res, subjects, floor, o); err != nil {
			return err
		}
	}
	if o.runs("warm") {
		if err := warm(res, work, subjects, floor, books, o); err != nil {
			return err
		}
	}
	if o.runs("http") {
		if err := throughput(res, work, subjects, floor, books[1], o); err != nil {
			return err
		}
	}
	header(o, loadBefore)
	res.print(subjects)
	return nil
}

// build builds accounting-mcp from this tree (and -before) and the floor.
func build(work, before string) ([]subject, string, error) {
	step("building accounting-mcp and the floor")
	subjects := []subject{{"accounting-mcp", filepath.Join(work, "accounting-mcp")}}
	floor := filepath.Join(work, "floor")
	if err := goBuild(".", subjects[0].bin, "./cmd/accounting-mcp"); err != nil {
		return nil, "", err
	}
	if err := goBuild(".", floor, "./scripts/floorbench/floor"); err != nil {
		return nil, "", err
	}
	switch {
	case before == "":
	case isFile(before):
		subjects = append(subjects, subject{"before", before})
	default:
		step("building " + before)
		src := filepath.Join(work, "before-src")
		if err := os.Mkdir(src, 0o755); err != nil {
			return nil, "", err
		}
		archive := exec.Command("sh", "-c", `git archive "$1" | tar -x -C "$2"`, "sh", before, src)
		if out, err := archive.CombinedOutput(); err != nil {
			return nil, "", fmt.Errorf("git archive %s: %v\n%s", before, err, out)
		}
		bin := filepath.Join(work, "accounting-mcp-before")
		if err := goBuild(src, bin, "./cmd/accounting-mcp"); err != nil {
			return nil, "", err
		}
		subjects = append(subjects, subject{"before", bin})
	}
	return subjects, floor, nil
}

func goBuild(dir, out, pkg string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Dir = dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build %s in %s: %v\n%s", pkg, dir, err, b)
	}
	return nil
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// env is the environment of the servers: this one without the settings
// accounting-mcp reads, plus extra.
func env(extra ...string) []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "Settings__") && !strings.HasPrefix(kv, "Mcp__") && !strings.HasPrefix(kv, "Fx__") {
			out = append(out, kv)
		}
	}
	return append(out, extra...)
}

func step(msg string) { fmt.Fprintln(os.Stderr, "floorbench:", msg+"…") }

func header(o options, loadBefore string) {
	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	fmt.Printf("Measured %s on %d cores, %s; load %s before, %s after.\n",
		time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), strings.TrimSpace(string(goVersion)), loadBefore, loadavg())
	fmt.Printf("%d rounds; per round %d starts per command, %d warm calls per question, %s of HTTP load per server and client count; books of %d postings a year.\n",
		o.rounds, o.starts, o.calls, o.httpTime, o.postings)
	fmt.Println("Each figure is the median of the rounds (range in brackets); each ratio is taken within a round.")
	fmt.Println()
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
