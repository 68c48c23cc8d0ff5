package httpserve

import (
	"crypto/rand"
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// Exposure is what the operator allowed: listening beyond loopback, and
// serving without a token.
type Exposure struct {
	AllowRemote bool // --allow-remote
	NoAuth      bool // --no-auth
}

// ResolveAddr turns the --http value into the address to listen on and
// checks it against the exposure the operator allowed. A bare port ("8765")
// or an empty host (":8765") means 127.0.0.1, so that the default is
// loopback; listening anywhere else needs AllowRemote, and is never allowed
// without a token. Host names other than localhost count as remote, since
// they may resolve to anything. The errors are one line that says what to do.
func ResolveAddr(addr string, x Exposure) (string, error) {
	addr = strings.TrimSpace(addr)
	if _, err := strconv.ParseUint(addr, 10, 16); err == nil {
		addr = ":" + addr
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return "", fmt.Errorf("--http %q is not an address: use HOST:PORT, e.g. 127.0.0.1:8765", addr)
	}
	if _, err := strconv.ParseUint(port, 10, 16); err != nil {
		return "", fmt.Errorf("--http %q has no valid port: use HOST:PORT, e.g. 127.0.0.1:8765", addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	resolved := net.JoinHostPort(host, port)
	if IsLoopback(host) {
		return resolved, nil
	}
	if x.NoAuth {
		return "", fmt.Errorf("--no-auth is refused on the non-loopback address %s: it is for local testing only; listen on 127.0.0.1 or drop --no-auth", resolved)
	}
	if !x.AllowRemote {
		return "", fmt.Errorf("--http %s is not a loopback address: pass --allow-remote as well to serve other machines (token required), or listen on 127.0.0.1:%s", resolved, port)
	}
	return resolved, nil
}

// IsLoopback reports whether host (a name or an IP, without port) is
// localhost or a loopback IP.
func IsLoopback(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Unmap().IsLoopback()
}

// NewToken returns a random bearer token of 256 bits: two crypto/rand.Text,
// each 26 base32 characters carrying 128 bits (52 characters in all).
func NewToken() string { return rand.Text() + rand.Text() }
