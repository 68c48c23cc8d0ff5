package tools_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf16"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// messyBooks is the data root of a household, "Haushalt", whose books a
// user copied around: 2024 and 2025 are sound, 2026's postings are broken
// (line 8 holds the amount 1,5). The figures, by hand:
//
//	2024: salary 5000.00; Coop 100.00 (40 Living); rent 1500.00 (41 Housing)
//	      income 5000.00, expenses 1600.00; bank 1000 + 5000 − 1600 = 4400.00
//	2025: salary 5200.00; Hotel København 320.40 (40); rent 1500.00 (41)
//	      income 5200.00, expenses 1820.40; bank 1000 + 5200 − 1820.40 = 4379.60
func messyBooks() fstest.MapFS {
	accounts := xmlFile("ArrayOfAccount",
		account("bank", 1010, "Bank", "CHF", "1000"),
		account("pay", 3000, "Salary", "", "0"),
		account("food", 4000, "Food", "", "0"),
		account("rent", 4100, "Rent", "", "0"))
	subs := xmlFile("ArrayOfSubClass", subclass(10, "Cash"), subclass(30, "Income"), subclass(40, "Living"), subclass(41, "Housing"))
	m := fstest.MapFS{}
	for _, y := range []string{"2024", "2025", "2026"} {
		m[y+"/Haushalt/Data/Accounts.xml"] = accounts
		m[y+"/Haushalt/Data/SubClasses.xml"] = subs
	}
	m["2024/Haushalt/Data/Transactions.xml"] = xmlFile("ArrayOfTransaction",
		posting("a1", "2024-01-25", "Salary", "5000", "pay", "bank", ""),
		posting("a2", "2024-02-03", "Coop", "100.00", "bank", "food", ""),
		posting("a3", "2024-03-01", "Miete Wohnung Seefeld", "1500", "bank", "rent", ""))
	m["2025/Haushalt/Data/Transactions.xml"] = xmlFile("ArrayOfTransaction",
		posting("b1", "2025-01-25", "Salary", "5200", "pay", "bank", ""),
		posting("b2", "2025-02-14", "Hotel København", "320.40", "bank", "food", ""),
		posting("b3", "2025-03-01", "Seefeld Wohnung: Miete März", "1500", "bank", "rent", ""))
	m["2026/Haushalt/Data/Transactions.xml"] = xmlFile("ArrayOfTransaction",
		strings.Replace(posting("c1", "2026-01-25", "Salary", "5200", "pay", "bank", ""), "<Value>5200", "<Value>1,5", 1))
	return m
}

// TestOptionalFileBreaksOnlyItsAnswers breaks each optional file of 2025
// in turn. Before, a half-saved BankTransactions.xml made every answer on
// 2025 data_unreadable (and "retryable", so a model would call again and
// again); now only the answers that read it fail, permanently, and the
// others give the hand-computed figures.
func TestOptionalFileBreaksOnlyItsAnswers(t *testing.T) {
	const dir = "2025/Haushalt/Data/"
	half := string(xmlFile("ArrayOfBankTransaction", "  <BankTransaction>\r\n    <Id>l1</Id>\r\n    <ValueDate>2025-02-14T00:00:00</ValueDate>\r\n    <Value>-320.40</Value>\r\n  </BankTransaction>\r\n").Data)
	half = half[:len(half)*2/3] // half-saved, long ago (MapFS files carry no recent time)
	for _, c := range []struct {
		file, data string
		bankFails  bool // get_open_bank_transactions fails (else warns)
	}{
		{"BankTransactions.xml", half, true},
		{"BookingRules.xml", "<ArrayOfBookingRule><BookingRule>", false},
		{"BookingTexts.xml", "not XML", false},
		{"SplitPredefinitions.xml", "<ArrayOfSplitPredefinition><a></b></ArrayOfSplitPredefinition>", false},
	} {
		t.Run(c.file, func(t *testing.T) {
			m := messyBooks()
			m[dir+c.file] = &fstest.MapFile{Data: []byte(c.data)}
			for _, p := range modes {
				cs := connect(t, m, p)
				var sum struct{ TotalActivaChf, TotalPassivaChf, EquityChf string }
				mustCall(t, cs, "get_balance_summary", map[string]any{"year": 2025}, &sum)
				if sum.TotalActivaChf != "4379.60" || sum.TotalPassivaChf != "0.00" || sum.EquityChf != "4379.60" {
					t.Errorf("%s get_balance_summary(2025) = %+v; want activa 4379.60, passiva 0.00, equity 4379.60", p, sum)
				}
				var inc struct{ ProfitChf, LossChf, NetChf string }
				mustCall(t, cs, "get_income_statement", map[string]any{"year": 2025}, &inc)
				if inc.ProfitChf != "5200.00" || inc.LossChf != "1820.40" || inc.NetChf != "3379.60" {
					t.Errorf("%s get_income_statement(2025) = %+v; want 5200.00, 1820.40, 3379.60", p, inc)
				}
				var chk struct {
					Counts   map[string]int
					OK       bool
					Findings []struct{ Code, Severity, File string }
				}
				mustCall(t, cs, "check_books", map[string]any{"year": 2025}, &chk)
				if chk.Counts["unreadable_file"] != 1 {
					t.Errorf("%s check_books(2025) counts = %v; want one unreadable_file", p, chk.Counts)
				}
				if !chk.OK {
					t.Errorf("%s check_books(2025) ok = false; want true: a broken optional file is a warning", p)
				}
				if p != tools.Aggregate && (len(chk.Findings) == 0 || chk.Findings[0].File != dir+c.file || chk.Findings[0].Severity != "warning") {
					t.Errorf("%s check_books(2025) findings = %+v; want %s first, as a warning", p, chk.Findings, c.file)
				}
				if p == tools.Aggregate {
					continue
				}
				r := call(t, cs, "get_open_bank_transactions", map[string]any{"year": 2025}, nil)
				switch {
				case c.bankFails && (!r.IsError || r.Err.Code != "data_unreadable" || *r.Err.Retryable || !strings.Contains(r.Err.Message, dir+c.file)):
					t.Errorf("%s get_open_bank_transactions = %s; want a permanent data_unreadable naming %s", p, r.Raw, c.file)
				case !c.bankFails && r.IsError:
					t.Errorf("%s get_open_bank_transactions = %s; want an answer", p, r.Raw)
				case c.file == "BookingRules.xml" && !strings.Contains(string(r.Raw), `"warnings":["unreadable_file: `+dir+c.file):
					t.Errorf("%s get_open_bank_transactions = %s; want a warning naming %s", p, r.Raw, c.file)
				}
			}
		})
	}
}

