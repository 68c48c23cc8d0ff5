#!/usr/bin/env bash
# office-bench.sh: memory and latency of one long-lived server on a
# fiduciary's office (docs/performance.md#memory). It builds this tree's
# binary and the baseline's (BASE, a git revision: the unbounded cache),
# generates an office of MANDATORS × YEARS × POSTINGS into a temporary
# folder (the scale books, hard-linked under every mandator's name: little
# disk, but every mandator-year is a file of its own to the server), and a
# one-household book of 1 × YEARS × POSTINGS, and for each binary and cap:
#   stdio: get_income_statement on every mandator-year, mandator by
#          mandator, twice over (SWEEPS), then WARM calls on the last one;
#   http:  CLIENTS clients rotating over all mandator-years for DURATION,
#          on a loopback port;
# measuring the server's peak RSS (VmHWM, Linux) and per-call latency. It
# prints a Markdown table; the generated books are removed at the end.
#
#   scripts/office-bench.sh
#   MANDATORS=50 CAPS="512 128" DURATION=30s scripts/office-bench.sh
#
# The one-household books are measured ROUNDS times (default 5), the
# servers taking turns, and the table gives the medians: its figures are
# small, and a shared machine's noise is not.
#
# MAXRSS (MiB, default 14000) stops a run whose server grows beyond it, so
# that the unbounded baseline cannot exhaust a shared machine; the table
# says where it stopped.
set -euo pipefail

MANDATORS=${MANDATORS:-200}
YEARS=${YEARS:-10}
POSTINGS=${POSTINGS:-5000}
BASE=${BASE:-acdbd74}
CAPS=${CAPS:-"512 128"}
SWEEPS=${SWEEPS:-2}
WARM=${WARM:-200}
CLIENTS=${CLIENTS:-16}
DURATION=${DURATION:-60s}
MAXRSS=${MAXRSS:-14000}
ROUNDS=${ROUNDS:-5}

cd "$(dirname "$0")/.."
work=$(mktemp -d "${TMPDIR:-/tmp}/office-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "building this tree and $BASE…" >&2
go build -o "$work/new" ./cmd/accounting-mcp
go build -o "$work/officebench" ./scripts/officebench
mkdir "$work/base-src"
git archive "$BASE" | tar -x -C "$work/base-src"
(cd "$work/base-src" && go build -o "$work/base" ./cmd/accounting-mcp)
base=$(git rev-parse --short "$BASE")

echo "generating $MANDATORS × $YEARS × $POSTINGS and 1 × $YEARS × $POSTINGS…" >&2
"$work/officebench" gen -out "$work/office" -mandators "$MANDATORS" -years "$YEARS" -postings "$POSTINGS" >&2
"$work/officebench" gen -out "$work/household" -mandators 1 -years "$YEARS" -postings "$POSTINGS" >&2

results="$work/results.jsonl"
stdio() { # books label data binary cap
	echo "$1, $2: stdio…" >&2
	"$work/officebench" stdio -bin "$4" -data "$3" -cap "$5" -sweeps "$SWEEPS" -warm "$WARM" \
		-maxrss "$MAXRSS" -label "$2" -books "$1" 2>/dev/null >>"$results"
}
http() { # books label data binary cap
	echo "$1, $2: http…" >&2
	"$work/officebench" http -bin "$4" -data "$3" -cap "$5" -clients "$CLIENTS" -duration "$DURATION" \
		-maxrss "$MAXRSS" -label "$2" -books "$1" 2>/dev/null >>"$results"
}
household="1 × $YEARS × $POSTINGS"
for _ in $(seq "$ROUNDS"); do
	stdio "$household" "$base (unbounded)" "$work/household" "$work/base" 0
	for cap in $CAPS; do
		stdio "$household" "cap $cap MiB" "$work/household" "$work/new" "$cap"
	done
done
office="$MANDATORS × $YEARS × $POSTINGS"
for run in stdio http; do
	$run "$office" "$base (unbounded)" "$work/office" "$work/base" 0
	for cap in $CAPS; do
		$run "$office" "cap $cap MiB" "$work/office" "$work/new" "$cap"
	done
done
"$work/officebench" table <"$results"
