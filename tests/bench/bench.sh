#!/bin/sh
# `make bench` (docs/bench.md). For every generator in the registry:
#   1. the desktop hunt: seeds 1..HUNT_SEEDS of every level, timed, and the
#      deepest flood-fill stack; the slowest and deepest seeds go into
#      build/worst.tsv and into the firmware's seed list;
#   2. the desktop timing: median ns over seeds 1..HOST_SEEDS, each the
#      fastest of HOST_REPS runs;
#   3. a bench firmware for the Cortex-M3 board (m3) run under QEMU with
#      -icount shift=0 (instructions, stack high-water, grid hash per seed),
#      and the same firmware linked for the 20 KiB board (m3-20k), which must
#      link, run and give the same maps and stack;
#   4. build/bench.tsv (the contract's columns), build/bench-full.tsv (with
#      worst cases), a printed table, and the region of docs/bench.md between
#      <!-- bench --> and <!-- /bench -->.
# Run from the top of the tree (the Makefile does). Knobs, for quick tries:
# HUNT_SEEDS, BENCH_SEEDS, HOST_SEEDS, HOST_REPS, BENCH_MAX_LEVELS, DOC,
# BENCH_GENS (names; then docs/bench.md is left alone), JOBS (processes at
# a time: the desktop hunts and the QEMU runs), BENCH_PARTS (firmwares each
# generator's target hunt is split into, run side by side; default JOBS).
set -e

HUNT_SEEDS=${HUNT_SEEDS:-10000}  # desktop pre-selection: seeds per level
TARGET_SEEDS=${TARGET_SEEDS:-3000} # seeds 1..N of every level run on the M3 itself for the worst case
HUNT_K=64                        # slowest seeds per level re-run on the target
BENCH_SEEDS=${BENCH_SEEDS:-51}   # fixed seeds 1..N per level on the target (odd: a true median)
HOST_SEEDS=${HOST_SEEDS:-201}    # fixed seeds 1..N per level on the desktop
HOST_REPS=${HOST_REPS:-3}        # runs per seed on the desktop, the fastest counts
BENCH_MAX_LEVELS=${BENCH_MAX_LEVELS:-0}  # 0: every level the registry lists
DOC=${DOC:-docs/bench.md}   # the only tracked file the bench writes
QEMU=${QEMU:-qemu-system-arm}
MAKE=${MAKE:-make}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-900}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
BENCH_PARTS=${BENCH_PARTS:-$JOBS}

out=build/bench
host=$out/host
start=$(date +%s)
mkdir -p $out

qemu_run() { # ELF LOG [QEMU OPTIONS]
    elf=$1 log=$2
    shift 2
    timeout $QEMU_TIMEOUT $QEMU -M mps2-an385 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native -icount shift=0 "$@" -kernel "$elf" > "$log" 2>&1
}

# At most JOBS tasks at a time. `jobs` cannot count them portably (dash
# lists no jobs inside $(...)), so the task ids are kept and polled.
running=""
slot() { # waits until fewer than JOBS tasks run
    while :; do
        still="" n=0
        for p in $running; do
            if kill -0 $p 2>/dev/null; then still="$still $p"; n=$((n + 1)); fi
        done
        running=$still
        [ $n -ge "$JOBS" ] || return 0
        sleep 1
    done
}
spawn() { slot; "$@" & running="$running $!"; }

$host list > $out/gens.txt
gens=$(echo $(awk '{print $2}' $out/gens.txt))  # one line: `case " $gens "` below looks for " NAME "
if [ -n "$BENCH_GENS" ]; then  # a subset, for a quick look: docs/bench.md keeps the full table
    gens=$BENCH_GENS
    DOC=/dev/null
fi
[ -n "$gens" ] || echo "bench: no generator is registered (src/gen/registry.c); writing an empty table"

