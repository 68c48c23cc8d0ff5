package resource

import (
	"strings"
	"testing"
)

func TestEscapeAndRoute(t *testing.T) {
	if got, want := URI("Verein Zürichsee", 2025, "chart"), "accounting://Verein%20Z%C3%BCrichsee/2025/chart"; got != want {
		t.Errorf("URI = %q; want %q", got, want)
	}
	if got, want := Escape("A&B/C,d~e"), "A%26B%2FC%2Cd~e"; got != want {
		t.Errorf("Escape = %q; want %q", got, want)
	}
	list := []served{{entry: entry{report: "chart", uri: Scheme + "{mandator}/{year}/chart"}}}
	for _, name := range []string{"Verein Zürichsee", "A&B/C", "Ünïcødé, 100%"} {
		_, args, err := route(list, URI(name, 2026, "chart"))
		if err != nil || args["mandator"] != name || args["year"] != 2026 {
			t.Errorf("route(URI(%q)) = %v, %v; want the name back", name, args, err)
		}
	}
	for uri, want := range map[string]string{
		"accounting://x%zz/2026/chart": "percent-encoded",
		"accounting://x%FF/2026/chart": "UTF-8",
		"accounting://x/999/chart":     "four-digit",
		"accounting://x/2026/ledger":   "unknown resource",
	} {
		if _, _, err := route(list, uri); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("route(%s) error = %v; want %q", uri, err, want)
		}
	}
}
