package reader

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

const (
	claudio = "Claudio Schaad"
	verein  = "Verein Zürichsee"
)

// postings2024 and postings2025 are the postings of Claudio Schaad's books.
var (
	postings2024 = [][]string{txItem("t24", "2024-06-30", "Salary", "8000", "a3000", "a1020")}
	postings2025 = [][]string{
		txItem("t1", "2025-01-01", "Salary", "8000", "a3000", "a1020"),
		txItem("t2", "2025-03-31", "Migros", "87.30", "a1020", "a4000"),
	}
)

// sampleRoot builds a data root that exercises every discovery rule and
// returns its path:
//
//	2024/Claudio Schaad            books with one posting
//	2025/Claudio Schaad            books with two postings, all optional files
//	2025/Verein Zürichsee          a year just opened: no Transactions.xml
//	2025/backup, Backup            backups, though with Data/Accounts.xml inside,
//	                               and backup/Claudio Schaad
//	2025/Empty, NoAccounts         pre-created folders without Data/Accounts.xml
//	2025/Odd                       Data/Accounts.xml is a folder, not a file
//	2023/BACKUP, BACKUP/X          a year with nothing but a backup
//	2026/                          an empty year folder
//	20255/M, abcd/M, 2022 (file)   not years
func sampleRoot(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	writeBooks(t, root, "2024", claudio, postings2024)
	writeBooks(t, root, "2025", claudio, postings2025)
	writeFile(t, root, "2025/"+claudio+"/Data/SubClasses.xml", dialect("SubClass", []string{el("Id", "s"), el("Number", "40"), el("Name", "Haushalt")}))
	writeFile(t, root, "2025/"+claudio+"/Data/BankTransactions.xml", dialect("BankTransaction"))
	writeFile(t, root, "2025/"+claudio+"/Data/BookingRules.xml", dialect("BookingRule"))
	writeFile(t, root, "2025/"+claudio+"/Data/BookingTexts.xml", []byte("not parsed"))
	writeFile(t, root, "2025/"+claudio+"/uploads/statement.pdf", []byte("%PDF"))
	writeBooks(t, root, "2025", verein, nil)
	for _, b := range []string{"2025/backup", "2025/backup/" + claudio, "2025/Backup", "2023/BACKUP", "2023/BACKUP/X"} {
		writeBooks(t, root, filepath.Dir(b), filepath.Base(b), postings2025)
	}
	writeFile(t, root, "2025/backup/"+claudio+"/2025-03-01.zip", []byte("PK"))
	writeFile(t, root, "2025/NoAccounts/Data/Transactions.xml", dialect("Transaction"))
	writeFile(t, root, "2025/Odd/Data/Accounts.xml/x", nil)
	writeFile(t, root, "2025/notes.txt", []byte("a file in a year folder"))
	writeBooks(t, root, "20255", "M", nil)
	writeBooks(t, root, "abcd", "M", nil)
	writeFile(t, root, "2022", []byte("a file named like a year"))
	writeFile(t, root, "README.txt", nil)
	for _, dir := range []string{"2025/Empty", "2026"} {
		if err := os.MkdirAll(filepath.Join(root, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func openStore(t *testing.T, root string) *Store {
	t.Helper()
	s, err := Open(root)
	if err != nil {
		t.Fatalf("Open(%q) error: %v", root, err)
	}
	return s
}

func TestStoreDiscovery(t *testing.T) {
	s := openStore(t, sampleRoot(t))
	years, err := s.Years()
	if err != nil {
		t.Fatalf("Years() error: %v", err)
	}
	if diff := cmp.Diff([]int{2024, 2025}, years); diff != "" {
		t.Errorf("Years() mismatch (-want +got):\n%s", diff)
	}

	mandators := []struct {
		year int
		want []string
	}{
		{0, []string{claudio, verein}},
		{2024, []string{claudio}},
		{2025, []string{claudio, verein}},
		{2023, nil},  // only a backup
		{2026, nil},  // empty year folder
		{1999, nil},  // no such folder
		{20255, nil}, // not a year, though its folder has books
	}
	for _, tt := range mandators {
		got, err := s.Mandators(tt.year)
		if err != nil {
			t.Errorf("Mandators(%d) error: %v", tt.year, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("Mandators(%d) mismatch (-want +got):\n%s", tt.year, diff)
		}
	}

	mandatorYears := []struct {
		mandator string
		want     []int
	}{
		{claudio, []int{2024, 2025}},
		{verein, []int{2025}},
		{"M", nil}, // only below folders that are not years
		{"X", nil}, // only below a backup
		{"backup", nil},
		{"Empty", nil},
		{"Odd", nil},
		{"Nobody", nil},
		{"", nil},
		{"../2025/" + claudio, nil},
	}
	for _, tt := range mandatorYears {
		got, err := s.MandatorYears(tt.mandator)
		if err != nil {
			t.Errorf("MandatorYears(%q) error: %v", tt.mandator, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("MandatorYears(%q) mismatch (-want +got):\n%s", tt.mandator, diff)
		}
	}
}

func TestYearIsAFolderOfFourDigits(t *testing.T) {
	root := t.TempDir()
	writeBooks(t, root, "2025", claudio, nil)
	writeFile(t, root, "2024", []byte("a file, not a year"))
	for _, notYear := range []string{"20255", "202", "abcd", "2O25", "0000", "+202", " 202", "2025 (copy)"} {
		writeBooks(t, root, notYear, "M", nil)
	}
	s := openStore(t, root)
	if got, err := s.Years(); err != nil || !cmp.Equal(got, []int{2025}) {
		t.Errorf("Years() = %v, %v; want [2025]", got, err)
	}
	if got, err := s.Mandators(0); err != nil || !cmp.Equal(got, []string{claudio}) {
		t.Errorf("Mandators(0) = %v, %v; want [%s]", got, err, claudio)
	}
	if got, err := s.MandatorYears("M"); err != nil || len(got) != 0 {
		t.Errorf("MandatorYears(M) = %v, %v; want none", got, err)
	}
	for _, y := range []int{20255, 202, 0} {
		if _, err := s.Books(t.Context(), "M", y); !errors.Is(err, ErrNotFound) {
			t.Errorf("Books(M, %d) error = %v; want ErrNotFound", y, err)
		}
	}
}

func TestStoreEmptyRoot(t *testing.T) {
	s := openStore(t, t.TempDir())
	if got, err := s.Years(); err != nil || len(got) != 0 {
		t.Errorf("Years() = %v, %v; want none, no error", got, err)
	}
	if got, err := s.Mandators(0); err != nil || len(got) != 0 {
		t.Errorf("Mandators(0) = %v, %v; want none, no error", got, err)
	}
	if got, err := s.MandatorYears(claudio); err != nil || len(got) != 0 {
		t.Errorf("MandatorYears(%q) = %v, %v; want none, no error", claudio, got, err)
	}
	if _, err := s.Books(t.Context(), claudio, 2025); !errors.Is(err, ErrNotFound) {
		t.Errorf("Books(%q, 2025) error = %v; want ErrNotFound", claudio, err)
	}
}

func TestBooks(t *testing.T) {
	root := sampleRoot(t)
	s := openStore(t, root)
	ctx := t.Context()

	b, err := s.BooksWith(ctx, claudio, 2025, NeedBank)
	if err != nil {
		t.Fatalf("BooksWith(%q, 2025, NeedBank) error: %v", claudio, err)
	}
	if b.Mandator != claudio || b.Year != 2025 {
		t.Errorf("Books(%q, 2025) = %q %d; want %q 2025", claudio, b.Mandator, b.Year, claudio)
	}
	if len(b.Accounts) != 4 || len(b.Transactions) != 2 || len(b.SubClasses) != 1 {
		t.Errorf("Books(%q, 2025) has %d accounts, %d postings, %d subclasses; want 4, 2, 1",
			claudio, len(b.Accounts), len(b.Transactions), len(b.SubClasses))
	}
	if !b.HasTransactionsFile || !b.HasBankFile {
		t.Errorf("Books(%q, 2025) HasTransactionsFile, HasBankFile = %v, %v; want true, true", claudio, b.HasTransactionsFile, b.HasBankFile)
	}
	var files []string
	for _, f := range b.Files {
		files = append(files, f.Path)
		st, err := os.Stat(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil || !st.ModTime().Equal(f.ModTime) {
			t.Errorf("Books(%q, 2025) stamp %s = %v; want the file's mtime (%v)", claudio, f.Path, f.ModTime, err)
		}
	}
	dir := "2025/" + claudio + "/Data/"
	want := []string{dir + "Accounts.xml", dir + "SubClasses.xml", dir + "Transactions.xml", dir + "BankTransactions.xml", dir + "BookingRules.xml"}
	if diff := cmp.Diff(want, files); diff != "" {
		t.Errorf("Books(%q, 2025) Files mismatch (-want +got):\n%s", claudio, diff)
	}

	// The core books read neither bank file: an answer that does not need
	// them does not depend on them.
	core, err := s.Books(ctx, claudio, 2025)
	if err != nil {
		t.Fatalf("Books(%q, 2025) error: %v", claudio, err)
	}
	if got := len(core.Files); got != 3 || core.HasBankFile || core.BankTransactions != nil {
		t.Errorf("Books(%q, 2025) = %d files, HasBankFile %v; want the 3 core files and no bank file", claudio, got, core.HasBankFile)
	}

	// A year just opened: valid books without postings.
	v, err := s.Books(ctx, verein, 2025)
	if err != nil {
		t.Fatalf("Books(%q, 2025) error: %v", verein, err)
	}
	if len(v.Accounts) != 4 || len(v.Transactions) != 0 || v.HasTransactionsFile || v.HasBankFile {
		t.Errorf("Books(%q, 2025) = %d accounts, %d postings, HasTransactionsFile %v, HasBankFile %v; want 4, 0, false, false",
			verein, len(v.Accounts), len(v.Transactions), v.HasTransactionsFile, v.HasBankFile)
	}
	if len(v.Files) != 1 || v.Files[0].Path != "2025/"+verein+"/Data/Accounts.xml" {
		t.Errorf("Books(%q, 2025) Files = %v; want only its Accounts.xml", verein, v.Files)
	}
}

func TestBooksNotFound(t *testing.T) {
	root := sampleRoot(t)
	writeBooks(t, filepath.Join(root, "2025"), "a", "b", nil) // 2025/a/b/Data/Accounts.xml
	s := openStore(t, root)
	tests := []struct {
		mandator string
		year     int
	}{
		{"Nobody", 2025},
		{claudio, 2023},
		{claudio, 2026},
		{claudio, 0},
		{claudio, -2025},
		{verein, 2024},
		{"", 2025},
		{".", 2025},
		{"..", 2025},
		{"../x", 2025},
		{"../2025/" + claudio, 2024},
		{"/etc", 2025},
		{"a/b", 2025},
		{`a\b`, 2025},
		{claudio + "/", 2025},
		{"backup", 2025},
		{"Backup", 2025},
		{"BACKUP", 2023},
		{"X", 2023},
		{"Empty", 2025},
		{"NoAccounts", 2025},
		{"Odd", 2025},
		{"M", 20255}, // not a year folder
	}
	for _, tt := range tests {
		b, err := s.Books(t.Context(), tt.mandator, tt.year)
		if !errors.Is(err, ErrNotFound) {
			t.Errorf("Books(%q, %d) = %v, %v; want an error wrapping ErrNotFound", tt.mandator, tt.year, b, err)
		}
	}
}

func TestBooksParseErrorIsIsolated(t *testing.T) {
	root := sampleRoot(t)
	rel := "2025/" + claudio + "/Data/Transactions.xml"
	writeFile(t, root, rel, crlf(edit(t, txFile, "<Value>8000</Value>", "<Value>1,5</Value>")))
	writeBooks(t, root, "2024", verein, postings2024)
	s := openStore(t, root)

	_, err := s.Books(t.Context(), claudio, 2025)
	pe := asParseError(t, "Books(claudio, 2025)", err)
	if pe.File != rel || pe.Line != 21 {
		t.Errorf("Books(%q, 2025) error at %s:%d; want %s:21", claudio, pe.File, pe.Line, rel)
	}
	if filepath.IsAbs(pe.File) || filepath.IsAbs(filepath.FromSlash(pe.File)) {
		t.Errorf("Books(%q, 2025) error names %q; want a path relative to the root", claudio, pe.File)
	}

	for _, ok := range []struct {
		mandator string
		year     int
		postings int
	}{{claudio, 2024, 1}, {verein, 2025, 0}, {verein, 2024, 1}} {
		b, err := s.Books(t.Context(), ok.mandator, ok.year)
		if err != nil {
			t.Errorf("Books(%q, %d) error: %v; want books", ok.mandator, ok.year, err)
			continue
		}
		if len(b.Transactions) != ok.postings {
			t.Errorf("Books(%q, %d) has %d postings; want %d", ok.mandator, ok.year, len(b.Transactions), ok.postings)
		}
	}

	// BooksOfYears fails as a whole when one year is broken.
	if _, err := s.BooksOfYears(t.Context(), claudio, []int{2024, 2025}); err == nil {
		t.Errorf("BooksOfYears(%q, [2024 2025]) error = nil; want the 2025 *ParseError", claudio)
	}
}

func TestBooksOfYears(t *testing.T) {
	s := openStore(t, sampleRoot(t))
	for _, years := range [][]int{{2025, 2024}, {2024, 2025}, {2025}, {2024, 2025, 2024}, {}} {
		got, err := s.BooksOfYears(t.Context(), claudio, years)
		if err != nil {
			t.Errorf("BooksOfYears(%q, %v) error: %v", claudio, years, err)
			continue
		}
		var gotYears []int
		for _, b := range got {
			gotYears = append(gotYears, b.Year)
		}
		if diff := cmp.Diff(years, gotYears, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("BooksOfYears(%q, %v) years mismatch (-want +got):\n%s", claudio, years, diff)
		}
	}
	if _, err := s.BooksOfYears(t.Context(), claudio, []int{2025, 2019}); !errors.Is(err, ErrNotFound) {
		t.Errorf("BooksOfYears(%q, [2025 2019]) error = %v; want ErrNotFound", claudio, err)
	}
}

func TestPlainWindowsPath(t *testing.T) {
	for in, want := range map[string]string{
		`\\?\D:\AccountingData\`:          `D:\AccountingData\`,
		`\\?\UNC\server\share\Data`:       `\\server\share\Data`,
		`\\server\share\Data`:             `\\server\share\Data`,
		`D:\AccountingData`:               `D:\AccountingData`,
		`\\?\Volume{1234}\AccountingData`: `\\?\Volume{1234}\AccountingData`, // no drive letter: left as it is
	} {
		if got := plainWindowsPath(in); got != want {
			t.Errorf("plainWindowsPath(%q) = %q; want %q", in, got, want)
		}
	}
}

// TestOpenNamesThePathAsGiven: a data path that does not exist is named
// as typed, backslashes and all, never with doubled backslashes.
func TestOpenNamesThePathAsGiven(t *testing.T) {
	missing := filepath.Join(t.TempDir(), `no such folder\`)
	_, err := Open(missing)
	if err == nil || err.Error() != `data path "`+missing+`" does not exist` {
		t.Errorf("Open(%q) error = %v; want it to say the path does not exist, naming it as given", missing, err)
	}
}
