package reader

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/countfs"
	"golang.org/x/text/unicode/norm"
)

// TestLookupsAgreeWithListings checks IsMandator, Listed, HasBooks and
// LatestYear against the listings they stand for, Mandators and
// MandatorYears, for
// every name and year of a root that exercises every discovery rule, with
// a mandator folder in NFD in one year and an unreadable year folder.
func TestLookupsAgreeWithListings(t *testing.T) {
	root := sampleRoot(t)
	writeBooks(t, root, "2026", norm.NFD.String(verein), nil) // NFD on disk, NFC in answers
	writeBooks(t, root, "2019", "Old Club", nil)
	writeBooks(t, root, "2021", "Locked", nil)
	if err := os.Chmod(filepath.Join(root, "2021"), 0o311); err != nil { // may be entered, not listed
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(filepath.Join(root, "2021"), 0o755) })
	s := openStore(t, root)
	all, err := s.Mandators(0)
	if err != nil {
		t.Fatal(err)
	}
	names := append(slices.Clone(all), "Empty", "NoAccounts", "Odd", "backup", "Backup", "X", "M", "Locked",
		"claudio schaad", norm.NFD.String(verein), "Nobody", "", "..", "a/b")
	for _, name := range names {
		years, err := s.MandatorYears(name)
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Contains(all, norm.NFC.String(name))
		for _, year := range []int{0, 2019, 2021, 2023, 2024, 2025, 2026, 2027, 20255} {
			if got, err := s.IsMandator(name, year); err != nil || got != want {
				t.Errorf("IsMandator(%q, %d) = %v, %v; want %v (Mandators(0) = %q)", name, year, got, err, want, all)
			}
			if got, want := s.HasBooks(name, year), slices.Contains(years, year); got != want {
				t.Errorf("HasBooks(%q, %d) = %v; want %v (MandatorYears = %v)", name, year, got, want, years)
			}
			ofYear, err := s.Mandators(year)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := s.Listed(name, year), year != 0 && slices.Contains(ofYear, norm.NFC.String(name)); got != want {
				t.Errorf("Listed(%q, %d) = %v; want %v (Mandators(%d) = %q)", name, year, got, want, year, ofYear)
			}
		}
		latest, ok, err := s.LatestYear(name)
		if wantOK := len(years) > 0; err != nil || ok != wantOK || ok && latest != years[len(years)-1] {
			t.Errorf("LatestYear(%q) = %d, %v, %v; want the last of %v", name, latest, ok, err, years)
		}
	}
}

// TestIsMandatorIgnoresCaseInsensitiveMatch checks that a name differing
// only in case from a mandator's folder is not taken for it, although a
// file system that ignores case finds the folder by that name: the
// resolver must then fold the name and answer with the folder's own.
func TestIsMandatorIgnoresCaseInsensitiveMatch(t *testing.T) {
	data := dialect("Account")
	fsys := caseless{fstest.MapFS{
		"2025/Claudio Schaad/Data/Accounts.xml": {Data: data, ModTime: time.Now().Add(-time.Hour)},
	}}
	s := OpenFS(fsys, "caseless")
	if _, err := fs.Stat(fsys, "2025/claudio schaad/Data/Accounts.xml"); err != nil {
		t.Fatalf("the test file system does not ignore case: %v", err)
	}
	if ok, _ := s.IsMandator("claudio schaad", 2025); ok {
		t.Error(`IsMandator("claudio schaad") = true; want false: the mandator is "Claudio Schaad"`)
	}
	if ok, _ := s.IsMandator("Claudio Schaad", 2025); !ok {
		t.Error(`IsMandator("Claudio Schaad") = false; want true`)
	}
}

// caseless is a file system that finds names whatever their case, as the
// default file systems of macOS and Windows do.
type caseless struct{ m fstest.MapFS }

func (c caseless) Open(name string) (fs.File, error) { return c.m.Open(c.real(name)) }

func (c caseless) real(name string) string {
	for p := range c.m {
		for dir := p; dir != "."; dir = filepath.ToSlash(filepath.Dir(dir)) {
			if strings.EqualFold(dir, name) {
				return dir
			}
		}
	}
	return name
}

// TestOneYearLookupsDoNotGrowWithYears counts the stats and listings that
// finding a named mandator and its latest year take on books of 1 and of
// 40 years: the same.
func TestOneYearLookupsDoNotGrowWithYears(t *testing.T) {
	count := func(years int) int64 {
		root := t.TempDir()
		for y := 2025 - years + 1; y <= 2025; y++ {
			writeBooks(t, root, strconv.Itoa(y), claudio, nil)
		}
		ageTree(t, root)
		c := countfs.New(os.DirFS(root))
		s := OpenFS(c, root)
		lookups := func() {
			if ok, err := s.IsMandator(claudio, 2025); !ok || err != nil {
				t.Fatalf("IsMandator = %v, %v", ok, err)
			}
			if y, ok, err := s.LatestYear(claudio); y != 2025 || !ok || err != nil {
				t.Fatalf("LatestYear = %d, %v, %v", y, ok, err)
			}
			if !s.HasBooks(claudio, 2025) {
				t.Fatal("HasBooks = false")
			}
		}
		lookups() // fills the listing cache
		c.Reset()
		lookups()
		return c.Calls()
	}
	one, forty := count(1), count(40)
	if one != forty || one > 8 {
		t.Errorf("the lookups of one year took %d file system calls on 1 year of books and %d on 40; want the same few", one, forty)
	}
}

// ageTree dates every file and folder below root an hour back, so that
// cached listings are not racy.
func ageTree(t *testing.T, root string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, old, old)
	})
	if err != nil {
		t.Fatal(err)
	}
}
