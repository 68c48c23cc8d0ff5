package analysis

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// The statuses of a RecurringItem in the year asked about.
const (
	// StatusNew: booked in the year, not in the comparison year.
	StatusNew = "new"
	// StatusChanged: booked in both years, at a different amount.
	StatusChanged = "changed"
	// StatusUnchanged: booked in both years at the same amount.
	StatusUnchanged = "unchanged"
	// StatusPending: not booked in the year yet, but its next booking is
	// not overdue (a yearly bill later in the year, books not yet
	// complete); its annual cost is carried from its latest amount.
	StatusPending = "pending"
	// StatusStopped: its next booking is more than a month overdue.
	StatusStopped = "stopped"
)

// overdueDays is how long after its expected date a booking may be missing
// before the payment counts as stopped: books often lag a few weeks.
const overdueDays = 31

// A RecurringSpec asks for the recurring payments of Year, compared with
// CompareYear (0 for no comparison), judged as of AsOf (today; the zero
// Date or any later date means the end of Year).
type RecurringSpec struct {
	Year           int
	CompareYear    int
	MinOccurrences int
	AsOf           reader.Date
}

// A RecurringItem is one recurring payment: the debits of one payee to one
// expense account at a regular cadence and a stable amount.
type RecurringItem struct {
	Payee         string // related party, else the text without trailing dates
	AccountNumber int
	AccountName   string // as in the latest books with a booking
	Cadence       Cadence
	Occurrences   int                 // bookings dated in Year
	Typical       decimal.NullDecimal // amount in Year (see currentAmount); invalid when none
	Previous      decimal.NullDecimal // amount in CompareYear; invalid when none
	Status        string
	// AnnualCost is the amount × bookings a year: Typical, for a pending
	// payment its latest amount, and 0 when stopped.
	AnnualCost decimal.Decimal
	// AnnualCostChange is AnnualCost minus Previous × bookings a year;
	// invalid without a CompareYear.
	AnnualCostChange decimal.NullDecimal
	LastDate         reader.Date
	NextDate         reader.Date // LastDate plus one cadence
}

// A candidate gathers the debits of one payee to one expense account.
type candidate struct {
	payee  string
	number int    // the expense account's number
	name   string // and its name, as in the latest books with a booking
	latest reader.Date
	occ    []occurrence
}

// Recurring finds the recurring payments in the postings of all ledgers (all
// years of a mandator) dated up to the end of spec.Year. A booking is a
// posting that debits an expense account and credits an asset or liability
// account (money paid or owed); bookings are grouped by payee (PayeeKey of
// the related party, else of the text) and account. A group is recurring
// when it has at least MinOccurrences bookings, a cadence (detectCadence)
// and stable amounts (stableAmounts). Only payments booked in Year or
// CompareYear or later are returned, ordered by the size of their annual
// cost change (without CompareYear: annual cost), largest first, then by
// payee and account.
func Recurring(ledgers []*Ledger, spec RecurringSpec) []RecurringItem {
	scan := NewRecurringScan(spec.Year)
	for _, l := range ledgers {
		scan.Add(l)
	}
	return scan.Recurring(spec)
}

// A RecurringScan gathers the bookings Recurring looks at one ledger at a
// time, keeping of each booking its date and amount only, so that the
// years' books can be let go once they are added
// (docs/performance.md#memory).
type RecurringScan struct {
	end    reader.Date
	groups map[string]*candidate
	keys   []string
}

// NewRecurringScan starts a scan for the recurring payments of year: it
// keeps the bookings dated up to the end of year.
func NewRecurringScan(year int) *RecurringScan {
	return &RecurringScan{end: reader.NewDate(year, 12, 31), groups: map[string]*candidate{}}
}

// Recurring returns the recurring payments of spec (spec.Year the year the
// scan was started for) among the bookings added so far, as the function
// Recurring does.
func (s *RecurringScan) Recurring(spec RecurringSpec) []RecurringItem {
	asOf := s.end
	if spec.AsOf != 0 && spec.AsOf < s.end {
		asOf = spec.AsOf
	}
	from := reader.NewDate(spec.Year, 1, 1)
	if spec.CompareYear != 0 && spec.CompareYear < spec.Year {
		from = reader.NewDate(spec.CompareYear, 1, 1)
	}
	var out []RecurringItem
	for _, c := range s.candidates() {
		if len(c.occ) < max(spec.MinOccurrences, 2) || c.latest < from {
			continue
		}
		cadence := detectCadence(c.occ)
		if cadence == CadenceNone || !stableAmounts(c.occ, cadence) {
			continue
		}
		out = append(out, evaluate(c, cadence, spec, asOf))
	}
	sortRecurring(out, spec.CompareYear != 0)
	return out
}

