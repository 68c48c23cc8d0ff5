package reader

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// fileTime returns path's modification time.
func fileTime(t *testing.T, path string) time.Time {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.ModTime()
}

// rewrite replaces the content of path and sets its modification time.
func rewrite(t *testing.T, path string, data []byte, mtime time.Time) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mtime, mtime); err != nil {
		t.Fatal(err)
	}
}

// values returns the Value of each posting of b, as written.
func values(b *Books) []string {
	var out []string
	for _, tx := range b.Transactions {
		out = append(out, tx.Value.String())
	}
	return out
}

// cacheRoot returns a data root with Claudio Schaad's 2025 books and the
// path of their Transactions.xml.
func cacheRoot(t *testing.T) (root, txPath string) {
	root = t.TempDir()
	writeBooks(t, root, "2025", claudio, postings2025)
	return root, filepath.Join(root, "2025", claudio, "Data", "Transactions.xml")
}

func TestCacheRevalidatesByStat(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	orig := dialect("Transaction", postings2025...)
	mtime := fileTime(t, path)

	tests := []struct {
		name  string
		data  []byte
		mtime time.Time
		want  []string
	}{
		{"first load", orig, mtime, []string{"8000", "87.3"}},
		{"new size and mtime", dialect("Transaction", append(postings2025,
			txItem("t3", "2025-04-01", "Coop", "12.05", "a1020", "a4000"))...), mtime.Add(-time.Hour), []string{"8000", "87.3", "12.05"}},
		{"same size, new mtime", bytes.Replace(orig, []byte("87.30"), []byte("87.40"), 1), mtime.Add(time.Hour), []string{"8000", "87.4"}},
		{"new size, same mtime", bytes.Replace(orig, []byte("87.30"), []byte("187.30"), 1), mtime.Add(time.Hour), []string{"8000", "187.3"}},
		{"back to the original", orig, mtime, []string{"8000", "87.3"}},
	}
	for _, tt := range tests {
		rewrite(t, path, tt.data, tt.mtime)
		b, err := s.Books(t.Context(), claudio, 2025)
		if err != nil {
			t.Fatalf("%s: Books error: %v", tt.name, err)
		}
		if diff := cmp.Diff(tt.want, values(b)); diff != "" {
			t.Errorf("%s: Books values mismatch (-want +got):\n%s", tt.name, diff)
		}
		if got := b.Files[1].ModTime; !got.Equal(tt.mtime) {
			t.Errorf("%s: Books Transactions.xml stamp = %v; want %v", tt.name, got, tt.mtime)
		}
	}
}

func TestCacheKeepsUnchangedFile(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	// A file saved a while ago, whose size and mtime prove it unchanged
	// (racy_test.go covers files saved just now).
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	first, err := s.Books(t.Context(), claudio, 2025)
	if err != nil {
		t.Fatalf("Books error: %v", err)
	}

	// Garbage of the same size and mtime: a re-read would fail, so getting
	// the same books back proves the file was not read again.
	mtime := fileTime(t, path)
	size := len(dialect("Transaction", postings2025...))
	rewrite(t, path, bytes.Repeat([]byte("#"), size), mtime)
	again, err := s.Books(t.Context(), claudio, 2025)
	if err != nil {
		t.Fatalf("Books after a same-stat rewrite error: %v; want the cached books", err)
	}
	if diff := cmp.Diff(first, again, decimalEqual); diff != "" {
		t.Errorf("Books after a same-stat rewrite mismatch (-want +got):\n%s", diff)
	}

	// Touching the file makes the garbage visible.
	rewrite(t, path, bytes.Repeat([]byte("#"), size), mtime.Add(time.Second))
	_, err = s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books after touching garbage", err); pe.File != "2025/"+claudio+"/Data/Transactions.xml" {
		t.Errorf("Books after touching garbage: ParseError.File = %q", pe.File)
	}
}

