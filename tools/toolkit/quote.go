package toolkit

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// quoteMax is how many bytes of an argument a message quotes: enough to
// recognize it, never a client's 8 MiB argument sent back whole.
const quoteMax = 80

// Quote returns s quoted for a message, shortened to about quoteMax bytes
// with its full length noted: "Claudio Schaad", or "xxxx…" (8388608 bytes).
func Quote(s string) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s (%d bytes)", strconv.Quote(cut(s, quoteMax)+"…"), len(s))
}

// Clip shortens a text that may quote a client's value, for a message.
func Clip(s string) string { return ClipAt(s, 2*quoteMax) }

// ClipAt returns s if it has at most n bytes, else its first n bytes or
// fewer, ending on a character boundary, and "…". It is the one truncation
// of messages: the stdio guard uses it too, with its own bound.
func ClipAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return cut(s, n) + "…"
}

// cut returns at most n bytes of s, ending on a character boundary.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// shortJSON returns raw JSON for a message, shortened like Quote.
func shortJSON(raw []byte) string {
	if len(raw) <= quoteMax {
		return string(raw)
	}
	return fmt.Sprintf("%s… (%d bytes)", cut(string(raw), quoteMax), len(raw))
}

// describe wraps a value for messages: its JSON, shortened.
func describe(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return Clip(fmt.Sprint(v))
	}
	return shortJSON(b)
}
