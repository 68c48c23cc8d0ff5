package analysis

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// Fold prepares text for case- and accent-insensitive matching: it
// decomposes it, drops combining marks, folds case, and spells the Latin
// letters that have no decomposition as the Unicode Collation Algorithm
// treats them at its primary strength: ø as o, æ as ae, œ as oe, ß as ss,
// ł as l, đ as d. So "zurich" matches "Zürich", "cafe" "Café" and
// "kobenhavn" "København".
func Fold(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii { // nothing to decompose: lower case is all there is to do
		return strings.ToLower(s)
	}
	table := latinFolds()
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range norm.NFD.String(s) {
		switch {
		case r < utf8.RuneSelf:
			b.WriteByte(byte(unicode.ToLower(r)))
		case unicode.Is(unicode.Mn, r):
		default:
			if f, ok := table[r]; ok {
				b.WriteString(f)
			} else {
				b.WriteRune(unicode.ToLower(r))
			}
		}
	}
	return b.String()
}

// latinRanges are the blocks whose letters latinFolds spells in ASCII:
// Latin-1 Supplement and Extended-A and -B, Latin Extended Additional, and
// the Latin ligatures (ﬀ, ﬁ, …).
var latinRanges = [][2]rune{{0x00C0, 0x024F}, {0x1E00, 0x1EFF}, {0xFB00, 0xFB06}}

var latinFoldTable = sync.OnceValue(buildLatinFolds)

// latinFolds returns, for each letter of latinRanges that the root
// collation of golang.org/x/text/collate (CLDR, ignoring case, diacritics
// and width) cannot tell from one or two ASCII letters, those letters. The
// table is derived from the collation data, not written by hand, and built
// once, on first use.
func latinFolds() map[rune]string { return latinFoldTable() }

func buildLatinFolds() map[rune]string {
	c := collate.New(language.Und, collate.IgnoreCase, collate.IgnoreDiacritics, collate.IgnoreWidth)
	var buf collate.Buffer
	key := func(s string) string {
		buf.Reset()
		return string(c.KeyFromString(&buf, s))
	}
	spelled := map[string]string{} // primary key → the ASCII letters with it
	for a := 'a'; a <= 'z'; a++ {
		spelled[key(string(a))] = string(a)
		for b := 'a'; b <= 'z'; b++ {
			if k := key(string([]rune{a, b})); spelled[k] == "" {
				spelled[k] = string([]rune{a, b})
			}
		}
	}
	out := map[rune]string{}
	for _, rg := range latinRanges {
		for r := rg[0]; r <= rg[1]; r++ {
			if !unicode.IsLetter(r) {
				continue
			}
			if s, ok := spelled[key(string(r))]; ok {
				out[r] = s
			}
		}
	}
	return out
}

// QueryTerms splits a search query, already folded with Fold, into the
// terms a posting must all contain: its words, in any order, and each part
// in double quotes as one exact phrase ("miete wohnung" matches those two
// words only side by side). An unclosed quote runs to the end.
func QueryTerms(folded string) []string {
	var terms []string
	for i := 0; ; i++ {
		quoted, rest, found := strings.Cut(folded, `"`)
		if i%2 == 0 {
			terms = append(terms, strings.Fields(quoted)...)
		} else if phrase := strings.Join(strings.Fields(quoted), " "); phrase != "" {
			terms = append(terms, phrase)
		}
		if !found {
			return terms
		}
		folded = rest
	}
}
