#!/bin/sh
# The command line, checked from the outside: formats, `tiles`, `list`, bad input.
# Usage: tests/cli.sh build/burrow
B=${1:-build/burrow}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); echo "ok $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1${2:+: $2}"; }

# Bad input: exit 2, exactly one line on stderr, nothing on stdout.
rejects() {
    name=$1; shift
    "$B" "$@" >"$T/out" 2>"$T/err"; rc=$?
    if [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ]; then ok "$name"
    else bad "$name" "rc=$rc stderr=$(wc -l <"$T/err") lines stdout=$(wc -c <"$T/out") bytes"; fi
}

"$B" tiles >"$T/tiles"
if head -n 1 "$T/tiles" | grep -q "^id	glyph	name	connects	link$" &&
   awk -F'\t' 'NR > 1 && (NF != 5 || ($4 != 0 && $4 != 1) || ($5 != "up" && $5 != "down" && $5 != "none")) { e = 1 } END { exit e }' "$T/tiles"
then ok cli_tiles_table_shape; else bad cli_tiles_table_shape; fi
if grep -q "	deep water	0	none$" "$T/tiles" && grep -q "	rock wall	0	none$" "$T/tiles" &&
   grep -q "	building wall	0	none$" "$T/tiles" && grep -q "	pit	1	down$" "$T/tiles" &&
   grep -q "	up slope	1	up$" "$T/tiles"
then ok cli_tiles_connects_and_links; else bad cli_tiles_connects_and_links; fi

"$B" list >"$T/list" && head -n 1 "$T/list" | grep -q "^generator" && ok cli_list || bad cli_list
gens=$(awk -F'\t' 'NR > 1 { print $1 }' "$T/list")
# the last column is each generator's format version, 1 or more
awk -F'\t' 'NR == 1 { ok = $NF == "version" && NF == 5 } NR > 1 && ($NF !~ /^[1-9][0-9]*$/ || NF != 5) { ok = 0 }
             END { exit !(ok && NR > 1) }' "$T/list" && ok cli_list_version_column || bad cli_list_version_column

rejects cli_no_arguments
rejects cli_tiles_takes_no_arguments tiles extra
rejects cli_list_takes_no_arguments list extra
rejects cli_tileset_takes_no_arguments tileset extra
"$B" tileset >"$T/ts.png" && [ "$(od -An -tx1 -N8 "$T/ts.png" | tr -d ' \n')" = "89504e470d0a1a0a" ] &&
    ok cli_tileset_is_png || bad cli_tileset_is_png
if [ -w /dev/full ]; then
    "$B" tiles >/dev/full 2>"$T/err"; rc=$?
    [ $rc -eq 1 ] && [ "$(cat "$T/err")" = "burrow: could not write the output" ] &&
        ok cli_write_error_is_reported || bad cli_write_error_is_reported "rc=$rc"
fi
# A reader that closes the pipe early: exit 1 and the same one line, not SIGPIPE (141).
{ "$B" mines --seed 1 --level all --format ids 2>"$T/err"; echo $? >"$T/rc"; } | head -c 1 >/dev/null
rc=$(cat "$T/rc")
[ "$rc" = 1 ] && [ "$(cat "$T/err")" = "burrow: could not write the output" ] &&
    ok cli_closed_pipe_is_a_write_error || bad cli_closed_pipe_is_a_write_error "rc=$rc"
rejects cli_unknown_generator nosuchgen
# mdungeon: --layout 1..11, --floor is its spelling of --level
rejects cli_mdungeon_layout_zero mdungeon --seed 1 --layout 0
rejects cli_mdungeon_layout_twelve mdungeon --seed 1 --layout 12
rejects cli_mdungeon_layout_not_a_number mdungeon --seed 1 --layout x
rejects cli_layout_is_mdungeon_only mines --seed 1 --layout 3
rejects cli_floor_is_mdungeon_only mines --seed 1 --floor 3
rejects cli_mdungeon_floor_zero mdungeon --seed 1 --floor 0
rejects cli_mdungeon_floor_100 mdungeon --seed 1 --floor 100
# one value a setting: an option again, or its other name, is refused
rejects cli_option_given_twice crypts --seed 1 --seed 2
rejects cli_floor_and_level_given_both mdungeon --floor 5 --level 3
# no --layout is layout 8, as --help says
[ "$("$B" mdungeon --seed 3 --format hash)" = "$("$B" mdungeon --seed 3 --layout 8 --format hash)" ] &&
    "$B" mdungeon --help | grep -q -- '--layout.*default 8' &&
    ok cli_mdungeon_default_layout_is_8 || bad cli_mdungeon_default_layout_is_8
# abyss: --epoch E regenerates E times round the player at --px, --py (5.3)
rejects cli_epoch_is_abyss_only mines --seed 1 --epoch 2
rejects cli_epoch_zero_is_abyss_only_too mines --seed 1 --epoch 0
rejects cli_abyss_epoch_over_1000 abyss --seed 1 --epoch 1001
rejects cli_abyss_epoch_not_a_number abyss --seed 1 --epoch x
rejects cli_abyss_px_off_the_map abyss --seed 1 --epoch 1 --px 120 --py 5
rejects cli_abyss_px_without_py abyss --seed 1 --epoch 1 --px 10
rejects cli_px_needs_a_use abyss --seed 1 --px 10 --py 10
e0=$("$B" abyss --seed 4 --level 2 --format hash 2>/dev/null)
e1=$("$B" abyss --seed 4 --level 2 --epoch 1 --format hash 2>/dev/null)
e1c=$("$B" abyss --seed 4 --level 2 --epoch 1 --px 60 --py 60 --format hash 2>/dev/null)
e00=$("$B" abyss --seed 4 --level 2 --epoch 0 --format hash 2>/dev/null)
e5=$("$B" abyss --seed 4 --level 5 --epoch 2 --px 3 --py 116 --format hash 2>/dev/null)
[ -n "$e0" ] && [ "$e0" != "$e1" ] && [ "$e1" = "$e1c" ] && [ "$e00" = "$e0" ] && [ -n "$e5" ] &&
    ok cli_abyss_epoch_regenerates || bad cli_abyss_epoch_regenerates
