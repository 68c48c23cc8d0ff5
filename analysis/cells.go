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
type BookCells struct {
	Expenses, Income, Activa, Passiva MonthCells
	Categories                        map[int]*MonthCells // expense subclass → its months
}

// Cells computes the BookCells of l.
func Cells(l *Ledger, rates Rates) BookCells {
	c := BookCells{Categories: map[int]*MonthCells{}}
	bals, _ := Balances(l, rates)
	factor := map[*reader.Account]decimal.Decimal{} // normal sign × rate, for valued activa and passiva
	for _, b := range bals {
		if cl := b.Account.Class(); (cl == reader.Activa || cl == reader.Passiva) && b.BalanceChf.Valid {
			f := decimal.NewFromInt(normalSign(cl))
			if b.Rate.Valid {
				f = f.Mul(b.Rate.Decimal)
			}
			factor[b.Account] = f
		}
	}
	year := l.Books.Year
	l.eachPosting(func(t *reader.Transaction, target, origin *reader.Account) {
		m := bookMonth(t.ValueDate, year) - 1
		counts := !t.Value.IsZero() && target.Class() != origin.Class()
		for _, side := range []struct {
			a     *reader.Account
			debit bool
		}{{target, true}, {origin, false}} {
			a := side.a
			var amount decimal.Decimal
			var group *MonthCells
			switch a.Class() {
			case reader.Activa, reader.Passiva:
				f, ok := factor[a]
				if !ok {
					continue
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
				continue
			}
			if !side.debit {
				amount = amount.Neg()
			}
			cell := Cell{Amount: amount, Touched: true, Legs: 1}
			if counts {
				cell.Postings = 1
			}
			group[m] = group[m].Add(cell)
			if a.Class() == reader.Expenses {
				cat := c.Categories[a.SubclassNumber()]
				if cat == nil {
					cat = &MonthCells{}
					c.Categories[a.SubclassNumber()] = cat
				}
				cat[m] = cat[m].Add(cell)
			}
		}
	})
	return c
}
