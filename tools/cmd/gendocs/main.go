// Command gendocs writes docs/tools.md, the tools reference, from the
// registration table (see package tools/internal/reference). Run it with
// `go generate ./tools` or `go run ./tools/cmd/gendocs` from anywhere in the
// module; TestToolsReference fails when the committed file is stale.
package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/accounting-mcp/accounting-mcp/tools/internal/reference"
)

func main() {
	root, err := moduleRoot()
	if err == nil {
		err = os.WriteFile(filepath.Join(root, filepath.FromSlash(reference.Path)), reference.Markdown(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

// moduleRoot is the nearest folder at or above the working directory that
// holds go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod at or above the working directory")
		}
		dir = parent
	}
}
