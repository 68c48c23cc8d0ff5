package reader

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// DefaultMaxFileSize is the size ceiling of one data file unless
// Store.SetMaxFileSize says otherwise: far above the largest real book (a
// year of 60,000 postings is about 36 MB), far below what would exhaust a
// desktop's memory.
const DefaultMaxFileSize int64 = 256 << 20

// readChunk is how much is read between two looks at the context, so that a
// cancelled call stops reading a large file within a few milliseconds.
const readChunk = 1 << 20

// diskFS is the file system of a data root on disk. It is os.DirFS, except
// that files are opened by openData: on Unix without blocking, so that a
// named pipe called Transactions.xml opens at once, is found not to be a
// regular file and is refused, instead of blocking the call until something
// writes to it; on Windows sharing deletion, so that the desktop app can
// save while the server reads.
type diskFS struct {
	dir  string
	base fs.FS // os.DirFS(dir), for Stat and ReadDir
}

func newDiskFS(dir string) *diskFS { return &diskFS{dir: dir, base: os.DirFS(dir)} }

// Open opens name for reading only.
func (d *diskFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) || runtime.GOOS == "windows" && strings.ContainsAny(name, `\:`) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	path := filepath.Join(d.dir, filepath.FromSlash(name))
	f, err := openData(path)
	if err != nil {
		return nil, err
	}
	if testHookOpened != nil {
		testHookOpened(path)
	}
	return f, nil
}

// testHookOpened, set only by tests, runs with each data file just opened:
// share_test.go saves the file then, as the desktop app may while the
// server reads it.
var testHookOpened func(path string)

// Stat returns the file information of name, following symbolic links.
func (d *diskFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(d.base, name) }

// ReadDir lists the folder name.
func (d *diskFS) ReadDir(name string) ([]fs.DirEntry, error) { return fs.ReadDir(d.base, name) }

// readFile reads the data file rel of fsys. It refuses anything but a
// regular file, and files larger than limit, before reading a byte; it
// reads in chunks and stops with ctx's error when ctx is done. A missing
// file yields an error wrapping fs.ErrNotExist; every other failure is a
// *ParseError with its Kind.
func readFile(ctx context.Context, fsys fs.FS, rel string, limit int64) ([]byte, error) {
	f, err := fsys.Open(rel)
	if err != nil {
		return nil, openError(rel, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, openError(rel, err)
	}
	if err := checkRegular(rel, st, limit); err != nil {
		return nil, err
	}
	// The size is a hint: a file that grows while it is read is caught by
	// the caller's second stat, and one that grows past limit here.
	data := make([]byte, 0, min(st.Size(), limit)+1)
	progress := trackerOf(ctx)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(cap(data), len(data)+readChunk)])
		data = data[:len(data)+n]
		progress.advance(int64(n), false)
		if int64(len(data)) > limit {
			return nil, tooLarge(rel, int64(len(data)), limit)
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			if lockedByOther(err) { // a byte range locked by another program
				return nil, openError(rel, err)
			}
			return nil, &ParseError{File: rel, Kind: KindIO, Reason: "cannot read: " + unwrapAll(err).Error()}
		}
	}
}

// checkRegular refuses what is not a regular file, and a file over limit.
func checkRegular(rel string, st fs.FileInfo, limit int64) error {
	if !st.Mode().IsRegular() {
		return &ParseError{File: rel, Kind: KindNotRegularFile,
			Reason: fmt.Sprintf("is not a regular file but %s; replace it with the file saved by AccountingNext", describeMode(st.Mode()))}
	}
	if st.Size() > limit {
		return tooLarge(rel, st.Size(), limit)
	}
	return nil
}

func tooLarge(rel string, size, limit int64) error {
	max := fmt.Sprintf("%d MiB", limit>>20)
	if limit%(1<<20) != 0 {
		max = fmt.Sprintf("%d bytes", limit)
	}
	need := (size + 1<<20 - 1) >> 20
	return &ParseError{File: rel, Kind: KindTooLarge, NeedMiB: need,
		Reason: fmt.Sprintf("is larger than the limit of %s (at least %d bytes); if the file is real books, set Settings__MaxFileMiB to at least %d", max, size, need)}
}

// describeMode names the type of a file that is not regular.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

// openError converts an error of opening or stating rel. A missing file
// stays an fs.ErrNotExist error, which callers treat as "no such file".
func openError(rel string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return err
	case lockedByOther(err):
		return &ParseError{File: rel, Kind: KindLocked, Retryable: true,
			Reason: "is open in another program that does not let others read it (a sharing violation), as during a save; call again in a moment, or close the program that holds it"}
	case errors.Is(err, fs.ErrPermission):
		return &ParseError{File: rel, Kind: KindPermissionDenied,
			Reason: "permission denied: give the user running the server read access to it"}
	}
	return &ParseError{File: rel, Kind: KindIO, Reason: "cannot read: " + unwrapAll(err).Error()}
}
