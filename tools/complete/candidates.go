package complete

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/accounting-mcp/accounting-mcp/analysis"
	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// candidates returns the completions of argument arg for the typed value,
// given the other arguments already chosen.
func candidates(env *toolkit.Env, arg, value string, context map[string]string, languages []string) ([]string, error) {
	switch arg {
	case "mandator":
		all, err := env.Store.Mandators(0)
		if err != nil {
			return nil, internal(err)
		}
		return Mandators(all, value), nil
	case "language":
		return withPrefix(languages, value), nil
	case "year", "month", "from", "to":
	default:
		return nil, invalid("argument %s has no completions", toolkit.Quote(arg))
	}
	years, err := yearsOf(env, arg, context["mandator"])
	if err != nil {
		return nil, err
	}
	slices.Reverse(years) // newest first
	var all []string
	for _, y := range years {
		switch arg {
		case "year":
			all = append(all, strconv.Itoa(y))
		case "month":
			all = append(all, months(y)...)
		case "from", "to":
			all = append(all, strconv.Itoa(y))
			for q := 4; q >= 1; q-- {
				all = append(all, fmt.Sprintf("%d-Q%d", y, q))
			}
			all = append(all, months(y)...)
		}
	}
	return withPrefix(all, value), nil
}

// months returns YYYY-12 down to YYYY-01.
func months(y int) []string {
	out := make([]string, 0, 12)
	for m := 12; m >= 1; m-- {
		out = append(out, fmt.Sprintf("%d-%02d", y, m))
	}
	return out
}

// yearsOf returns the years of the mandator named in the context: the one
// it names exactly or by a unique prefix; without one, the default
// mandator's, else every year with books.
func yearsOf(env *toolkit.Env, arg, name string) ([]int, error) {
	name = strings.TrimSpace(name)
	m, err := env.Mandator(name)
	if err != nil && name != "" {
		all, lerr := env.Store.Mandators(0)
		if lerr != nil {
			return nil, internal(lerr)
		}
		if found := Mandators(all, name); len(found) == 1 {
			m, err = found[0], nil
		}
	}
	var te *toolkit.Error
	switch {
	case err == nil:
		years, err := env.Store.MandatorYears(m)
		if err != nil {
			return nil, internal(err)
		}
		return years, nil
	case name == "" && errors.As(err, &te) && te.Code == toolkit.CodeMandatorRequired:
		years, err := env.Store.Years()
		if err != nil {
			return nil, internal(err)
		}
		return years, nil
	case errors.As(err, &te):
		return nil, invalid("cannot complete %s: %s", arg, te.Message)
	}
	return nil, internal(err)
}

// Mandators returns the names in all that value completes: those whose
// name, or one of whose words, starts with value, ignoring case and accents
// ("zur" completes "Verein Zürichsee"). Whole-name matches come first.
func Mandators(all []string, value string) []string {
	v := analysis.Fold(strings.TrimSpace(value))
	var first, then []string
	for _, name := range all {
		f := analysis.Fold(name)
		switch {
		case strings.HasPrefix(f, v):
			first = append(first, name)
		case slices.ContainsFunc(words(f), func(w string) bool { return strings.HasPrefix(w, v) }):
			then = append(then, name)
		}
	}
	return append(first, then...)
}

// words splits folded text at every character that is not a letter or
// digit.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// withPrefix keeps the values that start with value, ignoring case.
func withPrefix(all []string, value string) []string {
	v := strings.ToLower(strings.TrimSpace(value))
	var out []string
	for _, s := range all {
		if strings.HasPrefix(strings.ToLower(s), v) {
			out = append(out, s)
		}
	}
	return out
}

func internal(err error) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "reading the data folder: " + err.Error()}
}
