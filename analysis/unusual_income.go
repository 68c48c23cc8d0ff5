package analysis

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// Thresholds of the income checks: a month's income from a monthly payer
// is low below IncomeLowShare of the usual (and at least UnusualMinExcess
// below it); a month is judged IncomeGraceDays after its usual day.
var (
	IncomeLowShare  = decimal.RequireFromString("0.8")
	IncomeGraceDays = 5
)

// incomeMonth is one month's income from one payer.
type incomeMonth struct {
	month int // year*12 + month − 1
	first reader.Date
	total decimal.Decimal
	tx    *reader.Transaction // the month's first posting
	year  int                 // the books of tx
}

// incomeSeries is one payer's income on one income account, per month.
type incomeSeries struct {
	payee   string
	account *reader.Account // as in the latest books
	months  map[int]*incomeMonth
}

func monthIndex(d reader.Date) int { return d.Year()*12 + d.Month() - 1 }

func monthLabel(m int) string { return fmt.Sprintf("%04d-%02d", m/12, m%12+1) }

func (h *history) addIncome(key, label string, account *reader.Account, o observation) {
	k := key + "\x00" + strconv.Itoa(account.Number)
	s := h.incomes[k]
	if s == nil {
		s = &incomeSeries{months: map[int]*incomeMonth{}}
		h.incomes[k] = s
	}
	s.payee, s.account = label, account
	m := monthIndex(o.tx.ValueDate)
	im := s.months[m]
	if im == nil {
		im = &incomeMonth{month: m, first: o.tx.ValueDate, tx: o.tx, year: o.year}
		s.months[m] = im
	}
	im.total = im.total.Add(o.tx.Value)
	if o.tx.ValueDate < im.first {
		im.first, im.tx, im.year = o.tx.ValueDate, o.tx, o.year
	}
}

// incomeFindings judges the months from..to (month indexes) of every
// monthly income: a month without it (reported once, where the gap
// starts, with the months it has lasted) or with much less than usual.
// Months whose usual day plus IncomeGraceDays is after asOf are not judged
// yet. It returns the findings and the number of payer-months judged.
func (h *history) incomeFindings(from, to int, asOf reader.Date) ([]Unusual, int) {
	keys := make([]string, 0, len(h.incomes))
	for k := range h.incomes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []Unusual
	judged := 0
	for _, k := range keys {
		s := h.incomes[k]
		ms, day, ok := s.monthly()
		if !ok {
			continue
		}
		for m := from; m <= to; m++ {
			if plusDays(dueDate(m, day), IncomeGraceDays) > asOf {
				break
			}
			prior, last := priorMonths(ms, m)
			if len(prior) < 3 {
				continue
			}
			judged++
			usual := currentAmount(prior)
			if got := s.months[m]; got != nil {
				if u, low := s.lowIncome(got, usual, len(prior), ms[0].month); low {
					out = append(out, u)
				}
				continue
			}
			if last+1 != m {
				continue // the gap began earlier and is reported there, or before the period
			}
			out = append(out, s.missingIncome(ms, m, to, day, asOf, usual, len(prior)))
		}
	}
	return out, judged
}

// monthly returns the series' months in order and the usual day of the
// month it comes on (the median day), if it is a monthly income: three
// months or more, at a monthly cadence.
func (s *incomeSeries) monthly() ([]*incomeMonth, int, bool) {
	ms := make([]*incomeMonth, 0, len(s.months))
	for _, m := range s.months {
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].month < ms[j].month })
	occ := make([]occurrence, len(ms))
	days := make([]int, len(ms))
	for i, m := range ms {
		occ[i] = occurrence{m.first, m.total}
		days[i] = m.first.Day()
	}
	if len(ms) < 3 || detectCadence(occ) != CadenceMonthly {
		return nil, 0, false
	}
	sort.Ints(days)
	return ms, days[len(days)/2], true
}

// dueDate is the usual day of month m (a month index), clamped to the
// month's last day.
func dueDate(m, day int) reader.Date {
	y, mo := m/12, m%12+1
	return reader.NewDate(y, mo, min(day, reader.DaysIn(y, mo)))
}

// priorMonths returns the totals of the months before m, in order, and the
// last such month (-1 for none).
func priorMonths(ms []*incomeMonth, m int) ([]decimal.Decimal, int) {
	var prior []decimal.Decimal
	last := -1
	for _, x := range ms {
		if x.month < m {
			prior = append(prior, x.total)
			last = x.month
		}
	}
	return prior, last
}

// lowIncome reports the month got as low income when it is below
// IncomeLowShare of usual and at least UnusualMinExcess short of it;
// history months came before it, the first in month since.
func (s *incomeSeries) lowIncome(got *incomeMonth, usual decimal.Decimal, history, since int) (Unusual, bool) {
	short := usual.Sub(got.total)
	if !got.total.LessThan(usual.Mul(IncomeLowShare)) || !short.GreaterThanOrEqual(UnusualMinExcess) {
		return Unusual{}, false
	}
	return Unusual{Kind: UnusualLowIncome, Tx: got.tx, Year: got.year, Date: got.first, Payee: s.payee, Account: s.account,
		Amount: got.total, Usual: decimal.NewNullDecimal(usual), AtStake: short, History: history,
		Reason: fmt.Sprintf("%s from %s in %s is %s, %s%% below the usual %s (monthly, %d months since %s)",
			s.account.Name, s.payee, monthLabel(got.month), got.total.StringFixed(2),
			PercentChange(short, usual).StringFixed(0), usual.StringFixed(2), history, monthLabel(since))}, true
}

// missingIncome reports the income missing from month m on: once, for the
// months up to to that have passed their due date by asOf and lack it.
func (s *incomeSeries) missingIncome(ms []*incomeMonth, m, to, day int, asOf reader.Date, usual decimal.Decimal, history int) Unusual {
	n := 0
	for g := m; g <= to && s.months[g] == nil; g++ {
		if plusDays(dueDate(g, day), IncomeGraceDays) > asOf {
			break
		}
		n++
	}
	span := monthLabel(m)
	if n > 1 {
		span += " to " + monthLabel(m+n-1)
	}
	return Unusual{Kind: UnusualMissingIncome, Date: dueDate(m, day), Payee: s.payee, Account: s.account,
		Usual: decimal.NewNullDecimal(usual), AtStake: usual.Mul(decimal.NewFromInt(int64(n))), History: history,
		Reason: fmt.Sprintf("no %s from %s in %s: usually %s around day %d of the month (%d months since %s, the last on %s)",
			s.account.Name, s.payee, span, usual.StringFixed(2), day, history, monthLabel(ms[0].month), lastFirst(ms, m))}
}

// lastFirst returns the date of the last income before month m.
func lastFirst(ms []*incomeMonth, m int) string {
	var d reader.Date
	for _, x := range ms {
		if x.month < m {
			d = x.first
		}
	}
	return d.String()
}
