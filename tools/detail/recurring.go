package detail

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/google/jsonschema-go/jsonschema"
)

// RecurringIn are the arguments of get_recurring_transactions.
type RecurringIn struct {
	toolkit.Scope
	CompareYear    int `json:"compareYear,omitempty" jsonschema:"default: year − 1 if it has books"`
	MinOccurrences int `json:"minOccurrences,omitempty" jsonschema:"bookings over all years to count as recurring (default 3)"`
}

// Recurring lists recurring debits and how they changed since compareYear.
var Recurring = toolkit.New(toolkit.Spec[RecurringIn, sensitive.RecurringPayments]{
	Name:  "get_recurring_transactions",
	Title: "Recurring debits",
	Description: "Use for 'which recurring debits changed vs. last year?': standing orders, subscriptions and yearly bills " +
		"found in the postings of all years (monthly, quarterly, yearly; stable amounts), amount now vs. compareYear, status and annual cost.",
	Input: func(s *jsonschema.Schema) {
		toolkit.YearRange(s, "year", "compareYear")
		toolkit.Range(s, "minOccurrences", 2, 60)
	},
	Handler: func(ctx context.Context, env *toolkit.Env, in RecurringIn) (*sensitive.RecurringPayments, error) {
		m, y, err := env.Scope(in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		years, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, err
		}
		out := &sensitive.RecurringPayments{Mandator: m, Year: y, Recurring: []sensitive.RecurringPayment{}}
		switch cmp := in.CompareYear; {
		case cmp >= y:
			return nil, toolkit.InvalidArgument("compareYear %d is not before year %d; pass an earlier year, e.g. %d", cmp, y, y-1)
		case cmp != 0:
			if _, err := env.Year(m, cmp); err != nil {
				return nil, err
			}
			out.CompareYear = cmp
		case slices.Contains(years, y-1):
			out.CompareYear = y - 1
		default:
			out.Note = fmt.Sprintf("%q has no books for %d, so there is nothing to compare with: every payment booked in %d is new, and previous amounts and changes are absent", m, y-1, y)
		}
		minOcc := in.MinOccurrences
		if minOcc == 0 {
			minOcc = 3
		}
		// Every year up to y: the history. And y + 1, whose books may hold late
		// bookings dated in y; later books cannot matter.
		var upTo []int
		for _, yy := range years {
			if yy <= y+1 {
				upTo = append(upTo, yy)
			}
		}
		// Year by year: of each year only the date and amount of the
		// bookings that could recur are kept, so that the books can be let
		// go and years larger than the cache are read one at a time
		// (docs/performance.md#memory).
		scan := analysis.NewRecurringScan(y)
		skipped, err := env.EachReadableLedger(ctx, m, upTo, scan.Add)
		if err != nil {
			return nil, err
		}
		if pe := skipped.Err(y); pe != nil { // the year asked about
			return nil, pe
		}
		if out.CompareYear != 0 && skipped.Err(out.CompareYear) != nil {
			out.Note = fmt.Sprintf("the books of %d cannot be read (see warnings), so there is nothing to compare with: every payment booked in %d is new, and previous amounts and changes are absent", out.CompareYear, y)
			out.CompareYear = 0
		}
		out.Warnings = skipped.Warnings()
		asOf := min(dateOf(env.Now()), reader.NewDate(y, 12, 31))
		out.StatusAsOf = asOf.String()
		items := scan.Recurring(analysis.RecurringSpec{Year: y, CompareYear: out.CompareYear, MinOccurrences: minOcc, AsOf: asOf})
		rows := make([]sensitive.RecurringPayment, len(items))
		for i, it := range items {
			rows[i] = recurringRow(it)
		}
		out.Total = len(rows)
		n := toolkit.Fit(len(rows), func(n int) int { out.Recurring = rows[:n]; return toolkit.JSONSize(out) })
		out.Recurring, out.Truncated = rows[:n], n < len(rows)
		return out, nil
	},
})

func recurringRow(it analysis.RecurringItem) sensitive.RecurringPayment {
	row := sensitive.RecurringPayment{
		Payee:                    it.Payee,
		AccountNumber:            it.AccountNumber,
		AccountName:              it.AccountName,
		Cadence:                  it.Cadence.String(),
		Occurrences:              it.Occurrences,
		TypicalAmountChf:         toolkit.NullMoney(it.Typical),
		PreviousTypicalAmountChf: toolkit.NullMoney(it.Previous),
		Status:                   it.Status,
		AnnualCostChf:            toolkit.Money(it.AnnualCost),
		AnnualCostChangeChf:      toolkit.NullMoney(it.AnnualCostChange),
		LastDate:                 it.LastDate.String(),
		NextDueDate:              it.NextDate.String(),
	}
	if it.Typical.Valid && it.Previous.Valid {
		change := it.Typical.Decimal.Sub(it.Previous.Decimal)
		row.ChangeChf = toolkit.Money(change)
		if !it.Previous.Decimal.IsZero() {
			row.ChangePct = analysis.PercentChange(change, it.Previous.Decimal).StringFixed(1)
		}
	}
	return row
}

// dateOf returns the calendar date of t in its own location.
func dateOf(t time.Time) reader.Date {
	return reader.NewDate(t.Year(), int(t.Month()), t.Day())
}
