package analysis

import (
	"fmt"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// The kinds of unusual postings FindUnusual reports.
const (
	UnusualHighAmount    = "high_amount"    // far above what the payee or the expense account usually costs
	UnusualNewPayee      = "new_payee"      // the first posting ever to a payee, and a large one
	UnusualDoubleCharge  = "double_charge"  // the same amount to the same payee within a few days
	UnusualLargeTransfer = "large_transfer" // a round transfer between own accounts far above the usual
	UnusualMissingIncome = "missing_income" // a monthly income that did not come
	UnusualLowIncome     = "low_income"     // a monthly income far below the usual
)

// More thresholds of FindUnusual (see also UnusualZ and IncomeLowShare).
var (
	// PayeeMinHistory and AccountMinHistory are the other postings a payee,
	// else an expense account, needs for a baseline; TransferMinHistory
	// those of a pair of accounts.
	PayeeMinHistory    = 3
	AccountMinHistory  = 5
	TransferMinHistory = 3
	// NewPayeeMin is the smallest first posting to a payee that is flagged,
	// once the books have NewPayeeHistoryDays of history before it.
	NewPayeeMin         = decimal.NewFromInt(500)
	NewPayeeHistoryDays = 180
	DoubleChargeDays    = 4
	DoubleChargeMin     = decimal.NewFromInt(20)
	RoundTransferStep   = decimal.NewFromInt(50)
)

// An UnusualSpec asks for the unusual postings of the books of Year whose
// value date lies in [From, To] (zero bounds: the whole books). AsOf is
// today: income months whose usual day has not passed by then (or by the
// latest posting of the books) are not judged.
type UnusualSpec struct {
	Year     int
	From, To reader.Date
	AsOf     reader.Date
}

// An Unusual is one posting (or one missing income) that stands out.
type Unusual struct {
	Kind    string
	Tx      *reader.Transaction // nil for missing_income
	Year    int                 // the books of Tx
	Date    reader.Date         // the value date, or the day a missing income was due
	Payee   string
	Account *reader.Account // the expense account, the income account, or a transfer's target
	Amount  decimal.Decimal // CHF; zero for missing_income
	Usual   decimal.NullDecimal
	// AtStake is the money the finding is about, its sort key: the amount
	// above the usual, a new payee's or a double charge's amount, or the
	// income missing.
	AtStake decimal.Decimal
	History int // postings (or months) the usual is taken from
	Reason  string
}

// An UnusualResult lists what stands out in a period, largest AtStake first.
type UnusualResult struct {
	Items       []Unusual
	Judged      int         // postings of the period judged, plus payer-months of income
	NoBaseline  int         // payments of the period without enough history to judge their amount
	HistoryFrom reader.Date // the first value date of the history
	Notes       []string
}

// FindUnusual judges the postings of the period against the history of
// ledgers (every year of a mandator up to spec.Year; the others are
// ignored). A payment to an expense account is judged against the other
// payments to its payee (related party, else text, as PayeeKey groups
// them) when there are PayeeMinHistory of them, else against its expense
// account's, when it is also far above anything the payee was paid before.
// Robust statistics decide (see UnusualZ): a regular payment that rises a
// little (a rent rise) or a yearly bill at its usual amount is not far
// above its payee's usual. Also flagged: a first posting to a payee from
// NewPayeeMin, a possible double charge (the same amount to the same payee
// within DoubleChargeDays, from DoubleChargeMin; regular payments are
// further apart), a round transfer between activa accounts far above the
// usual of that pair, and a monthly income (three months or more, a
// monthly rhythm) that is missing or below IncomeLowShare of its usual.
func FindUnusual(ledgers []*Ledger, spec UnusualSpec) UnusualResult {
	var hist []*Ledger
	var books *Ledger
	for _, l := range ledgers {
		if l.Books.Year <= spec.Year {
			hist = append(hist, l)
		}
		if l.Books.Year == spec.Year {
			books = l
		}
	}
	res := UnusualResult{Items: []Unusual{}}
	if books == nil {
		return res
	}
	h := newHistory(hist)
	res.HistoryFrom = h.start
	latest := reader.Date(0)
	books.eachPostingIndex(func(i int, t *reader.Transaction, target, origin *reader.Account) {
		latest = max(latest, t.ValueDate)
		if !inRange(t.ValueDate, spec.From, spec.To) {
			return
		}
		res.Judged++
		o := observation{t, books.Books.Year, i}
		if u, ok := h.judge(o, target, origin, &res); ok {
			res.Items = append(res.Items, u)
		}
	})
	asOf := latest
	if spec.AsOf != 0 && spec.AsOf < asOf {
		asOf = spec.AsOf
	}
	from, to := spec.Year*12, spec.Year*12+11
	if spec.From != 0 {
		from = max(from, monthIndex(spec.From))
	}
	if spec.To != 0 {
		to = min(to, monthIndex(spec.To))
	}
	income, months := h.incomeFindings(from, to, asOf)
	res.Items = append(res.Items, income...)
	res.Judged += months
	sort.SliceStable(res.Items, func(i, j int) bool {
		a, b := res.Items[i], res.Items[j]
		if c := a.AtStake.Cmp(b.AtStake); c != 0 {
			return c > 0
		}
		return a.Date < b.Date
	})
	res.Notes = h.notes(spec, res, asOf)
	return res
}

// judge returns the finding for one posting of the period, if any.
func (h *history) judge(o observation, target, origin *reader.Account, res *UnusualResult) (Unusual, bool) {
	t := o.tx
	key, label := payeeOf(t)
	u := Unusual{Tx: t, Year: o.year, Date: t.ValueDate, Payee: label, Account: target, Amount: t.Value}
	tc, oc := target.Class(), origin.Class()
	if (tc == reader.Expenses || tc == reader.Passiva && oc == reader.Activa) && key != "" {
		if prev, ok := h.charges[key].twin(o); ok {
			u.Kind, u.AtStake = UnusualDoubleCharge, t.Value
			u.Reason = fmt.Sprintf("%s to %s twice within %d days (%s and %s): possibly charged twice",
				t.Value.StringFixed(2), label, daysFrom(prev.tx.ValueDate, t.ValueDate), prev.tx.ValueDate, t.ValueDate)
			return u, true
		}
	}
	switch {
	case tc == reader.Expenses:
		return h.judgePayment(o, key, u, res)
	case tc == reader.Activa && oc == reader.Activa:
		g := h.pairs[[2]int{origin.Number, target.Number}]
		if g == nil || !isRound(t.Value) {
			return u, false
		}
		b := g.others(t.Value)
		if b.n < TransferMinHistory || !b.farAbove(t.Value) || g.seenNear(t.Value) > 0 {
			return u, false
		}
		u.Kind, u.Usual, u.AtStake, u.History = UnusualLargeTransfer, decimal.NewNullDecimal(b.median), t.Value.Sub(b.median), b.n
		u.Payee = ""
		u.Reason = fmt.Sprintf("round %s from %s, %s× the usual %s (median of %d transfers since %s)",
			t.Value.StringFixed(2), g.label, b.ratio(t.Value), b.median.StringFixed(2), b.n, g.since())
		return u, true
	}
	return u, false
}

// judgePayment judges a payment to an expense account by its amount and
// its payee's novelty. A payee with PayeeMinHistory other payments is
// judged against them, and the amount must be far above the expense
// account's usual too (a dear restaurant visit is not unusual among
// restaurants); a payee paid once or twice before is judged against its
// account, if it is also far above what that payee was paid; a payee never
// paid before is judged only as a new payee.
func (h *history) judgePayment(o observation, key string, u Unusual, res *UnusualResult) (Unusual, bool) {
	t := o.tx
	x := t.Value
	payee, account := h.payees[key], h.accounts[u.Account.Number]
	var pb, ab baseline
	if payee != nil {
		pb = payee.others(x)
	}
	if account != nil {
		ab = account.others(x)
	}
	accountFar := ab.n >= AccountMinHistory && ab.farAbove(x) && account.seenNear(x) == 0
	var b baseline
	var basis *postingGroup
	switch {
	case pb.n >= PayeeMinHistory:
		b, basis = pb, payee
	case pb.n > 0 && ab.n >= AccountMinHistory && payee.maxOther(o).Mul(UnusualMinRatio).LessThanOrEqual(x):
		b, basis = ab, account
	}
	far := false
	switch basis {
	case payee:
		far = pb.farAbove(x) && payee.seenNear(x) == 0 && (ab.n < AccountMinHistory || accountFar)
	case account:
		far = accountFar
	}
	if far {
		u.Kind, u.Usual, u.AtStake, u.History = UnusualHighAmount, decimal.NewNullDecimal(b.median), x.Sub(b.median), b.n
		where := "at " + u.Payee
		if basis == account {
			where = "on " + basis.label
		}
		u.Reason = fmt.Sprintf("%s is %s× the usual %s %s (median of %d postings since %s)",
			x.StringFixed(2), b.ratio(x), b.median.StringFixed(2), where, b.n, basis.since())
	}
	if f, ok := h.first[key]; ok && key != "" && f.tx == t && x.GreaterThanOrEqual(NewPayeeMin) &&
		daysFrom(h.start, t.ValueDate) >= NewPayeeHistoryDays {
		reason := fmt.Sprintf("first posting ever to %s: %s (new payees are flagged from %s)", u.Payee, x.StringFixed(2), NewPayeeMin.StringFixed(2))
		if ab.n >= AccountMinHistory {
			reason += fmt.Sprintf("; %s× the usual %s on %s", ab.ratio(x), ab.median.StringFixed(2), account.label)
		}
		u.Kind, u.AtStake, u.Reason = UnusualNewPayee, x, reason
		return u, true
	}
	if basis == nil {
		res.NoBaseline++
	}
	return u, far
}

// seenNear returns how many of the group's amounts, other than one of x,
// are at least two thirds of x: an amount about as large as one paid
// before is not far above the usual, whatever the median of a small or
// two-humped group says (cash withdrawals of 100 and 200).
func (g *postingGroup) seenNear(x decimal.Decimal) int {
	lo := x.Mul(decimal.NewFromInt(2)).Div(decimal.NewFromInt(3))
	i := sort.Search(len(g.sorted), func(i int) bool { return g.sorted[i].GreaterThanOrEqual(lo) })
	return len(g.sorted) - i - 1
}

// twin returns an earlier posting of the group with the same amount within
// DoubleChargeDays before o, if o is from DoubleChargeMin.
func (g *postingGroup) twin(o observation) (observation, bool) {
	if g == nil || o.tx.Value.LessThan(DoubleChargeMin) {
		return observation{}, false
	}
	lo := plusDays(o.tx.ValueDate, -DoubleChargeDays)
	start := sort.Search(len(g.obs), func(i int) bool { return g.obs[i].tx.ValueDate >= lo })
	for _, p := range g.obs[start:] {
		if !p.before(o) {
			break
		}
		if d := daysFrom(p.tx.ValueDate, o.tx.ValueDate); d <= DoubleChargeDays && p.tx.Value.Equal(o.tx.Value) && p.tx != o.tx {
			return p, true
		}
	}
	return observation{}, false
}

// maxOther returns the largest amount of the group other than o's.
func (g *postingGroup) maxOther(o observation) decimal.Decimal {
	var m decimal.Decimal
	for _, p := range g.obs {
		if p.tx != o.tx && p.tx.Value.GreaterThan(m) {
			m = p.tx.Value
		}
	}
	return m
}

// isRound reports whether v is a whole multiple of RoundTransferStep.
func isRound(v decimal.Decimal) bool {
	return v.Sign() > 0 && v.Mod(RoundTransferStep).IsZero()
}

// notes says how the period was judged: the thresholds, and what could not
// be judged for want of history.
func (h *history) notes(spec UnusualSpec, res UnusualResult, asOf reader.Date) []string {
	out := []string{fmt.Sprintf("usual = the median of the payee's other postings in all years up to %d (else of the expense account's); "+
		"flagged when at least %s× and %s above it and %s MADs out (modified z-score)", spec.Year,
		UnusualMinRatio, UnusualMinExcess.StringFixed(2), UnusualZ)}
	if res.HistoryFrom != 0 && res.HistoryFrom.Year() == spec.Year {
		out = append(out, fmt.Sprintf("no books before %d: the only history is this year's own postings, from %s", spec.Year, res.HistoryFrom))
	}
	if newFrom := plusDays(h.start, NewPayeeHistoryDays); spec.From == 0 || spec.From < newFrom {
		if h.start != 0 && newFrom.Year() >= spec.Year {
			out = append(out, fmt.Sprintf("new payees are judged from %s on, half a year after the books start (%s)", newFrom, h.start))
		}
	}
	if res.NoBaseline > 0 {
		out = append(out, fmt.Sprintf("%d payments had too little history for a usual amount (fewer than %d other postings of the payee and %d of the account) and were judged only as new payees and double charges",
			res.NoBaseline, PayeeMinHistory, AccountMinHistory))
	}
	if end := spec.To; asOf != 0 && (end == 0 || asOf < end) {
		out = append(out, fmt.Sprintf("incomes are judged up to %s (the latest posting, or today)", asOf))
	}
	return out
}
