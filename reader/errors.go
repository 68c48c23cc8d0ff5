package reader

import (
	"errors"
	"fmt"
)

// A ParseError reports a file that could not be read as books. File is
// relative to the data root; Line is 0 when unknown.
type ParseError struct {
	File   string
	Line   int
	Reason string
	// Retryable is true when the file looked as if it was being written while
	// it was read (it changed, or ended early); reading again may succeed.
	Retryable bool
}

func (e *ParseError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Reason)
}

// ErrNotFound is returned (wrapped) for a mandator or year that has no books.
var ErrNotFound = errors.New("no books")
