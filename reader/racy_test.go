package reader

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// These tests cover files that the desktop app is saving while they are
// read: it truncates a file and writes it again in place, in chunks.

// umlautPostings have texts with multi-byte characters to cut in half.
var umlautPostings = [][]string{
	txItem("t1", "2025-01-01", "Lohn Zürich", "8000", "a3000", "a1020"),
	txItem("t2", "2025-03-31", "Café Brühl", "87.30", "a1020", "a4000"),
	txItem("t3", "2025-04-01", "Bäckerei Süß", "12.05", "a1020", "a4000"),
}

// TestCacheSeesSameSizeRewriteInSameTick rewrites a file with other
// content of the same size and the same mtime, as a save within one tick
// of a coarse file-system clock leaves it. Stat cannot tell; the content
// check of a racy entry must.
func TestCacheSeesSameSizeRewriteInSameTick(t *testing.T) {
	root, path := cacheRoot(t)
	s := openStore(t, root)
	tick := time.Now().Truncate(time.Second)
	orig := dialect("Transaction", postings2025...)
	rewrite(t, path, orig, tick)
	if b, err := s.Books(t.Context(), claudio, 2025); err != nil || cmp.Diff([]string{"8000", "87.3"}, values(b)) != "" {
		t.Fatalf("Books = %v, %v; want 8000, 87.3", values(b), err)
	}
	rewrite(t, path, bytes.Replace(orig, []byte("87.30"), []byte("97.30"), 1), tick)
	b, err := s.Books(t.Context(), claudio, 2025)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"8000", "97.3"}, values(b)); diff != "" {
		t.Errorf("Books after a same-size, same-mtime rewrite mismatch (-want +got):\n%s", diff)
	}
}

// TestCacheRacyEntryNotParsedAgain checks that the content check of a
// racy entry does not parse an unchanged file again, and that concurrent
// loads of one file never parse it twice at once.
func TestCacheRacyEntryNotParsedAgain(t *testing.T) {
	root, path := cacheRoot(t)
	rewrite(t, path, dialect("Transaction", postings2025...), time.Now()) // racy for a while
	var c cache
	var parses, inFlight, maxInFlight atomic.Int32
	parse := func(data []byte) (any, error) {
		parses.Add(1)
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
		}
		time.Sleep(2 * time.Millisecond)
		return ParseTransactions("Transactions.xml", data)
	}
	fsys := openStore(t, root).fsys
	rel := "2025/" + claudio + "/Data/Transactions.xml"
	var wg sync.WaitGroup
	errs := make(chan error, 32*5)
	for range 32 {
		wg.Go(func() {
			for range 5 {
				if _, _, _, err := c.load(context.Background(), fsys, root, rel, DefaultMaxFileSize, parse); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("load: %v", err)
	}
	if parses.Load() != 1 || maxInFlight.Load() != 1 {
		t.Errorf("160 loads of an unchanged racy file: %d parses, at most %d at once; want 1 and 1", parses.Load(), maxInFlight.Load())
	}
}

func TestCutInCharacter(t *testing.T) {
	full := []byte("<Text>Zürich € 𝄞</Text>")
	for i := 0; i <= len(full); i++ {
		want := false
		switch string(full[:i]) {
		case "<Text>Z\xc3", "<Text>Zürich \xe2", "<Text>Zürich \xe2\x82", "<Text>Zürich € \xf0", "<Text>Zürich € \xf0\x9d", "<Text>Zürich € \xf0\x9d\x84":
			want = true
		}
		if got := cutInCharacter(full[:i]); got != want {
			t.Errorf("cutInCharacter(%q) = %v; want %v", full[:i], got, want)
		}
	}
	if !cutInCharacter([]byte(bom[:2])) || cutInCharacter([]byte(bom)) || cutInCharacter([]byte("\xff")) {
		t.Errorf("cutInCharacter misjudges a cut BOM, a whole BOM or a stray byte")
	}
}

// TestEveryPrefixRetryableOrWhole loads every prefix of a file through the
// cache, as a reader catches the app between two writes: each must be a
// retryable error, or (once only trailing bytes are missing) the whole
// books. A permanent error here would tell a client to give up on books
// that are merely being saved.
func TestEveryPrefixRetryableOrWhole(t *testing.T) {
	full := dialect("Transaction", umlautPostings...)
	want, err := ParseTransactions("Transactions.xml", full)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(data []byte) (any, error) { return ParseTransactions("Transactions.xml", data) }
	for i := range len(full) {
		var c cache
		fsys := fstest.MapFS{"Transactions.xml": {Data: full[:i], ModTime: time.Now()}}
		v, _, _, err := c.load(context.Background(), fsys, "root", "Transactions.xml", DefaultMaxFileSize, parse)
		var pe *ParseError
		switch {
		case errors.As(err, &pe) && pe.Retryable:
		case err != nil:
			t.Errorf("prefix of %d bytes (ending %q): permanent error %v; want a retryable one", i, full[max(0, i-12):i], err)
		case len(v.([]Transaction)) != len(want):
			t.Errorf("prefix of %d bytes (ending %q): %d postings without error; want a retryable error", i, full[max(0, i-12):i], len(v.([]Transaction)))
		}
	}
}
