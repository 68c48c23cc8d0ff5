package toolkit

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/analysis/disclosure"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// ThroughField is the field an Aggregate answer gains when it covers the
// books only through the end of the last period that has ended (see
// docs/privacy.md#the-current-year): the last day it covers.
const ThroughField = "through"

// Through returns the last day Aggregate answers cover by e's clock. By
// default (mcp.aggregate.currentYear Withheld) that is the end of the last
// year that has ended (2025-12-31 on any day of 2026): a year is shown once
// it has ended, so that answers of different months never differ by part
// of a year. With ToDate it is the end of the last month that has ended
// (2026-11-30 on any day of December 2026), with mcp.aggregate.periods
// Quarter the end of the last quarter that has ended; with Year it is the
// end of the last year that has ended either way.
func (e *Env) Through() reader.Date {
	now := e.Now()
	y, m := now.Year(), int(now.Month())-1 // months of y that have ended
	switch {
	case e.EndedYearsOnly():
		m = 0
	case e.Periods == disclosure.Quarter:
		m -= m % 3
	}
	if m == 0 {
		y, m = y-1, 12
	}
	return reader.NewDate(y, m, reader.DaysIn(y, m))
}

// EndedYearsOnly reports whether Aggregate shows a book year only once it
// has ended: by default (currentYear Withheld), and always with periods
// Year.
func (e *Env) EndedYearsOnly() bool {
	return e.CurrentYear == disclosure.Withheld || e.Periods == disclosure.Year
}

type closedKey struct{ through reader.Date }

// ledger returns the ledger of b the call may use: in the Aggregate mode
// (ClosedMonths), the postings dated after Through are left out, and the
// call notes Through for the answer whenever that leaves something out or
// the books are of the current year or later.
func (e *Env) ledger(ctx context.Context, b *reader.Books) *analysis.Ledger {
	l := analysis.CachedLedger(e.Store, b)
	if !e.ClosedMonths {
		return l
	}
	th := e.Through()
	type cut struct {
		l   *analysis.Ledger
		any bool
	}
	c := e.Store.Memo(b, closedKey{th}, func() any {
		cl, any := l.Cut(th)
		return cut{cl, any}
	}).(cut)
	if c.any || b.Year > th.Year() || b.Year == e.Now().Year() {
		NoteThrough(ctx, th)
	}
	return c.l
}

// NoteThrough records that the answer of ctx covers the books through d.
func NoteThrough(ctx context.Context, d reader.Date) {
	p, _ := ctx.Value(provenanceKey{}).(*provenance)
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.through = d
}
