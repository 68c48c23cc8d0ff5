package detail

import (
	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/dto/sensitive"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
)

// accountRow converts one balance to its output row.
func accountRow(l *analysis.Ledger, b analysis.AccountBalance) sensitive.Account {
	a := b.Account
	return sensitive.Account{
		AccountID:         a.ID,
		Number:            a.Number,
		Name:              a.Name,
		Currency:          a.Currency,
		Class:             a.Class().String(),
		SubclassNumber:    a.SubclassNumber(),
		SubclassName:      l.SubclassName(a.SubclassNumber()),
		StartBalance:      toolkit.Money(b.StartBalance),
		Balance:           toolkit.Money(b.Balance),
		BalanceChf:        toolkit.NullMoney(b.BalanceChf),
		FxRate:            rateString(b),
		FxRateSource:      b.RateSource,
		BankAccountNumber: a.BankAccountNumber,
	}
}

func rateString(b analysis.AccountBalance) string {
	if !b.Rate.Valid {
		return ""
	}
	return b.Rate.Decimal.String()
}

// transactionRow converts one posting to its output row.
func transactionRow(r analysis.TxRow, withYear bool) sensitive.Transaction {
	t := r.Tx
	value, currency := r.Amount()
	out := sensitive.Transaction{
		TransactionID:       t.ID,
		Date:                t.ValueDate.String(),
		BookingDate:         t.BookingDate.String(),
		Text:                t.Text,
		Value:               toolkit.Money(value),
		Currency:            currency,
		ValueChf:            toolkit.Money(r.ValueChf),
		OriginAccountID:     r.Origin.ID,
		OriginAccountNumber: r.Origin.Number,
		OriginAccountName:   r.Origin.Name,
		TargetAccountID:     r.Target.ID,
		TargetAccountNumber: r.Target.Number,
		TargetAccountName:   r.Target.Name,
		RelatedParty:        t.RelatedParty,
		BankTransactionText: t.BankTransactionText,
	}
	if currency != "CHF" && t.FxRate.Valid {
		out.FxRate = t.FxRate.Decimal.String()
	}
	if withYear {
		out.Year = r.Year
	}
	return out
}
