package tools_test

import (
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/fixtures/gen/bookgen"
	"github.com/accounting-mcp/accounting-mcp/internal/mcptest"
	"github.com/accounting-mcp/accounting-mcp/internal/span"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/shopspring/decimal"
)

// attackK is the k of the Aggregate rules under attack: the default, or
// ACCOUNTING_MCP_ATTACK_K.
var attackK = func() int {
	if n, err := strconv.Atoi(os.Getenv("ACCOUNTING_MCP_ATTACK_K")); err == nil {
		return n
	}
	return tools.DefaultMinPostings
}()

// attackSeed draws the household and the club that the attacker meets
// besides the demo books. ACCOUNTING_MCP_ATTACK_SEED=n draws others: books
// this suite has never seen.
var attackSeed = func() uint64 {
	if n, err := strconv.ParseUint(os.Getenv("ACCOUNTING_MCP_ATTACK_SEED"), 10, 64); err == nil {
		return n
	}
	return 1
}()

// TestAggregateAttack attacks an Aggregate server the way a determined client
// would, through MCP alone, on the demo books and on household and club books
// drawn from seeds: it walks the year day by day, asks for every range of
// whole months, months against quarters and years, spending per category and
// net worth per month, and puts every figure it gets into one system of
// linear equations (with double entry: assets − liabilities = income −
// expenses in every month). Then a referee, who reads the files, checks what
// the attacker could compute: no posting may be tied to its day or month, no
// published or computable figure for less than a year may cover 1 to k−1
// postings, and every published figure must equal the books exactly.
func TestAggregateAttack(t *testing.T) {
	type books = attackBooks
	sets := []books{{fixtures.DemoFS(), "Claudio Schaad", true}, {fixtures.DemoFS(), "Verein Zürichsee", false}}
	for _, rb := range []bookgen.RandomBooks{bookgen.RandomHousehold(attackSeed), bookgen.RandomClub(attackSeed)} {
		m := fstest.MapFS{}
		for _, f := range rb.Files {
			m[f.Path] = &fstest.MapFile{Data: f.Data}
		}
		sets = append(sets, books{m, rb.Mandator, strings.HasPrefix(rb.Mandator, "Verein")})
	}
	levels := []disclosure.Periods{disclosure.Month, disclosure.Quarter, disclosure.Year}
	if testing.Short() {
		levels = levels[:1]
	}
	// The default shows a year once it has ended: on the test clock's day
	// the attacker gets 2025 and earlier in full, and on 15 January 2027
	// the year 2026 as well. With ToDate it gets 2026 through the last
	// closed month (quarter) too, each answer audited alone.
	after := time.Date(2027, 1, 15, 9, 0, 0, 0, time.UTC)
	for _, level := range levels {
		t.Run(level.String()+"/Withheld", func(t *testing.T) {
			attackAt(t, sets, level, disclosure.Withheld, mcptest.Today, reader.NewDate(2025, 12, 31))
		})
		t.Run(level.String()+"/Withheld-after-the-year", func(t *testing.T) {
			attackAt(t, sets, level, disclosure.Withheld, after, reader.NewDate(2026, 12, 31))
		})
		t.Run(level.String()+"/ToDate", func(t *testing.T) {
			attackAt(t, sets, level, disclosure.ToDate, mcptest.Today, throughAt[level])
		})
	}
}

