#!/bin/sh
# The README's bench summary: one row per generator, read from the table
# `make bench` wrote into docs/bench.md (its "**name**: ..." lines), so the
# README never holds a figure the bench did not measure. tests/pictures.sh
# runs this and keeps its output in the README.
echo "| generator | map | RAM, at most | instructions on Cortex-M3, median | worst |"
echo "| --- | --- | ---: | ---: | ---: |"
sed -n 's/^\*\*\([a-z]*\)\*\*: \([0-9]* x [0-9]*\), .*at most \([0-9,]* B\) of RAM, a median of at most \([0-9.]* M\) and a worst of \([0-9.]* M\).*/| `\1` | \2 | \3 | \4 | \5 |/p' \
    "${1:-docs/bench.md}"
# and the game's line, as the bench measured it on the 20 KiB board
sed -n 's/^\*\*The game\*\* (`burrow play`, src\/play) as firmware on the 20 KiB board `m3-20k`, every key script of tests\/play replayed: /\nThe game (`burrow play`) on `m3-20k`: /p' "${1:-docs/bench.md}"
