package toolkit

import (
	"context"
	"errors"
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// A SkippedYear is a year that an answer over several years left out
// because its books cannot be read.
type SkippedYear struct {
	Year int
	Err  *reader.ParseError
}

// Skipped are the years an answer left out, in the order they were asked.
type Skipped []SkippedYear

// Err returns the error of year, or nil when year was not skipped.
func (s Skipped) Err(year int) *reader.ParseError {
	for _, y := range s {
		if y.Year == year {
			return y.Err
		}
	}
	return nil
}

// Warnings describe each skipped year for an answer's warnings. They carry
// the code, the year, the file relative to the data root, its line and the
// problem's kind, and nothing read from the file, so that they are fit for
// every privacy mode.
func (s Skipped) Warnings() []string {
	out := make([]string, len(s))
	for i, y := range s {
		out[i] = fmt.Sprintf("unreadable_year: %d is left out: %s", y.Year, Unreadable(y.Err))
	}
	return out
}

// ReadableLedgers loads the books of mandator in years in parallel, as
// Ledgers does, and returns the ledgers of the years that can be read, in
// the order given, with the years it skipped: one broken year does not stop
// an answer over the others. When no year can be read, the first year's
// error is returned, so that a question about a single year fails as it
// would alone. A year caught while it is being saved (a retryable error) is
// not skipped but fails the answer, retryably: a moment later every year
// answers. A done ctx, and errors other than unreadable files, are returned
// as they are.
func (e *Env) ReadableLedgers(ctx context.Context, mandator string, years []int) ([]*analysis.Ledger, Skipped, error) {
	books, errs := e.Store.BooksEach(ctx, mandator, years)
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var out []*analysis.Ledger
	var skipped Skipped
	var first error
	for i, b := range books {
		if err := errs[i]; err != nil {
			var pe *reader.ParseError
			if !errors.As(err, &pe) || pe.Retryable {
				// A year being saved is not skipped: the whole answer is
				// retryable, so that the next call has every year.
				return nil, nil, err
			}
			skipped = append(skipped, SkippedYear{Year: years[i], Err: pe})
			if first == nil {
				first = err
			}
			continue
		}
		Observe(ctx, b)
		out = append(out, e.ledger(ctx, b))
	}
	if len(out) == 0 && first != nil {
		return nil, nil, first
	}
	return out, skipped, nil
}

// EachReadableLedger is ReadableLedgers for answers that sum each year on
// its own: fn gets the ledger of each readable year, in the order given,
// and need not keep it. When the years' books fit the Store's cache at
// once (reader.Store.YearsFit, the usual case) they are read in parallel,
// as ReadableLedgers reads them; otherwise one year after the other, so
// that a call over more than the cache holds (ten years of a huge
// mandator) holds one year at a time: each is summed, then left to the
// cache, which drops it as the next comes in. The years skipped and the
// errors are ReadableLedgers'; on an error, what fn was given is void.
func (e *Env) EachReadableLedger(ctx context.Context, mandator string, years []int, fn func(*analysis.Ledger)) (Skipped, error) {
	if e.Store.YearsFit(mandator, years) {
		ledgers, skipped, err := e.ReadableLedgers(ctx, mandator, years)
		if err != nil {
			return nil, err
		}
		for _, l := range ledgers {
			fn(l)
		}
		return skipped, nil
	}
	var skipped Skipped
	var first error
	read := false
	for _, y := range years {
		b, err := e.Store.Books(ctx, mandator, y)
		if cerr := ctx.Err(); cerr != nil {
			return nil, cerr
		}
		if err != nil {
			var pe *reader.ParseError
			if !errors.As(err, &pe) || pe.Retryable {
				return nil, err
			}
			skipped = append(skipped, SkippedYear{Year: y, Err: pe})
			if first == nil {
				first = err
			}
			continue
		}
		Observe(ctx, b)
		read = true
		fn(e.ledger(ctx, b)) // in Aggregate, cut at the last closed month as ReadableLedgers cuts it
	}
	if !read && first != nil {
		return nil, first
	}
	return skipped, nil
}
