package analysis

import "testing"

// The tests below pin each threshold of recurring detection at its edge,
// with the days and amounts worked out by hand, so that moving a threshold
// (a wider tolerance, a strict comparison, a larger cap) fails a test.

// TestDetectCadenceNeedsThreeQuartersOfTheGaps: half of the gaps regular is
// not a rhythm, three quarters is, even when the median gap is monthly.
func TestDetectCadenceNeedsThreeQuartersOfTheGaps(t *testing.T) {
	for _, c := range []struct {
		name string
		occ  []occurrence
		want Cadence
	}{
		// 01-05 → 02-05 is 31 days, → 03-07 30 (February has 28), → 03-16 9,
		// → 05-16 61 (31 + 30). Sorted 9, 30, 31, 61: median (30+31)/2 = 30,
		// within 24–36, but only 30 and 31 are: 2 of 4 gaps, under 3 of 4.
		{"2 of 4 gaps monthly", occs(t, "2025-01-05", "50", "2025-02-05", "50", "2025-03-07", "50", "2025-03-16", "50", "2025-05-16", "50"), CadenceNone},
		// 01-05 → 02-05 31, → 03-07 30, → 04-07 31, → 06-07 61 (30 + 31):
		// sorted 30, 31, 31, 61, median 31; 3 of 4 gaps within 24–36, exactly
		// three quarters, which is enough.
		{"3 of 4 gaps monthly", occs(t, "2025-01-05", "50", "2025-02-05", "50", "2025-03-07", "50", "2025-04-07", "50", "2025-06-07", "50"), CadenceMonthly},
	} {
		if got := detectCadence(c.occ); got != c.want {
			t.Errorf("detectCadence(%s) = %v; want %v", c.name, got, c.want)
		}
	}
}

// TestDetectCadenceMonthlyTolerance: monthly means 30 ± 6 days, so gaps of
// 36 days are monthly and gaps of 37 are no cadence at all (the quarterly
// window starts at 91 − 15 = 76).
func TestDetectCadenceMonthlyTolerance(t *testing.T) {
	for _, c := range []struct {
		name string
		occ  []occurrence
		want Cadence
	}{
		// 01-01 → 02-06 (31 + 5) → 03-14 (28 − 6 + 14) → 04-19 (31 − 14 + 19):
		// 36, 36, 36 days.
		{"every 36 days", occs(t, "2025-01-01", "20", "2025-02-06", "20", "2025-03-14", "20", "2025-04-19", "20"), CadenceMonthly},
		// 01-01 → 02-07 (31 + 6) → 03-16 (28 − 7 + 16) → 04-22 (31 − 16 + 22):
		// 37, 37, 37 days.
		{"every 37 days", occs(t, "2025-01-01", "20", "2025-02-07", "20", "2025-03-16", "20", "2025-04-22", "20"), CadenceNone},
		// 01-01 → 01-25 → 02-18 (31 − 25 + 18) → 03-14 (28 − 18 + 14): 24 each.
		{"every 24 days", occs(t, "2025-01-01", "20", "2025-01-25", "20", "2025-02-18", "20", "2025-03-14", "20"), CadenceMonthly},
		// 01-01 → 01-24 → 02-16 (31 − 24 + 16) → 03-11 (28 − 16 + 11): 23 each.
		{"every 23 days", occs(t, "2025-01-01", "20", "2025-01-24", "20", "2025-02-16", "20", "2025-03-11", "20"), CadenceNone},
	} {
		if got := detectCadence(c.occ); got != c.want {
			t.Errorf("detectCadence(%s) = %v; want %v", c.name, got, c.want)
		}
	}
}

// TestStableAmountsThreeQuartersIsEnough: a monthly payment is stable when at
// least three quarters of its bookings are in runs of two or more; exactly
// three quarters counts.
func TestStableAmountsThreeQuartersIsEnough(t *testing.T) {
	monthly := func(vs ...string) []occurrence {
		out := make([]occurrence, len(vs))
		for i, v := range vs {
			out[i] = occurrence{date: monthlyOn(2025, 1, 1, len(vs), "0")[i].date, amount: dec(v)}
		}
		return out
	}
	for _, c := range []struct {
		name string
		occ  []occurrence
		want bool
	}{
		// Runs [69 69 69] [84.50]: 84.50 − 69 = 15.50 > 5.00. 3 of 4 in runs.
		{"3 of 4 in runs", monthly("69", "69", "69", "84.50"), true},
		// Runs [69 69 69] [84.50] [69 69 69] [95]: 6 of 8 in runs.
		{"6 of 8 in runs", monthly("69", "69", "69", "84.50", "69", "69", "69", "95"), true},
		// Runs [69 69] [84.50] [95]: 2 of 4, a half.
		{"2 of 4 in runs", monthly("69", "69", "84.50", "95"), false},
	} {
		if got := stableAmounts(c.occ, CadenceMonthly); got != c.want {
			t.Errorf("stableAmounts(%s) = %v; want %v", c.name, got, c.want)
		}
	}
}

// TestNearIsAtMostFiveFrancs: near is within 10% of the reference but never
// more than 5.00 CHF off, so a rent of 1850 is not "about" 1870 even though
// 20 is only 1.1% of it.
func TestNearIsAtMostFiveFrancs(t *testing.T) {
	for _, c := range []struct {
		a, ref string
		want   bool
	}{
		{"1855.00", "1850.00", true},  // 5.00 off: the cap, inclusive
		{"1855.01", "1850.00", false}, // 5.01 off
		{"1870.00", "1850.00", false}, // 20.00 off, 1.1%
		{"1830.00", "1850.00", false}, // 20.00 below
		{"21.00", "20.00", true},      // 1.00 off: 10% of 20 is 2.00, under the cap
		{"22.01", "20.00", false},     // 2.01 off, over 10%
	} {
		if got := near(dec(c.a), dec(c.ref)); got != c.want {
			t.Errorf("near(%s, %s) = %v; want %v", c.a, c.ref, got, c.want)
		}
	}
	// A rent booked at 1850, 1870, 1890 and 1910 is four different amounts
	// (each 20.00 from the last, over 5.00): no runs, not a stable payment.
	occ := make([]occurrence, 4)
	for i, v := range []string{"1850", "1870", "1890", "1910"} {
		occ[i] = occurrence{date: monthlyOn(2025, 1, 1, 4, "0")[i].date, amount: dec(v)}
	}
	if stableAmounts(occ, CadenceMonthly) {
		t.Errorf("stableAmounts(1850, 1870, 1890, 1910) = true; want false: no two are within 5.00")
	}
}
