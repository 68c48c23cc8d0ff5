package toolkit

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"golang.org/x/text/unicode/norm"
)

// Env is what every tool handler may use. It is shared by concurrent calls
// and never modified after the server is built.
type Env struct {
	Store           *reader.Store
	Rates           analysis.Rates
	DefaultMandator string
	Now             func() time.Time // the clock that picks the default year
	// MinPostings is k of the Aggregate disclosure rules: a figure for less
	// than a year is published only if it covers no posting or at least k.
	MinPostings int
	// Redact is set in the Aggregate mode: errors and warnings then carry
	// codes, counts, paths relative to the data root and line numbers, and
	// never a value read from a file.
	Redact bool
	// ClosedMonths is set in the Aggregate mode: answers cover the books
	// only through Through (the end of the last year that has ended, or
	// with CurrentYear ToDate of the last month that has ended), so the
	// open period and postings dated in the future are in no figure.
	ClosedMonths bool
	// Periods is the finest period the Aggregate mode publishes
	// (mcp.aggregate.periods).
	Periods disclosure.Periods
	// CurrentYear says whether the Aggregate mode shows the year that has
	// not ended (mcp.aggregate.currentYear): Withheld, the default, shows a
	// year once it has ended.
	CurrentYear disclosure.CurrentYear
	// CashAccounts are the configured account numbers that get_cash_flow
	// counts as cash (Mcp__CashAccounts); nil for the default.
	CashAccounts []int
}

// maxNameBytes is longer than any folder name a file system allows (255
// bytes or UTF-16 units); a longer mandator argument names no mandator.
const maxNameBytes = 1024

// Mandator resolves the mandator argument of a call: the named one (exactly,
// in any Unicode normalization form, else the single case- and
// accent-insensitive match), else the configured default, else the only
// mandator there is. Names are returned in NFC, as the Store lists them.
//
// A name given exactly (or the configured default) is found with a few
// stats (Store.IsMandator); only another name, or none where no default is
// configured, needs the listing of every mandator.
func (e *Env) Mandator(name string) (string, error) {
	if n := e.named(name); n != "" {
		if ok, err := e.Store.IsMandator(n, 0); err == nil && ok {
			return n, nil
		}
	}
	all, err := e.Store.Mandators(0)
	if err != nil {
		return "", err
	}
	if name == "" {
		name = e.DefaultMandator
	}
	if len(name) > maxNameBytes { // no folder name is that long: nothing to compare
		return "", Errorf(CodeUnknownMandator, "call list_mandators, or pass one of the names given",
			"mandator %s does not exist; mandators are: %s", Quote(name), quoteList(all))
	}
	name = norm.NFC.String(name)
	if name == "" {
		switch len(all) {
		case 0:
			return "", Errorf(CodeUnknownMandator, "check Settings__DataPath", "the data path holds no books (no <year>/<mandator>/Data/Accounts.xml)")
		case 1:
			return all[0], nil
		}
		return "", Errorf(CodeMandatorRequired, "pass one of them as mandator",
			"there are %d mandators; choose one: %s", len(all), quoteList(all))
	}
	if slices.Contains(all, name) {
		return name, nil
	}
	var matches []string
	folded := analysis.Fold(name)
	for _, m := range all {
		if analysis.Fold(m) == folded {
			matches = append(matches, m)
		}
	}
	if len(matches) == 1 {
		return matches[0], nil
	}
	remedy := "call list_mandators, or pass one of the names given"
	if e.Redact { // Aggregate registers no list_mandators
		remedy = "pass one of the names given"
	}
	return "", Errorf(CodeUnknownMandator, remedy,
		"mandator %s does not exist; mandators are: %s", Quote(name), quoteList(closest(name, all, len(all))))
}

