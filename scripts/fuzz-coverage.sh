#!/usr/bin/env bash
# Coverage-guided fuzzing of the readers and parsers of untrusted input, with libFuzzer and
# AddressSanitizer (the Fuzz/ package, linked with lld, which ships with the toolchain).
#
#   make fuzz-coverage                          every target, FUZZ_SECONDS (600) each
#   FUZZ_TARGETS="csv qif" FUZZ_SECONDS=60 scripts/fuzz-coverage.sh
#
# Targets: csv, ofx1, ofx2, qif (the inbox readers), rules, config (closebook.toml), overrides.
# Seeds come from ../shared/corpus, the test fixtures and the Samples; each target's growing corpus
# is kept in bench-data/fuzz/corpus/TARGET (git-ignored) and reused by the next run. A crash,
# a timeout (FUZZ_TIMEOUT seconds for one input) or a sanitizer report leaves its input in
# bench-data/fuzz/findings/TARGET/ and makes the script exit 1. Leak reports are off: TOMLKit's
# C++ core leaks one string per value read, once per profile loaded, not per input.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
TARGETS=${FUZZ_TARGETS:-csv ofx1 ofx2 qif rules config overrides}
SECONDS_EACH=${FUZZ_SECONDS:-600}
TIMEOUT=${FUZZ_TIMEOUT:-10}
WORK=$ROOT/bench-data/fuzz
BIN=$ROOT/.build-fuzz/debug/closebook-fuzz

(cd Fuzz && swift build -c debug --scratch-path "$ROOT/.build-fuzz" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld) || exit 2

seeds() {
    case "$1" in
    csv) ls ../shared/corpus/csv/* Tests/ImportTests/Fixtures/csv/* Samples/inbox/*.csv ;;
    ofx1 | ofx2) ls ../shared/corpus/ofx/* Tests/ImportTests/Fixtures/ofx/* Samples/inbox/*.ofx ;;
    qif) ls ../shared/corpus/qif/* Tests/ImportTests/Fixtures/qif/* Samples/inbox/*.qif ;;
    rules) ls Samples/rules/*.rules ;;
    config) ls Samples/closebook.toml ;;
    overrides) ls Samples/overrides.csv ;;
    esac 2>/dev/null
}

status=0
for target in $TARGETS; do
    corpus=$WORK/corpus/$target
    findings=$WORK/findings/$target
    mkdir -p "$corpus" "$findings"
    seeds "$target" | while read -r file; do
        [ -f "$file" ] && [ "$(stat -c %s "$file")" -le 1048576 ] && cp -n "$file" "$corpus/" 2>/dev/null
    done
    echo "fuzzing $target for ${SECONDS_EACH}s ($(ls "$corpus" | wc -l) inputs in its corpus)"
    # detect_leaks=0 in ASAN_OPTIONS too: -detect_leaks only covers the fuzzing loop, and the exit-time
    # leak check would report TOMLKit's strings as a finding (an empty "crash" input).
    ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no CLOSEBOOK_FUZZ_TARGET=$target "$BIN" "$corpus" \
        -max_total_time="$SECONDS_EACH" -timeout="$TIMEOUT" -max_len=262144 -rss_limit_mb=4096 \
        -detect_leaks=0 -artifact_prefix="$findings/" -print_final_stats=1 >"$WORK/$target.log" 2>&1
    code=$?
    runs=$(awk '/stat::number_of_executed_units/ { print $2 }' "$WORK/$target.log")
    cov=$(grep -oE 'cov: [0-9]+' "$WORK/$target.log" | tail -n 1)
    if [ "$code" -eq 0 ]; then
        echo "  $target: ${runs:-?} executions, $cov, no finding"
    else
        echo "  $target: FINDING (exit $code) after ${runs:-?} executions; see $WORK/$target.log and $findings/"
        status=1
    fi
done
exit "$status"
