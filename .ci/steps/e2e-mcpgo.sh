#!/usr/bin/env bash
# A second-ecosystem client: mcp-go (e2e/mcpgo, its own Go module pinning
# github.com/mark3labs/mcp-go, so the main go.mod keeps to the allowed
# dependencies) drives the built binary over stdio on the hand-check books,
# negotiating the newest revision and pinned to 2025-11-25, in Full and
# Aggregate, and checks the answers against fixtures/handcheck/EXPECTED.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== e2e: mcp-go client over stdio"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CGO_ENABLED=0 go build -o "$work/accounting-mcp" ./cmd/accounting-mcp
cd e2e/mcpgo
go mod verify >/dev/null
go vet .
ACCOUNTING_MCP_BIN="$work/accounting-mcp" go run . 2>"$work/stderr" || { grep -v 'level=INFO' "$work/stderr" >&2; exit 1; }
