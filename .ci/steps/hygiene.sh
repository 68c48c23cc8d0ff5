#!/usr/bin/env bash
# Code hygiene: every Go file is as gofmt writes it, go vet finds nothing,
# go.mod and go.sum are exactly what `go mod tidy` writes, and staticcheck
# (pinned, through go run) finds nothing. Needs Go only.
set -euo pipefail
cd "$(dirname "$0")/../.."

echo "== format and vet"
# shellcheck disable=SC2046 # the repository's Go file names have no spaces
unformatted=$(gofmt -l $(git ls-files '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would change: $unformatted"; exit 1; fi
go vet ./...

echo "== go mod tidy -diff, staticcheck"
go mod tidy -diff
go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
