#!/bin/sh
# `make bench` (docs/bench.md). Two builds of the library for the Cortex-M3:
# the ship build (the Makefile's SHIP_OPT and SHIP_FAST, what
# docs/firmware.md recommends) and -O2 (BW_FAST 1), the second. Each row of
# the tables measures one build, never a mix. For every generator in the
# registry:
#   1. the desktop: the grid hash of the fixed seeds (the M3 must make the
#      same maps) and the hunt for the seed of 1..HUNT_SEEDS that leaves the
#      deepest flood-fill stack; nothing on the desktop is timed but
#   2. the peers (tests/bench/peers.c): every level against libtcod's BSP
#      rooms and corridors, and the cave step against the textbook 4-5 rule,
#      interleaved seed by seed; only the ratios are published;
#   3. the ship build on the Cortex-M3 board (m3) under QEMU with
#      -icount shift=0: the fixed seeds (the median), the deepest-fill seed
#      and seeds 1..TARGET_SEEDS of every level (the worst case: a count of
#      instructions, the same in every run), the stack, the cycle model; the
#      same firmware linked for the 20 KiB board (m3-20k), which must link,
#      run and give the same maps and stack; the -O2 build on the fixed seeds;
#      the flash of a firmware linking the generator alone, in both builds;
#   4. the Game Boy Advance in mGBA (tests/bench/bench_gba.c through
#      tests/gba/harness.c): every level over the fixed seeds, the cycles of
#      each by the console's timers TM0 + TM1, with the library's code in
#      ROM (build/gba-rom) and in IWRAM (build/gba, make gba's default); the maps must be the
#      desktop's;
#   5. build/bench.tsv (the contract's columns and `build`), build/bench-full.tsv,
#      a printed table, and the region of docs/bench.md between
#      <!-- bench --> and <!-- /bench -->.
# Run from the top of the tree (the Makefile does). Knobs, for quick tries:
# HUNT_SEEDS, TARGET_SEEDS, BENCH_SEEDS, PEER_SEEDS, PEER_REPS,
# BENCH_MAX_LEVELS, DOC, BENCH_GENS (names, or GENERATORS= on make's command
# line; then docs/bench.md is left alone), JOBS (processes at a time),
# BENCH_PARTS (firmwares each generator's target hunt is split into, run
# side by side; default JOBS).
set -e

HUNT_SEEDS=${HUNT_SEEDS:-10000}  # desktop: seeds per level searched for the deepest flood fill
TARGET_SEEDS=${TARGET_SEEDS:-3000} # seeds 1..N of every level run on the M3 itself for the worst case
BENCH_SEEDS=${BENCH_SEEDS:-51}   # fixed seeds 1..N per level on the target (odd: a true median)
PEER_SEEDS=${PEER_SEEDS:-51}     # seeds per level timed against the peers
PEER_REPS=${PEER_REPS:-3}        # runs per seed and peer, the fastest counts
BENCH_MAX_LEVELS=${BENCH_MAX_LEVELS:-0}  # 0: every level the registry lists
DOC=${DOC:-docs/bench.md}   # the only tracked file the bench writes
QEMU=${QEMU:-qemu-system-arm}
MAKE=${MAKE:-make}
QEMU_TIMEOUT=${QEMU_TIMEOUT:-900}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
BENCH_PARTS=${BENCH_PARTS:-$JOBS}
SHIP_OPT=${SHIP_OPT:--Os}
SHIP_FAST=${SHIP_FAST:-1}
# the two builds: make's switches and the directory they build into
SHIP="OPT=$SHIP_OPT BW_FAST=$SHIP_FAST"
ship_dir=build/m3$([ "$SHIP_OPT" = -Os ] && echo -os)-fast$SHIP_FAST
ship_20k=build/m3-20k$([ "$SHIP_OPT" = -Os ] && echo -os)-fast$SHIP_FAST
ship_name="$SHIP_OPT, BW_FAST $SHIP_FAST"

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
    for g in $BENCH_GENS; do
        case " $gens " in *" $g "*) ;; *) echo "bench: no generator named $g (one of: $gens)" >&2; exit 2 ;; esac
    done
    gens=$BENCH_GENS
    DOC=/dev/null
