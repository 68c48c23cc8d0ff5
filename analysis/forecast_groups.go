package analysis

import (
	"sort"
	"strconv"
	"strings"

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
		if g.cadence = cadenceOf(g.occ, year); g.cadence == CadenceNone {
			continue
		}
		g.payee = groupPayee(g)
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
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
