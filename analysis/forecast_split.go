package analysis

import (
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// CutLedger returns a Ledger of l's books with only the postings dated up
// to asOf: what the books held on that day, as far as value dates tell. l
// itself when it has no later posting.
func CutLedger(l *Ledger, asOf reader.Date) *Ledger {
	later := false
	for _, t := range l.Books.Transactions {
		if t.ValueDate > asOf {
			later = true
			break
		}
	}
	if !later {
		return l
	}
	b := *l.Books
	b.Transactions = make([]reader.Transaction, 0, len(l.Books.Transactions))
	for _, t := range l.Books.Transactions {
		if t.ValueDate <= asOf {
			b.Transactions = append(b.Transactions, t)
		}
	}
	return NewLedger(&b)
}

// A catKey names a forecast category: an income or expense subclass.
type catKey struct {
	class reader.Class
	sub   int
}

// The kinds a posting of a category is split into for the forecast.
const (
	kindFlow      = iota // everything else: extrapolated by season and level
	kindRecurring        // a booking of a recurring payment: forecast by its due dates
	kindOneOff           // flagged by FindUnusual: not extrapolated
	kinds
)

// A catSplit is one category's amounts of one year, before and after a
// day, by kind, in the category's normal direction.
type catSplit struct {
	before, after [kinds]decimal.Decimal
	// month is the rest (kindFlow) after the day by month of the year
	// (1–12), for the season under way.
	month [13]decimal.Decimal
}

func (c *catSplit) totalBefore() decimal.Decimal {
	return c.before[0].Add(c.before[1]).Add(c.before[2])
}

func (c *catSplit) total() decimal.Decimal {
	t := c.totalBefore()
	for _, a := range c.after {
		t = t.Add(a)
	}
	return t
}

// stopped tells whether group g is overdue at asOf by more than a month:
// stopped or replaced, no longer expected.
func stopped(g *recurringGroup, asOf reader.Date) bool {
	return asOf > plusDays(plusMonths(g.latest, g.cadence.Months()), overdueDays)
}

// seasonalOut returns groups without the seasonal ones of the forecast's
// day asOf in year: stopped before the year (a summer's helpers paid May
// to September), yet booked last year after the same day, not replaced by
// a group of the same account that began after it, and not stopped after
// a year or more without a pause (a salary until retirement has ended,
// not paused for the winter: it stays recurring, forecast by nothing, as
// it would be had it stopped this year). Their bookings are ordinary, so
// earlier years' bookings after the day are forecast with the rest, by
// season; a stopped group's bookings marked recurring would be forecast by
// nothing.
//
// Likewise a stopped group that no group replaced but whose account a new
// payee books since (a new employer's first salary, too few to be
// recurring yet): its bookings are ordinary, so earlier years'
// after the day carry on in the rest, where nothing would forecast them.
// newcomers are the first dates of the payees of each account (payments
// and incomes, by groupKey), so only a payee new since the stop counts.
func seasonalOut(groups []*recurringGroup, year int, asOf reader.Date, newcomers map[int]map[string]reader.Date) []*recurringGroup {
	lastDay := sameDay(year-1, asOf)
	var out []*recurringGroup
	for _, g := range groups {
		if stopped(g, asOf) && !replaced(g, groups, asOf) {
			seasonal := g.latest.Year() < year && g.latest > lastDay && !ranAYear(g)
			if seasonal || succeeded(g, groups, newcomers, asOf) {
				continue
			}
		}
		out = append(out, g)
	}
	return out
}

// ranAYear tells whether g, monthly or quarterly, had booked for a year
// or more without a pause when it stopped: a salary until retirement, not
// a season's.
func ranAYear(g *recurringGroup) bool {
	_, current, _ := groupRuns(g)
	return g.cadence != CadenceYearly && current*g.cadence.Months() >= 12
}

// succeeded tells whether a payee that is no group's first booked g's
// account after g's latest booking (less a month).
func succeeded(g *recurringGroup, groups []*recurringGroup, newcomers map[int]map[string]reader.Date, asOf reader.Date) bool {
	for key, first := range newcomers[g.account.Number] {
		if key == g.key || first <= plusDays(g.latest, -31) {
			continue
		}
		grouped := false
		for _, h := range groups {
			grouped = grouped || h.key == key || strings.HasPrefix(h.key, key+"\x00")
		}
		if !grouped {
			return true
		}
	}
	return false
}

// newcomers returns for the payments and incomes of ledgers the first
// date of each groupKey, by account number.
func newcomers(ledgers []*Ledger) map[int]map[string]reader.Date {
	out := map[int]map[string]reader.Date{}
	for _, l := range ledgers {
		l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
			k, a := groupKey(t, target, origin)
			if k == "" {
				return
			}
			m := out[a.Number]
			if m == nil {
				m = map[string]reader.Date{}
				out[a.Number] = m
			}
			if d, ok := m[k]; !ok || t.ValueDate < d {
				m[k] = t.ValueDate
			}
		})
	}
	return out
}

