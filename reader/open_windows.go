//go:build windows

package reader

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

// openData opens the data file at path for reading only, sharing it for
// reading, writing and deleting: while the server reads a file, the desktop
// app can still save it, whether it writes it in place, deletes it and
// writes it anew, or renames it away and writes a new one
// (docs/windows.md#saving-while-the-server-reads). Go's os.Open shares only
// reading and writing, so that a save which deletes or renames the file
// fails with a sharing violation while a read is under way.
//
// A file that another program holds open without sharing reading fails
// with windows.ERROR_SHARING_VIOLATION (see openError). A folder opens
// (FILE_FLAG_BACKUP_SEMANTICS), so that the regular-file check names it
// as a folder rather than failing with "access denied".
func openData(path string) (*os.File, error) {
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ,
		windows.FILE_SHARE_READ|windows.FILE_SHARE_WRITE|windows.FILE_SHARE_DELETE,
		nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_BACKUP_SEMANTICS, 0)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return os.NewFile(uintptr(h), path), nil
}

// lockedByOther reports whether err says that another program holds the
// file open without sharing it for reading.
func lockedByOther(err error) bool {
	return errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_LOCK_VIOLATION)
}
