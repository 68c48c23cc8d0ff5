#!/usr/bin/env bash
# Packs the Claude Desktop extension bundle (.mcpb) of accounting-mcp from
# the binaries of a GoReleaser build (scripts/release.sh makes one in dist/):
# linux/amd64 and linux/arm64 (started by linux-launcher.sh, which picks by
# architecture), windows/amd64 (which Windows on arm64 runs emulated) and
# the macOS universal binary, so that Intel Macs and Apple silicon both work. The bundle's version is the release's
# (dist/metadata.json), the one stamped into those binaries; the manifest is
# validated and the folder packed with the mcpb CLI pinned in
# package-lock.json, then every entry is dated at the commit
# (scripts/zipstamp), so that the same commit gives the same bundle.
#
#   packaging/mcpb/build.sh DIST OUTPUT.mcpb
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ $# -ne 2 ]; then
  echo "usage: packaging/mcpb/build.sh DIST OUTPUT.mcpb  (DIST: a GoReleaser build, see scripts/release.sh)" >&2
  exit 2
fi
dist="$(cd "$1" && pwd)"
out="$2"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

if [ ! -x "$here/node_modules/.bin/mcpb" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
mcpb="$here/node_modules/.bin/mcpb"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
# stage.mjs copies the manifest with the release's version and the
# binaries named in DIST/artifacts.json into the bundle's layout.
node "$here/stage.mjs" "$dist" "$here/manifest.json" "$stage"

"$mcpb" validate "$stage/manifest.json"
mkdir -p "$(dirname "$out")"
"$mcpb" pack "$stage" "$out"
go run -C "$root" ./scripts/zipstamp -time "$(git -C "$root" log -1 --format=%ct)" "$out"
echo "bundle: $out"
