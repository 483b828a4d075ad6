#!/usr/bin/env bash
# Closebook beside hledger and ledger on the same bank export and the same rules (`make bench-peers`):
# import + categorise a Northwind CSV of real-variety rows (scripts/generate_bench.py) with N rules
# written in each tool's language (scripts/generate_peer_rules.py), check that the three tools put
# the same rows in the same categories (scripts/peer_check.py), and print each tool's time, rows per
# second, peak memory and its time as a multiple of Closebook's.
#
#   make bench-peers                                 (10k and 100k rows, 50 and 500 rules)
#   PEER_SIZES=10000 PEER_RULES=50 scripts/bench-peers.sh
#   PEER_ROUNDS=3 scripts/bench-peers.sh             (the median of three interleaved rounds)
#
# The tools run interleaved (Closebook, hledger, ledger, then again), so a busy moment of a shared
# machine falls on all three alike. Commands:
#   closebook  closebook-import, then closebook-categorize (rules first match wins)
#   hledger    hledger -f EXPORT.csv --rules-file hledger.rules print
#   ledger     ledger -f ledger.dat convert EXPORT-ledger.csv   (the same rows as date,payee,amount:
#              ledger convert reads no paid-in/paid-out columns)
# Data goes to bench-data/peers/ (git-ignored). Never part of `make test`.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
DATA=${PEER_DATA:-$ROOT/bench-data/peers}
SIZES=${PEER_SIZES:-10000 100000}
RULE_COUNTS=${PEER_RULES:-50 500}
ROUNDS=${PEER_ROUNDS:-1}
PYTHON=${PYTHON:-python3}
TIME=/usr/bin/time

for tool in hledger ledger "$TIME" "$BIN/closebook-import" "$BIN/closebook-categorize"; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench-peers.sh: $tool is missing (make bench-peers installs it)" >&2; exit 2; }
done
mkdir -p "$DATA"

now() { printf '%s' "${EPOCHREALTIME:-$(date +%s.%N)}"; }

# timed OUT_PREFIX COMMAND... : runs the command with its output in OUT_PREFIX.out; appends
# "wall rss_kb" to OUT_PREFIX.samples; returns the command's status.
timed() {
    local prefix=$1 start end status
    shift
    sync
    start=$(now)
    "$TIME" -f '%M' -o "$prefix.rss" "$@" >"$prefix.out" 2>"$prefix.err"
    status=$?
    end=$(now)
    awk -v a="$start" -v b="$end" -v rss="$(tail -n 1 "$prefix.rss")" 'BEGIN { printf "%.3f %s\n", b - a, rss }' \
        >>"$prefix.samples"
    return "$status"
}

# median FILE : the median wall time and the largest peak memory of the samples in FILE
median() {
    sort -n "$1" | awk '{ w[NR] = $1; if ($2 > m) m = $2 } END { printf "%s %s", w[int((NR + 1) / 2)], m }'
}

printf '%8s %6s  %-10s %9s %12s %9s %10s\n' rows rules tool "wall s" "rows/s" "RSS MB" "× closebook"
printf '%8s %6s  %-10s %9s %12s %9s %10s\n' -------- ------ ---------- --------- ------------ --------- ----------
for size in $SIZES; do
    data=$DATA/data-$size
    export_csv=$data/csv-$size/inbox/northwind-current-$size.csv
    ledger_csv=$data/ledger-$size.csv
    if [ ! -f "$ledger_csv" ] || [ "$ROOT/scripts/generate_bench.py" -nt "$ledger_csv" ]; then
        echo "generating $size real-variety rows into $data ..." >&2
        BENCH_VARIETY=real "$PYTHON" "$ROOT/scripts/generate_bench.py" "$size" "$data" >/dev/null || exit 1
        "$PYTHON" - "$export_csv" "$ledger_csv" <<'PY' || exit 1
import csv, sys
with open(sys.argv[1], newline="") as f, open(sys.argv[2], "w", newline="") as out:
    rows = csv.reader(f)
    next(rows)
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["date", "payee", "amount"])
    for date, _, description, paid_out, paid_in, _ in rows:
        day, month, year = date.split("/")
        writer.writerow([f"{year}/{month}/{day}", description, f"-{paid_out}" if paid_out else paid_in])
PY
    fi
    for count in $RULE_COUNTS; do
        work=$DATA/run-$size-$count
        rm -rf "$work"
        mkdir -p "$work"
        "$PYTHON" "$ROOT/scripts/generate_peer_rules.py" "$count" "$work" || exit 1
        ws=$work/closebook
        cp "$data/csv-$size/closebook.toml" "$ws/closebook.toml"
        ln -s "$data/csv-$size/inbox" "$ws/inbox"
        mkdir -p "$ws/build"
        for ((round = 0; round < ROUNDS; round++)); do
            start=$(now)
            timed "$work/import" "$BIN/closebook-import" --workspace "$ws" --profiles "$ROOT/Importers" \
                --journal "$ws/build/journal.jsonl" --report "$ws/build/import-report.json" || echo "closebook-import failed" >&2
            timed "$work/categorize" "$BIN/closebook-categorize" --workspace "$ws" --journal "$ws/build/journal.jsonl" \
                --ledger "$ws/build/ledger.jsonl" --uncategorized "$ws/build/uncategorized.csv" \
                || echo "closebook-categorize failed" >&2
            # Closebook's figure is the two stages together: their walls added, the larger peak.
            paste -d' ' <(tail -n 1 "$work/import.samples") <(tail -n 1 "$work/categorize.samples") \
                | awk '{ printf "%.3f %d\n", $1 + $3, ($2 > $4 ? $2 : $4) }' >>"$work/closebook.samples"
            timed "$work/hledger" hledger -f "$export_csv" --rules-file "$work/hledger.rules" print \
                || echo "hledger failed: $(head -n 3 "$work/hledger.err")" >&2
            timed "$work/ledger" ledger -f "$work/ledger.dat" convert "$ledger_csv" --input-date-format %Y/%m/%d \
                --account Assets:Current || echo "ledger failed: $(head -n 3 "$work/ledger.err")" >&2
        done
        read -r ours_wall ours_rss <<<"$(median "$work/closebook.samples")"
        for tool in closebook hledger ledger; do
            read -r wall rss <<<"$(median "$work/$tool.samples")"
            awk -v n="$size" -v r="$count" -v t="$tool" -v w="$wall" -v k="$rss" -v o="$ours_wall" 'BEGIN {
                printf "%8d %6d  %-10s %9.3f %12.0f %9.1f %9.0f×\n", n, r, t, w, n / w, k / 1024, w / o }'
        done
        "$PYTHON" "$ROOT/scripts/peer_check.py" "$export_csv" "$ws/build/ledger.jsonl" "$work/hledger.out" \
            "$work/ledger.out" | sed 's/^/         | /'
    done
done
