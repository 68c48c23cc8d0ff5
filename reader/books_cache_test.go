package reader

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBooksAreSharedWhileFilesAreUnchanged checks that Books hands out the
// same books while no file changes, and new ones, with a fresh memo, as soon
// as one does: by a changed stamp, or by a file appearing or vanishing.
func TestBooksAreSharedWhileFilesAreUnchanged(t *testing.T) {
	root, txPath := cacheRoot(t)
	s := openStore(t, root)
	books := func() *Books {
		t.Helper()
		b, err := s.Books(t.Context(), claudio, 2025)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	builds := 0
	memo := func(b *Books) int {
		return s.Memo(b, t.Name(), func() any { builds++; return len(b.Transactions) }).(int)
	}

	first := books()
	if again := books(); again != first {
		t.Fatalf("Books of unchanged files = new books; want the cached ones")
	}
	if memo(first) != 2 || memo(books()) != 2 || builds != 1 {
		t.Errorf("Memo built %d times for unchanged books; want once", builds)
	}

	orig, _ := os.ReadFile(txPath)
	rewrite(t, txPath, bytes.Replace(orig, []byte("87.30"), []byte("87.40"), 1), fileTime(t, txPath).Add(time.Second))
	edited := books()
	if edited == first {
		t.Fatalf("Books after an edit = the old books; want new ones")
	}
	if got := edited.Transactions[1].Value.String(); got != "87.4" {
		t.Errorf("edited value = %s; want 87.4", got)
	}
	if memo(edited); builds != 2 {
		t.Errorf("Memo after an edit built %d times in all; want 2", builds)
	}
	if memo(first); builds != 3 {
		t.Errorf("Memo of replaced books is cached; want it built again")
	}

	// An optional file is no part of the core books: they stay the same
	// when it appears. Books with that file are new when it appears and
	// again when it vanishes.
	bankBooks := func() *Books {
		t.Helper()
		b, err := s.BooksWith(t.Context(), claudio, 2025, NeedBank)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	noBank := bankBooks()
	if noBank == edited || noBank.HasBankFile {
		t.Errorf("BooksWith(NeedBank) without a bank file: new = %v, HasBankFile = %v; want books of their own without it", noBank != edited, noBank.HasBankFile)
	}
	bank := filepath.Join(filepath.Dir(txPath), "BankTransactions.xml")
	writeFile(t, root, "2025/"+claudio+"/Data/BankTransactions.xml", dialect("BankTransaction"))
	if b := books(); b != edited {
		t.Errorf("Books after an optional file appeared = new books; want the same core books")
	}
	withBank := bankBooks()
	if withBank == noBank || !withBank.HasBankFile {
		t.Errorf("BooksWith(NeedBank) after a file appeared: new = %v, HasBankFile = %v; want new books with the file", withBank != noBank, withBank.HasBankFile)
	}
	if err := os.Remove(bank); err != nil {
		t.Fatal(err)
	}
	settle(t, filepath.Dir(bank)) // removed for good, not mid-save (see saving_test.go)
	if b := bankBooks(); b == withBank || b.HasBankFile {
		t.Errorf("BooksWith(NeedBank) after a file vanished: new = %v, HasBankFile = %v; want new books without it", b != withBank, b.HasBankFile)
	}
}

// TestMemoBuildsOnceUnderConcurrency runs Books and Memo from many
// goroutines (go test -race checks the sharing).
func TestMemoBuildsOnceUnderConcurrency(t *testing.T) {
	root, _ := cacheRoot(t)
	s := openStore(t, root)
	var builds atomic.Int32
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			b, err := s.Books(t.Context(), claudio, 2025)
			if err != nil {
				t.Error(err)
				return
			}
			s.Memo(b, "count", func() any { builds.Add(1); return len(b.Transactions) })
		})
	}
	wg.Wait()
	if n := builds.Load(); n != 1 {
		t.Errorf("Memo built %d times; want 1", n)
	}
	if v := s.Memo(&Books{Mandator: claudio, Year: 2025}, "count", func() any { return -1 }); v != -1 {
		t.Errorf("Memo of books the Store does not hold = %v; want built afresh", v)
	}
}