a=$("$B" mdungeon --seed 9 --layout 7 --floor 12 --format hash 2>/dev/null)
b=$("$B" mdungeon --seed 9 --layout 7 --level 12 --format hash 2>/dev/null)
[ -n "$a" ] && [ "$a" = "$b" ] && ok cli_mdungeon_floor_is_level || bad cli_mdungeon_floor_is_level
rejects cli_crawler_design_file_missing crawler --design /nonexistent
# overworld: --x/--y in the 401 x 401 world, --dist hiker|rival with --px/--py
rejects cli_xy_is_overworld_only mines --seed 1 --x 3
rejects cli_overworld_x_outside_world overworld --seed 1 --x 201
rejects cli_overworld_y_outside_world overworld --seed 1 --y -201
rejects cli_overworld_x_not_a_number overworld --seed 1 --x 1e3
rejects cli_overworld_x_far_outside_world overworld --seed 1 --x 1000
rejects cli_overworld_x_leading_space overworld --seed 1 --x " 5"
rejects cli_overworld_x_plus_sign overworld --seed 1 --x +5
rejects cli_overworld_y_trailing_junk overworld --seed 1 --y 5x
rejects cli_overworld_y_lone_minus overworld --seed 1 --y -
rejects cli_overworld_y_empty overworld --seed 1 --y ""
"$B" overworld --seed 1 --x 201 2>&1 >/dev/null | grep -q -- "--x must be an integer in -200\.\.200" &&
    ok cli_overworld_x_message_names_the_world || bad cli_overworld_x_message_names_the_world
a=$("$B" overworld --seed 1 --x -200 --y 200 --format hash 2>/dev/null)
b=$("$B" overworld --seed 1 --x 200 --y -0 --format hash 2>/dev/null)
[ -n "$a" ] && [ -n "$b" ] && ok cli_overworld_world_bounds_accepted || bad cli_overworld_world_bounds_accepted
rejects cli_dist_is_overworld_only mines --seed 1 --dist hiker
rejects cli_overworld_dist_unknown_trainer overworld --seed 1 --dist swimmer
rejects cli_overworld_px_needs_dist overworld --seed 1 --px 3 --py 4
rejects cli_overworld_dist_needs_px_and_py overworld --seed 1 --dist rival --px 3
rejects cli_overworld_px_off_the_map overworld --seed 1 --dist hiker --px 80 --py 3
rejects cli_overworld_py_off_the_map overworld --seed 1 --dist hiker --px 3 --py 21
rejects cli_overworld_dist_is_text overworld --seed 1 --dist hiker --format hash
rejects cli_overworld_dist_is_text_not_tmx overworld --seed 1 --dist hiker --format tmx
a=$("$B" overworld --seed 5 --x -7 --y 12 --format hash 2>/dev/null)
b=$("$B" overworld --seed 5 --x -6 --y 12 --format hash 2>/dev/null)
[ -n "$a" ] && [ "$a" != "$b" ] && ok cli_overworld_place_changes_the_map || bad cli_overworld_place_changes_the_map
# the east gate of (x, y) is on the west gate's row of (x + 1, y); south and north alike
"$B" overworld --seed 5 --x -7 --y 12 --format text >"$T/ow1" 2>/dev/null
"$B" overworld --seed 5 --x -6 --y 12 --format text >"$T/ow2" 2>/dev/null
"$B" overworld --seed 5 --x -7 --y 13 --format text >"$T/ow3" 2>/dev/null
e=$(awk 'substr($0, 80, 1) == "#" { print NR }' "$T/ow1"); w=$(awk 'substr($0, 1, 1) == "#" { print NR }' "$T/ow2")
s=$(awk 'NR == 21 { print index($0, "#") }' "$T/ow1"); n=$(awk 'NR == 1 { print index($0, "#") }' "$T/ow3")
[ -n "$e" ] && [ "$e" = "$w" ] && [ "$s" -gt 1 ] && [ "$s" = "$n" ] && ok cli_overworld_gates_meet_the_neighbours ||
    bad cli_overworld_gates_meet_the_neighbours "e=$e w=$w s=$s n=$n"
"$B" overworld --seed 5 --x 200 --format text 2>/dev/null | awk 'substr($0, 80, 1) == "#" { e = 1 } END { exit e }' &&
    ok cli_overworld_no_gate_on_the_world_edge || bad cli_overworld_no_gate_on_the_world_edge
"$B" overworld --seed 5 --dist hiker --px 30 --py 9 >"$T/dist" 2>/dev/null
if [ "$(wc -l <"$T/dist")" -eq 21 ] && awk 'length($0) != 240 { e = 1 } END { exit e }' "$T/dist" &&
   [ "$(awk 'NR == 10 { print substr($0, 91, 3) }' "$T/dist")" = " 00" ] &&
   awk 'NR == 1 && $0 !~ /^ *$/ { e = 1 } END { exit e }' "$T/dist"
