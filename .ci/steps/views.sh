#!/usr/bin/env bash
# The MCP Apps view: tools/views/charts.html is rebuilt from the lockfile
# and must equal the committed file; then the browser test shows the built
# server's answers in Debian's Chromium (never a downloaded browser)
# through a test host page built on the SDK's AppBridge (see
# tools/views/web/test/browser.mjs).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh
install_missing chromium:chromium node:nodejs npm:npm

echo "== MCP Apps views: rebuild check and browser test"
chromium --version 2>/dev/null
views=$(mktemp -d)
trap 'rm -rf "$views"' EXIT
CGO_ENABLED=0 go build -o "$views/accounting-mcp" ./cmd/accounting-mcp
(cd tools/views/web && npm ci --no-audit --no-fund --loglevel=error)
(cd tools/views/web && node build.mjs --check)
(cd tools/views/web && ACCOUNTING_MCP_BIN="$views/accounting-mcp" CHROMIUM="$(command -v chromium)" timeout 900 node test/browser.mjs)
