package tools_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// messyBooks is the data root of a household, "Haushalt", whose books a
// user copied around: 2024 and 2025 are sound, 2026's postings are broken
// (line 7 holds the amount 1,5). The figures, by hand:
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
					Findings []struct{ Code, File string }
				}
				mustCall(t, cs, "check_books", map[string]any{"year": 2025}, &chk)
				if chk.Counts["unreadable_file"] != 1 {
					t.Errorf("%s check_books(2025) counts = %v; want one unreadable_file", p, chk.Counts)
				}
				if p != tools.Aggregate && (len(chk.Findings) == 0 || chk.Findings[0].File != dir+c.file) {
					t.Errorf("%s check_books(2025) findings = %+v; want %s first", p, chk.Findings, c.file)
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