fi
[ -n "$gens" ] || echo "bench: no generator is registered (src/gen/registry.c); writing an empty table"

# A generator that crashes, hangs or fails a check is dropped from the
# table with a note (in the table too) and the bench exits non-zero at the end.
rm -f $out/skipped.txt
note() { echo "bench: $1" >&2; echo "$1" >> $out/skipped.txt; }
drop() { gens=$(echo $(for x in $gens; do [ "$x" = "$1" ] || echo $x; done)); }

# ---- the desktop: hashes and the deepest-fill hunt (counts, no clock), JOBS
# at a time, the longest (most levels) first
order=$(for g in $gens; do awk -v g=$g '$2 == g { print $3, g }' $out/gens.txt; done | sort -rn | awk '{ print $2 }')
desk() { # GEN
    { $host hunt $1 $BENCH_MAX_LEVELS $HUNT_SEEDS > $out/$1/hunt.txt &&
      $host hash $1 $BENCH_MAX_LEVELS $BENCH_SEEDS > $out/$1/host.txt; } || echo desktop > $out/$1/desk-failed
}
echo "bench: desktop: the maps of seeds 1..$BENCH_SEEDS and the deepest flood fill over seeds 1..$HUNT_SEEDS per level"
for g in $order; do
    mkdir -p $out/$g
    rm -f $out/$g/desk-failed
    spawn desk $g
done
wait
printf 'generator\tlevel\tdeepest_fill_seed\tfill_peak\n' > build/worst.tsv
for g in $gens; do
    if [ -f $out/$g/desk-failed ]; then
        note "$g: the desktop run failed (build/bench/host hunt|hash $g)"
        drop $g
        continue
    fi
    awk -v g=$g '$1 == "fill" { printf "%s\t%d\t%d\t%d\n", g, $2, $3, $4 }' $out/$g/hunt.txt >> build/worst.tsv
    # the firmware's seed list (bench_fw.c): the fixed seeds and the deepest-fill seed
    awk -v nfixed=$BENCH_SEEDS -v range=$TARGET_SEEDS '
        $1 == "fill" { n = $2; row[n] = $3 }
        END {
            print "/* Generated by tests/bench/bench.sh from the desktop hunt. */"
            printf "#define BENCH_LEVELS %d\n#define BENCH_WORST 1\n#define BENCH_RANGE %du\n", n, range
            printf "static const uint32_t bench_fixed[] = {"
            for (i = 1; i <= nfixed; i++) printf "%s%d", (i > 1 ? ", " : " "), i
            print " };"
            printf "static const uint32_t bench_worst[%d][1] = {\n", n
            for (l = 1; l <= n; l++) printf "    { %s },\n", row[l]
            print "};"
        }
    ' $out/$g/hunt.txt > $out/$g/bench_seeds.h.new
    # only a changed list rebuilds the firmware
    if cmp -s $out/$g/bench_seeds.h.new $out/$g/bench_seeds.h; then rm $out/$g/bench_seeds.h.new
    else mv $out/$g/bench_seeds.h.new $out/$g/bench_seeds.h; fi
done

# ---- the peers, alone on the machine: each level against libtcod's BSP,
# the cave step against the textbook rule (build/bench/peers.txt)
echo "bench: desktop: every level against libtcod's BSP rooms and corridors, interleaved ($PEER_SEEDS seeds a level)"
if ! { for g in $gens; do build/bench/peers level $g $BENCH_MAX_LEVELS $PEER_SEEDS $PEER_REPS || exit 1; done
       build/bench/peers cave $PEER_SEEDS $PEER_REPS; } > $out/peers.txt; then
    note "peers: build/bench/peers failed"
fi

# ---- the target, per generator: the ship build on the M3 (the full run,
# with the hunt over seeds 1..TARGET_SEEDS in BENCH_PARTS parts; the fixed
# seeds again under the cycle model), on the 20 KiB board, the -O2 build on
# the fixed seeds, and the flash of a firmware linking the generator alone
# in both builds. Generators run JOBS at a time.
plugin=$out/cyclemodel.so
${HOSTCC:-cc} -std=c99 -Wall -Wextra -Werror -pedantic -O2 -shared -fPIC -fvisibility=hidden \
    -o $plugin tests/bench/cyclemodel.c
