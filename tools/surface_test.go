package tools_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/accounting-mcp/accounting-mcp/tools"
	"github.com/google/go-cmp/cmp"
)

// listSurface returns resources/list, resources/templates/list and
// prompts/list of mode p as indented JSON.
func listSurface(t *testing.T, p tools.Privacy) []byte {
	t.Helper()
	cs := connect(t, emptyFS, p)
	ctx := context.Background()
	rs, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(map[string]any{
		"resources": rs.Resources, "resourceTemplates": ts.ResourceTemplates, "prompts": ps.Prompts,
	}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// TestSurfaceListsGolden pins the resources, resource templates and prompts
// of each privacy mode, as TestToolsListGolden pins the tools.
func TestSurfaceListsGolden(t *testing.T) {
	for _, p := range goldenModes {
		t.Run(p.String(), func(t *testing.T) {
			got := listSurface(t, p)
			path := filepath.Join("testdata", "surface_"+strings.ToLower(p.String())+".golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("missing golden file (run go test ./tools -run Golden -update): %v", err)
			}
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("resources/prompts (%s) changed; if intended, run go test ./tools -run Golden -update (-want +got):\n%s", p, diff)
			}
		})
	}
}

// TestLocalListsAsFull: Local registers Full's catalog, so its tools/list,
// resources, templates and prompts are Full's golden files byte for byte.
func TestLocalListsAsFull(t *testing.T) {
	if local, full := listTools(t, tools.Local), listTools(t, tools.Full); !bytes.Equal(local, full) {
		t.Errorf("tools/list differs between Local and Full:\n%s", cmp.Diff(string(full), string(local)))
	}
	if local, full := listSurface(t, tools.Local), listSurface(t, tools.Full); !bytes.Equal(local, full) {
		t.Errorf("resources/prompts differ between Local and Full:\n%s", cmp.Diff(string(full), string(local)))
	}
}

// TestServerAdvertisesEveryFeature checks the capabilities a client sees.
func TestServerAdvertisesEveryFeature(t *testing.T) {
	for _, p := range modes {
		caps := connect(t, emptyFS, p).InitializeResult().Capabilities
		if caps.Tools == nil || caps.Resources == nil || caps.Prompts == nil || caps.Completions == nil {
			t.Errorf("%s capabilities %+v; want tools, resources, prompts and completions", p, caps)
		}
	}
}
