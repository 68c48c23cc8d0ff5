package reader

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// A ProgressFunc is told how far a call has got with reading the books:
// done of total units (each file counts its size in bytes twice, once
// read and once parsed) and a message naming the step. The message names
// counts of files and MiB only, never a mandator, a year or anything read
// from the files, so that it is fit for every privacy mode. Calls to it
// are made one at a time, with done increasing.
type ProgressFunc func(done, total int64, message string)

// Progress is reported only for calls that read more than a few files or
// megabytes; smaller reads finish before anyone would look.
const (
	progressMinFiles = 8
	progressMinBytes = 4 << 20
	// progressEvery is the shortest time between two reports, but for
	// the last.
	progressEvery = 200 * time.Millisecond
)

type progressKey struct{}

// plannedKey marks a ctx whose reads BooksEach has already counted.
type plannedKey struct{}

// WithProgress returns a ctx under which the Store's reads report to fn.
func WithProgress(ctx context.Context, fn ProgressFunc) context.Context {
	return context.WithValue(ctx, progressKey{}, &tracker{fn: fn})
}

// A tracker adds up one call's reads.
type tracker struct {
	fn                ProgressFunc
	mu                sync.Mutex
	files, filesDone  int
	bytes, done, sent int64
	last              time.Time
	reported          bool
}

func trackerOf(ctx context.Context) *tracker {
	t, _ := ctx.Value(progressKey{}).(*tracker)
	return t
}

// plan adds files of bytes bytes to what the call will read.
func (t *tracker) plan(files int, bytes int64) {
	if t == nil || files == 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.files += files
	t.bytes += bytes
	t.report(false)
}

// advance records n bytes read, or parsed, and with fileDone one more file
// finished.
func (t *tracker) advance(n int64, fileDone bool) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done += n
	if fileDone {
		t.filesDone++
	}
	t.report(fileDone && t.filesDone == t.files)
}

// report calls fn when the call is large enough, done has grown since the
// last report and progressEvery has passed (or last is set). t.mu must be
// held.
func (t *tracker) report(last bool) {
	if t.files < progressMinFiles && t.bytes < progressMinBytes {
		return
	}
	total := 2 * t.bytes
	done := min(t.done, total)
	if t.reported && (done <= t.sent || !last && time.Since(t.last) < progressEvery) {
		return
	}
	step := "reading"
	if t.done > t.bytes {
		step = "parsing"
	}
	t.fn(done, total, fmt.Sprintf("%s the books: %d of %d files done, %d of %d MiB", step, t.filesDone, t.files, done/2>>20, t.bytes>>20))
	t.reported, t.sent, t.last = true, done, time.Now()
}
