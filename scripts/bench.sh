#!/usr/bin/env bash
# Times every pipeline stage on synthetic exports of 10k, 100k and 1M transactions in four formats
# (CSV, OFX 2 XML, OFX 1 SGML, QIF) and, with the real variety, a workspace of three accounts in
# three formats (mixed), plus rule matching against 10, 500 and 1000 generated rules, and
# `make report` over the CSV workspace from scratch, again with the import and categorisation
# forced, at a month end and with nothing changed.
#
#   make bench                                   (builds the release binaries first)
#   BENCH_SIZES="10000 100000" scripts/bench.sh  (choose sizes)
#   BENCH_FORMATS="csv qif" scripts/bench.sh     (choose formats)
#   BENCH_VARIETY=low scripts/bench.sh           (the earlier payee text: a few thousand distinct
#                                                 descriptions, for figures comparable with old ones)
#   BENCH_SEED=2 scripts/bench.sh                (another draw of the real-variety data)
#
# Data goes to bench-data/VARIETY/ (git-ignored) and is reused while it is newer than the generator.
# Each stage runs under /usr/bin/time -v; the table shows wall seconds, transactions per second
# (size / wall) and peak resident memory. A failing stage prints FAILED and its exit code, and
# the run goes on. Results are also written to bench-data/results.tsv.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
VARIETY=${BENCH_VARIETY:-real}
SEED=${BENCH_SEED:-1}
case $VARIETY in
    real) DEFAULT_FORMATS="csv ofx2 ofx1 qif mixed" ;;
    low) DEFAULT_FORMATS="csv ofx2 ofx1 qif" ;;
    *) echo "bench.sh: BENCH_VARIETY is real or low, not '$VARIETY'" >&2; exit 2 ;;
esac
export BENCH_VARIETY=$VARIETY BENCH_SEED=$SEED
DATA=${BENCH_DATA:-$ROOT/bench-data/$VARIETY}
SIZES=${BENCH_SIZES:-10000 100000 1000000}
FORMATS=${BENCH_FORMATS:-$DEFAULT_FORMATS}
RULE_COUNTS=${BENCH_RULES:-10 500 1000}
PYTHON=${PYTHON:-python3}
TIME=/usr/bin/time

if [ ! -x "$TIME" ]; then
    echo "bench.sh needs GNU time at /usr/bin/time (Debian package 'time'): sudo apt-get install time" >&2
    exit 2
fi
for stage in closebook-import closebook-categorize closebook-analyze closebook-report closebook-export; do
    if [ ! -x "$BIN/$stage" ]; then
        echo "bench.sh: $BIN/$stage is missing; build it first with: swift build -c release" >&2
        exit 2
    fi
done

mkdir -p "$DATA"
RESULTS=$DATA/results.tsv
printf 'format\tsize\tstage\twall_s\ttx_per_s\tpeak_rss_mb\tstatus\n' >"$RESULTS"

printf '%-6s %9s  %-22s %9s %13s %9s  %s\n' format size stage "wall s" "tx/s" "RSS MB" status
printf '%-6s %9s  %-22s %9s %13s %9s  %s\n' ------ --------- ---------------------- --------- \
    ------------- --------- ------

now() { printf '%s' "${EPOCHREALTIME:-$(date +%s.%N)}"; }

# row FORMAT SIZE STAGE WALL RSS_KB STATUS
row() {
    local rate mb
    rate=$(awk -v n="$2" -v w="$4" 'BEGIN { if (w > 0) printf "%.0f", n / w; else print "-" }')
    mb=$(awk -v k="$5" 'BEGIN { if (k == "") print "-"; else printf "%.1f", k / 1024 }')
    printf '%-6s %9s  %-22s %9.3f %13s %9s  %s\n' "$1" "$2" "$3" "$4" "$rate" "$mb" "$6"
    printf '%s\t%s\t%s\t%.3f\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$rate" "$mb" "$6" >>"$RESULTS"
}