// TestCrossYearAnswersSkip asks every answer over several years about
// messyBooks, whose 2026 cannot be read. Before, each failed whole
// (data_unreadable), losing the readable years; now the readable years
// answer with the hand-computed figures and a warning names the year, the
// file and its line by code only. A year named explicitly that cannot be
// read is an error for that year alone: a marked row in compare_years, the
// error itself when it is the only year asked about.
func TestCrossYearAnswersSkip(t *testing.T) {
	const warning = "unreadable_year: 2026 is left out: 2026/Haushalt/Data/Transactions.xml:8 (bad_value)"
	hasWarning := func(ws []string) bool {
		for _, w := range ws {
			if w == warning {
				return true
			}
		}
		return false
	}
	for _, p := range modes {
		cs := connect(t, messyBooks(), p)

		var cmp struct {
			Comparison []struct {
				Year                             int
				TotalIncomeChf, TotalExpensesChf string
				ByCategory                       map[string]string
				Unreadable                       string
			}
			Warnings []string
		}
		mustCall(t, cs, "compare_years", map[string]any{"years": []int{2024, 2025, 2026}}, &cmp)
		if len(cmp.Comparison) != 3 {
			t.Fatalf("%s compare_years rows = %+v; want 3", p, cmp.Comparison)
		}
		c24, c25, c26 := cmp.Comparison[0], cmp.Comparison[1], cmp.Comparison[2]
		if c24.TotalIncomeChf != "5000.00" || c24.TotalExpensesChf != "1600.00" || c24.ByCategory["Housing"] != "1500.00" ||
			c25.TotalIncomeChf != "5200.00" || c25.TotalExpensesChf != "1820.40" || c25.ByCategory["Living"] != "320.40" {
			t.Errorf("%s compare_years readable rows = %+v, %+v; want 5000.00/1600.00 and 5200.00/1820.40", p, c24, c25)
		}
		if c26.Year != 2026 || c26.Unreadable != "2026/Haushalt/Data/Transactions.xml:8 (bad_value)" || c26.TotalExpensesChf != "" {
			t.Errorf("%s compare_years 2026 row = %+v; want it marked unreadable, without figures", p, c26)
		}
		if !hasWarning(cmp.Warnings) {
			t.Errorf("%s compare_years warnings = %q; want %q", p, cmp.Warnings, warning)
		}

		var sp struct {
			TotalChf string
			Series   []struct {
				Points []struct{ Period, AmountChf string }
			}
			Warnings []string
		}
		mustCall(t, cs, "get_spending_over_time", map[string]any{"fromYear": 2024, "toYear": 2026, "interval": "quarter"}, &sp)
		var periods []string
		for _, pt := range sp.Series[0].Points {
			periods = append(periods, pt.Period+"="+pt.AmountChf)
		}
		want := "2024-Q1=1600.00 2024-Q2=0.00 2024-Q3=0.00 2024-Q4=0.00 2025-Q1=1820.40 2025-Q2=0.00 2025-Q3=0.00 2025-Q4=0.00"
		if p == tools.Aggregate { // a few postings a year: every quarter is withheld
			want = "2024-Q1= 2024-Q2= 2024-Q3= 2024-Q4= 2025-Q1= 2025-Q2= 2025-Q3= 2025-Q4="
		}
		if sp.TotalChf != "3420.40" || strings.Join(periods, " ") != want || !hasWarning(sp.Warnings) {
			t.Errorf("%s get_spending_over_time 2024–2026 = %s, %q, %q; want 3420.40, %q (no 0.00 for 2026) and the warning", p, sp.TotalChf, periods, sp.Warnings, want)
		}
		if r := call(t, cs, "get_spending_over_time", map[string]any{"year": 2026}, nil); !r.IsError || r.Err.Code != "data_unreadable" || *r.Err.Retryable {
			t.Errorf("%s get_spending_over_time(2026 only) = %s; want a permanent data_unreadable", p, r.Raw)
		}

		var nw struct {
			Months   []struct{ Month, EquityChf string }
			Warnings []string
		}
		mustCall(t, cs, "get_net_worth_history", map[string]any{}, &nw)
		if len(nw.Months) != 24 || nw.Months[11].Month != "2024-12" || nw.Months[11].EquityChf != "4400.00" ||
			nw.Months[23].Month != "2025-12" || nw.Months[23].EquityChf != "4379.60" || !hasWarning(nw.Warnings) {
			t.Errorf("%s get_net_worth_history = %d months (%+v …), %q; want 24 months ending 4400.00 and 4379.60, and the warning", p, len(nw.Months), nw.Months, nw.Warnings)
		}

		if p == tools.Aggregate {
			continue
		}
		var found struct {
			Total    int
			SumChf   string
			FromYear int
			ToYear   int
			Warnings []string
		}
		mustCall(t, cs, "search_transactions", map[string]any{"query": "Seefeld"}, &found)
		if found.Total != 2 || found.SumChf != "3000.00" || found.FromYear != 2024 || found.ToYear != 2026 || !hasWarning(found.Warnings) {
			t.Errorf("%s search_transactions(Seefeld) = %+v; want the 2 rents of 2024 and 2025, 3000.00, and the warning", p, found)
		}
		var rec struct {
			CompareYear int
			Note        string
			Warnings    []string
		}
		mustCall(t, cs, "get_recurring_transactions", map[string]any{"year": 2025}, &rec)
		// 2026's books could hold late bookings dated in 2025: it is read,
		// and so left out with the warning.
		if rec.CompareYear != 2024 || !hasWarning(rec.Warnings) {
			t.Errorf("%s get_recurring_transactions(2025) = %+v; want compared with 2024, and the warning", p, rec)
		}
		if r := call(t, cs, "get_recurring_transactions", map[string]any{"year": 2026}, nil); !r.IsError || r.Err.Code != "data_unreadable" {
			t.Errorf("%s get_recurring_transactions(2026) = %s; want data_unreadable: the year asked about cannot be read", p, r.Raw)
		}
	}
}

