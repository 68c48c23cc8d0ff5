package tools_test

import (
	"context"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"strconv"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// A leg is one side of a posting, as the attacker's referee sees it: read
// from the files with the reader alone, never through analysis or tools.
type leg struct {
	posting int    // index of the posting in its books
	group   string // "E:40" (expense subclass), "I:Lohn" (income subclass by name), "A" (activa), "P" (passiva)
	month   int    // book month: a posting dated before the book year counts in January
	day     reader.Date
	amount  decimal.Decimal // normal direction of the class: debits − credits for A and E
}

// class returns the class letter of a group: E, I, A or P.
func class(group string) string { return group[:1] }

// truth holds the legs of one mandator-year.
type truth struct {
	year int
	legs []leg
}

// closedThrough is the last day an Aggregate answer covers on the test
// clock's day (today, 2026-11-30): the end of the last month that has
// ended, worked out by hand. Postings dated later are in no Aggregate figure.
var closedThrough = reader.NewDate(2026, 10, 31)

// closedMonths returns how many months of year have ended by closedThrough.
func closedMonths(year int) int { return closedMonthsAt(closedThrough, year) }

// closedMonthsAt returns how many months of year have ended by through.
func closedMonthsAt(through reader.Date, year int) int {
	switch {
	case year < through.Year():
		return 12
	case year == through.Year():
		return through.Month()
	}
	return 0
}

// throughAt is the last day Aggregate covers on the test clock's day at
// each periods level, worked out by hand: the end of October 2026 (the last
// month ended by 2026-11-30), of September 2026 (the last quarter), of 2025
// (the last year).
var throughAt = map[disclosure.Periods]reader.Date{
	disclosure.Month:   closedThrough,
	disclosure.Quarter: reader.NewDate(2026, 9, 30),
	disclosure.Year:    reader.NewDate(2025, 12, 31),
}

// readTruth reads the legs of one mandator-year with the reader, leaving
// out the postings of book months that have not ended by closedThrough, as
// Aggregate does.
func readTruth(t testing.TB, store *reader.Store, mandator string, year int) truth {
	return readTruthThrough(t, store, mandator, year, closedThrough)
}

// readTruthThrough is readTruth for the books covered through the given day.
func readTruthThrough(t testing.TB, store *reader.Store, mandator string, year int, closedThrough reader.Date) truth {
	t.Helper()
	b, err := store.Books(context.Background(), mandator, year)
	if err != nil {
		t.Fatalf("referee: reading %s %d: %v", mandator, year, err)
	}
	accounts := map[string]*reader.Account{}
	for i := range b.Accounts {
		accounts[b.Accounts[i].ID] = &b.Accounts[i]
	}
	subNames := map[int]string{} // income categories are known by name (compare_years)
	for _, s := range b.SubClasses {
		subNames[s.Number] = s.Name
	}
	tr := truth{year: year}
	for i, tx := range b.Transactions {
		if tx.ValueDate > closedThrough || year > closedThrough.Year() {
			continue // not yet closed: a late booking waits for its January to end
		}
		month := tx.ValueDate.Month()
		if tx.ValueDate.Year() < year {
			month = 1
		} else if tx.ValueDate.Year() > year {
			month = 12
		}
		for _, side := range []struct {
			id    string
			debit bool
		}{{tx.TargetAccountID, true}, {tx.OriginAccountID, false}} {
			a := accounts[side.id]
			if a == nil {
				continue
			}
			v := tx.Value
			if !side.debit {
				v = v.Neg()
			}
			var g string
			switch n := a.Number / 1000; n {
			case 1:
				g = "A"
			case 2:
				g, v = "P", v.Neg()
			case 3:
				g, v = "I:"+subNames[a.Number/100], v.Neg()
			case 4:
				g = "E:" + strconv.Itoa(a.Number/100)
			default:
				continue
			}
			tr.legs = append(tr.legs, leg{posting: i, group: g, month: month, day: tx.ValueDate, amount: v})
		}
	}
	return tr
}

// count returns how many postings move the figure over the legs that pass
// keep: a posting whose legs inside cancel out does not count.
func (tr truth) count(keep func(leg) bool) int {
	net := map[int]decimal.Decimal{}
	for _, l := range tr.legs {
		if keep(l) {
			net[l.posting] = net[l.posting].Add(l.amount)
		}
	}
	n := 0
	for _, v := range net {
		if !v.IsZero() {
			n++
		}
	}
	return n
}

// legsOf returns the number of legs that pass keep.
func (tr truth) legsOf(keep func(leg) bool) int {
	n := 0
	for _, l := range tr.legs {
		if keep(l) {
			n++
		}
	}
	return n
}
