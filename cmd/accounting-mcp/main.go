// Command accounting-mcp serves AccountingNext books to MCP clients.
//
// Usage:
//
//	accounting-mcp [flags] [serve]          MCP over stdio (default), or HTTP with --http ADDR
//	accounting-mcp [flags] tools            list the tools of the privacy mode
//	accounting-mcp [flags] call TOOL [JSON] run one tool and print its result
//	accounting-mcp [flags] doctor           check every mandator-year; exit 1 on errors
//	accounting-mcp [flags] export [--year YEAR] [--format journal|csv] [--out FILE]
//	                                        write a mandator's books for ledger/hledger, or as CSV
//	accounting-mcp [flags] config CLIENT    print the setup of claude-desktop, claude-code or mcphost
//	accounting-mcp --version                print the version
//
// Configuration comes from defaults, a --config file, the environment
// (Settings__DataPath, Settings__DefaultMandator, Mcp__Privacy, Fx__EUR, …)
// and flags, later ones winning. Logs go to stderr; stdout carries only the
// MCP protocol (or, for tools and call, the command's answer).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/stdioguard"
	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// onConfig, when set, is called with the configuration once it is read:
// main sets it to derive the memory limit from the cache's cap (tests,
// which call run in their own process, leave it nil).
var onConfig func(Config)

func main() {
	tuneGC(os.Getenv)
	onConfig = func(c Config) { limitMemory(os.Getenv, c.cacheBytes()) }
	// Clients stop a server with SIGTERM (Claude Desktop) or Ctrl-C; both end
	// serving cleanly, so an HTTP server finishes the requests under way.
	// call, doctor and export stop too: every read of the books honours ctx.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, environ))
}

// exitInterrupted is the exit status of a command ended by SIGINT or
// SIGTERM before it finished, as shells report 128 + SIGINT.
const exitInterrupted = 130

