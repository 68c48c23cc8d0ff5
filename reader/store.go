package reader

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// A Store reads the books below one data root. It is safe for concurrent use.
type Store struct {
	fsys  fs.FS
	key   string // prefix of cache keys: the absolute root, or a name for an embedded root
	cache cache
	books booksCache
	dirs  dirCache
}

// Open returns a Store for the data root at path. A trailing slash or
// backslash is accepted. Open fails when path is not a readable directory.
func Open(path string) (*Store, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("data path is empty")
	}
	clean := strings.TrimRight(path, `/\`)
	if clean == "" || (len(clean) == 2 && clean[1] == ':') { // "/" or "D:\"
		clean = path[:len(clean)+1]
	}
	abs, err := filepath.Abs(clean)
	if err != nil {
		return nil, fmt.Errorf("data path %q: %w", path, err)
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, fmt.Errorf("data path %q: %w", path, errors.Unwrap(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("data path %q is not a directory", path)
	}
	if _, err := os.ReadDir(abs); err != nil {
		return nil, fmt.Errorf("data path %q is not readable: %w", path, errors.Unwrap(err))
	}
	return &Store{fsys: os.DirFS(abs), key: abs}, nil
}

// OpenFS returns a Store over fsys, such as the embedded demo books. name
// distinguishes its cache entries from those of other stores.
func OpenFS(fsys fs.FS, name string) *Store {
	return &Store{fsys: fsys, key: name}
}

// Years returns every year folder of the data root that holds books of at
// least one mandator, ascending.
func (s *Store) Years() ([]int, error) {
	years, err := s.yearFolders()
	if err != nil {
		return nil, err
	}
	var out []int
	for _, y := range years {
		if ms, _ := s.mandatorsOf(y); len(ms) > 0 {
			out = append(out, y)
		}
	}
	return out, nil
}

// Mandators returns the mandators with books in year, or in any year when
// year is 0, sorted.
func (s *Store) Mandators(year int) ([]string, error) {
	years := []int{year}
	if year != 0 && !validYear(year) {
		return nil, nil
	}
	if year == 0 {
		var err error
		if years, err = s.yearFolders(); err != nil {
			return nil, err
		}
	}
	set := map[string]bool{}
	for _, y := range years {
		ms, err := s.mandatorsOf(y)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		for _, m := range ms {
			set[m] = true
		}
	}
	return sortedKeys(set), nil
}

// MandatorYears returns the years in which mandator has books, ascending.
func (s *Store) MandatorYears(mandator string) ([]int, error) {
	years, err := s.yearFolders()
	if err != nil {
		return nil, err
	}
	var out []int
	for _, y := range years {
		if validMandatorName(mandator) && s.hasBooks(y, mandator) {
			out = append(out, y)
		}
	}
	return out, nil
}

// yearFolders lists the folders of the root whose name is exactly four digits.
func (s *Store) yearFolders() ([]int, error) {
	entries, err := s.readDir(".")
	if err != nil {
		return nil, fmt.Errorf("reading data root: %w", err)
	}
	var years []int
	for _, e := range entries {
		name := e.name
		if len(name) != 4 || !e.isDir {
			continue
		}
		if y, ok := digits(name); ok && validYear(y) {
			years = append(years, y)
		}
	}
	sort.Ints(years)
	return years, nil
}

// mandatorsOf lists the mandator folders of one year: sub-folders other than
// backup that contain Data/Accounts.xml.
func (s *Store) mandatorsOf(year int) ([]string, error) {
	entries, err := s.readDir(strconv.Itoa(year))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.isDir && validMandatorName(e.name) && s.hasBooks(year, e.name) {
			out = append(out, e.name)
		}
	}
	return out, nil
}

// validYear reports whether y is a year a folder can name: four digits.
func validYear(y int) bool { return y >= 1000 && y <= 9999 }

func (s *Store) hasBooks(year int, mandator string) bool {
	if !validYear(year) {
		return false
	}
	st, err := fs.Stat(s.fsys, dataFile(year, mandator, "Accounts.xml"))
	return err == nil && st.Mode().IsRegular()
}

// validMandatorName rejects names that could leave a year folder, and the
// backup folder.
func validMandatorName(m string) bool {
	return m != "" && m != "." && m != ".." && !strings.ContainsAny(m, `/\:`) &&
		!strings.EqualFold(m, "backup") && fs.ValidPath(m)
}

func dataFile(year int, mandator, name string) string {
	return strconv.Itoa(year) + "/" + mandator + "/Data/" + name
}

// Books loads the books of mandator in year, reading the files it needs
// concurrently. While none of the files has changed (the file cache
// revalidates each by stat), it returns the same *Books as before, so that
// what is derived from them can be kept (see Memo). An unknown mandator or
// year yields an error wrapping ErrNotFound; a malformed file a *ParseError.
func (s *Store) Books(ctx context.Context, mandator string, year int) (*Books, error) {
	if !validMandatorName(mandator) || !s.hasBooks(year, mandator) {
		return nil, fmt.Errorf("mandator %q in %d: %w", mandator, year, ErrNotFound)
	}
	b, files := s.loadFiles(ctx, mandator, year)
	parsed := make([]any, len(files))
	for i, f := range files {
		if f.err != nil {
			return nil, f.err
		}
		if i == 0 && !f.found { // Accounts.xml vanished since hasBooks
			return nil, fmt.Errorf("mandator %q in %d: %w", mandator, year, ErrNotFound)
		}
		if f.found {
			b.Files = append(b.Files, f.stamp)
		}
		parsed[i] = f.parsed
	}
	return s.books.current(b, parsed), nil
}

// A fileLoad is the outcome of loading one file of a mandator-year.
type fileLoad struct {
	name   string
	stamp  FileStamp
	parsed any // the file cache's value (a *[]T), nil for a missing file
	found  bool
	err    error
}

// loadFiles reads the files of mandator in year concurrently, through the
// file cache, into new Books, in the order Accounts, SubClasses,
// Transactions, BankTransactions, BookingRules. A missing file is not an
// error here; Books and CheckFiles decide what failures mean.
func (s *Store) loadFiles(ctx context.Context, mandator string, year int) (*Books, []fileLoad) {
	b := &Books{Mandator: mandator, Year: year}
	loaders := []struct {
		name string
		load func(ctx context.Context, rel string) (FileStamp, any, bool, error)
	}{
		{"Accounts.xml", partLoader(s, ParseAccounts, &b.Accounts)},
		{"SubClasses.xml", partLoader(s, ParseSubClasses, &b.SubClasses)},
		{"Transactions.xml", partLoader(s, ParseTransactions, &b.Transactions)},
		{"BankTransactions.xml", partLoader(s, ParseBankTransactions, &b.BankTransactions)},
		{"BookingRules.xml", partLoader(s, ParseBookingRules, &b.BookingRules)},
	}
	files := make([]fileLoad, len(loaders))
	var wg sync.WaitGroup
	for i, l := range loaders {
		wg.Go(func() {
			f := &files[i]
			f.name = l.name
			f.stamp, f.parsed, f.found, f.err = l.load(ctx, dataFile(year, mandator, l.name))
		})
	}
	wg.Wait()
	b.HasTransactionsFile, b.HasBankFile = files[2].found, files[3].found
	return b, files
}

// BooksOfYears loads several years of one mandator in parallel, in the order
// given. It fails with the first error in that order.
func (s *Store) BooksOfYears(ctx context.Context, mandator string, years []int) ([]*Books, error) {
	out := make([]*Books, len(years))
	errs := make([]error, len(years))
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
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// partLoader returns a function that loads one file through the cache into
// *dst. It reports whether the file exists and returns the cache's parsed
// value of the file (a *[]T, nil for a missing file). The value stays the same pointer as
// long as the file is unchanged, which is how Books knows that it may hand
// out the books it built before.
func partLoader[T any](s *Store, parse func(string, []byte) ([]T, error), dst *[]T) func(context.Context, string) (FileStamp, any, bool, error) {
	return func(ctx context.Context, rel string) (FileStamp, any, bool, error) {
		v, stamp, err := s.cache.load(ctx, s.fsys, s.key, rel, func(data []byte) (any, error) {
			items, err := parse(rel, data)
			return &items, err
		})
		if errors.Is(err, fs.ErrNotExist) {
			return FileStamp{}, nil, false, nil
		}
		if err != nil {
			return FileStamp{}, nil, true, err
		}
		if p, ok := v.(*[]T); ok {
			*dst = *p
		}
		return stamp, v, true, nil
	}
}

func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
