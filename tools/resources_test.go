package tools_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/accounting-mcp/accounting-mcp/tools/views"
	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// readResource reads uri and returns its JSON text, failing the test on an
// error or a content that is not one application/json text.
func readResource(t *testing.T, cs *mcp.ClientSession, uri string) json.RawMessage {
	t.Helper()
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatalf("read %s: %v", uri, err)
	}
	if len(res.Contents) != 1 {
		t.Fatalf("read %s: %d contents; want 1", uri, len(res.Contents))
	}
	if res.CacheScope != "private" || res.TTLMs != 0 {
		t.Errorf("read %s: cacheScope %q ttlMs %d; want private, 0 (the user's books, saved at any time)", uri, res.CacheScope, res.TTLMs)
	}
	c := res.Contents[0]
	if c.URI != uri || c.MIMEType != "application/json" || !json.Valid([]byte(c.Text)) {
		t.Fatalf("read %s: content uri %q mime %q text %.80s; want the uri, application/json and JSON", uri, c.URI, c.MIMEType, c.Text)
	}
	return json.RawMessage(c.Text)
}

// readError reads uri, which must fail, and returns the error's text.
func readError(t *testing.T, cs *mcp.ClientSession, uri string) string {
	t.Helper()
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: uri})
	if err == nil {
		t.Fatalf("read %s succeeded with %d contents; want an error", uri, len(res.Contents))
	}
	return err.Error()
}

