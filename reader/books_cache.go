package reader

import (
	"slices"
	"sync"
)

// booksCache keeps the Books that Store.BooksWith last built for each
// mandator, year and set of optional files, with the parsed files they were
// built from. The file cache
// revalidates every file by size and modification time on every call and
// returns the same parsed value while a file is unchanged; so when all the
// values are the ones the cached Books were built from, those Books are
// handed out again, and otherwise replaced. Values derived from Books (see
// Store.Memo) live in the entry and go with it.
type booksCache struct {
	mu      sync.Mutex
	entries map[booksKey]*booksEntry
}

type booksKey struct {
	mandator string
	year     int
	needs    Need
}

type booksEntry struct {
	parsed []any // the file cache's values the books were built from
	books  *Books
	memo   map[any]*memoCell
}

type memoCell struct {
	mu    sync.Mutex
	done  bool
	value any
}

// current returns the cached Books of b's mandator and year if they were
// built from the same parsed files, else remembers b and returns it.
func (c *booksCache) current(b *Books, parsed []any) *Books {
	c.mu.Lock()
	defer c.mu.Unlock()
	key := booksKey{b.Mandator, b.Year, b.Needs}
	if e := c.entries[key]; e != nil && slices.Equal(e.parsed, parsed) {
		return e.books
	}
	if c.entries == nil {
		c.entries = make(map[booksKey]*booksEntry)
	}
	c.entries[key] = &booksEntry{parsed: parsed, books: b}
	return b
}

// cell returns the memo cell of key for b, or nil when b are not the
// current books of their mandator and year.
func (c *booksCache) cell(b *Books, key any) *memoCell {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[booksKey{b.Mandator, b.Year, b.Needs}]
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
	m := s.books.cell(b, key)
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
