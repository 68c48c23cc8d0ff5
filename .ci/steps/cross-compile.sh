#!/usr/bin/env bash
# The server builds without cgo for the platforms it is released for
# besides this one: Windows on amd64, macOS on arm64 and Linux on amd64, so
# that a platform-specific file that breaks another platform's build is
# caught here. Needs Go only.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== cross-compile"
for target in windows/amd64 darwin/arm64 linux/amd64; do
  GOOS=${target%/*} GOARCH=${target#*/} CGO_ENABLED=0 go build -o /dev/null ./cmd/accounting-mcp
  echo "built $target"
done