# run FORMAT SIZE STAGE LOG COMMAND... ; sets LAST_WALL and LAST_RSS, returns the command's status
run() {
    local format=$1 size=$2 stage=$3 log=$4
    shift 4
    mkdir -p "$(dirname "$log")"
    local stats=$log.time start end status
    # The previous stage's files (hundreds of megabytes at 1M) are still being written back to
    # disk; let that finish first, so it is not counted against this stage.
    sync
    start=$(now)
    "$TIME" -v -o "$stats" "$@" >"$log" 2>&1
    status=$?
    end=$(now)
    LAST_WALL=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    LAST_RSS=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$stats" 2>/dev/null)
    if [ "$status" -eq 0 ]; then
        row "$format" "$size" "$stage" "$LAST_WALL" "$LAST_RSS" ok
    else
        row "$format" "$size" "$stage" "$LAST_WALL" "$LAST_RSS" "FAILED (exit $status)"
        grep -v '^\s*$' "$log" | tail -n 3 | sed 's/^/         | /'
    fi
    return "$status"
}

# run_median N FORMAT SIZE STAGE LOG COMMAND... : for a stage of a few tens of milliseconds one
# sample on a shared machine says little, so the command runs N times and the row gives the median.
run_median() {
    local times=$1
    shift
    local format=$1 size=$2 stage=$3 log=$4
    shift 4
    mkdir -p "$(dirname "$log")"
    local walls="" start end status=0 i
    sync
    for ((i = 0; i < times; i++)); do
        start=$(now)
        "$TIME" -v -o "$log.time" "$@" >"$log" 2>&1 || status=$?
        end=$(now)
        walls="$walls $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')"
    done
    LAST_WALL=$(printf '%s\n' $walls | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    LAST_RSS=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log.time" 2>/dev/null)
    if [ "$status" -eq 0 ]; then
        row "$format" "$size" "$stage" "$LAST_WALL" "$LAST_RSS" ok
    else
        row "$format" "$size" "$stage" "$LAST_WALL" "$LAST_RSS" "FAILED (exit $status)"
    fi
    return "$status"
}

# warm WORKSPACE: reads its inbox files once before a timed run, so that the figure is the stage's
# and not the disk's. The files were written or read minutes before, but this machine drops cached
# file pages while other runs write gigabytes (a 185 MB OFX file half gone from the cache read in
# 0.38 s, against 0.05 s cached), and a person runs the import on exports just saved.
warm() { cat "$1"/inbox/* >/dev/null 2>&1 || true; }

skip() { printf '%-6s %9s  %-22s %9s %13s %9s  %s\n' "$1" "$2" "$3" - - - "skipped: $4"; }

for size in $SIZES; do
    marker=$DATA/.generated-$size-seed-$SEED
    if [ ! -f "$marker" ] || [ "$ROOT/scripts/generate_bench.py" -nt "$marker" ] \
        || [ "$ROOT/Samples/rules" -nt "$marker" ]; then
        rm -f "$DATA"/.generated-"$size"-*
        echo "generating $size transactions ($VARIETY variety, seed $SEED) into $DATA ..." >&2
        "$PYTHON" "$ROOT/scripts/generate_bench.py" "$size" "$DATA" || { echo "generation failed" >&2; exit 1; }
        touch "$marker"
    fi

    for format in $FORMATS; do
        W=$DATA/$format-$size
        B=$W/build
        rm -rf "$B" "$W/site" "$W/archives" "$W/site-one" "$W/archives-one"
        total=0
        peak=0
        add_total() {
            total=$(awk -v a="$total" -v b="$LAST_WALL" 'BEGIN { printf "%.3f", a + b }')
            [ -n "$LAST_RSS" ] && [ "$LAST_RSS" -gt "$peak" ] && peak=$LAST_RSS
        }
        warm "$W"
        run "$format" "$size" import "$B/logs/import.log" \
            "$BIN/closebook-import" --workspace "$W" --profiles "$ROOT/Importers" \
            --journal "$B/journal.jsonl" --report "$B/import-report.json" --timings
        add_total
        # Where the import spent its time (--timings), phase by phase.
        awk '/where the time went/ { on = 1; next } on && /^  [a-z]/ {
                name = $0; sub(/^  /, "", name); sub(/ +[0-9.]+ ms$/, "", name)
                printf "         | %-24s %9.1f ms\n", name, $(NF - 1)
            }' "$B/logs/import.log"
        if [ -f "$B/journal.jsonl" ]; then
            # With the starter pack, as make report runs it.
            run "$format" "$size" categorize "$B/logs/categorize.log" \
                "$BIN/closebook-categorize" --workspace "$W" --journal "$B/journal.jsonl" \
                --ledger "$B/ledger.jsonl" --uncategorized "$B/uncategorized.csv" \
                --starter-rules "$ROOT/Importers/starter"
            add_total
        else
            skip "$format" "$size" categorize "no journal"
        fi
        if [ -f "$B/ledger.jsonl" ]; then
            # Every month of the ledger, as make report runs it.
            run "$format" "$size" "analyze (all months)" "$B/logs/analyze.log" \
                "$BIN/closebook-analyze" --workspace "$W" --ledger "$B/ledger.jsonl" --month latest \
                --import-report "$B/import-report.json" --out "$B/analysis" --timings
            add_total
            # Where the analysis spent its time (--timings), with the phases the issues set targets
            # for: the plan (under 10 ms a month) and the insight cards (under 0.5 s for 120 months).
            months=$(ls "$B/analysis"/*.json 2>/dev/null | wc -l)
            awk -v months="$months" '/^  [a-z]/ {
                    name = $0; sub(/^  /, "", name); sub(/ +[0-9.]+ ms$/, "", name)
                    ms = $(NF - 1)
                    extra = (name == "plan" && months > 0) ? sprintf("  (%.2f ms a month)", ms / months) : ""
                    printf "         | %-16s %9.1f ms%s\n", name, ms, extra
                }' "$B/logs/analyze.log"
        else
            skip "$format" "$size" "analyze (all months)" "no ledger"
        fi
        latest=$(ls "$B/analysis"/*.json 2>/dev/null | tail -n 1)
        if [ -n "$latest" ]; then
            run_median 5 "$format" "$size" "report (one month)" "$B/logs/report-one.log" \
                "$BIN/closebook-report" --analysis "$latest" --templates "$ROOT/Templates" \
                --site "$W/site-one" --archives "$W/archives-one"
            set -- ; for file in "$B/analysis"/*.json; do set -- "$@" --analysis "$file"; done
            run "$format" "$size" "report (whole site)" "$B/logs/report.log" \
                "$BIN/closebook-report" "$@" --templates "$ROOT/Templates" \
                --site "$W/site" --archives "$W/archives"
            add_total
        else
            skip "$format" "$size" report "no analysis"
        fi
        if [ -f "$B/ledger.jsonl" ]; then
            # The ledger in every export format (journal, beancount, CSV), as `make export` writes it.
            run "$format" "$size" "export (every format)" "$B/logs/export.log" \
                "$BIN/closebook-export" --workspace "$W" --ledger "$B/ledger.jsonl" --out "$B/export"
            add_total
            # Its two lanes alone (not in the pipeline's sum): the SQLite file, the longest, on one
            # core; the three text files on the other. The run above lasts about the longer of them.
            run "$format" "$size" "  export, SQLite alone" "$B/logs/export-sqlite.log" \
                "$BIN/closebook-export" --workspace "$W" --ledger "$B/ledger.jsonl" --out "$B/export-lanes" \
                --format sqlite
            run "$format" "$size" "  export, text files" "$B/logs/export-text.log" \
                "$BIN/closebook-export" --workspace "$W" --ledger "$B/ledger.jsonl" --out "$B/export-lanes" \
                --format journal --format beancount --format csv
            rm -rf "$B/export-lanes"
        else
            skip "$format" "$size" export "no ledger"
        fi
        row "$format" "$size" "pipeline (sum)" "$total" "$peak" "-"
    done

    # Rule matching: the CSV journal categorised against generated rule sets of different sizes.
    journal=$DATA/csv-$size/build/journal.jsonl
    for count in $RULE_COUNTS; do
        W=$DATA/rules-$count-$size
        if [ ! -f "$journal" ]; then
            skip csv "$size" "categorize, $count rules" "no CSV journal"
            continue
        fi
        mkdir -p "$W/rules"
        cp "$DATA/csv-$size/closebook.toml" "$W/closebook.toml"
        if [ ! -f "$W/rules/bench.rules" ] || [ "$ROOT/scripts/generate_bench_rules.py" -nt "$W/rules/bench.rules" ] \
            || [ "$ROOT/scripts/generate_bench.py" -nt "$W/rules/bench.rules" ]; then
            "$PYTHON" "$ROOT/scripts/generate_bench_rules.py" "$count" "$W/rules/bench.rules"
        fi
        # Without the spares the last bench left (see AtomicFileWriter): a first run's writing.
        rm -f "$W"/build/.*.spare
        run csv "$size" "categorize, $count rules" "$W/build/logs/categorize.log" \
            "$BIN/closebook-categorize" --workspace "$W" --journal "$journal" \
            --ledger "$W/build/ledger.jsonl" --uncategorized "$W/build/uncategorized.csv"
    done
    # The same journal with the starter pack alone (no rules of the workspace's): what a new
    # user's first run costs.
    if [ -f "$journal" ]; then
        W=$DATA/starter-$size
        mkdir -p "$W"
        cp "$DATA/csv-$size/closebook.toml" "$W/closebook.toml"
        rm -f "$W"/build/.*.spare
        run csv "$size" "categorize, starter pack only" "$W/build/logs/categorize.log" \
            "$BIN/closebook-categorize" --workspace "$W" --journal "$journal" \
            --ledger "$W/build/ledger.jsonl" --uncategorized "$W/build/uncategorized.csv" \
            --starter-rules "$ROOT/Importers/starter"
    fi
    # `make report` as a person runs it (scripts/report.sh: every stage, fingerprints, closes),
    # then a month end: the CSV workspace with its newest month held out of the inbox file, made
    # from scratch; the import and categorisation run again with nothing changed, as a workspace
    # reported before has run them (so the journal and ledger have their spares, see
    # AtomicFileWriter); the month put back as a file of its own; a rerun with nothing changed.
    if [[ " $FORMATS " == *" csv "* ]] && [ -d "$DATA/csv-$size/inbox" ]; then
        M=$DATA/month-end-$size
        logs=$DATA/month-end-logs-$size
        rm -rf "$M" "$logs"
        mkdir -p "$M/inbox"
        cp -r "$DATA/csv-$size/rules" "$M/"
        # The account reads every file of the bank's export name, the held-out month's too.
        sed 's/^inbox = \["\(.*\)-[0-9]*\.csv"\]/inbox = ["\1-*.csv"]/' "$DATA/csv-$size/closebook.toml" \
            >"$M/closebook.toml"
        file=$(ls "$DATA/csv-$size/inbox"/*.csv | head -n 1)
        name=$(basename "$file" .csv)
        # Dates are DD/MM/YYYY, newest first: the first data row's month is the newest.
        newest=$(sed -n '2p' "$file" | cut -c4-10)
        { head -n 1 "$file"; tail -n +2 "$file" | grep -v "^../$newest,"; } >"$M/inbox/$name.csv"
        { head -n 1 "$file"; tail -n +2 "$file" | grep "^../$newest,"; } >"$M/newest.csv"
        held=$(($(wc -l <"$M/newest.csv") - 1))
        warm "$M"
        run csv "$size" "make report, scratch" "$logs/scratch.log" \
            env BIN="$BIN" bash "$ROOT/scripts/report.sh" "$M" "$M" ""
        rm -f "$M/build/.inputs-import" "$M/build/.inputs-categorize"
        run csv "$size" "make report, import and categorize again" "$logs/again.log" \
            env BIN="$BIN" bash "$ROOT/scripts/report.sh" "$M" "$M" ""
        mv "$M/newest.csv" "$M/inbox/$name-newest.csv"
        warm "$M"
        run csv "$size" "month end (+$held rows)" "$logs/month-end.log" \
            env BIN="$BIN" bash "$ROOT/scripts/report.sh" "$M" "$M" ""
        run csv "$size" "make report, no change" "$logs/no-change.log" \
            env BIN="$BIN" bash "$ROOT/scripts/report.sh" "$M" "$M" ""
    fi
done
echo "results: $RESULTS" >&2
