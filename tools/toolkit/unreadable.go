package toolkit

import (
	"fmt"

	"github.com/accounting-mcp/accounting-mcp/reader"
)

// Unreadable describes a file that cannot be read by its place and kind
// only, "2024/M/Data/Transactions.xml:12 (malformed_xml)": nothing read
// from the file, so that it fits every privacy mode. (A file being saved is
// never described so: it fails the answer, retryably.)
func Unreadable(pe *reader.ParseError) string {
	return fmt.Sprintf("%s (%s)", pe.Where(), pe.Kind)
}

// OptionalFileWarnings describe the optional files that books left out
// (reader.Books.Unreadable), by place and kind only.
func OptionalFileWarnings(b *reader.Books) []string {
	var out []string
	for _, pe := range b.Unreadable {
		out = append(out, "unreadable_file: "+Unreadable(pe)+" is left out of this answer")
	}
	return out
}
