#!/bin/sh
# The bench's Markdown (printed by `make bench` and put into docs/bench.md between
# <!-- bench --> and <!-- /bench -->), from build/bench-full.tsv (a row per
# level and build: `ship`, then `o2`) and the peers' ratios. Targets, for
# the ship build on the Cortex-M3: static RAM + stack peak <= 20 KiB,
# median <= 1.5 M, worst <= 3 M instructions, the flash of one generator
# alone <= 16 KiB; each with a 5% margin (19,456 B, 1.425 M, 2.85 M,
# 15,564 B), so that a small change cannot cross one unseen.
full=${1:-build/bench-full.tsv}
peers=${2:-build/bench/peers.txt}
hunt=${3:-10000}
base=$(cat "${4:-build/bench/base.txt}" 2>/dev/null || echo "0 0")
notes=${5:-build/bench/skipped.txt}
rev=$(git describe --always --dirty 2>/dev/null || echo unknown)

awk -F '\t' -v target="${6:-3000}" -v peersf="$peers" -v rev="$rev" -v hunt="$hunt" -v base="$base" -v notesf="$notes" \
    -v ship="${SHIP_NAME:--Os, BW_FAST 1}" -v when="$(date -u +%Y-%m-%d)" '
function commas(n,   s, r) {
    s = sprintf("%d", n); r = ""
    while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
    return s r
}
function mega(n) { return sprintf("%.2f M", n / 1000000) }
# GBA cycles as milliseconds at 16.78 MHz (2^24 Hz)
function ms(c) { return c / 16777.216 }
function gba(med, wst) { return med > 0 ? sprintf("%.0f ms (%.0f)", ms(med), ms(wst)) : "-" }
function kib(n) { return sprintf("%.1f KiB", n / 1024) }
# "ok" within the margin, "tight" within the target but not the margin, "over"
function judge(v, max) { return v > max ? "over" : v > max * 0.95 ? "tight" : "ok" }
function flush_gen() {
    if (cur == "") return
    if (nrow > 10) print "</details>\n"
    else print ""
}
BEGIN {
    RAM_MAX = 20480; MED_MAX = 1500000; WORST_MAX = 3000000; FLASH_MAX = 16384
    while ((getline line < peersf) > 0) {
        split(line, f, " ")
        if (f[1] == "peer" && f[2] == "cave") { cave = f[3]; caven = f[4] }
    }
    print "Measured by `make bench` on " when " at commit `" rev "`: Cortex-M3 (QEMU `mps2-an385`,"
    print "`-icount shift=0`), two builds of the library, each row one of them: the **ship build** (`" ship "`,"
    print "the one [firmware.md](firmware.md) recommends; every figure of the tables but the `-O2` column) and `-O2`"
    print "(`BW_FAST` 1; its median in the `median -O2` column, the rest in `build/bench.tsv`)."
    print "Instructions are the median over the fixed seeds 1.." ENVIRON["BENCH_SEEDS"] " and the most over every seed run on"
    print "the target: seeds 1.." commas(target) " of every level, and the seed of 1.." commas(hunt) " that leaves the"
    print "deepest flood-fill stack on the desktop (`bw_map.fill.peak`, a count). The worst column is a count of"
    print "instructions over a fixed set of seeds, so two runs on the same code give the same figure."
    split(base, b, " ")
    print "Measuring itself (a generator that does nothing) reads " b[1] " instructions (the counter moves in"
    print "steps of 40) and " b[2] " bytes of stack; both are included. `model cycles` is the Cortex-M3 cycle"
    print "estimate of the model above (median): a model, not a measurement, with the error band stated there. `vs libtcod` is the level'"'"'s desktop time over the time of libtcod'"'"'s"
    print "BSP rooms and corridors at 120 x 120, timed in the same run, seed by seed (`tests/bench/peers.c`;"
    print "the median ratio over " ENVIRON["PEER_SEEDS"] " seeds, each the fastest of " ENVIRON["PEER_REPS"] " runs): below 1 is faster. `targets` checks the"
    print "ship build against 20 KiB of RAM, a median of 1.5 M and a worst of 3 M instructions: `ok` keeps"
    print "a 5% margin, `tight` is within the target but not the margin."
    print ""
    print "**The Game Boy Advance** (ARM7TDMI in Thumb, 16.78 MHz; `tests/bench/bench_gba.c` run headless in mGBA,"
    print "which charges every bus access its wait states): the cycles of each level counted by the console'"'"'s own"
    print "timers TM0 and TM1 cascaded, over the same fixed seeds, shown as the median in milliseconds at"
    print "16.78 MHz with the worst seed'"'"'s in brackets (`build/bench.tsv` has the cycles: `gba_cycles_rom`,"
    print "`gba_cycles_iwram` the medians, `gba_worst_rom`, `gba_worst_iwram` the most). `GBA ROM`: all code"
    print "runs from the cartridge (WAITCNT 0x4317, the setting most games use: 3/1 wait states, prefetch on);"
    print "`GBA IWRAM`: the core'"'"'s code (`src/core`: flood fill, cellular steps, grids, planes, RNG) runs"
    print "from the 32-bit IWRAM, the generators from the cartridge (their 95 KiB cannot fit 32 KiB). The"
    print "map is in EWRAM in both. Goal: every level'"'"'s median under 250 ms, a pause a player accepts on a"
    print "level change."
    print ""
}
NR == FNR {
    if (FNR > 1 && $5 == "ship") {
        count[$1]++
        if ($6 + $7 > maxram[$1]) maxram[$1] = $6 + $7
        if ($8 > maxmed[$1]) maxmed[$1] = $8
        if ($9 > maxworst[$1]) maxworst[$1] = $9
        flash[$1] = $16
    }
    if (FNR > 1 && $5 == "o2") {
        o2med[$1, $2] = $8; flash2[$1] = $16
        if ($8 > maxo2[$1]) maxo2[$1] = $8
    }
    next
}
FNR == 1 || $5 != "ship" { next }
{
    g = $1; l = $2; ram = $6; stk = $7; med = $8; wst = $9
    if (g != cur) {
        flush_gen()
        cur = g; nrow = 0; gens++; order[gens] = g
        n = count[g]
        fj = judge(flash[g], FLASH_MAX)
        if (fj != "ok") bad_flash++
        print "**" g "**: " $3 " x " $4 ", " n " levels; ship build: at most " commas(maxram[g]) " B of RAM, a median of at most " mega(maxmed[g]) " and a worst of " mega(maxworst[g]) " instructions, flash of a firmware linking it alone " kib(flash[g]) (fj == "over" ? " (over the 16 KiB target)" : fj == "tight" ? " (within 16 KiB, not the 5% margin)" : "") "; -O2: a median of at most " mega(maxo2[g]) ", flash alone " kib(flash2[g]) "; on the 20 KiB board `m3-20k` the ship firmware: " $14 "."
        print ""
        if (n > 10) print "<details><summary>" n " rows</summary>\n"
        print "| level | static RAM | stack peak | RAM total | median insns | worst insns (seed) | model cycles | median -O2 | GBA ROM | GBA IWRAM | vs libtcod | deepest fill (seed) | targets |"
        print "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    }
    nrow++; rows++
    over = tight = ""
    j = judge(ram + stk, RAM_MAX); if (j == "over") over = over " RAM"; else if (j == "tight") tight = tight " RAM"
    if (j != "ok") bad_ram++
    j = judge(med, MED_MAX); if (j == "over") over = over " median"; else if (j == "tight") tight = tight " median"
    if (j != "ok") bad_med++
    j = judge(wst, WORST_MAX); if (j == "over") over = over " worst"; else if (j == "tight") tight = tight " worst"
    if (j != "ok") bad_worst++
    st = ""
    if (over != "") st = "over:" over
    if (tight != "") st = st (st == "" ? "" : "; ") "tight:" tight
    if (st == "") { ok_all++; st = "ok" }
    if ($15 > 0) { st = st "; " $15 " maps differ from the desktop"; differ++ }
    # the model against the console, per generator: sums over the medians of its levels
    mi[g] += med; mc[g] += $18; mlo[g] += $23; mhi[g] += $24
    if ($19 > 0) { go2[g] += o2med[g, l]; grom[g] += $19; giw[g] += $21 }
    if ($19 > 0) { ngba++; if (ms($19) >= 250) gslow_rom++; if (ms($21) >= 250) gslow_iw++; if ($21 < $19) gfaster++ }
    printf "| %d | %s B | %s B | %s B | %s | %s (%d) | %s | %s | %s | %s | %.2fx | %d (%d) | %s |\n", l, commas(ram), commas(stk), commas(ram + stk), mega(med), mega(wst), $10, mega($18), mega(o2med[g, l]), gba($19, $20), gba($21, $22), $17, $12, $13, st
    if (g == "crypts") { cr[++ncr] = $17 }
}
END {
    flush_gen()
    while ((getline line < notesf) > 0) { print "Not measured: " line "\n"; nnotes++ }
    if (rows == 0) {
        if (nnotes) exit
        print "No generator is registered yet (src/gen/registry.c), so there is nothing to measure."
        exit
    }
    printf "Status of the ship build: %d of %d levels meet the RAM, median and worst targets with the 5%% margin; short of it on RAM: %d, the median: %d, the worst: %d levels; the flash of %d of %d generators is short of the 16 KiB target with its margin.\n", ok_all, rows, bad_ram + 0, bad_med + 0, bad_worst + 0, bad_flash + 0, gens
    if (ngba) printf "On the Game Boy Advance, %d of %d levels have a median of 250 ms or more with the code in ROM, %d with the core in IWRAM; the IWRAM build is the faster on %d of %d levels.\n", gslow_rom + 0, ngba, gslow_iw + 0, gfaster + 0, ngba
    else print "The Game Boy Advance was not measured in this run."
    if (ngba) {
        print "\n**The cycle model against the console**, per generator, over the sum of its levels'"'"' medians: the model'"'"'s"
        print "Cortex-M3 cycles per instruction (ship build; in brackets the band, the same runs priced at the low and"
        print "high ends of the manual'"'"'s ranges), and the Game Boy Advance'"'"'s measured cycles per Cortex-M3 `-O2`"
        print "instruction (the GBA builds are `-O2`; the ARM7TDMI'"'"'s own instructions are not counted, so the"
        print "denominator is the M3'"'"'s count of the same C code).\n"
        print "| generator | model: M3 cycles per insn (band) | GBA ROM: cycles per M3 insn | GBA IWRAM: cycles per M3 insn |"
        print "| --- | ---: | ---: | ---: |"
        for (i = 1; i <= gens; i++) {
            x = order[i]
            if (mi[x] > 0 && go2[x] > 0)
                printf "| `%s` | %.2f (%.2f..%.2f) | %.2f | %.2f |\n", x, mc[x] / mi[x], mlo[x] / mi[x], mhi[x] / mi[x], grom[x] / go2[x], giw[x] / go2[x]
        }
        print ""
    }
    if (differ) printf "On %d levels some maps on Cortex-M3 differ from the desktop: a portability bug in the generator.\n", differ
    if (ncr) {
        for (i = 2; i <= ncr; i++) { t = cr[i]; for (j = i - 1; j >= 1 && cr[j] > t; j--) cr[j + 1] = cr[j]; cr[j + 1] = t }
        printf "\n**Peers**, on the desktop in the same run: the crypts take %.2f to %.2f times the time of libtcod'"'"'s BSP rooms and corridors (by level)", cr[1], cr[ncr]
    }
    if (cave != "") printf "%s the cave step (`bw_life_cave`, 4 steps of the 4-5 rule on 120 x 120) takes %.3f times the time of the same steps written the textbook way (a byte per cell), with the same cells on all %d seeds.\n", (ncr ? ";" : "\n**Peers**:"), cave, caven
    else if (ncr) print "."
}
' "$full" "$full"
