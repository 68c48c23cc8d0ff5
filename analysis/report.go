package analysis

import (
	"slices"
	"sort"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// GroupBy selects how a report groups accounts.
type GroupBy int

// The groupings of a report.
const (
	ByAccount GroupBy = iota
	BySubclass
)

// A ReportSpec selects the postings and grouping of a Report: the legs on
// accounts of Class whose value date lies in [From, To] (zero bounds are open).
type ReportSpec struct {
	Class   reader.Class
	GroupBy GroupBy
	From    reader.Date
	To      reader.Date
}

// A ReportRow is one group of a Report. For account grouping, Account is set
// and Number is the account number; for subclass grouping, Number is the
// subclass number.
type ReportRow struct {
	Number    int
	Name      string
	Account   *reader.Account
	AmountChf decimal.Decimal // normal direction
	Legs      int
}

// Report is the one general movement report that statements, categories and
// comparisons are specifications of: it sums, in CHF and in the accounts'
// normal direction, every leg on an account of the class, per group. Rows
// are ordered by number; groups without legs are omitted. It reads the
// ledger's per-account, per-day totals, so its cost grows with the accounts,
// not the postings.
func Report(l *Ledger, spec ReportSpec) []ReportRow {
	idx := l.totalsIndex()
	if spec.GroupBy == ByAccount && idx.dupNumbers {
		return reportScan(l, spec)
	}
	sign := decimal.NewFromInt(normalSign(spec.Class))
	out := []ReportRow{}
	for _, a := range idx.byNumber {
		t := idx.of[a]
		if t == nil || a.Class() != spec.Class {
			continue
		}
		chf, legs := t.between(spec.From, spec.To)
		if legs == 0 {
			continue
		}
		key := a.Number
		if spec.GroupBy == BySubclass {
			key = a.SubclassNumber()
		}
		if n := len(out); n > 0 && out[n-1].Number == key {
			out[n-1].AmountChf = out[n-1].AmountChf.Add(chf.Mul(sign))
			out[n-1].Legs += legs
			continue
		}
		r := ReportRow{Number: key, AmountChf: chf.Mul(sign), Legs: legs}
		if spec.GroupBy == BySubclass {
			r.Name = l.SubclassName(key)
		} else {
			r.Name, r.Account = a.Name, a
		}
		out = append(out, r)
	}
	return out
}

// reportScan is Report computed from the postings. It serves charts in
// which two accounts share a number, whose account row is named after the
// first of them to have a leg.
func reportScan(l *Ledger, spec ReportSpec) []ReportRow {
	sign := decimal.NewFromInt(normalSign(spec.Class))
	rows := map[int]*ReportRow{}
	add := func(a *reader.Account, amount decimal.Decimal) {
		if a.Class() != spec.Class {
			return
		}
		key := a.Number
		if spec.GroupBy == BySubclass {
			key = a.SubclassNumber()
		}
		r := rows[key]
		if r == nil {
			r = &ReportRow{Number: key}
			if spec.GroupBy == BySubclass {
				r.Name = l.SubclassName(key)
			} else {
				r.Name, r.Account = a.Name, a
			}
			rows[key] = r
		}
		r.AmountChf = r.AmountChf.Add(amount.Mul(sign))
		r.Legs++
	}
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		if !inRange(t.ValueDate, spec.From, spec.To) {
			return
		}
		add(target, t.Value)
		add(origin, t.Value.Neg())
	})
	out := make([]ReportRow, 0, len(rows))
	for _, r := range rows {
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Number < out[j].Number })
	return out
}

// Total sums the rows' amounts.
func Total(rows []ReportRow) decimal.Decimal {
	var sum decimal.Decimal
	for _, r := range rows {
		sum = sum.Add(r.AmountChf)
	}
	return sum
}

// An IncomeStatement is the year's (or a date range's) result: income
// (profit), expenses (loss) and their difference, with the account rows.
type IncomeStatement struct {
	ProfitChf       decimal.Decimal
	LossChf         decimal.Decimal
	NetChf          decimal.Decimal
	IncomeAccounts  []ReportRow
	ExpenseAccounts []ReportRow
}

// Statement computes the income statement from the postings whose value date
// lies in [from, to]. Start balances of income and expense accounts are not
// part of it.
func Statement(l *Ledger, from, to reader.Date) IncomeStatement {
	var s IncomeStatement
	s.IncomeAccounts = Report(l, ReportSpec{Class: reader.Income, GroupBy: ByAccount, From: from, To: to})
	s.ExpenseAccounts = Report(l, ReportSpec{Class: reader.Expenses, GroupBy: ByAccount, From: from, To: to})
	s.ProfitChf = Total(s.IncomeAccounts)
	s.LossChf = Total(s.ExpenseAccounts)
	s.NetChf = s.ProfitChf.Sub(s.LossChf)
	return s
}

// Categories returns the expense report grouped as asked, ordered by amount
// descending (then by number).
func Categories(l *Ledger, by GroupBy, from, to reader.Date) []ReportRow {
	rows := Report(l, ReportSpec{Class: reader.Expenses, GroupBy: by, From: from, To: to})
	slices.SortStableFunc(rows, func(a, b ReportRow) int { return b.AmountChf.Cmp(a.AmountChf) })
	return rows
}

// A YearComparison holds one year's totals and categories.
type YearComparison struct {
	Year              int
	IncomeChf         decimal.Decimal
	ExpensesChf       decimal.Decimal
	IncomeByCategory  []ReportRow
	ExpenseByCategory []ReportRow
}

// CompareYears reports income and expenses of each ledger, grouped as asked.
func CompareYears(ledgers []*Ledger, by GroupBy) []YearComparison {
	out := make([]YearComparison, len(ledgers))
	for i, l := range ledgers {
		inc := Report(l, ReportSpec{Class: reader.Income, GroupBy: by})
		exp := Report(l, ReportSpec{Class: reader.Expenses, GroupBy: by})
		out[i] = YearComparison{Year: l.Books.Year, IncomeChf: Total(inc), ExpensesChf: Total(exp),
			IncomeByCategory: inc, ExpenseByCategory: exp}
	}
	return out
}
