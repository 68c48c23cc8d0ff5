#!/bin/sh
# The bundle's Linux command: it starts the server binary of this machine's
# architecture, both of which the bundle carries (an MCPB manifest chooses
# a command by platform only, not by architecture).
here=$(dirname "$0")
case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *)
    echo "accounting-mcp: this bundle carries Linux servers for amd64 and arm64, not for $(uname -m); use a release archive or build from source" >&2
    exit 1
    ;;
esac
exec "$here/../linux-$arch/accounting-mcp" "$@"