then ok cli_overworld_dist_map_shape; else bad cli_overworld_dist_map_shape; fi
"$B" overworld --seed 5 --dist r >"$T/distr" 2>/dev/null && grep -q " 00" "$T/distr" &&
    ok cli_overworld_dist_default_player_on_road || bad cli_overworld_dist_default_player_on_road
# overworld rule 7 (distance maps): h, r, hh, rr. hh / rr print the whole distance (" %5u" per
# tile, blanks where the trainer cannot go); h / r its last two digits.
for w in h r; do
    "$B" overworld --seed 5 --x 3 --y -2 --dist $w --px 30 --py 9 >"$T/d1" 2>/dev/null
    "$B" overworld --seed 5 --x 3 --y -2 --dist $w$w --px 30 --py 9 >"$T/d2" 2>"$T/err"
    if [ "$(wc -l <"$T/d2")" -eq 21 ] && [ ! -s "$T/err" ] && awk 'length($0) != 480 { e = 1 } END { exit e }' "$T/d2" &&
       [ "$(awk 'NR == 10 { print substr($0, 181, 6) }' "$T/d2")" = "     0" ] &&
       awk 'NR == FNR { for (i = 0; i < 80; i++) a[FNR, i] = substr($0, 3 * i + 1, 3); next }
            { for (i = 0; i < 80; i++) { f = substr($0, 6 * i + 1, 6); g = a[FNR, i]
                if (f ~ /^ *$/) { if (g !~ /^ *$/) e = 1 } else if (g + 0 != (f + 0) % 100) e = 1
                if (f + 0 >= 100) big = 1 } }
            END { exit e || !big }' "$T/d1" "$T/d2"
    then ok "cli_overworld_dist_${w}${w}_whole_distance"; else bad "cli_overworld_dist_${w}${w}_whole_distance"; fi
done
rejects cli_overworld_dist_hhh overworld --seed 1 --dist hhh
# mountains '&' on a white background (SGR 47); --nocolor
# and --format text carry no escape; item 6: every tile id the overworld
# draws has one colour, and no two share one (a far, overgrown map with
# trees, a centre map with buildings, and a mask's special boulders).
# ansi_tiles ANSI IDS: prints "id sgr" for every cell.
ansi_tiles() {
    awk 'NR == FNR { n = split($0, parts, "\033\\["); p = ""; col = 0
                     for (k = 1; k <= n; k++) { t = parts[k]
                       if (k > 1) { m = index(t, "m"); p = substr(t, 1, m - 1); sub(/^0;/, "", p); t = substr(t, m + 1) }
                       for (c = 1; c <= length(t); c++) sgr[FNR, col++] = p }
                     next }
         FNR > 1 && NF > 1 { for (i = 1; i <= NF; i++) print $i, sgr[FNR - 1, i - 1] }' "$1" "$2"
}
: >"$T/pairs"
for a in "--seed 1" "--seed 2 --x 150 --y -120" "--seed 3 --mask $(dirname "$0")/masks/ring.pbm"; do
    "$B" overworld $a >"$T/oa" 2>/dev/null
    "$B" overworld $a --format ids >"$T/oi" 2>/dev/null
    ansi_tiles "$T/oa" "$T/oi" >>"$T/pairs"
done
sort -u "$T/pairs" >"$T/pairs.u"
mt=$("$B" tiles | awk -F'\t' '$3 == "mountain" { print $1 }')
if awk -v mt="$mt" '$1 == mt && $2 !~ /(^|;)47$/ { e = 1 } $1 == mt { seen = 1 } END { exit e || !seen }' "$T/pairs.u" &&
   "$B" overworld --seed 1 --nocolor >"$T/nc" 2>/dev/null && ! grep -q "$(printf '\033')" "$T/nc" &&
   "$B" overworld --seed 1 --format text | cmp -s - "$T/nc"
then ok cli_overworld_mountains_white_background_nocolor_plain; else bad cli_overworld_mountains_white_background_nocolor_plain; fi
if [ "$(awk '{ print $1 }' "$T/pairs.u" | sort | uniq -d | wc -l)" -eq 0 ] &&
   [ "$(awk '{ print $2 }' "$T/pairs.u" | sort | uniq -d | wc -l)" -eq 0 ] &&
   [ "$(wc -l <"$T/pairs.u")" -ge 10 ]
then ok cli_overworld_every_tile_its_own_colour; else bad cli_overworld_every_tile_its_own_colour "$(tr '\n' ' ' <"$T/pairs.u")"; fi
# --mask FILE, a 78 x 19 PBM (P1 or P4): its dark pixels
# are special boulders J (roads may run over a few); P1 and P4 alike.
M=$(dirname "$0")/masks
"$B" overworld --seed 7 --mask "$M/ring.pbm" --format text >"$T/mt" 2>"$T/err"
if [ ! -s "$T/err" ] &&
   awk 'NR == FNR { if (FNR > 3) { row[FNR - 3] = $0; for (i = 1; i <= 78; i++) set += substr($0, i, 1) == "1" }; next }
        { for (i = 1; i <= 80; i++) if (substr($0, i, 1) == "J") { j++; if (FNR < 2 || FNR > 20 || i < 2 || i > 79 || substr(row[FNR - 1], i - 1, 1) != "1") e = 1 } }
        END { exit e || j * 10 < set * 8 }' "$M/ring.pbm" "$T/mt" &&
   [ "$("$B" overworld --seed 7 --mask "$M/ring.pbm" --format hash)" = "$("$B" overworld --seed 7 --mask "$M/ring-raw.pbm" --format hash)" ] &&
   ! grep -q J "$T/ow1"
