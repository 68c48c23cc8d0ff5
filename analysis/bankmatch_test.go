package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/go-cmp/cmp"
)

const matchIBAN = "CH93 0076 2011 6238 5295 7" // as the chart writes it, with spaces

// matchBooks is a hand-built year for the matcher. The bank account 1010
// carries matchIBAN; 1020 is another bank account; 1000 (cash) and 2000
// (credit card) pay without a bank line. Postings are in file order; the
// comment after each says which case of TestSuggestBooking uses it.
func matchBooks(t testing.TB) *reader.Books {
	return &reader.Books{
		Mandator: "M", Year: 2025,
		Accounts: []reader.Account{
			{ID: "cash", Number: 1000, Name: "Bargeld", Currency: "CHF"},
			{ID: "bank", Number: 1010, Name: "Postkonto", Currency: "CHF", BankAccountNumber: matchIBAN},
			{ID: "save", Number: 1020, Name: "Sparkonto", Currency: "CHF", BankAccountNumber: "CH5009000000891234567"},
			{ID: "card", Number: 2000, Name: "Kreditkarte", Currency: "CHF"},
			{ID: "sal", Number: 3000, Name: "Lohn", Currency: "CHF"},
			{ID: "food", Number: 4000, Name: "Lebensmittel", Currency: "CHF"},
			{ID: "rent", Number: 4100, Name: "Miete", Currency: "CHF"},
			{ID: "subs", Number: 4400, Name: "Abos", Currency: "CHF"},
			{ID: "fit", Number: 4600, Name: "Freizeit", Currency: "CHF"},
			{ID: "misc", Number: 4700, Name: "Diverses", Currency: "CHF"},
		},
		BookingRules: []reader.BookingRule{
			{ID: "r-serafe-any", LookupText: "SERAFE", LookupValue: dec("0"), BookingText: "Serafe (any amount)", AccountID: "misc"},
			{ID: "r-serafe-335", LookupText: "serafe", LookupValue: dec("335.00"), BookingText: "Serafe Radio/TV-Abgabe", AccountID: "subs"},
			{ID: "r-coop", LookupText: "COOP", LookupValue: dec("0"), BookingText: "Coop Einkauf", AccountID: "food"},
			{ID: "r-coop-city", LookupText: "Coop City", LookupValue: dec("0"), BookingText: "Coop City", AccountID: "food"},
			{ID: "r-coop-2", LookupText: "COOP", LookupValue: dec("0"), BookingText: "Coop again", AccountID: "misc"},
			{ID: "r-livit", LookupText: "LIVIT", LookupValue: dec("1920"), BookingText: "Miete Wohnung", AccountID: "rent"},
			{ID: "r-empty", LookupText: " ", LookupValue: dec("0"), BookingText: "matches everything", AccountID: "misc"},
			{ID: "r-ghost", LookupText: "GHOST", LookupValue: dec("0"), BookingText: "Ghost", AccountID: "deleted"},
			{ID: "r-zurich", LookupText: "Zürich Film", LookupValue: dec("-25"), BookingText: "Filmfestival", AccountID: "fit"},
		},
		Transactions: []reader.Transaction{
			tx(t, "p-rent", "2025-03-01", "Miete März", "1850", "bank", "rent", ""),            // LIVIT −1850: rule value differs
			tx(t, "p-fit-14", "2025-03-14", "Fitness (a day early)", "89", "bank", "fit", ""),  // same day beats ±1
			tx(t, "p-fit-15", "2025-03-15", "Fitness Abo", "89", "bank", "fit", ""),            //
			tx(t, "p-tie-11", "2025-04-11", "Tie a day late", "70", "bank", "fit", ""),         // ±1 tie: first in file
			tx(t, "p-tie-09", "2025-04-09", "Tie a day early", "70", "bank", "food", ""),       //
			tx(t, "p-refund", "2025-03-20", "Refund", "45", "food", "bank", ""),                // money in; for money out its counter would be the bank: skipped
			tx(t, "p-far", "2025-03-25", "Coiffeur (far)", "45", "bank", "misc", ""),           // 5 days after Apr 20: too far
			tx(t, "p-coiffeur", "2025-03-08", "Coiffeur", "45", "bank", "misc", ""),            // 12 days before Apr 20, 7 after Apr 1: too far
			tx(t, "p-cash-21", "2025-03-21", "Coiffeur bar", "45", "cash", "misc", ""),         // same amount, other accounts: ±1
			tx(t, "p-card-20", "2025-03-20", "Coiffeur Kreditkarte", "45", "card", "misc", ""), // same amount, other accounts: same day
			tx(t, "p-far-cash", "2025-03-08", "Bar (far)", "55", "cash", "misc", ""),           // 12 days before Apr 20
			tx(t, "p-far-card", "2025-03-15", "Karte (far)", "55", "card", "misc", ""),         // 5 days before Apr 20
			tx(t, "p-far-bank", "2025-03-25", "Postkonto (far)", "55", "bank", "misc", ""),     // 5 days after Apr 20
			tx(t, "p-cash-12", "2025-03-12", "Bar, gleicher Tag", "77", "cash", "misc", ""),    // (c) on the same day ...
			tx(t, "p-bank-13", "2025-03-13", "Postkonto, Tag danach", "77", "bank", "fit", ""), // ... loses to (b) one day off
			tx(t, "p-transfer", "2025-03-10", "Übertrag Sparkonto", "60", "bank", "save", ""),  // money in: counter would be the bank, skipped
			tx(t, "p-sale-11", "2025-03-11", "Verkauf Velo", "60", "misc", "cash", ""),         // money in, other accounts: credited misc
			tx(t, "p-salary", "2025-03-25", "Lohn März", "7600", "sal", "bank", ""),            // money in
			tx(t, "p-two-months", "2025-02-15", "Two months back", "120", "bank", "misc", ""),  // not the previous month
			tx(t, "p-same-month", "2025-04-15", "Same month", "120", "bank", "misc", ""),       //
			tx(t, "p-feb28", "2025-02-28", "Ende Februar", "99", "bank", "subs", ""),           // Mar 31 → Feb 28
			tx(t, "p-feb27", "2025-02-27", "Februar 27", "98", "bank", "subs", ""),             // Mar 30 → Feb 28, −1
			tx(t, "p-leap", "2024-02-29", "Schaltjahr", "97", "bank", "subs", ""),              // Mar 31 2024 → Feb 29
			tx(t, "p-dec", "2024-12-10", "Late booking of December", "30", "bank", "fit", ""),  // January line
			tx(t, "p-ghost", "2025-03-05", "Dangling", "31", "bank", "deleted", ""),            // left out: account unknown
			tx(t, "p-coop-march", "2025-03-06", "Coop March", "50", "bank", "misc", ""),        // rule beats history
		},
	}
}

