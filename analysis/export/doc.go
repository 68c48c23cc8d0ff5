// Package export writes a mandator's books in forms that other tools read,
// so that users can take them to plain-text accounting: a journal that both
// ledger (3.x) and hledger (1.x) parse, and CSV of postings.
//
// The journal keeps the chart's class, subclass and account number in every
// account name ("Expenses:40 Lebensmittel:4000 Lebensmittel"), so that
// --depth 1, 2 and 3 report by class, subclass and account. Start balances
// (debit-positive, as stored) become an opening transaction against
// "Equity:Opening Balances"; a leg on a foreign-currency account is written
// in its currency, round(Value / FxRate, 2) half to even as docs/numbers.md#foreign-currency says,
// with its CHF value as total cost: "EUR -100.02 @@ CHF 94.12". Postings
// whose accounts are not in the chart are left out and reported.
package export
