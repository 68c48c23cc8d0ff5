// Package reader discovers AccountingNext data roots and parses their XML
// books into typed, immutable values.
//
// The data root holds one folder per year and, below it, one folder per
// mandator (a set of books). Files are read through an fs.FS, so the same code
// serves a directory on disk and the demo books embedded in the binary. Parsed
// files are cached by absolute path and revalidated by size and modification
// time on every use; nothing is ever opened for writing.
package reader