# A generator that crashes, hangs or fails a check is dropped from the
# table with a note (in the table too) and the bench exits non-zero at the end.
rm -f $out/skipped.txt
note() { echo "bench: $1" >&2; echo "$1" >> $out/skipped.txt; }
drop() { gens=$(echo $(for x in $gens; do [ "$x" = "$1" ] || echo $x; done)); }

# ---- the desktop: hunt and timing
# The hunts (most of the desktop's time) run JOBS at a time, the longest
# (most levels) first; the timings then one after another, so that they
# share the machine with nothing of the bench's own.
order=$(for g in $gens; do awk -v g=$g '$2 == g { print $3, g }' $out/gens.txt; done | sort -rn | awk '{ print $2 }')
desk_hunt() { # GEN
    $host hunt $1 $BENCH_MAX_LEVELS $HUNT_SEEDS $HUNT_K > $out/$1/hunt.txt || echo hunt > $out/$1/desk-failed
}
for g in $order; do
    echo "bench: $g: desktop hunt over seeds 1..$HUNT_SEEDS per level"
    mkdir -p $out/$g
    rm -f $out/$g/desk-failed
    spawn desk_hunt $g
done
wait
printf 'generator\tlevel\tslowest_seed\tslowest_ns\tdeepest_fill_seed\tfill_peak\tcandidates\n' > build/worst.tsv
for g in $gens; do
    echo "bench: $g: desktop timing"
    if [ -f $out/$g/desk-failed ] ||
       ! $host time $g $BENCH_MAX_LEVELS $HOST_SEEDS $HOST_REPS > $out/$g/host.txt; then
        note "$g: the desktop run failed (build/bench/host hunt|time $g)"
        drop $g
        continue
    fi
    awk -v g=$g '
        $1 == "worst" { w[$2] = $3 "\t" $4 "\t" $5 "\t" $6 }
        $1 == "cand"  { c = $3; for (i = 4; i <= NF; i++) c = c " " $i; cand[$2] = c; n = $2 }
        END { for (l = 1; l <= n; l++) printf "%s\t%d\t%s\t%s\n", g, l, w[l], cand[l] }
    ' $out/$g/hunt.txt >> build/worst.tsv
    # the firmware's seed list (bench_fw.c)
    awk -v nfixed=$BENCH_SEEDS -v range=$TARGET_SEEDS '
        $1 == "cand" { n = $2; k = NF - 2; row[n] = $3; for (i = 4; i <= NF; i++) row[n] = row[n] ", " $i }
        END {
            print "/* Generated by tests/bench/bench.sh from the desktop hunt. */"
            printf "#define BENCH_LEVELS %d\n#define BENCH_WORST %d\n#define BENCH_RANGE %du\n", n, k, range
            printf "static const uint32_t bench_fixed[] = {"
            for (i = 1; i <= nfixed; i++) printf "%s%d", (i > 1 ? ", " : " "), i
            print " };"
            printf "static const uint32_t bench_worst[%d][%d] = {\n", n, k
            for (l = 1; l <= n; l++) printf "    { %s },\n", row[l]
            print "};"
        }
    ' $out/$g/hunt.txt > $out/$g/bench_seeds.h.new
    # only a changed list rebuilds the firmware
    if cmp -s $out/$g/bench_seeds.h.new $out/$g/bench_seeds.h; then rm $out/$g/bench_seeds.h.new
    else mv $out/$g/bench_seeds.h.new $out/$g/bench_seeds.h; fi
done

