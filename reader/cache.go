package reader

import (
	"bytes"
	"container/list"
	"context"
	"crypto/sha256"
	"errors"
	"io/fs"
	"sync"
	"time"
	"unicode/utf8"
)

// racyWindow is how long after its modification a file's size and mtime do
// not prove it unchanged: a rewrite of the same size within the file
// system's timestamp granularity (2 s on FAT, 1 s on HFS+ and ext3, a clock
// tick elsewhere) leaves both as they were. An entry read within this
// window of its mtime is "racy": it is used only after its content has been
// read again and found the same, as git does with racily clean files.
const racyWindow = 3 * time.Second

// cache keeps parsed files by absolute path, and the Books built from them
// (see booksCache), within a cap (see lru.go). An entry is valid while the
// file's size and modification time are unchanged (and, while racy, its
// content); each entry has its own lock, so a file is never parsed twice at
// once while other files load in parallel.
type cache struct {
	mu        sync.Mutex
	entries   map[string]*cacheEntry
	books     map[booksKey]*booksEntry
	groups    map[string]*cacheGroup
	lru       list.List // of *cacheGroup, the most recently used first
	limit     int64     // the cap in bytes; 0: DefaultMaxCacheSize
	used      int64     // estimated bytes of all groups
	evictions int64
}

type cacheEntry struct {
	mu    sync.Mutex
	size  int64
	mtime time.Time
	value any
	err   error // a permanent parse error for this size and mtime
	valid bool
	racy  bool              // read within racyWindow of mtime: check sum before use
	sum   [sha256.Size]byte // of the content, while racy
	group *cacheGroup       // its mandator-year; set once, under cache.mu
	cost  int64             // estimated bytes of value, under cache.mu
}

func (c *cache) entry(key string) *cacheEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = make(map[string]*cacheEntry)
	}
	e := c.entries[key]
	if e == nil {
		e = &cacheEntry{group: c.groupLocked(key)}
		e.group.files[key] = e
		c.entries[key] = e
	}
	c.touchLocked(e.group)
	return e
}

// saveWindow is how long after its last modification a file that ends
// early is taken to be in the middle of a save: the app rewrites a file in
// place within a second or two, so a cut file older than this stays cut,
// and calling again cannot help.
const saveWindow = 30 * time.Second

// load returns the parsed value of the file rel of fsys, parsing it only when
// it is new or changed. A missing file yields an error wrapping
// fs.ErrNotExist; anything but a regular file, or a file over limit bytes,
// an immediate permanent *ParseError; a done ctx, ctx's error. The group
// is the value's mandator-year in the cache, nil when the value is not
// cached.
func (c *cache) load(ctx context.Context, fsys fs.FS, root, rel string, limit int64, parse func([]byte) (any, error)) (any, FileStamp, *cacheGroup, error) {
	if err := ctx.Err(); err != nil {
		return nil, FileStamp{}, nil, err
	}
	before, err := fs.Stat(fsys, rel)
	if err != nil {
		return nil, FileStamp{}, nil, openError(rel, err)
	}
	stamp := FileStamp{Path: rel, ModTime: before.ModTime()}
	if err := checkRegular(rel, before, limit); err != nil {
		return nil, stamp, nil, err
	}
	key := root + "/" + rel
	e := c.entry(key)
	// A call reporting progress counted this file as 2 × its size (read,
	// then parsed); readFile reports what it read, the rest is reported
	// here however the load ends.
	var data []byte
	defer func() { trackerOf(ctx).advance(max(2*before.Size()-int64(len(data)), 0), true) }()
	e.mu.Lock()
	defer e.mu.Unlock()
	sameStat := e.sameStat(before)
	if sameStat && !e.racy {
		return e.value, stamp, c.liveGroup(key, e), e.err
	}
	readAt := time.Now()
	data, err = readFile(ctx, fsys, rel, limit)
	if errors.Is(err, fs.ErrNotExist) { // removed since the stat: a save under way
		return nil, stamp, nil, changedWhileReading(rel)
	}
	if err != nil {
		return nil, stamp, nil, err
	}
	after, err := fs.Stat(fsys, rel)
	if err != nil || after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) || int64(len(data)) != before.Size() {
		return nil, stamp, nil, changedWhileReading(rel)
	}
	racy := readAt.Sub(before.ModTime()) < racyWindow
	var sum [sha256.Size]byte
	if racy || sameStat {
		sum = sha256.Sum256(data)
	}
	if sameStat && sum == e.sum {
		e.racy = racy // the same content: no need to parse it again
		return e.value, stamp, c.liveGroup(key, e), e.err
	}
	value, beingSaved, err := parseRead(rel, data, parse, readAt.Sub(before.ModTime()))
	if beingSaved {
		e.valid = false // do not remember what may be a half-written file
		return nil, stamp, nil, err
	}
	e.size, e.mtime, e.value, e.err, e.valid = before.Size(), before.ModTime(), value, err, true
	e.racy, e.sum = racy, sum
	cost := int64(1 << 10) // a parse error keeps little
	if err == nil {
		cost = estimate(len(data))
	}
	return value, stamp, c.charge(key, e, cost), err
}

