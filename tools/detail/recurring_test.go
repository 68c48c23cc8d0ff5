package detail_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// recurringBooks are two years of small books written for this test: the
// rent, paid from the bank on the 1st of every month, 1800.00 in 2024 and
// 1850.00 in 2025; and groceries at Coop on the 15th of every month of 2025
// at amounts that never stay within 5.00 of each other.
func recurringBooks() fstest.MapFS {
	years := map[int][]posting{}
	for _, y := range []int{2024, 2025} {
		for m := 1; m <= 12; m++ {
			rent := "1800.00"
			if y == 2025 {
				rent = "1850.00"
			}
			years[y] = append(years[y], posting{fmt.Sprintf("%d-%02d-01", y, m), "Verwaltung Seeblick", "Miete", rent, "rent"})
			if y == 2025 {
				years[y] = append(years[y], posting{fmt.Sprintf("%d-%02d-15", y, m), "Coop", "Einkauf", shopAmounts[m-1], "food"})
			}
		}
	}
	return householdBooks(years)
}

// TestRecurring: the rent is one monthly payment whose price rose from
// 1800.00 to 1850.00: a change of 50.00, 50 / 1800 = 2.78% shown as 2.8,
// an annual cost of 12 × 1850.00 = 22200.00, 600.00 more than 12 × 1800.00;
// booked last on 2025-12-01, next due 2026-01-01. The Coop purchases come
// every month but at no stable amount, so they are not a recurring payment.
func TestRecurring(t *testing.T) {
	type item struct {
		Payee                    string
		AccountNumber            int
		AccountName              string
		Cadence                  string
		Occurrences              int
		TypicalAmountChf         string
		PreviousTypicalAmountChf string
		ChangeChf                string
		ChangePct                string
		Status                   string
		AnnualCostChf            string
		AnnualCostChangeChf      string
		LastDate                 string
		NextDueDate              string
	}
	want := []item{{"Verwaltung Seeblick", 4100, "Miete", "monthly", 12, "1850.00", "1800.00", "50.00", "2.8", "changed",
		"22200.00", "600.00", "2025-12-01", "2026-01-01"}}
	for _, p := range mcptest.Detailed {
		s := &mcptest.Session{T: t, CS: mcptest.Connect(t, recurringBooks(), p)}
		var got struct {
			Year, CompareYear int
			StatusAsOf        string
			Recurring         []item
			Total             int
		}
		s.Must("get_recurring_transactions", map[string]any{"year": 2025}, &got)
		if diff := cmp.Diff(want, got.Recurring); diff != "" {
			t.Errorf("%s get_recurring_transactions 2025 (-want +got):\n%s", p, diff)
		}
		if got.Year != 2025 || got.CompareYear != 2024 || got.StatusAsOf != "2025-12-31" || got.Total != 1 {
			t.Errorf("%s: year %d compared with %d as of %s, %d items; want 2025, 2024, 2025-12-31, 1", p, got.Year, got.CompareYear, got.StatusAsOf, got.Total)
		}
	}
}
