// Command benchtool is the helper of scripts/compare-ledger.sh: it times
// commands, drives one running accounting-mcp server over stdio for warm
// tool calls, and brings the answers of ledger, hledger and accounting-mcp
// to one form so that the script can compare them to the cent.
//
//	benchtool time -n RUNS -out FILE -- COMMAND [ARGS...]
//	benchtool warm -n CALLS -call 'TOOL JSON' [-call ...] -- SERVER [ARGS...]
//	benchtool answer -from ledger|hledger|mcp [-account N]
//
// time runs the command once untimed, then RUNS times, and prints the
// median wall time in milliseconds; the last run's stdout goes to FILE.
// warm starts the server once, initializes an MCP session over its stdin
// and stdout, and for each call sends it once untimed and CALLS times timed;
// it prints one line per call: the tool, the median milliseconds per call
// (request written to response read) and the structured result as JSON.
// answer reads an expenses-by-account report on stdin — ledger's or
// hledger's balance report, or the JSON of get_expenses_by_category with
// groupBy account — and prints "NUMBER AMOUNT" per account, the amount
// rounded to cents half away from zero, as accounting-mcp rounds.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: benchtool time|warm|answer ...")
	}
	var err error
	switch os.Args[1] {
	case "time":
		err = timeCmd(os.Args[2:])
	case "warm":
		err = warmCmd(os.Args[2:])
	case "answer":
		err = answerCmd(os.Args[2:])
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fail(err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "benchtool:", msg)
	os.Exit(1)
}

// timeCmd prints the median wall time of a command in milliseconds.
func timeCmd(args []string) error {
	fs := flag.NewFlagSet("time", flag.ContinueOnError)
	n := fs.Int("n", 10, "timed runs")
	out := fs.String("out", "", "file for the last run's stdout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cmdline := fs.Args()
	if len(cmdline) == 0 || *n < 1 {
		return fmt.Errorf("time needs -n >= 1 and a command")
	}
	var last []byte
	var times []time.Duration
	for i := 0; i <= *n; i++ {
		var stdout, stderr bytes.Buffer
		c := exec.Command(cmdline[0], cmdline[1:]...)
		c.Stdout, c.Stderr = &stdout, &stderr
		start := time.Now()
		if err := c.Run(); err != nil {
			return fmt.Errorf("%v: %v\n%s", cmdline, err, stderr.Bytes())
		}
		if i > 0 { // the first run warms the page cache
			times = append(times, time.Since(start))
		}
		last = stdout.Bytes()
	}
	if *out != "" {
		if err := os.WriteFile(*out, last, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%.3f\n", ms(median(times)))
	return nil
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