# GENERATORS= : the bench's libraries hold every generator, whatever make was given
mk() { $MAKE --no-print-directory -s GENERATORS= "$@"; }
# the libraries first, so the parallel firmware builds below only link
mk BOARD=m3 $SHIP $ship_dir/libburrow.a $ship_dir/port/cortex-m/startup.o
mk BOARD=m3-20k $SHIP $ship_20k/libburrow.a $ship_20k/port/cortex-m/startup.o
mk BOARD=m3 OPT=-O2 build/m3/libburrow.a build/m3/port/cortex-m/startup.o
mk BOARD=m3 $SHIP BENCH_GEN=none FLASH_FN=none flash-fw
mk BOARD=m3 OPT=-O2 BENCH_GEN=none FLASH_FN=none flash-fw
# The GBA's bench ROM, code in ROM and in IWRAM: the generators and seeds
# it runs (only a changed list rebuilds it), the harness that reads it.
{ echo "/* Generated by tests/bench/bench.sh. */"
  echo "#define GBA_SEEDS ${BENCH_SEEDS}u"
  printf 'static const char *const gba_gens[] = {'
  for g in $gens; do printf ' "%s",' $g; done
  echo ' 0 };'
} > $out/gba_bench.h.new
if cmp -s $out/gba_bench.h.new $out/gba_bench.h; then rm $out/gba_bench.h.new; else mv $out/gba_bench.h.new $out/gba_bench.h; fi
gba_ok=1
mk BOARD= build/gba/harness build/gba/bench.gba && mk BOARD= GBA_CODE=rom build/gba-rom/bench.gba || {
    note "gba: the bench ROM or the harness did not build (tests/bench/bench_gba.c, tests/gba/harness.c)"; gba_ok=0; }
# one console second a level at most (the slowest takes a fraction): the frame limit
gba_frames=$(($(for g in $gens; do awk -v g=$g '$2 == g { print $3 }' $out/gens.txt; done | awk '{ s += $1 } END { print s + 0 }') * BENCH_SEEDS * 60 + 600))
gba_run() { # rom|iwram DIR
    build/gba/harness $2/bench.gba print $gba_frames > $out/gba-$1.log 2> $out/gba-$1.err || echo "$1" >> $out/gba-failed
}
flash_of() { arm-none-eabi-size -A "$1" | awk '$1 == ".text" { print $2 }'; }
ram_of() { arm-none-eabi-size -A "$1" | awk '$1 == ".data" || $1 == ".bss" { s += $2 } END { print s + 0 }'; }

# The hunt firmware of part K (bench_fw.c): part 1 is the full run.
part_elf() { # GEN K
    if [ "$BENCH_PARTS" -gt 1 ]; then echo $ship_dir/bench-$1-part$2-of-$BENCH_PARTS.elf
    else echo $ship_dir/bench-$1.elf; fi
}
target() { # GEN: everything the target measures of one generator but hunt parts 2..
    g=$1 d=$out/$1
    if ! mk BENCH_GEN=$g BOARD=m3 $SHIP BENCH_PARTS=$BENCH_PARTS BENCH_PART=1 bench-fw ||
       ! mk BENCH_GEN=$g BOARD=m3 $SHIP BENCH_VARIANT=1 bench-fw || ! mk BENCH_GEN=$g BOARD=m3 $SHIP flash-fw ||
       ! mk BENCH_GEN=$g BOARD=m3 OPT=-O2 BENCH_VARIANT=1 bench-fw || ! mk BENCH_GEN=$g BOARD=m3 OPT=-O2 flash-fw; then
        echo "build" >> $d/failed
        return
    fi
    ram_of $(part_elf $g 1) > $d/ram.txt
    ram_of build/m3/bench-$g-fixed.elf > $d/ram-o2.txt
    { flash_of $ship_dir/flash-$g.elf; flash_of build/m3/flash-$g.elf; } > $d/flash.txt
    qemu_run $(part_elf $g 1) $d/m3.log || echo "m3" >> $d/failed
    mark=$(arm-none-eabi-nm $ship_dir/bench-$g-fixed.elf | awk '$3 == "bench_mark" { print "0x" $1 }')
    qemu_run $ship_dir/bench-$g-fixed.elf $d/cyc-runs.log \
        -plugin $plugin,mark=$mark -d plugin -D $d/cyc-marks.log || echo "cycle model" >> $d/failed
    qemu_run build/m3/bench-$g-fixed.elf $d/o2.log || echo "m3 -O2" >> $d/failed
    if mk BENCH_GEN=$g BOARD=m3-20k $SHIP BENCH_VARIANT=1 bench-fw > $d/m3-20k.link 2>&1; then
        qemu_run $ship_20k/bench-$g-fixed.elf $d/m3-20k.log || echo "exit $?" >> $d/m3-20k.log
    fi
}