// named returns the mandator a call names, else the configured default, in
// NFC; "" for neither, and for a name longer than any folder name.
func (e *Env) named(name string) string {
	if name == "" {
		name = e.DefaultMandator
	}
	if len(name) > maxNameBytes {
		return ""
	}
	return norm.NFC.String(name)
}

// Year resolves the year argument for mandator: the given one if the mandator
// has books for it, else (when year is 0) the current calendar year if it has
// books, else its latest year. Where that is found, it costs a few stats
// (Store.HasBooks, Store.LatestYear); only an error lists every year.
func (e *Env) Year(mandator string, year int) (int, error) {
	switch {
	case year != 0 && e.Store.HasBooks(mandator, year):
		return year, nil
	case year == 0:
		if y := e.defaultYear(mandator); y != 0 {
			return y, nil
		}
	}
	years, err := e.Store.MandatorYears(mandator)
	if err != nil {
		return 0, err
	}
	if len(years) == 0 {
		return 0, Errorf(CodeUnknownYear, "", "mandator %q has no books in any year", mandator)
	}
	if year == 0 {
		if now := e.Now().Year(); slices.Contains(years, now) {
			return now, nil
		}
		return years[len(years)-1], nil
	}
	if !slices.Contains(years, year) {
		return 0, Errorf(CodeUnknownYear, "call list_years for the years with books",
			"mandator %q has no books for %d; years with books: %s", mandator, year, IntList(years))
	}
	return year, nil
}

// defaultYear is the year a call about mandator means when it names none:
// the current calendar year if the mandator has books for it, else its
// latest year; 0 when it has none. It costs a few stats.
func (e *Env) defaultYear(mandator string) int {
	if now := e.Now().Year(); e.Store.HasBooks(mandator, now) {
		return now
	}
	if y, ok, err := e.Store.LatestYear(mandator); err == nil && ok {
		return y
	}
	return 0
}

// Scope resolves mandator and year together. A mandator named exactly (or
// configured) with books in the year asked about, or in its default year,
// is found with a few stats (Store.Listed), however many years there are;
// anything else takes the way of Mandator and Year.
func (e *Env) Scope(mandator string, year int) (string, int, error) {
	if n := e.named(mandator); n != "" {
		y := year
		if y == 0 {
			y = e.defaultYear(n)
		}
		if y != 0 && e.Store.Listed(n, y) {
			return n, y, nil
		}
	}
	m, err := e.Mandator(mandator)
	if err != nil {
		return "", 0, err
	}
	y, err := e.Year(m, year)
	return m, y, err
}

// Ledger resolves mandator and year and loads and indexes those books. The
// Ledger is kept while the books' files are unchanged (analysis.CachedLedger),
// so a warm call does no indexing.
func (e *Env) Ledger(ctx context.Context, mandator string, year int) (*analysis.Ledger, error) {
	return e.LedgerWith(ctx, mandator, year, 0)
}

// LedgerWith is Ledger over books with the optional files need names.
func (e *Env) LedgerWith(ctx context.Context, mandator string, year int, need reader.Need) (*analysis.Ledger, error) {
	b, err := e.BooksWith(ctx, mandator, year, need)
	if err != nil {
		return nil, err
	}
	return e.ledger(ctx, b), nil
}

// BooksWith resolves mandator and year and loads those books with the
// optional files need names, recording their files for the call's
// dataAsOf. Tools that need no Ledger use it: an answer reads
// only the files it needs, so that a broken optional file fails only the
// answers that need it.
func (e *Env) BooksWith(ctx context.Context, mandator string, year int, need reader.Need) (*reader.Books, error) {
	m, y, err := e.Scope(mandator, year)
	if err != nil {
		return nil, err
	}
	b, err := e.Store.BooksWith(ctx, m, y, need)
	if errors.Is(err, reader.ErrNotFound) {
		return nil, Errorf(CodeUnknownYear, "", "mandator %q has no books for %d", m, y)
	}
	if err != nil {
		return nil, err
	}
	Observe(ctx, b)
	return b, nil
}

