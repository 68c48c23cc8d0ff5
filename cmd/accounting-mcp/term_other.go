//go:build !(linux || aix || solaris || zos || darwin || dragonfly || freebsd || netbsd || openbsd)

package main

import "os"

// fileIsTerminal reports whether f is a character device, which on
// Windows is a console (or NUL, whose progress nobody sees).
func fileIsTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
