#!/bin/sh
# The game on the Game Boy Advance, headless in mGBA: the key scripts of
# tests/play pressed on the pad (tests/gba/harness.c's play mode), plus the
# pad's own scripts of tests/gba/scripts.tsv. Each run's last game line and
# frame hash must equal its golden in tests/gba/play.tsv; a script whose
# every key has a pad key must also end where the desktop's does, with the
# desktop's fold of its screens (tests/play/scripts.tsv): the same game loop
# drew the same screens. A missing, short or dead ROM gets one line and
# exit status 2 from the harness, never a hang.
# Usage: sh tests/gba/play.sh HARNESS ROM [write]
#   write: rewrites tests/gba/play.tsv and docs/img/gba-GEN.png.
H=${1:-build/gba/harness}
ROM=${2:-build/gba/burrow.gba}
WRITE=0
[ "$3" = write ] && WRITE=1
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
tab=$(printf '\t')
out=build/gba/play
mkdir -p "$out"

# The title's generators, in the registry's order (src/gen/registry.c).
GENS="mines crypts morlock forest abyss mdungeon overworld crawler"
gen_index() { i=0; for g in $GENS; do [ "$g" = "$1" ] && echo $i && return; i=$((i + 1)); done; echo 99; }

# Title presses: Down to the generator, then each digit of the seed from
# the title's 0000000001 (Right to the digit, Up to count it up), then A.
# A seed "pad:KEYS" is pressed as KEYS instead.
title() {
    awk -v n="$(gen_index "$1")" -v seed="$2" 'BEGIN {
        for (i = 0; i < n; i++) printf "d"
        if (seed ~ /^pad:/) { printf "%sa", substr(seed, 5); exit }
        s = sprintf("%010d", seed); d0 = "0000000001"
        for (i = 1; i <= 10; i++) {
            printf "r"
            for (k = 0; k < (substr(s, i, 1) - substr(d0, i, 1) + 10) % 10; k++) printf "u"
        }
        printf "a" }'
}

# A terminal key script as pad presses, up to its q: "exact" when every
# key has a pad key (vi keys, diagonals, > < . and Enter, which the game
# ignores as it ignores L); else the keys without one are
# left out and only the golden is compared.
pad() {
    od -An -v -tu1 "$1" | awk '
      BEGIN { split("h l j d k u l r y 7 u 9 b 1 n 3 > a < b . e", m, " ")
              for (i = 1; i < 22; i += 2) key[m[i]] = m[i + 1]; exact = 1 }
      { for (i = 1; i <= NF; i++) {
          if (done) continue
          c = sprintf("%c", $i)
          if ($i == 113) { done = 1; continue }        # q
          if ($i == 10) { s = s "L"; continue }         # Enter: ignored, as L is
          if (c in key) s = s key[c]; else exact = 0 } }
      END { print (exact ? "exact" : "pad") "\t" s }'
}

# harness on a missing, a short and a dead ROM: one line, exit 2
for case in missing short dead; do
    rom=$out/$case.gba
    rm -f "$rom"
    [ $case = short ] && head -c 100 "$ROM" > "$rom"
    [ $case = dead ] && { head -c 192 "$ROM"; head -c 4096 /dev/zero; } > "$rom"
    msg=$(timeout 60 "$H" "$rom" play a 2>&1 >/dev/null); st=$?
    if [ $st = 2 ] && [ "$(printf '%s\n' "$msg" | wc -l)" = 1 ]; then ok "gba_${case}_rom_exits_2"
    else bad "gba_${case}_rom_exits_2" "exit $st (124: it hung): $msg"; fi
done

# the runs: NAME GENERATOR KIND PRESSES [DESKTOP FINAL CHANGES FOLD]
grep -v -e '^#' -e '^$' tests/play/scripts.tsv | while IFS="$tab" read -r name gen seed level _opts final changes fdesk; do
    # the level the scripts start on is the title's; badkeys is the
    # terminal's escape sequences, which the pad has not (pad-unused-keys)
    if [ "$level" != 1 ] || [ "$name" = badkeys ]; then continue; fi
    p=$(pad "tests/play/$name.keys")
    printf '%s\t%s\t%s\t%s%s\t%s\t%s\t%s\n' "$name" "$gen" "${p%%"$tab"*}" "$(title "$gen" "$seed")" \
        "${p#*"$tab"}" "$final" "$changes" "$fdesk"
