package main

import (
	"strings"
	"testing"
)

// TestMaxCacheSetting: Settings__MaxCacheMiB (or --max-cache-mib) sets the
// cap that doctor reports; a cap that is not a whole number of MiB, or is
// below 32, stops start-up with one line naming the setting and what to
// set.
func TestMaxCacheSetting(t *testing.T) {
	withProgressAfter(t, 1<<62)
	for _, tc := range []struct {
		env  []string
		args []string
		want string
	}{
		{nil, nil, "cache: 512 MiB for parsed books (Settings__MaxCacheMiB)\n"},
		{[]string{"Settings__MaxCacheMiB=128"}, nil, "cache: 128 MiB for parsed books"},
		{nil, []string{"--max-cache-mib", "64"}, "cache: 64 MiB for parsed books"},
		{[]string{"Settings__MaxCacheMiB=128"}, []string{"--max-cache-mib", "32"}, "cache: 32 MiB for parsed books"},
	} {
		_, out, errOut := runCLI(t, tc.env, append(append([]string{"--demo"}, tc.args...), "doctor")...)
		if !strings.Contains(out, tc.want) {
			t.Errorf("%v %v: doctor says\n%s\nstderr %s\nwant %q", tc.env, tc.args, out, errOut, tc.want)
		}
	}
	for _, bad := range []string{"31", "0", "-5", "1.5", "512MiB", "lots"} {
		code, out, errOut := runCLI(t, []string{"Settings__MaxCacheMiB=" + bad}, "--demo", "tools")
		want := `accounting-mcp: Settings__MaxCacheMiB="` + bad + `" is not valid: set it to the memory for cached books, a whole number of MiB of at least 32 (default 512)` + "\n"
		if code != 2 || out != "" || errOut != want {
			t.Errorf("Settings__MaxCacheMiB=%s: exit %d, stdout %q, stderr %q; want 2 and %q", bad, code, out, errOut, want)
		}
	}
}
