#!/bin/sh
# The README's bench summary: one row per generator, read from the tables
# `make bench` wrote into docs/bench.md (its "**name**: ..." lines and the
# level rows under each), so the README never holds a figure the bench did
# not measure. Per generator: the most RAM, the worst level's median (-O2,
# -Os and estimated cycles), the worst case, and the flash of a firmware
# linking it alone at -Os. tests/pictures.sh runs this and keeps its output
# in the README.
echo "| generator | map | RAM, at most | median insns | worst insns | median -Os | est. cycles | flash, -Os |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
awk -F ' [|] ' '
    function flush() {
        if (name != "")
            printf "| `%s` | %s | %s | %s | %s | %.2f M | %.2f M | %s |\n", name, size, ram, med, worst, os, cyc, flash
        name = ""
    }
    /^\*\*[a-z]+\*\*: / {
        flush()
        name = $0; sub(/^\*\*/, "", name); sub(/\*\*.*/, "", name)
        line = $0
        size = line; sub(/^[^:]*: /, "", size); sub(/, .*/, "", size)
        ram = line; sub(/ of RAM.*/, "", ram); sub(/.*at most /, "", ram)
        med = line; sub(/.*a median of at most /, "", med); sub(/ and .*/, "", med)
        worst = line; sub(/.*and a worst of /, "", worst); sub(/ instructions.*/, "", worst)
        flash = line; sub(/.* at -O2, /, "", flash); sub(/ at -Os.*/, "", flash)
        os = cyc = 0
        next
    }
    name != "" && /^\| [0-9]+ \| / {
        # columns: level, static, stack, total, median, worst, -Os, cycles, ...
        v = $7; sub(/ M$/, "", v); if (v + 0 > os) os = v + 0
        v = $8; sub(/ M$/, "", v); if (v + 0 > cyc) cyc = v + 0
    }
    /^<!-- \/bench -->/ { flush() }
' "${1:-docs/bench.md}"
# and the game's line, as the bench measured it on the 20 KiB board
sed -n 's/^\*\*The game\*\* (`burrow play`, src\/play) as firmware on the 20 KiB board `m3-20k`, every key script of tests\/play replayed: /\nThe game (`burrow play`) on `m3-20k`: /p' "${1:-docs/bench.md}"
