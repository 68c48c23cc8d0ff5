#!/usr/bin/env bash
# The release: scripts/release.sh builds this commit's release into dist/
# with GoReleaser (pinned, through go run): archives for linux amd64/arm64,
# windows amd64/arm64 and a macOS universal binary, and the Claude Desktop
# bundle packed from the same binaries. scripts/check-release.sh checks the
# list of artifacts, the checksums, the archives' contents and that every
# binary reports this commit's version (linux/arm64 under qemu-user).
# e2e/bundle.mjs installs the bundle as Claude Desktop does and drives it
# with the TypeScript SDK client. A second build must give the same
# checksums. Leaves the release in dist/ for the steps after it.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh
install_missing qemu-aarch64:qemu-user unzip:unzip node:nodejs npm:npm

echo "== release: GoReleaser snapshot, bundle, versions, reproducibility"
[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
scripts/release.sh
scripts/check-release.sh
version=$(node -p 'require("./dist/metadata.json").version')
ACCOUNTING_MCP_BUNDLE="dist/accounting-mcp_$version.mcpb" ACCOUNTING_MCP_VERSION="$version" node e2e/bundle.mjs
first=$(mktemp)
trap 'rm -f "$first"' EXIT
cp dist/checksums.txt "$first"
scripts/release.sh >/dev/null
if ! diff "$first" dist/checksums.txt; then
  echo "release: a second build of the same commit gave other checksums" >&2
  exit 1
fi
echo "release $version: reproducible"
