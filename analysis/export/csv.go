package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// csvHeader names the columns of CSV: one row per posting, the debited
// (target) and credited (origin) account by number and name, the CHF value
// as stored, and the amount in the foreign currency when a foreign account
// is involved (else the CHF value again).
var csvHeader = []string{"year", "date", "booking_date", "transaction_id", "text", "related_party",
	"debit_account", "debit_account_name", "credit_account", "credit_account_name",
	"value_chf", "amount", "currency", "fx_rate", "bank_transaction_id", "bank_text"}

// CSV writes the postings of books, the years of one mandator in ascending
// order, as CSV (RFC 4180, UTF-8, a header row), oldest first within each
// year. Postings whose accounts are not in the chart are left out and
// reported, as in Journal.
func CSV(w io.Writer, books []*reader.Books) (Summary, error) {
	var sum Summary
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := csv.NewWriter(bw)
	if err := cw.Write(csvHeader); err != nil {
		return sum, err
	}
	for _, b := range books {
		l := analysis.NewLedger(b)
		for _, t := range skipped(l) {
			sum.Skipped = append(sum.Skipped, fmt.Sprintf("%d: posting %s of %s refers to an account that is not in Accounts.xml; it is not exported", b.Year, t.ID, t.ValueDate))
		}
		rows := analysis.Transactions(l, analysis.TxFilter{}).Rows
		for j := len(rows) - 1; j >= 0; j-- {
			r := &rows[j]
			t := r.Tx
			fx := ""
			if t.FxRate.Valid {
				fx = t.FxRate.Decimal.String()
			}
			value, currency := r.Amount()
			rec := []string{strconv.Itoa(b.Year), t.ValueDate.String(), t.BookingDate.String(), t.ID, t.Text, t.RelatedParty,
				strconv.Itoa(r.Target.Number), r.Target.Name, strconv.Itoa(r.Origin.Number), r.Origin.Name,
				amount(t.Value), amount(value), currency, fx, t.BankTransactionID, t.BankTransactionText}
			if err := cw.Write(rec); err != nil {
				return sum, err
			}
			sum.Postings++
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}