func TestSuggestBooking(t *testing.T) {
	l := NewLedger(matchBooks(t))
	type want struct {
		MatchedBy, BasedOn string
		DayOffset          int
		Text               string
		Account            int
	}
	for _, c := range []struct {
		name        string
		date, text  string
		value, iban string
		want        *want // nil: no suggestion
	}{
		{"rule with the amount beats an earlier any-amount rule", "2025-04-24", "LASTSCHRIFT SERAFE AG", "-335.00", matchIBAN,
			&want{MatchRuleAmount, "r-serafe-335", 0, "Serafe Radio/TV-Abgabe", 4400}},
		{"rule with another amount does not match; the any-amount one does", "2025-04-24", "LASTSCHRIFT SERAFE AG", "-300", matchIBAN,
			&want{MatchRule, "r-serafe-any", 0, "Serafe (any amount)", 4700}},
		{"rule amount compares the absolute value (money in)", "2025-04-24", "Serafe Rückzahlung", "335", matchIBAN,
			&want{MatchRuleAmount, "r-serafe-335", 0, "Serafe Radio/TV-Abgabe", 4400}},
		{"longest lookup text wins", "2025-04-02", "KARTENZAHLUNG COOP CITY ZUERICH", "-12.30", matchIBAN,
			&want{MatchRule, "r-coop-city", 0, "Coop City", 4000}},
		{"equal rules: first in file", "2025-04-27", "KARTENZAHLUNG COOP-2573", "-63.45", matchIBAN,
			&want{MatchRule, "r-coop", 0, "Coop Einkauf", 4000}},
		{"rule beats a previous-month posting", "2025-04-06", "coop pronto", "-50", matchIBAN,
			&want{MatchRule, "r-coop", 0, "Coop Einkauf", 4000}},
		{"accent-insensitive; negative LookupValue read as absolute", "2025-09-27", "ZUERICH FILM FESTIVAL / zurich film", "-25.00", matchIBAN,
			&want{MatchRuleAmount, "r-zurich", 0, "Filmfestival", 4600}},
		{"rule value differs: falls through to the same-day posting", "2025-04-01", "LIVIT AG MIETE", "-1850.00", matchIBAN,
			&want{MatchSameAccounts, "p-rent", 0, "Miete März", 4100}},
		{"rule on an unknown account and empty lookup text never match", "2025-04-03", "GHOST SHOP", "-5", matchIBAN, nil},
		{"same day beats ±1 even later in the file", "2025-04-15", "UPDATE FITNESS", "-89", matchIBAN,
			&want{MatchSameAccounts, "p-fit-15", 0, "Fitness Abo", 4600}},
		{"±1 day: the posting a day later", "2025-04-13", "UPDATE FITNESS", "-89", matchIBAN,
			&want{MatchSameAccounts, "p-fit-14", 1, "Fitness (a day early)", 4600}},
		{"±1 tie: first in file", "2025-05-10", "DAUERAUFTRAG", "-70", matchIBAN,
			&want{MatchSameAccounts, "p-tie-11", 1, "Tie a day late", 4600}},
		{"same amount on other accounts: same day beats ±1 earlier in the file; a posting whose counter would be the bank is skipped", "2025-04-20", "TWINT", "-45", matchIBAN,
			&want{MatchSameAmount, "p-card-20", 0, "Coiffeur Kreditkarte", 4700}},
		{"same amount on other accounts: one day off; the bank posting 3 days off does not count", "2025-04-22", "TWINT", "-45", matchIBAN,
			&want{MatchSameAmount, "p-cash-21", -1, "Coiffeur bar", 4700}},
		{"same amount 7 days off on the bank account: nothing", "2025-04-01", "TWINT", "-45", matchIBAN, nil},
		{"same amount 5 and 12 days off, on the bank account or elsewhere: nothing", "2025-04-20", "TWINT", "-55", matchIBAN, nil},
		{"same amount 5 days off elsewhere: nothing", "2025-04-03", "TWINT", "-55", matchIBAN, nil},
		{"same accounts one day off beats same amount on the same day", "2025-04-12", "TWINT", "-77", matchIBAN,
			&want{MatchSameAccounts, "p-bank-13", 1, "Postkonto, Tag danach", 4600}},
		{"money in, same amount: the credited account; a posting paid from the bank is skipped", "2025-04-10", "GUTSCHRIFT", "60", matchIBAN,
			&want{MatchSameAmount, "p-sale-11", 1, "Verkauf Velo", 4700}},
		{"money out, same amount: the transfer from the bank is a same-accounts match", "2025-04-10", "UEBERTRAG", "-60", matchIBAN,
			&want{MatchSameAccounts, "p-transfer", 0, "Übertrag Sparkonto", 1020}},
		{"money in: the bank account is debited, the counter-account credited", "2025-04-25", "GUTSCHRIFT ACME", "7600", matchIBAN,
			&want{MatchSameAccounts, "p-salary", 0, "Lohn März", 3000}},
		{"money in matches money in only: the refund, not the payments", "2025-04-20", "GUTSCHRIFT", "45", matchIBAN,
			&want{MatchSameAccounts, "p-refund", 0, "Refund", 4000}},
		{"only the previous calendar month", "2025-04-15", "PARKPLATZ", "-120", matchIBAN, nil},
		{"Mar 31 looks at Feb 28", "2025-03-31", "ABO", "-99", matchIBAN,
			&want{MatchSameAccounts, "p-feb28", 0, "Ende Februar", 4400}},
		{"Mar 30 clamps to Feb 28: Feb 27 is one day off", "2025-03-30", "ABO", "-98", matchIBAN,
			&want{MatchSameAccounts, "p-feb27", -1, "Februar 27", 4400}},
		{"leap year: Mar 31 looks at Feb 29", "2024-03-31", "ABO", "-97", matchIBAN,
			&want{MatchSameAccounts, "p-leap", 0, "Schaltjahr", 4400}},
		{"January looks at December, in the same books only", "2025-01-10", "ABO", "-30", matchIBAN,
			&want{MatchSameAccounts, "p-dec", 0, "Late booking of December", 4600}},
		{"January without a December posting in these books", "2025-01-10", "ABO", "-31", matchIBAN, nil},
		{"a posting on an unknown account is never copied", "2025-04-05", "X", "-31", matchIBAN, nil},
		{"IBAN compared without spaces and case", "2025-04-15", "UPDATE FITNESS", "-89", "ch9300762011623852957",
			&want{MatchSameAccounts, "p-fit-15", 0, "Fitness Abo", 4600}},
		{"unknown bank account: only same amount applies", "2025-04-15", "UPDATE FITNESS", "-89", "CH0000000000000000000",
			&want{MatchSameAmount, "p-fit-15", 0, "Fitness Abo", 4600}},
		{"no bank account number: only same amount applies", "2025-04-15", "UPDATE FITNESS", "-89", "",
			&want{MatchSameAmount, "p-fit-15", 0, "Fitness Abo", 4600}},
		{"unknown bank account, money in: the credited account", "2025-04-25", "GUTSCHRIFT ACME", "7600", "CH0000000000000000000",
			&want{MatchSameAmount, "p-salary", 0, "Lohn März", 3000}},
		{"line of the other bank account: the Postkonto posting is a same-amount match", "2025-04-13", "UPDATE FITNESS", "-89", "CH50 0900 0000 8912 3456 7",
			&want{MatchSameAmount, "p-fit-14", 1, "Fitness (a day early)", 4600}},
		{"zero amount", "2025-04-15", "NULL", "0", matchIBAN, nil},
	} {
		line := &reader.BankTransaction{ID: "line", ValueDate: date(t, c.date), Text: c.text, Value: dec(c.value), BankAccountNumber: c.iban}
		s := SuggestBooking(l, line)
		var got *want
		if s != nil {
			got = &want{MatchedBy: s.MatchedBy, DayOffset: s.DayOffset, Text: s.Text, Account: s.Account.Number}
			switch {
			case s.Rule != nil && s.Posting == nil:
				got.BasedOn = s.Rule.ID
			case s.Posting != nil && s.Rule == nil:
				got.BasedOn = s.Posting.ID
			default:
				t.Errorf("%s: suggestion has rule %v and posting %v; want exactly one", c.name, s.Rule, s.Posting)
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s: SuggestBooking(%s %q %s) (-want +got):\n%s", c.name, c.date, c.text, c.value, diff)
		}
	}
}

func TestOpenBankTransactions(t *testing.T) {
	b := matchBooks(t)
	line := func(id, day, text, value string, ignore bool) reader.BankTransaction {
		return reader.BankTransaction{ID: id, ValueDate: date(t, day), Text: text, Value: dec(value), BankAccountNumber: matchIBAN, Ignore: ignore}
	}
	b.BankTransactions = []reader.BankTransaction{
		line("B-BOOKED", "2025-04-01", "LIVIT", "-1850", false),            // booked (id in other case)
		line("open-1", "2025-04-15", "UPDATE FITNESS", "-89", false),       // same day → p-fit-15
		line("ign-open", "2025-04-20", "RESERVATION", "-250", true),        // ignored, open: counted
		line("ign-booked", "2025-04-21", "BOOKED AND IGNORED", "-1", true), // booked: not counted
		line("open-2", "2025-04-15", "E-BANKING KELLER", "-333.30", false), // same day as open-1, later in file
		line("open-3", "2025-04-30", "GUTSCHRIFT", "42.50", false),
		line("open-4", "2025-03-02", "COOP", "-12", false),
	}
	b.Transactions = append(b.Transactions,
		reader.Transaction{ID: "p-b", BankTransactionID: "b-booked", ValueDate: date(t, "2025-04-01"), Value: dec("1850"), OriginAccountID: "bank", TargetAccountID: "rent"},
		// A posting on an unknown account still books its line.
		reader.Transaction{ID: "p-i", BankTransactionID: "ign-booked", ValueDate: date(t, "2025-04-21"), Value: dec("1"), OriginAccountID: "bank", TargetAccountID: "deleted"},
	)
	got := OpenBankTransactions(NewLedger(b))
	var ids []string
	suggested := map[string]string{}
	for _, o := range got.Lines {
		ids = append(ids, o.Line.ID)
		if o.Suggestion != nil {
			suggested[o.Line.ID] = o.Suggestion.MatchedBy
		}
	}
	wantIDs := []string{"open-3", "open-2", "open-1", "open-4"}
	if diff := cmp.Diff(wantIDs, ids); diff != "" {
		t.Errorf("OpenBankTransactions lines, newest first (-want +got):\n%s", diff)
	}
	wantSuggested := map[string]string{"open-1": MatchSameAccounts, "open-4": MatchRule}
	if diff := cmp.Diff(wantSuggested, suggested); diff != "" {
		t.Errorf("OpenBankTransactions suggestions (-want +got):\n%s", diff)
	}
	if got.Ignored != 1 {
		t.Errorf("OpenBankTransactions Ignored = %d; want 1 (ign-open; ign-booked is booked)", got.Ignored)
	}
}

func TestOpenBankTransactionsEmptyBooks(t *testing.T) {
	got := OpenBankTransactions(NewLedger(&reader.Books{Mandator: "M", Year: 2025}))
	if len(got.Lines) != 0 || got.Ignored != 0 {
		t.Errorf("OpenBankTransactions(empty) = %+v; want nothing", got)
	}
}
