package reader

import (
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"
)

func TestOpen(t *testing.T) {
	root := t.TempDir()
	writeBooks(t, root, "2025", claudio, postings2025)
	for _, path := range []string{root, root + "/", root + `\`, root + `/\/`, root + "/.", filepath.Join(root, "2025", "..")} {
		s, err := Open(path)
		if err != nil {
			t.Errorf("Open(%q) error: %v", path, err)
			continue
		}
		if got, err := s.Mandators(0); err != nil || !cmp.Equal(got, []string{claudio}) {
			t.Errorf("Open(%q).Mandators(0) = %v, %v; want [%s]", path, got, err, claudio)
		}
		if s.key != root { // one cache key per root, however it was spelled
			t.Errorf("Open(%q) store key = %q; want %q", path, s.key, root)
		}
	}

	// A relative path is made absolute.
	t.Chdir(root)
	s, err := Open(".")
	if err != nil {
		t.Fatalf("Open(\".\") error: %v", err)
	}
	if s.key != root {
		t.Errorf("Open(\".\") store key = %q; want %q", s.key, root)
	}
}

func TestOpenErrors(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "file.xml", []byte("x"))
	tests := []struct {
		path     string
		notExist bool
	}{
		{"", false},
		{"   ", false},
		{filepath.Join(root, "missing"), true},
		{filepath.Join(root, "missing") + "/", true},
		{filepath.Join(root, "file.xml"), false},
		{filepath.Join(root, "file.xml") + `\`, false},
	}
	for _, tt := range tests {
		s, err := Open(tt.path)
		if err == nil {
			t.Errorf("Open(%q) = %v; want error", tt.path, s)
			continue
		}
		if tt.notExist && !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Open(%q) error = %v; want it to wrap fs.ErrNotExist", tt.path, err)
		}
	}
}

func TestOpenFS(t *testing.T) {
	fsys := fstest.MapFS{
		"2025/Demo/Data/Accounts.xml":        {Data: sampleAccounts()},
		"2025/Demo/Data/Transactions.xml":    {Data: dialect("Transaction", postings2025...)},
		"2025/backup/Demo/Data/Accounts.xml": {Data: sampleAccounts()},
		"2024/Demo/Data/Accounts.xml":        {Data: sampleAccounts()},
		"notes/2023/Demo/Data/Accounts.xml":  {Data: sampleAccounts()},
	}
	s := OpenFS(fsys, "embedded:test")
	if got, err := s.Years(); err != nil || !cmp.Equal(got, []int{2024, 2025}) {
		t.Errorf("Years() = %v, %v; want [2024 2025]", got, err)
	}
	if got, err := s.Mandators(0); err != nil || !cmp.Equal(got, []string{"Demo"}) {
		t.Errorf("Mandators(0) = %v, %v; want [Demo]", got, err)
	}
	b, err := s.Books(t.Context(), "Demo", 2025)
	if err != nil {
		t.Fatalf("Books(Demo, 2025) error: %v", err)
	}
	if len(b.Transactions) != 2 || b.Files[1].Path != "2025/Demo/Data/Transactions.xml" {
		t.Errorf("Books(Demo, 2025) = %d postings, files %v; want 2 postings from 2025/Demo/Data/Transactions.xml", len(b.Transactions), b.Files)
	}
	if b, err := s.Books(t.Context(), "Demo", 2024); err != nil || b.HasTransactionsFile {
		t.Errorf("Books(Demo, 2024) = %v, %v; want books without a transactions file", b, err)
	}
}