# Part K of the target hunt, K > 1: its slice of the seeds, every level.
hunt_part() { # GEN K
    g=$1 d=$out/$1
    if ! mk BENCH_GEN=$g BOARD=m3 $SHIP BENCH_PARTS=$BENCH_PARTS BENCH_PART=$2 bench-fw; then
        echo "build of hunt part $2" >> $d/failed
        return
    fi
    qemu_run $(part_elf $g $2) $d/hunt-$2.log || echo "m3 hunt part $2" >> $d/failed
}

# Every generator's target run and its hunt parts, JOBS at a time, the
# generators with the most levels first (mdungeon's 99 floors); the GBA's
# two runs (every generator each) first, in the same slots.
rm -f $out/gba-failed
if [ $gba_ok = 1 ]; then
    echo "bench: gba: every level over seeds 1..$BENCH_SEEDS in mGBA, the library's code in ROM and in IWRAM, cycles by TM0 + TM1"
    spawn gba_run rom build/gba-rom
    spawn gba_run iwram build/gba
fi
for g in $order; do
    case " $gens " in *" $g "*) ;; *) continue ;; esac
    echo "bench: $g: firmware on m3 (ship build: $ship_name, the hunt in $BENCH_PARTS parts, the cycle model; -O2) and m3-20k, QEMU -icount shift=0"
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

# The GBA's cycles: per generator and level, the median and the most over
# the fixed seeds, code in ROM and in IWRAM (build/bench/gba.txt:
# GEN LEVEL MEDIAN_ROM WORST_ROM MEDIAN_IWRAM WORST_IWRAM); every map must
# be the desktop's for the same seed.
rm -f $out/gba.txt
if [ $gba_ok = 1 ] && [ -f $out/gba-failed ]; then
    note "gba: the harness failed on the $(tr '\n' ' ' < $out/gba-failed)build ($(cat $out/gba-*.err | head -n 1))"
elif [ $gba_ok = 1 ]; then
    for g in $gens; do awk -v g=$g '$1 == "hash" { print "hash", g, $2, $3, $4 }' $out/$g/host.txt; done > $out/gba-host.txt
    awk '
        function median(a, n,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return a[int((n + 1) / 2)]
        }
        $1 == "hash" { h[$2 " " $3 " " $4] = $5; next }
        FNR == 1 { b = (FILENAME ~ /iwram/) ? "iwram" : "rom" }
        $1 == "error" { printf "bench: gba (%s): %s level %d seed %d: generate returned an error\n", b, $2, $3, $4 > "/dev/stderr"; bad = 1; next }
        $1 != "gba" { next }
        {
            k = $2 " " $3
            if (!(k in seen)) { seen[k] = 1; key[++nk] = k }
            if (h[k " " $4] != $5) { printf "bench: gba (%s): %s level %d seed %d: the map differs from the desktop (%s here, %s there)\n", b, $2, $3, $4, $5, h[k " " $4] > "/dev/stderr"; bad = 1 }
            c[b, k, ++n[b, k]] = $6
            if ($6 > w[b, k] + 0) w[b, k] = $6
        }
        END {
            for (i = 1; i <= nk; i++) {
                k = key[i]
                for (j = 1; j <= n["rom", k]; j++) a[j] = c["rom", k, j]
                mr = median(a, n["rom", k])
                for (j = 1; j <= n["iwram", k]; j++) a[j] = c["iwram", k, j]
                mi = median(a, n["iwram", k])
                print k, mr, w["rom", k], mi, w["iwram", k]
            }
            exit bad
        }' $out/gba-host.txt $out/gba-rom.log $out/gba-iwram.log > $out/gba.txt ||
        { note "gba: a map differs from the desktop or a level failed (build/bench/gba-*.log)"; rm -f $out/gba.txt; }
