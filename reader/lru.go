package reader

import (
	"container/list"
	"io/fs"
	"path"

	"golang.org/x/text/unicode/norm"
)

// DefaultMaxCacheSize is the cap of a Store's cache of parsed books unless
// Store.SetMaxCacheSize says otherwise: enough for a household's whole
// history (ten years of 5,000 postings take about 60 MiB), small enough
// for a desktop that also runs the client and a browser.
const DefaultMaxCacheSize int64 = 512 << 20

// MinCacheSize is the smallest cap a Store accepts: below it every
// mandator-year of a heavy household would be read again on every call.
const MinCacheSize int64 = 32 << 20

// parsedPerXMLByte estimates how many bytes of heap the parsed values of a
// file, and the ledger and indexes derived from them, take per byte of its
// XML: measured on the scale books, the books alone keep 0.45 and with
// their ledgers 0.84 (BenchmarkRetainedHeap in reader and in analysis);
// the rest is room for the memos of other tools.
const parsedPerXMLByte = 1.0

// The cache is bounded: the parsed files of one mandator-year (the folder
// that holds them) form a group, with the Books built from them and the
// values derived from those (Memo). Groups are kept in the order of their
// last use; when the estimated size of all groups exceeds the cap, the
// least recently used groups are dropped whole, until the rest fits or only
// the group being read is left. A group that alone exceeds the cap (a
// single huge year) is still read and answered, and dropped by the next
// group read. A dropped mandator-year is read again, as a new one, when it
// is next asked for.

// A cacheGroup is the cached state of one mandator-year.
type cacheGroup struct {
	key   string
	size  int64 // estimated bytes of its files' parsed values
	files map[string]*cacheEntry
	books []booksKey
	elem  *list.Element // in cache.lru
}

// groupKey is the group of the file with cache key key: its folder.
func groupKey(key string) string { return path.Dir(key) }

// limitBytes returns the cap (0: DefaultMaxCacheSize).
func (c *cache) limitBytes() int64 {
	if c.limit <= 0 {
		return DefaultMaxCacheSize
	}
	return c.limit
}

// groupLocked returns the group of the file with cache key key, creating it
// as the most recently used. c.mu must be held.
func (c *cache) groupLocked(key string) *cacheGroup {
	gk := groupKey(key)
	g := c.groups[gk]
	if g == nil {
		if c.groups == nil {
			c.groups = make(map[string]*cacheGroup)
		}
		g = &cacheGroup{key: gk, files: make(map[string]*cacheEntry)}
		g.elem = c.lru.PushFront(g)
		c.groups[gk] = g
	}
	return g
}

// touchLocked marks g as just used, if it is still cached. c.mu must be
// held.
func (c *cache) touchLocked(g *cacheGroup) {
	if g != nil && c.groups[g.key] == g {
		c.lru.MoveToFront(g.elem)
	}
}

// charge records that e, of cache key key, now holds a value of cost
// estimated bytes, and drops the least recently used groups other than
// e's while the cache is over its cap. It returns e's group, or nil when e
// was dropped while it was being read (the value is then the caller's
// alone).
func (c *cache) charge(key string, e *cacheEntry, cost int64) *cacheGroup {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[key] != e {
		return nil
	}
	g := e.group
	g.size += cost - e.cost
	c.used += cost - e.cost
	e.cost = cost
	c.lru.MoveToFront(g.elem)
	limit := c.limitBytes()
	for el := c.lru.Back(); el != nil && c.used > limit; {
		prev := el.Prev()
		if victim := el.Value.(*cacheGroup); victim != g {
			c.dropLocked(victim)
		}
		el = prev
	}
	return g
}

// dropLocked removes g with its files, books and memos. c.mu must be held.
func (c *cache) dropLocked(g *cacheGroup) {
	for key, e := range g.files {
		if c.entries[key] == e {
			delete(c.entries, key)
		}
	}
	for _, bk := range g.books {
		if be := c.books[bk]; be != nil && be.group == g {
			delete(c.books, bk)
		}
	}
	c.used -= g.size
	c.lru.Remove(g.elem)
	delete(c.groups, g.key)
	c.evictions++
}

// estimate is the estimated heap of the parsed value of n bytes of XML.
func estimate(n int) int64 { return int64(float64(n) * parsedPerXMLByte) }

// CacheStats describes a Store's cache: its cap, the estimated bytes it
// holds, the mandator-years it holds and how many it has dropped.
type CacheStats struct {
	Limit, Used       int64
	Groups, Evictions int
}

// CacheStats returns the state of s's cache.
func (s *Store) CacheStats() CacheStats {
	c := &s.cache
	c.mu.Lock()
	defer c.mu.Unlock()
	return CacheStats{Limit: c.limitBytes(), Used: c.used, Groups: len(c.groups), Evictions: int(c.evictions)}
}

// SetMaxCacheSize sets the cap of s's cache of parsed books in bytes (0 or
// less restores DefaultMaxCacheSize). Call it before the Store is used.
func (s *Store) SetMaxCacheSize(n int64) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	s.cache.limit = n
}

// YearsFit reports whether the core books of mandator in years (those
// Books reads), by their estimated size, fit the cache at once: whether an
// answer over those years may hold them all, or should read them one at a
// time and let each go once it has summed it.
func (s *Store) YearsFit(mandator string, years []int) bool {
	name := norm.NFC.String(mandator)
	var need int64
	for _, y := range years {
		folder, ok := s.folderOf(y, name)
		if !ok {
			continue
		}
		for _, p := range s.parts(&Books{}) {
			if p.need != 0 {
				continue
			}
			if st, err := fs.Stat(s.fsys, dataFile(y, folder, p.name)); err == nil {
				need += estimate(int(min(st.Size(), 1<<40)))
			}
		}
	}
	return need <= s.CacheStats().Limit
}
