package detail_test

import (
	"fmt"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/google/go-cmp/cmp"
)

// TestUnusual: a year of the rent (1850.00 on the 1st) and of shopping at
// Coop on the 15th (18.50 to 66.40) holds one oddity, planted here: June's
// 52.00 at Coop charged again two days later, a double_charge (the same
// amount of 20.00 or more to the same payee within 4 days) whose money at
// stake is the second 52.00. Nothing else is far above its payee's usual
// (the largest purchase, 66.40, is not twice the median), and the first
// payments to both payees come with no earlier books, so they are not new
// payees of note.
func TestUnusual(t *testing.T) {
	var ps []posting
	for m := 1; m <= 12; m++ {
		ps = append(ps, posting{fmt.Sprintf("2025-%02d-01", m), "Verwaltung Seeblick", "Miete", "1850.00", "rent"},
			posting{fmt.Sprintf("2025-%02d-15", m), "Coop", "Einkauf", shopAmounts[m-1], "food"})
	}
	ps = append(ps, posting{"2025-06-17", "Coop", "Einkauf", "52.00", "food"})
	type finding struct{ Kind, Date, Payee, AmountChf, AtStakeChf string }
	for _, p := range mcptest.Detailed {
		s := &mcptest.Session{T: t, CS: mcptest.Connect(t, householdBooks(map[int][]posting{2025: ps}), p)}
		var got struct {
			Unusual []finding
			Total   int
		}
		s.Must("find_unusual_transactions", map[string]any{"year": 2025}, &got)
		want := []finding{{"double_charge", "2025-06-17", "Coop", "52.00", "52.00"}}
		if diff := cmp.Diff(want, got.Unusual); diff != "" || got.Total != 1 {
			t.Errorf("%s find_unusual_transactions 2025: total %d (-want +got):\n%s", p, got.Total, diff)
		}
	}
}
