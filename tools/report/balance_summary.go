package report

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// BalanceSummaryDescription is get_balance_summary's description in every
// mode.
const BalanceSummaryDescription = "Use for net worth: total assets (activa), total liabilities (passiva) and equity, all in CHF at year end. Foreign balances use the configured or latest booked rate."

// BalanceSummary totals activa, passiva and equity in CHF at the end of the
// books env gives for in: every posting in Full and Local, those through
// the last closed month in Aggregate (env's ledger makes the cut).
func BalanceSummary(ctx context.Context, env *toolkit.Env, in toolkit.Scope) (*dto.BalanceSummary, error) {
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
}
