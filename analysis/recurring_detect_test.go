package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

func TestPayeeKeyAndLabel(t *testing.T) {
	for _, c := range []struct{ in, key, label string }{
		{"Netflix 03/2026", "netflix", "Netflix"},
		{"Netflix - 03/2026", "netflix", "Netflix"},
		{"Miete April", "miete", "Miete"},
		{"Lohn Januar 2026", "lohn", "Lohn"},
		{"Prämie Krankenkasse März", "pramie krankenkasse", "Prämie Krankenkasse"},
		{"Hypothekarzins Q1/2025", "hypothekarzins", "Hypothekarzins"},
		{"Steuern Akontozahlung 12.2025", "steuern akontozahlung", "Steuern Akontozahlung"},
		{"  Coop   City  ", "coop city", "Coop City"},
		{"Netflix International B.V.", "netflix international b.v.", "Netflix International B.V."},
		{"13. Monatslohn 2026", "13. monatslohn", "13. Monatslohn"},
		// A trailing house number goes too; harmless for grouping.
		{"Miete Wohnung Seefeldstrasse 12 April", "miete wohnung seefeldstrasse", "Miete Wohnung Seefeldstrasse"},
		// Nothing but date words: kept whole rather than emptied.
		{"2026", "2026", "2026"},
		{"April 2026", "april", "April"},
		{"", "", ""},
	} {
		if got := PayeeKey(c.in); got != c.key {
			t.Errorf("PayeeKey(%q) = %q; want %q", c.in, got, c.key)
		}
		if got := PayeeLabel(c.in); got != c.label {
			t.Errorf("PayeeLabel(%q) = %q; want %q", c.in, got, c.label)
		}
	}
}

// occs builds bookings from "yyyy-mm-dd amount" pairs.
func occs(t *testing.T, pairs ...string) []occurrence {
	var out []occurrence
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, occurrence{date(t, pairs[i]), dec(pairs[i+1])})
	}
	return out
}

// monthlyOn returns n bookings on day of consecutive months from y-m, all
// of amount.
func monthlyOn(y, m, day, n int, amount string) []occurrence {
	var out []occurrence
	for i := 0; i < n; i++ {
		mm := m - 1 + i
		out = append(out, occurrence{reader.NewDate(y+mm/12, mm%12+1, day), dec(amount)})
	}
	return out
}

func TestDetectCadence(t *testing.T) {
	for _, c := range []struct {
		name string
		occ  []occurrence
		want Cadence
	}{
		{"monthly on the 1st", monthlyOn(2025, 1, 1, 12, "10"), CadenceMonthly},
		// Month ends: gaps 28 to 31 days, all within 30 ± 6.
		{"monthly at month end", occs(t, "2025-01-31", "5", "2025-02-28", "5", "2025-03-31", "5", "2025-04-30", "5"), CadenceMonthly},
		// One month not booked: gaps 31, 61, 30, 31 — 3 of 4 regular, median 31.
		{"monthly, one missing", occs(t, "2025-01-05", "1", "2025-02-05", "1", "2025-04-07", "1", "2025-05-07", "1", "2025-06-07", "1"), CadenceMonthly},
		// Quarter ends: gaps 91, 92, 92.
		{"quarterly", occs(t, "2025-03-31", "1", "2025-06-30", "1", "2025-09-30", "1", "2025-12-31", "1"), CadenceQuarterly},
		// 364 and 367 days.
		{"yearly", occs(t, "2024-03-15", "1", "2025-03-14", "1", "2026-03-16", "1"), CadenceYearly},
		// The coiffeur every six weeks or so: gaps 49, 49, 42, 56 — median 49, no cadence.
		{"six-weekly", occs(t, "2025-01-10", "45", "2025-02-28", "45", "2025-04-18", "45", "2025-05-30", "45", "2025-07-25", "45"), CadenceNone},
		// Twice a year (a custody fee): gaps 184, 181.
		{"half-yearly", occs(t, "2024-06-30", "12", "2024-12-31", "12", "2025-06-30", "12"), CadenceNone},
		// Weekly shopping: gaps 7.
		{"weekly", occs(t, "2025-01-03", "1", "2025-01-10", "1", "2025-01-17", "1", "2025-01-24", "1"), CadenceNone},
		// Monthly on average but at random days: gaps 9, 52, 21, 40 — median 30
		// (mean of 21 and 40 rounded down), but only 0 of 4 within 24–36.
		{"random days", occs(t, "2025-01-02", "1", "2025-01-11", "1", "2025-03-04", "1", "2025-03-25", "1", "2025-05-04", "1"), CadenceNone},
		{"one booking", monthlyOn(2025, 1, 1, 1, "10"), CadenceNone},
	} {
		if got := detectCadence(c.occ); got != c.want {
			t.Errorf("detectCadence(%s) = %v; want %v", c.name, got, c.want)
		}
	}
}

