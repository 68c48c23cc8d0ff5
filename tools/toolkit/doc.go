// Package toolkit is the machinery every tool shares: typed tool definitions
// with strict schemas, the error envelope, the result budget, money and date
// arguments, and the resolution of the mandator and year a call is about.
//
// Tools are built with New, which turns a typed handler into an MCP tool,
// with schemas inferred from its Go types (schemas.go):
// it validates arguments against the input schema and answers bad input with
// an invalid_argument error that names the value and the valid choices,
// recovers panics into internal errors, and keeps every result within
// MaxResultBytes. Every successful result that read books through Env gains
// dataAsOf, the latest modification time of those files (provenance.go), so
// a new tool gets it without code of its own.
package toolkit
