package reader

import (
	"context"
	"errors"
	"fmt"
)

// CheckFiles reads the books of mandator in year like Books, except that a
// file that cannot be parsed does not stop the others: its items stay empty,
// it is left out of Files, and its *ParseError is returned, one per
// unreadable file in the order Accounts, SubClasses, Transactions,
// BankTransactions, BookingRules. It is meant for data checks; the tools use
// Books. The error is non-nil only for books that do not exist (it wraps
// ErrNotFound) and for a cancelled ctx.
func (s *Store) CheckFiles(ctx context.Context, mandator string, year int) (*Books, []*ParseError, error) {
	if !validMandatorName(mandator) || !s.hasBooks(year, mandator) {
		return nil, nil, fmt.Errorf("mandator %q in %d: %w", mandator, year, ErrNotFound)
	}
	b, files := s.loadFiles(ctx, mandator, year)
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var unreadable []*ParseError
	for _, f := range files {
		switch {
		case f.err == nil && f.found:
			b.Files = append(b.Files, f.stamp)
		case f.err != nil:
			var pe *ParseError
			if !errors.As(f.err, &pe) {
				// A file that exists but cannot even be opened (permissions).
				pe = &ParseError{File: dataFile(year, mandator, f.name), Reason: "cannot read: " + unwrapAll(f.err).Error()}
			}
			unreadable = append(unreadable, pe)
		}
	}
	return b, unreadable, nil
}

// unwrapAll returns the innermost error of a chain, which for a *fs.PathError
// is the reason without the path.
func unwrapAll(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
