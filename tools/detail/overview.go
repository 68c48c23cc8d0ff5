package detail

import (
	"context"
	"errors"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// The attention codes of get_mandators_overview (docs/forecast.md#overview).
const (
	AttentionStaleBank  = "stale_bank_lines"
	AttentionData       = "data_problems"
	AttentionLoss       = "loss"
	AttentionNotSaved   = "not_saved"
	AttentionNotStarted = "year_not_started"
)

// The thresholds of the attention codes, in days.
const (
	staleBankDays = 30
	notSavedDays  = 90
)

// DefaultOverviewLimit and MaxOverviewLimit bound a page of the overview.
const (
	DefaultOverviewLimit = 50
	MaxOverviewLimit     = 500
)

// OverviewIn are the arguments of get_mandators_overview.
type OverviewIn struct {
	Year   int `json:"year,omitempty" jsonschema:"book year; default: each mandator's latest. With year, only mandators with books that year"`
	Limit  int `json:"limit,omitempty" jsonschema:"rows to return, 1 to 500 (default 50)"`
	Offset int `json:"offset,omitempty" jsonschema:"rows to skip, for the next page"`
}

// Overview is a fiduciary's one call over every mandator: a row each with
// the year's key figures, open bank lines, data problems and what needs a
// look first.
var Overview = toolkit.New(toolkit.Spec[OverviewIn, sensitive.MandatorsOverview]{
	Name:  "get_mandators_overview",
	Title: "Mandators overview",
	Description: "Use for 'which of my clients need attention?': one row per mandator (years, last save, equity, result, income, expenses, unbooked bank lines, check_books counts) " +
		"with attention codes; those needing attention first, then latest save first.",
	Input: func(s *jsonschema.Schema) {
		toolkit.YearRange(s, "year")
		toolkit.Range(s, "limit", 1, MaxOverviewLimit)
		toolkit.Range(s, "offset", 0, 1e9)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in OverviewIn) (*sensitive.MandatorsOverview, error) {
		names, err := env.Store.Mandators(in.Year)
		if err != nil {
			return nil, err
		}
		if in.Year != 0 && len(names) == 0 {
			years, err := env.Store.Years()
			if err != nil {
				return nil, err
			}
			return nil, toolkit.Errorf(toolkit.CodeUnknownYear, "omit year for each mandator's latest books",
				"no mandator has books for %d; years with books: %s", in.Year, yearList(years))
		}
		now := env.Now()
		rows := make([]sensitive.MandatorOverview, len(names))
		var wg sync.WaitGroup
		sem := make(chan struct{}, runtime.GOMAXPROCS(0))
		for i, m := range names {
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				rows[i] = overviewRow(ctx, env, m, in.Year, now)
			})
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		SortOverview(rows)
		out := &sensitive.MandatorsOverview{Year: in.Year, AsOf: dateOf(now).String(), Total: len(rows), Offset: in.Offset}
		for _, r := range rows {
			if len(r.Attention) > 0 {
				out.NeedAttention++
			}
		}
		limit := in.Limit
		if limit == 0 {
			limit = DefaultOverviewLimit
		}
		start := min(in.Offset, len(rows))
		end := min(start+limit, len(rows))
		page := rows[start:end]
		n := toolkit.Fit(len(page), func(n int) int {
			out.Mandators = page[:n]
			return toolkit.JSONSize(out) + 48 // room for the paging fields set below
		})
		out.Mandators = page[:n]
		if start+n < len(rows) {
			out.Truncated, out.NextOffset = true, start+n
		}
		return out, nil
	},
})

// SortOverview orders rows as get_mandators_overview lists them: rows with
// attention codes first, then the latest save first, then by name.
func SortOverview(rows []sensitive.MandatorOverview) {
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if (len(a.Attention) > 0) != (len(b.Attention) > 0) {
			return len(a.Attention) > 0
		}
		if a.DataAsOf != b.DataAsOf { // RFC 3339 in one zone sorts as text; see latestSave
			return a.DataAsOf > b.DataAsOf
		}
		return a.Mandator < b.Mandator
	})
}

type digestKey struct{}

// overviewRow works out one mandator's row. Nothing fails the overview: a
// mandator whose books cannot be read is a row with its error and the
// data_problems code.
func overviewRow(ctx context.Context, env *toolkit.Env, m string, year int, now time.Time) sensitive.MandatorOverview {
	row := sensitive.MandatorOverview{Mandator: m, Findings: map[string]int{}, Attention: []sensitive.Attention{}}
	years, err := env.Store.MandatorYears(m)
	if err != nil || len(years) == 0 {
		row.Error = "the mandator's year folders cannot be listed"
		row.Attention = append(row.Attention, sensitive.Attention{Code: AttentionData, Count: 1})
		return row
	}
	row.FirstYear, row.LastYear = years[0], years[len(years)-1]
	row.Year = year
	if year == 0 {
		row.Year = row.LastYear
	}
	var saved time.Time
	var d analysis.BooksDigest
	figures := true
	if b, err := env.Store.BooksWith(ctx, m, row.Year, reader.NeedBank); err == nil {
		toolkit.Observe(ctx, b)
		saved = latestSave(b)
		d = digestOf(env, b)
		setFigures(&row, d)
		row.UnbookedBankLines = len(d.OpenBankDates)
	} else {
		d, saved, figures = brokenBooksDigest(ctx, env, &row, err)
	}
	row.DataAsOf = toolkit.FormatDataAsOf(saved)
	for code, n := range d.Findings {
		row.Findings[code] = n
	}
	for _, a := range attentionOf(row, d, saved, figures, now) {
		if a.Count > 0 {
			row.Attention = append(row.Attention, a)
		}
	}
	return row
}

