#!/usr/bin/env bash
# Copies a rendered site to where it is served, never leaving a half-copied site there. `make
# publish PUBLISH_DIR=…` calls it after `make report`; it can be called directly:
#
#   scripts/publish.sh SITE PUBLISH_DIR
#
# The site is copied into a temporary folder beside PUBLISH_DIR (same file system, so the last
# step is a rename, not a copy). Then the new folder takes PUBLISH_DIR's place: in one step where
# the kernel and coreutils can exchange two paths (`mv --exchange`), else by moving the old site
# aside and the new one in, two renames a few microseconds apart. A reader sees the old site or
# the new one, never a mix. The old copy is removed last. If anything fails before the swap,
# PUBLISH_DIR is untouched and the temporary folder is removed.
#
# Exit status: 0 published; 1 the copy or the swap failed; 2 usage error (no site, bad target).
set -u

SITE=${1:?usage: scripts/publish.sh SITE PUBLISH_DIR}
TARGET=${2:-}
if [ -z "$TARGET" ]; then
    echo "publish.sh: PUBLISH_DIR is not set; say where to publish: make publish PUBLISH_DIR=/srv/www/money" >&2
    exit 2
fi
if [ ! -f "$SITE/index.html" ]; then
    echo "publish.sh: '$SITE' holds no rendered site (no index.html); run make report first" >&2
    exit 2
fi
TARGET=${TARGET%/}
if [ -e "$TARGET" ] && [ ! -d "$TARGET" ]; then
    echo "publish.sh: '$TARGET' exists and is not a folder; refusing to replace it" >&2
    exit 2
fi
SITE_REAL=$(cd "$SITE" && pwd -P)
PARENT=$(dirname -- "$TARGET")
mkdir -p -- "$PARENT" || exit 1
PARENT_REAL=$(cd "$PARENT" && pwd -P)
case "$PARENT_REAL/$(basename -- "$TARGET")/" in
"$SITE_REAL"/*)
    echo "publish.sh: '$TARGET' is inside the site itself; publish somewhere else" >&2
    exit 2
    ;;
esac

STAGING=$(mktemp -d -- "$PARENT/.closebook-publish.XXXXXX") || exit 1
cleanup() { [ -n "${STAGING:-}" ] && rm -rf -- "$STAGING"; }
trap cleanup EXIT
if ! cp -R -- "$SITE/." "$STAGING/"; then
    echo "publish.sh: copying '$SITE' failed; '$TARGET' is unchanged" >&2
    exit 1
fi
chmod 755 -- "$STAGING"
files=$(find "$STAGING" -type f | wc -l)

if [ ! -e "$TARGET" ]; then
    mv -T -- "$STAGING" "$TARGET" || exit 1
    STAGING=""
elif mv --exchange -T -- "$STAGING" "$TARGET" 2>/dev/null; then
    # STAGING now holds the old site; the trap removes it.
    :
else
    OLD=$(mktemp -d -- "$PARENT/.closebook-old.XXXXXX") || exit 1
    rmdir -- "$OLD"
    mv -T -- "$TARGET" "$OLD" || exit 1
    if ! mv -T -- "$STAGING" "$TARGET"; then
        mv -T -- "$OLD" "$TARGET"
        echo "publish.sh: could not move the new site into '$TARGET'; the old one is back" >&2
        exit 1
    fi
    STAGING=$OLD
fi
echo "Published $files files to $TARGET"