// parseRead parses data, the content of rel read age after its last
// modification. Content that looks cut off (inside a character, or where
// parse says so) may be a file caught mid-save only if it was saved
// moments ago: then its error is retryable and beingSaved is true; an
// older one is simply broken.
func parseRead(rel string, data []byte, parse func([]byte) (any, error), age time.Duration) (value any, beingSaved bool, err error) {
	if cutInCharacter(data) {
		err = &ParseError{File: rel, Line: bytes.Count(data, []byte("\n")) + 1, Kind: KindTruncated,
			Reason: "file ends inside a character (cut off while being written)", Retryable: true}
	} else {
		value, err = parse(data)
	}
	var pe *ParseError
	if errors.As(err, &pe) && pe.Kind == KindTruncated {
		beingSaved = age.Abs() < saveWindow
		pe.Retryable = beingSaved
	}
	return value, beingSaved, err
}

// liveGroup returns e's group if e is still cached, else nil.
func (c *cache) liveGroup(key string, e *cacheEntry) *cacheGroup {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries[key] != e {
		return nil
	}
	return e.group
}

// cached is load without reading: what load returns when its stat decides
// the answer (the file is missing, not a regular file, too large, or
// unchanged since it was parsed), with ok true; ok false when load would
// read the file. A warm call checks its files with it one after the other,
// and loads in parallel only those it must read.
// The group is as load's; size is the file's size.
func (c *cache) cached(fsys fs.FS, root, rel string, limit int64) (value any, stamp FileStamp, g *cacheGroup, size int64, err error, ok bool) {
	before, err := fs.Stat(fsys, rel)
	if err != nil {
		return nil, FileStamp{}, nil, 0, openError(rel, err), true
	}
	stamp = FileStamp{Path: rel, ModTime: before.ModTime()}
	if err := checkRegular(rel, before, limit); err != nil {
		return nil, stamp, nil, 0, err, true
	}
	key := root + "/" + rel
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e == nil {
		return nil, stamp, nil, before.Size(), nil, false
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.sameStat(before) && !e.racy {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.entries[key] == e {
			c.touchLocked(e.group)
			g = e.group
		}
		return e.value, stamp, g, before.Size(), e.err, true
	}
	return nil, stamp, nil, before.Size(), nil, false
}

// sameStat reports whether the entry holds the file as st describes it.
func (e *cacheEntry) sameStat(st fs.FileInfo) bool {
	return e.valid && e.size == st.Size() && e.mtime.Equal(st.ModTime())
}

func changedWhileReading(rel string) *ParseError {
	return &ParseError{File: rel, Kind: KindChangedWhileReading, Reason: "file changed while it was read", Retryable: true}
}

// cutInCharacter reports whether data ends inside a multi-byte UTF-8
// character, as a file does that is being written when it is read. (The
// XML decoder would call that invalid UTF-8, a permanent error.)
func cutInCharacter(data []byte) bool {
	if isUTF16(data) { // checked when it is decoded
		return false
	}
	for i := len(data) - 1; i >= 0 && i >= len(data)-utf8.UTFMax; i-- {
		if utf8.RuneStart(data[i]) {
			return !utf8.FullRune(data[i:])
		}
	}
	return false
}
