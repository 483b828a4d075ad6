#!/usr/bin/env bash
# Runs the stages over one workspace, each only when its inputs changed. `make report` calls
# it; it can be called directly:
#
#   scripts/report.sh WORKSPACE [OUT [MONTH]]      (BIN names the folder of the stage binaries)
#
# Why a script and a manifest rather than make's own file targets: make decides on the
# modification times of files that exist, so deleting an inbox file, a rule file or overrides.csv,
# or adding a file with an old modification time, re-ran nothing; and make cannot name a file
# whose path holds a space, a colon or a new line. Here each stage's inputs are listed (path,
# size, modification time to the nanosecond) into a manifest; the stage runs again when its
# manifest differs from the one saved by its last successful run, or its output is missing. Paths
# are only ever passed as quoted arguments.
#
# One bad file never blocks the report: the importer writes the journal of everything it could
# read and exits 1; the pipeline goes on, the report lists the failures, and this script exits 1
# at the end so scripts notice. Exit status: 0 all well; 1 some input could not be read or some
# amounts had no exchange rate (every output is still written); 2 usage or configuration error.
set -u

script_dir=${0%/*}
[ "$script_dir" = "$0" ] && script_dir=.
ROOT=$(cd "$script_dir/.." && pwd)
BIN=${BIN:-$ROOT/.build/release}
WORKSPACE=${1:?usage: scripts/report.sh WORKSPACE [OUT [MONTH]]}
OUT=${2:-$WORKSPACE}
MONTH=${3:-latest}
BUILD=$OUT/build
TEMPLATES=${TEMPLATES:-$ROOT/Templates}

if [ ! -d "$WORKSPACE" ]; then
    echo "report.sh: the workspace '$WORKSPACE' is not a folder" >&2
    exit 2
fi
# REDACT: the usual spellings of yes and no; anything else is refused rather than read as no (a
# site meant to be redacted must never be published whole by a typo).
redact=${REDACT:-0}
case ${redact,,} in
1 | yes | y | true | on) REDACT=1 ;;
0 | no | n | false | off | "") REDACT=0 ;;
*)
    echo "report.sh: REDACT='${REDACT}' is neither yes nor no; say REDACT=1 (or yes, true, on) or REDACT=0" >&2
    exit 2
    ;;
esac
[ -d "$BUILD" ] || mkdir -p "$BUILD"

# Temporary files of a killed run (`.NAME.PID.tmp`, `.NAME.PID-N.tmp`, and `.dat.nosync…` from
# older versions) are removed once their process is gone, so they are never left in build/,
# site/ or archives/ to be published.
alive() { [ -d "/proc/$1" ] || kill -0 "$1" 2>/dev/null; }
sweep() {
    local file name pid
    while IFS= read -r -d '' file; do
        name=${file##*/}
        if [[ $name =~ \.([0-9]+)(-[0-9]+)?\.tmp$ ]]; then
            pid=${BASH_REMATCH[1]}
            [ "$pid" != $$ ] && ! alive "$pid" && rm -f -- "$file"
        elif [[ $name == .dat.nosync* ]]; then
            rm -f -- "$file"
        fi
    done < <(find "$@" -type f \( -name '.*.tmp' -o -name '.dat.nosync*' \) -print0 2>/dev/null)
}
sweep "$BUILD" "$OUT/site" "$OUT/archives"

# manifest FILE...: one line per regular file under the given paths (missing ones are skipped),
# NUL-safe: names are written with find's %p, and a name holding a new line cannot be confused
# with two names because the size and time follow on the same record, NUL-terminated. Links are
# followed (find -L): a linked inbox file, closebook.toml or rules/ folder (configuration kept in
# a dotfiles repository) is listed with its target's size and time, so editing the target counts.
# One find and one sort for all the paths (missing ones are passed over by find): a run that
# changes nothing is mostly the starting of processes, and this was two for each path.
manifest() {
    find -L "$@" -maxdepth 1 -type f ! -name '.*' -printf '%p\t%s\t%T@\0' 2>/dev/null | sort -z
}

# changed NAME MANIFEST OUTPUT: true when MANIFEST differs from the one saved as NAME, or OUTPUT is missing.
changed() {
    [ -f "$3" ] && [ -f "$BUILD/.inputs-$1" ] && cmp -s "$2" "$BUILD/.inputs-$1" && return 1
    return 0
}

profiles=("$ROOT/Importers")
[ -d "$WORKSPACE/importers" ] && profiles+=("$WORKSPACE/importers")
profile_args=()
for dir in "${profiles[@]}"; do profile_args+=(--profiles "$dir"); done

