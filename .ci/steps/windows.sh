#!/usr/bin/env bash
# The Windows lane (docs/windows.md): runs the windows/amd64 build under
# Debian's Wine 8. It builds the ProcessPrng stand-in Go 1.24+ needs
# (packaging/wine/processprng.c) into a fresh Wine prefix, then
#   - the reader's save-while-reading tests, compiled for Windows, run
#     under Wine: another process deletes or renames a data file the
#     server holds open, and a file missing mid-save is never empty books;
#   - e2e/windows.mjs: the TypeScript SDK client drives accounting-mcp.exe
#     and the Linux binary on the same books and compares every answer;
#     doctor, export, config claude-desktop and bad input.
# Usage: .ci/steps/windows.sh (from anywhere; needs root for apt-get once).
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== Windows lane: accounting-mcp.exe under Wine"
if ! command -v wine >/dev/null 2>&1 || ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
  apt-get update -qq
  # wine (the /usr/bin/wine command) is only a recommendation of wine64.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wine wine64 gcc-mingw-w64-x86-64 >/dev/null
fi
if ! command -v node >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
wine --version

lane=$(mktemp -d)
export WINEPREFIX="$lane/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY
stop_wine() {
  wineserver -k 2>/dev/null || true
  rm -rf "$lane"
}
trap stop_wine EXIT

# A fresh prefix, then the stand-in bcryptprimitives.dll in its system32
# (the Go runtime loads it from there only).
wineboot -i >/dev/null 2>&1
x86_64-w64-mingw32-gcc -O2 -shared -s -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
  packaging/wine/processprng.c -ladvapi32

GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go build -o "$lane/accounting-mcp.exe" ./cmd/accounting-mcp
CGO_ENABLED=0 go build -o "$lane/accounting-mcp" ./cmd/accounting-mcp
wine "$lane/accounting-mcp.exe" --version

# The tests that concern Windows' file sharing and saves, built for
# Windows and run under Wine (the rest of the reader's tests run on Linux).
GOOS=windows GOARCH=amd64 CGO_ENABLED=0 go test -c -o "$lane/reader.test.exe" ./reader
if ! wine "$lane/reader.test.exe" -test.v \
  -test.run 'TestSaveWhileTheServerReads|TestMissingFile|TestNewYearWithoutPostings|TestLockedFile' >"$lane/reader.log" 2>&1; then
  cat "$lane/reader.log"
  echo "reader tests under Wine failed" >&2
  exit 1
fi
grep -E '^\s*--- ' "$lane/reader.log"

[ -d e2e/node_modules ] || (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
ACCOUNTING_MCP_BIN="$lane/accounting-mcp" ACCOUNTING_MCP_EXE="$lane/accounting-mcp.exe" timeout 600 node e2e/windows.mjs
