//go:build !unix && !windows

package reader

import "os"

// openData opens the data file at path for reading only. Where opening a
// file cannot block on a pipe, the regular-file check before opening
// (Store's stat) is the guard.
func openData(path string) (*os.File, error) { return os.Open(path) }

// lockedByOther reports whether err says that another program holds the
// file locked against reading: never, where opening knows no such lock.
func lockedByOther(error) bool { return false }
