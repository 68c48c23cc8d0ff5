#!/usr/bin/env bash
# compare-ledger.sh: accounting-mcp against ledger and hledger on the same
# books. It generates scale books (ten heavy years of 5,000 postings, one
# small-business year of 60,000, one year of 5,000), exports each to a
# journal with `accounting-mcp export`, asks every tool the same questions,
# fails unless all answers agree to the cent, and prints the median times
# and their ratios as a Markdown table.
#
#   scripts/compare-ledger.sh            # from the repository root, or anywhere
#   RUNS=5 WARM=100 scripts/compare-ledger.sh
#
# RUNS: runs of each command (median; one more untimed run warms the page
# cache). HRUNS: runs of hledger, which is slow. WARM: warm calls per
# question to one running server over stdio. Needs go, ledger and hledger;
# as root it installs ledger and hledger with apt-get when they are missing.
set -euo pipefail

RUNS=${RUNS:-10}
HRUNS=${HRUNS:-3}
WARM=${WARM:-200}
YEAR=2025 # the last year of the scale books

cd "$(dirname "$0")/.."

have() { command -v "$1" >/dev/null 2>&1; }
if ! have ledger || ! have hledger; then
	if [ "$(id -u)" = 0 ] && have apt-get; then
		echo "installing ledger and hledger with apt-get…" >&2
		apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ledger hledger >/dev/null
	fi
fi
missing=()
have go || missing+=("go (Go 1.26 or newer, https://go.dev/dl/)")
have ledger || missing+=("ledger (apt-get install ledger)")
have hledger || missing+=("hledger (apt-get install hledger)")
if [ ${#missing[@]} -gt 0 ]; then
	printf 'compare-ledger: missing: %s\n' "${missing[@]}" >&2
	exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/compare-ledger.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
echo "building into $WORK…" >&2
go build -o "$WORK/accounting-mcp" ./cmd/accounting-mcp
go build -o "$WORK/benchtool" ./scripts/benchtool
go build -o "$WORK/gen" ./fixtures/gen
BIN=$WORK/accounting-mcp
BT=$WORK/benchtool

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { r = a / b; printf(r >= 100 ? "%.0f×" : "%.1f×", r) }'; }
fmt_ms() { awk -v t="$1" 'BEGIN { printf(t >= 10 ? "%.0f ms" : "%.2f ms", t) }'; }

# question N sets the Nth question: its text, the account to compare (0:
# all), the ledger/hledger query and the arguments of get_expenses_by_category.
question() {
	case $1 in
	1)
		text="expenses by account, $YEAR" account=0
		query=(bal ^Expenses -p "$YEAR")
		args="{\"year\":$YEAR,\"groupBy\":\"account\"}"
		;;
	2)
		text="groceries (4000) in Q1 $YEAR" account=4000
		query=(bal "^Expenses:40 Lebensmittel:4000 " -b "$YEAR-01-01" -e "$YEAR-04-01")
		args="{\"year\":$YEAR,\"groupBy\":\"account\",\"fromDate\":\"$YEAR-01-01\",\"toDate\":\"$YEAR-03-31\"}"
		;;
	esac
}

