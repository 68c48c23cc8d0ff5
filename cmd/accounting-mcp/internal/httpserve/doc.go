// Package httpserve serves an MCP server over Streamable HTTP, hardened for
// a personal finance server: a bearer token compared in constant time, a
// loopback address unless remote access is asked for explicitly, foreign
// browser origins refused, request bodies bounded in size and time, and
// nothing but /mcp answered.
//
// The MCP endpoint is the SDK's stateless Streamable HTTP handler, which
// serves every protocol revision the SDK supports: clients of 2025-06-18
// and 2025-11-25 initialize as usual (each request then runs in a throwaway
// session), clients of 2026-07-28 use server/discover. The accounting tools
// keep no per-session state, so nothing is lost by being stateless. Answers
// are JSON bodies rather than event streams: no tool streams.
package httpserve
