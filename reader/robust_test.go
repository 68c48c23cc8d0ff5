package reader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/google/go-cmp/cmp"
)

// faultFS is a MapFS that fails where told: opening a file, listing a
// folder, or (via onRead) in the middle of reading one.
type faultFS struct {
	fstest.MapFS
	openErr map[string]error
	dirErr  map[string]error
	onRead  func(name string)
}

func (f faultFS) Open(name string) (fs.File, error) {
	if err := f.openErr[name]; err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	file, err := f.MapFS.Open(name)
	if err != nil || f.onRead == nil {
		return file, err
	}
	return hookedFile{file, func() { f.onRead(name) }}, nil
}

func (f faultFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.dirErr[name]; err != nil {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: err}
	}
	return f.MapFS.ReadDir(name)
}

func (f faultFS) Stat(name string) (fs.FileInfo, error) { return f.MapFS.Stat(name) }

type hookedFile struct {
	fs.File
	hook func()
}

func (h hookedFile) Read(p []byte) (int, error) {
	h.hook()
	return h.File.Read(p)
}

// mapBooks returns a MapFS with mandator's books in each year, the files
// saved an hour ago.
func mapBooks(mandator string, years ...string) fstest.MapFS {
	m := fstest.MapFS{}
	old := time.Now().Add(-time.Hour)
	for _, y := range years {
		dir := y + "/" + mandator + "/Data/"
		m[dir+"Accounts.xml"] = &fstest.MapFile{Data: sampleAccounts(), ModTime: old}
		m[dir+"Transactions.xml"] = &fstest.MapFile{Data: dialect("Transaction", postings2025...), ModTime: old}
	}
	return m
}

func TestPermissionErrorsFromAnyFS(t *testing.T) {
	m := mapBooks(claudio, "2023", "2024", "2025")
	m["2022/"+verein+"/Data/Accounts.xml"] = &fstest.MapFile{Data: sampleAccounts()}
	rel := "2024/" + claudio + "/Data/Transactions.xml"
	s := OpenFS(faultFS{MapFS: m,
		openErr: map[string]error{rel: fs.ErrPermission},
		dirErr:  map[string]error{"2022": fs.ErrPermission},
	}, "fault")

	// An unlistable year folder is left out; it does not stop discovery.
	if ms, err := s.Mandators(0); err != nil || !cmp.Equal(ms, []string{claudio}) {
		t.Errorf("Mandators(0) = %v, %v; want [%s] (2022 cannot be listed)", ms, err, claudio)
	}
	if ys, err := s.Years(); err != nil || !cmp.Equal(ys, []int{2023, 2024, 2025}) {
		t.Errorf("Years() = %v, %v; want 2023–2025", ys, err)
	}
	problems, err := s.FolderProblems()
	if err != nil || len(problems) != 1 || problems[0].File != "2022" || problems[0].Kind != KindPermissionDenied {
		t.Errorf("FolderProblems() = %v, %v; want 2022 permission_denied", problems, err)
	}

	// A file that may not be read: a permanent error naming it.
	_, err = s.Books(t.Context(), claudio, 2024)
	pe := asParseError(t, "Books", err)
	if pe.Kind != KindPermissionDenied || pe.Retryable || pe.File != rel {
		t.Errorf("Books of an unreadable file: %v (kind %q, retryable %v); want permanent permission_denied naming %s", err, pe.Kind, pe.Retryable, rel)
	}
	books, errs := s.BooksEach(t.Context(), claudio, []int{2023, 2024, 2025})
	if books[0] == nil || books[2] == nil || books[1] != nil || errs[1] == nil || errs[0] != nil || errs[2] != nil {
		t.Errorf("BooksEach = %v, %v; want 2023 and 2025 read and 2024's error", books, errs)
	}
}