done > "$out/runs.tsv"
grep -v -e '^#' -e '^$' tests/gba/scripts.tsv | while IFS="$tab" read -r name gen seed keys; do
    printf '%s\t%s\tpad\t%s%s\t-\t-\t-\n' "$name" "$gen" "$(title "$gen" "$seed")" "$keys"
done >> "$out/runs.tsv"

[ $WRITE = 1 ] && printf '# name\tthe game'"'"'s last trace line\tframe hash (sh tests/gba/play.sh build/gba/harness build/gba/burrow.gba write)\n' > tests/gba/play.tsv
shots=""
while IFS="$tab" read -r name gen kind keys final changes fdesk; do
    png=""
    case " $shots " in *" $gen "*) ;; *) png=docs/img/gba-$gen.png; shots="$shots $gen" ;; esac
    [ $WRITE = 1 ] || [ -z "$png" ] || png=$out/gba-$gen.png
    res=$("$H" "$ROM" play "$keys" ${png:+"$png"} 2>&1); st=$?
    line=$(printf '%s\n' "$res" | head -n 1)
    frame=$(printf '%s\n' "$res" | sed -n 's/^frame //p')
    if [ $st != 0 ]; then bad "gba_play_$name" "exit $st: $res"; continue; fi
    case $line in
    "play $gen "*|"start $gen "*) ;;
    *) bad "gba_play_${name}_generator" "$line" ;;
    esac
    if [ "$name" = pad-menu-new-seed ]; then
        # the new seed comes from the cycle counter, which moves with the
        # code's speed: no golden, a new game on another seed
        # shellcheck disable=SC2086 # the line's words
        # shellcheck disable=SC2086 # the line's words
    set -- $line
        if [ "$1 $2" = "start mines" ] && [ "$3" != 1 ]; then ok gba_menu_new_seed_starts_a_game
        else bad gba_menu_new_seed_starts_a_game "$line"; fi
        continue
    fi
    if [ $WRITE = 1 ]; then
        printf '%s\t%s\t%s\n' "$name" "$line" "$frame" >> tests/gba/play.tsv
    else
        want=$(awk -F'\t' -v n="$name" '$1 == n { print $2 "\t" $3 }' tests/gba/play.tsv)
        if [ "$want" = "$line$tab$frame" ]; then ok "gba_play_$name"
        else bad "gba_play_$name" "got '$line' frame $frame, golden '$want'"; fi
    fi
    # shellcheck disable=SC2086 # the line's words
    set -- $line
    case $name in
    pad-unused-keys) # L and R: no turn passes, the player stays at the start
        if [ "$6" = 0 ] && [ "$7 $8" = "60 60" ]; then ok gba_pad_unused_keys_ignored
        else bad gba_pad_unused_keys_ignored "$line"; fi ;;
    pad-seed-over-32-bits) # 9 typed into the first digit: clamped to 2^32 - 1
        if [ "$3" = 4294967295 ]; then ok gba_title_seed_clamped_to_32_bits
        else bad gba_title_seed_clamped_to_32_bits "$line"; fi ;;
    esac
    # the screenshot in the docs is this run's frame
    if [ $WRITE = 0 ] && [ -n "$png" ]; then
        if cmp -s "$png" "docs/img/gba-$gen.png"; then ok "gba_screenshot_${gen}_fresh"
        else bad "gba_screenshot_${gen}_fresh" "docs/img/gba-$gen.png is stale: make gba-write"; fi
    fi
    if [ "$kind" = exact ]; then
        # start/play GEN SEED LEVEL CHANGES TURN X Y FOLD
        if [ "$4" = "$final" ] && [ "$5" = "$changes" ] && [ "$9" = "$fdesk" ]; then ok "gba_play_${name}_is_the_desktops"
        else bad "gba_play_${name}_is_the_desktops" "level $4 changes $5 fold $9, the desktop: level $final changes $changes fold $fdesk"; fi
    fi
done < "$out/runs.tsv" > "$out/runs.log"
cat "$out/runs.log"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
