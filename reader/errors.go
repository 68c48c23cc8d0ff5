package reader

import (
	"errors"
	"fmt"
)

// The kinds of ParseError. A kind is a fixed code that never contains data
// read from a file, so that it may be shown where values must not be (the
// Aggregate privacy mode). Only KindChangedWhileReading, KindSaveInProgress,
// KindLocked, and KindTruncated for a file saved moments ago, are ever
// retryable.
const (
	// KindMalformedXML: the file is not well-formed XML (a syntax error, an
	// undefined entity, a second root element, text where no element is).
	KindMalformedXML = "malformed_xml"
	// KindWrongRoot: the root element is not the one the file's name calls for.
	KindWrongRoot = "wrong_root"
	// KindBadValue: an element holds a value that does not convert (an
	// amount, a date, a number or a boolean).
	KindBadValue = "bad_value"
	// KindMissingElement: an item lacks an element every item must have.
	KindMissingElement = "missing_element"
	// KindTruncated: the file ends early, as one does that is being written.
	KindTruncated = "truncated"
	// KindChangedWhileReading: the file changed while it was being read.
	KindChangedWhileReading = "changed_while_reading"
	// KindSaveInProgress: a data file is missing the way one is while the
	// desktop app saves it by deleting (or renaming away) the old file and
	// writing a new one: it was there moments ago, or its folder or a
	// sibling file changed moments ago (see Store.BooksWith).
	KindSaveInProgress = "save_in_progress"
	// KindLocked: another program holds the file open without letting
	// others read it (Windows' sharing violation), as a program may while
	// it saves the file.
	KindLocked = "locked"
	// KindPermissionDenied: the process may not read the file or folder.
	KindPermissionDenied = "permission_denied"
	// KindNotRegularFile: the name is a folder, a pipe, a device or a socket.
	KindNotRegularFile = "not_regular_file"
	// KindTooLarge: the file is larger than the configured ceiling.
	KindTooLarge = "too_large"
	// KindEncoding: the bytes are not valid UTF-8 (or UTF-16 with a BOM).
	KindEncoding = "encoding"
	// KindIO: reading failed for another reason reported by the system.
	KindIO = "io_error"
	// KindDuplicateFolder: two mandator folders of one year have names that
	// differ only by Unicode normalization (a folder problem, not a file's).
	KindDuplicateFolder = "duplicate_folder"
)

// A ParseError reports a file (or folder) that could not be read as books.
// File is relative to the data root; Line is 0 when unknown.
type ParseError struct {
	File string
	Line int
	// Kind is one of the Kind constants. It never contains data from the
	// file, unlike Reason, which may quote the offending value.
	Kind   string
	Reason string
	// Retryable is true only when the file looked as if it was being written
	// while it was read: it changed, or it ends early and was saved moments
	// ago. Reading again may then succeed; for every other kind it cannot.
	Retryable bool
	// NeedMiB is, for KindTooLarge, the smallest Settings__MaxFileMiB that
	// admits the file: its size (as far as known) in MiB, rounded up.
	NeedMiB int64
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Reason)
}

// Where returns the file and, when known, the line ("2025/M/Data/T.xml:12"),
// which like Kind carries nothing read from the file.
func (e *ParseError) Where() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	return e.File
}

// ErrNotFound is returned (wrapped) for a mandator or year that has no books.
var ErrNotFound = errors.New("no books")