// replaced tells whether a group of g's account, still expected at asOf,
// began after g's latest booking (less a month): a new flat or employer.
func replaced(g *recurringGroup, groups []*recurringGroup, asOf reader.Date) bool {
	for _, h := range groups {
		if h != g && h.account.Number == g.account.Number && !stopped(h, asOf) && h.occ[0].date > plusDays(g.latest, -31) {
			return true
		}
	}
	return false
}

// withoutExtras returns occ (by date) without the bookings that come
// sooner after a neighbour than a monthly payment's shortest gap: of such
// two, the one further from the median amount of occ is left out.
func withoutExtras(occ []occurrence) []occurrence {
	amounts := make([]decimal.Decimal, len(occ))
	for i, o := range occ {
		amounts[i] = o.amount
	}
	med := medianOf(amounts)
	minGap := cadenceMinGap(CadenceMonthly)
	var out []occurrence
	for _, o := range occ {
		if n := len(out); n > 0 && daysFrom(out[n-1].date, o.date) < minGap {
			if o.amount.Sub(med).Abs().LessThan(out[n-1].amount.Sub(med).Abs()) {
				out[n-1] = o
			}
			continue
		}
		out = append(out, o)
	}
	return out
}

// recurringBookings marks the bookings of the groups that belong to their
// regular amount: for a yearly payment every booking, else those at the
// cadence's spacing in a run of two or more consecutive bookings of about
// the same amount (a bonus or a thirteenth salary paid beside the salary,
// or an extra charge, stays ordinary).
func recurringBookings(groups []*recurringGroup) map[*reader.Transaction]bool {
	out := map[*reader.Transaction]bool{}
	for _, g := range groups {
		if g.cadence == CadenceYearly {
			for _, t := range g.txs {
				out[t] = true
			}
			continue
		}
		// A booking too soon after the previous regular one is an extra
		// (a thirteenth salary beside December's): ordinary.
		var occ []occurrence
		var txs []*reader.Transaction
		minGap := cadenceMinGap(g.cadence)
		for i, o := range g.occ {
			if n := len(occ); n > 0 && daysFrom(occ[n-1].date, o.date) < minGap {
				// Of two bookings too close, the regular one is the one
				// about the amount before them (a bonus a few days before
				// the salary is the extra).
				if n >= 2 && near(o.amount, occ[n-2].amount) && !near(occ[n-1].amount, occ[n-2].amount) {
					occ[n-1], txs[n-1] = o, g.txs[i]
				}
				continue
			}
			occ, txs = append(occ, o), append(txs, g.txs[i])
		}
		i := 0
		for _, run := range g.runs(occ) {
			if len(run) >= 2 {
				for k := range run {
					out[txs[i+k]] = true
				}
			}
			i += len(run)
		}
	}
	return out
}

// oneOffs returns the postings of l that FindUnusual flags as far above the
// usual or as a large first payment, judged against ledgers (the years up
// to l's).
func oneOffs(ledgers []*Ledger, l *Ledger, to reader.Date) map[*reader.Transaction]bool {
	res := FindUnusual(ledgers, UnusualSpec{Year: l.Books.Year, To: to, AsOf: to})
	out := map[*reader.Transaction]bool{}
	for _, u := range res.Items {
		if u.Tx != nil && (u.Kind == UnusualHighAmount || u.Kind == UnusualNewPayee) {
			out[u.Tx] = true
		}
	}
	return out
}

// splitYear splits the income and expense postings of l by category, by
// whether they are dated up to cut, and by kind.
func splitYear(l *Ledger, cut reader.Date, recurring, oneOff map[*reader.Transaction]bool) map[catKey]*catSplit {
	out := map[catKey]*catSplit{}
	add := func(t *reader.Transaction, a *reader.Account, sign int64) {
		c := a.Class()
		if c != reader.Income && c != reader.Expenses {
			return
		}
		k := catKey{c, a.SubclassNumber()}
		s := out[k]
		if s == nil {
			s = &catSplit{}
			out[k] = s
		}
		kind := kindFlow
		switch {
		case oneOff[t]:
			kind = kindOneOff
		case recurring[t]:
			kind = kindRecurring
		}
		v := t.Value.Mul(decimal.NewFromInt(sign * normalSign(c)))
		if t.ValueDate <= cut {
			s.before[kind] = s.before[kind].Add(v)
		} else {
			s.after[kind] = s.after[kind].Add(v)
			if kind == kindFlow && t.ValueDate.Year() == l.Books.Year {
				s.month[t.ValueDate.Month()] = s.month[t.ValueDate.Month()].Add(v)
			}
		}
	}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		add(t, target, 1)
		add(t, origin, -1)
	})
	return out
}

// cadenceMinGap is the fewest days between two regular bookings of a
// cadence.
func cadenceMinGap(c Cadence) int {
	for _, r := range cadenceRules {
		if r.cadence == c {
			return r.days - r.tol
		}
	}
	return 0
}
