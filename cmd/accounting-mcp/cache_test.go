package main

import (
	"os"
	"path/filepath"
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

// TestMaxCacheFromConfigFile: settings.maxCacheMiB in a config file, a
// number in JSON and YAML, sets the cap; a fraction does not.
func TestMaxCacheFromConfigFile(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		text string
		want int64
		bad  bool
	}{
		"a.json": {text: `{"Settings": {"DataPath": "/tmp", "MaxCacheMiB": 256}}`, want: 256 << 20},
		"b.yaml": {text: "Settings:\n  DataPath: /tmp\n  MaxCacheMiB: 1024\n", want: 1024 << 20},
		"c.json": {text: `{"Settings": {"DataPath": "/tmp", "MaxCacheMiB": 64.5}}`, bad: true},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := loadConfig(parseFlags(t), path, false, envOf())
		switch {
		case tc.bad && (err == nil || !strings.Contains(err.Error(), "Settings__MaxCacheMiB")):
			t.Errorf("%s: error %v; want one naming Settings__MaxCacheMiB", name, err)
		case !tc.bad && (err != nil || c.MaxCacheBytes != tc.want):
			t.Errorf("%s: cap %d, error %v; want %d", name, c.MaxCacheBytes, err, tc.want)
		}
	}
}
