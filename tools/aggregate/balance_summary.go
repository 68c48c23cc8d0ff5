package aggregate

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// BalanceSummary totals activa, passiva and equity in CHF at year end, in
// the Aggregate mode: of the current year, through the last closed month.
var BalanceSummary = toolkit.New(toolkit.Spec[toolkit.Scope, dto.BalanceSummary]{
	Name:        "get_balance_summary",
	Title:       "Balance summary",
	Description: "Use for net worth: total assets (activa), total liabilities (passiva) and equity, all in CHF at year end. Foreign balances use the configured or latest booked rate.",
	Through:     true,
	Handler: func(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (*dto.BalanceSummary, error) {
		l, err := env.Ledger(ctx, in.Mandator, in.Year)
		if err != nil {
			return nil, err
		}
		s := analysis.BalanceSummary(l, env.Rates)
		return &dto.BalanceSummary{
			Mandator:        l.Books.Mandator,
			Year:            l.Books.Year,
			TotalActivaChf:  toolkit.Money(s.TotalActivaChf),
			TotalPassivaChf: toolkit.Money(s.TotalPassivaChf),
			EquityChf:       toolkit.Money(s.EquityChf),
			Warnings:        env.SummaryWarnings(s.Warnings),
		}, nil
	},
})
