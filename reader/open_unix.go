//go:build unix

package reader

import (
	"os"
	"syscall"
)

// openData opens the data file at path for reading only. O_NONBLOCK makes
// opening a named pipe return at once instead of waiting for a writer; for
// regular files it has no effect.
func openData(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// lockedByOther reports whether err says that another program holds the
// file locked against reading: Unix locks are advisory and never stop open.
func lockedByOther(error) bool { return false }
