// Package resource serves the books as MCP resources: accounting://mandators
// and the templates accounting://{mandator}/{year}/{report}. A resource's
// content is the answer of the tool it names, called with the mandator and
// year of the URI, so a resource exists in exactly the privacy modes whose
// catalog registers that tool, carries the same numbers and the same records
// (trimmed in Aggregate), and the tool registry stays the one table that
// decides what each mode can return.
package resource
