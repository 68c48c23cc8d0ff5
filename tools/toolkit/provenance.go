package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"
	"time"

	"github.com/accounting-mcp/accounting-mcp/reader"
	"github.com/google/jsonschema-go/jsonschema"
)

// DataAsOfField is the field every successful tool result gains when books
// were read to answer it: the latest modification time of those files.
const DataAsOfField = "dataAsOf"

// provenanceRoom is the space Fit keeps free for the dataAsOf field, so that
// a result stays within MaxResultBytes once it is added.
const provenanceRoom = 64

// A provenance collects, for one call, the latest modification time of the
// files that answered it. Env feeds it whenever it loads books; calls may
// load books concurrently.
type provenance struct {
	mu      sync.Mutex
	latest  time.Time
	through reader.Date // set by NoteThrough
	covers  string      // set by NoteCovers
}

type provenanceKey struct{}

// WithProvenance returns a context in which Env records the files it reads,
// and a function that reports the latest modification time among them (zero
// when no file was read, or when the files carry no time, as embedded books
// do).
func WithProvenance(ctx context.Context) (context.Context, func() time.Time) {
	p := &provenance{}
	return context.WithValue(ctx, provenanceKey{}, p), func() time.Time {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.latest
	}
}

// Observe records the files of b as having answered the call of ctx. Env's
// book loaders call it; a tool that reads books some other way calls it too.
func Observe(ctx context.Context, b *reader.Books) {
	p, _ := ctx.Value(provenanceKey{}).(*provenance)
	if p == nil || b == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range b.Files {
		if f.ModTime.After(p.latest) {
			p.latest = f.ModTime
		}
	}
}

// FormatDataAsOf formats t as RFC 3339 with its offset, or "" for the zero
// time.
func FormatDataAsOf(t time.Time) string {
	if t.IsZero() || t.Unix() <= 0 {
		return ""
	}
	return t.Format(time.RFC3339)
}

// addDataAsOf adds the dataAsOf field to the JSON object data; it returns
// data unchanged when asOf is zero or data is not an object.
func addDataAsOf(data []byte, asOf time.Time) []byte {
	s := FormatDataAsOf(asOf)
	trimmed := bytes.TrimSpace(data)
	if s == "" || len(trimmed) < 2 || trimmed[0] != '{' || trimmed[len(trimmed)-1] != '}' {
		return data
	}
	field, _ := json.Marshal(s)
	body := bytes.TrimSpace(trimmed[1 : len(trimmed)-1])
	out := make([]byte, 0, len(trimmed)+len(field)+16)
	out = append(out, '{')
	if len(body) > 0 {
		out = append(out, body...)
		out = append(out, ',')
	}
	out = append(out, `"`+DataAsOfField+`":`...)
	out = append(out, field...)
	return append(out, '}')
}

// throughOf returns the through date the call of ctx noted, or 0.
func throughOf(ctx context.Context) reader.Date {
	p, _ := ctx.Value(provenanceKey{}).(*provenance)
	if p == nil {
		return 0
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.through
}

// coversOf returns the note NoteCovers left for the call of ctx, or "".
func coversOf(ctx context.Context) string {
	p, _ := ctx.Value(provenanceKey{}).(*provenance)
	if p == nil {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.covers
}

// NoteCovers records what the answer of ctx covers when that differs from
// the dates asked for (CoversField).
func NoteCovers(ctx context.Context, note string) {
	p, _ := ctx.Value(provenanceKey{}).(*provenance)
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.covers = note
}

// CoversField says what an Aggregate answer covers when that differs from
// the dates asked for: the book year's months, with its postings dated
// outside the calendar year.
const CoversField = "covers"

// addField adds the string field name to the JSON object data when value is
// not empty.
func addField(data []byte, name, value string) []byte {
	trimmed := bytes.TrimSpace(data)
	if value == "" || len(trimmed) < 2 || trimmed[0] != '{' || trimmed[len(trimmed)-1] != '}' {
		return data
	}
	v, _ := json.Marshal(value)
	body := bytes.TrimSpace(trimmed[1 : len(trimmed)-1])
	out := make([]byte, 0, len(trimmed)+len(name)+len(v)+8)
	out = append(out, '{')
	if len(body) > 0 {
		out = append(out, body...)
		out = append(out, ',')
	}
	out = append(out, `"`+name+`":`...)
	out = append(out, v...)
	return append(out, '}')
}

// addThroughSchema declares the optional through field in an output schema.
func addThroughSchema(name string, s *jsonschema.Schema) {
	if _, taken := s.Properties[ThroughField]; taken {
		panic("tool " + name + ": output field " + ThroughField + " is reserved for the toolkit")
	}
	s.Properties[ThroughField] = &jsonschema.Schema{Type: "string", Format: "date"} // the instructions say what they are
	s.Properties[CoversField] = &jsonschema.Schema{Type: "string"}
	s.PropertyOrder = append(s.PropertyOrder, ThroughField, CoversField)
}

// addDataAsOfSchema declares the optional dataAsOf field in an output schema.
func addDataAsOfSchema(name string, s *jsonschema.Schema) {
	if _, taken := s.Properties[DataAsOfField]; taken {
		panic("tool " + name + ": output field " + DataAsOfField + " is reserved for the toolkit")
	}
	if s.Properties == nil {
		s.Properties = map[string]*jsonschema.Schema{}
	}
	s.Properties[DataAsOfField] = &jsonschema.Schema{Type: "string", Format: "date-time"} // the instructions say what it is
	s.PropertyOrder = append(s.PropertyOrder, DataAsOfField)
}
