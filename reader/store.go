package reader

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"runtime"
	"sync"
	"time"

	"golang.org/x/text/unicode/norm"
)

// A Store reads the books below one data root. It is safe for concurrent use.
type Store struct {
	fsys  fs.FS
	key   string // prefix of cache keys: the absolute root, or a name for an embedded root
	cache cache  // of parsed files and the Books built from them
	dirs  dirCache
	// maxFile is the size ceiling of one data file; 0 means
	// DefaultMaxFileSize.
	maxFile int64
	// seen tells a file being saved from an absent one (see missingFile).
	seen presence
	now  func() time.Time // nil: time.Now; set by tests
}

// A Need names optional files that an answer reads besides the core files
// every answer reads (Accounts.xml, SubClasses.xml, Transactions.xml).
type Need uint8

const (
	// NeedBank reads BankTransactions.xml, whose failure fails the books,
	// and BookingRules.xml, whose failure only leaves the rules out (listed
	// in Books.Unreadable).
	NeedBank Need = 1 << iota
	// needChecks reads the files no answer uses (BookingTexts.xml,
	// SplitPredefinitions.xml), only to check that they are well-formed.
	needChecks
)

// A dataPart is one file of a mandator-year: whether an answer reads it
// (need 0: always), whether its failure fails the books, and how it loads
// into the books.
type dataPart struct {
	name     string
	need     Need
	required bool
	// load loads the file; with cachedOnly, only when a stat decides the
	// answer (cache.cached), else it returns errNotCached.
	load func(ctx context.Context, rel string, cachedOnly bool) partLoad
}

// parts returns the files of b's mandator-year in the order of Books.Files,
// each loading into b.
func (s *Store) parts(b *Books) []dataPart {
	return []dataPart{
		{"Accounts.xml", 0, true, partLoader(s, ParseAccounts, &b.Accounts)},
		{"SubClasses.xml", 0, true, partLoader(s, ParseSubClasses, &b.SubClasses)},
		{"Transactions.xml", 0, true, partLoader(s, ParseTransactions, &b.Transactions)},
		{"BankTransactions.xml", NeedBank, true, partLoader(s, ParseBankTransactions, &b.BankTransactions)},
		{"BookingRules.xml", NeedBank, false, partLoader(s, ParseBookingRules, &b.BookingRules)},
		{"BookingTexts.xml", needChecks, false, partLoader(s, parseWellFormed, new([]struct{}))},
		{"SplitPredefinitions.xml", needChecks, false, partLoader(s, parseWellFormed, new([]struct{}))},
	}
}

// IsOptionalFile reports whether name (a file name such as
// "BookingRules.xml") is one of the optional files of a mandator-year,
// which only the answers that need them read (see Need).
func IsOptionalFile(name string) bool {
	var b Books
	for _, p := range (&Store{}).parts(&b) {
		if p.name == name {
			return p.need != 0
		}
	}
	return false
}

// SetMaxFileSize sets the size ceiling of one data file in bytes (0 or less
// restores DefaultMaxFileSize). A larger file is refused with a permanent
// error naming it, before it is read. Call it before the Store is used.
func (s *Store) SetMaxFileSize(n int64) {
	if n <= 0 {
		n = DefaultMaxFileSize
	}
	s.maxFile = n
}

func (s *Store) maxFileSize() int64 {
	if s.maxFile <= 0 {
		return DefaultMaxFileSize
	}
	return s.maxFile
}

// Books loads the core books of mandator in year (see Need), reading the
// files concurrently. While none of the files has changed (the file cache
// revalidates each by stat), it returns the same *Books as before, so that
// what is derived from them can be kept (see Memo). An unknown mandator or
// year yields an error wrapping ErrNotFound; a file that cannot be read a
// *ParseError; a done ctx, ctx's error.
func (s *Store) Books(ctx context.Context, mandator string, year int) (*Books, error) {
	return s.BooksWith(ctx, mandator, year, 0)
}

