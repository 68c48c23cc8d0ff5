package resource

import (
	"encoding/json"
	"testing"
)

// TestEchoed checks that the mandator and year a result echoes are found
// wherever they stand at its top level, and that nothing else passes for
// them: a result without both links nothing.
func TestEchoed(t *testing.T) {
	for _, c := range []struct {
		structured any
		mandator   string
		year       int
	}{
		{json.RawMessage(`{"mandator":"Verein Zürichsee","year":2025,"rows":[{"year":1999}]}`), "Verein Zürichsee", 2025},
		{json.RawMessage(`{"rows":[{"mandator":"X","year":1999}],"totalChf":"1.00","year":2026,"mandator":"A \"B\""}`), `A "B"`, 2026},
		{json.RawMessage(`{"mandator":"A","years":[2025]}`), "A", 0},
		{json.RawMessage(`{"mandator":"A","year":"2025"}`), "", 0},
		{json.RawMessage(`[{"mandator":"A","year":2025}]`), "", 0},
		{json.RawMessage(`{"mandator":"A",`), "", 0},
		{struct {
			Mandator string `json:"mandator"`
			Year     int    `json:"year"`
		}{"M", 2024}, "M", 2024},
	} {
		m, y := echoed(c.structured)
		if m != c.mandator || y != c.year {
			t.Errorf("echoed(%v) = %q, %d; want %q, %d", c.structured, m, y, c.mandator, c.year)
		}
	}
}