// attackAt runs the attack on every set of books at one periods level and
// currentYear setting, on the clock now, when Aggregate covers the books
// through the given day (worked out by hand by the caller).
func attackAt(t *testing.T, sets []attackBooks, level disclosure.Periods, current disclosure.CurrentYear, now time.Time, through reader.Date) {
	var total attackTally
	for _, b := range sets {
		cs := connect(t, b.fsys, tools.Aggregate, func(o *tools.Options) {
			o.MinPostings, o.Periods, o.CurrentYear, o.Now = attackK, level, current, func() time.Time { return now }
		})
		store := reader.OpenFS(b.fsys, "referee")
		years, err := store.MandatorYears(b.mandator)
		if err != nil {
			t.Fatal(err)
		}
		var tally attackTally
		truths := make([]truth, len(years))
		walk := 0 // the day walk takes the year with the most postings
		for i, y := range years {
			truths[i] = readTruthThrough(t, store, b.mandator, y, through)
			if len(truths[i].legs) > len(truths[walk].legs) {
				walk = i
			}
		}
		for i, y := range years {
			a := &attacker{t: t, cs: cs, mandator: b.mandator, year: y, k: attackK, tally: &tally, truth: truths[i],
				walk: i == walk, everyDay: b.everyDay, periods: level, through: through}
			a.attack(years)
		}
		t.Logf("%s: %s", b.mandator, tally)
		total.add(tally)
	}
	t.Logf("all books, periods %s, currentYear %s, through %s: %s", level, current, through, total)
	if total.dayTied+total.monthTied+total.smallPublished+total.smallDerived+total.wrong > 0 {
		t.Errorf("the attacker won: %s", total)
	}
}

// attackBooks are the books of one mandator the attacker meets.
type attackBooks struct {
	fsys     fs.FS
	mandator string
	everyDay bool // walk every day of a year, else a sample of days
}

// attackTally counts what the attacker tried and what it won.
type attackTally struct {
	calls, answered int // sub-year questions asked, and answered
	legs            int // income and expense legs of the years attacked
	walkedLegs      int // of those, in the years walked day by day
	dayTied         int // legs tied to their day (in the walked years)
	monthTied       int // legs tied to their book month (and not already to the day)
	smallPublished  int // published sub-year figures covering 1 to k−1 postings
	smallDerived    int // computable sub-year figures covering 1 to k−1 postings
	published       int // sub-year figures published
	wrong           int // published figures that differ from the books
}

func (x *attackTally) add(y attackTally) {
	x.calls += y.calls
	x.answered += y.answered
	x.legs += y.legs
	x.walkedLegs += y.walkedLegs
	x.dayTied += y.dayTied
	x.monthTied += y.monthTied
	x.smallPublished += y.smallPublished
	x.smallDerived += y.smallDerived
	x.published += y.published
	x.wrong += y.wrong
}

func (x attackTally) String() string {
	return fmt.Sprintf("%d sub-year questions, %d answered, %d sub-year figures published; "+
		"income and expense legs tied to their day: %d of %d in the years walked day by day; "+
		"tied to their month (and not to a day): %d of %d; figures under k: %d published, %d computable; %d wrong",
		x.calls, x.answered, x.published, x.dayTied, x.walkedLegs, x.monthTied, x.legs,
		x.smallPublished, x.smallDerived, x.wrong)
}

// attacker attacks one mandator-year.
type attacker struct {
	t        *testing.T
	cs       *mcp.ClientSession
	mandator string
	year     int
	k        int
	tally    *attackTally
	truth    truth
	walk     bool // walk this year day by day
	everyDay bool // every day of it; else the days of January and the 1st and 15th of the other months
	periods  disclosure.Periods
	through  reader.Date // the last day the server covers

	groups []string       // unknown groups: E:<subclass>, I:<name>, A, P
	index  map[string]int // group → first unknown (12 months)
	eq     *span.Span
	seen   map[string]bool // figures already in eq, by their unknowns
	tied   map[int]bool    // legs tied to a day or month
	// withheld are the sets of categories an answer withheld over a range,
	// which the attacker tries to compute as a whole.
	withheld []withheldSet
}

// A withheldSet is the categories one answer withheld over a range.
type withheldSet struct {
	groups []string
	r      months
}

// months is a range of book months, first and last included.
type months struct{ first, last int }

func (r months) subYear() bool { return r != months{1, 12} }

func (r months) fromTo(year int) (string, string) {
	return reader.NewDate(year, r.first, 1).String(), reader.NewDate(year, r.last, reader.DaysIn(year, r.last)).String()
}

// cells returns the unknowns of the groups over r.
func (a *attacker) cells(groups []string, r months) []int {
	var idx []int
	for _, g := range groups {
		if base, ok := a.index[g]; ok {
			for m := r.first; m <= r.last; m++ {
				idx = append(idx, base+m-1)
			}
		}
	}
	return idx
}

