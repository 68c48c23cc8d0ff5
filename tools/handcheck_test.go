package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// The expected numbers below are the hand-computed ones of
// fixtures/handcheck/EXPECTED.md, where the arithmetic is shown.

func handcheck(t *testing.T, p tools.Privacy, opts ...func(*tools.Options)) *mcpSession {
	return &mcpSession{t: t, cs: connect(t, fixtures.HandcheckFS(), p, opts...)}
}

func withEUR(rate string) func(*tools.Options) {
	return func(o *tools.Options) { o.Rates = analysis.Rates{"EUR": decimal.RequireFromString(rate)} }
}

func TestHandcheckBalances(t *testing.T) {
	type row struct {
		Number       int    `json:"number"`
		Balance      string `json:"balance"`
		BalanceChf   string `json:"balanceChf"`
		FxRate       string `json:"fxRate"`
		FxRateSource string `json:"fxRateSource"`
		SubclassName string `json:"subclassName"`
	}
	var got struct {
		Mandator string
		Year     int
		Accounts []row
		Warnings []string
	}
	for _, c := range []struct {
		year int
		rate string
		want []row
	}{
		{2025, "", []row{
			{1000, "390.40", "390.40", "", "", "Flüssige Mittel"},
			{1010, "10184.80", "10184.80", "", "", "Flüssige Mittel"},
			{1030, "1399.88", "1343.88", "0.96", "latest_posting", "Flüssige Mittel"},
			{2100, "4000.00", "4000.00", "", "", "Langfristiges Fremdkapital"},
			{3000, "5000.00", "5000.00", "", "", "Lohn"},
			{4000, "270.80", "270.80", "", "", "Lebensmittel & Restaurants"},
			{4010, "160.12", "160.12", "", "", "Lebensmittel & Restaurants"},
			{4100, "3000.00", "3000.00", "", "", "Wohnen"},
			{4700, "120.00", "120.00", "", "", "Subclass 47"},
		}},
		{2026, "0.95", []row{
			{1000, "310.40", "310.40", "", "", "Flüssige Mittel"},
			{1010, "12270.45", "12270.45", "", "", "Flüssige Mittel"},
			{1030, "1349.88", "1282.39", "0.95", "config", "Flüssige Mittel"},
			{2100, "4000.00", "4000.00", "", "", "Langfristiges Fremdkapital"},
			{3000, "5200.00", "5200.00", "", "", "Lohn"},
			{4000, "111.10", "111.10", "", "", "Lebensmittel & Restaurants"},
			{4010, "80.00", "80.00", "", "", "Lebensmittel & Restaurants"},
			{4100, "3050.00", "3050.00", "", "", "Wohnen"},
			{4700, "0.00", "0.00", "", "", "Subclass 47"},
		}},
	} {
		var opts []func(*tools.Options)
		if c.rate != "" {
			opts = append(opts, withEUR(c.rate))
		}
		s := handcheck(t, tools.Full, opts...)
		s.must("list_accounts", map[string]any{"year": c.year}, &got)
		if diff := cmp.Diff(c.want, got.Accounts); diff != "" {
			t.Errorf("list_accounts %d (-want +got):\n%s", c.year, diff)
		}
		if got.Mandator != "Muster" || got.Year != c.year || len(got.Warnings) != 1 {
			t.Errorf("list_accounts %d: mandator %q year %d warnings %v; want Muster, %d, one (subclass 47)", c.year, got.Mandator, got.Year, got.Warnings, c.year)
		}
	}
}