# ---- the target: per generator, on the M3 (-O2: the full run with the
# hunt over seeds 1..TARGET_SEEDS; the fixed seeds again under the cycle
# model; -Os: the fixed seeds), on the 20 KiB board, and the flash of a
# firmware linking that generator alone. Generators run JOBS at a time.
plugin=$out/cyclemodel.so
${HOSTCC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -O2 -shared -fPIC -fvisibility=hidden \
    -o $plugin tests/bench/cyclemodel.c
# the libraries first, so the parallel firmware builds below only link
$MAKE --no-print-directory -s BOARD=m3 build/m3/libburrow.a build/m3/port/cortex-m/startup.o
$MAKE --no-print-directory -s BOARD=m3-20k build/m3-20k/libburrow.a build/m3-20k/port/cortex-m/startup.o
$MAKE --no-print-directory -s BOARD=m3 OPT=-Os build/m3-os/libburrow.a build/m3-os/port/cortex-m/startup.o
for o in -O2 -Os; do
    $MAKE --no-print-directory -s BOARD=m3 OPT=$o BENCH_GEN=none FLASH_FN=none flash-fw
done
flash_of() { arm-none-eabi-size -A "$1" | awk '$1 == ".text" { print $2 }'; }
flash_of build/m3/flash-none.elf > $out/flash-none.txt
flash_of build/m3-os/flash-none.elf >> $out/flash-none.txt

# The hunt firmware of part K (bench_fw.c): part 1 is the full run.
part_elf() { # GEN K
    if [ "$BENCH_PARTS" -gt 1 ]; then echo build/m3/bench-$1-part$2-of-$BENCH_PARTS.elf
    else echo build/m3/bench-$1.elf; fi
}
target() { # GEN: everything the target measures of one generator but hunt parts 2..
    g=$1 d=$out/$1
    mk() { $MAKE --no-print-directory -s BENCH_GEN=$g "$@"; }
    if ! mk BOARD=m3 BENCH_PARTS=$BENCH_PARTS BENCH_PART=1 bench-fw || ! mk BOARD=m3 BENCH_VARIANT=1 bench-fw ||
       ! mk BOARD=m3 OPT=-Os BENCH_VARIANT=1 bench-fw || ! mk BOARD=m3 flash-fw || ! mk BOARD=m3 OPT=-Os flash-fw; then
        echo "build" >> $d/failed
        return
    fi
    arm-none-eabi-size -A $(part_elf $g 1) |
        awk '$1 == ".data" || $1 == ".bss" { s += $2 } END { print s + 0 }' > $d/ram.txt
    { flash_of build/m3/flash-$g.elf; flash_of build/m3-os/flash-$g.elf; } > $d/flash.txt
    qemu_run $(part_elf $g 1) $d/m3.log || echo "m3" >> $d/failed
    mark=$(arm-none-eabi-nm build/m3/bench-$g-fixed.elf | awk '$3 == "bench_mark" { print "0x" $1 }')
    qemu_run build/m3/bench-$g-fixed.elf $d/cyc-runs.log \
        -plugin $plugin,mark=$mark -d plugin -D $d/cyc-marks.log || echo "cycle model" >> $d/failed
    qemu_run build/m3-os/bench-$g-fixed.elf $d/os.log || echo "m3 -Os" >> $d/failed
    if mk BOARD=m3-20k BENCH_VARIANT=1 bench-fw > $d/m3-20k.link 2>&1; then
        qemu_run build/m3-20k/bench-$g-fixed.elf $d/m3-20k.log || echo "exit $?" >> $d/m3-20k.log
    fi
}

# Part K of the target hunt, K > 1: its slice of the seeds, every level.
hunt_part() { # GEN K
    g=$1 d=$out/$1
    if ! $MAKE --no-print-directory -s BENCH_GEN=$g BOARD=m3 BENCH_PARTS=$BENCH_PARTS BENCH_PART=$2 bench-fw; then
        echo "build of hunt part $2" >> $d/failed
        return
    fi
    qemu_run $(part_elf $g $2) $d/hunt-$2.log || echo "m3 hunt part $2" >> $d/failed
}

# Every generator's target run and its hunt parts, JOBS at a time, the
# generators with the most levels first (mdungeon's 99 floors).
for g in $order; do
    case " $gens " in *" $g "*) ;; *) continue ;; esac
    echo "bench: $g: firmware on m3 (-O2, -Os, cycle model; the hunt in $BENCH_PARTS parts) and m3-20k, QEMU -icount shift=0"
    rm -f $out/$g/failed $out/$g/m3-20k.log $out/$g/hunt-*.log
    spawn target $g
    k=2
    while [ $k -le "$BENCH_PARTS" ]; do
        spawn hunt_part $g $k
        k=$((k + 1))
    done
