//go:build unix

package reader

import "syscall"

// openFlags make opening a named pipe return at once instead of waiting for
// a writer; for regular files O_NONBLOCK has no effect.
const openFlags = syscall.O_NONBLOCK
