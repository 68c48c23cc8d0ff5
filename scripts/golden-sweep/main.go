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
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
