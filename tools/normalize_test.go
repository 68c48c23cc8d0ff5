package tools_test

import (
	"fmt"
	"net/url"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/tools"
)

// The two spellings of one name: composed (NFC, as Windows writes it) and
// decomposed (NFD, as a copy through macOS may leave it).
const (
	nfcVerein = "Verein Z\u00fcrichsee"
	nfdVerein = "Verein Zu\u0308richsee"
)

// nfcNfdBooks holds the club's 2024 books in an NFD folder and its 2025
// books in an NFC one. Each year: 2000.00 of dues on the bank account
// (start 500.00) and 300.00 of expenses, so the bank ends at 2200.00.
func nfcNfdBooks() fstest.MapFS {
	accounts := xmlFile("ArrayOfAccount",
		account("bank", 1010, "Bank", "CHF", "500"),
		account("dues", 3000, "Beiträge", "", "0"),
		account("costs", 4000, "Anlässe", "", "0"))
	m := fstest.MapFS{}
	for y, folder := range map[string]string{"2024": nfdVerein, "2025": nfcVerein} {
		m[y+"/"+folder+"/Data/Accounts.xml"] = accounts
		m[y+"/"+folder+"/Data/Transactions.xml"] = xmlFile("ArrayOfTransaction",
			posting(y+"a", y+"-03-01", "Beiträge", "2000", "dues", "bank", ""),
			posting(y+"b", y+"-06-01", "Sommerfest", "300", "bank", "costs", ""))
	}
	return m
}

// TestOneMandatorPerName: before, the club was listed twice and list_years
// with the NFC name missed the NFD year. Now it is one mandator, shown in
// NFC, found by either spelling in arguments, resources and completions.
func TestOneMandatorPerName(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, nfcNfdBooks(), p)
		if p != tools.Aggregate {
			var ms struct{ Mandators []string }
			mustCall(t, cs, "list_mandators", map[string]any{}, &ms)
			if len(ms.Mandators) != 1 || ms.Mandators[0] != nfcVerein {
				t.Errorf("%s list_mandators = %+q; want one, %+q", p, ms.Mandators, nfcVerein)
			}
		}
		for _, name := range []string{nfcVerein, nfdVerein} {
			var ys struct {
				Mandator string
				Years    []int
			}
			mustCall(t, cs, "list_years", map[string]any{"mandator": name}, &ys)
			if ys.Mandator != nfcVerein || fmt.Sprint(ys.Years) != "[2024 2025]" {
				t.Errorf("%s list_years(%+q) = %+q %v; want %+q [2024 2025]", p, name, ys.Mandator, ys.Years, nfcVerein)
			}
			var sum struct{ Mandator, TotalActivaChf string }
			mustCall(t, cs, "get_balance_summary", map[string]any{"mandator": name, "year": 2024}, &sum)
			if sum.Mandator != nfcVerein || sum.TotalActivaChf != "2200.00" {
				t.Errorf("%s get_balance_summary(%+q, 2024) = %+v; want the NFD folder's 2200.00, named in NFC", p, name, sum)
			}
			var chart struct{ Mandator string }
			decode(t, readResource(t, cs, "accounting://"+url.PathEscape(name)+"/2024/chart"), &chart)
			if chart.Mandator != nfcVerein {
				t.Errorf("%s chart resource of %+q = %+q; want %+q", p, name, chart.Mandator, nfcVerein)
			}
			res, err := complete(t, cs, chartRef, "year", "", map[string]string{"mandator": name})
			if err != nil || fmt.Sprint(res.Completion.Values) != "[2025 2024]" {
				t.Errorf("%s year completions for %+q = %v, %v; want [2025 2024]", p, name, res, err)
			}
		}
		res, err := complete(t, cs, chartRef, "mandator", "zur", nil)
		if err != nil || len(res.Completion.Values) != 1 || res.Completion.Values[0] != nfcVerein {
			t.Errorf("%s mandator completions for zur = %v, %v; want one, in NFC", p, res, err)
		}
		var cmp struct {
			Comparison []struct{ TotalIncomeChf string }
		}
		mustCall(t, cs, "compare_years", map[string]any{"mandator": nfdVerein, "years": []int{2024, 2025}}, &cmp)
		if len(cmp.Comparison) != 2 || cmp.Comparison[0].TotalIncomeChf != "2000.00" || cmp.Comparison[1].TotalIncomeChf != "2000.00" {
			t.Errorf("%s compare_years across the two folders = %+v; want 2000.00 in both years", p, cmp.Comparison)
		}
	}
}
