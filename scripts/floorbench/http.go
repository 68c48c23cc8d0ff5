package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/accounting-mcp/accounting-mcp/internal/rawmcp"
)

// An httpServer is a running Streamable HTTP server and the one call its
// clients make.
type httpServer struct {
	subject string
	url     string
	token   string
	cmd     *exec.Cmd
}

// startHTTP runs argv, which serves HTTP at addr (an address the command
// prints as the first line of its stdout when addr is ""), and waits until
// it answers.
func startHTTP(subject string, argv, env []string, addr, token string) (*httpServer, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	if addr == "" {
		line, err := bufio.NewReader(out).ReadString('\n')
		if err != nil {
			cmd.Process.Kill()
			return nil, fmt.Errorf("%v printed no address: %v", argv, err)
		}
		addr = strings.TrimSpace(line)
	}
	s := &httpServer{subject: subject, url: "http://" + addr + "/mcp", token: token, cmd: cmd}
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			return s, nil
		}
		if i == 100 {
			s.stop()
			return nil, fmt.Errorf("%v does not listen on %s: %v", argv, addr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *httpServer) stop() {
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// freeAddr returns a loopback address with a port that was free a moment ago.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// load makes calls to s from clients concurrent clients for d, each waiting
// for its answer before it sends the next, and returns the answers per
// second. Every answer must be 200 with a result that is not an error.
func load(s *httpServer, tool, args string, clients int, d time.Duration) (float64, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: clients, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var done atomic.Int64
	var firstErr error
	var once sync.Once
	stop := time.Now().Add(d)
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Go(func() {
			body := make([]byte, 0, 256)
			buf := make([]byte, 0, 64<<10)
			for i := 0; time.Now().Before(stop); i++ {
				body = append(body[:0], `{"jsonrpc":"2.0","id":`...)
				body = strconv.AppendInt(body, int64(c*1_000_000+i), 10)
				body = append(body, `,"method":"tools/call","params":{"name":"`+tool+`","arguments":`+args+`}}`...)
				var err error
				if buf, err = post(client, s, body, buf); err != nil {
					once.Do(func() { firstErr = fmt.Errorf("%s: %w", s.subject, err) })
					return
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return 0, firstErr
	}
	return float64(done.Load()) / time.Since(start).Seconds(), nil
}

// post sends one request and reads the answer into buf.
func post(client *http.Client, s *httpServer, body, buf []byte) ([]byte, error) {
	req, err := http.NewRequest(http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return buf, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	if s.token != "" {
		req.Header.Set("Authorization", "Bearer "+s.token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return buf, err
	}
	defer resp.Body.Close()
	b := bytes.NewBuffer(buf[:0])
	if _, err := io.Copy(b, resp.Body); err != nil {
		return buf, err
	}
	buf = b.Bytes()
	if resp.StatusCode != http.StatusOK || !bytes.Contains(buf, []byte(`"result":`)) || bytes.Contains(buf, []byte(`"isError":true`)) {
		return buf, fmt.Errorf("status %d: %.300s", resp.StatusCode, buf)
	}
	return buf, nil
}

// httpAnswer returns the structured content of one call of q on s.
func httpAnswer(s *httpServer, q question) ([]byte, error) {
	body := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"` + q.tool + `","arguments":` + q.args + `}}`)
	buf, err := post(http.DefaultClient, s, body, nil)
	if err != nil {
		return nil, err
	}
	isError, structured, err := rawmcp.Result(buf)
	if err != nil || isError {
		return nil, fmt.Errorf("%s %s answered %.300s (%v)", q.tool, q.args, buf, err)
	}
	return structured, nil
}
