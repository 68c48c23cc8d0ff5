//go:build unix

package reader

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesFailAtOnce puts a named pipe, a folder and a link to
// /dev/zero where Transactions.xml belongs. Before, the pipe blocked every
// call on the year (and its cache lock every later one), and the link grew
// the process by gigabytes. Each is now an immediate, permanent
// not_regular_file error naming the file, for Books and CheckFiles alike,
// while the other year keeps answering.
func TestSpecialFilesFailAtOnce(t *testing.T) {
	const rel = "2025/" + claudio + "/Data/Transactions.xml"
	tests := []struct {
		name string
		make func(t *testing.T, path string)
	}{
		{"named pipe", func(t *testing.T, path string) {
			if err := syscall.Mkfifo(path, 0o644); err != nil {
				t.Skipf("cannot make a FIFO here: %v", err)
			}
		}},
		{"folder", func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o755); err != nil {
				t.Fatal(err)
			}
		}},
		{"link to /dev/zero", func(t *testing.T, path string) {
			if _, err := os.Stat("/dev/zero"); err != nil {
				t.Skip("no /dev/zero")
			}
			if err := os.Symlink("/dev/zero", path); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, path := cacheRoot(t)
			writeBooks(t, root, "2024", claudio, postings2024)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			tt.make(t, path)
			s := openStore(t, root)
			done := make(chan error, 1)
			go func() {
				_, err := s.Books(t.Context(), claudio, 2025)
				done <- err
			}()
			var err error
			select {
			case err = <-done:
			case <-time.After(time.Minute): // a hang detector, not a timing assertion
				t.Fatalf("Books on a %s did not return", tt.name)
			}
			pe := asParseError(t, "Books", err)
			if pe.Kind != KindNotRegularFile || pe.Retryable || pe.File != rel {
				t.Errorf("Books on a %s: %v (kind %q, retryable %v); want a permanent not_regular_file error naming %s", tt.name, err, pe.Kind, pe.Retryable, rel)
			}
			_, unreadable, err := s.CheckFiles(t.Context(), claudio, 2025)
			if err != nil || len(unreadable) != 1 || unreadable[0].Kind != KindNotRegularFile {
				t.Errorf("CheckFiles on a %s = %v, %v; want one not_regular_file finding", tt.name, unreadable, err)
			}
			if b, err := s.Books(t.Context(), claudio, 2024); err != nil || len(b.Transactions) != 1 {
				t.Errorf("Books of the other year = %v, %v; want its posting", b, err)
			}
		})
	}
}

// TestPipeReplacingACachedFile: a pipe that takes the place of a file
// already cached is refused by the stat before any open.
func TestPipeReplacingACachedFile(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	if _, err := s.Books(t.Context(), claudio, 2025); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	_, err := s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books", err); pe.Kind != KindNotRegularFile {
		t.Errorf("Books after a pipe replaced the file: %v; want not_regular_file", err)
	}
}

// TestOpenDoesNotBlockOnAPipe opens a pipe through diskFS directly, as a
// file swapped for a pipe between the stat and the open would be: the open
// returns at once instead of waiting for a writer.
func TestOpenDoesNotBlockOnAPipe(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "p"), 0o644); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := readFile(t.Context(), newDiskFS(dir), "p", DefaultMaxFileSize)
		done <- err
	}()
	select {
	case err := <-done:
		if pe := asParseError(t, "readFile", err); pe.Kind != KindNotRegularFile {
			t.Errorf("readFile of a pipe: %v; want not_regular_file", err)
		}
	case <-time.After(time.Minute): // a hang detector
		t.Fatal("readFile of a pipe blocked")
	}
}

// TestSymlinksInsideTheRootAreFollowed: a year folder, a mandator folder and
// a data file may be symbolic links (to anywhere); what they point to is
// listed and read.
func TestSymlinksInsideTheRootAreFollowed(t *testing.T) {
	root := t.TempDir()
	elsewhere := t.TempDir()
	writeBooks(t, elsewhere, "2025", claudio, postings2025)
	if err := os.Symlink(filepath.Join(elsewhere, "2025"), filepath.Join(root, "2025")); err != nil {
		t.Fatal(err)
	}
	writeBooks(t, root, "2024", claudio, nil)
	tx := filepath.Join(root, "2024", claudio, "Data", "Transactions.xml")
	writeBooks(t, elsewhere, "club", verein, postings2024)
	if err := os.Symlink(filepath.Join(elsewhere, "club", verein), filepath.Join(root, "2024", verein)); err != nil {
		t.Fatal(err)
	}
	writeFile(t, elsewhere, "tx2024.xml", dialect("Transaction", postings2024...))
	if err := os.Symlink(filepath.Join(elsewhere, "tx2024.xml"), tx); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, root)
	if ys, err := s.MandatorYears(claudio); err != nil || len(ys) != 2 {
		t.Errorf("MandatorYears with a linked year folder = %v, %v; want 2024 and 2025", ys, err)
	}
	if ys, err := s.Years(); err != nil || len(ys) != 2 {
		t.Errorf("Years with a linked year folder = %v, %v; want 2024 and 2025", ys, err)
	}
	if ms, err := s.Mandators(2024); err != nil || len(ms) != 2 {
		t.Errorf("Mandators(2024) with a linked mandator folder = %v, %v; want both", ms, err)
	}
	for year, want := range map[int]int{2024: 1, 2025: 2} {
		if b, err := s.Books(t.Context(), claudio, year); err != nil || len(b.Transactions) != want {
			t.Errorf("Books(%d) through a symlink = %v, %v; want %d postings", year, b, err, want)
		}
	}
}

// TestPermissionDeniedIsPermanent needs a user that permissions apply to.
func TestPermissionDeniedIsPermanent(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: file permissions do not apply (TestPermissionErrorsFromAnyFS covers the classification)")
	}
	root, path := cacheRoot(t)
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	s := openStore(t, root)
	_, err := s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books", err); pe.Kind != KindPermissionDenied || pe.Retryable {
		t.Errorf("Books of an unreadable file: %v (kind %q, retryable %v); want permanent permission_denied", err, pe.Kind, pe.Retryable)
	}
	year := filepath.Join(root, "2024")
	writeBooks(t, root, "2024", verein, postings2024)
	if err := os.Chmod(year, 0o100); err != nil { // enter, but not list
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(year, 0o755) })
	if ms, err := s.Mandators(0); err != nil || len(ms) != 1 {
		t.Errorf("Mandators(0) with an unlistable year folder = %v, %v; want the readable year's mandator", ms, err)
	}
	problems, err := s.FolderProblems()
	if err != nil || len(problems) != 1 || problems[0].File != "2024" || problems[0].Kind != KindPermissionDenied {
		t.Errorf("FolderProblems = %v, %v; want 2024 permission_denied", problems, err)
	}
}
