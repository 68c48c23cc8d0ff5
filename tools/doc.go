// Package tools builds the MCP server: one registration table decides which
// tools each privacy mode registers, and the server instructions tell the
// model how to use them.
package tools
