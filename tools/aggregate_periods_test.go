package tools_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

// TestAggregatePeriods checks mcp.aggregate.periods through MCP: a question
// for a period the level does not publish is an invalid_argument naming
// what it does publish; a period it publishes is answered.
func TestAggregatePeriods(t *testing.T) {
	const m = "Claudio Schaad"
	for _, c := range []struct {
		periods          disclosure.Periods
		from, to         string
		interval         string
		refused          bool
		names            string // what the refusal must name
		spendingRefused  bool
		spendingMentions string
	}{
		{disclosure.Month, "2025-02-01", "2025-02-28", "month", false, "", false, ""},
		{disclosure.Quarter, "2025-02-01", "2025-02-28", "month", true, "whole quarters", true, `interval \"quarter\"`},
		{disclosure.Quarter, "2025-04-01", "2025-06-30", "quarter", false, "", false, ""},
		{disclosure.Year, "2025-04-01", "2025-06-30", "quarter", true, "whole book year only", true, "whole book years only"},
		{disclosure.Year, "2025-01-01", "2025-12-31", "quarter", false, "", true, "whole book years only"},
	} {
		cs := connect(t, fixtures.DemoFS(), tools.Aggregate, func(o *tools.Options) { o.Periods = c.periods })
		r := call(t, cs, "get_expenses_by_category", map[string]any{"mandator": m, "year": 2025, "fromDate": c.from, "toDate": c.to}, nil)
		if r.IsError != c.refused || (c.refused && (r.Err.Code != "invalid_argument" || !strings.Contains(r.Err.Message, c.names))) {
			t.Errorf("%s, %s..%s: refused %v (%s); want refused %v naming %q", c.periods, c.from, c.to, r.IsError, r.Raw, c.refused, c.names)
		}
		r = call(t, cs, "get_spending_over_time", map[string]any{"mandator": m, "year": 2025, "interval": c.interval}, nil)
		if r.IsError != c.spendingRefused || (c.spendingRefused && !strings.Contains(string(r.Raw), c.spendingMentions)) {
			t.Errorf("%s, spending per %s: refused %v (%s); want refused %v naming %q", c.periods, c.interval, r.IsError, r.Raw, c.spendingRefused, c.spendingMentions)
		}
	}
	if text := tools.Instructions(tools.Aggregate, 3, disclosure.Quarter, disclosure.ToDate); !strings.Contains(text, "whole quarters") || !strings.Contains(text, "Closed quarters only") {
		t.Errorf("Quarter instructions do not state the level:\n%s", text)
	}
	if text := tools.Instructions(tools.Aggregate, 3, disclosure.Year, disclosure.ToDate); !strings.Contains(text, "whole book years only") {
		t.Errorf("Year instructions do not state the level:\n%s", text)
	}
}

// TestAggregateBookYear checks the decision for a range that covers the
// start or end of the book year: Aggregate gives the book year's months,
// which include late bookings dated before 1 January, and says so in
// covers; Full gives the dates asked for. Both are checked against the
// referee's sums of the files.
func TestAggregateBookYear(t *testing.T) {
	const m, year = "Claudio Schaad", 2026
	later := func(o *tools.Options) {
		o.Now = func() time.Time { return time.Date(2027, 3, 1, 9, 0, 0, 0, time.UTC) }
	}
	b, err := reader.OpenFS(fixtures.DemoFS(), "referee").Books(context.Background(), m, year)
	if err != nil {
		t.Fatal(err)
	}
	number := map[string]int{}
	for _, a := range b.Accounts {
		number[a.ID] = a.Number
	}
	var book, dated decimal.Decimal // expense legs, debits − credits
	for _, tx := range b.Transactions {
		for _, leg := range []struct {
			id   string
			sign int64
		}{{tx.TargetAccountID, 1}, {tx.OriginAccountID, -1}} {
			if n := number[leg.id]; n >= 4000 && n < 5000 {
				v := tx.Value.Mul(decimal.NewFromInt(leg.sign))
				book = book.Add(v)
				if tx.ValueDate >= reader.NewDate(year, 1, 1) {
					dated = dated.Add(v)
				}
			}
		}
	}
	if book.Equal(dated) {
		t.Fatal("the demo household's books hold no expense dated before their year; the test proves nothing")
	}
	args := map[string]any{"mandator": m, "year": year, "fromDate": "2026-01-01"}
	var agg struct {
		TotalChf string `json:"totalChf"`
		Covers   string `json:"covers"`
	}
	mustCall(t, connect(t, fixtures.DemoFS(), tools.Aggregate, later), "get_expenses_by_category", args, &agg)
	var full struct {
		TotalChf string `json:"totalChf"`
		Covers   string `json:"covers"`
	}
	mustCall(t, connect(t, fixtures.DemoFS(), tools.Full, later), "get_expenses_by_category", args, &full)
	if agg.TotalChf != book.StringFixed(2) || !strings.Contains(agg.Covers, "book year 2026") {
		t.Errorf("Aggregate from 2026-01-01: %s, covers %q; want the book year %s, said so", agg.TotalChf, agg.Covers, book.StringFixed(2))
	}
	if full.TotalChf != dated.StringFixed(2) || full.Covers != "" {
		t.Errorf("Full from 2026-01-01: %s, covers %q; want the dates asked for, %s", full.TotalChf, full.Covers, dated.StringFixed(2))
	}
	t.Logf("2026 expenses from 2026-01-01: Full %s, Aggregate (book year, said in covers) %s", full.TotalChf, agg.TotalChf)
}