func TestStableAmounts(t *testing.T) {
	amounts := func(c Cadence, vs ...string) []occurrence {
		out := make([]occurrence, len(vs))
		for i, v := range vs {
			out[i] = occurrence{reader.NewDate(2020+i, 1, 1), dec(v)}
		}
		return out
	}
	m, y := CadenceMonthly, CadenceYearly
	for _, c := range []struct {
		name string
		c    Cadence
		occ  []occurrence
		want bool
	}{
		{"same amount", m, amounts(m, "69", "69", "69", "69"), true},
		// Runs [1850 ×4] [1920 ×3]: all 7 in runs of two or more.
		{"one price rise", m, amounts(m, "1850", "1850", "1850", "1850", "1920", "1920", "1920"), true},
		// Runs [69 ×3] [84.50] [69 ×4]: 7 of 8 = 87.5% in runs ≥ 2.
		{"one extra charge", m, amounts(m, "69", "69", "69", "84.50", "69", "69", "69", "69"), true},
		// Within 10% and 5.00 of the run's first: 69.00 / 71.35 / 68.20 (tolerance 5.00).
		{"small variation", m, amounts(m, "69.00", "71.35", "68.20", "69.00"), true},
		// 12.95 vs 14.40: 1.45 > 10% of 12.95 (1.295): runs [12.95] [14.40] [12.95] [14.40].
		{"alternating over 10%", m, amounts(m, "12.95", "14.40", "12.95", "14.40"), false},
		// Shopping: every amount its own run.
		{"shop", m, amounts(m, "23.40", "61.10", "35.75", "18.50", "44.20", "52.00"), false},
		// Electricity: runs [78.35 81.20] [142.60] [99.10] [120.00 118.40] (2.85 and 1.60 ≤ 5.00):
		// 4 of 6 in runs ≥ 2 = 66.7% < 75%.
		{"utility bill", m, amounts(m, "78.35", "81.20", "142.60", "99.10", "120.00", "118.40"), false},
		// Yearly: 300 → 310 (+3.3%) → 318 (+2.6%): a price that rises.
		{"yearly rising", y, amounts(y, "300.00", "310.00", "318.00"), true},
		{"yearly same", y, amounts(y, "335", "335"), true},
		// 64.55 → 62.55 → 62.35: falls twice, a ticket at a varying price.
		{"yearly falling", y, amounts(y, "64.55", "62.55", "62.35"), false},
		// 400 → 460 is +15%: more than 10%.
		{"yearly jump", y, amounts(y, "400", "460", "470"), false},
		// 365 → 335 (a cut) → 335 → 335 → 335: 3 of 4 steps stay or rise.
		{"yearly one cut", y, amounts(y, "365", "335", "335", "335", "335"), true},
	} {
		if got := stableAmounts(c.occ, c.c); got != c.want {
			t.Errorf("stableAmounts(%s) = %v; want %v", c.name, got, c.want)
		}
	}
}

func TestCurrentAmount(t *testing.T) {
	ds := func(vs ...string) []decimal.Decimal {
		out := make([]decimal.Decimal, len(vs))
		for i, v := range vs {
			out[i] = dec(v)
		}
		return out
	}
	for _, c := range []struct {
		in   []decimal.Decimal
		want string
	}{
		{ds("1850", "1850", "1850", "1920", "1920"), "1920.00"}, // the new price, booked twice
		{ds("1850", "1850", "1920"), "1850.00"},                 // booked once: not yet the price
		{ds("69", "69", "69", "84.50"), "69.00"},                // a one-off extra charge
		{ds("69.00", "71.35", "68.20"), "69.00"},                // median of a run
		{ds("12.90"), "12.90"},
		{ds("10", "20"), "15.00"}, // no run: median of all
	} {
		if got := currentAmount(c.in).StringFixed(2); got != c.want {
			t.Errorf("currentAmount(%v) = %s; want %s", c.in, got, c.want)
		}
	}
}

func TestPercentChange(t *testing.T) {
	for _, c := range []struct{ change, base, want string }{
		{"70", "1850", "3.8"},      // 3.7837…
		{"-50", "800", "-6.3"},     // −6.25 exactly: half away from zero
		{"3", "15.90", "18.9"},     // 18.8679…
		{"26.65", "412.30", "6.5"}, // 6.4637…
		{"1", "3", "33.3"},
		{"2", "3", "66.7"},
		{"-1", "8", "-12.5"},
		{"0", "69", "0.0"},
		{"0.05", "100", "0.1"}, // 0.05 exactly: up
	} {
		if got := PercentChange(dec(c.change), dec(c.base)).StringFixed(1); got != c.want {
			t.Errorf("PercentChange(%s, %s) = %s; want %s", c.change, c.base, got, c.want)
		}
	}
}

func TestDateHelpers(t *testing.T) {
	if got := plusMonths(date(t, "2026-01-31"), 1); got.String() != "2026-02-28" {
		t.Errorf("plusMonths(2026-01-31, 1) = %s; want 2026-02-28", got)
	}
	if got := plusMonths(date(t, "2025-11-21"), 12); got.String() != "2026-11-21" {
		t.Errorf("plusMonths(2025-11-21, 12) = %s; want 2026-11-21", got)
	}
	if got := plusMonths(date(t, "2024-02-29"), 12); got.String() != "2025-02-28" {
		t.Errorf("plusMonths(2024-02-29, 12) = %s; want 2025-02-28", got)
	}
	if got := plusDays(date(t, "2026-11-15"), 31); got.String() != "2026-12-16" {
		t.Errorf("plusDays(2026-11-15, 31) = %s; want 2026-12-16", got)
	}
	if got := daysFrom(date(t, "2024-03-15"), date(t, "2025-03-14")); got != 364 {
		t.Errorf("daysFrom(2024-03-15, 2025-03-14) = %d; want 364", got)
	}
}
