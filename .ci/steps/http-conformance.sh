#!/usr/bin/env bash
# Streamable HTTP: the official MCP conformance suite (conformance/package.json
# pins it and the Node 22 it needs) runs against a --no-auth loopback
# instance of the built binary on the demo books; the scenarios that test
# the suite's own fixture server are expected failures
# (conformance/expected-failures.yml, with the reason for each). Then
# TypeScript SDK clients of every protocol revision check a token-protected
# instance (conformance/client.ts). The servers are stopped even when a
# check fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh
install_missing node:nodejs npm:npm

echo "== Streamable HTTP: MCP conformance suite and TypeScript SDK clients"
http=$(mktemp -d)
pids=()
stop_servers() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$http"
}
trap stop_servers EXIT
# url_of LOG: waits for the start-up line in LOG and prints the URL of /mcp.
url_of() {
  for _ in $(seq 150); do
    url=$(sed -n 's/.*url=\(http:[^ ]*\/mcp\).*/\1/p' "$1")
    if [ -n "$url" ]; then echo "$url"; return 0; fi
    sleep 0.2
  done
  echo "accounting-mcp --http did not start:" >&2; cat "$1" >&2; return 1
}
CGO_ENABLED=0 go build -o "$http/accounting-mcp" ./cmd/accounting-mcp
(cd conformance && npm ci --no-audit --no-fund --loglevel=error)
"$http/accounting-mcp" --demo --http 127.0.0.1:0 --no-auth 2>"$http/open.log" &
pids+=($!)
token=$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')
Mcp__Http__Token=$token "$http/accounting-mcp" --demo --http 127.0.0.1:0 2>"$http/token.log" &
pids+=($!)
open_url=$(url_of "$http/open.log")
token_url=$(url_of "$http/token.log")
# The suite's "Total: N passed, M failed" counts its expected failures too;
# it is renamed so that nobody reads it as this run's verdict.
(cd conformance && timeout 600 npm run --silent conformance -- --url "$open_url" -o "$http/results") |
  sed -u 's/^\(\x1b\[[0-9;]*m\)*Total: /conformance scenarios, expected failures included: /'
(cd conformance && ACCOUNTING_MCP_TOKEN=$token timeout 120 npm run --silent client -- --url "$token_url")
