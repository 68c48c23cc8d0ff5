package httpserve

import (
	"bytes"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

// guard checks every request to /mcp before the SDK sees it.
type guard struct {
	digest      *[sha256.Size]byte // SHA-256 of the token; nil serves without auth
	maxBody     int64
	bodyTimeout time.Duration
	log         *slog.Logger
}

// wrap returns next behind the checks, in this order: origin (403), bearer
// token (401), request body size and time (413, 408, 400).
func (g *guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !originAllowed(r) {
			g.reject(w, r, http.StatusForbidden, "foreign Origin", "Forbidden: requests from this Origin are not accepted")
			return
		}
		if g.digest != nil {
			if reason := g.checkToken(r); reason != "" {
				challenge := `Bearer realm="accounting-mcp"`
				if r.Header.Get("Authorization") != "" {
					challenge += `, error="invalid_token"`
				}
				w.Header().Set("WWW-Authenticate", challenge)
				g.reject(w, r, http.StatusUnauthorized, reason, "Unauthorized: send Authorization: Bearer <token> (the token the server printed at start-up, or Mcp__Http__Token)")
				return
			}
		}
		if !g.readBody(w, r) {
			return
		}
		next.ServeHTTP(w, r)
	})
}

// checkToken returns why r is not authorized, or "" when it carries the
// token. The comparison is of SHA-256 digests in constant time, so that
// neither the token's bytes nor its length leak through timing.
func (g *guard) checkToken(r *http.Request) string {
	h := r.Header.Values("Authorization")
	if len(h) == 0 {
		return "no Authorization header"
	}
	scheme, given, ok := strings.Cut(strings.TrimSpace(h[0]), " ")
	if len(h) > 1 || !ok || !strings.EqualFold(scheme, "Bearer") {
		return "Authorization is not one Bearer token"
	}
	d := sha256.Sum256([]byte(strings.TrimSpace(given)))
	if subtle.ConstantTimeCompare(d[:], g.digest[:]) != 1 {
		return "wrong bearer token"
	}
	return ""
}

// originAllowed reports whether r may be served given its Origin header:
// requests without one (every non-browser client) are, and so are browser
// requests from a loopback origin (http://localhost:…, http://127.0.0.1:…,
// http://[::1]:…) or from the very host the request is addressed to. Any
// other origin — a web page elsewhere — is refused, as is "null".
func originAllowed(r *http.Request) bool {
	origins := r.Header.Values("Origin")
	if len(origins) == 0 || len(origins) == 1 && origins[0] == "" {
		return true
	}
	if len(origins) > 1 {
		return false
	}
	u, err := url.Parse(origins[0])
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopback(u.Hostname()) || strings.EqualFold(u.Host, r.Host)
}

// readBody reads the whole request body within the size limit and the body
// timeout, then clears the read deadline again, so that a slow client
// cannot hold a connection by trickling its body while a request that has
// been read may run and stream its answer for as long as it needs.
func (g *guard) readBody(w http.ResponseWriter, r *http.Request) bool {
	if r.Body == nil || r.Body == http.NoBody {
		return true
	}
	if r.ContentLength > g.maxBody {
		g.reject(w, r, http.StatusRequestEntityTooLarge, "body too large", "Request Entity Too Large: the limit is "+sizeString(g.maxBody))
		return false
	}
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Now().Add(g.bodyTimeout)) // unsupported only by test recorders
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, g.maxBody))
	_ = rc.SetReadDeadline(time.Time{})
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		g.reject(w, r, http.StatusRequestEntityTooLarge, "body too large", "Request Entity Too Large: the limit is "+sizeString(g.maxBody))
		return false
	case errors.Is(err, os.ErrDeadlineExceeded):
		w.Header().Set("Connection", "close")
		g.reject(w, r, http.StatusRequestTimeout, "body too slow", "Request Timeout: the body did not arrive in time")
		return false
	case err != nil:
		g.reject(w, r, http.StatusBadRequest, "unreadable body", "Bad Request: the body could not be read")
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	return true
}

// reject answers with status and a plain-text message, and logs why at
// debug level. It never logs headers, so no token reaches a log.
func (g *guard) reject(w http.ResponseWriter, r *http.Request, status int, reason, msg string) {
	g.log.Debug("http request rejected", "status", status, "reason", reason,
		"method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr)
	http.Error(w, msg, status)
}

func sizeString(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
