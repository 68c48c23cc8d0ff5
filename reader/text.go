package reader

import (
	"bytes"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// isUTF16 reports whether data starts with a UTF-16 byte-order mark, little
// (FF FE) or big endian (FE FF).
func isUTF16(data []byte) bool {
	return len(data) >= 2 && (data[0] == 0xFF && data[1] == 0xFE || data[0] == 0xFE && data[1] == 0xFF)
}

// decodeText returns the content of a data file as UTF-8 without a
// byte-order mark. The app writes UTF-8 with a BOM; a file saved as UTF-16
// (with its BOM, as Windows tools write it) is converted, so that it reads
// like the UTF-8 original, with the same lines. Anything else is taken to be
// UTF-8, which the parsers check.
func decodeText(rel string, data []byte) ([]byte, error) {
	if !isUTF16(data) {
		return bytes.TrimPrefix(data, utf8BOM), nil
	}
	little := data[0] == 0xFF
	data = data[2:]
	unit := func(i int) uint16 {
		if little {
			return uint16(data[i]) | uint16(data[i+1])<<8
		}
		return uint16(data[i])<<8 | uint16(data[i+1])
	}
	out := make([]byte, 0, len(data)/2+len(data)/8)
	line := 1
	for i := 0; i < len(data); i += 2 {
		if i+1 == len(data) || utf16.IsSurrogate(rune(unit(i))) && i+3 >= len(data) && unit(i) < 0xDC00 {
			return nil, &ParseError{File: rel, Line: line, Kind: KindTruncated, Retryable: true,
				Reason: "UTF-16 file ends inside a character (cut off while being written)"}
		}
		r := rune(unit(i))
		if utf16.IsSurrogate(r) {
			if r >= 0xDC00 || i+3 >= len(data) {
				return nil, utf16Error(rel, line, r)
			}
			pair := utf16.DecodeRune(r, rune(unit(i+2)))
			if pair == utf8.RuneError {
				return nil, utf16Error(rel, line, r)
			}
			r = pair
			i += 2
		}
		if r == '\n' {
			line++
		}
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

func utf16Error(rel string, line int, r rune) *ParseError {
	return &ParseError{File: rel, Line: line, Kind: KindEncoding,
		Reason: fmt.Sprintf("invalid UTF-16: unpaired surrogate %04X", r)}
}
