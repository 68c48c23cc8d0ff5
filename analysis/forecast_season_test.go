package analysis

import (
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// TestSeasonUnderWay is a winter business over two earlier years (the
// latest weighing 1, the one before 0.85, together 1.85), a year's rest of
// 2,400 CHF, so a month is quiet below 2,400/48 = 50 CHF, that is a
// weighted sum below 50 × 1.85 = 92.50:
//
//   - as of March, April (100 and 80: 100 + 0.85 × 80 = 168) is in season
//     and May (nothing) is quiet, so December's 300 and 200 are left out:
//     168 / 1.85 = 90.8108…;
//   - as of October, November (60 + 0.85 × 40 = 94) and December
//     (300 + 0.85 × 200 = 470) are in season: (94 + 470) / 1.85 =
//     304.8648…;
//   - with the latest November only 50 (50 + 34 = 84, quiet): as of
//     October the season ends before November, and October has nothing:
//     0; as of November the day's own month counts though quiet, and
//     December follows: (84 + 470) / 1.85 = 299.4594….
func TestSeasonUnderWay(t *testing.T) {
	d := decimal.RequireFromString
	k := catKey{reader.Income, 30}
	older, latest := &catSplit{}, &catSplit{}
	older.month[4], older.month[11], older.month[12] = d("80"), d("40"), d("200")
	latest.month[4], latest.month[11], latest.month[12] = d("100"), d("60"), d("300")
	hist := []map[catKey]*catSplit{{k: older}, {k: latest}}
	year := d("2400")
	for _, c := range []struct {
		month int
		num   string
	}{{3, "168"}, {10, "564"}} {
		want := d(c.num).Div(d("1.85"))
		if got := seasonUnderWay(hist, k, c.month, year); !got.Equal(want) {
			t.Errorf("as of month %d: %s; want %s", c.month, got, want)
		}
	}
	latest.month[11] = d("50")
	if got := seasonUnderWay(hist, k, 10, year); !got.IsZero() {
		t.Errorf("as of October, a quiet November: %s; want 0", got)
	}
	if got, want := seasonUnderWay(hist, k, 11, year), d("554").Div(d("1.85")); !got.Equal(want) {
		t.Errorf("as of November, a quiet November: %s; want %s", got, want)
	}
}

// TestAnalogWeights: this year's rest so far 600; two earlier years with
// 300 and 600 up to the day and 700 and 1400 after it. An average month
// of the years' rest is (300 + 700 + 600 + 1400) / 24 = 125, so the first
// year compares 600 + 125 = 725 with 300 + 125 = 425: q − 1 = 300/425 =
// 12/17, over the spread 0.8: 15/17, weight 1 / (1 + 225/289) = 289/514
// = 0.56226…; the second year is alike, weight 1. Nothing booked this
// year and nothing in an earlier year up to the day is alike too.
func TestAnalogWeights(t *testing.T) {
	d := decimal.RequireFromString
	got := analogWeights(d("600"), []decimal.Decimal{d("300"), d("600")}, []decimal.Decimal{d("700"), d("1400")})
	if !got[0].Round(6).Equal(d("0.562257")) || !got[1].Equal(d("1")) {
		t.Errorf("weights %v; want 0.562257 (289/514) and 1", got)
	}
	got = analogWeights(decimal.Zero, []decimal.Decimal{decimal.Zero, decimal.Zero}, []decimal.Decimal{d("700"), d("1400")})
	if !got[0].Equal(d("1")) || !got[1].Equal(d("1")) {
		t.Errorf("weights with nothing up to the day %v; want 1 and 1", got)
	}
}

// TestYearWeights: likeness 1, 1 and ½ for three years, oldest first; each
// year before the last counts forecastDecay (0.85) less per year: 0.7225,
// 0.85 and ½.
func TestYearWeights(t *testing.T) {
	d := decimal.RequireFromString
	got := yearWeights([]decimal.Decimal{d("1"), d("1"), d("0.5")})
	want := []decimal.Decimal{d("0.7225"), d("0.85"), d("0.5")}
	for i := range want {
		if !got[i].Equal(want[i]) {
			t.Errorf("year %d: weight %s; want %s", i, got[i], want[i])
		}
	}
}

// TestWeightedMedian: with equal weights it is the plain median (the mean
// of the middle two of 100, 200, 300, 400 is 250; of 1, 3, 5 it is 3).
// Four years of which only the latest was like this one (a move to
// Switzerland in it): 0, 0, 500 and 10000 weighed 0.1, 0.1, 0.2 and 1.
// Half the weight is 0.7; below 10000 lie 0.4, so the median is 10000,
// where the plain median, 250, would cap the year like this one at 500.
func TestWeightedMedian(t *testing.T) {
	d := decimal.RequireFromString
	ones := func(n int) []decimal.Decimal {
		w := make([]decimal.Decimal, n)
		for i := range w {
			w[i] = decimal.NewFromInt(1)
		}
		return w
	}
	for _, tc := range []struct {
		v, w []decimal.Decimal
		want string
	}{
		{[]decimal.Decimal{d("300"), d("100"), d("200"), d("400")}, ones(4), "250"},
		{[]decimal.Decimal{d("5"), d("1"), d("3")}, ones(3), "3"},
		{[]decimal.Decimal{d("0"), d("0"), d("500"), d("10000")}, []decimal.Decimal{d("0.1"), d("0.1"), d("0.2"), d("1")}, "10000"},
	} {
		if got := weightedMedian(tc.v, tc.w); !got.Equal(d(tc.want)) {
			t.Errorf("weightedMedian(%v, %v) = %s; want %s", tc.v, tc.w, got, tc.want)
		}
	}
}
