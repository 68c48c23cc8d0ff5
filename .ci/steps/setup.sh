#!/usr/bin/env bash
# The Debian programs the other steps need, installed in one apt-get where
# missing, and their versions printed: hledger and ledger (the independent
# double-entry engines the cross-check tests compare against), Node and npm
# (the TypeScript SDK client, the Inspector, the conformance suite, the
# view's build and the bundle), Chromium (the view's browser test: Debian's,
# never a downloaded browser), qemu-user (runs the linux/arm64 release
# binary) and unzip (opens the release archives). Every step installs what
# it needs itself; running this one first saves the repeated apt-get update
# on a fresh machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=.ci/lib.sh
source .ci/lib.sh

echo "== setup: hledger, ledger, Node, Chromium, qemu-user, unzip"
install_missing hledger:hledger ledger:ledger node:nodejs npm:npm \
  chromium:chromium qemu-aarch64:qemu-user unzip:unzip
go version
hledger --version
ledger --version | sed -n 1p
node --version
chromium --version 2>/dev/null
