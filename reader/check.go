package reader

import (
	"context"
	"errors"
	"fmt"
	"sync"
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
	b := &Books{Mandator: mandator, Year: year}
	loads := []struct {
		name string
		load func(ctx context.Context, rel string) (FileStamp, bool, error)
	}{
		{"Accounts.xml", loader(s, ParseAccounts, &b.Accounts)},
		{"SubClasses.xml", loader(s, ParseSubClasses, &b.SubClasses)},
		{"Transactions.xml", loader(s, ParseTransactions, &b.Transactions)},
		{"BankTransactions.xml", loader(s, ParseBankTransactions, &b.BankTransactions)},
		{"BookingRules.xml", loader(s, ParseBookingRules, &b.BookingRules)},
	}
	stamps := make([]FileStamp, len(loads))
	found := make([]bool, len(loads))
	errs := make([]error, len(loads))
	var wg sync.WaitGroup
	for i, l := range loads {
		wg.Go(func() { stamps[i], found[i], errs[i] = l.load(ctx, dataFile(year, mandator, l.name)) })
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	var unreadable []*ParseError
	for i, l := range loads {
		switch err := errs[i]; {
		case err == nil && found[i]:
			b.Files = append(b.Files, stamps[i])
		case err != nil:
			var pe *ParseError
			if !errors.As(err, &pe) {
				// A file that exists but cannot even be opened (permissions).
				pe = &ParseError{File: dataFile(year, mandator, l.name), Reason: "cannot read: " + unwrapAll(err).Error()}
			}
			unreadable = append(unreadable, pe)
		}
	}
	b.HasTransactionsFile = found[2]
	b.HasBankFile = found[3]
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
