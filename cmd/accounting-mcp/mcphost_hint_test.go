package main

import (
	"os"
	"strings"
	"testing"
)

// TestMcphostHintMatchesTheRelease checks the model syntax `config mcphost`
// tells the user to run: mcphost v0.34.0, its last release, reads -m as
// provider:model (cmd/root.go: "model to use (format: provider:model)",
// split at the first colon, so ollama/MODEL is an invalid provider), so the
// hint gives ollama:MODEL and names that release, and README.md says the
// same.
func TestMcphostHintMatchesTheRelease(t *testing.T) {
	_, _, errOut := configOf(t, "--demo", "config", "mcphost")
	if !strings.Contains(errOut, "mcphost -m ollama:MODEL") || !strings.Contains(errOut, "v0.34.0") {
		t.Errorf("config mcphost says %q; want mcphost -m ollama:MODEL for v0.34.0", errOut)
	}
	if strings.Contains(errOut, "run mcphost -m ollama/") {
		t.Errorf("config mcphost says %q: the slash form fails on v0.34.0", errOut)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(readme), "v0.34.0 takes the model as\n`ollama:MODEL`") {
		t.Error("README.md no longer says that mcphost v0.34.0 takes ollama:MODEL; keep it and config mcphost in step")
	}
}
