package main

import (
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// isTerminal reports whether w is a terminal (term_*.go); tests replace it.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && fileIsTerminal(f)
}

// A statusLine keeps one line of progress on a terminal: Show overwrites
// it, Println prints a line of its own above it, Clear removes it. On
// anything but a terminal it writes nothing at all, so that stderr
// redirected to a file or read by a program stays free of it.
type statusLine struct {
	w       io.Writer
	on      bool
	mu      sync.Mutex
	showing bool
}

func newStatusLine(w io.Writer) *statusLine { return &statusLine{w: w, on: isTerminal(w)} }

// Show replaces the status line with msg.
func (s *statusLine) Show(msg string) {
	if !s.on {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.w, "\r%s\x1b[K", msg)
	s.showing = true
}

// Println prints msg as a line of its own.
func (s *statusLine) Println(msg string) {
	if !s.on {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clearLocked()
	fmt.Fprintln(s.w, msg)
}

// Clear removes the status line.
func (s *statusLine) Clear() {
	if !s.on {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clearLocked()
}

func (s *statusLine) clearLocked() {
	if s.showing {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.showing = false
	}
}

// Progress is a reader.ProgressFunc that shows the reader's progress.
func (s *statusLine) Progress(done, total int64, message string) {
	s.Show(progressText(float64(done), float64(total), message))
}

var _ reader.ProgressFunc = (*statusLine)(nil).Progress

// progressText is the status line of a progress report.
func progressText(done, total float64, message string) string {
	if total <= 0 {
		return message
	}
	return fmt.Sprintf("%3.0f%% %s", 100*done/total, message)
}
