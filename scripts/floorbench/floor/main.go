// Command floor is the go-sdk's own minimum, built from the same go-sdk
// version as accounting-mcp, for scripts/floorbench to measure
// accounting-mcp against:
//
//	floor init                    a server with one no-op tool; an in-memory client initializes; exit
//	floor stdio [-answer FILE]    that server over stdio
//	floor http -addr ADDR [-answer FILE]
//	                              that server over Streamable HTTP, stateless, JSON bodies
//
// The tool is called "noop". Without -answer it returns an empty text; with
// it, it returns FILE's JSON as text and as structured content, built once
// at start, as a server that had the answer ready would: so the floor pays
// what the SDK itself costs to send that answer, and nothing else.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func main() {
	if len(os.Args) < 2 {
		fail("usage: floor init | stdio [-answer FILE] | http -addr ADDR [-answer FILE]")
	}
	fs := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	answer := fs.String("answer", "", "JSON file the tool answers with")
	addr := fs.String("addr", "127.0.0.1:0", "HTTP address")
	_ = fs.Parse(os.Args[2:])
	server, err := newServer(*answer)
	if err != nil {
		fail(err.Error())
	}
	ctx := context.Background()
	switch os.Args[1] {
	case "init":
		err = initAndExit(ctx, server)
	case "stdio":
		err = server.Run(ctx, &mcp.StdioTransport{})
	case "http":
		err = serveHTTP(server, *addr)
	default:
		err = fmt.Errorf("unknown mode %q", os.Args[1])
	}
	if err != nil {
		fail(err.Error())
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "floor:", msg)
	os.Exit(1)
}

// newServer returns a server with the tool noop, answering with the JSON of
// the file answer, or an empty text when answer is "".
func newServer(answer string) (*mcp.Server, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: ""}}}
	if answer != "" {
		data, err := os.ReadFile(answer)
		if err != nil {
			return nil, err
		}
		if !json.Valid(data) {
			return nil, fmt.Errorf("%s is not JSON", answer)
		}
		res = &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(data)}}, StructuredContent: json.RawMessage(data)}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "floor", Version: "1"},
		&mcp.ServerOptions{Logger: slog.New(slog.DiscardHandler)})
	s.AddTool(&mcp.Tool{Name: "noop", InputSchema: &jsonschema.Schema{Type: "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return res, nil
	})
	return s, nil
}

// initAndExit connects an in-memory client, which initializes the session,
// and ends.
func initAndExit(ctx context.Context, server *mcp.Server) error {
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		return err
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "floor-client", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return err
	}
	cs.Close()
	return ss.Wait()
}

// serveHTTP serves server as accounting-mcp's HTTP mode configures the SDK,
// and prints the address it listens on as the first line of stdout.
func serveHTTP(server *mcp.Server, addr string) error {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: slog.New(slog.DiscardHandler)})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr().String())
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	return (&http.Server{Handler: mux}).Serve(ln)
}
