package httpserve

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Path is the one path that is served; every other path is 404.
const Path = "/mcp"

// The defaults of Options.
const (
	DefaultMaxBodyBytes      = 1 << 20 // a tools/call is a few hundred bytes
	DefaultBodyTimeout       = 30 * time.Second
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultIdleTimeout       = 2 * time.Minute
)

// MinTokenLength is the shortest configured token accepted.
const MinTokenLength = 16

// Options configure the HTTP server. Server is required, and Token unless
// NoAuth is set; zero limits take the defaults above.
type Options struct {
	Server    *mcp.Server
	Token     string // the bearer token clients must send
	NoAuth    bool   // serve without a token (loopback only; checked by ResolveAddr)
	Logger    *slog.Logger
	SDKLogger *slog.Logger

	MaxBodyBytes      int64         // larger request bodies get 413
	BodyTimeout       time.Duration // time to send the body once the headers are in
	ReadHeaderTimeout time.Duration // time to send the request headers
	IdleTimeout       time.Duration // keep-alive connections between requests
}

// CheckToken reports whether a configured token is acceptable.
func CheckToken(token string) error {
	if len(token) < MinTokenLength || strings.ContainsAny(token, " \t\r\n") {
		return fmt.Errorf("mcp.http.token (Mcp__Http__Token) must be at least %d characters without spaces, e.g. the output of `openssl rand -hex 32`; or leave it unset to get a generated one", MinTokenLength)
	}
	return nil
}

// Handler returns the HTTP handler: the SDK's stateless Streamable HTTP
// handler at Path behind the guard, with unknown methods answered -32601
// (methodNotFound), and 404 everywhere else.
func Handler(o Options) (http.Handler, error) {
	o, err := o.withDefaults()
	if err != nil {
		return nil, err
	}
	sdk := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return o.Server }, &mcp.StreamableHTTPOptions{
		// Stateless serves 2026-07-28 as well as the initialize-based
		// revisions; the tools keep no session state. Answers are single
		// JSON bodies: no tool streams, and JSON passes proxies and tunnels
		// that buffer event streams (subscriptions/listen still streams).
		// The SDK's Host check (DNS rebinding protection) stays on.
		Stateless:           true,
		JSONResponse:        true,
		Logger:              o.SDKLogger,
		MaxRequestBodyBytes: o.MaxBodyBytes,
	})
	return handler(o, methodNotFound(sdk)), nil
}

// handler puts inner behind the guard at Path.
func handler(o Options, inner http.Handler) http.Handler {
	g := &guard{maxBody: o.MaxBodyBytes, bodyTimeout: o.BodyTimeout, log: o.Logger}
	if !o.NoAuth {
		d := sha256.Sum256([]byte(o.Token))
		g.digest = &d
	}
	mux := http.NewServeMux()
	mux.Handle(Path, g.wrap(inner))
	return mux
}

// New returns an http.Server for o. It has no ReadTimeout and no
// WriteTimeout on purpose: both would cut off a response that streams for
// long (an SSE stream, a 2026-07-28 subscriptions/listen); the body is
// bounded in time by the guard instead, and headers by ReadHeaderTimeout.
func New(o Options) (*http.Server, error) {
	h, err := Handler(o)
	if err != nil {
		return nil, err
	}
	o, _ = o.withDefaults()
	return newHTTPServer(o, h), nil
}

// newHTTPServer returns the http.Server serving h with the limits of o.
func newHTTPServer(o Options, h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: o.ReadHeaderTimeout,
		IdleTimeout:       o.IdleTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelWarn),
	}
}

// Serve serves srv on ln until ctx is done, then shuts down gracefully,
// giving requests in flight a few seconds to finish.
func Serve(ctx context.Context, srv *http.Server, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func (o Options) withDefaults() (Options, error) {
	if o.Server == nil {
		return o, errors.New("httpserve: no MCP server")
	}
	if !o.NoAuth && o.Token == "" {
		return o, errors.New("httpserve: no token, and NoAuth is not set")
	}
	return o.fill(), nil
}

// fill sets the defaults of unset limits and loggers.
func (o Options) fill() Options {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.SDKLogger == nil {
		o.SDKLogger = slog.New(slog.DiscardHandler)
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	for _, l := range []struct {
		v *time.Duration
		d time.Duration
	}{{&o.BodyTimeout, DefaultBodyTimeout}, {&o.ReadHeaderTimeout, DefaultReadHeaderTimeout}, {&o.IdleTimeout, DefaultIdleTimeout}} {
		if *l.v <= 0 {
			*l.v = l.d
		}
	}
	return o
}
