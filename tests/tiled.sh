#!/bin/sh
# The Tiled export checked with a real client, Debian's `tiled` package:
# its tmxrasterizer draws burrow's TMX and JSON maps with the tileset of
# `burrow tileset`, and the picture must equal burrow's own `--format png --scale 8`
# of the same level, pixel for pixel; `tiled --export-map json` reads each
# format and writes burrow's JSON. The layer data must be `--format ids`
# plus firstgid, the object layer the link tiles and the entities.
# Usage: tests/tiled.sh build/burrow
# (TMXRASTERIZER=path, TILED=path pick other copies of the two programs.)
B=${1:-build/burrow}
R=${TMXRASTERIZER:-tmxrasterizer}
TILED=${TILED:-tiled}
D=$(dirname "$0")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
SEED=7

ok() { pass=$((pass + 1)); echo "ok $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1${2:+: $2}"; }
check() { python3 "$D/tiled_check.py" "$@" >"$T/why" 2>&1; }
why() { tail -n 1 "$T/why"; }
# tmxrasterizer at one map pixel per image pixel (scale 1, the default,
# said anyway), no smoothing; MAP OUT [more options]
raster() {
    m=$1 o=$2; shift 2
    QT_QPA_PLATFORM=offscreen "$R" --scale 1 --no-smoothing "$@" "$m" "$o" >"$T/why" 2>&1 && [ -s "$o" ]
}

if ! command -v "$R" >/dev/null 2>&1 || ! command -v "$TILED" >/dev/null 2>&1; then
    bad tiled_tmxrasterizer_installed "$R or $TILED not found: Debian's tiled package is not installed and could not be (as root: apt-get install -y tiled; make test-tiled does it)"
    echo "$pass passed, $fail failed"
    exit 1
fi
ok tiled_tmxrasterizer_installed
if ! command -v python3 >/dev/null 2>&1; then
    bad tiled_python3_installed "python3 not found: the checks decode PNG, TMX and JSON with its standard library"
    echo "$pass passed, $fail failed"
    exit 1
fi