// digestOf returns the digest of b, computed once per version of the books.
func digestOf(env *toolkit.Env, b *reader.Books) analysis.BooksDigest {
	return env.Store.Memo(b, digestKey{}, func() any {
		return analysis.Digest(analysis.CachedLedger(env.Store, b), env.Rates, b.Unreadable)
	}).(analysis.BooksDigest)
}

// setFigures copies the figures of d into row.
func setFigures(row *sensitive.MandatorOverview, d analysis.BooksDigest) {
	row.EquityChf, row.NetChf = toolkit.Money(d.EquityChf), toolkit.Money(d.NetChf)
	row.IncomeChf, row.ExpensesChf = toolkit.Money(d.IncomeChf), toolkit.Money(d.ExpensesChf)
	row.Postings = d.Postings
}

// brokenBooksDigest fills in row for books that cannot be read whole (err):
// its error, what check_books finds in each file on its own, and the
// figures if the core files alone can be read. It returns the digest the
// attention codes need, the latest save, and whether the figures are known.
func brokenBooksDigest(ctx context.Context, env *toolkit.Env, row *sensitive.MandatorOverview, err error) (analysis.BooksDigest, time.Time, bool) {
	row.Error = "the books of this year cannot be read"
	var pe *reader.ParseError
	if errors.As(err, &pe) {
		row.Error = "cannot read the books: " + pe.Error()
	}
	var d analysis.BooksDigest
	var saved time.Time
	// What check_books would say: each file on its own.
	cb, unreadable, cerr := env.Store.CheckFiles(ctx, row.Mandator, row.Year)
	if cerr == nil {
		toolkit.Observe(ctx, cb)
		saved = latestSave(cb)
		fs := analysis.CheckBooks(cb, env.Rates, unreadable)
		d.Findings = analysis.CountFindings(fs)
		for _, f := range fs {
			if f.Severity == analysis.SeverityError {
				d.Errors++
			}
		}
	}
	if d.Errors == 0 {
		d.Errors = 1 // the books failed: that is a problem even if no finding says why
	}
	// The figures need only the core files: a broken bank file leaves
	// them readable.
	figures := false
	if core, cerr := env.Store.BooksWith(ctx, row.Mandator, row.Year, 0); cerr == nil {
		toolkit.Observe(ctx, core)
		cd := digestOf(env, core)
		setFigures(row, cd)
		d.NetChf, d.Postings, figures = cd.NetChf, cd.Postings, true
	}
	return d, saved, figures
}

// attentionOf returns the attention codes of row with their counts, zero
// counts included: stale bank lines, data problems, a loss, books not saved
// for long, a year not started.
func attentionOf(row sensitive.MandatorOverview, d analysis.BooksDigest, saved time.Time, figures bool, now time.Time) []sensitive.Attention {
	today := dateOf(now)
	stale := 0
	for _, v := range d.OpenBankDates {
		if daysBetween(v, today) > staleBankDays {
			stale++
		}
	}
	problems := d.Errors
	if d.Findings[analysis.CheckUnreadableFile] > 0 && problems == 0 {
		problems = d.Findings[analysis.CheckUnreadableFile] // optional files: warnings, still a look
	}
	attention := []sensitive.Attention{
		{Code: AttentionStaleBank, Count: stale},
		{Code: AttentionData, Count: problems},
	}
	if figures && d.NetChf.Sign() < 0 {
		attention = append(attention, sensitive.Attention{Code: AttentionLoss, Count: 1})
	}
	if !saved.IsZero() && row.Year == row.LastYear {
		if days := int(now.Sub(saved).Hours() / 24); days > notSavedDays {
			attention = append(attention, sensitive.Attention{Code: AttentionNotSaved, Count: days})
		}
	}
	switch cur := now.Year(); {
	case row.LastYear == cur-1:
		attention = append(attention, sensitive.Attention{Code: AttentionNotStarted, Count: 1})
	case row.LastYear == cur && row.Year == cur && figures && d.Postings == 0:
		attention = append(attention, sensitive.Attention{Code: AttentionNotStarted, Count: 1})
	}
	return attention
}

// latestSave is the latest modification time of b's files, in UTC, so that
// rows compare by their RFC 3339 text.
func latestSave(b *reader.Books) time.Time {
	var t time.Time
	for _, f := range b.Files {
		if f.ModTime.After(t) {
			t = f.ModTime
		}
	}
	return t.UTC()
}

// daysBetween returns the days from a to b.
func daysBetween(a, b reader.Date) int {
	ta := time.Date(a.Year(), time.Month(a.Month()), a.Day(), 0, 0, 0, 0, time.UTC)
	tb := time.Date(b.Year(), time.Month(b.Month()), b.Day(), 0, 0, 0, 0, time.UTC)
	return int(tb.Sub(ta).Hours() / 24)
}

func yearList(v []int) string {
	s := make([]string, len(v))
	for i, y := range v {
		s[i] = strconv.Itoa(y)
	}
	return strings.Join(s, ", ")
}