func TestCacheParseErrors(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	good := dialect("Transaction", postings2025...)
	mtime := fileTime(t, path).Add(-time.Minute)

	// A file cut off while the app writes it (padded to the full size, and
	// modified just now) is a retryable error and is not remembered: the
	// complete file of the same size and mtime is read again.
	i := bytes.Index(good, []byte("<Text>Mig")) + len("<Text>Mig")
	halfWritten := append(append([]byte{}, good[:i]...), bytes.Repeat([]byte(" "), len(good)-i)...)
	now := time.Now()
	rewrite(t, path, halfWritten, now)
	_, err := s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books of a half-written file", err); !pe.Retryable || pe.Kind != KindTruncated {
		t.Errorf("Books of a half-written file: Kind %q, Retryable = %v; want truncated, true (%v)", pe.Kind, pe.Retryable, err)
	}
	rewrite(t, path, good, now)
	if b, err := s.Books(t.Context(), claudio, 2025); err != nil || len(b.Transactions) != 2 {
		t.Errorf("Books after the write completed = %v, %v; want 2 postings", b, err)
	}

	// The same cut file, last saved a minute ago, is no save in progress:
	// calling again cannot help, so it is permanent (and remembered).
	rewrite(t, path, halfWritten, mtime)
	_, err = s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books of an old cut-off file", err); pe.Retryable || pe.Kind != KindTruncated {
		t.Errorf("Books of a cut-off file saved a minute ago: Kind %q, Retryable = %v; want truncated, false (%v)", pe.Kind, pe.Retryable, err)
	}

	// A malformed file is a permanent error for its size and mtime.
	bad := bytes.Replace(good, []byte("87.30"), []byte("87,30"), 1)
	rewrite(t, path, bad, mtime.Add(time.Minute))
	_, err = s.Books(t.Context(), claudio, 2025)
	if pe := asParseError(t, "Books of a malformed file", err); pe.Retryable || !strings.Contains(pe.Reason, "87,30") {
		t.Errorf("Books of a malformed file error = %v (retryable %v); want a permanent error naming 87,30", err, pe.Retryable)
	}
	rewrite(t, path, good, mtime.Add(2*time.Minute))
	if b, err := s.Books(t.Context(), claudio, 2025); err != nil || len(b.Transactions) != 2 {
		t.Errorf("Books after the fix = %v, %v; want 2 postings", b, err)
	}
}

func TestCacheFileRemoved(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	if _, err := s.Books(t.Context(), claudio, 2025); err != nil {
		t.Fatalf("Books error: %v", err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	settle(t, filepath.Dir(path)) // removed a minute ago: absent, not mid-save (see saving_test.go)
	b, err := s.Books(t.Context(), claudio, 2025)
	if err != nil || b.HasTransactionsFile || len(b.Transactions) != 0 || len(b.Files) != 1 {
		t.Errorf("Books after removing Transactions.xml = %+v, %v; want books without postings", b, err)
	}
}

func TestBooksConcurrent(t *testing.T) {
	root, _ := cacheRoot(t)
	writeBooks(t, root, "2024", claudio, postings2024)
	writeBooks(t, root, "2025", verein, postings2024)
	scopes := []struct {
		mandator string
		year     int
	}{{claudio, 2025}, {claudio, 2024}, {verein, 2025}}

	// The reference books come from a store of their own.
	ref := openStore(t, root)
	want := make([]*Books, len(scopes))
	for i, sc := range scopes {
		var err error
		if want[i], err = ref.Books(t.Context(), sc.mandator, sc.year); err != nil {
			t.Fatalf("Books(%q, %d) error: %v", sc.mandator, sc.year, err)
		}
	}

	s := openStore(t, root) // cold cache: the goroutines race to fill it
	const n = 32
	got := make([]*Books, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			sc := scopes[i%len(scopes)]
			if i < n/2 {
				sc = scopes[0] // most callers want the same books
			}
			got[i], errs[i] = s.Books(t.Context(), sc.mandator, sc.year)
		})
	}
	wg.Wait()
	for i := range n {
		w := want[i%len(scopes)]
		if i < n/2 {
			w = want[0]
		}
		if errs[i] != nil {
			t.Errorf("goroutine %d: Books error: %v", i, errs[i])
			continue
		}
		if diff := cmp.Diff(w, got[i], decimalEqual); diff != "" {
			t.Errorf("goroutine %d: Books(%q, %d) mismatch (-want +got):\n%s", i, w.Mandator, w.Year, diff)
		}
	}
}

func TestBooksCanceled(t *testing.T) {
	root, _ := cacheRoot(t)
	s := openStore(t, root)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if b, err := s.Books(ctx, claudio, 2025); err == nil {
		t.Errorf("Books with a canceled context = %v; want an error", b)
	}
}
