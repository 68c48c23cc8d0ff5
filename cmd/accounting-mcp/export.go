package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/export"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// exportFlags defines export's own flags (see command.flags).
func exportFlags(fs *flag.FlagSet) {
	fs.Int("year", 0, "export: only this book year (default: every year of the mandator)")
	fs.String("format", "journal", "export: journal (ledger/hledger) or csv")
	fs.String("out", "", "export: write to this new file (default: stdout); never inside the data path")
}

// runExport writes the books of the mandator (--mandator, else the
// configured default, else the only one) as a ledger/hledger journal or as
// CSV of postings, to stdout or to a new file outside the data path. It
// refuses in Aggregate mode, which lets no posting leave the process.
func runExport(ctx context.Context, e *cmdEnv, args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("export takes no arguments, got %q", args)}
	}
	if e.cfg.Privacy == tools.Aggregate {
		return errors.New("export writes every posting, so it is off in the Aggregate privacy mode; run it with --privacy Full")
	}
	year, _ := e.flags.Lookup("year").Value.(flag.Getter).Get().(int)
	format, out := e.flags.Lookup("format").Value.String(), e.flags.Lookup("out").Value.String()
	write := map[string]func(io.Writer, []*reader.Books) (export.Summary, error){"journal": export.Journal, "csv": export.CSV}[format]
	if write == nil {
		return fmt.Errorf("--format %q is not known; use journal or csv", format)
	}
	env := &toolkit.Env{Store: e.store, DefaultMandator: e.cfg.DefaultMandator, Now: time.Now}
	mandator, err := env.Mandator("")
	if err != nil {
		return oneLine(err)
	}
	years, err := e.store.MandatorYears(mandator)
	if err != nil {
		return err
	}
	if year != 0 {
		if _, err := env.Year(mandator, year); err != nil {
			return oneLine(err)
		}
		years = []int{year}
	}
	status := newStatusLine(e.stderr)
	books, err := e.store.BooksOfYears(reader.WithProgress(ctx, status.Progress), mandator, years)
	status.Clear()
	if err != nil {
		return err
	}
	w, done, err := openOut(out, e.cfg, e.stdout)
	if err != nil {
		return err
	}
	sum, err := write(w, books)
	if err = done(err); err != nil {
		return err
	}
	for _, s := range sum.Skipped {
		fmt.Fprintln(e.stderr, "accounting-mcp: export:", s)
	}
	if w != e.stdout {
		fmt.Fprintf(e.stderr, "accounting-mcp: exported %d postings of %q (%s) to %s\n", sum.Postings, mandator, yearSpan(years), out)
	}
	return nil
}

// openOut returns where export writes: stdout for "" or "-", else path as a
// new file, which must not exist yet and must not lie inside the data path,
// which is never written to. done closes it, and removes a file whose
// writing failed.
func openOut(path string, cfg Config, stdout io.Writer) (io.Writer, func(error) error, error) {
	if path == "" || path == "-" {
		return stdout, func(err error) error { return err }, nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--out %s: %w", path, err)
	}
	if _, err := os.Lstat(abs); err == nil {
		return nil, nil, fmt.Errorf("--out %s exists; export writes only new files", path)
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return nil, nil, fmt.Errorf("--out %s: its folder does not exist", path)
	}
	if !cfg.Demo {
		root, err := filepath.Abs(strings.TrimRight(cfg.DataPath, `/\`))
		if err == nil {
			if r, err := filepath.EvalSymlinks(root); err == nil {
				root = r
			}
		}
		if within(dir, root) {
			return nil, nil, fmt.Errorf("--out %s is inside the data path %s; export never writes there", path, cfg.DataPath)
		}
	}
	f, err := os.OpenFile(filepath.Join(dir, filepath.Base(abs)), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, nil, fmt.Errorf("--out %s: %w", path, errors.Unwrap(err))
	}
	return f, func(err error) error {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(f.Name())
			return fmt.Errorf("--out %s: %w", path, err)
		}
		return nil
	}, nil
}

// within reports whether path is root or lies below it. Windows and macOS
// file systems ignore case, so there the comparison does too.
func within(path, root string) bool {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		path, root = strings.ToLower(path), strings.ToLower(root)
	}
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// oneLine returns a tool error as its message alone, for the command line.
func oneLine(err error) error {
	var te *toolkit.Error
	if errors.As(err, &te) {
		return errors.New(te.Message)
	}
	return err
}

func yearSpan(years []int) string {
	if len(years) == 1 {
		return fmt.Sprint(years[0])
	}
	return fmt.Sprintf("%d–%d", years[0], years[len(years)-1])
}
