package analysis

import (
	"sort"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// An observation is one posting of the history, as a group sees it.
type observation struct {
	tx    *reader.Transaction
	year  int // the books that hold it
	index int // its position in those books, for a stable order within a day
}

func (o observation) before(p observation) bool {
	if o.tx.ValueDate != p.tx.ValueDate {
		return o.tx.ValueDate < p.tx.ValueDate
	}
	if o.year != p.year {
		return o.year < p.year
	}
	return o.index < p.index
}

// A postingGroup is the history of one payee, expense account or pair of
// accounts: its postings in date order and their amounts sorted.
type postingGroup struct {
	label  string // the payee's own spelling, or the account, for reasons
	obs    []observation
	sorted []decimal.Decimal
	full   *baseline // of all amounts, for large groups
}

// largeGroup is the size from which one posting more or less no longer
// moves a group's MAD noticeably; from it on, the MAD is computed once, of
// all the group's amounts, while the median is always that of the others.
const largeGroup = 30

// others returns the baseline of the group's amounts other than the judged
// one, and how many there are.
func (g *postingGroup) others(x decimal.Decimal) baseline {
	if len(g.sorted)-1 < largeGroup {
		return baselineSorted(withoutOne(g.sorted, x))
	}
	if g.full == nil {
		b := baselineSorted(g.sorted)
		g.full = &b
	}
	return baseline{median: medianWithout(g.sorted, x), mad: g.full.mad, n: len(g.sorted) - 1}
}

// medianWithout returns the median of the sorted amounts s without one
// occurrence of x (which s holds), without copying s.
func medianWithout(s []decimal.Decimal, x decimal.Decimal) decimal.Decimal {
	k := sort.Search(len(s), func(i int) bool { return !s[i].LessThan(x) })
	at := func(i int) decimal.Decimal { // the i-th of the others
		if i >= k {
			i++
		}
		return s[i]
	}
	n := len(s) - 1
	if n%2 == 1 {
		return at(n / 2)
	}
	return at(n/2 - 1).Add(at(n / 2)).Div(decimal.NewFromInt(2))
}

// since returns the date of the group's first posting.
func (g *postingGroup) since() reader.Date { return g.obs[0].tx.ValueDate }

// history indexes the postings of every year up to the one asked about.
type history struct {
	start    reader.Date              // the first value date of all
	payees   map[string]*postingGroup // payments to expense accounts, by payee key
	accounts map[int]*postingGroup    // payments to expense accounts, by account number
	pairs    map[[2]int]*postingGroup // transfers between activa accounts, by (from, to) numbers
	charges  map[string]*postingGroup // payments and paid liabilities, by payee key: double charges
	first    map[string]observation   // the first posting of each payee key, in any role
	incomes  map[string]*incomeSeries // monthly incomes, by payee key and income account
}

// payeeOf returns the payee key and label of t: its related party, else its
// text, as get_recurring_transactions groups them.
func payeeOf(t *reader.Transaction) (string, string) {
	party := t.RelatedParty
	if strings.TrimSpace(party) == "" {
		party = t.Text
	}
	return PayeeKey(party), PayeeLabel(party)
}

// payees memoizes payeeOf by the text it reads: books repeat a few hundred
// texts over thousands of postings.
type payees map[string][2]string

func (m payees) of(t *reader.Transaction) (string, string) {
	party := t.RelatedParty
	if strings.TrimSpace(party) == "" {
		party = t.Text
	}
	p, ok := m[party]
	if !ok {
		p = [2]string{PayeeKey(party), PayeeLabel(party)}
		m[party] = p
	}
	return p[0], p[1]
}

func newHistory(ledgers []*Ledger) *history {
	h := &history{payees: map[string]*postingGroup{}, accounts: map[int]*postingGroup{}, pairs: map[[2]int]*postingGroup{},
		charges: map[string]*postingGroup{}, first: map[string]observation{}, incomes: map[string]*incomeSeries{}}
	add := func(groups map[string]*postingGroup, key, label string, o observation) {
		g := groups[key]
		if g == nil {
			g = &postingGroup{label: label}
			groups[key] = g
		}
		g.obs = append(g.obs, o)
	}
	names := payees{}
	for _, l := range ledgers {
		year := l.Books.Year
		l.eachPostingIndex(func(i int, t *reader.Transaction, target, origin *reader.Account) {
			o := observation{t, year, i}
			if h.start == 0 || t.ValueDate < h.start {
				h.start = t.ValueDate
			}
			key, label := names.of(t)
			if key != "" {
				if f, ok := h.first[key]; !ok || o.before(f) {
					h.first[key] = o
				}
			}
			tc, oc := target.Class(), origin.Class()
			switch {
			case tc == reader.Expenses:
				if key != "" {
					add(h.payees, key, label, o)
					add(h.charges, key, label, o)
				}
				g := h.accounts[target.Number]
				if g == nil {
					g = &postingGroup{label: accountLabel(target)}
					h.accounts[target.Number] = g
				}
				g.obs = append(g.obs, o)
			case tc == reader.Passiva && oc == reader.Activa:
				if key != "" {
					add(h.charges, key, label, o)
				}
			case tc == reader.Activa && oc == reader.Activa:
				k := [2]int{origin.Number, target.Number}
				g := h.pairs[k]
				if g == nil {
					g = &postingGroup{label: accountLabel(origin) + " to " + accountLabel(target)}
					h.pairs[k] = g
				}
				g.obs = append(g.obs, o)
			case oc == reader.Income && tc == reader.Activa && key != "":
				h.addIncome(key, label, origin, o)
			}
		})
	}
	for _, g := range h.payees {
		g.finish(true)
	}
	for _, g := range h.charges {
		g.finish(false) // double charges need the dates only
	}
	for _, g := range h.accounts {
		g.finish(true)
	}
	for _, g := range h.pairs {
		g.finish(true)
	}
	return h
}

// finish orders the group's postings by date and, with amounts, sorts its
// amounts (by their exact int64 units where they have them, which is much
// cheaper than comparing decimals).
func (g *postingGroup) finish(amounts bool) {
	sort.SliceStable(g.obs, func(i, j int) bool { return g.obs[i].before(g.obs[j]) })
	if !amounts {
		return
	}
	type keyed struct {
		units int64
		ok    bool
		d     decimal.Decimal
	}
	ks := make([]keyed, len(g.obs))
	for i, o := range g.obs {
		u, ok := toUnits(o.tx.Value)
		ks[i] = keyed{u, ok, o.tx.Value}
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].ok && ks[j].ok {
			return ks[i].units < ks[j].units
		}
		return ks[i].d.LessThan(ks[j].d)
	})
	g.sorted = make([]decimal.Decimal, len(ks))
	for i, k := range ks {
		g.sorted[i] = k.d
	}
}

func accountLabel(a *reader.Account) string {
	return strings.TrimSpace(strings.Join([]string{strconv.Itoa(a.Number), a.Name}, " "))
}
