package tools_test

import (
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

// TestInsightsBadInput: ranges outside the year's books, unknown or
// non-activa cash accounts, limits out of bounds and sub-year cash flow in
// Aggregate are typed errors that name the value and the choices.
func TestInsightsBadInput(t *testing.T) {
	detailCases := []errorCase{
		{"find_unusual_transactions", map[string]any{"mandator": "Alpha", "limit": 0}, "invalid_argument", []string{"limit", "100"}},
		{"find_unusual_transactions", map[string]any{"mandator": "Alpha", "limit": 101}, "invalid_argument", []string{"limit", "101", "100"}},
		{"find_unusual_transactions", map[string]any{"mandator": "Alpha", "fromDate": "2024-12-01"}, "invalid_argument", []string{"2024-12-01", "2025-01-01", "year 2024"}},
		{"find_unusual_transactions", map[string]any{"mandator": "Alpha", "year": 2023}, "unknown_year", []string{"2023", "2025"}},
		{"get_trial_balance", map[string]any{"mandator": "Alpha", "toDate": "2026-01-31"}, "invalid_argument", []string{"toDate", "2026-01-31", "2025-12-31"}},
		{"get_trial_balance", map[string]any{"mandator": "Alpha", "fromDate": "2025-05-01", "toDate": "2025-04-01"}, "invalid_argument", []string{"2025-05-01", "2025-04-01"}},
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "cashAccounts": []int{1020}}, "unknown_account", []string{"1020", "1010 Bank"}},
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "cashAccounts": []int{4000}}, "invalid_argument", []string{"4000 Food", "expenses", "1010 Bank"}},
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "cashAccounts": []int{}}, "invalid_argument", []string{"cashAccounts"}},
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "interval": "week"}, "invalid_argument", []string{`"week"`, `"month"`, `"year"`}},
	}
	for _, p := range []tools.Privacy{tools.Full, tools.Local} {
		cs := connect(t, tinyBooks(), p)
		for _, c := range detailCases {
			expectError(t, cs, p, c)
		}
	}
	cs := connect(t, tinyBooks(), tools.Aggregate)
	for _, c := range []errorCase{
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "interval": "month"}, "invalid_argument", []string{`"month"`, "Aggregate", `"year"`}},
		{"get_cash_flow", map[string]any{"mandator": "Alpha", "cashAccounts": []int{1010}}, "invalid_argument", []string{"cashAccounts"}},
	} {
		expectError(t, cs, tools.Aggregate, c)
	}
	// A configured cash account the books lack: left out with a warning;
	// none left: an error naming the setting.
	cs = connect(t, tinyBooks(), tools.Full, func(o *tools.Options) { o.CashAccounts = []int{1010, 1099} })
	var cf struct {
		CashAccounts []string `json:"cashAccounts"`
		Warnings     []string `json:"warnings"`
	}
	mustCall(t, cs, "get_cash_flow", map[string]any{"mandator": "Alpha"}, &cf)
	if len(cf.CashAccounts) != 1 || cf.CashAccounts[0] != "Bank" || len(cf.Warnings) != 1 {
		t.Errorf("get_cash_flow with Mcp__CashAccounts 1010,1099 = %+v; want Bank and one warning about 1099", cf)
	}
	for _, p := range modes {
		cs = connect(t, tinyBooks(), p, func(o *tools.Options) { o.CashAccounts = []int{1099} })
		expectError(t, cs, p, errorCase{"get_cash_flow", map[string]any{"mandator": "Alpha"}, "unknown_account", []string{"Mcp__CashAccounts", "1099"}})
	}
}

// TestCashFlowAndTrialBalanceDemo checks, on the demo club's 2025 books
// (CHF only), that opening + in − out = closing for every month and the
// year, that the months chain, and that the trial balance's debits equal
// its credits and every row closes as opening ± debits ∓ credits.
func TestCashFlowAndTrialBalanceDemo(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	var cf struct {
		OpeningChf, InChf, OutChf, FxDifferenceChf, ClosingChf string
		Periods                                                []struct {
			Period, OpeningChf, InChf, OutChf, ClosingChf string
			FxDifferenceChf                               string
		}
	}
	mustCall(t, cs, "get_cash_flow", map[string]any{"mandator": "Verein Zürichsee", "year": 2025, "cashAccounts": []int{1000, 1010}}, &cf)
	if len(cf.Periods) != 12 || cf.FxDifferenceChf != "" {
		t.Fatalf("periods %d, fxDifference %q; want 12 months and none (CHF only)", len(cf.Periods), cf.FxDifferenceChf)
	}
	prev := cf.OpeningChf
	for _, p := range cf.Periods {
		if p.OpeningChf != prev {
			t.Errorf("%s opens at %s; the month before closed at %s", p.Period, p.OpeningChf, prev)
		}
		if got := add(t, p.OpeningChf, p.InChf, "-"+p.OutChf); got != p.ClosingChf {
			t.Errorf("%s: %s + %s − %s = %s; closing says %s", p.Period, p.OpeningChf, p.InChf, p.OutChf, got, p.ClosingChf)
		}
		prev = p.ClosingChf
	}
	if prev != cf.ClosingChf || add(t, cf.OpeningChf, cf.InChf, "-"+cf.OutChf) != cf.ClosingChf {
		t.Errorf("year: %s + %s − %s ≠ %s (December closed at %s)", cf.OpeningChf, cf.InChf, cf.OutChf, cf.ClosingChf, prev)
	}
	var tb struct {
		Accounts []struct {
			Number                            int
			Currency                          string
			Opening, Debits, Credits, Closing string
			DebitsChf, CreditsChf             string
		}
		TotalDebitsChf, TotalCreditsChf string
	}
	mustCall(t, cs, "get_trial_balance", map[string]any{"mandator": "Verein Zürichsee", "year": 2025}, &tb)
	if tb.TotalDebitsChf != tb.TotalCreditsChf || tb.TotalDebitsChf == "0.00" {
		t.Errorf("total debits %s, credits %s; want equal and not zero", tb.TotalDebitsChf, tb.TotalCreditsChf)
	}
	for _, a := range tb.Accounts {
		want := add(t, a.Opening, a.Debits, "-"+a.Credits)
		if c := a.Number / 1000; c == 2 || c == 3 {
			want = add(t, a.Opening, a.Credits, "-"+a.Debits)
		}
		if want != a.Closing {
			t.Errorf("account %d: opening %s, debits %s, credits %s, closing %s; want %s", a.Number, a.Opening, a.Debits, a.Credits, a.Closing, want)
		}
	}
}

// add sums decimal strings ("-" before one subtracts it; "--x" adds x) and
// returns the sum with two decimals.
func add(t *testing.T, terms ...string) string {
	t.Helper()
	var sum decimal.Decimal
	for _, s := range terms {
		s = strings.TrimPrefix(s, "--")
		d, err := decimal.NewFromString(s)
		if err != nil {
			t.Fatalf("%q is not a decimal: %v", s, err)
		}
		sum = sum.Add(d)
	}
	return sum.StringFixed(2)
}
