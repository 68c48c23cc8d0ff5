// Package rawmcp drives an MCP server over its stdin and stdout by hand, for
// benchmarks: newline-delimited JSON-RPC, as the stdio transport is, with
// no client library in between, so that what a benchmark times is the
// server and the pipe, not a client's own encoding and decoding.
package rawmcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strconv"
)

// A Session is one initialized MCP session with a server process. Its
// methods are not safe for concurrent use.
type Session struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	id   int
	req  []byte
	line []byte
}

// Start runs the server command, initializes a session with protocol
// revision 2025-06-18 and returns it. The server's stderr goes to stderr
// (nil: discarded).
func Start(stderr io.Writer, name string, args ...string) (*Session, error) {
	cmd := exec.Command(name, args...)
	cmd.Stderr = stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &Session{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}
	if _, err := s.Request("initialize", []byte(`{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"rawmcp","version":"1"}}`)); err != nil {
		s.Close()
		return nil, err
	}
	if _, err := s.in.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n")); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Close ends the session by closing the server's stdin, and waits for the
// server to exit.
func (s *Session) Close() error {
	s.in.Close()
	return s.cmd.Wait()
}

// Call calls a tool with args (a JSON object) and returns the whole
// response line: valid until the next request.
func (s *Session) Call(tool string, args []byte) ([]byte, error) {
	params := make([]byte, 0, len(tool)+len(args)+32)
	params = append(params, `{"name":`...)
	params = strconv.AppendQuote(params, tool)
	params = append(params, `,"arguments":`...)
	params = append(params, args...)
	params = append(params, '}')
	return s.Request("tools/call", params)
}

// Request sends a request with params (a JSON object) and returns the
// whole response line, skipping notifications and other messages: valid
// until the next request. A JSON-RPC error is returned as an error. The
// line is not decoded, only its id found, so that the client adds as
// little as it can to what is timed.
func (s *Session) Request(method string, params []byte) ([]byte, error) {
	s.id++
	s.req = append(s.req[:0], `{"jsonrpc":"2.0","id":`...)
	s.req = strconv.AppendInt(s.req, int64(s.id), 10)
	s.req = append(s.req, `,"method":`...)
	s.req = strconv.AppendQuote(s.req, method)
	s.req = append(s.req, `,"params":`...)
	s.req = append(s.req, params...)
	s.req = append(s.req, "}\n"...)
	if _, err := s.in.Write(s.req); err != nil {
		return nil, err
	}
	prefix := strconv.AppendInt([]byte(`{"jsonrpc":"2.0","id":`), int64(s.id), 10)
	for {
		line, err := s.readLine()
		if err != nil {
			return nil, fmt.Errorf("reading the answer to %s: %w", method, err)
		}
		if !bytes.HasPrefix(line, prefix) || len(line) <= len(prefix) || line[len(prefix)] != ',' {
			continue // a notification, or an answer to something else
		}
		if bytes.HasPrefix(line[len(prefix):], []byte(`,"error":`)) {
			return nil, fmt.Errorf("%s: %s", method, line)
		}
		return line, nil
	}
}

// readLine reads one line of any length, reusing its buffer.
func (s *Session) readLine() ([]byte, error) {
	s.line = s.line[:0]
	for {
		chunk, err := s.out.ReadSlice('\n')
		s.line = append(s.line, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return s.line, err
	}
}

// Result decodes the result of a tools/call response line: whether it is an
// error and its structured content.
func Result(line []byte) (isError bool, structured json.RawMessage, err error) {
	var msg struct {
		Result struct {
			IsError           bool            `json:"isError"`
			StructuredContent json.RawMessage `json:"structuredContent"`
		} `json:"result"`
	}
	if err := json.Unmarshal(line, &msg); err != nil {
		return false, nil, fmt.Errorf("the server wrote %.200q: %w", line, err)
	}
	return msg.Result.IsError, msg.Result.StructuredContent, nil
}
