package tools_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// aggregateWarning is the form of every Aggregate warning: a code and a
// count (with the year, in answers over several years), the years without
// books, or a year left out with its file, line and kind of problem.
var aggregateWarning = regexp.MustCompile(`^(\d{4}: )?[a-z_]+: \d+$|^no_books: "[^"]*" has no books for \d{4}; [a-z0-9. ]+$|` +
	`^unreadable_year: \d{4} is left out: \d{4}/[^/]+/Data/[A-Za-z]+\.xml(:\d+)? \([a-z_]+\)$`)

// TestAggregateAttackErrors breaks books the way real files break — an
// amount written with a thousands separator, an IBAN in a number field, a
// bare & in a name, a date in the Swiss form — and calls every tool that
// Aggregate registers on them, through MCP alone: no answer, error or warning
// may quote anything the files hold (G4), and no remediation may name a
// tool that Aggregate lacks.
func TestAggregateAttackErrors(t *testing.T) {
	rb := bookgen.RandomHousehold(7)
	plants := []struct {
		name, file, old, new, secret string
	}{
		{"amount", "Transactions.xml", "<Value>", "<Value>1'920.00</Value><Value>", "1'920"},
		{"iban", "Accounts.xml", "<StartBalance>", "<StartBalance>CH9300762011623852957</StartBalance><StartBalance>", "CH9300762011623852957"},
		{"ampersand", "Transactions.xml", "<RelatedParty>", "<RelatedParty>Rüegg & Söhne</RelatedParty><RelatedParty>", "Söhne"},
		{"date", "Transactions.xml", "<ValueDate>", "<ValueDate>31.12.2025</ValueDate><ValueDate>", "31.12.2025"},
	}
	fsys := fstest.MapFS{}
	var secrets []string
	for _, f := range rb.Files {
		fsys[f.Path] = &fstest.MapFile{Data: f.Data}
		for _, p := range plants { // one broken copy of the mandator per plant, broken in 2025
			path := strings.Replace(f.Path, rb.Mandator, rb.Mandator+" "+p.name, 1)
			data := string(f.Data)
			if strings.HasPrefix(f.Path, "2025/") && strings.HasSuffix(f.Path, "/"+p.file) {
				data = strings.Replace(data, p.old, p.new, 1)
			}
			fsys[path] = &fstest.MapFile{Data: []byte(data)}
		}
	}
	for _, p := range plants {
		secrets = append(secrets, p.secret)
	}
	// Whatever else the broken year holds must not leak either: its ids,
	// IBANs, texts and parties, except where they are also part of a name
	// Aggregate shows (an account, a subclass, a mandator). Amounts are left
	// out of this list: other years' figures may equal them by chance.
	store := reader.OpenFS(fsys, "referee")
	shown := []string{rb.Mandator}
	for _, p := range plants {
		b, _, err := store.CheckFiles(context.Background(), rb.Mandator+" "+p.name, 2025)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range b.Accounts {
			secrets = append(secrets, a.ID, a.BankAccountNumber)
			shown = append(shown, a.Name)
		}
		for _, sc := range b.SubClasses {
			shown = append(shown, sc.Name)
		}
		for _, tx := range b.Transactions {
			secrets = append(secrets, tx.ID, tx.Text, tx.RelatedParty)
		}
	}
	secrets = slices.DeleteFunc(secrets, func(s string) bool {
		return len(s) < 4 || slices.ContainsFunc(shown, func(name string) bool { return strings.Contains(name, s) })
	})
	cs := connect(t, fsys, tools.Aggregate)
	registered := map[string]bool{}
	list, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		registered[tool.Name] = true
	}
	var others []string // tools of the Full catalog that Aggregate lacks
	for _, tool := range tools.Catalog(tools.Full) {
		if !registered[tool.Def.Name] {
			others = append(others, tool.Def.Name)
		}
	}
	answers, errs := 0, 0
	for _, p := range plants {
		m := rb.Mandator + " " + p.name
		for _, c := range []struct {
			tool string
			args map[string]any
		}{
			{"list_years", map[string]any{"mandator": m}},
			{"list_accounts", map[string]any{"mandator": m, "year": 2025}},
			{"get_balance_summary", map[string]any{"mandator": m, "year": 2025}},
			{"get_income_statement", map[string]any{"mandator": m, "year": 2025, "fromDate": "2025-01-01", "toDate": "2025-03-31"}},
			{"get_expenses_by_category", map[string]any{"mandator": m, "year": 2025}},
			{"compare_years", map[string]any{"mandator": m, "years": []int{2024, 2025}}},
			{"get_spending_over_time", map[string]any{"mandator": m, "fromYear": 2023, "toYear": 2025, "groupBy": "subclass"}},
			{"get_net_worth_history", map[string]any{"mandator": m}},
			{"check_books", map[string]any{"mandator": m, "year": 2025}},
			{"get_cash_flow", map[string]any{"mandator": m, "year": 2025}},
			{"get_balance_summary", map[string]any{"mandator": "Rüegg", "year": 2025}},
		} {
			if !registered[c.tool] {
				t.Fatalf("Aggregate lacks %s", c.tool)
			}
			r := call(t, cs, c.tool, c.args, nil)
			answers++
			text := string(r.Raw)
			if r.IsError {
				errs++
			}
			for _, s := range secrets {
				if strings.Contains(text, s) {
					t.Errorf("%s(%v) quotes %q from the files: %s", c.tool, c.args, s, text)
				}
			}
			for _, o := range others {
				if strings.Contains(text, o) {
					t.Errorf("%s(%v) names %s, which Aggregate does not register: %s", c.tool, c.args, o, text)
				}
			}
			var out struct {
				Warnings []string `json:"warnings"`
			}
			if !r.IsError {
				if err := json.Unmarshal(r.Raw, &out); err != nil {
					t.Fatal(err)
				}
			}
			for _, w := range out.Warnings {
				if !aggregateWarning.MatchString(w) {
					t.Errorf("%s(%v): warning %q is more than a code and a count", c.tool, c.args, w)
				}
			}
		}
	}
	if errs < len(plants) {
		t.Errorf("only %d of %d answers were errors: the plants did not break the books", errs, answers)
	}
	t.Logf("%d Aggregate answers on broken books (%d errors) checked against %d strings from the files", answers, errs, len(secrets))
}