// classGroups returns the groups of a class letter.
func (a *attacker) classGroups(c string) []string {
	var out []string
	for _, g := range a.groups {
		if class(g) == c {
			out = append(out, g)
		}
	}
	return out
}

// keep returns the referee's filter for the legs of groups over r.
func keep(groups []string, r months) func(leg) bool {
	in := map[string]bool{}
	for _, g := range groups {
		in[g] = true
	}
	return func(l leg) bool { return in[l.group] && l.month >= r.first && l.month <= r.last }
}

// learn adds a published figure over the groups and months to the
// attacker's equations and lets the referee check it: its amount must be the
// books' exact sum, and if it is for less than a year it must cover no
// posting or at least k.
func (a *attacker) learn(what string, groups []string, r months, amount *string) {
	a.learnRounded(what, groups, r, amount, false)
}

// learnRounded is learn for a figure that may be rounded cumulatively (the
// periods of a series add up to their rounded total): it may then differ
// from the books by less than a cent.
func (a *attacker) learnRounded(what string, groups []string, r months, amount *string, cumulative bool) {
	if amount == nil {
		return
	}
	f := keep(groups, r)
	want := a.truth.sum(f)
	got, err := decimal.NewFromString(*amount)
	if ok := err == nil && (*amount == want.StringFixed(2) ||
		cumulative && got.Sub(want).Abs().LessThan(decimal.New(1, -2))); !ok {
		a.tally.wrong++
		a.t.Errorf("%s %d %s: published %s, the books hold %s", a.mandator, a.year, what, *amount, want.StringFixed(2))
	}
	if key := fmt.Sprint(groups, r); !a.seen[key] {
		a.seen[key] = true
		a.eq.Add(a.eq.Vector(1, a.cells(groups, r)...))
	}
	if !r.subYear() {
		return
	}
	a.tally.published++
	if n := a.truth.count(f); n > 0 && n < a.k {
		a.tally.smallPublished++
		a.t.Errorf("%s %d %s: published a figure of %d postings", a.mandator, a.year, what, n)
	}
}

// attack asks every question and tallies what leaked. years are all the
// mandator's years.
func (a *attacker) attack(years []int) {
	a.tied, a.seen = map[int]bool{}, map[string]bool{}
	a.learnGroups(years)
	legs := a.truth.legsOf(func(l leg) bool { c := class(l.group); return c == "E" || c == "I" })
	a.tally.legs += legs
	if a.walk {
		a.tally.walkedLegs += legs
		a.walkDays()
	}
	for first := 1; first <= 12; first++ {
		for last := first; last <= 12; last++ {
			a.askRange(months{first, last})
		}
	}
	a.askSpending()
	a.askNetWorth()
	a.compute()
}

// compute tries every figure for less than a year that the attacker could
// want — each group and each class over every range of months, and each set
// of categories an answer withheld — and lets the referee judge the ones the
// equations determine.
func (a *attacker) compute() {
	c := a.eq.Complement()
	targets := map[string]bool{}
	try := func(what string, groups []string, r months) {
		idx := a.cells(groups, r)
		if len(idx) == 0 || targets[what] || !c.Derivable(idx) {
			return
		}
		targets[what] = true
		f := keep(groups, r)
		if n := a.truth.count(f); n > 0 && n < a.k {
			a.tally.smallDerived++
			a.t.Errorf("%s %d: the attacker computes %s, a figure of %d postings", a.mandator, a.year, what, n)
			if r.first == r.last {
				before := len(a.tied)
				a.tie(f)
				a.tally.monthTied += len(a.tied) - before
			}
		}
	}
	for first := 1; first <= 12; first++ {
		for last := first; last <= 12; last++ {
			r := months{first, last}
			if !r.subYear() {
				continue
			}
			for _, g := range a.groups {
				try(fmt.Sprintf("%s in months %d..%d", g, first, last), []string{g}, r)
			}
			for _, cl := range []string{"E", "I", "A", "P"} {
				try(fmt.Sprintf("class %s in months %d..%d", cl, first, last), a.classGroups(cl), r)
			}
		}
	}
	for _, w := range a.withheld {
		try(fmt.Sprintf("the categories %v withheld in months %d..%d", w.groups, w.r.first, w.r.last), w.groups, w.r)
	}
}
