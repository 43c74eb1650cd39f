#!/bin/sh
# The README's bench summary: one row per generator, read from the tables
# `make bench` wrote into docs/bench.md (its "**name**: ..." lines and the
# level rows under each), so the README never holds a figure the bench did
# not measure. Per generator, all of the ship build (docs/firmware.md): the
# most RAM, the worst level's median, the worst case, the cycle model's
# estimate and the flash of a firmware linking it alone; then the -O2 build's
# worst median, the slowest level's median on the Game Boy Advance (make
# gba's build, the core in IWRAM; milliseconds at 16.78 MHz) and the desktop time against libtcod's BSP generator (the largest
# ratio over the levels). tests/pictures.sh runs this and keeps its output
# in the README.
echo "| generator | map | RAM, at most | median insns | worst insns | model cycles | flash alone | median -O2 | GBA median | vs libtcod |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
awk -F ' [|] ' '
    function flush() {
        if (name != "")
            printf "| `%s` | %s | %s | %s | %s | %.2f M | %s | %s | %s | %.2fx |\n", name, size, ram, med, worst, cyc, flash, o2, (gba > 0 ? gba " ms" : "-"), vs
        name = ""
    }
    /^\*\*[a-z]+\*\*: / {
        flush()
        name = $0; sub(/^\*\*/, "", name); sub(/\*\*.*/, "", name)
        line = $0
        size = line; sub(/^[^:]*: /, "", size); sub(/, .*/, "", size)
        ram = line; sub(/ of RAM.*/, "", ram); sub(/.*at most /, "", ram)
        med = line; sub(/; -O2: .*/, "", med); sub(/.*a median of at most /, "", med); sub(/ and .*/, "", med)
        worst = line; sub(/.*and a worst of /, "", worst); sub(/ instructions.*/, "", worst)
        flash = line; sub(/.*linking it alone /, "", flash); sub(/ KiB.*/, " KiB", flash)
        o2 = line; sub(/.*-O2: a median of at most /, "", o2); sub(/, .*/, "", o2)
        cyc = vs = gba = 0
        next
    }
    name != "" && /^\| [0-9]+ \| / {
        # columns: level, static, stack, total, median, worst, model cycles, median -O2,
        # GBA ROM, GBA IWRAM, vs libtcod, ...
        v = $7; sub(/ M$/, "", v); if (v + 0 > cyc) cyc = v + 0
        v = $10; sub(/ ms.*/, "", v); if (v + 0 > gba) gba = v + 0
        v = $11; sub(/x$/, "", v); if (v + 0 > vs) vs = v + 0
    }
    /^<!-- \/bench -->/ { flush() }
' "${1:-docs/bench.md}"
# the peers' line and the game's, as the bench measured them
sed -n 's/^\*\*Peers\*\*, on the desktop in the same run: /\nPeers, on the desktop: /p' "${1:-docs/bench.md}"
sed -n 's/^\*\*The game\*\* (`burrow play`, src\/play) as firmware on the 20 KiB board `m3-20k`, ship build, every key script of tests\/play replayed: /\nThe game (`burrow play`) on `m3-20k`, ship build: /p' "${1:-docs/bench.md}"
