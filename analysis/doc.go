// Package analysis computes the numbers the tools report: balances in account
// currency and CHF, the balance summary, the income statement, expense
// categories, year comparisons and transaction queries; it also previews the
// desktop app's matcher for open bank lines and checks books for data problems.
//
// Every function is pure: it reads immutable reader.Books and returns new
// values. Money is decimal.Decimal throughout and is rounded only by the
// caller, once, when it is formatted. Amounts are in each account's normal
// direction: activa and expenses count debits minus credits, passiva and
// income credits minus debits.
//
// A Ledger builds, on first use and once, per-account and per-day totals, a
// newest-first posting order and folded texts (index.go), so that reports
// cost a walk over the accounts, not the postings; CachedLedger keeps a
// Ledger for as long as its books are current, so warm calls do no indexing.
// Sums run in int64 units of 10^-7 while they fit (fixed.go), exactly.
package analysis
