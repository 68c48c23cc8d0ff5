// Package aggregate defines the tools that are safe in every privacy mode:
// they answer with totals, categories and trimmed account rows only. It must
// never import dto/sensitive; a test guards that.
package aggregate
