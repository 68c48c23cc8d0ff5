package tools_test

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/shopspring/decimal"
)

type page struct {
	Transactions []struct {
		TransactionID string `json:"transactionId"`
		Date          string `json:"date"`
		ValueChf      string `json:"valueChf"`
	} `json:"transactions"`
	Total      int    `json:"total"`
	Offset     int    `json:"offset"`
	Truncated  bool   `json:"truncated"`
	NextOffset int    `json:"nextOffset"`
	SumChf     string `json:"sumChf"`
}

// TestPagingCoversEveryMatchOnce pages through a whole year with the largest
// limit: every page fits the 64 KiB budget, pages never overlap or skip, and
// the rows add up to total and sumChf.
func TestPagingCoversEveryMatchOnce(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	seen := map[string]bool{}
	var sum decimal.Decimal
	offset, pages, total := 0, 0, -1
	sumChf := ""
	for {
		var p page
		raw := mustCall(t, cs, "get_transactions", map[string]any{"mandator": "Claudio Schaad", "year": 2025, "limit": 1000, "offset": offset}, &p)
		pages++
		if len(raw) > 64<<10 {
			t.Fatalf("page at offset %d is %d bytes", offset, len(raw))
		}
		if total == -1 {
			total, sumChf = p.Total, p.SumChf
		}
		if p.Total != total || p.SumChf != sumChf || p.Offset != offset {
			t.Fatalf("page %d: total %d sum %s offset %d; want %d, %s, %d", pages, p.Total, p.SumChf, p.Offset, total, sumChf, offset)
		}
		for _, r := range p.Transactions {
			if seen[r.TransactionID] {
				t.Fatalf("transaction %s on two pages", r.TransactionID)
			}
			seen[r.TransactionID] = true
			sum = sum.Add(decimal.RequireFromString(r.ValueChf))
		}
		if !p.Truncated {
			break
		}
		if p.NextOffset != offset+len(p.Transactions) || len(p.Transactions) == 0 {
			t.Fatalf("nextOffset %d after %d rows at offset %d", p.NextOffset, len(p.Transactions), offset)
		}
		offset = p.NextOffset
	}
	if pages < 2 {
		t.Errorf("a year of the demo household fit in one page; the budget was not exercised")
	}
	// sumChf is the exact sum rounded once; the rows are rounded each, so
	// compare with the file's own values, summed here.
	b, err := reader.OpenFS(fixtures.DemoFS(), "paging").Books(t.Context(), "Claudio Schaad", 2025)
	if err != nil {
		t.Fatal(err)
	}
	var exact decimal.Decimal
	for _, tx := range b.Transactions {
		exact = exact.Add(tx.Value)
	}
	if len(seen) != total || total != len(b.Transactions) || exact.StringFixed(2) != sumChf {
		t.Errorf("pages hold %d rows (file: %d); sumChf %s, file sum %s", len(seen), len(b.Transactions), sumChf, exact.StringFixed(2))
	}
	if diff := sum.Sub(exact).Abs(); diff.GreaterThan(decimal.New(int64(total), -2)) {
		t.Errorf("rounded rows sum to %s, more than a cent per row from %s", sum, exact)
	}
	t.Logf("%d rows in %d pages", total, pages)
}

// TestNewestFirst checks the order of get_transactions.
func TestNewestFirst(t *testing.T) {
	cs := connect(t, fixtures.DemoFS(), tools.Full)
	var p page
	mustCall(t, cs, "get_transactions", map[string]any{"mandator": "Claudio Schaad", "year": 2026, "limit": 300}, &p)
	for i := 1; i < len(p.Transactions); i++ {
		if p.Transactions[i].Date > p.Transactions[i-1].Date {
			t.Fatalf("row %d (%s) is newer than row %d (%s)", i, p.Transactions[i].Date, i-1, p.Transactions[i-1].Date)
		}
	}
}