status=0
note() { [ "$1" -gt "$status" ] && status=$1; }

# --- import -----------------------------------------------------------------------------------
# The manifests are written in build/ (named as the sweep above knows them), not in $TMPDIR, so
# a killed run leaves nothing outside the workspace and the next run removes them.
import_manifest=$BUILD/.manifest-import.$$.tmp ledger_manifest=$BUILD/.manifest-categorize.$$.tmp
analysis_manifest=$BUILD/.manifest-analyze.$$.tmp site_manifest=$BUILD/.manifest-report.$$.tmp
export_manifest=$BUILD/.manifest-export.$$.tmp
trap 'rm -f "$import_manifest" "$ledger_manifest" "$analysis_manifest" "$site_manifest" "$export_manifest"' EXIT
trap 'exit 130' INT TERM HUP
# The day counts too: the importer skips rows dated more than a few days after it, and a row
# skipped yesterday may be plausible today (CLOSEBOOK_TODAY fixes the day, for tests).
{
    if [ -n "${CLOSEBOOK_TODAY:-}" ]; then today=$CLOSEBOOK_TODAY; else printf -v today '%(%F)T' -1; fi
    printf 'today\t%s\0' "$today"
    manifest "$WORKSPACE/inbox" "$WORKSPACE/closebook.toml" "${profiles[@]}" "$BIN/closebook-import"
} >"$import_manifest"
if changed import "$import_manifest" "$BUILD/journal.jsonl"; then
    rm -f "$BUILD/.inputs-import"
    # What each file was read as is kept in build/.reads/: at a month end only the new exports
    # are read, the old ones are read back (the outputs are the same bytes either way).
    "$BIN/closebook-import" --workspace "$WORKSPACE" "${profile_args[@]}" \
        --journal "$BUILD/journal.jsonl" --report "$BUILD/import-report.json" --read-cache "$BUILD/.reads"
    code=$?
    if [ "$code" -ge 2 ] || [ ! -f "$BUILD/journal.jsonl" ]; then exit "$code"; fi
    # An import with unreadable files is not saved as up to date: it runs again next time.
    [ "$code" -eq 0 ] && cp "$import_manifest" "$BUILD/.inputs-import"
    note "$code"
fi

# --- categorize -------------------------------------------------------------------------------
{
    manifest "$BUILD/journal.jsonl" "$WORKSPACE/rules" "$WORKSPACE/overrides.csv" "$WORKSPACE/closebook.toml" \
        "$ROOT/Importers/starter" "$BIN/closebook-categorize"
} >"$ledger_manifest"
if changed categorize "$ledger_manifest" "$BUILD/ledger.jsonl"; then
    rm -f "$BUILD/.inputs-categorize"
    # text-cache.bin: what each distinct payee text came to last time, so a month end normalises
    # and matches only the new ones (it is not an input: it says which rules and program made it).
    # guess-cache.bin: what the learned fallback guessed in each month, with a digest of all that
    # the guesses depend on, so a month end guesses only its own month.
    # rows-cache.bin: what reading the journal came to, so a month end reads only its new rows.
    "$BIN/closebook-categorize" --workspace "$WORKSPACE" --journal "$BUILD/journal.jsonl" \
        --ledger "$BUILD/ledger.jsonl" --uncategorized "$BUILD/uncategorized.csv" \
        --starter-rules "$ROOT/Importers/starter" --text-cache "$BUILD/text-cache.bin" \
        --guess-cache "$BUILD/guess-cache.bin" --rows-cache "$BUILD/rows-cache.bin" || exit $?
    cp "$ledger_manifest" "$BUILD/.inputs-categorize"
fi

# --- analyze ----------------------------------------------------------------------------------
# The analysis writes closed/ (the close records) itself: its manifest is taken again after it
# runs, so that its own writes do not make the next run analyse again.
analysis_inputs() {
    printf 'month\t%s\0reopen\t%s\0' "$MONTH" "${REOPEN:-}"
    manifest "$BUILD/ledger.jsonl" "$BUILD/import-report.json" "$WORKSPACE/closebook.toml" "$WORKSPACE/rates.csv" \
        "$WORKSPACE/valuations.csv" "$WORKSPACE/closed" "$BIN/closebook-analyze"
}
analysis_inputs >"$analysis_manifest"
if changed analyze "$analysis_manifest" "$BUILD/.selected-month"; then
    rm -f "$BUILD/.inputs-analyze"
    # REOPEN=YYYY-MM REASON="…": record the changes of a locked closed month as a new version.
    reopen_args=()
    [ -n "${REOPEN:-}" ] && reopen_args=(--reopen "$REOPEN" --reason "${REASON:-}")
    # The months' fingerprints (build/.analysis-months.json) let a month end analyse only the months
    # whose rows (or any earlier row), settings, import facts or close record changed.
    analysis=$("$BIN/closebook-analyze" --workspace "$WORKSPACE" --ledger "$BUILD/ledger.jsonl" --month "$MONTH" \
        --import-report "$BUILD/import-report.json" --out "$BUILD/analysis" --print-path \
        --conservation "$BUILD/conservation.txt" --fingerprints "$BUILD/.analysis-months.json" \
        --input-digests "$BUILD/.input-digests" "${reopen_args[@]}")
    code=$?
    [ -z "$analysis" ] && exit "$code"
    printf '%s\n' "$analysis" >"$BUILD/.selected-month"
    # Amounts without an exchange rate (exit 1) are not saved as up to date either.
    [ "$code" -eq 0 ] && analysis_inputs >"$BUILD/.inputs-analyze"
    note "$code"
