package detail_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// TestListAccounts: every account of the hand-check books with its balance
// in its currency and in CHF, the rate and its source, and its subclass name
// (subclass 47 is missing from SubClasses.xml: "Subclass 47" and a warning),
// as fixtures/handcheck/EXPECTED.md works them out for 2025 (latest posting's
// EUR rate) and 2026 (a configured 0.95).
func TestListAccounts(t *testing.T) {
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
			opts = append(opts, mcptest.WithRate("EUR", c.rate))
		}
		for _, p := range mcptest.Detailed {
			mcptest.Handcheck(t, p, opts...).Must("list_accounts", map[string]any{"year": c.year}, &got)
			if diff := cmp.Diff(c.want, got.Accounts); diff != "" {
				t.Errorf("%s list_accounts %d (-want +got):\n%s", p, c.year, diff)
			}
			if got.Mandator != "Muster" || got.Year != c.year || len(got.Warnings) != 1 {
				t.Errorf("%s list_accounts %d: mandator %q year %d warnings %v; want Muster, %d, one (subclass 47)", p, c.year, got.Mandator, got.Year, got.Warnings, c.year)
			}
		}
	}
}