func TestSizeCeiling(t *testing.T) {
	m := mapBooks(claudio, "2025")
	s := OpenFS(m, "ceiling")
	s.SetMaxFileSize(100) // both files are larger
	_, err := s.Books(t.Context(), claudio, 2025)
	pe := asParseError(t, "Books", err)
	// The chart of the sample books is 1,000 bytes or so: 1 MiB admits it.
	if pe.Kind != KindTooLarge || pe.Retryable || !strings.Contains(pe.Reason, "set Settings__MaxFileMiB to at least 1") || pe.NeedMiB != 1 {
		t.Errorf("Books over the ceiling: %v (kind %q); want permanent too_large naming the setting", err, pe.Kind)
	}
	s.SetMaxFileSize(0) // back to the default
	if b, err := s.Books(t.Context(), claudio, 2025); err != nil || len(b.Transactions) != 2 {
		t.Errorf("Books under the default ceiling = %v, %v; want 2 postings", b, err)
	}

	// A file that grows past the ceiling while it is read is caught too.
	var grown bytes.Buffer
	grown.Write(make([]byte, 300))
	small := fstest.MapFS{"f": {Data: grown.Bytes()}}
	if _, err := readFile(t.Context(), small, "f", 100); asParseError(t, "readFile", err).Kind != KindTooLarge {
		t.Errorf("readFile of 300 bytes with a 100-byte ceiling: %v; want too_large", err)
	}
}

// TestReadHonoursCancellation cancels while a large file is being read:
// the read stops at the next chunk with the context's error, which is no
// ParseError, so that a cancelled call is never reported as unreadable data.
func TestReadHonoursCancellation(t *testing.T) {
	m := mapBooks(claudio, "2025")
	rel := "2025/" + claudio + "/Data/Transactions.xml"
	pad := bytes.Repeat([]byte(" "), 3*readChunk) // white space after the root: a valid, large file
	m[rel].Data = append(append([]byte{}, m[rel].Data...), pad...)
	ctx, cancel := context.WithCancel(t.Context())
	reads := 0
	s := OpenFS(faultFS{MapFS: m, onRead: func(name string) {
		if name == rel {
			if reads++; reads == 1 {
				cancel()
			}
		}
	}}, "cancel")
	_, err := s.Books(ctx, claudio, 2025)
	var pe *ParseError
	if !errors.Is(err, context.Canceled) || errors.As(err, &pe) {
		t.Errorf("Books cancelled while reading: %v; want context.Canceled", err)
	}
	if reads != 1 {
		t.Errorf("Transactions.xml was read in %d chunks after the cancel; want it to stop after the first", reads)
	}
	if b, err := s.Books(t.Context(), claudio, 2025); err != nil || len(b.Transactions) != 2 {
		t.Errorf("Books afterwards = %v, %v; want 2 postings (nothing cached from the cancelled read)", b, err)
	}
}

// TestOptionalFilesFailOnlyWhoNeedsThem breaks each optional file in turn.
func TestOptionalFilesFailOnlyWhoNeedsThem(t *testing.T) {
	const dir = "2025/" + claudio + "/Data/"
	cut := string(dialect("BankTransaction", []string{el("Id", "b1"), el("ValueDate", "2025-03-31T00:00:00"), el("Value", "-87.30")}))
	cut = cut[:len(cut)/2]
	old := time.Now().Add(-time.Hour) // half-saved long ago: permanently cut
	tests := []struct {
		file      string
		data      string
		bankErr   bool // BooksWith(NeedBank) fails
		skipped   bool // BooksWith(NeedBank) lists it in Unreadable
		checkKind string
	}{
		{"BankTransactions.xml", cut, true, false, KindTruncated},
		{"BookingRules.xml", "<ArrayOfBookingRule><BookingRule><Id>r</Id>", false, true, KindTruncated},
		{"BookingTexts.xml", "<ArrayOfBookingText><a></b></ArrayOfBookingText>", false, false, KindMalformedXML},
		{"SplitPredefinitions.xml", "not xml", false, false, KindMalformedXML},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			m := mapBooks(claudio, "2025")
			m[dir+tt.file] = &fstest.MapFile{Data: []byte(tt.data), ModTime: old}
			s := OpenFS(m, "optional")
			if b, err := s.Books(t.Context(), claudio, 2025); err != nil || len(b.Transactions) != 2 || len(b.Unreadable) != 0 {
				t.Errorf("Books = %v, %v; want the 2 postings: the core books do not read %s", b, err, tt.file)
			}
			b, err := s.BooksWith(t.Context(), claudio, 2025, NeedBank)
			switch {
			case tt.bankErr:
				if pe := asParseError(t, "BooksWith", err); pe.File != dir+tt.file || pe.Retryable {
					t.Errorf("BooksWith(NeedBank) = %v; want a permanent error naming %s", err, tt.file)
				}
			case err != nil:
				t.Errorf("BooksWith(NeedBank) error: %v; want books", err)
			case tt.skipped != (len(b.Unreadable) == 1 && b.Unreadable[0].File == dir+tt.file):
				t.Errorf("BooksWith(NeedBank).Unreadable = %v; want %s listed: %v", b.Unreadable, tt.file, tt.skipped)
			}
			_, unreadable, err := s.CheckFiles(t.Context(), claudio, 2025)
			if err != nil || len(unreadable) != 1 || unreadable[0].File != dir+tt.file || unreadable[0].Kind != tt.checkKind || unreadable[0].Retryable {
				t.Errorf("CheckFiles = %v, %v; want one permanent %s finding for %s", unreadable, err, tt.checkKind, tt.file)
			}
		})
	}
}

