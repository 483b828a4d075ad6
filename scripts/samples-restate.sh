#!/usr/bin/env bash
# Shows a restatement on the Samples: `make samples-restate` calls it.
#
#   scripts/samples-restate.sh [SAMPLES [DEST]]    (BIN names the folder of the stage binaries)
#
# A copy of the Samples workspace (its inputs only: closebook.toml, inbox/, rules/, overrides.csv,
# rates.csv, valuations.csv) is made in DEST (default Samples/restated/, git-ignored) and reported
# twice: on 3 November 2026, which closes October; then on 27 November 2026 with the late export the
# generator writes in Samples/late/ added to the copy's inbox, which restates October with that
# file as its cause. DEST/site/ is the site that shows it. The copy is made afresh on every call,
# so the Samples themselves (and their closed/) are never touched, and no tracked file changes.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SAMPLES=${1:-$ROOT/Samples}
DEST=${2:-$SAMPLES/restated}
export BIN=${BIN:-$ROOT/.build/release}

case $(cd "$SAMPLES" && pwd)/ in
"$(mkdir -p "$DEST" && cd "$DEST" && pwd)"/) echo "samples-restate: DEST must not be the Samples folder" >&2; exit 2 ;;
esac
rm -rf "$DEST"
mkdir -p "$DEST"
for item in closebook.toml inbox rules overrides.csv rates.csv valuations.csv; do
    [ -e "$SAMPLES/$item" ] && cp -R "$SAMPLES/$item" "$DEST/$item"
done

echo "1. October 2026 is reported and closed (3 November 2026)"
CLOSEBOOK_NOW=2026-11-03T09:00:00Z bash "$ROOT/scripts/report.sh" "$DEST" "$DEST" latest
cp "$SAMPLES"/late/* "$DEST/inbox/"
echo "2. A late export arrives ($(cd "$SAMPLES/late" && ls | tr '\n' ' ')): October is restated (27 November 2026)"
CLOSEBOOK_NOW=2026-11-27T09:00:00Z bash "$ROOT/scripts/report.sh" "$DEST" "$DEST" latest
echo "The restated month: $DEST/site/2026-10/index.html (every version: $DEST/closed/2026-10.json)"
