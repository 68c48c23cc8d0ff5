package reader

import (
	"context"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

type report struct {
	done, total int64
	message     string
}

// recorder collects the reports of a call.
type recorder struct {
	mu      sync.Mutex
	reports []report
}

func (r *recorder) ctx(ctx context.Context) context.Context {
	return WithProgress(ctx, func(done, total int64, message string) {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.reports = append(r.reports, report{done, total, message})
	})
}

// TestProgressOfAColdMultiYearRead reads 12 years of books cold: progress
// rises to its total (2 × the bytes of the 36 files), and a warm read of
// the same years, and a small one, report nothing.
func TestProgressOfAColdMultiYearRead(t *testing.T) {
	root := t.TempDir()
	var years []int
	var xml int64
	for y := 2014; y <= 2025; y++ {
		writeBooks(t, root, itoa(y), claudio, postings2025)
		writeFile(t, root, itoa(y)+"/"+claudio+"/Data/SubClasses.xml", dialect("SubClass"))
		years = append(years, y)
		for _, f := range []string{"Accounts.xml", "SubClasses.xml", "Transactions.xml"} {
			xml += fileSize(t, root+"/"+itoa(y)+"/"+claudio+"/Data/"+f)
		}
	}
	ageTree(t, root)
	s := openStore(t, root)
	var r recorder
	if _, errs := s.BooksEach(r.ctx(t.Context()), claudio, years); errs[0] != nil {
		t.Fatal(errs[0])
	}
	if len(r.reports) == 0 {
		t.Fatal("a cold read of 36 files reported no progress")
	}
	var prev int64 = -1
	for _, rep := range r.reports {
		if rep.done <= prev || rep.total != 2*xml || rep.done > rep.total {
			t.Errorf("report %+v after %d; want done rising within the total %d", rep, prev, 2*xml)
		}
		if strings.Contains(rep.message, claudio) || strings.Contains(rep.message, "2025") || !strings.Contains(rep.message, "of 36 files") {
			t.Errorf("message %q; want counts of the 36 files and no mandator or year", rep.message)
		}
		prev = rep.done
	}
	if last := r.reports[len(r.reports)-1]; last.done != last.total || !strings.Contains(last.message, "36 of 36 files done") {
		t.Errorf("last report %+v; want all done", last)
	}

	var warm recorder
	s.BooksEach(warm.ctx(t.Context()), claudio, years)
	var small recorder
	fresh := openStore(t, root)
	fresh.Books(small.ctx(t.Context()), claudio, 2025)
	if len(warm.reports) != 0 || len(small.reports) != 0 {
		t.Errorf("a warm read reported %v and a read of 3 small files %v; want nothing", warm.reports, small.reports)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}
