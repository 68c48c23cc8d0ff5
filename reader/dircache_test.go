package reader

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestDiscoverySeesNewFolders checks that cached folder listings are
// revalidated: a mandator or year created after a first call is found by
// the next one, as the desktop app's new books must be.
func TestDiscoverySeesNewFolders(t *testing.T) {
	root := t.TempDir()
	writeBooks(t, root, "2025", claudio, postings2025)
	old := time.Now().Add(-time.Hour)
	for _, dir := range []string{root, filepath.Join(root, "2025")} {
		if err := os.Chtimes(dir, old, old); err != nil {
			t.Fatal(err)
		}
	}
	s := openStore(t, root)
	mandators := func() []string {
		t.Helper()
		ms, err := s.Mandators(0)
		if err != nil {
			t.Fatal(err)
		}
		return ms
	}
	if got := mandators(); !slices.Equal(got, []string{claudio}) {
		t.Fatalf("Mandators = %q; want [%q]", got, claudio)
	}
	if _, ok := s.dirs.listings["2025"]; !ok {
		t.Errorf("the listing of 2025, last changed an hour ago, is not cached")
	}

	writeBooks(t, root, "2025", "Verein", nil) // a new mandator folder
	if got := mandators(); !slices.Equal(got, []string{claudio, "Verein"}) {
		t.Errorf("Mandators after a new mandator = %q; want both", got)
	}
	writeBooks(t, root, "2026", "Verein", nil) // a new year folder
	if years, _ := s.MandatorYears("Verein"); !slices.Equal(years, []int{2025, 2026}) {
		t.Errorf("MandatorYears after a new year = %v; want [2025 2026]", years)
	}
	if err := os.RemoveAll(filepath.Join(root, "2026")); err != nil {
		t.Fatal(err)
	}
	if years, _ := s.MandatorYears("Verein"); !slices.Equal(years, []int{2025}) {
		t.Errorf("MandatorYears after a year was removed = %v; want [2025]", years)
	}
}
