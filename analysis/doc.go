// Package analysis computes the numbers the tools report: balances in account
// currency and CHF, the balance summary, the income statement, expense
// categories, year comparisons and transaction queries.
//
// Every function is pure: it reads immutable reader.Books and returns new
// values. Money is decimal.Decimal throughout and is rounded only by the
// caller, once, when it is formatted. Amounts are in each account's normal
// direction: activa and expenses count debits minus credits, passiva and
// income credits minus debits.
package analysis
