package toolkit

import (
	"context"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// WithProgress returns ctx under which the books a call reads are reported
// to the client as notifications/progress, when the request carries a
// progressToken (reader.ProgressFunc says when, and what the messages
// name: counts of files and MiB, nothing read from the files, so in every
// privacy mode).
func WithProgress(ctx context.Context, req *mcp.CallToolRequest) context.Context {
	if req == nil || req.Params == nil || req.Session == nil {
		return ctx
	}
	token := req.Params.GetProgressToken()
	if token == nil {
		return ctx
	}
	ss := req.Session
	return reader.WithProgress(ctx, func(done, total int64, message string) {
		// A client that went away cannot be told; the call goes on.
		_ = ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
			ProgressToken: token, Progress: float64(done), Total: float64(total), Message: message,
		})
	})
}
