#!/usr/bin/env bash
# Builds the Claude Desktop extension bundle (.mcpb) of accounting-mcp:
# cross-compiles the server for windows/amd64, darwin/arm64 and linux/amd64
# into a staging folder next to manifest.json, validates the manifest and
# packs the folder with the mcpb CLI pinned in package-lock.json.
#
#   packaging/mcpb/build.sh [OUTPUT]   (default: dist/accounting-mcp.mcpb)
#
# VERSION=1.2.3 sets the bundle's version (default: manifest.json's).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
out="${1:-$root/dist/accounting-mcp.mcpb}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

if [ ! -x "$here/node_modules/.bin/mcpb" ]; then
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi
mcpb="$here/node_modules/.bin/mcpb"

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
if [ -n "${VERSION:-}" ]; then
  node -e 'const fs=require("fs");const m=JSON.parse(fs.readFileSync(process.argv[1]));m.version=process.argv[2];fs.writeFileSync(process.argv[3],JSON.stringify(m,null,2)+"\n")' \
    "$here/manifest.json" "$VERSION" "$stage/manifest.json"
else
  cp "$here/manifest.json" "$stage/manifest.json"
fi

for target in windows/amd64 darwin/arm64 linux/amd64; do
  os=${target%/*} arch=${target#*/} ext=""
  [ "$os" = windows ] && ext=.exe
  GOOS=$os GOARCH=$arch CGO_ENABLED=0 go build -C "$root" -trimpath -ldflags "-s -w" \
    -o "$stage/server/$os-$arch/accounting-mcp$ext" ./cmd/accounting-mcp
  echo "built $target"
done

"$mcpb" validate "$stage/manifest.json"
mkdir -p "$(dirname "$out")"
"$mcpb" pack "$stage" "$out"
echo "bundle: $out"