// usageError marks errors that should print the usage.
type usageError struct{ error }

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, environ func() []string) int {
	fs, opts := newFlagSet(stderr)
	cmd, rest, ok := parseArgs(fs, args)
	if !ok {
		return 2
	}
	if *opts.version {
		printVersion(stdout)
		return 0
	}
	cfg, err := loadConfig(fs, *opts.configFile, *opts.demo, environ)
	// The commands that read no books run without a data path.
	if errors.Is(err, errNoDataPath) && commands[cmd].noBooks {
		err = nil
	}
	if err != nil {
		fmt.Fprintln(stderr, "accounting-mcp:", err)
		return 2
	}
	cfg.HTTP.AllowRemote, cfg.HTTP.NoAuth = *opts.allowRemote, *opts.noAuth
	if onConfig != nil {
		onConfig(cfg)
	}
	logs := loggers{
		app: slog.New(slog.NewTextHandler(stderr, nil)),
		// The SDK logs every session at info level; only its warnings matter.
		sdk: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	err = dispatch(ctx, cmd, rest, cfg, logs, fs, stdin, stdout, stderr)
	return exitCode(ctx, err, fs, stderr)
}

// cliOptions are the flags read before the configuration; the others
// (--data-path, --mandator, --privacy, --http) are configuration keys
// (flagKeys) that loadConfig reads from the flag set.
type cliOptions struct {
	configFile                         *string
	demo, allowRemote, noAuth, version *bool
}

// newFlagSet defines the common flags; their usage goes to stderr.
func newFlagSet(stderr io.Writer) (*flag.FlagSet, cliOptions) {
	fs := flag.NewFlagSet("accounting-mcp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o cliOptions
	o.configFile = fs.String("config", "", "configuration file (.json, .yaml or .toml)")
	o.demo = fs.Bool("demo", false, "serve the demo books embedded in the binary")
	fs.String("data-path", "", "AccountingNext data folder (Settings__DataPath)")
	fs.String("mandator", "", "default mandator (Settings__DefaultMandator)")
	fs.String("privacy", "", "privacy mode: Full, Aggregate or Local (Mcp__Privacy)")
	fs.String("http", "", "serve Streamable HTTP at this address, e.g. 127.0.0.1:8765 (Mcp__Http__Addr)")
	fs.String("max-cache-mib", "", "memory for cached books in MiB, at least 32 (Settings__MaxCacheMiB; default 512)")
	o.allowRemote = fs.Bool("allow-remote", false, "with --http: allow a non-loopback address (a token is then required)")
	o.noAuth = fs.Bool("no-auth", false, "with --http on loopback: serve without a bearer token (local testing only)")
	o.version = fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() {
		var usages []string
		for _, c := range commands {
			usages = append(usages, c.usage)
		}
		sort.Strings(usages)
		fmt.Fprintf(stderr, "usage: accounting-mcp [flags] [%s]\n", strings.Join(usages, " | "))
		fs.PrintDefaults()
	}
	return fs, o
}

// parseArgs parses the flags before and after the command, adding the
// command's own flags once it is named, and returns the command ("serve"
// when none is named) and its arguments; ok is false when the flags are
// wrong (the flag package has said why).
func parseArgs(fs *flag.FlagSet, args []string) (cmd string, rest []string, ok bool) {
	if err := fs.Parse(args); err != nil {
		return "", nil, false
	}
	cmd, rest = "serve", fs.Args()
	if len(rest) > 0 {
		cmd, rest = rest[0], rest[1:]
		if own := commands[cmd].flags; own != nil {
			own(fs) // the command's own flags, which follow it
		}
		// Flags may also follow the command and its arguments
		// (config claude-desktop --data-path DIR); "--" ends them.
		var positional []string
		for {
			if err := fs.Parse(rest); err != nil {
				return "", nil, false
			}
			left := fs.Args()
			if len(left) == 0 {
				break
			}
			if n := len(rest) - len(left); n > 0 && rest[n-1] == "--" {
				positional = append(positional, left...)
				break
			}
			positional, rest = append(positional, left[0]), left[1:]
		}
		rest = positional
	}
	return cmd, rest, true
}

// exitCode reports a command's error on stderr and returns the exit status:
// 0, 1 for a tool that answered with an error, 2 for bad usage or
// configuration and other failures, exitInterrupted after SIGINT or SIGTERM.
func exitCode(ctx context.Context, err error, fs *flag.FlagSet, stderr io.Writer) int {
	var ue usageError
	switch {
	case err != nil && ctx.Err() != nil:
		// SIGINT or SIGTERM (main's ctx): whatever was under way stopped.
		fmt.Fprintln(stderr, "accounting-mcp: interrupted")
		return exitInterrupted
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "accounting-mcp:", err)
		fs.Usage()
		return 2
	case errors.Is(err, errToolFailed):
		return 1
	case err != nil:
		fmt.Fprintln(stderr, "accounting-mcp:", err)
		return 2
	}
	return 0
}

// loggers are the application's log and the quieter one handed to the SDK.
type loggers struct{ app, sdk *slog.Logger }

// cmdEnv is what every subcommand gets: the configuration, the opened books,
// the MCP server built for them, and the process's streams.
type cmdEnv struct {
	cfg    Config
	store  *reader.Store
	server *mcp.Server
	logs   loggers
	flags  *flag.FlagSet // the parsed flags, with the command's own (see command.flags)
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer // for what must be shown once and never logged (a generated token)
}

// A command is one subcommand of the binary. A command with noBooks reads
// no books: it gets no store and no server, and runs without a data path.
// flags, when set, defines the command's own flags; run adds them to the
// flag set when the command is named, so that they may follow it like the
// common flags.
type command struct {
	usage   string
	run     func(ctx context.Context, e *cmdEnv, args []string) error
	noBooks bool
	flags   func(*flag.FlagSet)
}

// commands is the table of subcommands; "serve" is the default.
var commands = map[string]command{
	"serve":  {usage: "serve", run: runServe},
	"tools":  {usage: "tools", run: runTools},
	"call":   {usage: "call TOOL [JSON]", run: runCall},
	"doctor": {usage: "doctor", run: runDoctor},
	"export": {usage: "export [--year YEAR] [--format journal|csv] [--out FILE]", run: runExport, flags: exportFlags},
	"config": {usage: "config claude-desktop|claude-code|mcphost", run: runConfig, noBooks: true},
}

func dispatch(ctx context.Context, name string, args []string, cfg Config, logs loggers, flags *flag.FlagSet, stdin io.Reader, stdout, stderr io.Writer) error {
	cmd, ok := commands[name]
	if !ok {
		return usageError{fmt.Errorf("unknown command %q", name)}
	}
	if cmd.noBooks {
		return cmd.run(ctx, &cmdEnv{cfg: cfg, logs: logs, flags: flags, stdin: stdin, stdout: stdout, stderr: stderr}, args)
	}
	store, err := openStore(cfg)
	if err != nil {
		return err
	}
	server := tools.NewServer(tools.Options{
		Store: store, Privacy: cfg.Privacy, DefaultMandator: cfg.DefaultMandator,
		Rates: cfg.Rates, Logger: logs.sdk, Version: serverVersion(), MinPostings: cfg.MinPostings, Periods: cfg.Periods, CurrentYear: cfg.CurrentYear, CashAccounts: cfg.CashAccounts,
	})
	return cmd.run(ctx, &cmdEnv{cfg: cfg, store: store, server: server, logs: logs, flags: flags, stdin: stdin, stdout: stdout, stderr: stderr}, args)
}

func runTools(ctx context.Context, e *cmdEnv, args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("tools takes no arguments, got %q", args)}
	}
	return listTools(ctx, e.server, e.stdout)
}

func runCall(ctx context.Context, e *cmdEnv, args []string) error {
	if len(args) < 1 || len(args) > 2 {
		return usageError{errors.New("call needs a tool name and optionally its arguments as JSON")}
	}
	input := "{}"
	if len(args) == 2 {
		input = args[1]
	}
	return callTool(ctx, e.server, args[0], input, e.stdout, e.stderr)
}

func runServe(ctx context.Context, e *cmdEnv, args []string) error {
	if len(args) > 0 {
		return usageError{fmt.Errorf("serve takes no arguments, got %q", args)}
	}
	source := "data path " + e.cfg.DataPath
	if e.cfg.Demo {
		source = "embedded demo books"
	}
	if e.cfg.HTTP.Addr != "" {
		return serveHTTP(ctx, e, source)
	}
	e.logs.app.Info("serving over stdio", "privacy", e.cfg.Privacy.String(), "books", source, "tools", len(tools.Catalog(e.cfg.Privacy)),
		"cacheMiB", e.cfg.cacheBytes()>>20)
	// The guard answers lines the SDK's transport cannot read (it would end
	// the session) with a JSON-RPC error, and passes the rest on.
	in, out := stdioguard.Guard(e.stdin, e.stdout, mcp.DefaultMaxLineLength)
	err := e.server.Run(ctx, &mcp.IOTransport{Reader: in, Writer: out})
	if errors.Is(err, context.Canceled) || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

func demoStore() *reader.Store { return reader.OpenFS(fixtures.DemoFS(), "embedded:demo") }
