// Package countfs counts the calls that reach a file system, for tests that
// check how much a call asks of the disk.
package countfs

import (
	"io/fs"
	"sync"
	"sync/atomic"
)

// FS passes every call to the FS it wraps and counts it.
type FS struct {
	fs.FS
	n     atomic.Int64
	mu    sync.Mutex
	opens map[string]int64
}

// New wraps fsys.
func New(fsys fs.FS) *FS { return &FS{FS: fsys} }

// Reset sets the counts back to zero.
func (c *FS) Reset() {
	c.n.Store(0)
	c.mu.Lock()
	c.opens = nil
	c.mu.Unlock()
}

// Opens returns how many times name was opened since New or Reset.
func (c *FS) Opens(name string) int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.opens[name]
}

// Calls returns how many calls reached the file system since New or Reset.
func (c *FS) Calls() int64 { return c.n.Load() }

// Open counts and opens name.
func (c *FS) Open(name string) (fs.File, error) {
	c.n.Add(1)
	c.mu.Lock()
	if c.opens == nil {
		c.opens = make(map[string]int64)
	}
	c.opens[name]++
	c.mu.Unlock()
	return c.FS.Open(name)
}

// Stat counts and stats name.
func (c *FS) Stat(name string) (fs.FileInfo, error) {
	c.n.Add(1)
	return fs.Stat(c.FS, name)
}

// ReadDir counts and lists name.
func (c *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	c.n.Add(1)
	return fs.ReadDir(c.FS, name)
}