then ok cli_overworld_mask_places_special_boulders; else bad cli_overworld_mask_places_special_boulders; fi
printf 'P1\n10 10\n' >"$T/small.pbm"; awk 'BEGIN { for (i = 0; i < 10; i++) print "0000000000" }' >>"$T/small.pbm"
printf 'P1\n78 19\n0101\n' >"$T/short.pbm"
printf 'P2\n78 19\n255\n' >"$T/pgm.pbm"
sed 's/^0/2/' "$M/ring.pbm" >"$T/bad.pbm"
rejects cli_overworld_mask_missing overworld --seed 1 --mask "$T/nonexistent.pbm"
rejects cli_overworld_mask_wrong_size overworld --seed 1 --mask "$T/small.pbm"
rejects cli_overworld_mask_too_few_pixels overworld --seed 1 --mask "$T/short.pbm"
rejects cli_overworld_mask_not_pbm overworld --seed 1 --mask "$T/pgm.pbm"
rejects cli_overworld_mask_bad_pixel overworld --seed 1 --mask "$T/bad.pbm"
rejects cli_overworld_mask_raw_truncated overworld --seed 1 --mask "$(head -c 100 "$M/ring-raw.pbm" >"$T/r.pbm"; echo "$T/r.pbm")"
rejects cli_mask_is_overworld_only mines --seed 1 --mask "$M/ring.pbm"
# overworld rules 5 and 9 win over a mask: with every pixel dark, or the
# left 60 columns, the centre map still has its Pokemon Center and Mart (4
# tiles each) and a pond: 4 or more water tiles in one body
{ echo P1; echo 78 19; for y in $(seq 19); do printf '1 %.0s' $(seq 78); echo; done; } >"$T/dark.pbm"
{ echo P1; echo 78 19; for y in $(seq 19); do printf '1 %.0s' $(seq 60); printf '0 %.0s' $(seq 18); echo; done; } >"$T/left.pbm"
short=0
for m in dark left; do
    for s in $(seq 1 50); do
        "$B" overworld --seed "$s" --mask "$T/$m.pbm" --format ids >"$T/ow" 2>/dev/null || { short=$((short + 1)); continue; }
        # the largest 4-connected body of water (47), by a queue over the tiles
        awk 'NR > 1 { for (x = 1; x <= NF; x++) { t[x, NR] = $x; n[$x]++ } }
             END { for (y = 2; y <= NR; y++) for (x = 1; x <= NF; x++) {
                       if (t[x, y] != 47 || seen[x, y]) continue
                       h = 0; e = 0; qx[e] = x; qy[e++] = y; seen[x, y] = 1
                       while (h < e) {
                           cx = qx[h]; cy = qy[h++]
                           for (d = 0; d < 4; d++) {
                               nx = cx + (d == 0) - (d == 1); ny = cy + (d == 2) - (d == 3)
                               if (t[nx, ny] == 47 && !seen[nx, ny]) { seen[nx, ny] = 1; qx[e] = nx; qy[e++] = ny }
                           }
                       }
                       if (e > best) best = e
                   }
                   exit !(n[53] == 4 && n[54] == 4 && best >= 4) }' "$T/ow" || short=$((short + 1))
    done
done
[ "$short" = 0 ] && ok cli_overworld_5_9_buildings_and_pond_survive_any_mask ||
    bad cli_overworld_5_9_buildings_and_pond_survive_any_mask "$short of 100 maps short"
# a raw mask holds exactly its rows, and the magic number ends at whitespace
{ cat "$M/ring-raw.pbm"; printf 'xx'; } >"$T/long.pbm"
rejects cli_overworld_mask_raw_bytes_past_the_rows overworld --seed 1 --mask "$T/long.pbm"
{ printf 'P178 19\n'; tail -n +4 "$M/ring.pbm"; } >"$T/glued.pbm"
rejects cli_overworld_mask_magic_glued_to_width overworld --seed 1 --mask "$T/glued.pbm"
# A raw mask whose height is followed by a comment: its newline is the one
# whitespace before the pixels, so the map is the plain mask's.
{ printf 'P4\n78 19# a comment\n'; tail -c 190 "$M/ring-raw.pbm"; } >"$T/rc.pbm"
[ "$("$B" overworld --seed 7 --mask "$T/rc.pbm" --format hash 2>&1)" = "$("$B" overworld --seed 7 --mask "$M/ring.pbm" --format hash)" ] &&
    ok cli_overworld_mask_raw_comment_after_height || bad cli_overworld_mask_raw_comment_after_height
# 16 KiB is the most a mask may be: exactly 16,384 bytes are read, one more is refused.
{ cat "$M/ring.pbm"; printf '#'; head -c $((16384 - $(wc -c <"$M/ring.pbm") - 2)) /dev/zero | tr '\0' x; echo; } >"$T/big.pbm"
[ "$(wc -c <"$T/big.pbm")" -eq 16384 ] &&
[ "$("$B" overworld --seed 7 --mask "$T/big.pbm" --format hash 2>&1)" = "$("$B" overworld --seed 7 --mask "$M/ring.pbm" --format hash)" ] &&
    ok cli_overworld_mask_of_16_kib_is_read || bad cli_overworld_mask_of_16_kib_is_read
