package stdioguard

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// readable reports whether line, valid JSON, is certainly a request or
// notification that jsonrpc.DecodeMessage reads: an object in valid UTF-8
// whose keys have no escapes, each of jsonrpc, id and method at most once,
// "jsonrpc":"2.0", a string method other than initialize (whose revision
// check notes), and no id, a null one, a string one or a whole number of
// at most 15 digits. Every other line takes the full check, which decodes
// it as the SDK will; readable only spares the common line that full
// decoding, which allocates a 32 KB buffer in the SDK's decoder and was the
// largest cost a warm call had beyond the SDK's own. FuzzReadable checks
// that what it passes, DecodeMessage reads.
func readable(line []byte) bool {
	if !utf8.Valid(line) {
		return false
	}
	s := scanner{b: line}
	s.space()
	if !s.byte('{') {
		return false
	}
	var version, id, method []byte
	for {
		s.space()
		key, ok := s.key()
		if !ok {
			return false
		}
		s.space()
		if !s.byte(':') {
			return false
		}
		s.space()
		value, ok := s.value()
		if !ok {
			return false
		}
		var slot *[]byte
		switch string(key) {
		case "jsonrpc":
			slot = &version
		case "id":
			slot = &id
		case "method":
			slot = &method
		}
		if slot != nil {
			if *slot != nil {
				return false // a key twice
			}
			*slot = value
		}
		s.space()
		if s.byte('}') {
			break
		}
		if !s.byte(',') {
			return false
		}
	}
	return string(version) == `"2.0"` && goodMethod(method) && goodID(id)
}

// goodMethod accepts a string other than initialize.
func goodMethod(m []byte) bool {
	return len(m) >= 2 && m[0] == '"' && string(m) != `"initialize"`
}

// goodID accepts no id, null, a string, and a whole number of at most 15
// digits, which a float64 holds exactly.
func goodID(id []byte) bool {
	switch {
	case id == nil || string(id) == "null" || id[0] == '"':
		return true
	case id[0] == '-':
		id = id[1:]
	}
	if len(id) == 0 || len(id) > 15 || len(id) > 1 && id[0] == '0' {
		return false
	}
	for _, c := range id {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// A scanner walks the top level of a line that json.Valid accepted.
type scanner struct {
	b []byte
	i int
}

func (s *scanner) space() {
	for s.i < len(s.b) && (s.b[s.i] == ' ' || s.b[s.i] == '\t' || s.b[s.i] == '\n' || s.b[s.i] == '\r') {
		s.i++
	}
}

func (s *scanner) byte(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

// key returns a key without its quotes, refusing one with an escape.
func (s *scanner) key() ([]byte, bool) {
	str, ok := s.str()
	if !ok || bytes.IndexByte(str, '\\') >= 0 {
		return nil, false
	}
	return str[1 : len(str)-1], true
}

// str returns the string at the scanner, with its quotes.
func (s *scanner) str() ([]byte, bool) {
	start := s.i
	if !s.byte('"') {
		return nil, false
	}
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case '\\':
			s.i += 2
		case '"':
			s.i++
			return s.b[start:s.i], true
		default:
			s.i++
		}
	}
	return nil, false
}

// value returns the value at the scanner: a string, an object or array
// (with what is nested in it), or a literal.
func (s *scanner) value() ([]byte, bool) {
	start := s.i
	if s.i >= len(s.b) {
		return nil, false
	}
	switch s.b[s.i] {
	case '"':
		return s.str()
	case '{', '[':
		depth := 0
		for s.i < len(s.b) {
			switch s.b[s.i] {
			case '"':
				if _, ok := s.str(); !ok {
					return nil, false
				}
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}
			s.i++
			if depth == 0 {
				return s.b[start:s.i], true
			}
		}
		return nil, false
	}
	for s.i < len(s.b) && strings.IndexByte(",}] \t\n\r", s.b[s.i]) < 0 {
		s.i++
	}
	return s.b[start:s.i], s.i > start
}