// unlistable is a data root in which some folders cannot be listed, as a
// year folder the server's user may not read.
type unlistable struct {
	fstest.MapFS
	dirs map[string]bool
}

func (u unlistable) ReadDir(name string) ([]fs.DirEntry, error) {
	if u.dirs[name] {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrPermission}
	}
	return u.MapFS.ReadDir(name)
}

func (u unlistable) Open(name string) (fs.File, error) {
	if u.dirs[name] {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return u.MapFS.Open(name)
}

// TestUnlistableYearFolder: before, one year folder that could not be
// listed failed discovery, and with it every call (and start-up); now the
// year is left out of the mandators and completions, and the rest answers.
func TestUnlistableYearFolder(t *testing.T) {
	m := messyBooks()
	m["2023/Verein/Data/Accounts.xml"] = m["2024/Haushalt/Data/Accounts.xml"]
	fsys := unlistable{m, map[string]bool{"2023": true}}
	for _, p := range modes {
		cs := connect(t, fsys, p)
		var years struct{ Years []int }
		mustCall(t, cs, "list_years", map[string]any{"mandator": "Haushalt"}, &years)
		if fmt.Sprint(years.Years) != "[2024 2025 2026]" {
			t.Errorf("%s list_years = %v; want [2024 2025 2026]", p, years.Years)
		}
		res, err := complete(t, cs, chartRef, "mandator", "", nil)
		if err != nil || fmt.Sprint(res.Completion.Values) != "[Haushalt]" {
			t.Errorf("%s mandator completions = %v, %v; want [Haushalt]", p, res, err)
		}
		res, err = complete(t, cs, chartRef, "year", "", map[string]string{"mandator": "Haushalt"})
		if err != nil || fmt.Sprint(res.Completion.Values) != "[2026 2025 2024]" {
			t.Errorf("%s year completions = %v, %v; want [2026 2025 2024]", p, res, err)
		}
	}
}

// TestCrossYearAnswersWaitForASave: a year caught while the app saves it is
// not left out (the answer would change a moment later without saying so
// in its figures): the whole answer is a retryable error, as one year's is.
func TestCrossYearAnswersWaitForASave(t *testing.T) {
	m := messyBooks()
	good := m["2025/Haushalt/Data/Transactions.xml"].Data
	m["2026/Haushalt/Data/Transactions.xml"] = &fstest.MapFile{Data: good[:len(good)/2], ModTime: time.Now()}
	for _, p := range modes {
		cs := connect(t, m, p)
		r := call(t, cs, "compare_years", map[string]any{"years": []int{2025, 2026}}, nil)
		if !r.IsError || r.Err.Code != "data_unreadable" || !*r.Err.Retryable || !strings.Contains(r.Err.Message, "2026/Haushalt/Data/Transactions.xml") {
			t.Errorf("%s compare_years while 2026 is being saved = %s; want a retryable data_unreadable naming the file", p, r.Raw)
		}
	}
}

// utf16LE encodes s as UTF-16, little endian, with a byte-order mark, as
// Windows tools save "Unicode" text.
func utf16LE(s string) []byte {
	out := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// TestNewerAppAndOtherToolsFiles rewrites 2025 of messyBooks the way a newer
// app version or another tool might. Before, each made the year
// data_unreadable; now each reads to the same hand-computed figures.
func TestNewerAppAndOtherToolsFiles(t *testing.T) {
	const dir = "2025/Haushalt/Data/"
	edit := func(file, old, new string) func(fstest.MapFS) {
		return func(m fstest.MapFS) {
			s := string(m[dir+file].Data)
			if !strings.Contains(s, old) {
				t.Fatalf("%s has no %q", file, old)
			}
			m[dir+file] = &fstest.MapFile{Data: []byte(strings.Replace(s, old, new, -1))}
		}
	}
	for _, c := range []struct {
		name   string
		change func(fstest.MapFS)
	}{
		{"<SchemaVersion> beside the accounts", edit("Accounts.xml", "  <Account>\r\n    <Id>bank", "  <SchemaVersion>3</SchemaVersion>\r\n  <Account>\r\n    <Id>bank")},
		{"an element with children beside the postings", edit("Transactions.xml", "</ArrayOfTransaction>", "  <Meta>\r\n    <Saved>2025-12-31</Saved>\r\n    <By><App>AccountingNext 5</App></By>\r\n  </Meta>\r\n</ArrayOfTransaction>")},
		{"an unknown element in a posting", edit("Transactions.xml", "    <Text>Salary</Text>\r\n", "    <Text>Salary</Text>\r\n    <Tags><string>Lohn</string></Tags>\r\n")},
		{`xsi:nil="1"`, edit("Transactions.xml", `<FxRate xsi:nil="true" />`, `<FxRate xsi:nil="1" />`)},
		{"<FxRate />", edit("Transactions.xml", `<FxRate xsi:nil="true" />`, `<FxRate />`)},
		{"<FxRate></FxRate>", edit("Transactions.xml", `<FxRate xsi:nil="true" />`, `<FxRate></FxRate>`)},
		{"an empty start balance", edit("Accounts.xml", "<StartBalance>0</StartBalance>", "<StartBalance />")},
		{"postings saved as UTF-16", func(m fstest.MapFS) {
			s := strings.TrimPrefix(string(m[dir+"Transactions.xml"].Data), "\ufeff")
			m[dir+"Transactions.xml"] = &fstest.MapFile{Data: utf16LE(strings.Replace(s, `encoding="utf-8"`, `encoding="utf-16"`, 1))}
		}},
	} {
		m := messyBooks()
		c.change(m)
		for _, p := range modes {
			cs := connect(t, m, p)
			var sum struct{ EquityChf string }
			var inc struct{ ProfitChf, LossChf string }
			if r := call(t, cs, "get_balance_summary", map[string]any{"year": 2025}, &sum); r.IsError || sum.EquityChf != "4379.60" {
				t.Errorf("%s, %s: get_balance_summary(2025) = %s; want equity 4379.60", c.name, p, r.Raw)
			}
			if r := call(t, cs, "get_income_statement", map[string]any{"year": 2025}, &inc); r.IsError || inc.ProfitChf != "5200.00" || inc.LossChf != "1820.40" {
				t.Errorf("%s, %s: get_income_statement(2025) = %s; want 5200.00 and 1820.40", c.name, p, r.Raw)
			}
		}
	}
}