printf ' ' >>"$T/big.pbm"
rejects cli_overworld_mask_over_16_kib overworld --seed 1 --mask "$T/big.pbm"
# crawler: --design FILE (docs/crawler.md, "Design files")
D=$(dirname "$0")/designs
for f in "$D"/*.txt; do
    n=$(basename "$f" .txt)
    if "$B" crawler --seed 3 --design "$f" --format hash >"$T/h" 2>"$T/err" && [ ! -s "$T/err" ] &&
       grep -q "^level 1 [0-9]* [0-9]* [0-9a-f]\{8\}$" "$T/h"
    then ok "cli_crawler_design_$n"; else bad "cli_crawler_design_$n"; fi
done
a=$("$B" crawler --seed 5 --format hash 2>/dev/null)
b=$("$B" crawler --seed 5 --design "$D/default.txt" --format hash 2>/dev/null)
[ -n "$a" ] && [ "$a" = "$b" ] && ok cli_crawler_default_file_is_builtin || bad cli_crawler_default_file_is_builtin
sh "$D/embed.sh" | cmp -s - "$(dirname "$0")/crawler_designs.h" &&
    ok cli_crawler_designs_header_matches_files || bad cli_crawler_designs_header_matches_files "run tests/designs/embed.sh"
# a design's own size: maze.txt is 64 x 32, in every format
"$B" crawler --seed 1 --design "$D/maze.txt" --format ids >"$T/ids" 2>/dev/null
head -n 1 "$T/ids" | grep -q "^level 1 64 32$" && [ "$(wc -l <"$T/ids")" -eq 33 ] &&
    ok cli_crawler_design_size_ids || bad cli_crawler_design_size_ids
"$B" crawler --seed 1 --design "$D/maze.txt" --format text >"$T/txt" 2>/dev/null
[ "$(wc -l <"$T/txt")" -eq 32 ] && [ "$(awk '{ print length($0) }' "$T/txt" | sort -u)" = 64 ] &&
    ok cli_crawler_design_size_text || bad cli_crawler_design_size_text
"$B" crawler --seed 1 --design "$D/maze.txt" --format ppm >"$T/p.ppm" 2>/dev/null
[ "$(wc -c <"$T/p.ppm")" -eq $((256 * 128 * 3 + $(printf 'P6\n256 128\n255\n' | wc -c))) ] &&
    ok cli_crawler_design_size_ppm || bad cli_crawler_design_size_ppm
# bad design files: `burrow: FILE:LINE: what` (FILE: what for the whole file), exit 2
design_rejected() { # name, expected stderr (a grep pattern), file
    rejects "$1" crawler --seed 1 --design "$3"
    grep -q "$2" "$T/err" && ok "$1_message" || bad "$1_message" "$(cat "$T/err")"
}
# an openings line mixes a generation's openings; more
# than half of a generation with opening 2 is refused, whole-file error
printf 'size 40 30\ncrawler 0 15 E 0 0 100 4 1 1\ndice 0 30 30 10 30 10\nbaby 1 40 3 1 2 0 0\n' >"$T/half.txt"
design_rejected cli_crawler_design_more_than_half_opening_2 \
    "^burrow: $T/half.txt: generation 1: more than half of its crawlers have opening 2" "$T/half.txt"
printf 'openings 1 40 20 40\n' >>"$T/half.txt"
"$B" crawler --seed 1 --design "$T/half.txt" --format text >"$T/o" 2>"$T/err" && [ ! -s "$T/err" ] &&
    [ "$(wc -l <"$T/o")" -eq 30 ] && ok cli_crawler_design_openings_mix_accepted || bad cli_crawler_design_openings_mix_accepted "$(cat "$T/err")"
printf 'openings 1 40 20 41\n' >>"$T/half.txt"
design_rejected cli_crawler_design_openings_twice "^burrow: $T/half.txt:6: openings: generation given twice" "$T/half.txt"
design_rejected cli_crawler_design_missing "^burrow: cannot open the design file: $T/none.txt$" "$T/none.txt"
design_rejected cli_crawler_design_directory "^burrow: cannot read the design file" "$T"
: >"$T/empty.txt"
design_rejected cli_crawler_design_empty "^burrow: $T/empty.txt: no size line" "$T/empty.txt"
printf 'size 20 20\nbogus 1 2\n' >"$T/d.txt"
design_rejected cli_crawler_design_unknown_key "^burrow: $T/d.txt:2: unknown key" "$T/d.txt"
printf 'size 20 20\n# a seed\ncrawler 5 5 E 0 0 10 3 1\n' >"$T/d.txt"
design_rejected cli_crawler_design_missing_value "^burrow: $T/d.txt:3: crawler: wrong number of values" "$T/d.txt"
printf 'size 20 20\ncrawler 5 5 E 0 0 10 3 1 1 9\n' >"$T/d.txt"
design_rejected cli_crawler_design_extra_value "^burrow: $T/d.txt:2: crawler: wrong number of values" "$T/d.txt"
printf 'size 121 20\n' >"$T/d.txt"
design_rejected cli_crawler_design_size_over_120 "^burrow: $T/d.txt:1: size: width must be 8..120$" "$T/d.txt"
printf 'size 20 20\ncrawler 5 5 E 0 0 10 3 9 1\n' >"$T/d.txt"
design_rejected cli_crawler_design_value_out_of_range "^burrow: $T/d.txt:2: crawler: corridorWidth must be 1..6$" "$T/d.txt"
printf 'size 20 20\ncrawler 25 5 E 0 0 10 3 1 1\n' >"$T/d.txt"
design_rejected cli_crawler_design_crawler_outside "^burrow: $T/d.txt:2: crawler: outside the map$" "$T/d.txt"
printf 'size 20 20\nsteps 40001\n' >"$T/d.txt"
design_rejected cli_crawler_design_steps_over_cap "^burrow: $T/d.txt:2: steps must be 1..40000$" "$T/d.txt"
printf 'size 20 20\nsteps 100\nsteps 200\n' >"$T/d.txt"
design_rejected cli_crawler_design_steps_twice "^burrow: $T/d.txt:3: steps: given twice$" "$T/d.txt"
printf 'size 20 20\nwall 9 5 4 6\n' >"$T/d.txt"
design_rejected cli_crawler_design_wall_order "^burrow: $T/d.txt:2: wall: needs x0 <= x1 and y0 <= y1$" "$T/d.txt"
printf 'size 20 20\nwall 5 5 9 20\n' >"$T/d.txt"
design_rejected cli_crawler_design_wall_outside "^burrow: $T/d.txt:2: wall: outside the map$" "$T/d.txt"
printf 'size 20 20\ncrawler 5 5 S N 0 10 3 1 1\n' >"$T/d.txt"
design_rejected cli_crawler_design_forward_against_direction "^burrow: $T/d.txt:2: crawler: forward not allowed by direction" "$T/d.txt"
printf 'size 20 20\ncrawler 5 5 E 0 -1001 10 3 1 1\n' >"$T/d.txt"
design_rejected cli_crawler_design_age_out_of_range "^burrow: $T/d.txt:2: crawler: age must be -1000..1000$" "$T/d.txt"
printf 'size 20 20\ndice 1 10 10 10 10 10\nbaby 0 10 3 1 1 0 0\n' >"$T/d.txt"
design_rejected cli_crawler_design_baby_generation_0 "^burrow: $T/d.txt:3: baby: generation must be 1..7 (babies are never generation 0)$" "$T/d.txt"
printf 'size 20 20\nbaby 2 10 3 1 1 1001 0\n' >"$T/d.txt"
design_rejected cli_crawler_design_baby_delay_out_of_range "^burrow: $T/d.txt:2: baby: delay must be 0..1000$" "$T/d.txt"
{ echo "size 20 20"; for i in $(seq 17); do echo "crawler 5 5 E 0 0 10 3 1 1"; done; } >"$T/d.txt"
design_rejected cli_crawler_design_too_many_crawlers "^burrow: $T/d.txt:18: crawler: more than 16 crawlers$" "$T/d.txt"
{ echo "size 20 20"; head -c 8181 /dev/zero | tr '\0' '#'; } >"$T/d.txt"   # 11 + 8,181 = 8,192 bytes
"$B" crawler --seed 1 --design "$T/d.txt" --format hash >/dev/null 2>&1 && ok cli_crawler_design_8192_bytes_accepted ||
    bad cli_crawler_design_8192_bytes_accepted
echo >>"$T/d.txt"
design_rejected cli_crawler_design_too_big "^burrow: $T/d.txt: the design is larger than 8192 bytes$" "$T/d.txt"
rejects cli_crawler_design_is_crawler_only mines --seed 1 --design "$D/maze.txt"
for g in $gens; do
    rejects "cli_${g}_seed_not_a_number" "$g" --seed 12x
    rejects "cli_${g}_seed_over_32_bits" "$g" --seed 4294967296
    rejects "cli_${g}_seed_negative" "$g" --seed -1
    rejects "cli_${g}_seed_empty" "$g" --seed ""
    rejects "cli_${g}_seed_far_too_big" "$g" --seed 184467440737095516160
    rejects "cli_${g}_level_zero" "$g" --level 0
    rejects "cli_${g}_level_too_high" "$g" --level 100
    rejects "cli_${g}_unknown_option" "$g" --bogus 1
    rejects "cli_${g}_unknown_format" "$g" --format gif
    for o in --seed --level --format; do
        rejects "cli_${g}_missing_value_${o#--}" "$g" $o
    done
    max=$(awk -F'\t' -v g="$g" '$1 == g { split($3, r, "\\.\\."); print r[2] }' "$T/list")
    wh=$(awk -F'\t' -v g="$g" '$1 == g { sub("x", " ", $2); print $2 }' "$T/list")
    rejects "cli_${g}_level_one_past_max" "$g" --seed 1 --level $((max + 1))
    rejects "cli_${g}_level_one_past_max_unseeded" "$g" --level $((max + 1))
    rejects "cli_${g}_level_not_a_number" "$g" --level abc
    "$B" "$g" --seed 4294967295 --format hash >/dev/null 2>&1 && ok "cli_${g}_seed_max_accepted" || bad "cli_${g}_seed_max_accepted"

    # --format hash: `level L W H FNV1A32`, and level L alone == level L of all
    top=$max; [ "$top" -gt 5 ] && top=5
    "$B" "$g" --seed 7 --level all --format hash >"$T/all" 2>/dev/null
    n=$(grep -c "^level [0-9]* $wh [0-9a-f]\{8\}$" "$T/all")
    [ "$n" -eq "$max" ] && [ "$(wc -l <"$T/all")" -eq "$max" ] && ok "cli_${g}_hash_format" || bad "cli_${g}_hash_format" "$n lines"
    same=1
    for l in $(seq 1 "$top"); do
        a=$("$B" "$g" --seed 7 --level "$l" --format hash 2>/dev/null)
        b=$(grep "^level $l " "$T/all")
        [ "$a" = "$b" ] || same=0
    done
    [ $same -eq 1 ] && ok "cli_${g}_level_alone_equals_level_of_all" || bad "cli_${g}_level_alone_equals_level_of_all"

    # --format ids: header, then H lines of W ids
    "$B" "$g" --seed 7 --level 1 --format ids >"$T/ids" 2>/dev/null
    set -- $wh
    if head -n 1 "$T/ids" | grep -q "^level 1 $1 $2$" &&
       awk -v w="$1" -v h="$2" 'NR > 1 && NR <= h + 1 && NF != w { e = 1 } END { exit e || NR < h + 1 }' "$T/ids"
    then ok "cli_${g}_ids_format"; else bad "cli_${g}_ids_format"; fi
    # the W*H ids of a level hash (FNV-1a, a byte each) to what --format hash says
    want=$("$B" "$g" --seed 7 --level 1 --format hash 2>/dev/null | awk '{print $5}')
    got=$(awk -v h="$2" 'NR > 1 && NR <= h + 1 { for (i = 1; i <= NF; i++) print $i }' "$T/ids" | awk -f "$(dirname "$0")/fnv1a.awk")
    [ "$got" = "$want" ] && ok "cli_${g}_ids_hash_to_hash_format" || bad "cli_${g}_ids_hash_to_hash_format" "$got vs $want"
    # after the grid only the documented entity list: `entities N`, then N lines
    awk -v h="$2" 'NR == h + 2 { if ($1 != "entities") e = 1; n = $2 } NR > h + 2 && NF != 4 { e = 1 }
                   END { if (NR > h + 1 && NR != h + 2 + n) e = 1; exit e }' "$T/ids" &&
        ok "cli_${g}_ids_nothing_but_entities_after_grid" || bad "cli_${g}_ids_nothing_but_entities_after_grid"
    # --level all in ids: one `level L W H` header per level, in order
    "$B" "$g" --seed 7 --level all --format ids 2>/dev/null | grep '^level ' | awk '{print $2}' | tr '\n' ' ' >"$T/lv"
    [ "$(cat "$T/lv")" = "$(seq 1 "$max" | tr '\n' ' ')" ] && ok "cli_${g}_ids_all_levels_in_order" || bad "cli_${g}_ids_all_levels_in_order"

    # same seed, same bytes; text has no escapes; ansi has them unless --nocolor
    "$B" "$g" --seed 99 --format text >"$T/t1" 2>/dev/null
    "$B" "$g" --seed 99 --format text >"$T/t2" 2>/dev/null
    cmp -s "$T/t1" "$T/t2" && [ "$(wc -l <"$T/t1")" -eq "$2" ] && ok "cli_${g}_same_seed_same_map" || bad "cli_${g}_same_seed_same_map"
    "$B" "$g" --seed 99 >"$T/ansi" 2>/dev/null
    "$B" "$g" --seed 99 --nocolor >"$T/plain" 2>/dev/null
    if grep -q "$(printf '\033')" "$T/ansi" && ! grep -q "$(printf '\033')" "$T/plain" && cmp -s "$T/plain" "$T/t1"
    then ok "cli_${g}_ansi_colour_and_nocolor"; else bad "cli_${g}_ansi_colour_and_nocolor"; fi

    # no --seed: a seed on stderr that reproduces the map
    "$B" "$g" --format hash >"$T/h1" 2>"$T/s"
    s=$(sed -n 's/^seed \([0-9]*\)$/\1/p' "$T/s")
    [ -n "$s" ] && "$B" "$g" --seed "$s" --format hash | cmp -s - "$T/h1" && ok "cli_${g}_entropy_seed_printed" || bad "cli_${g}_entropy_seed_printed"

    # images: PPM header and size; PNG signature and IEND
    "$B" "$g" --seed 1 --format ppm >"$T/p.ppm" 2>/dev/null
    pw=$(($1 * 4)); ph=$(($2 * 4))
    [ "$(head -c 2 "$T/p.ppm")" = "P6" ] && [ "$(wc -c <"$T/p.ppm")" -eq $((pw * ph * 3 + $(printf 'P6\n%d %d\n255\n' $pw $ph | wc -c))) ] &&
        ok "cli_${g}_ppm_format" || bad "cli_${g}_ppm_format"
    "$B" "$g" --seed 1 --format png >"$T/p.png" 2>/dev/null
    [ "$(od -An -tx1 -N8 "$T/p.png" | tr -d ' \n')" = "89504e470d0a1a0a" ] && tail -c 8 "$T/p.png" | head -c 4 | grep -q IEND &&
        ok "cli_${g}_png_format" || bad "cli_${g}_png_format"
    # Tiled maps (tests/tiled.sh checks them with Tiled itself): the shape
    "$B" "$g" --seed 1 --format tmx >"$T/m.tmx" 2>/dev/null
    head -n 1 "$T/m.tmx" | grep -q '^<?xml ' && grep -q "^<map version=\"1.8\" orientation=\"orthogonal\".* width=\"$1\" height=\"$2\"" "$T/m.tmx" &&
        [ "$(tail -n 1 "$T/m.tmx")" = "</map>" ] && ok "cli_${g}_tmx_format" || bad "cli_${g}_tmx_format"
    "$B" "$g" --seed 1 --format json >"$T/m.json" 2>/dev/null
    head -c 14 "$T/m.json" | grep -q '^{"type":"map"' && tail -c 3 "$T/m.json" | grep -q '^]}$' &&
        ok "cli_${g}_json_format" || bad "cli_${g}_json_format"
done
# --help, -h (also after a generator's name) and --version: standard output, exit 0
helps() { # name, grep pattern that must be in the output, arguments
    name=$1 want=$2; shift 2
    "$B" "$@" >"$T/out" 2>"$T/err"; rc=$?
    [ $rc -eq 0 ] && [ ! -s "$T/err" ] && grep -q -- "$want" "$T/out" && ok "$name" || bad "$name" "rc=$rc"
}
helps cli_help_lists_the_commands "^usage: burrow GENERATOR" --help
helps cli_h_is_help "^usage: burrow GENERATOR" -h
helps cli_help_names_every_generator " crawler" --help
helps cli_generator_help_lists_its_options "^  --layout 1\.\.11 " mdungeon --help
helps cli_generator_h_after_options "^  --design FILE " crawler --seed 1 -h
helps cli_version "^burrow [0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$" --version
"$B" mines --help | grep -q -- "--layout" && bad cli_generator_help_only_its_options || ok cli_generator_help_only_its_options
# every option `list` names is in that generator's --help, and the other way round
for g in $gens; do
    a=$(awk -F'\t' -v g="$g" '$1 == g { n = split($4, w, " "); for (i = 1; i <= n; i++) if (w[i] ~ /^--/) print w[i] }' "$T/list" | sort)
    b=$("$B" "$g" --help | awk '$1 ~ /^--/ { print $1 }' | sort)
    [ -n "$b" ] && [ -z "$(printf '%s\n' "$a" | comm -23 - "$(printf '%s\n' "$b" >"$T/h"; echo "$T/h")")" ] &&
        ok "cli_${g}_list_options_in_help" || bad "cli_${g}_list_options_in_help"
done

# input echoed in an error line is escaped: still one line, and
# no escape sequence reaches the terminal (\n, \x1b, bytes >= 0x7f as \xNN)
nasty=$(printf '5\n\033[31m.\377')
echoed() { # name, arguments
    name=$1; shift
    rejects "$name" "$@"
    if ! grep -q "$(printf '\033')" "$T/err" && grep -qF '\n\x1b[31m.\xff' "$T/err"
    then ok "${name}_escaped"; else bad "${name}_escaped" "$(od -c "$T/err" | head -n 3)"; fi
}
echoed cli_echo_generator "$nasty"
echoed cli_echo_unknown_option mines "$nasty"
for o in --seed --level --format --nocolor; do
    [ $o = --nocolor ] && continue
    echoed "cli_echo_${o#--}" mines "$o" "$nasty"
done
for go in "mdungeon --layout" "mdungeon --floor" "overworld --x" "overworld --y" "overworld --dist" \
          "overworld --px" "abyss --epoch" "abyss --py" "crawler --design"; do
    echoed "cli_echo_${go% *}_${go#*--}" ${go% *} --seed 1 ${go#* } "$nasty"
done
printf 'size 20 20\nbogus\n' >"$T/$nasty.txt"
echoed cli_echo_design_path_in_parse_error crawler --design "$T/$nasty.txt"
"$B" crawler --design "$T/$nasty.txt" 2>&1 | grep -q "\.txt:2: unknown key" && ok cli_echo_design_path_keeps_the_line ||
    bad cli_echo_design_path_keeps_the_line

# a design is a regular file; a FIFO, a directory, a device get
# the one line at once (a FIFO used to block fopen forever)
if mkfifo "$T/fifo" 2>/dev/null; then
    timeout 10 "$B" crawler --seed 1 --design "$T/fifo" >"$T/out" 2>"$T/err"; rc=$?
    [ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ] && grep -q "not a regular file" "$T/err" &&
        ok cli_crawler_design_fifo_rejected || bad cli_crawler_design_fifo_rejected "rc=$rc (124: it blocked)"
fi
design_rejected cli_crawler_design_directory_not_regular "^burrow: cannot read the design file (not a regular file): $T$" "$T"
[ -c /dev/null ] && design_rejected cli_crawler_design_device_rejected "(not a regular file): /dev/null$" /dev/null
mkdir "$T/sub" && ln -s "$(cd "$D" && pwd)/maze.txt" "$T/sub/link.txt"
"$B" crawler --seed 1 --design "$T/sub/link.txt" --format hash >/dev/null 2>&1 &&
    ok cli_crawler_design_symlink_to_a_file_accepted || bad cli_crawler_design_symlink_to_a_file_accepted

# every generator option without its value (the options `list` names)
for go in "mdungeon --layout" "mdungeon --floor" "overworld --x" "overworld --y" "overworld --dist" \
          "overworld --px" "overworld --py" "overworld --mask" "abyss --epoch" "abyss --px" "abyss --py" "crawler --design"; do
    gen=${go% *} opt=${go#* }
    rejects "cli_${gen}_missing_value_${opt#--}" "$gen" --seed 1 "$opt"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
