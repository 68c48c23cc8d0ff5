package toolkit

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// The error codes of the error envelope (docs/errors.md#codes).
const (
	CodeUnknownMandator  = "unknown_mandator"
	CodeMandatorRequired = "mandator_required"
	CodeUnknownYear      = "unknown_year"
	CodeUnknownAccount   = "unknown_account"
	CodeInvalidArgument  = "invalid_argument"
	CodeDataUnreadable   = "data_unreadable"
)

// An Error is a tool failure as the client sees it.
type Error struct {
	Code        string `json:"code"`
	Message     string `json:"message"`
	Retryable   bool   `json:"retryable"`
	Remediation string `json:"remediation,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Envelope is the structured content of a failed call.
type Envelope struct {
	Error *Error `json:"error"`
}

// Errorf returns an Error with code and a formatted message.
func Errorf(code, remediation, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...), Remediation: remediation}
}

// InvalidArgument returns an invalid_argument Error.
func InvalidArgument(format string, args ...any) *Error {
	return Errorf(CodeInvalidArgument, "", format, args...)
}

// asError converts any error to an Error. Parse errors become
// data_unreadable naming the file relative to the data root; unexpected
// errors become a generic message without internals. With redact (the
// Aggregate mode) a parse error names only the file and the line, never the
// reason, which may quote what the file holds.
func asError(err error, redact bool) *Error {
	var te *Error
	if errors.As(err, &te) {
		return te
	}
	var pe *reader.ParseError
	if errors.As(err, &pe) {
		e := Errorf(CodeDataUnreadable, Remediation(pe), "cannot read the books: %s", pe.Error())
		if redact { // the reason may quote the file; its place and kind do not
			e.Message = "cannot read the books: " + Unreadable(pe)
		}
		e.Retryable = pe.Retryable
		return e
	}
	if redact {
		return &Error{Code: CodeDataUnreadable, Message: "internal error", Retryable: false}
	}
	return &Error{Code: CodeDataUnreadable, Message: "internal error: " + err.Error(), Retryable: false}
}

// Remediation tells the user what to do about a file that cannot be read,
// by its kind. Only a file being saved is worth asking about again.
func Remediation(pe *reader.ParseError) string {
	switch {
	case pe.Retryable:
		return "the file is being saved by the desktop app; call again in a moment"
	case pe.Kind == reader.KindTruncated:
		return "the file is cut off (a save that did not finish): open the books in AccountingNext and save them again, or restore the file from the year's backup folder; calling again will not help"
	case pe.Kind == reader.KindPermissionDenied:
		return "give the user account that runs the server read access to the file or folder; calling again will not help"
	case pe.Kind == reader.KindNotRegularFile:
		return "put the file AccountingNext saved in its place (this name is a folder, pipe or device); calling again will not help"
	case pe.Kind == reader.KindTooLarge:
		return fmt.Sprintf("if the file is real books, set Settings__MaxFileMiB to at least %d; else replace it with the file AccountingNext saved", max(pe.NeedMiB, 1))
	case pe.Kind == reader.KindIO:
		return "check the disk or network drive that holds the data folder, then call again"
	}
	return "open the books in AccountingNext and save them again, or fix the file by hand at the line given; calling again will not help"
}

// closest orders choices by their edit distance to s (case- and
// accent-insensitive), keeping at most n.
func closest(s string, choices []string, n int) []string {
	if len(s) > 4*quoteMax { // no name is that long: no distance to rank by (and none to compute)
		return choices[:min(n, len(choices))]
	}
	fs := analysis.Fold(s)
	type scored struct {
		c string
		d int
	}
	sc := make([]scored, len(choices))
	for i, c := range choices {
		fc := analysis.Fold(c)
		d := levenshtein(fs, fc)
		if fs != "" && strings.Contains(fc, fs) {
			d = 0
		}
		sc[i] = scored{c, d}
	}
	slices.SortStableFunc(sc, func(a, b scored) int { return cmp.Compare(a.d, b.d) })
	out := make([]string, 0, n)
	for i := 0; i < len(sc) && i < n; i++ {
		out = append(out, sc[i].c)
	}
	return out
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// quoteList formats choices as "a", "b", "c".
func quoteList(choices []string) string {
	q := make([]string, len(choices))
	for i, c := range choices {
		q[i] = fmt.Sprintf("%q", c)
	}
	return strings.Join(q, ", ")
}
