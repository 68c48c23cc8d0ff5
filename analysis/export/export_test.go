package export_test

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/analysis/export"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// books is a small year: CHF and EUR accounts, a passiva start balance
// (stored negative), a foreign leg that rounds half to even, texts that a
// journal must not take for syntax, and a posting on an unknown account.
func books(t *testing.T) *reader.Books {
	t.Helper()
	day := func(s string) reader.Date {
		d, err := reader.ParseDate(s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	return &reader.Books{
		Mandator: "Muster", Year: 2025,
		Accounts: []reader.Account{
			{ID: "bank", Number: 1010, Name: "Bank: Post", Currency: "CHF", StartBalance: dec("1000")},
			{ID: "eur", Number: 1030, Name: "EUR-Konto", Currency: "EUR", StartBalance: dec("200.00")},
			{ID: "loan", Number: 2100, Name: "Darlehen  Eltern", Currency: "CHF", StartBalance: dec("-5000.00")},
			{ID: "food", Number: 4000, Name: "Lebensmittel", Currency: "CHF"},
			{ID: "rest", Number: 4010, Name: "Restaurants", Currency: "CHF"},
		},
		SubClasses: []reader.SubClass{{Number: 10, Name: "Flüssige Mittel"}, {Number: 40, Name: "Lebensmittel; Essen"}},
		Transactions: []reader.Transaction{
			{ID: "t2", ValueDate: day("2025-07-20"), BookingDate: day("2025-07-22"), Text: "Bellavista", RelatedParty: "Ristorante Bellavista", Value: dec("96.12"),
				OriginAccountID: "eur", TargetAccountID: "rest", FxRate: decimal.NewNullDecimal(dec("0.96"))},
			{ID: "t1", ValueDate: day("2025-02-14"), BookingDate: day("2025-02-14"), Text: "(Aktion) Coop; 2 für 1",
				Value: dec("87.3"), OriginAccountID: "bank", TargetAccountID: "food"},
			{ID: "t3", ValueDate: day("2025-03-01"), Text: "Ghost", Value: dec("5"), OriginAccountID: "bank", TargetAccountID: "nowhere"},
		},
	}
}

func TestJournal(t *testing.T) {
	var buf bytes.Buffer
	sum, err := export.Journal(&buf, []*reader.Books{books(t)})
	if err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		"commodity CHF\ncommodity EUR\n",
		"account Assets:10 Flüssige Mittel:1010 Bank- Post\n",
		"account Expenses:40 Lebensmittel, Essen:4000 Lebensmittel\n",
		"account Liabilities:21 Subclass 21:2100 Darlehen Eltern\n",
		"\n2025-01-01 * Opening balances\n" +
			"    Assets:10 Flüssige Mittel:1010 Bank- Post           CHF 1000.00\n" +
			"    Assets:10 Flüssige Mittel:1030 EUR-Konto            EUR 200.00\n" +
			"    Liabilities:21 Subclass 21:2100 Darlehen Eltern     CHF -5000.00\n" +
			"    Equity:Opening Balances                             CHF 4000.00\n" +
			"    Equity:Opening Balances                             EUR -200.00\n",
		"\n2025-02-14 * [Aktion) Coop, 2 für 1\n    ; id: t1\n" +
			"    Expenses:40 Lebensmittel, Essen:4000 Lebensmittel   CHF 87.30\n" +
			"    Assets:10 Flüssige Mittel:1010 Bank- Post           CHF -87.30\n",
		// 96.12 / 0.96 = 100.125: half to even gives 100.12.
		"\n2025-07-20=2025-07-22 * Ristorante Bellavista | Bellavista\n    ; id: t2\n" +
			"    Expenses:40 Lebensmittel, Essen:4010 Restaurants    CHF 96.12\n" +
			"    Assets:10 Flüssige Mittel:1030 EUR-Konto            EUR -100.12 @@ CHF 96.12\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("journal lacks\n%s\n--- journal:\n%s", want, got)
		}
	}
	if strings.Index(got, "2025-02-14") > strings.Index(got, "2025-07-20") {
		t.Errorf("postings are not in date order")
	}
	if strings.Contains(got, "Ghost") || sum.Postings != 2 || len(sum.Skipped) != 1 || !strings.Contains(sum.Skipped[0], "t3") {
		t.Errorf("Summary = %+v; want 2 postings and t3 skipped, not written", sum)
	}
}

// TestJournalCarriesYears checks the transaction that carries a year's
// start balances where they differ from the previous year's closing.
func TestJournalCarriesYears(t *testing.T) {
	y1 := books(t)
	y2 := books(t)
	y2.Year, y2.Transactions = 2026, nil
	// Bank closes 2025 at 1000 − 87.30 = 912.70; 2026 starts at 912.70: no line.
	// EUR closes at 200 − 100.12 = 99.88; 2026 starts at 100.00: 0.12 carried.
	// The loan is gone from the 2026 chart: its -5000 is carried away.
	y2.Accounts = []reader.Account{
		{ID: "bank", Number: 1010, Name: "Bank: Post", Currency: "CHF", StartBalance: dec("912.70")},
		{ID: "eur", Number: 1030, Name: "EUR-Konto", Currency: "EUR", StartBalance: dec("100.00")},
		{ID: "food", Number: 4000, Name: "Lebensmittel", Currency: "CHF"},
	}
	var buf bytes.Buffer
	if _, err := export.Journal(&buf, []*reader.Books{y1, y2}); err != nil {
		t.Fatal(err)
	}
	want := "\n2026-01-01 * Carried balances 2026 (start balances that differ from 2025's closing)\n" +
		"    Assets:10 Flüssige Mittel:1030 EUR-Konto            EUR 0.12\n" +
		"    Liabilities:21 Subclass 21:2100 Darlehen Eltern     CHF 5000.00\n" +
		"    Equity:Opening Balances                             CHF -5000.00\n" +
		"    Equity:Opening Balances                             EUR -0.12\n"
	if got := buf.String(); !strings.Contains(got, want) {
		t.Errorf("journal lacks\n%s\n--- journal:\n%s", want, got)
	}
}

func TestCSV(t *testing.T) {
	var buf bytes.Buffer
	sum, err := export.CSV(&buf, []*reader.Books{books(t)})
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"year", "date", "booking_date", "transaction_id", "text", "related_party", "debit_account", "debit_account_name",
			"credit_account", "credit_account_name", "value_chf", "amount", "currency", "fx_rate", "bank_transaction_id", "bank_text"},
		{"2025", "2025-02-14", "2025-02-14", "t1", "(Aktion) Coop; 2 für 1", "", "4000", "Lebensmittel", "1010", "Bank: Post",
			"87.30", "87.30", "CHF", "", "", ""},
		{"2025", "2025-07-20", "2025-07-22", "t2", "Bellavista", "Ristorante Bellavista", "4010", "Restaurants", "1030", "EUR-Konto",
			"96.12", "100.12", "EUR", "0.96", "", ""},
	}
	if len(recs) != len(want) || sum.Postings != 2 || len(sum.Skipped) != 1 {
		t.Fatalf("CSV = %d records, summary %+v; want %d records, 2 postings, 1 skipped", len(recs), sum, len(want))
	}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("CSV row %d = %q; want %q", i, recs[i], want[i])
		}
	}
}
