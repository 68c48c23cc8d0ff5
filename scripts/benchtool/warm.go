package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

// calls collects repeated -call flags.
type calls []string

func (c *calls) String() string     { return strings.Join(*c, "; ") }
func (c *calls) Set(v string) error { *c = append(*c, v); return nil }

// warmCmd drives one server over stdio: newline-delimited JSON-RPC, as the
// MCP stdio transport is. It speaks the protocol by hand, so that what is
// timed is the server, not a client library.
func warmCmd(args []string) error {
	fs := flag.NewFlagSet("warm", flag.ContinueOnError)
	n := fs.Int("n", 100, "timed calls per tool call")
	var cs calls
	fs.Var(&cs, "call", "a tool call: TOOL and its JSON arguments, separated by a space (repeatable)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	server := fs.Args()
	if len(server) == 0 || len(cs) == 0 || *n < 1 {
		return fmt.Errorf("warm needs -n >= 1, at least one -call and a server command")
	}
	cmd := exec.Command(server[0], server[1:]...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	s := &session{in: stdin, out: bufio.NewReaderSize(stdout, 1<<20)}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	if _, err := s.request("initialize", map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "benchtool", "version": "1"}}); err != nil {
		return err
	}
	if err := s.send(map[string]any{"jsonrpc": "2.0", "method": "notifications/initialized"}); err != nil {
		return err
	}
	for _, c := range cs {
		tool, argJSON, _ := strings.Cut(c, " ")
		var toolArgs json.RawMessage = []byte("{}")
		if strings.TrimSpace(argJSON) != "" {
			toolArgs = json.RawMessage(argJSON)
		}
		params := map[string]any{"name": tool, "arguments": toolArgs}
		var times []time.Duration
		var last json.RawMessage
		for i := 0; i <= *n; i++ {
			start := time.Now()
			res, err := s.request("tools/call", params)
			if err != nil {
				return fmt.Errorf("%s: %v", tool, err)
			}
			if i > 0 {
				times = append(times, time.Since(start))
			}
			last = res
		}
		var r struct {
			IsError           bool            `json:"isError"`
			StructuredContent json.RawMessage `json:"structuredContent"`
		}
		if err := json.Unmarshal(last, &r); err != nil {
			return err
		}
		if r.IsError {
			return fmt.Errorf("%s answered with an error: %s", tool, r.StructuredContent)
		}
		fmt.Printf("%s\t%.3f\t%s\n", tool, ms(median(times)), compact(r.StructuredContent))
	}
	return nil
}

type session struct {
	in  io.Writer
	out *bufio.Reader
	id  int
}

func (s *session) send(msg any) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = s.in.Write(append(data, '\n'))
	return err
}

// request sends a request and returns its result, skipping notifications.
func (s *session) request(method string, params any) (json.RawMessage, error) {
	s.id++
	if err := s.send(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	for {
		line, err := s.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("reading the server's answer: %v", err)
		}
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(line, &msg); err != nil {
			return nil, fmt.Errorf("the server wrote %q: %v", line, err)
		}
		if msg.ID == nil || *msg.ID != s.id {
			continue
		}
		if msg.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, msg.Error)
		}
		return msg.Result, nil
	}
}

func compact(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return string(raw)
	}
	data, _ := json.Marshal(v)
	return string(data)
}
