package analysis

import (
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A Cell is what one group of accounts moved in one book month: the CHF
// amount in the normal direction of its class, and how many postings it
// covers. Postings counts the postings of non-zero value with exactly one leg
// in the group's class, that leg in the group; a posting with both legs in
// the class (a transfer between two bank accounts, a reclassification
// between two expense accounts) moves amounts but counts nowhere, so that
// the counts of disjoint groups add up and never count a posting that could
// cancel out. Touched is true when any leg at all lies in the group.
type Cell struct {
	Amount   decimal.Decimal
	Postings int
	Touched  bool
	Legs     int // every leg in the group, as Report counts them
}

// Add returns the sum of two cells.
func (c Cell) Add(d Cell) Cell {
	return Cell{Amount: c.Amount.Add(d.Amount), Postings: c.Postings + d.Postings, Touched: c.Touched || d.Touched,
		Legs: c.Legs + d.Legs}
}

// MonthCells are a group's twelve book months, January first.
type MonthCells [12]Cell

// BookCells are the cells of a year's books: the class totals, and the
// expenses per subclass, per book month (a late booking dated before the
// book year counts in January, one dated after it in December; see
// bookMonth). Assets and liabilities are valued as NetWorthByMonth values
// them, at one rate per account for the whole books, and accounts without a
// rate are left out.
//
// Residual holds what moves equity (assets minus liabilities, as
// NetWorthByMonth values them) but not income minus expenses: a foreign leg
// valued at the year's rate against its booked CHF value, a foreign posting
// booked without a usable rate, a leg on an account outside the four classes'
// number ranges or on an account without a rate. Each posting whose equity
// effect differs from its income-minus-expenses effect counts once, in its
// book month; so in every month Activa − Passiva − Income + Expenses −
// Residual is zero.
//
// Accounts holds each account's year figure (its legs, counted as for its
// class), since list_accounts publishes it.
type BookCells struct {
	Expenses, Income, Activa, Passiva MonthCells
	Residual                          MonthCells
	Categories                        map[int]*MonthCells // expense subclass → its months
	Accounts                          []AccountYear
}

// An AccountYear is one account's year figure in BookCells: its class, its
// subclass, and its cell over the whole year.
type AccountYear struct {
	Class    reader.Class
	Subclass int
	Year     Cell
}

// valueFactors returns, for each activa and passiva account of l with a CHF
// value, its normal sign times its rate.
func valueFactors(l *Ledger, rates Rates) map[*reader.Account]decimal.Decimal {
	bals, _ := Balances(l, rates)
	factor := map[*reader.Account]decimal.Decimal{}
	for _, b := range bals {
		if cl := b.Account.Class(); (cl == reader.Activa || cl == reader.Passiva) && b.BalanceChf.Valid {
			f := decimal.NewFromInt(normalSign(cl))
			if b.Rate.Valid {
				f = f.Mul(b.Rate.Decimal)
			}
			factor[b.Account] = f
		}
	}
	return factor
}

// leg returns the CHF amount that posting t moves on account a, the debit
// side (target) or the credit side, in the sign of a's class group, and
// that group's month cells; false for an account without cells (an activa
// or passiva account without a CHF value, or one of no class).
func (c *BookCells) leg(t *reader.Transaction, a *reader.Account, debit bool, factor map[*reader.Account]decimal.Decimal) (decimal.Decimal, *MonthCells, bool) {
	var amount decimal.Decimal
	var group *MonthCells
	switch a.Class() {
	case reader.Activa, reader.Passiva:
		f, ok := factor[a]
		if !ok {
			return decimal.Decimal{}, nil, false
		}
		amount = PostingAmount(t, a).Mul(f)
		group = &c.Activa
		if a.Class() == reader.Passiva {
			group = &c.Passiva
		}
	case reader.Income:
		amount, group = t.Value.Neg(), &c.Income
	case reader.Expenses:
		amount, group = t.Value, &c.Expenses
	default:
		return decimal.Decimal{}, nil, false
	}
	if !debit {
		amount = amount.Neg()
	}
	return amount, group, true
}

// Cells computes the BookCells of l.
func Cells(l *Ledger, rates Rates) BookCells {
	c := BookCells{Categories: map[int]*MonthCells{}}
	factor := valueFactors(l, rates)
	year := l.Books.Year
	accounts := map[*reader.Account]*AccountYear{}
	var order []*reader.Account
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		m := bookMonth(t.ValueDate, year) - 1
		counts := !t.Value.IsZero() && target.Class() != origin.Class()
		var equity, result decimal.Decimal // this posting's change of A − P and of I − E
		for _, side := range []struct {
			a     *reader.Account
			debit bool
		}{{target, true}, {origin, false}} {
			a := side.a
			ay := accounts[a]
			if ay == nil {
				ay = &AccountYear{Class: a.Class(), Subclass: a.SubclassNumber()}
				accounts[a] = ay
				order = append(order, a)
			}
			ay.Year.Touched, ay.Year.Legs = true, ay.Year.Legs+1
			if counts {
				ay.Year.Postings++
			}
			amount, group, ok := c.leg(t, a, side.debit, factor)
			if !ok {
				continue
			}
			cell := Cell{Amount: amount, Touched: true, Legs: 1}
			if counts {
				cell.Postings = 1
			}
			group[m] = group[m].Add(cell)
			switch a.Class() {
			case reader.Activa:
				equity = equity.Add(amount)
			case reader.Passiva:
				equity = equity.Sub(amount)
			case reader.Income:
				result = result.Add(amount)
			default:
				result = result.Sub(amount)
			}
			ay.Year.Amount = ay.Year.Amount.Add(amount)
			if a.Class() == reader.Expenses {
				cat := c.Categories[a.SubclassNumber()]
				if cat == nil {
					cat = &MonthCells{}
					c.Categories[a.SubclassNumber()] = cat
				}
				cat[m] = cat[m].Add(cell)
			}
		}
		if r := equity.Sub(result); !r.IsZero() {
			c.Residual[m] = c.Residual[m].Add(Cell{Amount: r, Postings: 1, Touched: true, Legs: 1})
		}
	})
	for _, a := range order {
		c.Accounts = append(c.Accounts, *accounts[a])
	}
	return c
}
