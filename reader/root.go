package reader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode"
)

// Open returns a Store for the data root at path. A trailing slash or
// backslash is accepted. Open fails when path is not a readable directory.
func Open(path string) (*Store, error) {
	if strings.TrimSpace(path) == "" {
		return nil, errors.New("data path is empty")
	}
	clean := path
	if runtime.GOOS == "windows" {
		clean = plainWindowsPath(clean)
	}
	clean = strings.TrimRight(clean, `/\`)
	if clean == "" || (len(clean) == 2 && clean[1] == ':') { // "/" or "D:\"
		clean = path[:len(clean)+1]
	}
	abs, err := filepath.Abs(clean)
	if err != nil {
		return nil, fmt.Errorf("data path %s: %w", quotePath(path), err)
	}
	st, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, missingRoot("data path " + quotePath(path) + " does not exist")
	}
	if err != nil {
		return nil, fmt.Errorf("data path %s: %w", quotePath(path), errors.Unwrap(err))
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("data path %s is not a directory", quotePath(path))
	}
	if _, err := os.ReadDir(abs); err != nil {
		return nil, fmt.Errorf("data path %s is not readable: %w", quotePath(path), errors.Unwrap(err))
	}
	return &Store{fsys: newDiskFS(abs), key: abs}, nil
}

// missingRoot is the error of a data path that does not exist: it says so
// in its own words and wraps fs.ErrNotExist.
type missingRoot string

func (e missingRoot) Error() string { return string(e) }

func (missingRoot) Unwrap() error { return fs.ErrNotExist }

// plainWindowsPath removes the \\?\ prefix of a Windows path
// (\\?\D:\Data, \\?\UNC\server\share), which names the same folder as the
// plain path, and which Go's file system functions (os.DirFS among them)
// do not take apart: "." below it is an invalid name.
func plainWindowsPath(p string) string {
	switch {
	case strings.HasPrefix(p, `\\?\UNC\`):
		return `\\` + p[len(`\\?\UNC\`):]
	case strings.HasPrefix(p, `\\?\`) && len(p) > 6 && p[5] == ':':
		return p[len(`\\?\`):]
	}
	return p
}

// quotePath quotes a path for a message as the user typed it: in double
// quotes, with backslashes as they are (%q would double them, and a
// Windows path would no longer read as the one given), unless it holds a
// quote or a character that does not print.
func quotePath(p string) string {
	if strings.ContainsFunc(p, func(r rune) bool { return r == '"' || !unicode.IsPrint(r) && r != ' ' }) {
		return strconv.Quote(p)
	}
	return `"` + p + `"`
}

// OpenFS returns a Store over fsys, such as the embedded demo books. name
// distinguishes its cache entries from those of other stores.
func OpenFS(fsys fs.FS, name string) *Store {
	return &Store{fsys: fsys, key: name}
}