func TestResourceListsPerMode(t *testing.T) {
	templates := []string{
		"accounting://{mandator}/{year}/chart",
		"accounting://{mandator}/{year}/balance-summary",
		"accounting://{mandator}/{year}/income-statement",
		"accounting://{mandator}/{year}/expenses-by-category",
	}
	for _, c := range []struct {
		p         tools.Privacy
		resources []string
	}{
		{tools.Full, []string{"accounting://mandators", views.URI}},
		{tools.Local, []string{"accounting://mandators", views.URI}},
		{tools.Aggregate, []string{views.URI}},
	} {
		cs := connect(t, fixtures.HandcheckFS(), c.p)
		rs, err := cs.ListResources(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var uris []string
		for _, r := range rs.Resources {
			uris = append(uris, r.URI)
			want := "application/json"
			if r.URI == views.URI {
				want = views.MIMEType
			}
			if r.MIMEType != want {
				t.Errorf("%s: resource %s has MIME type %q; want %q", c.p, r.URI, r.MIMEType, want)
			}
		}
		if diff := cmp.Diff(c.resources, uris); diff != "" {
			t.Errorf("%s resources/list (-want +got):\n%s", c.p, diff)
		}
		ts, err := cs.ListResourceTemplates(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tm := range ts.ResourceTemplates {
			got = append(got, tm.URITemplate)
			if tm.MIMEType != "application/json" {
				t.Errorf("%s: template %s has MIME type %q", c.p, tm.URITemplate, tm.MIMEType)
			}
		}
		if diff := cmp.Diff(templates, got, sortStrings); diff != "" {
			t.Errorf("%s resources/templates/list (-want +got):\n%s", c.p, diff)
		}
	}
}

// TestResourcesAreTheToolAnswers reads every template for both hand-check
// years in every mode: each content is byte for byte the answer of the tool
// it names, for that mandator and year.
func TestResourcesAreTheToolAnswers(t *testing.T) {
	reports := map[string]string{
		"chart": "list_accounts", "balance-summary": "get_balance_summary",
		"income-statement": "get_income_statement", "expenses-by-category": "get_expenses_by_category",
	}
	for _, p := range modes {
		cs := connect(t, fixtures.HandcheckFS(), p)
		for report, tool := range reports {
			for _, year := range []int{2025, 2026} {
				uri := "accounting://Muster/" + itoa(year) + "/" + report
				got := readResource(t, cs, uri)
				want := mustCall(t, cs, tool, map[string]any{"mandator": "Muster", "year": year}, nil)
				if !sameJSON(string(want), string(got)) {
					t.Errorf("%s %s = %s; want the answer of %s: %s", p, uri, got, tool, want)
				}
			}
		}
		if p != tools.Aggregate {
			got := readResource(t, cs, "accounting://mandators")
			if want := `{"mandators":["Muster"]}`; string(got) != want {
				t.Errorf("%s accounting://mandators = %s; want %s", p, got, want)
			}
		}
	}
}

// TestResourceNumbersHandcheck checks resource contents against the
// hand-computed numbers of fixtures/handcheck/EXPECTED.md.
func TestResourceNumbersHandcheck(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, fixtures.HandcheckFS(), p, mcptest.ToDate)
		var summary struct{ TotalActivaChf, TotalPassivaChf, EquityChf string }
		decode(t, readResource(t, cs, "accounting://Muster/2025/balance-summary"), &summary)
		if summary.TotalActivaChf != "11919.08" || summary.TotalPassivaChf != "4000.00" || summary.EquityChf != "7919.08" {
			t.Errorf("%s balance-summary 2025 = %+v; want 11919.08, 4000.00, 7919.08", p, summary)
		}
		var statement struct{ ProfitChf, LossChf, NetChf string }
		decode(t, readResource(t, cs, "accounting://Muster/2026/income-statement"), &statement)
		if statement.ProfitChf != "5200.00" || statement.LossChf != "3241.10" || statement.NetChf != "1958.90" {
			t.Errorf("%s income-statement 2026 = %+v; want 5200.00, 3241.10, 1958.90", p, statement)
		}
		var expenses struct {
			TotalChf   string
			Categories []struct{ Name, TotalChf string }
		}
		decode(t, readResource(t, cs, "accounting://Muster/2025/expenses-by-category"), &expenses)
		want := []struct{ Name, TotalChf string }{{"Wohnen", "3000.00"}, {"Lebensmittel & Restaurants", "430.92"}, {"Subclass 47", "120.00"}}
		if diff := cmp.Diff(want, expenses.Categories); diff != "" || expenses.TotalChf != "3550.92" {
			t.Errorf("%s expenses-by-category 2025 total %s (-want +got):\n%s", p, expenses.TotalChf, diff)
		}
		chart := readResource(t, cs, "accounting://Muster/2025/chart")
		var rows struct{ Accounts []map[string]any }
		decode(t, chart, &rows)
		if len(rows.Accounts) != 9 {
			t.Fatalf("%s chart 2025 has %d accounts; want 9", p, len(rows.Accounts))
		}
		eur := rows.Accounts[2]
		if eur["name"] != "EUR-Konto" || eur["balanceChf"] != "1343.88" {
			t.Errorf("%s chart 2025 third row = %v; want EUR-Konto at 1343.88 CHF", p, eur)
		}
		if p == tools.Aggregate {
			for _, leak := range []string{"accountId", "bankAccountNumber", "startBalance", "DE89370400440532013000", "274f62cd"} {
				if strings.Contains(string(chart), leak) {
					t.Errorf("Aggregate chart contains %q: %s", leak, chart)
				}
			}
		} else if eur["subclassName"] != "Flüssige Mittel" || eur["balance"] != "1399.88" || eur["bankAccountNumber"] != "DE89370400440532013000" {
			t.Errorf("%s chart 2025 EUR row = %v; want subclass Flüssige Mittel, balance 1399.88 and its IBAN", p, eur)
		}
	}
}

// TestResourceURIsArePercentEncoded reads a mandator with a space and an
// umlaut, and refuses the unencoded form with the encoded one as the hint.
func TestResourceURIsArePercentEncoded(t *testing.T) {
	for _, p := range modes {
		cs := connect(t, fixtures.DemoFS(), p)
		var got struct {
			Mandator string
			Year     int
		}
		decode(t, readResource(t, cs, "accounting://Verein%20Z%C3%BCrichsee/2025/balance-summary"), &got)
		if got.Mandator != "Verein Zürichsee" || got.Year != 2025 {
			t.Errorf("%s: read of the encoded URI answered %+v", p, got)
		}
		msg := readError(t, cs, "accounting://Verein Zürichsee/2025/balance-summary")
		if !strings.Contains(msg, "accounting://Verein%20Z%C3%BCrichsee/2025/balance-summary") {
			t.Errorf("%s: unencoded URI error %q does not give the encoded form", p, msg)
		}
	}
}

