// Package dto holds the aggregate-safe output records: totals, categories and
// trimmed account rows that carry no account id, IBAN, transaction text,
// related party or individual date. Records that do carry such detail live in
// dto/sensitive, which the Aggregate tools never import.
//
// Money is a decimal string with exactly two decimals; a field ending in Chf
// is in CHF.
package dto
