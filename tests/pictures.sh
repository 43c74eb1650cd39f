#!/bin/sh
# The README's pictures are the CLI's own output, never typed by hand. A
# picture is a fenced block right after a marker line:
#
#   <!-- picture: mines --seed 1 --level 1 --format text -->   (build/burrow ARGS)
#   <!-- picture-sh: tests/md_picture.sh 1 6 30 -->           (any command)
#
# Usage: tests/pictures.sh check|write [README.md]
#   check: exit 1 and show the first difference if a picture is stale
#   write: rewrite every picture from the current build
set -e
mode=${1:-check}
readme=${2:-README.md}
B=${B:-build/burrow}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

awk -v B="$B" '
    function run(cmd,    line) {
        while ((cmd | getline line) > 0) print line
        if (close(cmd) != 0) { print "pictures: failed: " cmd > "/dev/stderr"; bad = 1 }
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
        print n > "/dev/stderr"
    }
' "$readme" > "$out" 2> "$out.n" || { cat "$out.n" >&2; rm -f "$out.n"; exit 1; }
n=$(tail -n 1 "$out.n")
rm -f "$out.n"

case $mode in
write)
    cp "$out" "$readme"
    echo "pictures: $n pictures written into $readme"
    ;;
*)
    if ! diff -u "$readme" "$out" > /dev/null; then
        echo "pictures: $readme has stale pictures (run: sh tests/pictures.sh write); first difference:"
        diff -u "$readme" "$out" | head -n 20
        exit 1
    fi
    echo "pictures: all $n pictures in $readme match the CLI"
    ;;
esac
