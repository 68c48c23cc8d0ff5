package reader

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// The missing states of a save by delete-then-write or
// rename-away-then-write are made here by removing or renaming the file
// and, where it matters, setting the folder's and the files' times, never
// by racing a real saver against the reader (share_test.go takes a file
// away in the middle of a read; .ci/steps/windows.sh runs both under Wine).

// settle makes dir look unchanged for a minute, as a folder whose file was
// removed for good a minute ago.
func settle(t *testing.T, dir string) {
	t.Helper()
	old := time.Now().Add(-time.Minute)
	if err := os.Chtimes(dir, old, old); err != nil {
		t.Fatal(err)
	}
}

// backdate sets the times of every file in dir to a minute ago, as the files
// of books saved a while before.
func backdate(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Minute)
	for _, e := range entries {
		if err := os.Chtimes(filepath.Join(dir, e.Name()), old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// wantSaving fails unless err is a retryable save-in-progress error naming
// rel, the path relative to the data root.
func wantSaving(t *testing.T, what string, err error, rel string) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Kind != KindSaveInProgress || !pe.Retryable || pe.File != rel {
		t.Fatalf("%s: error = %v (%#v); want a retryable %s error for %s", what, err, pe, KindSaveInProgress, rel)
	}
}

// savingRoot is cacheRoot in a folder that Wine can remove (see tempRoot).
func savingRoot(t *testing.T) (root, txPath string) {
	root = tempRoot(t)
	writeBooks(t, root, "2025", claudio, postings2025)
	return root, filepath.Join(root, "2025", claudio, "Data", "Transactions.xml")
}

const txRel = "2025/" + claudio + "/Data/Transactions.xml"

func TestMissingFileMidSaveIsRetryable(t *testing.T) {
	saves := []struct {
		name string
		away func(path string) error // takes the old file away
	}{
		{"delete then write", os.Remove},
		{"rename away then write", func(path string) error { return os.Rename(path, path+".bak") }},
	}
	newer := append(postings2025[:2:2], txItem("t3", "2025-04-01", "Coop", "12.05", "a1020", "a4000"))
	for _, save := range saves {
		t.Run(save.name, func(t *testing.T) {
			root, path := savingRoot(t)
			s := openStore(t, root)
			b, err := s.Books(t.Context(), claudio, 2025)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff([]string{"8000", "87.3"}, values(b)); diff != "" {
				t.Fatalf("before the save (-want +got):\n%s", diff)
			}
			if err := save.away(path); err != nil {
				t.Fatal(err)
			}
			_, err = s.Books(t.Context(), claudio, 2025)
			wantSaving(t, "Books while the file is away", err, txRel)
			// A second call in the gap says the same: the file was there.
			_, err = s.BooksWith(t.Context(), claudio, 2025, NeedBank)
			wantSaving(t, "BooksWith while the file is away", err, txRel)
			// CheckFiles reports the file, not a year without postings.
			// (BankTransactions.xml, which this year never had, is in
			// doubt too while the folder is newer than its files.)
			_, unreadable, err := s.CheckFiles(t.Context(), claudio, 2025)
			if err != nil || len(unreadable) == 0 || unreadable[0].File != txRel {
				t.Fatalf("CheckFiles while the file is away = %v, %v; want %s first", unreadable, err, txRel)
			}
			for _, pe := range unreadable {
				if pe.Kind != KindSaveInProgress || !pe.Retryable {
					t.Errorf("CheckFiles finding %v: kind %s; want a retryable %s", pe, pe.Kind, KindSaveInProgress)
				}
			}
			writeFile(t, root, txRel, dialect("Transaction", newer...))
			b, err = s.Books(t.Context(), claudio, 2025)
			if err != nil {
				t.Fatalf("Books after the save: %v", err)
			}
			if diff := cmp.Diff([]string{"8000", "87.3", "12.05"}, values(b)); diff != "" {
				t.Errorf("after the save: want the new file's postings (-want +got):\n%s", diff)
			}
		})
	}
}

// A server started in the middle of a save has not seen the file; the
// folder, changed after every file in it, says that a name was just taken
// away.
func TestMissingFileMidSaveAtStart(t *testing.T) {
	root, path := savingRoot(t)
	dir := filepath.Dir(path)
	backdate(t, dir)
	if err := os.Remove(path); err != nil { // the folder's time is now: newer than its files
		t.Fatal(err)
	}
	_, err := openStore(t, root).Books(t.Context(), claudio, 2025)
	wantSaving(t, "Books of a fresh Store in the gap", err, txRel)
	// The save's temporary file, written before it is renamed into place,
	// is no data file: the folder still changed after every data file.
	writeFile(t, root, txRel+".new", dialect("Transaction", postings2025...))
	_, err = openStore(t, root).Books(t.Context(), claudio, 2025)
	wantSaving(t, "Books of a fresh Store while the new file is written under another name", err, txRel)
	if err := os.Remove(filepath.Join(root, filepath.FromSlash(txRel+".new"))); err != nil {
		t.Fatal(err)
	}

	// The folder unchanged for a minute: the file is absent, and the
	// books have no postings.
	settle(t, dir)
	b, err := openStore(t, root).Books(t.Context(), claudio, 2025)
	if err != nil || b.HasTransactionsFile || len(b.Transactions) != 0 {
		t.Fatalf("Books of a folder settled without Transactions.xml = %+v, %v; want books without postings", b, err)
	}
}

// A year folder just created without Transactions.xml (a new year in the
// app) is not a save in progress: the folder is not newer than its files.
func TestNewYearWithoutPostingsIsNotASave(t *testing.T) {
	root := tempRoot(t)
	writeBooks(t, root, "2025", claudio, nil)
	b, err := openStore(t, root).Books(t.Context(), claudio, 2025)
	if err != nil || b.HasTransactionsFile || len(b.Transactions) != 0 {
		t.Fatalf("Books of a new year = %+v, %v; want books without postings", b, err)
	}
	// An optional file that never was there is not one being saved, even
	// while its folder changes.
	bb, err := openStore(t, root).BooksWith(t.Context(), claudio, 2025, NeedBank)
	if err != nil || bb.HasBankFile {
		t.Fatalf("BooksWith(NeedBank) of a new year = %+v, %v; want books without a bank file", bb, err)
	}
}

// A file that stays missing is absent after saveWindow of being seen
// missing, even while something keeps changing its folder: a permanent
// state is never retryable.
func TestMissingFileIsAbsentAfterTheSaveWindow(t *testing.T) {
	root, path := savingRoot(t)
	s := openStore(t, root)
	start := time.Now()
	now := start
	s.now = func() time.Time { return now }
	if _, err := s.Books(t.Context(), claudio, 2025); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	_, err := s.Books(t.Context(), claudio, 2025)
	wantSaving(t, "Books just after the removal", err, txRel)

	now = start.Add(saveWindow - time.Second)
	touch := now.Add(-time.Second) // the folder changed again a second ago
	if err := os.Chtimes(filepath.Dir(path), touch, touch); err != nil {
		t.Fatal(err)
	}
	_, err = s.Books(t.Context(), claudio, 2025)
	wantSaving(t, "Books 29 s after the removal", err, txRel)

	now = start.Add(saveWindow)
	touch = now.Add(-time.Second)
	if err := os.Chtimes(filepath.Dir(path), touch, touch); err != nil {
		t.Fatal(err)
	}
	b, err := s.Books(t.Context(), claudio, 2025)
	if err != nil || b.HasTransactionsFile || len(b.Transactions) != 0 {
		t.Fatalf("Books 30 s after the removal = %+v, %v; want books without postings", b, err)
	}
}

// A missing file back in the folder's listing (the save ended between the
// stat that found it missing and the look at its folder) is a save, even
// though it is newer than the folder's time taken before.
func TestMissingFileBackInTheListing(t *testing.T) {
	root, path := savingRoot(t)
	s := openStore(t, root)
	dir := "2025/" + claudio + "/Data"
	before := time.Now().Add(-time.Minute)
	if err := os.Chtimes(filepath.Join(root, filepath.FromSlash(dir), "Accounts.xml"), before, before); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, time.Now(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if !s.newerThanFiles(dir, "Transactions.xml", before.Add(time.Second)) {
		t.Error("newerThanFiles with the missing file back = false; want true")
	}
	if s.newerThanFiles(dir, "BankTransactions.xml", before.Add(time.Second)) {
		t.Error("newerThanFiles with a data file newer than the folder = true; want false")
	}
}
