package reader

import (
	"strings"
	"unicode/utf8"
)

// scanItems is the fast path of parsing. It reads s, the content of a file
// without its byte-order mark, when it is in the plain form XmlSerializer
// writes — a declaration, a root element with namespace attributes, and
// items whose children are text-only elements, the empty ones possibly
// xsi:nil="true" or "1" — and calls fn with the fields of each item, in
// order. Elements of that form beside the items (a newer app's additions)
// are skipped, as the fallback parser skips them.
//
// It reports false as soon as s holds anything else: comments, CDATA,
// processing instructions, character references or other entities, nested
// or prefixed elements, other attributes, text beside the items, control
// characters, invalid UTF-8, or any ill-formed markup; likewise when fn
// returns false. The caller then parses the whole file with xmlquery, which
// accepts it or reports the exact error. So scanItems never decides that a
// file is broken, and what it accepts it reads exactly as xmlquery does.
func scanItems(s, root, item string, fn func([]field) bool) bool {
	if !plainChars(s) {
		return false
	}
	sc := scanner{s: s}
	if !sc.declaration() {
		return false
	}
	sc.space()
	if !sc.startTag(root, true) {
		return false
	}
	if !sc.selfClosed {
		fields := make([]field, 0, 16)
		for {
			sc.space()
			if strings.HasPrefix(sc.s[sc.i:], "</") {
				if !sc.endTag(root) {
					return false
				}
				break
			}
			name := sc.elementStart()
			if name == "" || !sc.startTag(name, false) {
				return false
			}
			fields = fields[:0]
			if name != item { // a newer app's element beside the items: ignored
				if !sc.selfClosed && !sc.skipElement(name, fields) {
					return false
				}
				continue
			}
			if !sc.selfClosed {
				var ok bool
				if fields, ok = sc.children(item, fields); !ok {
					return false
				}
			}
			if !fn(fields) {
				return false
			}
		}
	}
	sc.space()
	return sc.i == len(sc.s)
}

// plainChars reports whether s is valid UTF-8 without the characters XML
// forbids: controls other than tab and line ends, U+FFFE and U+FFFF.
func plainChars(s string) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		// Non-zero when a byte may be below 0x20 (it is for the lowest one
		// flagged): only then are the eight looked at one by one.
		if (x-0x20*ones)&^x&highs != 0 && !plainBytes(s[i:i+8]) {
			return false
		}
	}
	return plainBytes(s[i:]) && utf8.ValidString(s) && !strings.Contains(s, "\uFFFE") && !strings.Contains(s, "\uFFFF")
}

// plainBytes reports whether s has no control characters but tab and line
// ends.
func plainBytes(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

type scanner struct {
	s          string
	i          int
	selfClosed bool // the last start tag was <name ... />
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func (sc *scanner) space() {
	for sc.i < len(sc.s) && isSpace(sc.s[sc.i]) {
		sc.i++
	}
}

// name reads a plain ASCII element or attribute name; colon allows one
// prefix, as in xmlns:xsi. It returns "" for anything else.
func (sc *scanner) name(colon bool) string {
	start, part := sc.i, sc.i
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_':
		case sc.i > part && (c >= '0' && c <= '9' || c == '-' || c == '.'):
		case colon && c == ':' && part == start && sc.i > start:
			part = sc.i + 1
		default:
			return sc.nameEnd(start, part)
		}
		sc.i++
	}
	return sc.nameEnd(start, part)
}

func (sc *scanner) nameEnd(start, part int) string {
	if part == sc.i { // empty, or ends in a colon
		return ""
	}
	return sc.s[start:sc.i]
}

// declaration skips an XML declaration at the very start that names only
// version 1.0, an encoding and standalone, as encoding/xml accepts it.
func (sc *scanner) declaration() bool {
	if !strings.HasPrefix(sc.s, "<?xml") || len(sc.s) < 6 || !isSpace(sc.s[5]) {
		return !strings.HasPrefix(sc.s, "<?")
	}
	end := strings.Index(sc.s, "?>")
	if end < 0 {
		return false
	}
	sc.i = 5
	for {
		sc.space()
		if sc.i == end {
			sc.i = end + 2
			return true
		}
		key := sc.name(false)
		value, ok := sc.attrValue()
		if !ok || sc.i > end || key == "version" && value != "1.0" ||
			key != "version" && key != "encoding" && key != "standalone" {
			return false
		}
	}
}

// attrValue reads ="value" or ='value' without markup or entities in it.
func (sc *scanner) attrValue() (string, bool) {
	sc.space()
	if sc.i >= len(sc.s) || sc.s[sc.i] != '=' {
		return "", false
	}
	sc.i++
	sc.space()
	if sc.i >= len(sc.s) || sc.s[sc.i] != '"' && sc.s[sc.i] != '\'' {
		return "", false
	}
	q := sc.s[sc.i]
	sc.i++
	n := strings.IndexByte(sc.s[sc.i:], q)
	if n < 0 {
		return "", false
	}
	v := sc.s[sc.i : sc.i+n]
	sc.i += n + 1
	return v, !strings.ContainsAny(v, "<&")
}