fi

# ---- tables
rm -f $out/base.txt
# bench.tsv: the contract's columns, `build` appended; a row per level and
# build (ship, o2), each column that build's own figure (docs/bench.md)
printf 'generator\tlevel\tram_static\tstack_peak\tinsns_m3\thost_ns\tworst_insns_m3\tinsns_m3_os\tflash_os\tcycles_m3_est\tbuild\tgba_cycles_rom\tgba_cycles_iwram\tgba_worst_rom\tgba_worst_iwram\n' > build/bench.tsv
printf 'generator\tlevel\tw\th\tbuild\tram_static\tstack_peak\tinsns_m3\tinsns_m3_worst\tworst_seed\tseeds\tfill_peak\tfill_seed\tboard_20k\tmaps_differ\tflash\tvs_libtcod\tcycles_m3_est\tgba_cycles_rom\tgba_worst_rom\tgba_cycles_iwram\tgba_worst_iwram\tcycles_m3_low\tcycles_m3_high\n' > build/bench-full.tsv
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
    # The cycle model: each run's cycles are the difference of the plugin's
    # totals at its two marks; the model loops come first and must read as
    # the model's count per turn, exactly.
    awk '
        FNR == NR { if ($1 == "mark") { cyc[++nm] = $3; lo[nm] = $4; hi[nm] = $5 } next }
        $1 == "model" { k++; c = cyc[2 * k] - cyc[2 * k - 1]; t[$2, $4] = c; per[$2] = $3; turns[$2] = turns[$2] " " $4; next }
        # a run: the middle estimate in place of the instructions, the band appended
        $1 == "run" || $1 == "error" { k++; $5 = cyc[2 * k] - cyc[2 * k - 1]; $9 = lo[2 * k] - lo[2 * k - 1]; $10 = hi[2 * k] - hi[2 * k - 1]; print; next }
        END {
            for (name in per) {
                split(turns[name], u, " ")
                got = (t[name, u[2]] - t[name, u[1]]) / (u[2] - u[1])
                if (got != per[name]) printf "model %s: %s cycles a turn, the model says %d\n", name, got, per[name] > "/dev/stderr"
                if (got != per[name]) bad = 1
            }
            if (nm != 2 * k) { printf "model: %d marks for %d measured pieces\n", nm, k > "/dev/stderr"; bad = 1 }
            exit bad
        }' $d/cyc-marks.log $d/cyc-runs.log > $d/cyc.txt || note "$g: the cycle model plugin failed its check on the model's loops"
    medians $d/cyc.txt 5 > $d/cyc-median.txt
    medians $d/cyc.txt 9 > $d/cyc-lo.txt
    medians $d/cyc.txt 10 > $d/cyc-hi.txt
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
    elif ! awk -v room=$(sym() { arm-none-eabi-nm $ship_20k/bench-$g-fixed.elf | awk -v n=$1 '$3 == n { print "0x" $1 }'; }
                         echo $(($(sym _estack) - $(sym _sstack)))) '
            # same maps; the same stack give or take one SysTick exception frame
            FNR == NR { if ($1 == "run") { h[$2 " " $3] = $7; s[$2 " " $3] = $6 } next }
            $1 == "run" { d = $6 - s[$2 " " $3]; if (h[$2 " " $3] != $7 || d > 64 || d < -64 || $6 >= room) bad = 1 }
            END { exit bad }' $d/cyc-runs.log $d/m3-20k.log; then
        s20="runs, but maps or stack differ from m3 or the stack overflows"
    else
        s20=ok
    fi
    awk -v g=$g -v ram="$(cat $d/ram.txt)" -v ramo2="$(cat $d/ram-o2.txt)" -v s20="$s20" -v gens=$out/gens.txt -v hostf=$d/host.txt -v huntf=$d/hunt.txt -v base=$out/base.txt \
        -v cycf=$d/cyc-median.txt -v flash="$(tr '\n' ' ' < $d/flash.txt)" -v nrange=$TARGET_SEEDS -v nparts=$BENCH_PARTS \
        -v peersf=$out/peers.txt -v nfixed=$BENCH_SEEDS -v gbaf=$out/gba.txt -v cyclo=$d/cyc-lo.txt -v cychi=$d/cyc-hi.txt '
        function median(a, n,   i, j, t) { # insertion sort, n is small
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return a[int((n + 1) / 2)]
        }
        BEGIN {
            while ((getline line < gens) > 0) { split(line, f, " "); if (f[2] == g) { w = f[4]; h = f[5] } }
            while ((getline line < hostf) > 0) { split(line, f, " "); if (f[1] == "hash") hhash[f[2] " " f[3]] = f[4] }
            while ((getline line < huntf) > 0) { split(line, f, " "); if (f[1] == "fill") { fseed[f[2]] = f[3]; fpeak[f[2]] = f[4] } }
            while ((getline line < peersf) > 0) { split(line, f, " "); if (f[1] == "ratio" && f[2] == g) peer[f[3]] = f[4] }
            while ((getline line < cycf) > 0) { split(line, f, " "); cyc[f[1]] = f[2] }
            while ((getline line < cyclo) > 0) { split(line, f, " "); clo[f[1]] = f[2] }
            while ((getline line < cychi) > 0) { split(line, f, " "); chi[f[1]] = f[2] }
            while ((getline line < gbaf) > 0) { split(line, f, " "); if (f[1] == g) { gmr[f[2]] = f[3]; gwr[f[2]] = f[4]; gmi[f[2]] = f[5]; gwi[f[2]] = f[6] } }
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
        $1 == "run" && $4 == "base" { if (FILENAME !~ /o2[.]log$/) printf "%d %d\n", $5, $6 > base; next }
        FILENAME ~ /o2[.]log$/ {
            # the -O2 build: the fixed seeds alone
            if ($1 == "run" && $4 == "fixed") {
                l = $2; o2med[l, ++no2[l]] = $5
                if ($5 > o2worst[l] + 0) { o2worst[l] = $5; o2wseed[l] = $3 }
                if ($6 > o2stack[l] + 0) o2stack[l] = $6
                if ((l " " $3) in hhash && hhash[l " " $3] != $7) o2differ[l]++
            }
            if ($1 == "end") o2end = 1
            if ($1 == "error") { printf "bench: %s -O2 level %d seed %d: generate returned an error\n", g, $2, $3 > "/dev/stderr"; bad = 1 }
            next
        }
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
            if (!o2end) { printf "bench: %s: the -O2 firmware did not finish\n", g > "/dev/stderr"; exit 1 }
            if (ended < nparts) { printf "bench: %s: %d of %d firmwares did not finish\n", g, nparts - ended, nparts > "/dev/stderr"; exit 1 }
            if (bad) exit 1
            for (l = 1; l <= nl; l++) {
                for (i = 1; i <= nf[l]; i++) a[i] = med[l, i]
                m = median(a, nf[l])
                if (ranged[l] < nrange) { printf "bench: %s level %d: the target hunt ran %d seeds, not %d\n", g, l, ranged[l], nrange > "/dev/stderr"; exit 1 }
                for (i = 1; i <= no2[l]; i++) a[i] = o2med[l, i]
                m2 = median(a, no2[l])
                # host_ns: the desktop time of the level over that of libtcod BSP (peers.c)
                printf "%s\t%d\t%d\t%d\t%d\t%s\t%d\t%d\t%d\t%d\tship\t%d\t%d\t%d\t%d\n", g, l, ram, stack[l], m, peer[l], worst[l], m, fl[1], cyc[l], gmr[l], gmi[l], gwr[l], gwi[l] >> "build/bench.tsv"
                printf "%s\t%d\t%d\t%d\t%d\t%s\t%d\t0\t%d\t0\to2\t0\t0\t0\t0\n", g, l, ramo2, o2stack[l], m2, peer[l], o2worst[l], fl[2] >> "build/bench.tsv"
                printf "%s\t%d\t%d\t%d\tship\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%d\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\n", g, l, w, h, ram, stack[l], m, worst[l], wseed[l], ranged[l], fpeak[l], fseed[l], s20, differ[l] + 0, fl[1], peer[l], cyc[l], gmr[l], gwr[l], gmi[l], gwi[l], clo[l], chi[l] >> "build/bench-full.tsv"
                printf "%s\t%d\t%d\t%d\to2\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t-\t%d\t%d\t%s\t0\t0\t0\t0\t0\t0\t0\n", g, l, w, h, ramo2, o2stack[l], m2, o2worst[l], o2wseed[l], nfixed, fpeak[l], fseed[l], o2differ[l] + 0, fl[2], peer[l] >> "build/bench-full.tsv"
            }
        }
    ' $d/m3.log $d/o2.log $(k=2; while [ $k -le "$BENCH_PARTS" ]; do echo $d/hunt-$k.log; k=$((k + 1)); done) ||
        note "$g: the M3 run failed a check (counter, generate error or no end; see above)"
