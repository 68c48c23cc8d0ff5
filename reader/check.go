package reader

import (
	"context"
	"errors"
)

// CheckFiles reads every file of mandator in year, the optional ones
// included, like BooksWith, except that a file that cannot be read does not
// stop the others: its items stay empty, it is left out of Files, and its
// *ParseError is returned, one per unreadable file in the order Accounts,
// SubClasses, Transactions, BankTransactions, BookingRules, BookingTexts,
// SplitPredefinitions (the last two, which no answer uses, are only checked
// to be well-formed XML). It is meant for data checks; the tools use Books.
// The error is non-nil only for books that do not exist (it wraps
// ErrNotFound) and for a done ctx.
func (s *Store) CheckFiles(ctx context.Context, mandator string, year int) (*Books, []*ParseError, error) {
	b, files, err := s.loadFiles(ctx, mandator, year, NeedBank|needChecks)
	if err != nil {
		return nil, nil, err
	}
	var unreadable []*ParseError
	for _, f := range files {
		switch {
		case f.err == nil && f.found:
			b.Files = append(b.Files, f.stamp)
		case f.err != nil:
			unreadable = append(unreadable, toParseError(f.err, f.rel))
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