// Add groups the bookings of l dated up to the scan's end by payee and
// account. Ledgers are added in year order: a tie of dates goes to the
// later one added (file order within a day).
func (s *RecurringScan) Add(l *Ledger) {
	end := s.end
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		oc := origin.Class()
		if target.Class() != reader.Expenses || oc != reader.Activa && oc != reader.Passiva ||
			t.Value.Sign() <= 0 || t.ValueDate > end {
			return
		}
		party := t.RelatedParty
		if strings.TrimSpace(party) == "" {
			party = t.Text
		}
		key := PayeeKey(party)
		if key == "" {
			return
		}
		key += "\x00" + strconv.Itoa(target.Number)
		c := s.groups[key]
		if c == nil {
			c = &candidate{}
			s.groups[key] = c
			s.keys = append(s.keys, key)
		}
		c.occ = append(c.occ, occurrence{t.ValueDate, t.Value})
		if t.ValueDate >= c.latest {
			c.latest, c.payee, c.number, c.name = t.ValueDate, PayeeLabel(party), target.Number, target.Name
		}
	})
}

// candidates returns the groups, each group's bookings in date order (file
// order within a day).
func (s *RecurringScan) candidates() []*candidate {
	keys := slices.Clone(s.keys)
	sort.Strings(keys)
	out := make([]*candidate, len(keys))
	for i, k := range keys {
		c := s.groups[k]
		// In place: sorting again (a second call) keeps the order.
		sort.SliceStable(c.occ, func(i, j int) bool { return c.occ[i].date < c.occ[j].date })
		out[i] = c
	}
	return out
}

// amountsIn returns the amounts of the bookings dated in year, in date order.
func amountsIn(occ []occurrence, year int) []decimal.Decimal {
	var out []decimal.Decimal
	for _, o := range occ {
		if o.date.Year() == year {
			out = append(out, o.amount)
		}
	}
	return out
}

// evaluate compares a recurring candidate's year with the comparison year.
func evaluate(c *candidate, cadence Cadence, spec RecurringSpec, asOf reader.Date) RecurringItem {
	it := RecurringItem{Payee: c.payee, AccountNumber: c.number, AccountName: c.name,
		Cadence: cadence, LastDate: c.latest, NextDate: plusMonths(c.latest, cadence.Months())}
	inYear := amountsIn(c.occ, spec.Year)
	it.Occurrences = len(inYear)
	if len(inYear) > 0 {
		it.Typical = decimal.NewNullDecimal(currentAmount(inYear))
	}
	if spec.CompareYear != 0 {
		if prev := amountsIn(c.occ, spec.CompareYear); len(prev) > 0 {
			it.Previous = decimal.NewNullDecimal(currentAmount(prev))
		}
	}
	perYear := decimal.NewFromInt(cadence.PerYear())
	switch {
	case asOf > plusDays(it.NextDate, overdueDays):
		it.Status = StatusStopped
	case !it.Typical.Valid:
		it.Status = StatusPending
		it.AnnualCost = currentAmount(amountsIn(c.occ, c.latest.Year())).Mul(perYear)
	case !it.Previous.Valid:
		it.Status = StatusNew
	case it.Typical.Decimal.Equal(it.Previous.Decimal):
		it.Status = StatusUnchanged
	default:
		it.Status = StatusChanged
	}
	if it.Typical.Valid && it.Status != StatusStopped {
		it.AnnualCost = it.Typical.Decimal.Mul(perYear)
	}
	if spec.CompareYear != 0 {
		change := it.AnnualCost
		if it.Previous.Valid {
			change = change.Sub(it.Previous.Decimal.Mul(perYear))
		}
		it.AnnualCostChange = decimal.NewNullDecimal(change)
	}
	return it
}

// sortRecurring orders items by the size of their annual cost change (or
// their annual cost), largest first, then by payee and account number.
func sortRecurring(items []RecurringItem, byChange bool) {
	weight := func(it RecurringItem) decimal.Decimal {
		if byChange {
			return it.AnnualCostChange.Decimal.Abs()
		}
		return it.AnnualCost
	}
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		if c := weight(a).Cmp(weight(b)); c != 0 {
			return c > 0
		}
		if fa, fb := Fold(a.Payee), Fold(b.Payee); fa != fb {
			return fa < fb
		}
		return a.AccountNumber < b.AccountNumber
	})
}
