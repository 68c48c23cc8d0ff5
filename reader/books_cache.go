package reader

import (
	"slices"
	"sync"
)

// The cache also keeps the Books that Store.BooksWith last built for each
// mandator, year and set of optional files, with the parsed files they were
// built from, in the group of their mandator-year (lru.go): dropped with
// it. The file cache revalidates every file by size and modification time
// on every call and returns the same parsed value while a file is
// unchanged; so when all the values are the ones the cached Books were
// built from, those Books are handed out again, and otherwise replaced.
// Values derived from Books (see Store.Memo) live in the entry and go with
// it.

type booksKey struct {
	mandator string
	year     int
	needs    Need
}

type booksEntry struct {
	parsed []any // the file cache's values the books were built from
	books  *Books
	group  *cacheGroup
	memo   map[any]*memoCell
}

type memoCell struct {
	mu    sync.Mutex
	done  bool
	value any
}

// currentBooks returns the cached Books of b's mandator and year if they
// were built from the same parsed files, else remembers b and returns it.
// g is the group the parsed files are cached in; when it is nil or no
// longer cached (dropped while the files were read), b are not remembered.
func (c *cache) currentBooks(b *Books, parsed []any, g *cacheGroup) *Books {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := booksKey{b.Mandator, b.Year, b.Needs}
	if e := c.books[key]; e != nil && slices.Equal(e.parsed, parsed) {
		c.touchLocked(e.group)
		return e.books
	}
	if g == nil || c.groups[g.key] != g {
		delete(c.books, key)
		return b
	}
	if c.books == nil {
		c.books = make(map[booksKey]*booksEntry)
	}
	c.books[key] = &booksEntry{parsed: parsed, books: b, group: g}
	if !slices.Contains(g.books, key) {
		g.books = append(g.books, key)
	}
	return b
}

// cell returns the memo cell of key for b, or nil when b are not the
// current books of their mandator and year.
func (c *cache) cell(b *Books, key any) *memoCell {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.books[booksKey{b.Mandator, b.Year, b.Needs}]
	if e == nil || e.books != b {
		return nil
	}
	if e.memo == nil {
		e.memo = make(map[any]*memoCell)
	}
	m := e.memo[key]
	if m == nil {
		m = &memoCell{}
		e.memo[key] = m
	}
	return m
}

// Memo returns the value build derives from b, such as an index, computing
// it once for as long as b are the Store's current books of their mandator
// and year: a file changed on disk yields new Books from Books, and with
// them a fresh memo. key identifies the kind of value (use an unexported
// type of the caller's package). For books that the Store does not hold as
// current, built by hand or since replaced, build runs on every call.
// Concurrent callers of one key wait for a single build; build must not
// call Memo for the same books and key.
func (s *Store) Memo(b *Books, key any, build func() any) any {
	m := s.cache.cell(b, key)
	if m == nil {
		return build()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.done {
		m.value = build() // a panic leaves the cell empty for the next call
		m.done = true
	}
	return m.value
}
