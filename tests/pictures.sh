#!/bin/sh
# The pictures in README.md and docs/*.md are the CLI's own output, never
# made by hand. Three kinds of marker:
#
#   <!-- picture: mines --seed 1 --level 1 --format text -->  a fenced block of
#   <!-- picture-sh: tests/md_picture.sh 1 6 30 -->           text follows
#   <!-- png: mines --seed 1 --level 1 -->                    the next line is
#   ![...](img/NAME.png)                                       an image of `--format png`
#                                           (or an <img src="...png"> line)
#
# `picture` runs build/burrow ARGS, `picture-sh` any command; `png` runs
# build/burrow ARGS --format png into the file the image line names.
#
# Usage: tests/pictures.sh check|write [FILE.md ...]   (default: README.md docs/*.md)
#   check: exit 1 and show the first difference if a picture is stale
#   write: rewrite every picture from the current build
set -e
mode=${1:-check}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- README.md docs/*.md
B=${B:-build/burrow}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stale=0 total=0

for md in "$@"; do
    dir=$(dirname "$md")
    # Text pictures: rebuild the file with every fenced block re-run.
    awk -v B="$B" -v PNGLIST="$tmp/pngs" -v DIR="$dir" '
        function run(cmd,    line) {
            while ((cmd | getline line) > 0) print line
            if (close(cmd) != 0) { print "pictures: failed: " cmd > "/dev/stderr"; bad = 1 }
        }
        /^<!-- png: .* -->$/ {
            png = $0; sub(/^<!-- png: /, "", png); sub(/ -->$/, "", png)
            print; n++; wantimg = 1; next
        }
        wantimg {
            wantimg = 0
            if (match($0, /\]\([^)]*\.png\)/)) {
                f = substr($0, RSTART + 2, RLENGTH - 3)
                print DIR "/" f "\t" png >> PNGLIST
            } else if (match($0, /src="[^"]*\.png"/)) {
                f = substr($0, RSTART + 5, RLENGTH - 6)
                print DIR "/" f "\t" png >> PNGLIST
            } else { print "pictures: no image line after png marker: " png > "/dev/stderr"; bad = 1 }
            print; next
        }
        /^<!-- picture(-sh)?: .* -->$/ {
            cmd = $0
            sub(/^<!-- picture(-sh)?: /, "", cmd)
            sub(/ -->$/, "", cmd)
            if ($0 ~ /^<!-- picture: /) cmd = B " " cmd
            pending = 1; n++
            print; next
        }
        pending && /^```/ { print; run(cmd); skipping = 1; pending = 0; next }
        skipping && /^```$/ { print; skipping = 0; next }
        skipping { next }
        { print }
        END {
            if (skipping || pending) { print "pictures: unterminated picture" > "/dev/stderr"; exit 1 }
            if (bad) exit 1
            print n + 0 > "/dev/stderr"
        }
    ' "$md" > "$tmp/out" 2> "$tmp/n" || { cat "$tmp/n" >&2; exit 1; }
    total=$((total + $(tail -n 1 "$tmp/n")))
    if [ "$mode" = write ]; then
        cmp -s "$md" "$tmp/out" || cp "$tmp/out" "$md"
    elif ! cmp -s "$md" "$tmp/out"; then
        echo "pictures: $md has stale pictures (run: make pictures); first difference:"
        diff -u "$md" "$tmp/out" | head -n 20
        stale=1
    fi
done

# PNG pictures: each file is exactly the CLI's PNG of its arguments.
if [ -f "$tmp/pngs" ]; then
    while IFS="$(printf '\t')" read -r f args; do
        # shellcheck disable=SC2086 # the arguments are words
        $B $args --format png > "$tmp/img.png" || { echo "pictures: failed: $B $args --format png"; exit 1; }
        if [ "$mode" = write ]; then
            mkdir -p "$(dirname "$f")"
            cmp -s "$tmp/img.png" "$f" 2>/dev/null || cp "$tmp/img.png" "$f"
        elif ! cmp -s "$tmp/img.png" "$f"; then
            echo "pictures: $f is stale or missing (run: make pictures): burrow $args --format png"
            stale=1
        fi
    done < "$tmp/pngs"
fi

[ "$stale" = 0 ] || exit 1
if [ "$mode" = write ]; then echo "pictures: $total pictures written"
else echo "pictures: all $total pictures match the CLI"; fi
