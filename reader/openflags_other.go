//go:build !unix

package reader

// openFlags add nothing where opening a file cannot block on a pipe: there
// the regular-file check before opening (Store's stat) is the guard.
const openFlags = 0
