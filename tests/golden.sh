#!/bin/sh
# The seed-stability promise: tests/golden/levels.tsv holds,
# for every generator and level, the hash that
#   build/burrow GENERATOR --seed SEED --level LEVEL OPTIONS --format hash
# printed when the row was made, and the generator's format version then
# (`burrow list`, BW_<NAME>_VERSION in its header).
#
# Usage: sh tests/golden.sh check|write
#   check: every row regenerated and compared. A hash that differs while
#          the version is unchanged fails: a stored seed would give another
#          level. A bumped version (or new rows) asks for `write`.
#   write: rewrites the file from the rows below; refuses while a changed
#          level still carries its generator's old version.
set -e
mode=${1:-check}
B=${B:-build/burrow}
FILE=${FILE:-tests/golden/levels.tsv}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
tab=$(printf '\t')

# The rows: generator, level, seed, options ("-" for none). Every level of
# the five dungeons, mdungeon floors and layouts, overworld places, the
# crawler's built-in design and the designs in tests/designs.
rows() {
    for g in mines crypts morlock forest abyss; do
        for s in 1 42 4000000000; do
            for l in 1 2 3 4 5; do printf '%s\t%s\t%s\t-\n' $g $l $s; done
        done
    done
    for e in "--epoch 1" "--epoch 7 --px 10 --py 100"; do
        printf 'abyss\t2\t1\t%s\n' "$e"
        printf 'abyss\t5\t42\t%s\n' "$e"
    done
    for s in 1 42; do
        for l in 1 2 3 4 5 6 7 8 9 10 25 50 99; do printf 'mdungeon\t%s\t%s\t-\n' $l $s; done
        for y in 1 2 3 4 5 6 7 8 9 10 11; do printf 'mdungeon\t3\t%s\t--layout %s\n' $s $y; done
    done
    printf 'mdungeon\t99\t4000000000\t--layout 11\n'
    for s in 1 42; do
        for xy in "0 0" "1 0" "0 -1" "17 -5" "-200 200" "200 -200"; do
            printf 'overworld\t1\t%s\t--x %s --y %s\n' $s ${xy% *} ${xy#* }
        done
    done
    for s in 1 2 3 42 4000000000; do printf 'crawler\t1\t%s\t-\n' $s; done
    for d in tests/designs/*.txt; do
        for s in 1 42; do printf 'crawler\t1\t%s\t--design %s\n' $s "$d"; done
    done
}

[ -x "$B" ] || { echo "golden: $B is missing (make build/burrow)" >&2; exit 1; }
"$B" list | awk -F'\t' 'NR > 1 { print $1 "\t" $NF }' > "$T/versions"

# The levels as the build makes them now: generator, version, level, seed, options, hash.
rows | while IFS="$tab" read -r g l s o; do
    v=$(awk -F'\t' -v g="$g" '$1 == g { print $2 }' "$T/versions")
    [ -n "$v" ] || { echo "golden: $g is not in '$B list'" >&2; exit 1; }
    opts=$o
    [ "$o" = - ] && opts=
    # shellcheck disable=SC2086 # options split into words on purpose
    h=$("$B" "$g" --seed "$s" --level "$l" $opts --format hash | awk '{ print $5 }')
    [ -n "$h" ] || { echo "golden: no hash from $B $g --seed $s --level $l $opts" >&2; exit 1; }
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$g" "$v" "$l" "$s" "$o" "$h"
done > "$T/now"

# Every generator in the registry has rows.
awk -F'\t' 'NR == FNR { have[$1] = 1; next }
            !($1 in have) { print "golden: no rows for " $1 " in tests/golden.sh: add them, then sh tests/golden.sh write"; bad = 1 }
            END { exit bad }' "$T/now" "$T/versions" >&2

# The file's rows, without its comment lines and header.
{ [ -f "$FILE" ] && grep -v '^#' "$FILE" | awk -F'\t' 'NR > 1'; } > "$T/old" || :

# Old rows against new, by (generator, level, seed, options): "changed"
# for a level that is different under the same version (never allowed),
# "stale" for what `write` brings up to date.
awk -F'\t' -v old="$T/old" '
    FILENAME == old { key = $1 FS $3 FS $4 FS $5; ov[key] = $2 + 0; oh[key] = $6; next }
    {
        key = $1 FS $3 FS $4 FS $5
        what = $1 " --seed " $4 " --level " $3 ($5 == "-" ? "" : " " $5)
        if (!(key in ov)) { print "stale: a new row: " what; next }
        seen[key] = 1
        if (ov[key] > $2 + 0)
            print "changed " $1 ": " what ": its version went down from " ov[key] " to " $2
        else if (oh[key] != $6 && ov[key] == $2 + 0)
            print "changed " $1 ": " what ": was " oh[key] " at version " $2 ", is now " $6
        else if (ov[key] != $2 + 0)
            print "stale: made with version " ov[key] ", now " $2 ": " what
    }
    END { for (k in ov) if (!(k in seen)) { split(k, f, FS); print "stale: a row no longer made: " f[1] " --seed " f[3] " --level " f[2] " " f[4] } }
' "$T/old" "$T/now" > "$T/diff"

# A level changed under an unchanged version: the promise is broken.
if grep -q '^changed ' "$T/diff"; then
    grep '^changed ' "$T/diff" | head -n 10 | sed 's/^changed [^:]*: /golden: /' >&2
    for g in $(grep '^changed ' "$T/diff" | awk '{ print $2 }' | tr -d : | sort -u); do
        V=BW_$(echo "$g" | tr '[:lower:]' '[:upper:]')_VERSION
        echo "golden: $g levels changed under the same version: bump $V and regenerate with sh tests/golden.sh write" >&2
    done
    exit 1
fi

n=$(wc -l < "$T/now" | tr -d ' ')
case $mode in
write)
    mkdir -p "$(dirname "$FILE")"
    {
        echo "# burrow's seed-stability promise: build/burrow GENERATOR --seed SEED --level LEVEL OPTIONS --format hash"
        echo "# prints HASH for as long as the generator's version (burrow list) is VERSION."
        echo "# Written by sh tests/golden.sh write, checked by make check (make test-golden)."
        printf 'generator\tversion\tlevel\tseed\toptions\thash\n'
        cat "$T/now"
    } > "$FILE"
    echo "golden: $n rows written into $FILE ($(grep -c '^stale' "$T/diff" || :) new or updated)"
    ;;
*)
    if grep -q '^stale' "$T/diff"; then
        head -n 10 "$T/diff" | sed 's/^stale: /golden: /' >&2
        echo "golden: $FILE is out of date ($(grep -c '^stale' "$T/diff") rows): regenerate with sh tests/golden.sh write" >&2
        exit 1
    fi
    echo "golden: all $n levels in $FILE match their generator's version"
    ;;
esac
