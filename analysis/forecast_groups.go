package analysis

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A recurringGroup is a payment (or an income) found recurring in the
// postings up to the forecast's day: one payee and one account, a cadence
// and a stable amount (see detectCadence and stableAmounts).
type recurringGroup struct {
	key      string
	payee    string
	account  *reader.Account
	cadence  Cadence
	occ      []occurrence
	txs      []*reader.Transaction // in the order of occ
	latest   reader.Date
	latestTx *reader.Transaction // the latest booking, which names the payee
	// byDay: a monthly fee billed by the day, at a rate per day of the
	// booking's month moved by dayShift (dayRate).
	byDay    bool
	dayShift int
}

// groupKey returns the recurring key of a posting and the account it is
// about: a payment debits an expense account from an asset or liability
// account, an income credits an income account to one; "" for others.
func groupKey(t *reader.Transaction, target, origin *reader.Account) (string, *reader.Account) {
	if t.Value.Sign() <= 0 {
		return "", nil
	}
	tc, oc := target.Class(), origin.Class()
	var a *reader.Account
	switch {
	case tc == reader.Expenses && (oc == reader.Activa || oc == reader.Passiva):
		a = target
	case oc == reader.Income && (tc == reader.Activa || tc == reader.Passiva):
		a = origin
	default:
		return "", nil
	}
	party := t.RelatedParty
	if strings.TrimSpace(party) == "" {
		party = t.Text
	}
	k := PayeeKey(party)
	if k == "" {
		return "", nil
	}
	return k + "\x00" + strconv.Itoa(a.Number), a
}

// recurringGroups finds the recurring payments and incomes in ledgers,
// which hold only postings up to the forecast's day: at least three
// bookings, a cadence and stable amounts, as get_recurring_transactions
// judges payments; or a new monthly item's first two (newMonthly).
func recurringGroups(ledgers []*Ledger) []*recurringGroup {
	groups := map[string]*recurringGroup{}
	for _, l := range ledgers {
		l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
			k, a := groupKey(t, target, origin)
			if k == "" {
				return
			}
			g := groups[k]
			if g == nil {
				g = &recurringGroup{key: k}
				groups[k] = g
			}
			g.occ = append(g.occ, occurrence{t.ValueDate, t.Value})
			g.txs = append(g.txs, t)
			if t.ValueDate >= g.latest {
				g.latest, g.latestTx, g.account = t.ValueDate, t, a
			}
		})
	}
	var out []*recurringGroup
	year := 0
	if len(ledgers) > 0 {
		year = ledgers[len(ledgers)-1].Books.Year
	}
	for _, g := range groups {
		if len(g.occ) < 2 {
			continue
		}
		g.byDate()
		if judge(g, year) {
			out = append(out, g)
			continue
		}
		// Two items of one payee on one account (a care home's daily
		// rate and its extras, a landlord's rent and parking) hide each
		// other's cadence: judge each text on its own.
		for _, sub := range byText(g) {
			if len(sub.occ) >= 2 && judge(sub, year) {
				out = append(out, sub)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// judge sets g's cadence (cadenceOf, or monthly for a fee billed by the
// day, dayRate) and payee, and tells whether g is recurring in year.
func judge(g *recurringGroup, year int) bool {
	g.cadence = cadenceOf(g.occ, year)
	if g.cadence == CadenceNone && detectCadence(g.occ) == CadenceMonthly {
		if shift, ok := dayRate(g.occ); ok {
			g.cadence, g.byDay, g.dayShift = CadenceMonthly, true, shift
		}
	}
	if g.cadence == CadenceNone {
		return false
	}
	g.payee = groupPayee(g)
	return true
}

// byText splits g's bookings (by date) by their text, digits and case
// aside, if they have two texts or more.
func byText(g *recurringGroup) []*recurringGroup {
	subs := map[string]*recurringGroup{}
	var keys []string
	for i, t := range g.txs {
		text := strings.Join(strings.Fields(strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return ' '
			}
			return unicode.ToLower(r)
		}, t.Text)), " ")
		sub := subs[text]
		if sub == nil {
			sub = &recurringGroup{key: g.key + "\x00" + text, account: g.account}
			subs[text] = sub
			keys = append(keys, text)
		}
		sub.occ, sub.txs = append(sub.occ, g.occ[i]), append(sub.txs, t)
		if t.ValueDate >= sub.latest {
			sub.latest, sub.latestTx = t.ValueDate, t
		}
	}
	if len(keys) < 2 {
		return nil
	}
	out := make([]*recurringGroup, len(keys))
	for i, k := range keys {
		out[i] = subs[k]
	}
	return out
}

// groupPayee is the label of g's latest booking's party, else its text.
func groupPayee(g *recurringGroup) string {
	party := g.latestTx.RelatedParty
	if strings.TrimSpace(party) == "" {
		party = g.latestTx.Text
	}
	return PayeeLabel(party)
}

// byDate puts g's bookings in date order.
func (g *recurringGroup) byDate() {
	idx := make([]int, len(g.occ))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return g.occ[idx[i]].date < g.occ[idx[j]].date })
	occ, txs := make([]occurrence, len(idx)), make([]*reader.Transaction, len(idx))
	for i, j := range idx {
		occ[i], txs[i] = g.occ[j], g.txs[j]
	}
	g.occ, g.txs = occ, txs
}

// cadenceOf returns the cadence of a group's bookings occ (by date), or
// CadenceNone if they are not recurring: three or more with a cadence and
// stable amounts, or a new monthly item's first two (newMonthly) in year.
func cadenceOf(occ []occurrence, year int) Cadence {
	if len(occ) == 2 {
		if newMonthly(occ, year) {
			return CadenceMonthly
		}
		return CadenceNone
	}
	if c := detectCadence(occ); c != CadenceNone && stableAmounts(occ, c) {
		return c
	}
	// An extra beside a regular booking (a bonus a few days before the
	// salary) hides the cadence: judge without it. Only a few extras:
	// shopping twice a month is no monthly payment.
	regular := withoutExtras(occ)
	if extras := len(occ) - len(regular); extras == 0 || extras*4 > len(occ) || len(regular) < 3 {
		return CadenceNone
	}
	if c := detectCadence(regular); c != CadenceNone && stableAmounts(regular, c) {
		return c
	}
	return CadenceNone
}

// newMonthly tells whether two bookings (by date) are a monthly item that
// began in year, the forecast's: both in year, 27 to 35 days apart, at
// the same amount within 2% (a new employee's salary, a new flat's rent,
// a new Kita). Waiting for a third booking would leave its months out of
// every forecast made in between; the same amount again a month later is
// rarely a purchase.
func newMonthly(occ []occurrence, year int) bool {
	a, b := occ[0], occ[1]
	gap := daysFrom(a.date, b.date)
	fifty := decimal.NewFromInt(50)
	return a.date.Year() == year && gap >= 27 && gap <= 35 && a.amount.Sub(b.amount).Abs().Mul(fifty).LessThanOrEqual(b.amount.Abs())
}
