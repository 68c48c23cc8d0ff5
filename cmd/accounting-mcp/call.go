package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// errToolFailed reports that a called tool answered with an error result,
// which has already been printed.
var errToolFailed = errors.New("tool failed")

// connect runs server in-process and returns a client session to it, a
// client with opts (nil: the defaults).
func connect(ctx context.Context, server *mcp.Server, opts *mcp.ClientOptions) (*mcp.ClientSession, func(), error) {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return nil, nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "accounting-mcp-cli", Version: serverVersion()}, opts)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		return nil, nil, err
	}
	return cs, func() { cs.Close(); ss.Wait() }, nil
}

// callTool calls one tool through the real server and prints its structured
// result as indented JSON. When stderr is a terminal, the call asks for
// progress and shows it there on one line, removed before the answer.
func callTool(ctx context.Context, server *mcp.Server, name, input string, stdout, stderr io.Writer) error {
	var args map[string]any
	dec := json.NewDecoder(strings.NewReader(input))
	dec.UseNumber()
	if err := dec.Decode(&args); err != nil {
		return usageError{fmt.Errorf("arguments %q are not a JSON object: %w", input, err)}
	}
	status := newStatusLine(stderr)
	var opts *mcp.ClientOptions
	params := &mcp.CallToolParams{Name: name, Arguments: args}
	if status.on {
		opts = &mcp.ClientOptions{ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			status.Show(progressText(req.Params.Progress, req.Params.Total, req.Params.Message))
		}}
		params.SetProgressToken("call")
	}
	cs, done, err := connect(ctx, server, opts)
	if err != nil {
		return err
	}
	defer done()
	res, err := cs.CallTool(ctx, params)
	status.Clear()
	if err != nil {
		return fmt.Errorf("calling %s: %w", name, err)
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res.StructuredContent); err != nil {
		return err
	}
	if res.IsError {
		return errToolFailed
	}
	return nil
}

// listTools prints the tools the server registers, one per line.
func listTools(ctx context.Context, server *mcp.Server, stdout io.Writer) error {
	cs, done, err := connect(ctx, server, nil)
	if err != nil {
		return err
	}
	defer done()
	res, err := cs.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	sort.Slice(res.Tools, func(i, j int) bool { return res.Tools[i].Name < res.Tools[j].Name })
	for _, t := range res.Tools {
		fmt.Fprintf(stdout, "%-26s %s\n", t.Name, t.Description)
	}
	return nil
}