else
    analysis=$(<"$BUILD/.selected-month")
fi

# --- report -----------------------------------------------------------------------------------
# The workspace's closebook.toml may ask for a redacted site ([publish] redact = true); REDACT=1
# asks for one too. Its templates/ folder, if any, overrides the shipped templates file by file.
redact_args=()
[ "$REDACT" = 1 ] && redact_args=(--redact)
{
    manifest "$BUILD/analysis" "$TEMPLATES" "$TEMPLATES/partials" "$WORKSPACE/templates" \
        "$WORKSPACE/templates/partials" "$WORKSPACE/closebook.toml" "$BIN/closebook-report"
    printf 'out\t%s\0redact\t%s\0' "$OUT" "$REDACT"
} >"$site_manifest"
if changed report "$site_manifest" "$OUT/site/index.html"; then
    rm -f "$BUILD/.inputs-report"
    args=()
    for file in "$BUILD"/analysis/*.json; do args+=(--analysis "$file"); done
    # The months' fingerprints (build/.report-months.json) let a month end render only the months
    # whose analysis changed; the index, feed, year and account pages are written every time.
    "$BIN/closebook-report" "${args[@]}" --templates "$TEMPLATES" --workspace "$WORKSPACE" "${redact_args[@]}" \
        --site "$OUT/site" --archives "$OUT/archives" --prune --fingerprints "$BUILD/.report-months.json" || exit $?
    cp "$site_manifest" "$BUILD/.inputs-report"
fi
# --- export -----------------------------------------------------------------------------------
# The ledger in the files other tools read (hledger/ledger journal, beancount, CSV): the formats
# `[export] formats` names in closebook.toml (nothing without an [export] table), or every format
# when EXPORT=all (`make export`). Written into build/export/.
export_args=(--configured)
[ "${EXPORT:-}" = all ] && export_args=()
{
    printf 'export\t%s\0' "${EXPORT:-configured}"
    manifest "$BUILD/ledger.jsonl" "$WORKSPACE/closebook.toml" "$WORKSPACE/rates.csv" "$BIN/closebook-export"
} >"$export_manifest"
if ! { [ -d "$BUILD/export" ] && [ -f "$BUILD/.inputs-export" ] && cmp -s "$export_manifest" "$BUILD/.inputs-export"; }; then
    rm -f "$BUILD/.inputs-export"
    "$BIN/closebook-export" --workspace "$WORKSPACE" --ledger "$BUILD/ledger.jsonl" --out "$BUILD/export" \
        "${export_args[@]}"
    code=$?
    [ "$code" -ge 2 ] && exit "$code"
    [ "$code" -eq 0 ] && mkdir -p "$BUILD/export" && cp "$export_manifest" "$BUILD/.inputs-export"
    note "$code"
fi

month=${analysis##*/}
month=${month%.json}
echo "Report for $month:"
echo "  $OUT/site/$month/index.html"
echo "  $OUT/site/$month/report.md"
echo "  $OUT/site/$month/report.json"
echo "  $OUT/site/index.html"
echo "  $OUT/archives/closebook-$month.tar.gz"
# Every record and every account's money accounted for (written by the analysis).
for file in "$BUILD"/export/closebook.*; do [ -f "$file" ] && echo "  $file"; done
if [ -f "$BUILD/conservation.txt" ]; then
    echo "Accounted for:"
    while IFS= read -r line || [ -n "$line" ]; do printf '  %s\n' "$line"; done <"$BUILD/conservation.txt"
fi
if [ "$status" -ne 0 ]; then
    echo "Some inputs could not be used; the report says which (exit $status)." >&2
fi
exit "$status"
