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

// connect runs server in-process and returns a client session to it.
func connect(ctx context.Context, server *mcp.Server) (*mcp.ClientSession, func(), error) {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return nil, nil, err
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "accounting-mcp-cli", Version: serverVersion()}, nil)
	cs, err := client.Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		return nil, nil, err
	}
	return cs, func() { cs.Close(); ss.Wait() }, nil
}

// callTool calls one tool through the real server and prints its structured
// result as indented JSON.
func callTool(ctx context.Context, server *mcp.Server, name, input string, stdout io.Writer) error {
	var args map[string]any
	dec := json.NewDecoder(strings.NewReader(input))
	dec.UseNumber()
	if err := dec.Decode(&args); err != nil {
		return usageError{fmt.Errorf("arguments %q are not a JSON object: %w", input, err)}
	}
	cs, done, err := connect(ctx, server)
	if err != nil {
		return err
	}
	defer done()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
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
	cs, done, err := connect(ctx, server)
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
