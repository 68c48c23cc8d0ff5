package httpserve

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestResolveAddr(t *testing.T) {
	remote, noAuth := Exposure{AllowRemote: true}, Exposure{NoAuth: true}
	for _, c := range []struct {
		addr    string
		x       Exposure
		want    string
		wantErr string // a part of the error; "" for none
	}{
		{"8765", Exposure{}, "127.0.0.1:8765", ""},
		{":8765", Exposure{}, "127.0.0.1:8765", ""},
		{"127.0.0.1:8765", Exposure{}, "127.0.0.1:8765", ""},
		{"127.0.0.2:0", Exposure{}, "127.0.0.2:0", ""},
		{"localhost:8765", Exposure{}, "localhost:8765", ""},
		{"[::1]:8765", Exposure{}, "[::1]:8765", ""},
		{"127.0.0.1:8765", noAuth, "127.0.0.1:8765", ""},
		{"0.0.0.0:8765", Exposure{}, "", "--allow-remote"},
		{"192.168.1.20:8765", Exposure{}, "", "--allow-remote"},
		{"[::]:8765", Exposure{}, "", "--allow-remote"},
		{"myhost.example:8765", Exposure{}, "", "--allow-remote"},
		{"0.0.0.0:8765", remote, "0.0.0.0:8765", ""},
		{"100.101.102.103:8765", remote, "100.101.102.103:8765", ""},
		{"0.0.0.0:8765", noAuth, "", "--no-auth is refused"},
		{"0.0.0.0:8765", Exposure{AllowRemote: true, NoAuth: true}, "", "--no-auth is refused"},
		{"nonsense", Exposure{}, "", "not an address"},
		{"127.0.0.1", Exposure{}, "", "not an address"},
		{"127.0.0.1:http", Exposure{}, "", "no valid port"},
		{"127.0.0.1:70000", Exposure{}, "", "no valid port"},
	} {
		got, err := ResolveAddr(c.addr, c.x)
		switch {
		case c.wantErr == "" && (err != nil || got != c.want):
			t.Errorf("ResolveAddr(%q, %+v) = %q, %v; want %q", c.addr, c.x, got, err, c.want)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("ResolveAddr(%q, %+v) = %q, %v; want an error with %q", c.addr, c.x, got, err, c.wantErr)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("ResolveAddr(%q) error spans lines: %q", c.addr, err)
		}
	}
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 52 || strings.Trim(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") != "" || CheckToken(a) != nil {
		t.Errorf("NewToken() = %q, %q; want two different tokens of 52 or more base32 characters (256 bits) that pass CheckToken", a, b)
	}
	for _, bad := range []string{"", "short", "has space in the middle of it", strings.Repeat("x", MinTokenLength-1)} {
		if err := CheckToken(bad); err == nil || !strings.Contains(err.Error(), "Mcp__Http__Token") {
			t.Errorf("CheckToken(%q) = %v; want an error naming Mcp__Http__Token", bad, err)
		}
	}
}

func TestOriginAllowedSameHost(t *testing.T) {
	for _, c := range []struct {
		host, origin string
		want         bool
	}{
		{"books.tailnet.ts.net", "https://books.tailnet.ts.net", true},
		{"books.tailnet.ts.net:8765", "http://BOOKS.tailnet.ts.net:8765", true},
		{"books.tailnet.ts.net:8765", "http://books.tailnet.ts.net:9999", false},
		{"books.tailnet.ts.net", "https://evil.example", false},
		{"books.tailnet.ts.net", "ftp://books.tailnet.ts.net", false},
	} {
		r := httptest.NewRequest(http.MethodPost, "http://"+c.host+"/mcp", nil)
		r.Header.Set("Origin", c.origin)
		if got := originAllowed(r); got != c.want {
			t.Errorf("originAllowed(Host %q, Origin %q) = %v; want %v", c.host, c.origin, got, c.want)
		}
	}
	r := httptest.NewRequest(http.MethodPost, "http://127.0.0.1/mcp", nil)
	r.Header.Add("Origin", "http://localhost")
	r.Header.Add("Origin", "http://localhost")
	if originAllowed(r) {
		t.Errorf("originAllowed with two Origin headers = true; want false")
	}
}

// TestLongStreamOutlivesTimeouts checks that a response streaming for far
// longer than every timeout of the server (as an SSE stream does) is not
// cut off: the timeouts bound slow clients, not slow answers.
func TestLongStreamOutlivesTimeouts(t *testing.T) {
	const limit = 100 * time.Millisecond
	const events = 10
	o := Options{NoAuth: true, BodyTimeout: limit, ReadHeaderTimeout: limit, IdleTimeout: limit}.fill()
	stream := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i := range events {
			select {
			case <-r.Context().Done():
				return
			case <-time.After(limit / 2):
			}
			fmt.Fprintf(w, "data: %d\n\n", i)
			w.(http.Flusher).Flush()
		}
	})
	srv := newHTTPServer(o, handler(o, stream))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Serve(ctx, srv, ln)

	res, err := http.Post("http://"+ln.Addr().String()+Path, "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got := 0
	for sc := bufio.NewScanner(res.Body); sc.Scan(); {
		if strings.HasPrefix(sc.Text(), "data: ") {
			got++
		}
	}
	if got != events {
		t.Errorf("stream of %v delivered %d of %d events; want all", time.Duration(events)*limit/2, got, events)
	}
}
