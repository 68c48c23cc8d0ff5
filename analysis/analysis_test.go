package analysis

import (
	"slices"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

func TestDivRoundBank(t *testing.T) {
	for _, c := range []struct{ v, d, want string }{
		{"100.125", "1", "100.12"}, // half to even: down
		{"100.135", "1", "100.14"}, // half to even: up
		{"94.12", "0.9410", "100.02"},
		{"470.60", "0.9412", "500.00"},
		{"1", "3", "0.33"},
		{"2", "3", "0.67"},
		{"-100.125", "1", "-100.12"},
		{"-100.135", "1", "-100.14"},
		{"0.005", "1", "0.00"},
		{"0.015", "1", "0.02"},
		{"10", "0.8", "12.50"},
		// 0.0400000000000000005 / 0.8 is just above the half: must round up,
		// which a quotient truncated at 16 digits would get wrong.
		{"0.0040000000000000000004", "0.8", "0.01"},
	} {
		if got := DivRoundBank(dec(c.v), dec(c.d)); !got.Equal(dec(c.want)) {
			t.Errorf("DivRoundBank(%s, %s) = %s; want %s", c.v, c.d, got, c.want)
		}
	}
}

func TestBalances(t *testing.T) {
	l := NewLedger(sample(t))
	bals, warnings := Balances(l, nil)
	got := map[int]string{}
	chf := map[int]string{}
	for _, b := range bals {
		got[b.Account.Number] = b.Balance.StringFixed(2)
		chf[b.Account.Number] = b.BalanceChf.Decimal.StringFixed(2)
	}
	// Bank: 1000 + 3000 + 20.50 − 120.50 − 45 − 470.60 − 1000 − 250 = 2134.40
	// (the dangling t9 is left out). Euro: 200 + 500.00 − 100.02 = 599.98 EUR,
	// valued at the latest posting's rate 0.9410 = 564.58118 CHF.
	// Mortgage: −(−5000 + 1000) = 4000 owed. Food 120.50 − 20.50 = 100.
	want := map[int]string{1010: "2134.40", 1030: "599.98", 2100: "4000.00", 3000: "3000.00",
		4000: "100.00", 4010: "139.12", 4800: "250.00"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Balances (-want +got):\n%s", diff)
	}
	if chf[1030] != "564.58" {
		t.Errorf("Euro balanceChf = %s; want 564.58 (599.98 × 0.9410)", chf[1030])
	}
	if len(warnings) != 0 {
		t.Errorf("Balances warnings = %v; want none", warnings)
	}
	for _, b := range bals {
		if b.Account.Number == 1030 && (b.RateSource != RateFromPosting || !b.Rate.Decimal.Equal(dec("0.9410"))) {
			t.Errorf("Euro rate = %s from %s; want 0.9410 from latest_posting", b.Rate.Decimal, b.RateSource)
		}
	}
	bals, _ = Balances(l, Rates{"EUR": dec("0.95")})
	for _, b := range bals {
		if b.Account.Number == 1030 && (b.BalanceChf.Decimal.StringFixed(2) != "569.98" || b.RateSource != RateFromConfig) {
			t.Errorf("Euro at configured 0.95 = %s (%s); want 569.98 from config", b.BalanceChf.Decimal, b.RateSource)
		}
	}
}

func TestBalanceSummaryAndWarnings(t *testing.T) {
	l := NewLedger(sample(t))
	s := BalanceSummary(l, nil)
	// Activa 2134.40 + 564.58118 = 2698.98118; passiva 4000.
	if got := [3]string{s.TotalActivaChf.StringFixed(2), s.TotalPassivaChf.StringFixed(2), s.EquityChf.StringFixed(2)}; got != [3]string{"2698.98", "4000.00", "-1301.02"} {
		t.Errorf("BalanceSummary = %v; want [2698.98 4000.00 -1301.02]", got)
	}
	codes := map[string]int{}
	for _, w := range s.Warnings {
		codes[w.Code]++
		if strings.Contains(w.Summary, "ghost") || strings.Contains(w.Summary, "2025-") {
			t.Errorf("warning summary %q names an id or a date", w.Summary)
		}
	}
	// t9 is dangling; subclass 48 (Interest) is missing from SubClasses,
	// which concerns the answers that name it, not the balance sheet.
	if codes["dangling_account"] != 1 || codes["missing_subclass"] != 0 {
		t.Errorf("warning codes = %v; want one dangling_account and no missing_subclass", codes)
	}

	b := sample(t)
	b.Transactions = b.Transactions[:4] // no posting with a rate: the EUR account has none
	s = BalanceSummary(NewLedger(b), nil)
	found := false
	for _, w := range s.Warnings {
		found = found || w.Code == "missing_fx_rate"
	}
	if !found || s.TotalActivaChf.StringFixed(2) != "3855.00" {
		t.Errorf("without a rate: activa %s, warnings %v; want 3855.00 (EUR left out) and missing_fx_rate", s.TotalActivaChf, s.Warnings)
	}
}

func TestStatementAndCategories(t *testing.T) {
	l := NewLedger(sample(t))
	s := Statement(l, 0, 0)
	// Income 3000; expenses food 100 + restaurant 45 + 94.12 + interest 250 = 489.12.
	if got := [3]string{s.ProfitChf.StringFixed(2), s.LossChf.StringFixed(2), s.NetChf.StringFixed(2)}; got != [3]string{"3000.00", "489.12", "2510.88"} {
		t.Errorf("Statement = %v; want [3000.00 489.12 2510.88]", got)
	}
	q1 := Statement(l, date(t, "2025-01-01"), date(t, "2025-03-31"))
	if q1.LossChf.StringFixed(2) != "145.00" {
		t.Errorf("Q1 loss = %s; want 145.00 (food 100 + café 45)", q1.LossChf)
	}
	cats := Categories(l, BySubclass, 0, 0)
	type row struct {
		Name   string
		Amount string
		Legs   int
	}
	var got []row
	for _, c := range cats {
		got = append(got, row{c.Name, c.AmountChf.StringFixed(2), c.Legs})
	}
	want := []row{{"Subclass 48", "250.00", 1}, {"Living", "239.12", 4}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Categories by subclass (-want +got):\n%s", diff)
	}
	got = nil
	for _, c := range Categories(l, ByAccount, 0, 0) {
		got = append(got, row{c.Name, c.AmountChf.StringFixed(2), c.Legs})
	}
	want = []row{{"Interest", "250.00", 1}, {"Restaurant", "139.12", 2}, {"Food", "100.00", 2}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Categories by account (-want +got):\n%s", diff)
	}
}

func TestTransactions(t *testing.T) {
	l := NewLedger(sample(t))
	res := Transactions(l, TxFilter{Text: Fold("ZURICH")})
	if len(res.Rows) != 1 || res.Rows[0].Tx.ID != "t4" {
		t.Fatalf("search zurich found %d rows; want t4", len(res.Rows))
	}
	res = Transactions(l, TxFilter{AccountID: "food"})
	// Food in its normal direction: 120.50 − 20.50 refund.
	if len(res.Rows) != 2 || res.SumChf.StringFixed(2) != "100.00" {
		t.Errorf("food: %d rows, sum %s; want 2 rows, 100.00", len(res.Rows), res.SumChf)
	}
	res = Transactions(l, TxFilter{Min: decimal.NewNullDecimal(dec("250")), Max: decimal.NewNullDecimal(dec("1000"))})
	var ids []string
	for _, r := range res.Rows {
		ids = append(ids, r.Tx.ID)
	}
	// Newest first; of one day the later posting in the file first.
	if diff := cmp.Diff([]string{"t8", "t7", "t5"}, ids); diff != "" {
		t.Errorf("250 ≤ value ≤ 1000 (-want +got):\n%s", diff)
	}
	if res.SumChf.StringFixed(2) != "1720.60" {
		t.Errorf("sum = %s; want 1720.60", res.SumChf)
	}
	res = Transactions(l, TxFilter{From: date(t, "2025-06-15"), To: date(t, "2025-06-15")})
	if len(res.Rows) != 1 {
		t.Fatalf("2025-06-15: %+v; want one row", res.Rows)
	}
	if v, cur := res.Rows[0].Amount(); cur != "EUR" || v.StringFixed(2) != "100.02" || res.Rows[0].ValueChf.StringFixed(2) != "94.12" {
		t.Errorf("2025-06-15: %s %s (%s CHF); want EUR 100.02 (94.12 CHF)", cur, v, res.Rows[0].ValueChf)
	}
}

// TestTransactionsKeep checks that keeping the first rows of a query
// changes only its rows: they are the first of all the rows, and the total
// and the sum still cover every match.
func TestTransactionsKeep(t *testing.T) {
	l := NewLedger(sample(t))
	for _, f := range []TxFilter{{}, {AccountID: "food"}, {Min: decimal.NewNullDecimal(dec("250"))}} {
		all := Transactions(l, f)
		if all.Total != len(all.Rows) || all.Total < 2 {
			t.Fatalf("%+v: total %d, %d rows; want the same, two or more", f, all.Total, len(all.Rows))
		}
		for keep := 1; keep <= all.Total+1; keep++ {
			f.Keep = keep
			got := Transactions(l, f)
			var ids, want []string
			for _, r := range got.Rows {
				ids = append(ids, r.Tx.ID)
			}
			for _, r := range all.Rows[:min(keep, all.Total)] {
				want = append(want, r.Tx.ID)
			}
			if diff := cmp.Diff(want, ids); diff != "" || got.Total != all.Total || !got.SumChf.Equal(all.SumChf) {
				t.Errorf("%+v: total %d, sum %s, rows (-want +got):\n%s; want total %d, sum %s", f, got.Total, got.SumChf, diff, all.Total, all.SumChf)
			}
		}
	}
}

func TestMonths(t *testing.T) {
	l := NewLedger(sample(t))
	ms := Months(l, l.Account("mort"))
	if len(ms) != 12 || ms[5].Month != "2025-06" || ms[5].Debits.StringFixed(2) != "1000.00" || ms[5].ClosingBalance.StringFixed(2) != "4000.00" || ms[0].ClosingBalance.StringFixed(2) != "5000.00" {
		t.Errorf("Months(mortgage) = %+v", ms)
	}
	b := sample(t)
	b.Transactions = append(b.Transactions, tx(t, "late", "2024-12-30", "Late", "10", "bank", "food", ""))
	ms = Months(NewLedger(b), &b.Accounts[4])
	if ms[0].Month != "2024-12" || ms[0].ClosingBalance.StringFixed(2) != "10.00" || ms[len(ms)-1].ClosingBalance.StringFixed(2) != "110.00" {
		t.Errorf("Months(food) with a late booking = %+v", ms)
	}
}

// TestLegsNetToZero is the double-entry property: over the whole books,
// the CHF legs of every posting sum to zero across all classes.
func TestLegsNetToZero(t *testing.T) {
	l := NewLedger(sample(t))
	var sum decimal.Decimal
	for _, c := range []reader.Class{reader.Activa, reader.Passiva, reader.Income, reader.Expenses} {
		total := Total(Report(l, ReportSpec{Class: c, GroupBy: ByAccount}))
		sum = sum.Add(total.Mul(decimal.NewFromInt(normalSign(c))))
	}
	if !sum.IsZero() {
		t.Errorf("legs sum to %s; want 0", sum)
	}
}

func TestEmptyBooks(t *testing.T) {
	b := &reader.Books{Mandator: "M", Year: 2027, Accounts: sample(t).Accounts}
	l := NewLedger(b)
	s := BalanceSummary(l, Rates{"EUR": dec("1")})
	if s.TotalActivaChf.StringFixed(2) != "1200.00" || s.TotalPassivaChf.StringFixed(2) != "5000.00" {
		t.Errorf("empty books summary = %+v; want start balances 1200.00 / 5000.00", s)
	}
	if st := Statement(l, 0, 0); !st.NetChf.IsZero() || len(st.IncomeAccounts) != 0 {
		t.Errorf("empty books statement = %+v; want zero", st)
	}
	if res := Transactions(l, TxFilter{}); len(res.Rows) != 0 || !res.SumChf.IsZero() {
		t.Errorf("empty books transactions = %+v", res)
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Zürich": "zurich", "Café": "cafe", "STRAßE": "strasse", "Crème Brûlée": "creme brulee", "Ångström": "angstrom",
		// Letters without a decomposition, spelled as the root collation
		// treats them (before, ø, æ, œ, ł and đ stayed as they were).
		"Hotel København": "hotel kobenhavn", "Ærø": "aero", "SØREN": "soren", "Œuvre": "oeuvre", "cœur": "coeur",
		"Łódź": "lodz", "Đorđe": "dorde", "Þór": "þor", "GROẞ": "gross", "ﬁle": "file", "Ĳssel": "ijssel",
		// Outside Latin: accents dropped and case folded, letters kept.
		"Ζυρίχη": "ζυριχη", "Москва": "москва", "東京": "東京",
		"plain ASCII 42": "plain ascii 42",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q; want %q", in, got, want)
		}
	}
}

