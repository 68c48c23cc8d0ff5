package reader

import (
	"errors"
	"path/filepath"
	"testing"

	"golang.org/x/sys/windows"
)

// TestLockedFile holds Transactions.xml open without sharing it, as a
// program may while it saves the file: the books fail with a retryable
// error that names the file relative to the data root, never a crash and
// never books without postings. (CI runs it under Wine.)
func TestLockedFile(t *testing.T) {
	root := tempRoot(t)
	writeBooks(t, root, "2025", claudio, postings2025)
	path := filepath.Join(root, "2025", claudio, "Data", "Transactions.xml")
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil, windows.OPEN_EXISTING, windows.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatalf("opening %s without sharing: %v", path, err)
	}
	s := openStore(t, root)
	_, err = s.Books(t.Context(), claudio, 2025)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Kind != KindLocked || !pe.Retryable || pe.File != txRel {
		t.Errorf("Books of a file locked by another program: error %v (%#v); want a retryable %s error naming %s", err, pe, KindLocked, txRel)
	}
	if err := windows.CloseHandle(h); err != nil {
		t.Fatal(err)
	}
	b, err := s.Books(t.Context(), claudio, 2025)
	if err != nil || len(b.Transactions) != 2 {
		t.Fatalf("Books once the lock is gone = %v, %v; want 2 postings", b, err)
	}
}
