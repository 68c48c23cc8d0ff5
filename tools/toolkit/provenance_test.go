package toolkit

import (
	"context"
	"encoding/json"
	"io/fs"
	"testing"
	"testing/fstest"
	"time"

	"github.com/accounting-mcp/accounting-mcp/fixtures"
	"github.com/accounting-mcp/accounting-mcp/reader"
)

// stampedFS is the hand-check data root in memory, every file of year y
// modified at stamps[y].
func stampedFS(t *testing.T, stamps map[string]time.Time) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(fixtures.HandcheckFS(), ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fixtures.HandcheckFS(), path)
		out[path] = &fstest.MapFile{Data: data, ModTime: stamps[path[:4]]}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type probeOut struct {
	Files int `json:"files"`
}

// TestNewToolsGetDataAsOf builds tools the way a new tool is written — a
// Spec whose handler loads books through Env — and checks that their
// results carry dataAsOf without any code of their own.
func TestNewToolsGetDataAsOf(t *testing.T) {
	t2025 := time.Date(2026, 1, 20, 7, 0, 5, 0, time.FixedZone("", 2*3600))
	t2026 := time.Date(2026, 11, 28, 16, 45, 12, 0, time.UTC)
	env := &Env{Store: reader.OpenFS(stampedFS(t, map[string]time.Time{"2025": t2025, "2026": t2026}), t.Name()),
		Now: func() time.Time { return t2026 }}
	for _, c := range []struct {
		name    string
		handler func(ctx context.Context, env *Env, in echoIn) (*probeOut, error)
		want    string
	}{
		{"ledger", func(ctx context.Context, env *Env, _ echoIn) (*probeOut, error) {
			l, err := env.Ledger(ctx, "", 2025)
			if err != nil {
				return nil, err
			}
			return &probeOut{len(l.Books.Files)}, nil
		}, t2025.Format(time.RFC3339)},
		{"ledgers", func(ctx context.Context, env *Env, _ echoIn) (*probeOut, error) {
			ls, err := env.Ledgers(ctx, "Muster", []int{2026, 2025})
			return &probeOut{len(ls)}, err
		}, t2026.Format(time.RFC3339)},
		{"books", func(ctx context.Context, env *Env, _ echoIn) (*probeOut, error) {
			b, err := env.BooksWith(ctx, "Muster", 2026, 0)
			if err != nil {
				return nil, err
			}
			return &probeOut{len(b.Files)}, nil
		}, "2026-11-28T16:45:12Z"},
		{"no books", func(ctx context.Context, env *Env, _ echoIn) (*probeOut, error) {
			_, err := env.Store.MandatorYears("Muster")
			return &probeOut{}, err
		}, ""},
	} {
		tool := New(Spec[echoIn, probeOut]{Name: "probe", Title: "Probe", Description: "test", Handler: c.handler})
		res := tool.Call(context.Background(), env, nil, json.RawMessage(`{}`))
		raw := res.StructuredContent.(json.RawMessage)
		var got struct {
			Files    *int   `json:"files"`
			DataAsOf string `json:"dataAsOf"`
		}
		if res.IsError || json.Unmarshal(raw, &got) != nil || got.Files == nil {
			t.Fatalf("%s: %s", c.name, raw)
		}
		if got.DataAsOf != c.want {
			t.Errorf("%s: dataAsOf = %q; want %q", c.name, got.DataAsOf, c.want)
		}
		if err := tool.ValidateOutput(raw); err != nil {
			t.Errorf("%s: result does not match the output schema: %v", c.name, err)
		}
	}
}

func TestDataAsOfSchemaAndReservedName(t *testing.T) {
	tool := echoTool(func(echoIn) (*echoOut, error) { return &echoOut{}, nil })
	b, _ := json.Marshal(tool.Def.OutputSchema)
	var s struct {
		Properties map[string]struct {
			Type   any
			Format string
		}
		Required []string
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	if p := s.Properties[DataAsOfField]; p.Type != "string" || p.Format != "date-time" {
		t.Errorf("output schema dataAsOf = %+v; want an optional date-time string", p)
	}
	for _, r := range s.Required {
		if r == DataAsOfField {
			t.Error("dataAsOf is required; it must be optional")
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("New accepted an output type with its own dataAsOf field")
		}
	}()
	type clash struct {
		DataAsOf string `json:"dataAsOf"`
	}
	New(Spec[echoIn, clash]{Name: "clash", Handler: func(context.Context, *Env, echoIn) (*clash, error) { return nil, nil }})
}

func TestAddDataAsOf(t *testing.T) {
	at := time.Date(2026, 3, 1, 8, 0, 0, 0, time.FixedZone("", 3600))
	for in, want := range map[string]string{
		`{"a":1}`: `{"a":1,"dataAsOf":"2026-03-01T08:00:00+01:00"}`,
		`{}`:      `{"dataAsOf":"2026-03-01T08:00:00+01:00"}`,
		`[1]`:     `[1]`,
	} {
		if got := string(addDataAsOf([]byte(in), at)); got != want {
			t.Errorf("addDataAsOf(%s) = %s; want %s", in, got, want)
		}
	}
	if got := string(addDataAsOf([]byte(`{"a":1}`), time.Time{})); got != `{"a":1}` {
		t.Errorf("zero time added a field: %s", got)
	}
}
