package reader

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// entry is what a snapshot records of one file or folder.
type entry struct {
	Mode    fs.FileMode
	ModTime time.Time
	Data    string   // a file's content
	Names   []string // a folder's listing
}

// snapshot records every file and folder below root.
func snapshot(t *testing.T, root string) map[string]entry {
	t.Helper()
	out := map[string]entry{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		e := entry{Mode: info.Mode(), ModTime: info.ModTime()}
		if d.IsDir() {
			list, err := os.ReadDir(path)
			if err != nil {
				return err
			}
			for _, c := range list {
				e.Names = append(e.Names, c.Name())
			}
		} else {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			e.Data = string(data)
		}
		rel, _ := filepath.Rel(root, path)
		out[filepath.ToSlash(rel)] = e
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// readEverything runs every read the Store offers over all of its books and
// returns the number of postings seen.
func readEverything(t *testing.T, s *Store) int {
	t.Helper()
	ctx := t.Context()
	years, err := s.Years()
	if err != nil {
		t.Fatalf("Years() error: %v", err)
	}
	all, err := s.Mandators(0)
	if err != nil {
		t.Fatalf("Mandators(0) error: %v", err)
	}
	postings := 0
	for _, y := range append(years, 2023, 2026, 20255) {
		ms, err := s.Mandators(y)
		if err != nil {
			t.Fatalf("Mandators(%d) error: %v", y, err)
		}
		for _, m := range append(ms, "backup", "Empty", "../x") {
			if b, err := s.Books(ctx, m, y); err == nil {
				postings += len(b.Transactions)
			}
		}
	}
	for _, m := range all {
		ys, err := s.MandatorYears(m)
		if err != nil {
			t.Fatalf("MandatorYears(%q) error: %v", m, err)
		}
		if _, err := s.BooksOfYears(ctx, m, ys); err != nil {
			t.Logf("BooksOfYears(%q, %v): %v", m, ys, err)
		}
	}
	return postings
}

func TestStoreNeverWrites(t *testing.T) {
	root := sampleRoot(t)
	// One broken file, so that the error paths run too.
	writeBooks(t, root, "2024", verein, [][]string{{el("Id", "x")}})
	before := snapshot(t, root)

	s := openStore(t, root)
	for range 2 { // cold, then warm cache
		if got := readEverything(t, s); got != 3 {
			t.Errorf("readEverything saw %d postings; want 3", got)
		}
	}
	if diff := cmp.Diff(before, snapshot(t, root)); diff != "" {
		t.Errorf("data root changed while reading (-before +after):\n%s", diff)
	}
}

func TestStoreOnReadOnlyRoot(t *testing.T) {
	root := sampleRoot(t)
	var dirs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			dirs = append(dirs, path)
			return nil
		}
		return os.Chmod(path, 0o444)
	})
	if err != nil {
		t.Fatal(err)
	}
	// Deepest folders first, so that the walk above could still see them.
	for i := len(dirs) - 1; i >= 0; i-- {
		if err := os.Chmod(dirs[i], 0o555); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() { // let t.TempDir remove it again
		for _, d := range dirs {
			os.Chmod(d, 0o755)
		}
	})

	s := openStore(t, root)
	if got := readEverything(t, s); got != 3 {
		t.Errorf("readEverything on a read-only root saw %d postings; want 3", got)
	}
	if _, err := Open(root + "/"); err != nil {
		t.Errorf("Open(%q) of a read-only root error: %v", root+"/", err)
	}
}
