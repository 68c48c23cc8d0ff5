#!/usr/bin/env bash
# The MCP registry listing: e2e/registry.mjs writes dist/server.json for the
# release just built in dist/ (packaging/registry/server.base.json with the
# release's version, the bundle's download URL and its SHA-256) and
# validates it with the registry's own schema, 2025-12-11
# (packaging/registry/server.schema.json, copied from the registry's Go
# module; see packaging/registry/README.md), and the registry's MCPB rules.
# Runs after the release step of .ci/run, which leaves dist/ and e2e's
# node_modules.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== MCP registry: server.json of the release, against the registry's schema"
[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
node e2e/registry.mjs dist
