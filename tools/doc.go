// Package tools builds the MCP server: one registration table decides which
// tools each privacy mode registers, and the server instructions tell the
// model how to use them. Resources (tools/resource), prompts (tools/prompt)
// and completions (tools/complete) follow from that table: a resource is the
// answer of a registered tool, and a prompt names only registered tools.
package tools

//go:generate go run ./cmd/gendocs
