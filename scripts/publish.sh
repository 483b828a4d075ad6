#!/usr/bin/env bash
# Copies a rendered site to where it is served, never leaving a half-copied site there and never
# removing anything it did not put there. `make publish PUBLISH_DIR=…` calls it after
# `make report`; it can be called directly:
#
#   scripts/publish.sh SITE PUBLISH_DIR [WORKSPACE]
#
# The site is copied into a temporary folder beside PUBLISH_DIR (same file system, so the last
# step is a rename, not a copy). Then the new folder takes PUBLISH_DIR's place: in one step where
# the kernel and coreutils can exchange two paths (`mv --exchange`), else by moving the old site
# aside and the new one in, two renames a few microseconds apart. A reader sees the old site or
# the new one, never a mix. The old copy is removed last. If anything fails before the swap,
# PUBLISH_DIR is untouched and the temporary folder is removed.
#
# Because the old PUBLISH_DIR is replaced whole, the script refuses a target it could lose data
# in: one that is or holds the site or the workspace (`PUBLISH_DIR=.` or the workspace itself),
# and a folder with files in it that is not a site published here before. Each published site
# carries a marker file, `.closebook-site`; a site published before the marker existed is known by
# its shape (index.html, feed.xml, month folders and year pages, nothing else). Files whose names
# start with a dot are never copied (a killed run's temporary files, an editor's swap files): the
# site makes none. A killed publish leaves its temporary folder beside the target; the next one
# removes it.
#
# Exit status: 0 published; 1 the copy or the swap failed; 2 usage error (no site, a target that
# would lose data).
set -u

MARKER=.closebook-site
SITE=${1:?usage: scripts/publish.sh SITE PUBLISH_DIR [WORKSPACE]}
TARGET=${2:-}
WORKSPACE=${3:-}
refuse() {
    printf 'publish.sh: %s\n' "$1" >&2
    exit 2
}
if [ -z "$TARGET" ]; then
    refuse "PUBLISH_DIR is not set; say where to publish: make publish PUBLISH_DIR=/srv/www/money"
fi
if [ ! -f "$SITE/index.html" ]; then
    refuse "'$SITE' holds no rendered site (no index.html); run make report first"
fi
[ "$TARGET" != / ] && TARGET=${TARGET%/}
if [ -e "$TARGET" ] && [ ! -d "$TARGET" ]; then
    refuse "'$TARGET' exists and is not a folder; refusing to replace it"
fi

# Real paths (links resolved; the target may not exist yet) to compare folders by.
SITE_REAL=$(realpath -e -- "$SITE") || exit 2
TARGET_REAL=$(realpath -m -- "$TARGET") || exit 2
# within A B: A is B or inside it.
within() {
    local folder="${2%/}/"
    case "$1/" in "$folder"*) true ;; *) false ;; esac
}
if within "$TARGET_REAL" "$SITE_REAL"; then
    refuse "'$TARGET' is inside the site itself; publish somewhere else"
fi
if within "$SITE_REAL" "$TARGET_REAL"; then
    refuse "'$TARGET' holds the site '$SITE'; publishing replaces the target whole, so it must be a folder of its own, such as ${TARGET%/}/public"
fi
if [ -n "$WORKSPACE" ] && [ -d "$WORKSPACE" ]; then
    WORKSPACE_REAL=$(realpath -e -- "$WORKSPACE") || exit 2
    if within "$WORKSPACE_REAL" "$TARGET_REAL"; then
        refuse "'$TARGET' holds the workspace '$WORKSPACE' (its exports, rules and configuration); publishing replaces the target whole, so choose a folder of its own, outside the workspace or as a new sub-folder of it"
    fi
fi

# A folder that is a site published here before: the marker, or an older site's shape (every
# entry one the site has, or a month folder a later run dropped).
previous_site() {
    [ -e "$1/$MARKER" ] && return 0
    [ -f "$1/index.html" ] || return 1
    local entry name
    for entry in "$1"/* "$1"/.[!.]* "$1"/..?*; do
        [ -e "$entry" ] || [ -L "$entry" ] || continue
        name=${entry##*/}
        [ -e "$SITE/$name" ] && continue
        # A month or a year the site no longer has (its data was removed since).
        [[ $name =~ ^[0-9]{4}-[0-9]{2}$ ]] && [ -d "$entry" ] && continue
        [[ $name =~ ^year-[0-9]{4}\.html$ ]] && [ -f "$entry" ] && continue
        return 1
    done
    return 0
}
if [ -d "$TARGET" ] && [ -n "$(ls -A -- "$TARGET")" ] && ! previous_site "$TARGET"; then
    refuse "'$TARGET' holds files that are not a published Closebook site, and publishing replaces the folder whole; publish into an empty or new folder (or move those files away first)"
fi

PARENT=$(dirname -- "$TARGET")
mkdir -p -- "$PARENT" || exit 1

# Temporary folders of earlier publishes whose process is gone (a killed run): removed. A process
# of another user is alive too (kill -0 alone would say no to it).
alive() { [ -d "/proc/$1" ] || kill -0 "$1" 2>/dev/null; }
for stale in "$PARENT"/.closebook-publish.* "$PARENT"/.closebook-old.*; do
    [ -d "$stale" ] && [[ ${stale##*/} =~ ^\.closebook-(publish|old)\.([0-9]+)\. ]] || continue
    pid=${BASH_REMATCH[2]}
    [ "$pid" != $$ ] && ! alive "$pid" && rm -rf -- "$stale"
done

STAGING=$(mktemp -d -- "$PARENT/.closebook-publish.$$.XXXXXX") || exit 1
cleanup() { [ -n "${STAGING:-}" ] && rm -rf -- "$STAGING"; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
if ! cp -R -- "$SITE/." "$STAGING/"; then
    echo "publish.sh: copying '$SITE' failed; '$TARGET' is unchanged" >&2
    exit 1
fi
# Dot-files are not part of the site: a killed stage's temporary file, an editor's backup.
find "$STAGING" -mindepth 1 -name '.*' -prune -exec rm -rf -- {} +
: >"$STAGING/$MARKER" || exit 1
chmod 755 -- "$STAGING"
files=$(find "$STAGING" -type f ! -name "$MARKER" | wc -l)

if [ ! -e "$TARGET" ]; then
    mv -T -- "$STAGING" "$TARGET" || exit 1
    STAGING=""
elif mv --exchange -T -- "$STAGING" "$TARGET" 2>/dev/null; then
    # STAGING now holds the old site; the trap removes it.
    :
else
    OLD=$(mktemp -d -- "$PARENT/.closebook-old.$$.XXXXXX") || exit 1
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
