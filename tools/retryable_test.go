package tools_test

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// deniedFS is a data root whose named files may not be opened, as files
// the server's user has no read permission for.
type deniedFS struct {
	fstest.MapFS
	denied map[string]bool
}

func (d deniedFS) Open(name string) (fs.File, error) {
	if d.denied[name] {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.MapFS.Open(name)
}

// TestRetryableOnlyWhileSaving puts each kind of broken Transactions.xml
// into messyBooks' 2025. Before, permission denied, a folder or pipe in the
// file's place and non-XML content were "retryable: true" ("being saved…
// call again in a moment"), so a model would call again forever. Now only a
// file cut off moments ago is retryable; every other problem is permanent,
// with a remediation the user can act on, and the other years answer.
func TestRetryableOnlyWhileSaving(t *testing.T) {
	const rel = "2025/Haushalt/Data/Transactions.xml"
	good := messyBooks()[rel].Data
	cut := good[:len(good)/2]
	for _, c := range []struct {
		name        string
		file        *fstest.MapFile
		denied      bool
		ceiling     int64
		retryable   bool
		kind        string
		remediation string
	}{
		{"cut off just now", &fstest.MapFile{Data: cut, ModTime: time.Now()}, false, 0, true, "truncated", "call again in a moment"},
		{"cut off an hour ago", &fstest.MapFile{Data: cut, ModTime: time.Now().Add(-time.Hour)}, false, 0, false, "truncated", "save them again"},
		{"permission denied", &fstest.MapFile{Data: good}, true, 0, false, "permission_denied", "read access"},
		{"a folder", &fstest.MapFile{Mode: fs.ModeDir}, false, 0, false, "not_regular_file", "folder, pipe or device"},
		{"a named pipe", &fstest.MapFile{Mode: fs.ModeNamedPipe}, false, 0, false, "not_regular_file", "folder, pipe or device"},
		{"too large", &fstest.MapFile{Data: append(append([]byte{}, good...), make([]byte, 4000)...)}, false, 3000, false, "too_large", "Settings__MaxFileMiB"},
		{"not XML", &fstest.MapFile{Data: []byte("Id;Text;Value\r\nb1;Salary;5200\r\n")}, false, 0, false, "malformed_xml", "save them again"},
		{"malformed XML", &fstest.MapFile{Data: []byte(strings.Replace(string(good), "</Text>", "</Txt>", 1))}, false, 0, false, "malformed_xml", "at the line given"},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := messyBooks()
			m[rel] = c.file
			store := reader.OpenFS(deniedFS{m, map[string]bool{rel: c.denied}}, t.Name())
			store.SetMaxFileSize(c.ceiling)
			for _, p := range modes {
				cs := connect(t, nil, p, func(o *tools.Options) { o.Store = store })
				r := call(t, cs, "get_balance_summary", map[string]any{"year": 2025}, nil)
				if !r.IsError || r.Err.Code != "data_unreadable" || *r.Err.Retryable != c.retryable ||
					!strings.Contains(r.Err.Message, rel) || !strings.Contains(r.Err.Remediation, c.remediation) {
					t.Errorf("%s get_balance_summary(2025) = %s; want data_unreadable naming %s, retryable %v, remediation with %q",
						p, r.Raw, rel, c.retryable, c.remediation)
				}
				var chk struct{ Counts map[string]int }
				mustCall(t, cs, "check_books", map[string]any{"year": 2025}, &chk)
				if chk.Counts["unreadable_file"] != 1 {
					t.Errorf("%s check_books(2025) counts = %v; want one unreadable_file", p, chk.Counts)
				}
				var sum struct{ EquityChf string }
				mustCall(t, cs, "get_balance_summary", map[string]any{"year": 2024}, &sum)
				if sum.EquityChf != "4400.00" {
					t.Errorf("%s get_balance_summary(2024) = %+v; want 4400.00: one broken year does not stop the others", p, sum)
				}
				// Across years, a permanent problem marks the year's row; a
				// save in progress makes the whole answer retryable.
				if c.retryable {
					if r := call(t, cs, "compare_years", map[string]any{"years": []int{2024, 2025}}, nil); !r.IsError || !*r.Err.Retryable {
						t.Errorf("%s compare_years while 2025 is being saved = %s; want a retryable error", p, r.Raw)
					}
					continue
				}
				var cmp struct{ Comparison []struct{ Unreadable string } }
				mustCall(t, cs, "compare_years", map[string]any{"years": []int{2024, 2025}}, &cmp)
				if got := cmp.Comparison[1].Unreadable; !strings.HasSuffix(got, "("+c.kind+")") {
					t.Errorf("%s compare_years 2025 row unreadable = %q; want the kind %s", p, got, c.kind)
				}
			}
		})
	}
}