// BooksWith loads the books of mandator in year like Books, with the
// optional files that need names. An optional file that is not required
// and cannot be read is left out: its items stay empty and its *ParseError
// is in Books.Unreadable; unless it is being saved (a retryable error),
// which fails the books, so that the next call reads it whole.
func (s *Store) BooksWith(ctx context.Context, mandator string, year int, need Need) (*Books, error) {
	b, files, err := s.loadFiles(ctx, mandator, year, need)
	if err != nil {
		return nil, err
	}
	parsed := make([]any, len(files))
	group, oneGroup := (*cacheGroup)(nil), true
	for i, f := range files {
		if f.found && f.err == nil {
			if group == nil {
				group = f.group
			}
			oneGroup = oneGroup && f.group != nil && f.group == group
		}
		switch {
		case f.err != nil && (f.part.required || isRetryable(f.err)):
			return nil, f.err // a file being saved fails the books: ask again
		case f.err != nil:
			b.Unreadable = append(b.Unreadable, toParseError(f.err, f.rel))
		case i == 0 && !f.found: // Accounts.xml vanished since discovery
			return nil, fmt.Errorf("mandator %q in %d: %w", mandator, year, ErrNotFound)
		case f.found:
			b.Files = append(b.Files, f.stamp)
		}
		parsed[i] = f.parsed
	}
	if !oneGroup {
		group = nil // a file was dropped from the cache while the others were read
	}
	return s.cache.currentBooks(b, parsed, group), nil
}

// A fileLoad is the outcome of loading one file of a mandator-year.
type fileLoad struct {
	part   dataPart
	rel    string
	stamp  FileStamp
	parsed any // the file cache's value (a *[]T), nil for a missing file
	group  *cacheGroup
	size   int64 // of a file to read
	found  bool
	err    error
}

