package tools_test

import (
	"context"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxMessage is the most bytes an error message may take, whatever the
// client sent: it names the argument and a recognizable start of it.
const maxMessage = 1024

// TestHugeArgumentsAreNotQuotedBack sends very long arguments where error
// messages quote them. Before, an 8 MiB mandator came back whole in the
// message; now every message stays short and still names the argument.
func TestHugeArgumentsAreNotQuotedBack(t *testing.T) {
	huge := strings.Repeat("Müller", 8<<20/7) // about 8 MiB
	long := strings.Repeat("x", 64<<10)
	for _, p := range modes {
		cs := connect(t, tinyBooks(), p)
		name := long
		if p == tools.Full { // the 8 MiB once: it costs the SDK a second to carry
			name = huge
		}
		cases := []errorCase{
			{"get_balance_summary", map[string]any{"mandator": name}, "unknown_mandator", []string{"mandator", "bytes)", `"Alpha"`}},
			{"get_balance_summary", map[string]any{"mandator": "Alpha", long: 1}, "invalid_argument", []string{"unknown argument", "mandator, year"}},
			{"get_balance_summary", map[string]any{"mandator": "Alpha", "year": long}, "invalid_argument", []string{"year", "whole number"}},
			{"get_income_statement", map[string]any{"mandator": "Alpha", "fromDate": long}, "invalid_argument", []string{"fromDate", "YYYY-MM-DD"}},
			{"list_accounts", map[string]any{"mandator": "Alpha", "class": long}, "invalid_argument", []string{"class", `"activa"`}},
			{"compare_years", map[string]any{"mandator": "Alpha", "years": []any{long, 2025}}, "invalid_argument", []string{"years[0]", "whole number"}},
		}
		if p != tools.Aggregate {
			cases = append(cases,
				errorCase{"get_transactions", map[string]any{"mandator": "Alpha", "accountId": long}, "unknown_account", []string{"account id", "list_accounts"}},
				errorCase{"get_transactions", map[string]any{"mandator": "Alpha", "minAmount": long}, "invalid_argument", []string{"minAmount"}},
				errorCase{"get_transactions", map[string]any{"mandator": "Alpha", "minAmount": 1e300}, "invalid_argument", []string{"amount"}},
				errorCase{"search_transactions", map[string]any{"mandator": "Alpha", "query": `"` + strings.Repeat(" ", 64<<10) + `"`}, "invalid_argument", []string{"query", "word"}},
			)
		}
		for i, c := range cases {
			r := call(t, cs, c.tool, c.args, nil)
			msg := r.Err.Message + " " + r.Err.Remediation
			if !r.IsError || r.Err.Code != c.code || len(msg) > maxMessage {
				t.Errorf("%s case %d, %s: %s error of %d bytes (%.200s); want %s of at most %d bytes", p, i, c.tool, r.Err.Code, len(msg), msg, c.code, maxMessage)
				continue
			}
			for _, want := range c.contains {
				if !strings.Contains(msg, want) {
					t.Errorf("%s case %d, %s: message %.300q does not name %s", p, i, c.tool, msg, want)
				}
			}
		}
		// Resources, prompts and completions answer JSON-RPC errors; they
		// stay short too.
		ctx := context.Background()
		_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "accounting://" + long + "/2025/chart"})
		if err == nil || len(err.Error()) > maxMessage+200 {
			t.Errorf("%s read of a long URI: error of %d bytes; want an error of at most about %d", p, len(errString(err)), maxMessage)
		}
		_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "monthly_cash_report", Arguments: map[string]string{"mandator": "Alpha", "month": long}})
		if err == nil || len(err.Error()) > maxMessage+200 || !strings.Contains(err.Error(), "month") {
			t.Errorf("%s prompt with a long month: error of %d bytes; want a short one naming month", p, len(errString(err)))
		}
		_, err = complete(t, cs, chartRef, long, "", nil)
		if err == nil || len(err.Error()) > maxMessage+200 {
			t.Errorf("%s completion of a long argument name: error of %d bytes; want a short one", p, len(errString(err)))
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestAccountIDIgnoresCase: .NET GUIDs are case-insensitive, and clients
// copy them in upper case or braced. Before, such an accountId was
// unknown_account; now it finds the account (sum by hand in
// fixtures/handcheck: 270.80 of groceries in 2025).
func TestAccountIDIgnoresCase(t *testing.T) {
	const id = "24b35ae0-c9e8-587e-a7d1-c7269077e8ad"
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		s := handcheck(t, p)
		for _, given := range []string{id, strings.ToUpper(id), "{" + strings.ToUpper(id) + "}", " " + id + " "} {
			var page txPage
			s.must("get_transactions", map[string]any{"year": 2025, "accountId": given}, &page)
			if page.Total != 4 || page.SumChf != "270.80" {
				t.Errorf("%s get_transactions(accountId %q) = %d rows, %s; want 4 rows, 270.80", p, given, page.Total, page.SumChf)
			}
			var acc struct {
				AccountID string
				Number    int
			}
			s.must("get_account", map[string]any{"year": 2025, "accountId": given}, &acc)
			if acc.AccountID != id || acc.Number != 4000 {
				t.Errorf("%s get_account(%q) = %+v; want account 4000 with its id as the books spell it", p, given, acc)
			}
		}
	}
}

// TestWholeNumbersWrittenAsFloats: some clients send every number as a
// float. Before, year 2025.0 was refused with "cannot unmarshal number
// 2025.0 into Go struct field …"; now it is 2025, and a year that is no
// whole number is refused naming the argument.
func TestWholeNumbersWrittenAsFloats(t *testing.T) {
	for _, p := range modes {
		s := handcheck(t, p)
		var want, got struct{ TotalActivaChf, EquityChf string }
		s.must("get_balance_summary", map[string]any{"year": 2025}, &want)
		for _, year := range []any{2025.0, 2.025e3} {
			s.must("get_balance_summary", map[string]any{"year": year}, &got)
			if got != want || want.EquityChf == "" {
				t.Errorf("%s get_balance_summary(year %v) = %+v; want %+v", p, year, got, want)
			}
		}
		var cmp struct{ Comparison []struct{ Year int } }
		s.must("compare_years", map[string]any{"years": []any{2025.0, 2026}}, &cmp)
		if len(cmp.Comparison) != 2 || cmp.Comparison[0].Year != 2025 {
			t.Errorf("%s compare_years([2025.0, 2026]) = %+v; want 2025 and 2026", p, cmp)
		}
		for _, c := range []errorCase{
			{"get_balance_summary", map[string]any{"year": 2025.5}, "invalid_argument", []string{"year", "2025.5", "whole number"}},
			{"get_balance_summary", map[string]any{"year": true}, "invalid_argument", []string{"year", "whole number", "true"}},
			{"compare_years", map[string]any{"years": []any{2025, 2025.5}}, "invalid_argument", []string{"years[1]", "whole number"}},
		} {
			expectError(t, s.cs, p, c)
			if r := call(t, s.cs, c.tool, c.args, nil); strings.Contains(r.Err.Message, "Go struct") || strings.Contains(r.Err.Message, "unmarshal") {
				t.Errorf("%s %s(%v): message %q speaks Go, not arguments", p, c.tool, c.args, r.Err.Message)
			}
		}
	}
}
