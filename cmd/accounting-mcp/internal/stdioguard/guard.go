// Package stdioguard keeps an MCP server on stdio serving when its client
// sends a line that is not a JSON-RPC message.
//
// The go-sdk's stdio transport (mcp.IOTransport, v1.8.0) decodes stdin with
// one json.Decoder and ends the session at the first line it cannot decode,
// at a message that is no JSON-RPC request or response, and at a batch once
// protocol 2025-06-18 (which removed batches) is in force: the server exits
// without answering. JSON-RPC asks for an error response instead (-32700
// for invalid JSON, -32600 for an invalid request). Guard sits between
// stdin and the transport: it passes on each line that the SDK can read, and
// answers every other line itself, on the transport's own writer, so that
// the two never interleave within a line.
package stdioguard

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// noBatchesFrom is the first protocol revision without JSON-RPC batches.
const noBatchesFrom = "2025-06-18"

// Guard returns the reader and writer to hand to mcp.IOTransport in place
// of r and w. Lines longer than maxLine bytes are refused without being
// kept in memory.
func Guard(r io.Reader, w io.Writer, maxLine int) (io.ReadCloser, io.WriteCloser) {
	out := &lockedWriter{w: w}
	return &reader{in: bufio.NewReaderSize(r, 64<<10), out: out, maxLine: maxLine}, out
}

// lockedWriter serializes whole writes: the SDK writes one message per
// Write, and so does the reader's error responses.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// reader yields the lines of in that the SDK can read, each ending in a
// newline, and answers the others on out.
type reader struct {
	in       *bufio.Reader
	out      *lockedWriter
	maxLine  int
	pending  []byte // the rest of the current good line
	noBatch  bool   // the client's initialize asked for a revision without batches
	err      error  // of reading in, returned when pending is empty
	writeErr error
}

func (r *reader) Close() error { return nil }

func (r *reader) Read(p []byte) (int, error) {
	for len(r.pending) == 0 {
		if r.err != nil {
			return 0, r.err
		}
		line, tooLong, err := r.readLine()
		if tooLong || len(bytes.TrimSpace(line)) > 0 {
			r.check(line, tooLong)
		}
		if r.writeErr != nil {
			return 0, r.writeErr
		}
		r.err = err // io.EOF at the end, returned once the last line is out
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

// readLine returns the next line without its newline. A line over maxLine
// is dropped up to its end and reported as tooLong.
func (r *reader) readLine() (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.in.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > r.maxLine+1 {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		switch {
		case err == nil:
			return bytes.TrimSuffix(buf, []byte("\n")), tooLong, nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		default:
			return buf, tooLong, err
		}
	}
}

// check passes line on when the SDK can read it, and answers it otherwise.
func (r *reader) check(line []byte, tooLong bool) {
	switch {
	case tooLong:
		r.answer(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("Invalid Request: the message is longer than %d bytes", r.maxLine))
	case !json.Valid(line):
		r.answer(nil, jsonrpc.CodeParseError, "Parse error: the line is not valid JSON")
	default:
		trimmed := bytes.TrimSpace(line)
		if trimmed[0] == '[' {
			r.checkBatch(trimmed)
			return
		}
		msg, err := jsonrpc.DecodeMessage(trimmed)
		if err != nil {
			r.answer(idOf(trimmed), jsonrpc.CodeInvalidRequest, "Invalid Request: "+shorten(err.Error()))
			return
		}
		r.noteInitialize(msg)
		r.pending = append(trimmed, '\n')
	}
}

// checkBatch passes on a batch of valid messages while batches are allowed.
func (r *reader) checkBatch(line []byte) {
	var items []json.RawMessage
	if err := json.Unmarshal(line, &items); err != nil || len(items) == 0 {
		r.answer(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: an empty or malformed batch")
		return
	}
	if r.noBatch {
		r.answer(nil, jsonrpc.CodeInvalidRequest, "Invalid Request: JSON-RPC batches are not part of MCP since "+noBatchesFrom+"; send one message per line")
		return
	}
	for _, it := range items {
		if _, err := jsonrpc.DecodeMessage(it); err != nil {
			r.answer(idOf(it), jsonrpc.CodeInvalidRequest, "Invalid Request in a batch: "+shorten(err.Error()))
			return
		}
	}
	r.pending = append(line, '\n')
}

// noteInitialize records whether the client asked for a protocol revision
// without batches; the server then speaks that revision or a later one.
func (r *reader) noteInitialize(msg jsonrpc.Message) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || req.Method != "initialize" {
		return
	}
	var params struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if json.Unmarshal(req.Params, &params) == nil {
		r.noBatch = params.ProtocolVersion >= noBatchesFrom
	}
}

// answer writes a JSON-RPC error response for id (null when unknown).
func (r *reader) answer(id json.RawMessage, code int64, message string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	resp, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   jsonrpc.Error   `json:"error"`
	}{"2.0", id, jsonrpc.Error{Code: code, Message: message}})
	if err != nil { // cannot happen: every part is valid JSON
		r.writeErr = err
		return
	}
	if _, err := r.out.Write(append(resp, '\n')); err != nil {
		r.writeErr = err
	}
}

// idOf returns the id of a JSON object, when it is one a response may
// carry (a string or a number), else nil.
func idOf(msg []byte) json.RawMessage {
	var v struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(msg, &v) != nil || len(v.ID) == 0 {
		return nil
	}
	switch v.ID[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return v.ID
	}
	return nil
}

// shorten bounds a message that may quote the client's input.
func shorten(s string) string { return toolkit.ClipAt(s, 200) }