// TestResourceBadURIs checks that every bad URI is an error naming the bad
// value, and the choices where there are some.
func TestResourceBadURIs(t *testing.T) {
	for _, c := range []struct {
		p    tools.Privacy
		uri  string
		want []string
	}{
		{tools.Full, "accounting://nothing", []string{`"accounting://nothing"`, "accounting://mandators", "accounting://{mandator}/{year}/chart"}},
		{tools.Full, "file:///etc/passwd", []string{`"file:///etc/passwd"`, "unknown resource"}},
		{tools.Full, "accounting://Muster/2025/transactions", []string{"transactions", "unknown resource"}},
		{tools.Full, "accounting://Muster/a/b/2025/chart", []string{"%2F"}},
		{tools.Full, "accounting://Nobody/2025/chart", []string{`"Nobody"`, `"Muster"`}},
		{tools.Aggregate, "accounting://Nobody/2025/chart", []string{`"Nobody"`, `"Muster"`}},
		{tools.Full, "accounting://Muster/2031/income-statement", []string{"2031", "2025, 2026"}},
		{tools.Local, "accounting://Muster/25/chart", []string{`"25"`, "four-digit"}},
		{tools.Full, "accounting:///2025/chart", []string{"names no mandator"}},
		{tools.Full, "accounting://Muster/2025/chart?x=1", []string{"unknown resource"}},
	} {
		cs := connect(t, fixtures.HandcheckFS(), c.p)
		msg := readError(t, cs, c.uri)
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s read %s: error %q does not contain %q", c.p, c.uri, msg, w)
			}
		}
	}
}

// TestAggregateResourceGuessing guesses the URIs of sensitive data in
// Aggregate mode: none is served, and the error does not reveal that Full
// would serve it.
func TestAggregateResourceGuessing(t *testing.T) {
	cs := connect(t, fixtures.HandcheckFS(), tools.Aggregate)
	for _, uri := range []string{
		"accounting://mandators",
		"accounting://Muster/2025/transactions",
		"accounting://Muster/2025/accounts",
		"accounting://Muster/2025/chart/274f62cd-b3b8-5569-a9c6-1daf4f62f411",
		"accounting://Muster/2025/get_transactions",
	} {
		msg := readError(t, cs, uri)
		_, served, ok := strings.Cut(msg, "this server serves ")
		if !ok || strings.Contains(served, "mandators") || !strings.Contains(msg, "unknown resource") {
			t.Errorf("Aggregate error for %s should call it unknown and offer only aggregate resources: %s", uri, msg)
		}
	}
}

// TestToolResultsLinkTheirResource checks the resource_link item of a tool
// result: present when the call asked only for mandator and year, absent
// otherwise, and never instead of the text.
func TestToolResultsLinkTheirResource(t *testing.T) {
	for _, c := range []struct {
		p    tools.Privacy
		tool string
		args map[string]any
		link string
	}{
		{tools.Full, "get_balance_summary", map[string]any{"year": 2025}, "accounting://Muster/2025/balance-summary"},
		{tools.Aggregate, "list_accounts", map[string]any{"mandator": "muster", "year": 2026}, "accounting://Muster/2026/chart"},
		{tools.Full, "list_mandators", map[string]any{}, "accounting://mandators"},
		{tools.Full, "get_income_statement", map[string]any{"year": 2025, "fromDate": "2025-01-01"}, ""},
		{tools.Full, "list_accounts", map[string]any{"year": 2025, "class": "activa"}, ""},
		{tools.Full, "get_transactions", map[string]any{"year": 2025}, ""},
	} {
		cs := connect(t, fixtures.HandcheckFS(), c.p)
		res, err := cs.CallTool(context.Background(), toolParams(c.tool, c.args))
		if err != nil || res.IsError {
			t.Fatalf("%s %s: %v %v", c.p, c.tool, err, res)
		}
		if _, ok := res.Content[0].(*mcp.TextContent); !ok {
			t.Errorf("%s %s: first content is %T; want the text", c.p, c.tool, res.Content[0])
		}
		got := ""
		for _, item := range res.Content[1:] {
			if l, ok := item.(*mcp.ResourceLink); ok {
				got = l.URI
				if l.MIMEType != "application/json" {
					t.Errorf("%s %s: link MIME type %q", c.p, c.tool, l.MIMEType)
				}
			}
		}
		if got != c.link {
			t.Errorf("%s %s(%v) links %q; want %q", c.p, c.tool, c.args, got, c.link)
		}
		if got != "" {
			readResource(t, cs, got)
		}
	}
}

func decode(t *testing.T, data json.RawMessage, out any) {
	t.Helper()
	if err := json.Unmarshal(data, out); err != nil {
		t.Fatalf("decoding %s: %v", data, err)
	}
}