echo "load before: $(load)" >&2
rows=()
failed=0
targets=()
for set in "10 5000" "1 60000" "1 5000"; do
	read -r years postings <<<"$set"
	name="${years}x${postings}"
	label="$years × $(echo "$postings" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta')"
	books=$WORK/books-$name
	journal=$WORK/$name.journal
	echo "$label: generating, exporting…" >&2
	"$WORK/gen" -set scale -years "$years" -postings "$postings" -out "$books"
	# Saved an hour ago, as real books are: the reader re-reads files saved in
	# the last seconds on every call.
	find "$books" -exec touch -d '-1 hour' {} +
	"$BIN" --data-path "$books" export --out "$journal"

	echo "$label: $WARM warm calls per question to one server…" >&2
	"$BT" warm -n "$WARM" -call "get_expenses_by_category $(question 1; echo "$args")" \
		-call "get_expenses_by_category $(question 2; echo "$args")" \
		-- "$BIN" --data-path "$books" serve >"$WORK/warm.out" 2>"$WORK/warm.err" || {
		cat "$WORK/warm.err" >&2
		exit 1
	}

	for i in 1 2; do
		question "$i"
		only=()
		[ "$account" != 0 ] && only=(-account "$account")
		echo "$label: $text…" >&2
		t_ledger=$("$BT" time -n "$RUNS" -out "$WORK/ledger.out" -- ledger -f "$journal" "${query[@]}" \
			--flat --no-total --balance-format '%(account)\t%(scrub(display_total))\n')
		t_hledger=$("$BT" time -n "$HRUNS" -out "$WORK/hledger.out" -- hledger -f "$journal" "${query[@]}" --flat -N -O csv)
		t_cold=$("$BT" time -n "$RUNS" -out "$WORK/cold.out" -- "$BIN" --data-path "$books" call get_expenses_by_category "$args")
		t_warm=$(sed -n "${i}p" "$WORK/warm.out" | cut -f2)
		sed -n "${i}p" "$WORK/warm.out" | cut -f3 >"$WORK/warm.json"

		"$BT" answer -from ledger "${only[@]}" <"$WORK/ledger.out" >"$WORK/a.ledger"
		"$BT" answer -from hledger "${only[@]}" <"$WORK/hledger.out" >"$WORK/a.hledger"
		"$BT" answer -from mcp "${only[@]}" <"$WORK/cold.out" >"$WORK/a.cold"
		"$BT" answer -from mcp "${only[@]}" <"$WORK/warm.json" >"$WORK/a.warm"
		n=$(wc -l <"$WORK/a.ledger")
		agree="agree to the cent ($n account$([ "$n" = 1 ] || echo s))"
		for other in hledger cold warm; do
			if ! diff -u --label ledger --label "$other" "$WORK/a.ledger" "$WORK/a.$other" >&2; then
				agree="DIFFER"
				failed=1
			fi
		done
		[ -s "$WORK/a.ledger" ] || { agree="EMPTY"; failed=1; }
		rows+=("| $label | $text | $(fmt_ms "$t_ledger") | $(fmt_ms "$t_hledger") | $(fmt_ms "$t_cold") | $(fmt_ms "$t_warm") | $(ratio "$t_ledger" "$t_cold") | $(ratio "$t_ledger" "$t_warm") | $agree |")
		targets+=("$(awk -v l="$t_ledger" -v w="$t_warm" -v s="$label, $text" 'BEGIN { printf("warm ≥ 100× ledger (%s): %.0f×, %s", s, l / w, l / w >= 100 ? "met" : "MISSED") }')")
		if [ "$name" = 1x5000 ]; then
			targets+=("$(awk -v l="$t_ledger" -v c="$t_cold" -v s="$text" 'BEGIN { printf("cold call no slower than ledger on one 5,000-posting year (%s): %.1f×, %s", s, l / c, c <= l ? "met" : "MISSED") }')")
		fi
	done

	if [ "$name" = 10x5000 ]; then
		list=$(seq -s, $((YEAR - 9)) "$YEAR")
		echo "$label: compare_years over ten years, cold…" >&2
		t_cmp=$("$BT" time -n "$RUNS" -out /dev/null -- "$BIN" --data-path "$books" call compare_years "{\"years\":[$list]}")
		cmp_row="| $label | compare_years, ten years | — | — | $(fmt_ms "$t_cmp") | — | — | — | |"
		targets+=("$(awk -v c="$t_cmp" 'BEGIN { printf("cold compare_years over ten years ≤ 1 s: %.0f ms, %s", c, c <= 1000 ? "met" : "MISSED") }')")
	fi
done
rows+=("$cmp_row")

echo
echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(awk '/MemTotal/ { printf("%.0f GiB", $2 / 1048576) }' /proc/meminfo 2>/dev/null || echo '?'),"
echo "$(go version | cut -d' ' -f3), $(ledger --version | head -1 | cut -d, -f1), $(hledger --version | cut -d, -f1); load $(load) after."
echo "Medians: ledger and cold calls of $RUNS runs, hledger of $HRUNS, warm calls of $WARM to one server over stdio."
echo
echo "| books | question | ledger | hledger | accounting-mcp cold | accounting-mcp warm | ledger ÷ cold | ledger ÷ warm | answers |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
echo
printf -- '- %s\n' "${targets[@]}"
if [ "$failed" != 0 ]; then
	echo "compare-ledger: the answers differ (see above)" >&2
	exit 1
fi