func TestHandcheckSummaryAndStatement(t *testing.T) {
	type summary struct{ TotalActivaChf, TotalPassivaChf, EquityChf string }
	type statement struct{ ProfitChf, LossChf, NetChf string }
	for _, p := range modes {
		for _, c := range []struct {
			year int
			rate string
			want summary
		}{
			{2025, "", summary{"11919.08", "4000.00", "7919.08"}},
			{2025, "0.95", summary{"11905.09", "4000.00", "7905.09"}},
			{2026, "", summary{"13842.99", "4000.00", "9842.99"}},
			{2026, "0.95", summary{"13863.24", "4000.00", "9863.24"}},
		} {
			var opts []func(*tools.Options)
			if c.rate != "" {
				opts = append(opts, withEUR(c.rate))
			}
			var got summary
			handcheck(t, p, opts...).must("get_balance_summary", map[string]any{"year": c.year}, &got)
			if got != c.want {
				t.Errorf("%s get_balance_summary(%d, fx %q) = %+v; want %+v", p, c.year, c.rate, got, c.want)
			}
		}
		s := handcheck(t, p)
		cases := []struct {
			args map[string]any
			want statement
		}{
			{map[string]any{"year": 2025}, statement{"5000.00", "3550.92", "1449.08"}},
			{map[string]any{"year": 2026}, statement{"5200.00", "3241.10", "1958.90"}},
		}
		if p != tools.Aggregate { // Aggregate withholds these; see TestHandcheckAggregate
			cases = append(cases, []struct {
				args map[string]any
				want statement
			}{
				{map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}, statement{"5000.00", "1638.80", "3361.20"}},
				{map[string]any{"year": 2025, "fromDate": "2025-04-01", "toDate": "2025-06-30"}, statement{"0.00", "1545.60", "-1545.60"}},
				{map[string]any{"year": 2025, "fromDate": "2025-07-01", "toDate": "2025-09-30"}, statement{"0.00", "96.12", "-96.12"}},
				{map[string]any{"year": 2025, "fromDate": "2025-10-01", "toDate": "2025-12-31"}, statement{"0.00", "270.40", "-270.40"}},
				{map[string]any{"year": 2026, "fromDate": "2026-01-01", "toDate": "2026-03-31"}, statement{"5200.00", "1611.10", "3588.90"}},
			}...)
		}
		for _, c := range cases {
			var got statement
			s.must("get_income_statement", c.args, &got)
			if got != c.want {
				t.Errorf("%s get_income_statement(%v) = %+v; want %+v", p, c.args, got, c.want)
			}
		}
	}
}

func TestHandcheckCategories(t *testing.T) {
	type category struct {
		Name             string `json:"name"`
		Number           int    `json:"number"`
		TotalChf         string `json:"totalChf"`
		TransactionCount int    `json:"transactionCount"`
	}
	type expenses struct {
		TotalChf   string
		Categories []category
	}
	for _, c := range []struct {
		modes []tools.Privacy
		args  map[string]any
		want  expenses
	}{
		{modes, map[string]any{"year": 2025}, expenses{"3550.92", []category{
			{"Wohnen", 41, "3000.00", 2}, {"Lebensmittel & Restaurants", 40, "430.92", 6}, {"Subclass 47", 47, "120.00", 1}}}},
		{modes, map[string]any{"year": 2026}, expenses{"3241.10", []category{
			{"Wohnen", 41, "3050.00", 2}, {"Lebensmittel & Restaurants", 40, "191.10", 3}}}},
		{[]tools.Privacy{tools.Full, tools.Local}, map[string]any{"year": 2025, "groupBy": "account"}, expenses{"3550.92", []category{
			{"Miete", 4100, "3000.00", 2}, {"Lebensmittel", 4000, "270.80", 4}, {"Restaurants", 4010, "160.12", 2}, {"Diverses", 4700, "120.00", 1}}}},
		{[]tools.Privacy{tools.Full}, map[string]any{"year": 2026, "groupBy": "account"}, expenses{"3241.10", []category{
			{"Miete", 4100, "3050.00", 2}, {"Lebensmittel", 4000, "111.10", 2}, {"Restaurants", 4010, "80.00", 1}}}},
		{[]tools.Privacy{tools.Full, tools.Local}, map[string]any{"year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}, expenses{"1638.80", []category{
			{"Wohnen", 41, "1500.00", 1}, {"Lebensmittel & Restaurants", 40, "138.80", 3}}}},
	} {
		for _, p := range c.modes {
			var got expenses
			handcheck(t, p).must("get_expenses_by_category", c.args, &got)
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("%s get_expenses_by_category(%v) (-want +got):\n%s", p, c.args, diff)
			}
		}
	}
}

func TestHandcheckCompareYears(t *testing.T) {
	type year struct {
		Year             int
		TotalIncomeChf   string
		TotalExpensesChf string
		ByCategory       map[string]string
	}
	want := []year{
		{2025, "5000.00", "3550.92", map[string]string{"Wohnen": "3000.00", "Lebensmittel & Restaurants": "430.92", "Subclass 47": "120.00"}},
		{2026, "5200.00", "3241.10", map[string]string{"Wohnen": "3050.00", "Lebensmittel & Restaurants": "191.10"}},
	}
	for _, p := range modes {
		var got struct{ Comparison []year }
		handcheck(t, p).must("compare_years", map[string]any{"years": []int{2025, 2026}}, &got)
		if diff := cmp.Diff(want, got.Comparison); diff != "" {
			t.Errorf("%s compare_years (-want +got):\n%s", p, diff)
		}
	}
}
