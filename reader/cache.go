package reader

import (
	"context"
	"fmt"
	"io/fs"
	"sync"
	"time"
)

// cache keeps parsed files by absolute path. An entry is valid while the
// file's size and modification time are unchanged; each entry has its own
// lock, so a file is never parsed twice at once while other files load in
// parallel.
type cache struct {
	mu      sync.Mutex
	entries map[string]*cacheEntry
}

type cacheEntry struct {
	mu    sync.Mutex
	size  int64
	mtime time.Time
	value any
	err   error // a permanent parse error for this size and mtime
	valid bool
}

func (c *cache) entry(key string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[string]*cacheEntry)
	}
	e := c.entries[key]
	if e == nil {
		e = &cacheEntry{}
		c.entries[key] = e
	}
	return e
}

// load returns the parsed value of the file rel of fsys, parsing it only when
// it is new or changed. A missing file yields an error wrapping fs.ErrNotExist.
func (c *cache) load(ctx context.Context, fsys fs.FS, root, rel string, parse func([]byte) (any, error)) (any, FileStamp, error) {
	if err := ctx.Err(); err != nil {
		return nil, FileStamp{}, err
	}
	before, err := fs.Stat(fsys, rel)
	if err != nil {
		return nil, FileStamp{}, err
	}
	stamp := FileStamp{Path: rel, ModTime: before.ModTime()}
	e := c.entry(root + "/" + rel)
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.valid && e.size == before.Size() && e.mtime.Equal(before.ModTime()) {
		return e.value, stamp, e.err
	}
	data, err := fs.ReadFile(fsys, rel)
	if err != nil {
		return nil, stamp, &ParseError{File: rel, Reason: fmt.Sprintf("cannot read: %v", err), Retryable: true}
	}
	after, err := fs.Stat(fsys, rel)
	if err != nil || after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) || int64(len(data)) != before.Size() {
		return nil, stamp, &ParseError{File: rel, Reason: "file changed while it was read", Retryable: true}
	}
	value, err := parse(data)
	if pe, ok := err.(*ParseError); ok && pe.Retryable {
		e.valid = false // do not remember what may be a half-written file
		return nil, stamp, err
	}
	e.size, e.mtime, e.value, e.err, e.valid = before.Size(), before.ModTime(), value, err, true
	return value, stamp, err
}