// Ledgers loads several years of one mandator in parallel, recording their
// files for the call's dataAsOf. It fails when any year cannot be read;
// answers over several years use ReadableLedgers instead.
func (e *Env) Ledgers(ctx context.Context, mandator string, years []int) ([]*analysis.Ledger, error) {
	books, err := e.Store.BooksOfYears(ctx, mandator, years)
	if err != nil {
		return nil, err
	}
	out := make([]*analysis.Ledger, len(books))
	for i, b := range books {
		Observe(ctx, b)
		out[i] = e.ledger(ctx, b)
	}
	return out, nil
}

// Account finds an account of l by id or by number; exactly one of them
// should be set. Ids are GUIDs, which .NET compares without regard to case
// or braces: "{6F9619FF-…}" finds "6f9619ff-…".
func Account(l *analysis.Ledger, id string, number int) (*reader.Account, error) {
	if id != "" {
		if a := l.Account(id); a != nil {
			return a, nil
		}
		bare := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(id), "{"), "}")
		for i := range l.Books.Accounts {
			if a := &l.Books.Accounts[i]; strings.EqualFold(a.ID, bare) {
				return a, nil
			}
		}
		return nil, Errorf(CodeUnknownAccount, "call list_accounts for the account ids of these books",
			"account id %s is not in the books of %q for %d", Quote(id), l.Books.Mandator, l.Books.Year)
	}
	if a := l.AccountByNumber(number); a != nil {
		return a, nil
	}
	nums := make([]string, len(l.Books.Accounts))
	for i, a := range l.Books.Accounts {
		nums[i] = strconv.Itoa(a.Number)
	}
	return nil, Errorf(CodeUnknownAccount, "call list_accounts for the chart of accounts",
		"account number %d is not in the books of %q for %d; closest numbers: %s",
		number, l.Books.Mandator, l.Books.Year, strings.Join(closest(strconv.Itoa(number), nums, 5), ", "))
}

// IntList writes numbers for a message: 2024, 2025, 2026.
func IntList(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// WarningSummaries converts analysis warnings for answers that every mode
// shares: their summaries, which name no id, text or date, each once with a
// count. (In Aggregate, SummaryWarnings gives codes and counts instead.)
func WarningSummaries(ws []analysis.Warning) []string {
	order, count := tally(ws, func(w analysis.Warning) string { return w.Code + ": " + w.Summary })
	out := make([]string, len(order))
	for i, k := range order {
		out[i] = k
		if n := count[k]; n > 1 {
			out[i] = fmt.Sprintf("%s (%d times)", k, n)
		}
	}
	return out
}

// WarningCodes converts analysis warnings for the Aggregate mode: each code
// once, with how often it occurs, and nothing else.
func WarningCodes(ws []analysis.Warning) []string {
	order, count := tally(ws, func(w analysis.Warning) string { return w.Code })
	out := make([]string, len(order))
	for i, c := range order {
		out[i] = fmt.Sprintf("%s: %d", c, count[c])
	}
	return out
}

// SummaryWarnings converts the warnings of an answer that every mode
// registers: codes and counts in Aggregate, summaries otherwise.
func (e *Env) SummaryWarnings(ws []analysis.Warning) []string {
	if e.Redact {
		return WarningCodes(ws)
	}
	return WarningSummaries(ws)
}

// tally returns the distinct keys of ws in order of first appearance, and
// how often each occurs.
func tally(ws []analysis.Warning, key func(analysis.Warning) string) ([]string, map[string]int) {
	var order []string
	count := map[string]int{}
	for _, w := range ws {
		k := key(w)
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	return order, count
}

// Warnings converts analysis warnings for output.
func Warnings(ws []analysis.Warning) []string {
	if len(ws) == 0 {
		return nil
	}
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = fmt.Sprintf("%s: %s", w.Code, w.Message)
	}
	return out
}
