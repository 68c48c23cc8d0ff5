package reader

import (
	"io/fs"
	"path"
	"sync"
	"time"
)

// dirCache keeps the listings of the data root and its year folders, so
// that discovery (Years, Mandators, MandatorYears), which every tool call
// runs, stats a folder instead of reading it. A listing is revalidated like
// a file: by the folder's modification time, which changes whenever an
// entry is added, removed or renamed. A listing read within racyWindow of
// that time, or of a folder without a time (embedded and in-memory roots),
// is read again on every use.
type dirCache struct {
	mu       sync.Mutex
	listings map[string]dirListing
}

type dirListing struct {
	mtime   time.Time
	entries []dirEntry
}

// dirEntry is what discovery needs of an entry.
type dirEntry struct {
	name  string
	isDir bool
}

// readDir lists the folder name of s's root.
func (s *Store) readDir(name string) ([]dirEntry, error) {
	st, err := fs.Stat(s.fsys, name)
	if err != nil {
		return nil, err
	}
	c := &s.dirs
	c.mu.Lock()
	l, ok := c.listings[name]
	c.mu.Unlock()
	if ok && l.mtime.Equal(st.ModTime()) {
		return l.entries, nil
	}
	readAt := time.Now()
	list, err := fs.ReadDir(s.fsys, name)
	if err != nil {
		return nil, err
	}
	entries := make([]dirEntry, len(list))
	for i, e := range list {
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 { // a linked year or mandator folder counts as the folder it names
			st, err := fs.Stat(s.fsys, path.Join(name, e.Name()))
			isDir = err == nil && st.IsDir()
		}
		entries[i] = dirEntry{e.Name(), isDir}
	}
	if mt := st.ModTime(); !mt.IsZero() && readAt.Sub(mt) >= racyWindow {
		c.mu.Lock()
		if c.listings == nil {
			c.listings = make(map[string]dirListing)
		}
		c.listings[name] = dirListing{mt, entries}
		c.mu.Unlock()
	}
	return entries, nil
}
