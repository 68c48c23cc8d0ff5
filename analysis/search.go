package analysis

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Fold prepares text for case- and accent-insensitive matching: it
// decomposes it, drops combining marks, folds case and spells ß as ss, so
// that "zurich" matches "Zürich" and "cafe" matches "Café".
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r == 'ß' || r == 'ẞ':
			b.WriteString("ss")
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}
