// Package reader discovers AccountingNext data roots and parses their XML
// books into typed, immutable values.
//
// The data root holds one folder per year and, below it, one folder per
// mandator (a set of books). Files are read through an fs.FS, so the same code
// serves a directory on disk and the demo books embedded in the binary. Parsed
// files are cached by absolute path and revalidated by size and modification
// time on every use; nothing is ever opened for writing. While its files are
// unchanged, Store.Books hands out the same Books, and Store.Memo keeps values
// derived from them (the analysis Ledger) for exactly that long.
//
// Files in the plain form XmlSerializer writes are read by a fast scanner
// (scan.go); anything else, including every broken file, goes through
// xmlquery's stream parser, which also produces the precise errors. A fuzz
// target checks that the two read every file the scanner accepts alike.
package reader
