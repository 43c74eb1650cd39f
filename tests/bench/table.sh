#!/bin/sh
# The bench's Markdown (printed by `make bench` and put into docs/bench.md between
# <!-- bench --> and <!-- /bench -->), from build/bench-full.tsv and
# build/worst.tsv. Targets, for a 120 x 120 level on Cortex-M3 at -O2:
# static RAM + stack peak <= 20 KiB, median <= 1.5 M, worst <= 3 M
# instructions; for the flash of one generator alone at -Os: <= 16 KiB.
full=${1:-build/bench-full.tsv}
worst=${2:-build/worst.tsv}
hunt=${3:-10000}
base=$(cat "${4:-build/bench/base.txt}" 2>/dev/null || echo "0 0")
notes=${5:-build/bench/skipped.txt}
rev=$(git describe --always --dirty 2>/dev/null || echo unknown)

awk -F '\t' -v target="${6:-3000}" -v worstf="$worst" -v rev="$rev" -v hunt="$hunt" -v base="$base" -v notesf="$notes" -v when="$(date -u +%Y-%m-%d)" '
function commas(n,   s, r) {
    s = sprintf("%d", n); r = ""
    while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) }
    return s r
}
function mega(n) { return sprintf("%.2f M", n / 1000000) }
function kib(n) { return sprintf("%.1f KiB", n / 1024) }
function flush_gen() {
    if (cur == "") return
    if (nrow > 10) print "</details>\n"
    else print ""
}
BEGIN {
    RAM_MAX = 20480; MED_MAX = 1500000; WORST_MAX = 3000000; FLASH_MAX = 16384
    while ((getline line < worstf) > 0) {
        split(line, f, "\t")
        if (f[1] != "generator") { slow[f[1], f[2]] = f[3]; slowns[f[1], f[2]] = f[4] }
    }
    print "Measured by `make bench` on " when " at commit `" rev "`: Cortex-M3 (QEMU `mps2-an385`,"
    print "`-icount shift=0`) and the desktop build (`-O2`). Instructions are the median and the"
    print "maximum over the bench seeds; `targets` is checked against 20 KiB, 1.5 M and 3 M."
    split(base, b, " ")
    print "Measuring itself (a generator that does nothing) reads " b[1] " instructions (the counter moves in"
    print "steps of 40) and " b[2] " bytes of stack; both are included. The desktop hunt ran seeds 1.." commas(hunt) " of every level: its"
    print "slowest seed (fastest of 5 re-runs) and the seed leaving the deepest flood-fill stack"
    print "(`bw_map.fill.peak`, entries) are listed, and both are among the seeds run on the target;"
    print "the worst case is the most instructions over those, the fixed seeds and seeds 1.." commas(target) " of"
    print "every level, all run on the Cortex-M3 itself. `-Os` is the median of the same firmware built"
    print "for size; `cycles` is the Cortex-M3 cycle estimate of the model above (median, `-O2`)."
    print ""
}
NR == FNR {
    if (FNR > 1) {
        count[$1]++
        if ($5 + $6 > maxram[$1]) maxram[$1] = $5 + $6
        if ($7 > maxmed[$1]) maxmed[$1] = $7
        if ($8 > maxworst[$1]) maxworst[$1] = $8
    }
    next
}
FNR == 1 { next }
{
    g = $1; l = $2; ram = $5; stk = $6; med = $7; wst = $8
    if (g != cur) {
        flush_gen()
        cur = g; nrow = 0; gens++
        n = count[g]
        print "**" g "**: " $3 " x " $4 ", " n " levels; at most " commas(maxram[g]) " B of RAM, a median of at most " mega(maxmed[g]) " and a worst of " mega(maxworst[g]) " instructions; on the 20 KiB board `m3-20k` the same firmware: " $13 "; flash of a firmware linking it alone: " kib($16) " at -O2, " kib($17) " at -Os" ($17 > FLASH_MAX ? " (over the 16 KiB target)" : "") "."
        print ""
        if (n > 10) print "<details><summary>" n " rows</summary>\n"
        print "| level | static RAM | stack peak | RAM total | median insns | worst insns (seed) | median -Os | est. cycles | desktop median | slowest on desktop (seed) | deepest fill (seed) | targets |"
        print "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"
    }
    nrow++; rows++
    miss = ""
    if (ram + stk > RAM_MAX) { miss = miss " RAM"; bad_ram++ }
    if (med > MED_MAX) { miss = miss " median"; bad_med++ }
    if (wst > WORST_MAX) { miss = miss " worst"; bad_worst++ }
    if (miss == "") { ok_all++; st = "ok" } else st = "over:" miss
    if ($14 > 0) { st = st "; " $14 " maps differ from the desktop"; differ++ }
    printf "| %d | %s B | %s B | %s B | %s | %s (%d) | %s | %s | %.0f us | %.0f us (%d) | %d (%d) | %s |\n", l, commas(ram), commas(stk), commas(ram + stk), mega(med), mega(wst), $9, mega($15), mega($18), $10 / 1000, slowns[g, l] / 1000, slow[g, l], $11, $12, st
}
END {
    flush_gen()
    while ((getline line < notesf) > 0) { print "Not measured: " line "\n"; nnotes++ }
    if (rows == 0) {
        if (nnotes) exit
        print "No generator is registered yet (src/gen/registry.c), so there is nothing to measure."
        exit
    }
    printf "Status: %d of %d levels meet all three targets; over the RAM target: %d, over the median: %d, over the worst: %d.\n", ok_all, rows, bad_ram + 0, bad_med + 0, bad_worst + 0
    if (differ) printf "On %d levels some maps on Cortex-M3 differ from the desktop: a portability bug in the generator.\n", differ
}
' "$full" "$full"