// TestMandatorNamesNormalized: a mandator whose folder is NFD in one year
// (copied through macOS) and NFC in another is one mandator, in NFC, found
// by either spelling in every year.
func TestMandatorNamesNormalized(t *testing.T) {
	const nfc, nfd = "Verein Z\u00fcrichsee", "Verein Zu\u0308richsee"
	m := mapBooks(nfd, "2024")
	for k, v := range mapBooks(nfc, "2025") {
		m[k] = v
	}
	s := OpenFS(m, "nfc")
	if ms, err := s.Mandators(0); err != nil || !cmp.Equal(ms, []string{nfc}) {
		t.Errorf("Mandators(0) = %q, %v; want one mandator, in NFC", ms, err)
	}
	if ms, err := s.Mandators(2024); err != nil || !cmp.Equal(ms, []string{nfc}) {
		t.Errorf("Mandators(2024) = %q, %v; want the NFD folder's name in NFC", ms, err)
	}
	for _, name := range []string{nfc, nfd} {
		if ys, err := s.MandatorYears(name); err != nil || !cmp.Equal(ys, []int{2024, 2025}) {
			t.Errorf("MandatorYears(%+q) = %v, %v; want 2024 and 2025", name, ys, err)
		}
		b, err := s.Books(t.Context(), name, 2024)
		if err != nil || b.Mandator != nfc || len(b.Transactions) != 2 || b.Files[0].Path != "2024/"+nfd+"/Data/Accounts.xml" {
			t.Errorf("Books(%+q, 2024) = %+v, %v; want the NFD folder's books, named in NFC", name, b, err)
		}
	}
	// Both forms in one year: still one mandator; the NFC folder is read and
	// the other reported.
	m["2025/"+nfd+"/Data/Accounts.xml"] = &fstest.MapFile{Data: sampleAccounts()}
	s = OpenFS(m, "nfc2")
	if ms, _ := s.Mandators(2025); !cmp.Equal(ms, []string{nfc}) {
		t.Errorf("Mandators(2025) with both forms = %q; want one", ms)
	}
	if b, err := s.Books(t.Context(), nfd, 2025); err != nil || b.Files[0].Path != "2025/"+nfc+"/Data/Accounts.xml" {
		t.Errorf("Books(nfd, 2025) with both forms = %v, %v; want the NFC folder", b, err)
	}
	if p, err := s.FolderProblems(); err != nil || len(p) != 1 || p[0].Kind != KindDuplicateFolder || p[0].File != "2025" {
		t.Errorf("FolderProblems = %v, %v; want one duplicate_folder in 2025", p, err)
	}
}

// TestTooLargeNamesTheSetting: the refusal names the Settings__MaxFileMiB
// that admits the file, its size rounded up to whole MiB.
func TestTooLargeNamesTheSetting(t *testing.T) {
	for _, tc := range []struct{ size, need int64 }{{1<<20 + 1, 2}, {3 << 20, 3}, {300, 1}} {
		pe := asParseError(t, "tooLarge", tooLarge("f", tc.size, 200))
		if pe.NeedMiB != tc.need || !strings.Contains(pe.Reason, fmt.Sprintf("set Settings__MaxFileMiB to at least %d", tc.need)) {
			t.Errorf("file of %d bytes: NeedMiB %d, reason %q; want %d", tc.size, pe.NeedMiB, pe.Reason, tc.need)
		}
	}
}
