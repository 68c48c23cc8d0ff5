#!/usr/bin/env bash
# MCP interoperability over stdio: the official TypeScript SDK client
# (e2e/run.mjs) and the MCP Inspector CLI (e2e/inspector.mjs) drive the
# built binary in every privacy mode; then the Claude Desktop extension
# bundle's manifest is validated. Node packages come from the committed
# lockfiles. The bundle itself is packed from the release binaries, in the
# release step.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh
install_missing node:nodejs npm:npm

echo "== MCP interoperability: TypeScript SDK client, Inspector CLI, mcpb bundle"
node --version
interop=$(mktemp -d)
trap 'rm -rf "$interop"' EXIT
CGO_ENABLED=0 go build -o "$interop/accounting-mcp" ./cmd/accounting-mcp
(cd e2e && npm ci --no-audit --no-fund --loglevel=error)
ACCOUNTING_MCP_BIN="$interop/accounting-mcp" node e2e/run.mjs
ACCOUNTING_MCP_BIN="$interop/accounting-mcp" node e2e/inspector.mjs
(cd packaging/mcpb && npm ci --no-audit --no-fund --loglevel=error)
packaging/mcpb/node_modules/.bin/mcpb validate packaging/mcpb/manifest.json