// startTag reads <want ...> or <want .../>. The root may carry any
// attributes; an item none.
func (sc *scanner) startTag(want string, attrs bool) bool {
	if sc.i >= len(sc.s) || sc.s[sc.i] != '<' {
		return false
	}
	sc.i++
	if sc.name(false) != want {
		return false
	}
	for {
		hadSpace := sc.i < len(sc.s) && isSpace(sc.s[sc.i])
		sc.space()
		switch {
		case strings.HasPrefix(sc.s[sc.i:], "/>"):
			sc.i += 2
			sc.selfClosed = true
			return true
		case strings.HasPrefix(sc.s[sc.i:], ">"):
			sc.i++
			sc.selfClosed = false
			return true
		}
		if !attrs || !hadSpace || sc.name(true) == "" {
			return false
		}
		if _, ok := sc.attrValue(); !ok {
			return false
		}
	}
}

// elementStart returns the name of the start tag at the current position
// without consuming it, or "" when there is none.
func (sc *scanner) elementStart() string {
	if sc.i >= len(sc.s) || sc.s[sc.i] != '<' {
		return ""
	}
	at := sc.i
	sc.i++
	name := sc.name(false)
	sc.i = at
	return name
}

// skipElement reads the rest of an element beside the items whose start tag
// has been read: text only, or text-only children, up to its end tag.
func (sc *scanner) skipElement(name string, scratch []field) bool {
	at := sc.i
	sc.space()
	if strings.HasPrefix(sc.s[sc.i:], "<") && !strings.HasPrefix(sc.s[sc.i:], "</") {
		_, ok := sc.children(name, scratch)
		return ok
	}
	sc.i = at
	if _, ok := sc.text(); !ok {
		return false
	}
	return sc.endTag(name)
}

// endTag reads </want>.
func (sc *scanner) endTag(want string) bool {
	if !strings.HasPrefix(sc.s[sc.i:], "</") {
		return false
	}
	sc.i += 2
	if sc.name(false) != want {
		return false
	}
	sc.space()
	if sc.i >= len(sc.s) || sc.s[sc.i] != '>' {
		return false
	}
	sc.i++
	return true
}

// children reads the text-only child elements of an item up to its end tag.
func (sc *scanner) children(item string, fields []field) ([]field, bool) {
	for {
		sc.space()
		if strings.HasPrefix(sc.s[sc.i:], "</") {
			return fields, sc.endTag(item)
		}
		if sc.i >= len(sc.s) || sc.s[sc.i] != '<' {
			return fields, false
		}
		sc.i++
		f := field{name: sc.name(false)}
		if f.name == "" {
			return fields, false
		}
		closed := false
		for !closed {
			hadSpace := sc.i < len(sc.s) && isSpace(sc.s[sc.i])
			sc.space()
			switch {
			case strings.HasPrefix(sc.s[sc.i:], "/>"):
				sc.i += 2
				fields = append(fields, f)
				closed = true
				continue
			case strings.HasPrefix(sc.s[sc.i:], ">"):
				sc.i++
				closed = true
				text, ok := sc.text()
				if !ok || !sc.endTag(f.name) {
					return fields, false
				}
				f.text = text
				fields = append(fields, f)
				continue
			}
			// The only attribute of a child element: xsi:nil="true" (or
			// "1"), once.
			if !hadSpace || sc.name(true) != "xsi:nil" || f.null {
				return fields, false
			}
			if v, ok := sc.attrValue(); !ok || v != "true" && v != "1" {
				return fields, false
			}
			f.null = true
		}
	}
}

// text reads character data up to the next '<', decoding the five named
// entities and normalizing line ends as encoding/xml does.
func (sc *scanner) text() (string, bool) {
	n := strings.IndexByte(sc.s[sc.i:], '<')
	if n < 0 {
		return "", false
	}
	t := sc.s[sc.i : sc.i+n]
	sc.i += n
	if strings.Contains(t, "]]>") {
		return "", false
	}
	if strings.IndexByte(t, '&') >= 0 {
		var ok bool
		if t, ok = unescape(t); !ok {
			return "", false
		}
	}
	if strings.IndexByte(t, '\r') >= 0 {
		t = strings.ReplaceAll(strings.ReplaceAll(t, "\r\n", "\n"), "\r", "\n")
	}
	return t, true
}

var entities = []struct{ name, char string }{
	{"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", `"`}, {"&apos;", "'"},
}

// unescape decodes the five named entities; anything else after & is left
// to encoding/xml.
func unescape(t string) (string, bool) {
	var b strings.Builder
	b.Grow(len(t))
	for {
		n := strings.IndexByte(t, '&')
		if n < 0 {
			b.WriteString(t)
			return b.String(), true
		}
		b.WriteString(t[:n])
		t = t[n:]
		found := false
		for _, e := range entities {
			if strings.HasPrefix(t, e.name) {
				b.WriteString(e.char)
				t = t[len(e.name):]
				found = true
				break
			}
		}
		if !found {
			return "", false
		}
	}
}