done

# ---- the printed table and the region of docs/bench.md
SHIP_NAME="$ship_name" BENCH_SEEDS=$BENCH_SEEDS PEER_SEEDS=$PEER_SEEDS PEER_REPS=$PEER_REPS sh tests/bench/table.sh build/bench-full.tsv $out/peers.txt $HUNT_SEEDS $out/base.txt $out/skipped.txt $TARGET_SEEDS > $out/table.md
# The game (src/play) on the 20 KiB board: every key script replayed, the
# instructions of each turn and each level change, the RAM it needs.
if mk BOARD=m3-20k $SHIP $ship_20k/play-bench.elf &&
   qemu_run $ship_20k/play-bench.elf $out/play.log && grep -q '^end' $out/play.log; then
    awk '
        function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
        function commas(n,   s, r) { s = sprintf("%d", n); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
        $1 == "turn" { t[++nt] = $2 } $1 == "change" { c[++nc] = $2 }
        $1 == "stack" { stack = $2 } $1 == "static" { ram = $2 }
        END {
            sort(t, nt); sort(c, nc)
            printf "\n**The game** (`burrow play`, src/play) as firmware on the 20 KiB board `m3-20k`, ship build, every key script of tests/play replayed: "
            printf "%s B of static RAM and a stack peak of %s B, %s B in all; ", commas(ram), commas(stack), commas(ram + stack)
            printf "a turn (the key and the whole screen drawn) takes a median of %.2f M and at most %.2f M instructions over %d turns; ", t[int((nt + 1) / 2)] / 1e6, t[nt] / 1e6, nt
            printf "a level change (the next level generated from its seed) a median of %.2f M and at most %.2f M over %d changes.\n", c[int((nc + 1) / 2)] / 1e6, c[nc] / 1e6, nc
        }' $out/play.log >> $out/table.md
else
    note "play: the game firmware did not build or run on m3-20k (build/bench/play.log)"
fi
# More sections of the table (each script appends its Markdown to $out/table.md):
cat $out/table.md
if grep -q '^<!-- bench -->$' "$DOC" && grep -q '^<!-- /bench -->$' "$DOC"; then
    awk -v gen=$out/table.md '
        $0 == "<!-- bench -->" { print; while ((getline line < gen) > 0) print line; skip = 1; next }
        $0 == "<!-- /bench -->" { skip = 0 }
        !skip { print }
    ' "$DOC" > $out/doc.new
    cat $out/doc.new > "$DOC" && rm $out/doc.new
    echo "bench: $DOC updated between <!-- bench --> and <!-- /bench -->"
    # The README's summary and docs/firmware.md's sizing table are read from
    # docs/bench.md: redraw them so no page keeps an old figure.
    sh tests/bench/parts.sh || note "parts: the smallest-part table was not made (build/bench/parts)"
    $MAKE --no-print-directory -s BOARD= build/burrow
    sh tests/pictures.sh write README.md docs/firmware.md
elif [ "$DOC" != /dev/null ]; then
    echo "bench: $DOC has no <!-- bench --> ... <!-- /bench --> region; not updated"
fi
echo "bench: wrote build/bench.tsv, build/bench-full.tsv, build/worst.tsv in $(($(date +%s) - start)) s"
[ ! -s $out/skipped.txt ] || { echo "bench: some generators were not measured:"; cat $out/skipped.txt; exit 1; }