# The tileset: tile N is an 8 x 8 picture, N = 0 .. BW_TILE_COUNT - 1 in one row.
"$B" tiles >"$T/tiles"
n=$(($(wc -l <"$T/tiles") - 1))
cd "$T" || exit 1
case $B in /*) ;; *) B=$OLDPWD/$B ;; esac
case $D in /*) ;; *) D=$OLDPWD/$D ;; esac
"$B" tileset >burrow-tiles.png
[ "$(od -An -tx1 -j16 -N8 burrow-tiles.png | tr -d ' \n')" = "$(printf '%08x%08x' $((n * 8)) 8)" ] &&
    ok tiled_tileset_one_row_of_8x8_tiles || bad tiled_tileset_one_row_of_8x8_tiles "want $((n * 8)) x 8"

# One level of every generator (level 2 where there is one): TMX and JSON.
gens=$("$B" list | awk -F'\t' 'NR > 1 { print $1 }')
first=1
for g in $gens; do
    max=$("$B" list | awk -F'\t' -v g="$g" '$1 == g { split($3, r, "\\.\\."); print r[2] }')
    l=1; [ "$max" -ge 2 ] && l=2
    "$B" "$g" --seed $SEED --level $l --format png --scale 8 >ref.png
    "$B" "$g" --seed $SEED --level $l --format ids >ids
    if [ $first = 1 ]; then # the comparison's own decoder, on burrow's PNG and PPM
        "$B" "$g" --seed $SEED --level $l --format ppm --scale 8 >ref.ppm
        check png-ppm ref.png ref.ppm && ok tiled_png_decoder_matches_ppm || bad tiled_png_decoder_matches_ppm "$(why)"
        first=0
    fi
    for f in tmx json; do
        "$B" "$g" --seed $SEED --level $l --format $f >"map.$f" 2>err || bad "tiled_${g}_${f}_written" "$(cat err)"
        if [ $f = json ]; then
            python3 -m json.tool map.json >/dev/null 2>"$T/why" && ok "tiled_${g}_json_is_json" ||
                bad "tiled_${g}_json_is_json" "$(why)"
        fi
        check map $f "map.$f" ids "$T/tiles" && ok "tiled_${g}_${f}_layers_are_ids_links_and_entities" ||
            bad "tiled_${g}_${f}_layers_are_ids_links_and_entities" "$(why)"
        if raster "map.$f" "raster.png" --hide-layer "level $l objects" && check png-equal raster.png ref.png
        then ok "tiled_${g}_${f}_tmxrasterizer_equals_burrow_png"
        else bad "tiled_${g}_${f}_tmxrasterizer_equals_burrow_png" "$(why)"; fi
    done
    # Tiled itself reads each format and writes its JSON: the same map as burrow's JSON
    for f in tmx json; do
        if QT_QPA_PLATFORM=offscreen "$TILED" --export-map json "map.$f" "tiled.json" >"$T/why" 2>&1 &&
           check json-same tiled.json map.json
        then ok "tiled_${g}_tiled_reads_${f}_as_burrow_json"; else bad "tiled_${g}_tiled_reads_${f}_as_burrow_json" "$(why)"; fi
    done
    # the objects are drawn: with them shown the picture is not burrow's
    if raster map.tmx objects.png && [ "$(grep -c 'type="\(link\|entity\)"' map.tmx)" -gt 0 ]; then
        check png-equal objects.png ref.png && bad "tiled_${g}_object_layer_is_drawn" || ok "tiled_${g}_object_layer_is_drawn"
    fi
done

# Generator options reach the map: a design's own size, regenerated abyss
# levels, another overworld place, an mdungeon layout. Each line: a name,
# what the TMX must hold (_ for a blank), the options.
while read -r name want args; do
    want=$(echo "$want" | tr _ ' ')
    # $args split on purpose
    "$B" $args --seed $SEED --format png --scale 8 >ref.png
    "$B" $args --seed $SEED --format ids >ids
    "$B" $args --seed $SEED --format tmx >map.tmx
    objs=$(sed -n 's/.*<objectgroup id="[0-9]*" name="\([^"]*\)".*/\1/p' map.tmx)
    if check map tmx map.tmx ids "$T/tiles" && raster map.tmx raster.png --hide-layer "$objs" &&
       check png-equal raster.png ref.png && { grep -q "$want" map.tmx || { echo "no '$want' in the TMX" >"$T/why"; false; }; }
    then ok "tiled_options_$name"; else bad "tiled_options_$name" "$(why)"; fi
done <<EOF
crawler_design width="64"_height="32" crawler --design $D/designs/maze.txt
abyss_epoch name="epoch"_type="int"_value="2" abyss --epoch 2 --level 3
overworld_place name="x"_type="int"_value="-5" overworld --x -5 --y 3
mdungeon_layout name="layout"_type="int"_value="7" mdungeon --layout 7 --level 12
EOF

# --level all: one map, a tile layer and an object layer per level, only
# the first level shown; each level's layer alone draws that level.
for g in mines mdungeon; do
    top=5
    "$B" "$g" --seed $SEED --level all --format tmx >all.tmx
    "$B" "$g" --seed $SEED --level all --format json >all.json
    "$B" "$g" --seed $SEED --level all --format ids >ids
    check map tmx all.tmx ids "$T/tiles" && ok "tiled_${g}_all_levels_tmx_layers" || bad "tiled_${g}_all_levels_tmx_layers" "$(why)"
    check map json all.json ids "$T/tiles" && ok "tiled_${g}_all_levels_json_layers" || bad "tiled_${g}_all_levels_json_layers" "$(why)"
    "$B" "$g" --seed $SEED --level 1 --format png --scale 8 >ref.png
    if raster all.tmx raster.png --hide-layer "level 1 objects" && check png-equal raster.png ref.png
    then ok "tiled_${g}_all_levels_shows_level_1"; else bad "tiled_${g}_all_levels_shows_level_1" "$(why)"; fi
    same=1
    for l in $(seq 2 $top); do
        "$B" "$g" --seed $SEED --level "$l" --format png --scale 8 >ref.png
        raster all.tmx raster.png --ignore-visibility --show-layer "level $l" && check png-equal raster.png ref.png || same=0
    done
    [ $same = 1 ] && ok "tiled_${g}_all_levels_layer_L_draws_level_L" || bad "tiled_${g}_all_levels_layer_L_draws_level_L" "$(why)"
done

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
