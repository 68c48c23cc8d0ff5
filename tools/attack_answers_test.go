package tools_test

import (
	"strings"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/shopspring/decimal"
)

// The answers the attacker reads. A figure that Aggregate withholds is
// absent, so every amount is a pointer.
type (
	attackExpenses struct {
		TotalChf              *string `json:"totalChf"`
		WithheldCategoriesChf *string `json:"withheldCategoriesChf"`
		Categories            []struct {
			Name     string  `json:"name"`
			Number   int     `json:"number"`
			TotalChf *string `json:"totalChf"`
		} `json:"categories"`
	}
	attackIncome struct {
		ProfitChf *string `json:"profitChf"`
		LossChf   *string `json:"lossChf"`
		NetChf    *string `json:"netChf"`
	}
	attackSeries struct {
		Name   string `json:"name"`
		Number int    `json:"number"`
		Points []struct {
			Period    string  `json:"period"`
			AmountChf *string `json:"amountChf"`
		} `json:"points"`
	}
	attackSpending struct {
		Series             []attackSeries `json:"series"`
		WithheldCategories []struct {
			Period    string  `json:"period"`
			AmountChf *string `json:"amountChf"`
		} `json:"withheldCategories"`
		Totals []struct {
			Period    string  `json:"period"`
			AmountChf *string `json:"amountChf"`
		} `json:"totals"`
	}
	attackNetWorth struct {
		Months []struct {
			Month           string  `json:"month"`
			TotalActivaChf  *string `json:"totalActivaChf"`
			TotalPassivaChf *string `json:"totalPassivaChf"`
			EquityChf       *string `json:"equityChf"`
		} `json:"months"`
	}
	attackCompare struct {
		Comparison []struct {
			Year             int               `json:"year"`
			TotalIncomeChf   *string           `json:"totalIncomeChf"`
			IncomeByCategory map[string]string `json:"incomeByCategory"`
		} `json:"comparison"`
	}
)

// period returns the book months of "2026-03" or "2026-Q2".
func period(p string) months {
	_, rest, _ := strings.Cut(p, "-")
	if q, ok := strings.CutPrefix(rest, "Q"); ok {
		n := int(q[0] - '0')
		return months{3*n - 2, 3 * n}
	}
	d, err := reader.ParseDate(p + "-01")
	if err != nil {
		panic("attacker: bad period " + p)
	}
	return months{d.Month(), d.Month()}
}

// sum returns the exact sum of the legs that pass keep.
func (tr truth) sum(keep func(leg) bool) decimal.Decimal {
	var s decimal.Decimal
	for _, l := range tr.legs {
		if keep(l) {
			s = s.Add(l.amount)
		}
	}
	return s
}
