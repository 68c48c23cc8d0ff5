package analysis

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
)

func flowLine(rows []FlowRow) string {
	s := ""
	for _, r := range rows {
		s += fmt.Sprintf("%d %s %s×%d; ", r.Number, r.Name, r.AmountChf.StringFixed(2), r.Legs)
	}
	return s
}

// TestCashFlow checks the sample's cash flow by quarter, by hand. The cash
// accounts are Bank (1010) and Euro (1030, EUR), both in subclass 10; Euro
// is valued at the latest posting's rate, 0.9410.
func TestCashFlow(t *testing.T) {
	l := NewLedger(sample(t))
	cash := DefaultCashAccounts(l)
	if len(cash) != 2 || cash[0].Number != 1010 || cash[1].Number != 1030 {
		t.Fatalf("DefaultCashAccounts = %v; want 1010 and 1030", cash)
	}
	cf := CashFlowOf(l, cash, Quarterly, nil)
	got := []string{}
	for _, p := range append(cf.Periods, cf.Total) {
		got = append(got, fmt.Sprintf("%s: %s + %s − %s fx %s = %s | in %s| out %s", p.Label, p.Opening.StringFixed(5),
			p.In.StringFixed(2), p.Out.StringFixed(2), p.FxDifference.StringFixed(5), p.Closing.StringFixed(5),
			flowLine(p.Inflows), flowLine(p.Outflows)))
	}
	// Opening: 1000 + 200 EUR × 0.9410 = 1188.20. Q1: salary 3000 and the
	// refund 20.50 in; food 120.50 and the café 45 out. Q2: the transfer to
	// Euro (t5) is no flow; out go the trattoria (94.12, paid in EUR), the
	// amortisation (1000) and the interest (250). The closing Euro balance
	// 599.98 EUR is worth 564.58118 CHF; it got 470.60 CHF in and paid
	// 94.12 CHF out, so its value moved −0.09882 against the CHF booked:
	// 500 EUR bought for 470.60 are worth 470.50, and 100.02 EUR that
	// paid 94.12 were worth 94.11882.
	want := []string{
		"2025-Q1: 1188.20000 + 3020.50 − 165.50 fx 0.00000 = 4043.20000 | in 30 Wages 3000.00×1; 40 Living 20.50×1; | out 40 Living 165.50×2; ",
		"2025-Q2: 4043.20000 + 0.00 − 1344.12 fx -0.09882 = 2698.98118 | in | out 21 Long-term debt 1000.00×1; 48 Subclass 48 250.00×1; 40 Living 94.12×1; ",
		"2025-Q3: 2698.98118 + 0.00 − 0.00 fx 0.00000 = 2698.98118 | in | out ",
		"2025-Q4: 2698.98118 + 0.00 − 0.00 fx 0.00000 = 2698.98118 | in | out ",
		"2025: 1188.20000 + 3020.50 − 1509.62 fx -0.09882 = 2698.98118 | in 30 Wages 3000.00×1; 40 Living 20.50×1; | out 21 Long-term debt 1000.00×1; 40 Living 259.62×3; 48 Subclass 48 250.00×1; ",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CashFlowOf (-want +got):\n%s", diff)
	}
	if !cf.Total.FxDifference.Equal(dec("-0.09882")) || !cf.Foreign {
		t.Errorf("FxDifference = %s, Foreign = %v; want -0.09882, true", cf.Total.FxDifference, cf.Foreign)
	}
	for _, p := range append(cf.Periods, cf.Total) {
		if !p.Opening.Add(p.In).Sub(p.Out).Add(p.FxDifference).Equal(p.Closing) {
			t.Errorf("%s: opening + in − out + fx ≠ closing", p.Label)
		}
	}
}

// TestCashFlowChfOnly: with the bank alone as cash, the transfer to Euro is
// money out, there is no exchange difference, and in − out is exactly the
// change of the bank's balance (2134.40 − 1000).
func TestCashFlowChfOnly(t *testing.T) {
	l := NewLedger(sample(t))
	cf := CashFlowOf(l, []*reader.Account{l.AccountByNumber(1010)}, Yearly, nil)
	if len(cf.Periods) != 1 || cf.Periods[0].Label != "2025" {
		t.Fatalf("periods = %v; want one, 2025", cf.Periods)
	}
	p := cf.Total
	if got := fmt.Sprintf("%s %s %s %s %s", p.Opening.StringFixed(2), p.In.StringFixed(2), p.Out.StringFixed(2),
		p.FxDifference.StringFixed(2), p.Closing.StringFixed(2)); got != "1000.00 3020.50 1886.10 0.00 2134.40" {
		t.Errorf("CashFlowOf(bank) = %s; want 1000.00 3020.50 1886.10 0.00 2134.40", got)
	}
	if cf.Foreign {
		t.Error("Foreign = true for a CHF account")
	}
	if got := flowLine(p.Outflows); got != "21 Long-term debt 1000.00×1; 10 Liquid 470.60×1; 48 Subclass 48 250.00×1; 40 Living 165.50×2; " {
		t.Errorf("outflows = %s", got)
	}
}

// TestCashFlowMissingRate: a foreign cash account without any rate is not
// cash, with a warning.
func TestCashFlowMissingRate(t *testing.T) {
	b := sample(t)
	b.Transactions = b.Transactions[:4] // no EUR posting: no rate
	l := NewLedger(b)
	cf := CashFlowOf(l, DefaultCashAccounts(l), Monthly, nil)
	if len(cf.Accounts) != 1 || cf.Accounts[0].Account.Number != 1010 {
		t.Errorf("valued accounts = %v; want only 1010", cf.Accounts)
	}
	if len(cf.Warnings) != 1 || cf.Warnings[0].Code != "missing_fx_rate" {
		t.Errorf("warnings = %v; want one missing_fx_rate", cf.Warnings)
	}
	if len(cf.Periods) != 12 || cf.Periods[1].Label != "2025-02" {
		t.Errorf("periods: %d, second %q; want 12, 2025-02", len(cf.Periods), cf.Periods[1].Label)
	}
}
