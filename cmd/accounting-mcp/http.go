package main

import (
	"context"
	"fmt"
	"net"

	"github.com/accounting-mcp/accounting-mcp/cmd/accounting-mcp/internal/httpserve"
	"github.com/accounting-mcp/accounting-mcp/tools"
)

// HTTPConfig is the configuration of HTTP mode.
type HTTPConfig struct {
	Addr        string // mcp.http.addr, --http; empty serves stdio
	Token       string // mcp.http.token; empty generates one per run
	AllowRemote bool   // --allow-remote: a non-loopback Addr is wanted
	NoAuth      bool   // --no-auth: no token, on loopback only
}

// serveHTTP serves the MCP server over Streamable HTTP until ctx is done.
// Every refusal to start is a one-line error, like other configuration
// errors. A generated token is written to stderr once, outside the log, and
// the token is never logged.
func serveHTTP(ctx context.Context, e *cmdEnv, source string) error {
	h := e.cfg.HTTP
	addr, err := httpserve.ResolveAddr(h.Addr, httpserve.Exposure{AllowRemote: h.AllowRemote, NoAuth: h.NoAuth})
	if err != nil {
		return err
	}
	token, auth := h.Token, "bearer token"
	switch {
	case h.NoAuth:
		token, auth = "", "none (--no-auth)"
	case token != "":
		if err := httpserve.CheckToken(token); err != nil {
			return err
		}
		auth = "bearer token (configured)"
	default:
		token, auth = httpserve.NewToken(), "bearer token (generated, printed above)"
	}
	srv, err := httpserve.New(httpserve.Options{Server: e.server, Token: token, NoAuth: h.NoAuth, Logger: e.logs.app, SDKLogger: e.logs.sdk})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--http %s: %w: choose another address or port", addr, err)
	}
	if !h.NoAuth && h.Token == "" {
		fmt.Fprintf(e.stderr, "accounting-mcp: no Mcp__Http__Token configured; the token of this run (shown only here) is: %s\n", token)
	}
	e.logs.app.Info("serving over HTTP", "url", "http://"+ln.Addr().String()+httpserve.Path, "auth", auth,
		"privacy", e.cfg.Privacy.String(), "books", source, "tools", len(tools.Catalog(e.cfg.Privacy)),
		"cacheMiB", e.cfg.cacheBytes()>>20)
	return httpserve.Serve(ctx, srv, ln)
}