// loadFiles reads the files of mandator in year that need asks for
// concurrently, through the file cache, into new Books, in the order of
// parts. A missing file is not an error here; BooksWith and CheckFiles
// decide what failures mean. The error is for books that do not exist (it
// wraps ErrNotFound) and for a done ctx.
func (s *Store) loadFiles(ctx context.Context, mandator string, year int, need Need) (*Books, []fileLoad, error) {
	name := norm.NFC.String(mandator)
	folder, ok := s.folderOf(year, name)
	if !ok {
		return nil, nil, fmt.Errorf("mandator %q in %d: %w", mandator, year, ErrNotFound)
	}
	b := &Books{Mandator: name, Year: year, Needs: need}
	var files []fileLoad
	for _, p := range s.parts(b) {
		if p.need == 0 || p.need&need != 0 {
			files = append(files, fileLoad{part: p, rel: dataFile(year, folder, p.name)})
		}
	}
	// A warm call finds its files unchanged by a stat each; only files to
	// read are loaded, in parallel.
	var read []int
	var bytes int64
	for i := range files {
		f := &files[i]
		f.set(f.part.load(ctx, f.rel, true))
		if errors.Is(f.err, errNotCached) {
			read = append(read, i)
			bytes += f.size
		}
	}
	if ctx.Value(plannedKey{}) == nil {
		trackerOf(ctx).plan(len(read), bytes)
	}
	var wg sync.WaitGroup
	for _, i := range read {
		wg.Go(func() {
			f := &files[i]
			f.set(f.part.load(ctx, f.rel, false))
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	for i := range files {
		// A missing file may be one being saved (see missingFile).
		f := &files[i]
		switch {
		case f.found && f.err == nil:
			s.seen.found(f.rel)
		case !f.found:
			if f.err = s.missingFile(f.part, f.rel); f.err != nil {
				f.found = true // not absent: failing, as BooksWith and CheckFiles report
			}
		}
	}
	for _, f := range files {
		switch f.part.name {
		case "Transactions.xml":
			b.HasTransactionsFile = f.found
		case "BankTransactions.xml":
			b.HasBankFile = f.found
		}
	}
	return b, files, nil
}

// BooksOfYears loads several years of one mandator in parallel, in the order
// given. It fails with the first error in that order.
func (s *Store) BooksOfYears(ctx context.Context, mandator string, years []int) ([]*Books, error) {
	out, errs := s.BooksEach(ctx, mandator, years)
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// BooksEach loads several years of one mandator in parallel, as Books does,
// and returns the books and the error of each year, in the order given:
// one unreadable year does not stop the others.
func (s *Store) BooksEach(ctx context.Context, mandator string, years []int) ([]*Books, []error) {
	out := make([]*Books, len(years))
	errs := make([]error, len(years))
	if t := trackerOf(ctx); t != nil {
		// Count every year's reads first, so that the total is known from
		// the first report on.
		var files int
		var bytes int64
		for _, y := range years {
			n, b := s.pending(mandator, y)
			files, bytes = files+n, bytes+b
		}
		t.plan(files, bytes)
		ctx = context.WithValue(ctx, plannedKey{}, true)
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, y := range years {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			out[i], errs[i] = s.Books(ctx, mandator, y)
		})
	}
	wg.Wait()
	return out, errs
}

// A partLoad is what loading one file yields: its stamp, the cache's parsed
// value of the file (a *[]T, nil for a missing file) and the group it is
// cached in, whether the file exists, and, for a file still to be read,
// its size.
type partLoad struct {
	stamp  FileStamp
	parsed any
	group  *cacheGroup
	size   int64
	found  bool
	err    error
}

func (f *fileLoad) set(l partLoad) {
	f.stamp, f.parsed, f.group, f.size, f.found, f.err = l.stamp, l.parsed, l.group, l.size, l.found, l.err
}

// pending returns how many files of the core books of mandator in year
// (those Books reads) must be read, and their bytes.
func (s *Store) pending(mandator string, year int) (files int, bytes int64) {
	folder, ok := s.folderOf(year, norm.NFC.String(mandator))
	if !ok {
		return 0, 0
	}
	for _, p := range s.parts(&Books{}) {
		if p.need != 0 {
			continue
		}
		if _, _, _, size, _, ok := s.cache.cached(s.fsys, s.key, dataFile(year, folder, p.name), s.maxFileSize()); !ok {
			files, bytes = files+1, bytes+size
		}
	}
	return files, bytes
}

// partLoader returns a function that loads one file through the cache into
// *dst. The parsed value stays the same pointer as long as the file is
// unchanged, which is how Books knows that it may hand out the books it
// built before.
func partLoader[T any](s *Store, parse func(string, []byte) ([]T, error), dst *[]T) func(context.Context, string, bool) partLoad {
	return func(ctx context.Context, rel string, cachedOnly bool) partLoad {
		var l partLoad
		var v any
		if cachedOnly {
			var ok bool
			if v, l.stamp, l.group, l.size, l.err, ok = s.cache.cached(s.fsys, s.key, rel, s.maxFileSize()); !ok {
				return partLoad{stamp: l.stamp, size: l.size, found: true, err: errNotCached}
			}
		} else {
			v, l.stamp, l.group, l.err = s.cache.load(ctx, s.fsys, s.key, rel, s.maxFileSize(), func(data []byte) (any, error) {
				items, err := parse(rel, data)
				return &items, err
			})
		}
		if errors.Is(l.err, fs.ErrNotExist) {
			return partLoad{}
		}
		if l.err != nil {
			return partLoad{found: true, err: l.err}
		}
		if p, ok := v.(*[]T); ok {
			*dst = *p
		}
		l.parsed, l.found = v, true
		return l
	}
}

// errNotCached says that a file must be read to be loaded.
var errNotCached = errors.New("not cached")

// isRetryable reports whether err is a ParseError of a file being saved.
func isRetryable(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe) && pe.Retryable
}

// toParseError returns err as a *ParseError for rel; any other error (none
// is expected) becomes one of KindIO.
func toParseError(err error, rel string) *ParseError {
	var pe *ParseError
	if errors.As(err, &pe) {
		return pe
	}
	return &ParseError{File: rel, Kind: KindIO, Reason: "cannot read: " + unwrapAll(err).Error()}
}
