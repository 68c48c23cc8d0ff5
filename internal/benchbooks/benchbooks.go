// Package benchbooks provides the scale books of package bookgen to
// benchmarks: generated once per test process into a temporary folder and
// removed by Cleanup, which the benchmarking package's TestMain calls.
package benchbooks

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
)

// Mandator is the mandator of the scale books.
const Mandator = bookgen.ScaleMandator

// Base is the size the benchmarks scale from: ten years of a heavy
// household's 5,000 postings a year.
const (
	BaseYears    = 10
	BasePostings = 5000
)

// Factors are the multiples of BasePostings the benchmarks run at, to show
// how cost grows with the books.
var Factors = []int{1, 2, 4}

var (
	mu      sync.Mutex
	dirs    = map[[2]int]string{}
	offices = map[[3]int]string{}
)

// OfficeMandator is the name of the i-th mandator of Office's books.
func OfficeMandator(i int) string { return fmt.Sprintf("Mandant %03d", i) }

// Office returns a data root holding the books of a fiduciary's office:
// mandators mandators (OfficeMandator), each with the scale books of years
// × postings, hard-linked from one copy (every mandator-year is a file of
// its own to the reader, yet the disk holds one); generated on first use
// in this process.
func Office(tb testing.TB, mandators, years, postings int) string {
	tb.Helper()
	src := Dir(tb, years, postings)
	mu.Lock()
	defer mu.Unlock()
	key := [3]int{mandators, years, postings}
	if d, ok := offices[key]; ok {
		return d
	}
	d, err := os.MkdirTemp("", fmt.Sprintf("accounting-mcp-office-%dx%dx%d-", mandators, years, postings))
	if err != nil {
		tb.Fatal(err)
	}
	offices[key] = d
	for _, y := range Years(years) {
		from := filepath.Join(src, fmt.Sprint(y), Mandator, "Data")
		files, err := os.ReadDir(from)
		if err != nil {
			tb.Fatal(err)
		}
		for i := range mandators {
			to := filepath.Join(d, fmt.Sprint(y), OfficeMandator(i), "Data")
			if err := os.MkdirAll(to, 0o755); err != nil {
				tb.Fatal(err)
			}
			for _, f := range files {
				if err := os.Link(filepath.Join(from, f.Name()), filepath.Join(to, f.Name())); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	if err := age(d); err != nil {
		tb.Fatal(err)
	}
	return d
}

// Dir returns a data root holding scale books of years × postings,
// generating them on first use in this process.
func Dir(tb testing.TB, years, postings int) string {
	tb.Helper()
	mu.Lock()
	defer mu.Unlock()
	key := [2]int{years, postings}
	if d, ok := dirs[key]; ok {
		return d
	}
	d, err := os.MkdirTemp("", fmt.Sprintf("accounting-mcp-scale-%dx%d-", years, postings))
	if err != nil {
		tb.Fatal(err)
	}
	if err := Write(d, years, postings); err != nil {
		os.RemoveAll(d)
		tb.Fatal(err)
	}
	dirs[key] = d
	return d
}

// Write generates scale books of years × postings into dir, dated an hour
// back (see age).
func Write(dir string, years, postings int) error {
	if err := bookgen.WriteScale(dir, years, postings); err != nil {
		return err
	}
	return age(dir)
}

// age dates every file below dir an hour back, as books saved a while ago
// are: the reader re-reads files saved in the last seconds on every call
// (their stamps do not yet prove them unchanged), which would make warm
// calls on freshly generated books look slower than they are.
func age(dir string) error {
	old := time.Now().Add(-time.Hour)
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return os.Chtimes(p, old, old)
	})
}

// Years returns the years of scale books of the given length, ascending.
func Years(years int) []int { return bookgen.ScaleYears(years) }

// Scale returns a data root of BaseYears years at factor × BasePostings
// postings a year (see Dir).
func Scale(tb testing.TB, factor int) string {
	tb.Helper()
	return Dir(tb, BaseYears, factor*BasePostings)
}

// ScaleYears returns the years of the books Scale generates, ascending.
func ScaleYears() []int { return Years(BaseYears) }

// LastYear returns the latest year of the books Scale generates.
func LastYear() int {
	ys := ScaleYears()
	return ys[len(ys)-1]
}

// Main is the TestMain of a package with benchmarks over these books: it
// runs the tests and removes the books generated for them.
func Main(m *testing.M) {
	code := m.Run()
	Cleanup()
	os.Exit(code)
}

// XMLBytes returns the total size of the XML files below dir.
func XMLBytes(tb testing.TB, dir string) int64 {
	tb.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".xml") {
			return err
		}
		info, err := d.Info()
		n += info.Size()
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n
}

// Cleanup removes every folder Dir generated.
func Cleanup() {
	mu.Lock()
	defer mu.Unlock()
	for k, d := range dirs {
		os.RemoveAll(d)
		delete(dirs, k)
	}
	for k, d := range offices {
		os.RemoveAll(d)
		delete(offices, k)
	}
}
