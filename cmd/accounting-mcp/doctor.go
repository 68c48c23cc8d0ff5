package main

import (
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// doctorProgressAfter is how long doctor works silently before it reports on
// stderr which books it is checking; tests set it to 0.
var doctorProgressAfter = 500 * time.Millisecond

// errBooksHaveErrors reports error-severity findings. It wraps errToolFailed
// so that run exits 1 without printing anything more: the report says it.
var errBooksHaveErrors = fmt.Errorf("the books have errors: %w", errToolFailed)

// runDoctor checks every mandator-year of the data path and prints a report
// on stdout: mandators, years, counts (accounts, postings, bank lines, open
// lines) and every check_books finding, which include the data warnings the
// tools attach to their answers and the files that cannot be read, and the
// folders that cannot be read (reader.Store.FolderProblems). It
// returns errBooksHaveErrors when any finding has error severity. doctor is
// for the operator at a terminal, not for an MCP client's model, so it
// reports full detail whatever the privacy mode.
func runDoctor(ctx context.Context, e *cmdEnv, args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("doctor takes no arguments, got %q", args)}
	}
	source := "data path " + e.cfg.DataPath
	if e.cfg.Demo {
		source = "the embedded demo books"
	}
	// On a terminal, which books are being checked, once the delay has run
	// out, and how far the reading of a large year has got; elsewhere
	// nothing.
	start := time.Now()
	status := newStatusLine(e.stderr)
	progress := func(ctx context.Context, year int, mandator string) context.Context {
		if time.Since(start) >= doctorProgressAfter {
			status.Println(fmt.Sprintf("checking %d/%s…", year, mandator))
		}
		return reader.WithProgress(ctx, status.Progress)
	}
	errs, err := doctor(ctx, e.store, e.cfg.Rates, source, e.stdout, progress)
	status.Clear()
	if err != nil {
		return err
	}
	if errs > 0 {
		return errBooksHaveErrors
	}
	return nil
}

// doctor writes the report of every mandator-year of store to w and returns
// the number of error-severity findings.
func doctor(ctx context.Context, store *reader.Store, rates analysis.Rates, source string, w io.Writer,
	progress func(ctx context.Context, year int, mandator string) context.Context) (int, error) {
	mandators, err := store.Mandators(0)
	if err != nil {
		return 0, err
	}
	years, err := store.Years()
	if err != nil {
		return 0, err
	}
	folders, err := store.FolderProblems()
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(w, "accounting-mcp doctor: %s\n", source)
	fmt.Fprintf(w, "cache: %d MiB for parsed books (Settings__MaxCacheMiB)\n", store.CacheStats().Limit>>20)
	total := map[string]int{}
	if len(folders) > 0 {
		// Folders discovery had to leave out: their books are in no answer.
		fmt.Fprintln(w, "folders:")
		for _, pe := range folders {
			sev := analysis.SeverityError
			if pe.Kind == reader.KindDuplicateFolder {
				sev = analysis.SeverityWarning
			}
			total[sev]++
			fmt.Fprintf(w, "        %-7s  %s: %s\n", sev, pe.Kind, pe.Error())
		}
	}
	if len(mandators) == 0 {
		fmt.Fprintln(w, "no books found: no <year>/<mandator>/Data/Accounts.xml below the data path")
		return total[analysis.SeverityError], nil
	}
	fmt.Fprintf(w, "mandators: %s\n", strings.Join(mandators, ", "))
	fmt.Fprintf(w, "years: %s\n", joinInts(years))
	booksChecked := 0
	for _, m := range mandators {
		fmt.Fprintf(w, "\n%s\n", m)
		ys, err := store.MandatorYears(m)
		if err != nil {
			return 0, err
		}
		for _, y := range ys {
			b, unreadable, err := store.CheckFiles(progress(ctx, y, m), m, y)
			if err != nil {
				return 0, err
			}
			fs := analysis.CheckBooks(b, rates, unreadable)
			severities := map[string]int{}
			for _, f := range fs {
				severities[f.Severity]++
				total[f.Severity]++
			}
			booksChecked++
			fmt.Fprintf(w, "  %d  %s: %s\n", y, bookCounts(b, unreadable), verdict(severities))
			for _, f := range fs {
				fmt.Fprintf(w, "        %-7s  %s: %s\n", f.Severity, f.Code, f.Message)
			}
		}
	}
	fmt.Fprintf(w, "\nsummary: %d mandator-years checked: %s\n", booksChecked, verdict(total))
	return total[analysis.SeverityError], nil
}

// bookCounts describes what a mandator-year holds: "24 accounts, 394
// postings, 240 bank lines (7 open, 1 ignored)".
func bookCounts(b *reader.Books, unreadable []*reader.ParseError) string {
	bad := map[string]bool{}
	for _, pe := range unreadable {
		bad[path.Base(pe.File)] = true
	}
	part := func(file string, n int, noun string) string {
		if bad[file] {
			return file + " unreadable"
		}
		return plural(n, noun)
	}
	parts := []string{part("Accounts.xml", len(b.Accounts), "account")}
	switch {
	case bad["Transactions.xml"]:
		parts = append(parts, "Transactions.xml unreadable")
	case !b.HasTransactionsFile:
		parts = append(parts, "no Transactions.xml (a year just opened)")
	default:
		parts = append(parts, plural(len(b.Transactions), "posting"))
	}
	switch {
	case bad["BankTransactions.xml"]:
		parts = append(parts, "BankTransactions.xml unreadable")
	case !b.HasBankFile:
		parts = append(parts, "no bank file")
	case bad["Transactions.xml"] || bad["Accounts.xml"]:
		parts = append(parts, plural(len(b.BankTransactions), "bank line"))
	default:
		open := analysis.OpenBankTransactions(analysis.NewLedger(b))
		parts = append(parts, fmt.Sprintf("%s (%d open, %d ignored)", plural(len(b.BankTransactions), "bank line"), len(open.Lines), open.Ignored))
	}
	return strings.Join(parts, ", ")
}

// verdict summarizes severities: "ok", "ok, 2 warnings, 1 info" or "3 errors, 1 warning".
func verdict(n map[string]int) string {
	var parts []string
	if n[analysis.SeverityError] == 0 {
		parts = append(parts, "ok")
	} else {
		parts = append(parts, plural(n[analysis.SeverityError], "error"))
	}
	if k := n[analysis.SeverityWarning]; k > 0 {
		parts = append(parts, plural(k, "warning"))
	}
	if k := n[analysis.SeverityInfo]; k > 0 {
		parts = append(parts, fmt.Sprintf("%d info", k))
	}
	return strings.Join(parts, ", ")
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ", ")
}
