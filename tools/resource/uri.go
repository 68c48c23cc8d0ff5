package resource

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/accounting-mcp/accounting-mcp/tools/toolkit"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// URI returns the URI of report for mandator and year, the mandator
// percent-encoded: URI("Verein Zürichsee", 2025, "chart") is
// accounting://Verein%20Z%C3%BCrichsee/2025/chart.
func URI(mandator string, year int, report string) string {
	return Scheme + Escape(mandator) + "/" + strconv.Itoa(year) + "/" + report
}

// Escape percent-encodes every byte of s but the unreserved characters of
// RFC 3986, which is what a {mandator} of a URI template may hold.
func Escape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// segment is a URI template variable's value: unreserved characters and
// percent-encoded bytes only.
var segment = regexp.MustCompile(`^(?:[A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})+$`)

var fourDigits = regexp.MustCompile(`^[0-9]{4}$`)

// route finds the entry of list that serves uri and the tool arguments the
// URI stands for. Any other URI is an error that names it and says what
// this server serves.
func route(list []served, uri string) (served, map[string]any, error) {
	if len(uri) > maxURI { // every URI of this server is short: do not echo a long one whole
		return served{}, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: fmt.Sprintf("unknown resource %s: longer than %d bytes", toolkit.Quote(uri), maxURI)}
	}
	for _, e := range list {
		if e.report == "" && e.uri == uri {
			return e, map[string]any{}, nil
		}
	}
	parts := strings.Split(strings.TrimPrefix(uri, Scheme), "/")
	if !strings.HasPrefix(uri, Scheme) || len(parts) < 3 {
		return served{}, nil, unknown(list, uri, "")
	}
	report := parts[len(parts)-1]
	var e *served
	for i := range list {
		if list[i].report != "" && list[i].report == report {
			e = &list[i]
		}
	}
	if e == nil {
		return served{}, nil, unknown(list, uri, "")
	}
	if len(parts) > 3 {
		return served{}, nil, unknown(list, uri, "; a / in a mandator's name is written %2F")
	}
	rawMandator, rawYear := parts[0], parts[1]
	if rawMandator == "" {
		return served{}, nil, invalid(uri, "%s names no mandator; write %s{mandator}/%s/%s", uri, Scheme, rawYear, report)
	}
	if !segment.MatchString(rawMandator) {
		return served{}, nil, invalid(uri, "the mandator %q in %s must be percent-encoded: %s", rawMandator, uri,
			Scheme+Escape(rawMandator)+"/"+rawYear+"/"+report)
	}
	mandator, err := url.PathUnescape(rawMandator)
	if err != nil || !utf8.ValidString(mandator) {
		return served{}, nil, invalid(uri, "the mandator %q in %s is not valid percent-encoded UTF-8", rawMandator, uri)
	}
	if !fourDigits.MatchString(rawYear) {
		return served{}, nil, invalid(uri, "the year %q in %s is not a four-digit year, as in %s", rawYear, uri, URI(mandator, 2025, report))
	}
	year, _ := strconv.Atoi(rawYear)
	return *e, map[string]any{"mandator": mandator, "year": year}, nil
}

// maxURI bounds the URIs that messages quote whole; the longest mandator
// name percent-encoded stays far below it.
const maxURI = 1024

// unknown is the error for a URI that no entry serves. It lists only what
// this mode serves, so that a guessed URI learns nothing about other modes.
func unknown(list []served, uri, hint string) error {
	forms := make([]string, len(list))
	for i, e := range list {
		forms[i] = e.uri
	}
	return &jsonrpc.Error{
		Code:    jsonrpc.CodeInvalidParams, // what MCP (SEP-2164) and the SDK use for an unknown resource
		Message: fmt.Sprintf("unknown resource %q%s; this server serves %s", uri, hint, strings.Join(forms, ", ")),
		Data:    uriData(uri, nil),
	}
}

// invalid is the error for a URI of a served template whose values are
// malformed.
func invalid(uri, format string, args ...any) error {
	return &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf(format, args...), Data: uriData(uri, nil)}
}

// toolError turns the error envelope of the tool that answers uri into a
// JSON-RPC error with the envelope's message; the envelope itself is in the
// error's data.
func toolError(uri string, envelope []byte) error {
	var env struct {
		Error struct {
			Code        string `json:"code"`
			Message     string `json:"message"`
			Remediation string `json:"remediation"`
		} `json:"error"`
	}
	_ = json.Unmarshal(envelope, &env)
	msg := fmt.Sprintf("reading %s: %s", uri, env.Error.Message)
	code := int64(jsonrpc.CodeInvalidParams)
	if env.Error.Code == "data_unreadable" {
		// Only here is the remediation about the data, not about a tool.
		code = jsonrpc.CodeInternalError
		if env.Error.Remediation != "" {
			msg += " (" + env.Error.Remediation + ")"
		}
	}
	var detail json.RawMessage
	if e := json.RawMessage(envelope); json.Valid(e) {
		detail = e
	}
	return &jsonrpc.Error{Code: code, Message: msg, Data: uriData(uri, detail)}
}

func uriData(uri string, envelope json.RawMessage) json.RawMessage {
	m := map[string]any{"uri": uri}
	if envelope != nil {
		var env map[string]json.RawMessage
		if json.Unmarshal(envelope, &env) == nil && env["error"] != nil {
			m["error"] = env["error"]
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// guard answers resources/read for a URI that list does not serve with an
// error naming it, before the SDK's generic "Resource not found".
func guard(list []served) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			// ui:// belongs to the MCP Apps views (tools/views), which answer
			// their own URIs; every other URI must be one of list.
			if r, ok := req.(*mcp.ReadResourceRequest); ok && method == "resources/read" && r.Params != nil &&
				!strings.HasPrefix(r.Params.URI, "ui://") {
				if _, _, err := route(list, r.Params.URI); err != nil {
					return nil, err
				}
			}
			return next(ctx, method, req)
		}
	}
}
