#!/usr/bin/env bash
# The Go tests under the race detector, with exactly the command the README
# gives (cmd/accounting-mcp/readme_test.go checks that they agree), never
# with -short: the slow tests run here. hledger and ledger are the
# independent double-entry engines the cross-check tests compare against;
# under CI=true those tests fail rather than skip without them.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh
install_missing hledger:hledger ledger:ledger

echo "== tests (the README's test command)"
go test -race -count=1 ./...