done
wait
for g in $gens; do
    if [ -f $out/$g/failed ]; then
        note "$g: the target run failed ($(tr '\n' ' ' < $out/$g/failed)); see build/bench/$g/"
        drop $g
    fi
done

# ---- tables
rm -f $out/base.txt
printf 'generator\tlevel\tram_static\tstack_peak\tinsns_m3\thost_ns\tworst_insns_m3\tinsns_m3_os\tflash_os\tcycles_m3_est\n' > build/bench.tsv
printf 'generator\tlevel\tw\th\tram_static\tstack_peak\tinsns_m3\tinsns_m3_worst\tworst_seed\thost_ns\tfill_peak\tfill_seed\tboard_20k\tmaps_differ\tinsns_m3_os\tflash_o2\tflash_os\tcycles_m3_est\ttarget_seeds\n' > build/bench-full.tsv
# the median of the fixed seeds' column COL per level, from a firmware log
medians() { # LOG COL
    awk -v col=$2 '
        $1 == "run" && $4 == "fixed" { v[$2, ++n[$2]] = $col; if ($2 > nl) nl = $2 }
        END {
            for (l = 1; l <= nl; l++) {
                for (i = 1; i <= n[l]; i++) a[i] = v[l, i]
                for (i = 2; i <= n[l]; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
                print l, a[int((n[l] + 1) / 2)]
            }
        }' "$1"
}
for g in $gens; do
    d=$out/$g
    medians $d/os.log 5 > $d/os-median.txt
    # The cycle model: each run's cycles are the difference of the plugin's
    # totals at its two marks; the model loops come first and must read as
    # the manual's count per turn, exactly.
    awk '
        FNR == NR { if ($1 == "mark") cyc[++nm] = $3; next }
        $1 == "model" { k++; c = cyc[2 * k] - cyc[2 * k - 1]; t[$2, $4] = c; per[$2] = $3; turns[$2] = turns[$2] " " $4; next }
        $1 == "run" || $1 == "error" { k++; $5 = cyc[2 * k] - cyc[2 * k - 1]; print; next }
        END {
            for (name in per) {
                split(turns[name], u, " ")
                got = (t[name, u[2]] - t[name, u[1]]) / (u[2] - u[1])
                if (got != per[name]) printf "model %s: %s cycles a turn, the manual says %d\n", name, got, per[name] > "/dev/stderr"
                if (got != per[name]) bad = 1
            }
            if (nm != 2 * k) { printf "model: %d marks for %d measured pieces\n", nm, k > "/dev/stderr"; bad = 1 }
            exit bad
        }' $d/cyc-marks.log $d/cyc-runs.log > $d/cyc.txt || note "$g: the cycle model failed its check on the manual's loops"
    medians $d/cyc.txt 5 > $d/cyc-median.txt
    # 20 KiB board: links? runs to the end? same maps and stack as the same
    # fixed-seed firmware on m3?
    if [ ! -f $d/m3-20k.log ]; then
        short=$(($(cat $d/ram.txt) + 1024 - 20480))
        if [ $short -gt 0 ]; then
            s20="does not link: $(cat $d/ram.txt) B of static RAM and the 1 KiB stack minimum of linker/mps2-an385-20k.ld need $short B more than 20 KiB"
        else
            s20="does not link: $(grep -m1 -E 'error|overflow|not enough' $d/m3-20k.link | sed 's/.*ld: //')"
        fi
    elif ! grep -q '^end' $d/m3-20k.log; then
        s20="fails at run time: $(grep -v -E '^(run|calib)' $d/m3-20k.log | head -n 1)"
    elif ! awk -v room=$(sym() { arm-none-eabi-nm build/m3-20k/bench-$g-fixed.elf | awk -v n=$1 '$3 == n { print "0x" $1 }'; }
                         echo $(($(sym _estack) - $(sym _sstack)))) '
            # same maps; the same stack give or take one SysTick exception frame
            FNR == NR { if ($1 == "run") { h[$2 " " $3] = $7; s[$2 " " $3] = $6 } next }
            $1 == "run" { d = $6 - s[$2 " " $3]; if (h[$2 " " $3] != $7 || d > 64 || d < -64 || $6 >= room) bad = 1 }
            END { exit bad }' $d/cyc-runs.log $d/m3-20k.log; then
        s20="runs, but maps or stack differ from m3 or the stack overflows"
    else
        s20=ok
    fi
    awk -v g=$g -v ram="$(cat $d/ram.txt)" -v s20="$s20" -v gens=$out/gens.txt -v hostf=$d/host.txt -v huntf=$d/hunt.txt -v base=$out/base.txt \
        -v osf=$d/os-median.txt -v cycf=$d/cyc-median.txt -v flash="$(tr '\n' ' ' < $d/flash.txt)" -v nrange=$TARGET_SEEDS -v nparts=$BENCH_PARTS '
        function median(a, n,   i, j, t) { # insertion sort, n is small
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return a[int((n + 1) / 2)]
        }
        BEGIN {
            while ((getline line < gens) > 0) { split(line, f, " "); if (f[2] == g) { w = f[4]; h = f[5] } }
            while ((getline line < hostf) > 0) {
                split(line, f, " ")
                if (f[1] == "host") hns[f[2]] = f[3]
                if (f[1] == "hash") hhash[f[2] " " f[3]] = f[4]
            }
            while ((getline line < huntf) > 0) { split(line, f, " "); if (f[1] == "worst") { fseed[f[2]] = f[5]; fpeak[f[2]] = f[6] } }
            while ((getline line < osf) > 0) { split(line, f, " "); os[f[1]] = f[2] }
            while ((getline line < cycf) > 0) { split(line, f, " "); cyc[f[1]] = f[2] }
            split(flash, fl, " ")
        }
        $1 == "range" {
            if ($5 > worst[$2] + 0) { worst[$2] = $5; wseed[$2] = $4 }
            if ($6 > stack[$2] + 0) stack[$2] = $6
            ranged[$2] += $3 # the slices of the parts add up
        }
        $1 == "calib" {
            # the counter claim: a loop of known length reads right to one SysTick tick
            d = $3 - $2; if (d < 0) d = -d
            if (d > 80) { printf "bench: %s: counter is off: %d instructions read as %d\n", g, $2, $3 > "/dev/stderr"; bad = 1 }
        }
        $1 == "error" { printf "bench: %s level %d seed %d: generate returned an error\n", g, $2, $3 > "/dev/stderr"; bad = 1 }
        $1 == "run" && $4 == "base" { printf "%d %d\n", $5, $6 > base; next }
        $1 == "run" {
            l = $2; if (l > nl) nl = l
            if ($4 == "fixed") med[l, ++nf[l]] = $5
            if ($5 > worst[l] + 0) { worst[l] = $5; wseed[l] = $3 }
            if ($6 > stack[l] + 0) stack[l] = $6
            if ((l " " $3) in hhash && hhash[l " " $3] != $7) {
                # a portability bug in the generator: reported, the row marked, the bench goes on
                if (!differ[l]++) printf "bench: %s level %d seed %d: the map differs from the desktop (%s here, %s there)\n", g, l, $3, $7, hhash[l " " $3] > "/dev/stderr"
            }
        }
        $1 == "end" { ended++ }
        END {
            if (ended < nparts) { printf "bench: %s: %d of %d firmwares did not finish\n", g, nparts - ended, nparts > "/dev/stderr"; exit 1 }
            if (bad) exit 1
            for (l = 1; l <= nl; l++) {
                for (i = 1; i <= nf[l]; i++) a[i] = med[l, i]
                m = median(a, nf[l])
                if (ranged[l] < nrange) { printf "bench: %s level %d: the target hunt ran %d seeds, not %d\n", g, l, ranged[l], nrange > "/dev/stderr"; exit 1 }
                printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", g, l, ram, stack[l], m, hns[l], worst[l], os[l], fl[2], cyc[l] >> "build/bench.tsv"
                printf "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\n", g, l, w, h, ram, stack[l], m, worst[l], wseed[l], hns[l], fpeak[l], fseed[l], s20, differ[l] + 0, os[l], fl[1], fl[2], cyc[l], ranged[l] >> "build/bench-full.tsv"
            }
        }
    ' $d/m3.log $(k=2; while [ $k -le "$BENCH_PARTS" ]; do echo $d/hunt-$k.log; k=$((k + 1)); done) ||
        note "$g: the M3 run failed a check (counter, generate error or no end; see above)"
done

# ---- the printed table and the region of docs/bench.md
sh tests/bench/table.sh build/bench-full.tsv build/worst.tsv $HUNT_SEEDS $out/base.txt $out/skipped.txt $TARGET_SEEDS > $out/table.md
# The game (src/play) on the 20 KiB board: every key script replayed, the
# instructions of each turn and each level change, the RAM it needs.
if $MAKE --no-print-directory -s BOARD=m3-20k build/m3-20k/play-bench.elf &&
   qemu_run build/m3-20k/play-bench.elf $out/play.log && grep -q '^end' $out/play.log; then
    awk '
        function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
        function commas(n,   s, r) { s = sprintf("%d", n); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
        $1 == "turn" { t[++nt] = $2 } $1 == "change" { c[++nc] = $2 }
        $1 == "stack" { stack = $2 } $1 == "static" { ram = $2 }
        END {
            sort(t, nt); sort(c, nc)
            printf "\n**The game** (`burrow play`, src/play) as firmware on the 20 KiB board `m3-20k`, every key script of tests/play replayed: "
            printf "%s B of static RAM and a stack peak of %s B, %s B in all; ", commas(ram), commas(stack), commas(ram + stack)
            printf "a turn (the key and the whole screen drawn) takes a median of %.2f M and at most %.2f M instructions over %d turns; ", t[int((nt + 1) / 2)] / 1e6, t[nt] / 1e6, nt
            printf "a level change (the next level generated from its seed) a median of %.2f M and at most %.2f M over %d changes.\n", c[int((nc + 1) / 2)] / 1e6, c[nc] / 1e6, nc
        }' $out/play.log >> $out/table.md
else
    note "play: the game firmware did not build or run on m3-20k (build/bench/play.log)"
fi
cat $out/table.md
if grep -q '^<!-- bench -->$' "$DOC" && grep -q '^<!-- /bench -->$' "$DOC"; then
    awk -v gen=$out/table.md '
        $0 == "<!-- bench -->" { print; while ((getline line < gen) > 0) print line; skip = 1; next }
        $0 == "<!-- /bench -->" { skip = 0 }
        !skip { print }
    ' "$DOC" > $out/doc.new
    cat $out/doc.new > "$DOC" && rm $out/doc.new
    echo "bench: $DOC updated between <!-- bench --> and <!-- /bench -->"
else
    echo "bench: $DOC has no <!-- bench --> ... <!-- /bench --> region; not updated"
fi
# The README's summary and docs/firmware.md's sizing table are read from
# docs/bench.md: redraw them so no page keeps an old figure.
sh tests/bench/parts.sh || note "parts: the smallest-part table was not made (build/bench/parts)"
sh tests/pictures.sh write README.md docs/firmware.md
echo "bench: wrote build/bench.tsv, build/bench-full.tsv, build/worst.tsv in $(($(date +%s) - start)) s"
[ ! -s $out/skipped.txt ] || { echo "bench: some generators were not measured:"; cat $out/skipped.txt; exit 1; }
