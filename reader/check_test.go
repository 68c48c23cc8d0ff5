package reader

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkRootWith writes one mandator-year, "Check" in 2025, with every optional
// file; broken names the files to write with a malformed item instead.
func checkRootWith(t *testing.T, broken ...string) string {
	t.Helper()
	root := t.TempDir()
	dir := "2025/Check/Data/"
	isBroken := map[string]bool{}
	for _, b := range broken {
		isBroken[b] = true
	}
	accounts := sampleAccounts()
	if isBroken["Accounts.xml"] {
		accounts = dialect("Account", accountItem("a1", "10x0", "Bank", "CHF", "0"))
	}
	writeFile(t, root, dir+"Accounts.xml", accounts)
	// Line 18 is the Value of the second posting (lines: 1 declaration,
	// 2 root, 3 <Transaction>, 4–11 its eight elements, 12 </Transaction>,
	// 13 <Transaction>, 14 Id, 15 ValueDate, 16 BookingDate, 17 Text, 18 Value).
	second := "87.30"
	if isBroken["Transactions.xml"] {
		second = "87,30"
	}
	writeFile(t, root, dir+"Transactions.xml", dialect("Transaction",
		txItem("t1", "2025-01-01", "Salary", "8000", "a3000", "a1020"),
		txItem("t2", "2025-03-31", "Migros", second, "a1020", "a4000")))
	writeFile(t, root, dir+"SubClasses.xml", dialect("SubClass", []string{el("Id", "s"), el("Number", "40"), el("Name", "Haushalt")}))
	bankValue := "-87.30"
	if isBroken["BankTransactions.xml"] {
		bankValue = "minus 87.30"
	}
	writeFile(t, root, dir+"BankTransactions.xml", dialect("BankTransaction", []string{
		el("Id", "b1"), el("ValueDate", "2025-03-31T00:00:00"), el("BookingDate", "2025-03-31T00:00:00"),
		el("Text", "MIGROS"), el("Value", bankValue), el("BankAccountNumber", "CH93"), el("Ignore", "false")}))
	writeFile(t, root, dir+"BookingRules.xml", dialect("BookingRule"))
	return root
}

func TestCheckFiles(t *testing.T) {
	const dir = "2025/Check/Data/"
	for _, tc := range []struct {
		name        string
		broken      []string
		wantErrs    []string // File:Line of each *ParseError, in order
		accounts    int
		postings    int
		bankLines   int
		subClasses  int
		filesListed int
	}{
		{"all readable", nil, nil, 4, 2, 1, 1, 5},
		{"postings broken", []string{"Transactions.xml"}, []string{dir + "Transactions.xml:18"}, 4, 0, 1, 1, 4},
		{"chart broken", []string{"Accounts.xml"}, []string{dir + "Accounts.xml:5"}, 0, 2, 1, 1, 4},
		{"two broken", []string{"BankTransactions.xml", "Accounts.xml"},
			[]string{dir + "Accounts.xml:5", dir + "BankTransactions.xml:8"}, 0, 2, 0, 1, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openStore(t, checkRootWith(t, tc.broken...))
			b, errs, err := s.CheckFiles(t.Context(), "Check", 2025)
			if err != nil {
				t.Fatalf("CheckFiles error: %v; want books", err)
			}
			var got []string
			for _, pe := range errs {
				got = append(got, pe.File+":"+strconv.Itoa(pe.Line))
				if pe.Reason == "" {
					t.Errorf("CheckFiles: %s has no reason", pe.File)
				}
			}
			if diff := cmp.Diff(tc.wantErrs, got); diff != "" {
				t.Errorf("CheckFiles parse errors (-want +got):\n%s", diff)
			}
			counts := []int{len(b.Accounts), len(b.Transactions), len(b.BankTransactions), len(b.SubClasses), len(b.Files)}
			want := []int{tc.accounts, tc.postings, tc.bankLines, tc.subClasses, tc.filesListed}
			if !cmp.Equal(want, counts) {
				t.Errorf("CheckFiles accounts, postings, bank lines, subclasses, files = %v; want %v", counts, want)
			}
			if !b.HasTransactionsFile || !b.HasBankFile {
				t.Errorf("CheckFiles HasTransactionsFile, HasBankFile = %v, %v; want true, true (the files exist)", b.HasTransactionsFile, b.HasBankFile)
			}
			// BooksWith the bank files fails on the same root exactly when a
			// file is broken.
			if _, err := s.BooksWith(t.Context(), "Check", 2025, NeedBank); (err != nil) != (len(tc.broken) > 0) {
				t.Errorf("BooksWith(NeedBank) error = %v with broken files %v", err, tc.broken)
			}
		})
	}
}

func TestCheckFilesMatchesBooks(t *testing.T) {
	root := sampleRoot(t)
	// sampleRoot's BookingTexts.xml is not XML, which only CheckFiles looks at.
	writeFile(t, root, "2025/"+claudio+"/Data/BookingTexts.xml", dialect("BookingText"))
	s := openStore(t, root)
	for _, y := range []int{2024, 2025} {
		want, err := s.BooksWith(t.Context(), claudio, y, NeedBank)
		if err != nil {
			t.Fatal(err)
		}
		got, errs, err := s.CheckFiles(t.Context(), claudio, y)
		if err != nil || len(errs) != 0 {
			t.Fatalf("CheckFiles(%q, %d) = %v, %v; want no errors", claudio, y, errs, err)
		}
		if y == 2025 { // CheckFiles read the well-formed BookingTexts.xml too
			if last := got.Files[len(got.Files)-1]; last.Path != "2025/"+claudio+"/Data/BookingTexts.xml" {
				t.Errorf("CheckFiles(%q, 2025) last file = %s; want BookingTexts.xml", claudio, last.Path)
			}
			got.Files = got.Files[:len(got.Files)-1]
		}
		got.Needs = want.Needs
		if diff := cmp.Diff(want, got, decimalEqual); diff != "" {
			t.Errorf("CheckFiles(%q, %d) differs from Books (-Books +CheckFiles):\n%s", claudio, y, diff)
		}
	}
}

func TestCheckFilesErrors(t *testing.T) {
	s := openStore(t, sampleRoot(t))
	for _, c := range []struct {
		mandator string
		year     int
	}{{"Nobody", 2025}, {claudio, 2030}, {"backup", 2025}, {"../x", 2025}} {
		if _, _, err := s.CheckFiles(t.Context(), c.mandator, c.year); !errors.Is(err, ErrNotFound) {
			t.Errorf("CheckFiles(%q, %d) error = %v; want ErrNotFound", c.mandator, c.year, err)
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := s.CheckFiles(ctx, claudio, 2025); !errors.Is(err, context.Canceled) {
		t.Errorf("CheckFiles with a cancelled context: error = %v; want context.Canceled", err)
	}
}
