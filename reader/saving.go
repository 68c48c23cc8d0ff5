package reader

import (
	"io/fs"
	"path"
	"sync"
	"time"
)

// A missing data file is not always an absent one. The desktop app may save
// a file by deleting it (or renaming it away) and writing a new one; for a
// moment the file is then missing, and books read in that moment would have
// no postings at all, a wrong answer given silently. Deleting or renaming a
// file changes its folder's modification time, so a missing file is taken
// for a save in progress, a retryable error, when its folder changed less
// than saveWindow ago and
//
//   - this Store has found the file before (it was there and is gone), or
//   - it holds postings (Transactions.xml, BankTransactions.xml: their
//     absence reads as a year without them) and the folder changed after
//     every data file in it: a name was removed or renamed away (or the
//     save's temporary file created) after the last data file was written,
//     as in the middle of such a save. A folder just created with its files
//     is not newer than its last file.
//
// A file whose folder has not changed for saveWindow, or that this Store
// has seen missing for saveWindow, is simply absent
// (docs/windows.md#saving-while-the-server-reads): a permanent state is
// never called retryable.

// presence remembers, per data file, whether the Store has seen it and since
// when it has been missing.
type presence struct {
	mu    sync.Mutex
	files map[string]*seenFile
}

type seenFile struct {
	seen         bool      // found at least once by this Store
	missingSince time.Time // zero while the file is present
}

// found records that rel exists.
func (p *presence) found(rel string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.file(rel)
	f.seen, f.missingSince = true, time.Time{}
}

// missing records that rel is missing at now and returns whether it was
// seen before, and how long it has been missing.
func (p *presence) missing(rel string, now time.Time) (seen bool, since time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.file(rel)
	if f.missingSince.IsZero() {
		f.missingSince = now
	}
	return f.seen, now.Sub(f.missingSince)
}

func (p *presence) file(rel string) *seenFile {
	if p.files == nil {
		p.files = make(map[string]*seenFile)
	}
	f := p.files[rel]
	if f == nil {
		f = &seenFile{}
		p.files[rel] = f
	}
	return f
}

// missingFile decides what the missing file rel of part means: nil for an
// absent file, or a retryable *ParseError of KindSaveInProgress.
func (s *Store) missingFile(part dataPart, rel string) error {
	now := s.clock()
	seen, since := s.seen.missing(rel, now)
	if since >= saveWindow {
		return nil // missing for long enough: absent
	}
	dir := path.Dir(rel)
	st, err := fs.Stat(s.fsys, dir)
	if err != nil || !st.ModTime().After(now.Add(-saveWindow)) {
		return nil // the folder is gone (so are the books), or has not changed lately
	}
	switch {
	case seen:
		return saveInProgress(rel, "was there moments ago and is missing")
	case postingFiles[part.name] && s.newerThanFiles(dir, part.name, st.ModTime()):
		return saveInProgress(rel, "is missing, and a file of its folder was removed or renamed moments ago")
	}
	return nil
}

// newerThanFiles reports whether every data file in the folder dir was
// modified before t, or the missing file is back (the save has just ended).
// Other files (the app's temporary file of the save, a backup copy) do not
// count: they are new in the middle of a save.
func (s *Store) newerThanFiles(dir, missing string, t time.Time) bool {
	entries, err := fs.ReadDir(s.fsys, dir)
	if err != nil {
		return false
	}
	var b Books
	names := make(map[string]bool)
	for _, p := range s.parts(&b) {
		names[p.name] = true
	}
	for _, e := range entries {
		switch {
		case e.Name() == missing:
			return true
		case !names[e.Name()]:
			continue
		}
		if info, err := e.Info(); err != nil || !info.ModTime().Before(t) {
			return false
		}
	}
	return true
}

// postingFiles are the files whose absence reads as a year without
// postings, which nothing else in the folder can vouch for.
var postingFiles = map[string]bool{"Transactions.xml": true, "BankTransactions.xml": true}

func saveInProgress(rel, what string) *ParseError {
	return &ParseError{File: rel, Kind: KindSaveInProgress, Retryable: true,
		Reason: what + ", as while the desktop app saves it; call again in a moment"}
}

// clock returns the time now, or the test's.
func (s *Store) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}
