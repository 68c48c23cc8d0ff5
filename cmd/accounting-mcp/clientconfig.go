package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
)

// dataPathPlaceholder stands for the data folder in a configuration printed
// without one; stderr says to replace it.
const dataPathPlaceholder = "<your AccountingNext data folder>"

// A clientSetup prints the configuration of one MCP client for a server
// started as argv; note says where it goes.
type clientSetup struct {
	note  string
	write func(w io.Writer, argv []string) error
}

// clientSetups are the clients `config` knows, by name.
var clientSetups = map[string]clientSetup{
	"claude-desktop": {
		note: "paste into claude_desktop_config.json (Settings → Developer → Edit Config; macOS: ~/Library/Application Support/Claude/, Windows: %APPDATA%\\Claude\\), merging mcpServers with any servers already there, then restart Claude Desktop",
		write: func(w io.Writer, argv []string) error {
			type server struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			}
			return writeJSON(w, map[string]any{"mcpServers": map[string]server{"accounting": {argv[0], argv[1:]}}})
		},
	},
	"claude-code": {
		note: "run this command once; --scope user makes the server available in every project (`claude mcp list` then shows it connected)",
		write: func(w io.Writer, argv []string) error {
			words := []string{"claude", "mcp", "add", "--scope", "user", "accounting", "--"}
			for _, a := range argv {
				words = append(words, shellQuote(a))
			}
			_, err := fmt.Fprintln(w, strings.Join(words, " "))
			return err
		},
	},
	"mcphost": {
		// v0.34.0 (its last release) splits -m at the first colon and rejects
		// ollama/MODEL; only builds of its main branch take the slash form.
		note: "save as ~/.mcphost.json (or merge mcpServers into it), then run mcphost -m ollama:MODEL (mcphost v0.34.0, its last release; builds of its main branch take ollama/MODEL)",
		write: func(w io.Writer, argv []string) error {
			// mcphost passes a server's environment only from
			// "environment", never from "env"; the flags need neither.
			type server struct {
				Type    string   `json:"type"`
				Command []string `json:"command"`
			}
			return writeJSON(w, map[string]any{"mcpServers": map[string]server{"accounting": {"local", argv}}})
		},
	},
}

// runConfig prints the configuration that starts this binary, with the
// configured data path, privacy mode and default mandator as flags, in the
// form the named client reads. It writes no file.
func runConfig(_ context.Context, e *cmdEnv, args []string) error {
	known := make([]string, 0, len(clientSetups))
	for name := range clientSetups {
		known = append(known, name)
	}
	sort.Strings(known)
	if len(args) != 1 {
		return usageError{fmt.Errorf("config needs the client's name: one of %s", strings.Join(known, ", "))}
	}
	setup, ok := clientSetups[args[0]]
	if !ok {
		return usageError{fmt.Errorf("unknown client %q: use one of %s", args[0], strings.Join(known, ", "))}
	}
	if e.cfg.HTTP.Addr != "" {
		return usageError{errors.New("config prints a setup that starts the server over stdio; leave out --http (Mcp__Http__Addr)")}
	}
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("finding this binary's path: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(bin); err == nil {
		bin = resolved
	}
	if where := transientBuild(bin, os.TempDir()); where != "" {
		fmt.Fprintf(e.stderr, "note: %s is in %s, which does not keep it: the command printed below stops working once it is gone; run `go install ./cmd/accounting-mcp` (or unpack a release) and run config from the installed binary\n", bin, where)
	}
	argv, err := serverArgs(e.cfg, bin)
	if err != nil {
		return err
	}
	if !e.cfg.Demo && e.cfg.DataPath == "" {
		fmt.Fprintf(e.stderr, "note: no data path given: replace %q with your AccountingNext data folder, or run config again with --data-path DIR\n", dataPathPlaceholder)
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", args[0], setup.note)
	return setup.write(e.stdout, argv)
}

// transientBuild says where bin lives if that place does not keep it: the
// Go build cache (`go run` builds there), Go's temporary work folders, or
// the temporary folder tmp; "" for a binary that stays.
func transientBuild(bin, tmp string) string {
	sep := string(filepath.Separator)
	switch {
	case strings.Contains(bin, sep+"go-build"):
		return "the Go build cache (a go run build)"
	case tmp != "" && inFolder(bin, tmp):
		return "the temporary folder " + tmp
	}
	return ""
}

// inFolder reports whether path is inside dir (both cleaned; the case of
// letters is ignored on Windows, whose file names ignore it).
func inFolder(path, dir string) bool {
	rel, err := filepath.Rel(filepath.Clean(dir), filepath.Clean(path))
	if runtime.GOOS == "windows" {
		rel, err = filepath.Rel(strings.ToLower(filepath.Clean(dir)), strings.ToLower(filepath.Clean(path)))
	}
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// serverArgs returns the command line that starts the configured server:
// the binary, then --demo or the absolute data path, the privacy mode and
// the default mandator if one is set.
func serverArgs(c Config, bin string) ([]string, error) {
	argv := []string{bin}
	switch {
	case c.Demo:
		argv = append(argv, "--demo")
	case c.DataPath == "":
		argv = append(argv, "--data-path", dataPathPlaceholder)
	default:
		abs, err := filepath.Abs(c.DataPath)
		if err != nil {
			return nil, fmt.Errorf("data path %q: %w", c.DataPath, err)
		}
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			return nil, fmt.Errorf("data path %q is not a folder: set --data-path to the AccountingNext data folder", c.DataPath)
		}
		argv = append(argv, "--data-path", abs)
	}
	argv = append(argv, "--privacy", c.Privacy.String())
	if c.DefaultMandator != "" && !(c.Demo && c.DefaultMandator == demoMandator) {
		argv = append(argv, "--mandator", c.DefaultMandator)
	}
	return argv, nil
}

// writeJSON writes v as indented JSON, without escaping <, > and &.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// shellQuote quotes s for the shell the command is pasted into: POSIX
// single quotes, or double quotes on Windows (PowerShell and cmd).
func shellQuote(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || slices.Contains([]rune("-_./:=@%+,"), r))
	}) {
		return s
	}
	if runtime.GOOS == "windows" {
		return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
