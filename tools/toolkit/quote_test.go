package toolkit

import "testing"

// TestClipAt checks the one truncation of messages at its edges: a text of
// exactly n bytes is kept, a longer one is cut on a character boundary
// (never inside the two bytes of "ä") and marked with "…".
func TestClipAt(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 3, "abc"},
		{"abcd", 3, "abc…"},
		{"abä", 4, "abä"}, // 4 bytes: "ä" is 2
		{"abä", 3, "ab…"},
		{"abäx", 3, "ab…"},
		{"abäx", 4, "abä…"},
		{"", 0, ""},
		{"ä", 1, "…"},
	} {
		if got := ClipAt(c.in, c.n); got != c.want {
			t.Errorf("ClipAt(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
