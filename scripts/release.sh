#!/usr/bin/env bash
# Builds a release of this commit into dist/: GoReleaser (pinned) makes the
# archives for linux amd64/arm64, windows amd64/arm64 and a macOS universal
# binary, then packaging/mcpb/build.sh packs the Claude Desktop bundle from
# the same binaries, and its checksum joins dist/checksums.txt.
#
#   scripts/release.sh            a snapshot of any commit (the usual case)
#   scripts/release.sh --tagged   a release of the vX.Y.Z tag at HEAD
#
# A snapshot's version is the last release tag (0.0.0 before the first),
# -snapshot, and the commit: 0.0.0-snapshot+1a2b3c4; with uncommitted
# changes it ends in .dirty. A tagged release refuses a dirty tree. The same
# commit gives the same checksums. Needs Go and Node (npm) only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

mode=(--snapshot)
case "${1:-}" in
  "") ;;
  --tagged) mode=(--skip=publish,announce) ;;
  *) echo "usage: scripts/release.sh [--tagged]" >&2; exit 2 ;;
esac

# GoReleaser reads the commit's time and the tree's state from git, and
# stops reading at the first thing it lacks: a clone without a remote gets
# the project's address for that one question.
if ! git ls-remote --get-url >/dev/null 2>&1; then
  export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/accounting-mcp/accounting-mcp
fi
# GoReleaser does not mark a dirty tree before the first tag; the snapshot
# version template reads this instead.
ACCOUNTING_MCP_DIRTY=""
if [ -n "$(git status --porcelain)" ]; then ACCOUNTING_MCP_DIRTY=1; fi
export ACCOUNTING_MCP_DIRTY

# --parallelism 1: GoReleaser lays the macOS universal binary's slices out
# in the order the darwin builds finished; one build at a time makes that
# order, and so the checksums, the same on every run (each go build still
# uses every core).
go run github.com/goreleaser/goreleaser/v2@v2.15.1 release --clean --parallelism 1 "${mode[@]}"

version=$(node -p 'require("./dist/metadata.json").version')
bundle="accounting-mcp_${version}.mcpb"
packaging/mcpb/build.sh dist "dist/$bundle"
(cd dist && sha256sum "$bundle" >> checksums.txt && LC_ALL=C sort -k2 -o checksums.txt checksums.txt)

echo "release $version in dist/:"
(cd dist && ls -l ./*.tar.gz ./*.zip ./*.mcpb checksums.txt)