func TestQueryTerms(t *testing.T) {
	for q, want := range map[string][]string{
		"miete wohnung seefeld":     {"miete", "wohnung", "seefeld"},
		"  coop   zurich ":          {"coop", "zurich"},
		`"miete wohnung" seefeld`:   {"miete wohnung", "seefeld"},
		`seefeld "miete   wohnung"`: {"seefeld", "miete wohnung"},
		`"unclosed phrase here`:     {"unclosed phrase here"},
		`"" coop`:                   {"coop"},
		`""`:                        nil,
		"":                          nil,
		`a"b c"d`:                   {"a", "b c", "d"},
	} {
		if got := QueryTerms(q); !slices.Equal(got, want) {
			t.Errorf("QueryTerms(%q) = %q; want %q", q, got, want)
		}
	}
}

// TestSearchEveryWordAnyOrder matches multi-word queries against postings
// whose words are spread over text and related party, in another order.
func TestSearchEveryWordAnyOrder(t *testing.T) {
	b := &reader.Books{Mandator: "M", Year: 2025,
		Accounts: []reader.Account{{ID: "bank", Number: 1010, Currency: "CHF"}, {ID: "rent", Number: 4100, Currency: "CHF"}},
		Transactions: []reader.Transaction{
			{ID: "t1", ValueDate: reader.NewDate(2025, 1, 1), Text: "Miete Wohnung Seefeld", Value: dec("1500"), OriginAccountID: "bank", TargetAccountID: "rent"},
			{ID: "t2", ValueDate: reader.NewDate(2025, 2, 1), Text: "Seefeld: Miete", RelatedParty: "Wohnungsgenossenschaft", Value: dec("1500"), OriginAccountID: "bank", TargetAccountID: "rent"},
			{ID: "t3", ValueDate: reader.NewDate(2025, 3, 1), Text: "Miete Garage", Value: dec("120"), OriginAccountID: "bank", TargetAccountID: "rent"},
			{ID: "t4", ValueDate: reader.NewDate(2025, 4, 1), Text: "Hotel København", Value: dec("320.40"), OriginAccountID: "bank", TargetAccountID: "rent"},
		}}
	l := NewLedger(b)
	for q, want := range map[string][]string{
		"Miete Wohnung Seefeld": {"t2", "t1"}, // newest first; t2's words are in two fields
		"seefeld miete":         {"t2", "t1"},
		`"Miete Wohnung"`:       {"t1"},
		`"Wohnung Miete"`:       nil,
		"miete":                 {"t3", "t2", "t1"},
		"miete velo":            nil,
		"kobenhavn":             {"t4"},
		"KØBENHAVN hotel":       {"t4"},
	} {
		var got []string
		for _, r := range Transactions(l, TxFilter{Text: Fold(q)}).Rows {
			got = append(got, r.Tx.ID)
		}
		if !slices.Equal(got, want) {
			t.Errorf("search %q = %v; want %v", q, got, want)
		}
	}
}
