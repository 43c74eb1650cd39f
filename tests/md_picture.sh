#!/bin/sh
# md_picture LAYOUT SEED FLOOR: one mystery-dungeon floor as --format text
# with the entity list of --format ids drawn over it (`*` item, `^` trap,
# `?` wonder tile, `$` buried item, `k` shop item, `@` the start; a kind
# without a glyph would drop its tile from the row). Run from the top of
# the tree after `make build/burrow`; tests/pictures.sh uses it for the
# README.
B=${B:-build/burrow}
b="$B mdungeon --layout $1 --seed $2 --level $3"
{ $b --format ids && $b --format text; } | awk '
  BEGIN { split("item trap wonder_tile buried_item shop_item start", n, " ")
          split("* ^ ? $ k @", c, " "); for (i = 1; i <= 6; i++) g[n[i]] = c[i]; y = 0 }
  /^entities / { e = 1; next }
  !e { next }
  NF == 4 { at[$2 "," $1] = g[$3]; next }
  { s = ""; for (x = 0; x < length($0); x++) { k = y "," x
      s = s ((k in at) ? at[k] : substr($0, x + 1, 1)) }
    print s; y++ }'
