package reader

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/countfs"
	"github.com/google/go-cmp/cmp"
)

// officeRoot writes books of n mandators for 2025, each with postings
// postings, and dates them an hour back (so that no entry is racy).
func officeRoot(t *testing.T, n, postings int) (root string, mandators []string) {
	t.Helper()
	root = t.TempDir()
	for i := range n {
		m := fmt.Sprintf("Mandant %02d", i)
		var txs [][]string
		for j := range postings {
			txs = append(txs, txItem(fmt.Sprintf("t%d-%d", i, j), "2025-03-0"+strconv.Itoa(1+j%9),
				"Einkauf "+strconv.Itoa(j), strconv.Itoa(10+i)+"."+fmt.Sprintf("%02d", j%100), "a1", "a2"))
		}
		writeBooks(t, root, "2025", m, txs)
		mandators = append(mandators, m)
	}
	ageTree(t, root)
	return root, mandators
}

// groupBytes is the estimated size of one mandator-year of officeRoot.
func groupBytes(t *testing.T, root, mandator string) int64 {
	t.Helper()
	var n int64
	for _, f := range []string{"Accounts.xml", "Transactions.xml"} {
		st, err := os.Stat(root + "/2025/" + mandator + "/Data/" + f)
		if err != nil {
			t.Fatal(err)
		}
		n += estimate(int(st.Size()))
	}
	return n
}

// TestCacheStaysUnderItsCap reads every mandator-year of an office with a
// cap of three of them: the cache never holds more than the cap, drops the
// least recently used, and books read again after being dropped equal the
// books an unbounded store read.
func TestCacheStaysUnderItsCap(t *testing.T) {
	root, ms := officeRoot(t, 12, 40)
	per := groupBytes(t, root, ms[0])
	bounded := openStore(t, root)
	bounded.SetMaxCacheSize(3*per + per/2)
	unbounded := openStore(t, root)
	unbounded.SetMaxCacheSize(1 << 40)
	for round := range 2 {
		for _, m := range ms {
			got, err := bounded.Books(t.Context(), m, 2025)
			if err != nil {
				t.Fatal(err)
			}
			want, err := unbounded.Books(t.Context(), m, 2025)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got, decimalEqual); diff != "" {
				t.Fatalf("round %d, %s: books read under a cap differ from unbounded ones (-want +got):\n%s", round, m, diff)
			}
			if st := bounded.CacheStats(); st.Used > st.Limit || st.Groups > 3 {
				t.Fatalf("round %d, %s: cache holds %d bytes in %d mandator-years; want at most the cap %d (3 mandator-years)", round, m, st.Used, st.Groups, st.Limit)
			}
		}
	}
	if st := bounded.CacheStats(); st.Evictions != 2*len(ms)-3 {
		t.Errorf("evictions = %d; want %d (every read but the last three dropped one)", st.Evictions, 2*len(ms)-3)
	}
	// The most recently used stay: asking again hands out the same books.
	last := ms[len(ms)-1]
	a, _ := bounded.Books(t.Context(), last, 2025)
	b, _ := bounded.Books(t.Context(), last, 2025)
	if a != b {
		t.Error("the most recently used mandator-year was dropped")
	}
	// Using an old entry keeps it: touch ms[9], then read a new one (ms[0]):
	// ms[10], the least recently used, goes, ms[9] stays.
	nine, _ := bounded.Books(t.Context(), ms[9], 2025)
	if _, err := bounded.Books(t.Context(), ms[0], 2025); err != nil {
		t.Fatal(err)
	}
	if again, _ := bounded.Books(t.Context(), ms[9], 2025); again != nine {
		t.Error("a mandator-year used just before was dropped instead of the least recently used one")
	}
}

// TestDroppedBooksLoseTheirMemo checks that the values derived from books
// go with them: after the mandator-year is dropped, Memo builds again.
func TestDroppedBooksLoseTheirMemo(t *testing.T) {
	root, ms := officeRoot(t, 2, 5)
	s := openStore(t, root)
	s.SetMaxCacheSize(1) // every mandator-year alone exceeds it: only the last read stays
	builds := 0
	memo := func(m string) {
		b, err := s.Books(t.Context(), m, 2025)
		if err != nil {
			t.Fatal(err)
		}
		s.Memo(b, t.Name(), func() any { builds++; return nil })
	}
	memo(ms[0])
	memo(ms[0])
	if builds != 1 {
		t.Fatalf("memo of cached books built %d times; want 1", builds)
	}
	memo(ms[1]) // drops ms[0]
	memo(ms[0])
	if builds != 3 {
		t.Errorf("memo built %d times after its books were dropped and read again; want 3", builds)
	}
	if st := s.CacheStats(); st.Groups != 1 {
		t.Errorf("a cap below one mandator-year holds %d of them; want only the one read last", st.Groups)
	}
}

// TestConcurrentReadsOfOneYearReadOnce has many callers ask for the same
// mandator-year at once, cold and again after it was dropped: each file is
// opened once per wave, never twice at once.
func TestConcurrentReadsOfOneYearReadOnce(t *testing.T) {
	root, ms := officeRoot(t, 2, 200)
	c := countfs.New(os.DirFS(root))
	s := OpenFS(c, root)
	s.SetMaxCacheSize(1)
	tx := "2025/" + ms[0] + "/Data/Transactions.xml"
	for wave := range 3 {
		c.Reset()
		var wg sync.WaitGroup
		got := make([]*Books, 16)
		for i := range got {
			wg.Go(func() {
				b, err := s.Books(t.Context(), ms[0], 2025)
				if err != nil {
					t.Error(err)
				}
				got[i] = b
			})
		}
		wg.Wait()
		if n := c.Opens(tx); n != 1 {
			t.Errorf("wave %d: 16 concurrent calls opened %s %d times; want once", wave, tx, n)
		}
		if len(got[0].Transactions) != 200 {
			t.Fatalf("wave %d: %d postings; want 200", wave, len(got[0].Transactions))
		}
		if _, err := s.Books(t.Context(), ms[1], 2025); err != nil { // drops ms[0]
			t.Fatal(err)
		}
	}
}

// TestYearsFit: the years of a mandator fit a cache of their estimated
// size, not one smaller.
func TestYearsFit(t *testing.T) {
	root, ms := officeRoot(t, 1, 50)
	per := groupBytes(t, root, ms[0])
	s := openStore(t, root)
	s.SetMaxCacheSize(per)
	if !s.YearsFit(ms[0], []int{2025}) {
		t.Errorf("a year of %d estimated bytes does not fit a cache of as many", per)
	}
	s.SetMaxCacheSize(per - 1)
	if s.YearsFit(ms[0], []int{2025}) {
		t.Errorf("a year of %d estimated bytes fits a cache of one byte less", per)
	}
}
