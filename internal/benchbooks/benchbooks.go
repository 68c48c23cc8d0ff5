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
	mu   sync.Mutex
	dirs = map[[2]int]string{}
)

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
}
