#!/bin/sh
# The levels the ROM's self-test generates: every row of
# tests/golden/levels.tsv whose options the ROM can take (none, --layout,
# --x --y; the crawler's design files and the Abyss's --epoch need the CLI),
# as a C table. tests/gba/harness.c picks the same rows in the same order.
awk -F'\t' '
  /^#/ || $1 == "generator" { next }
  $5 ~ /--design|--epoch/ { next }
  {
    layout = 0; x = 0; y = 0
    n = split($5, w, " ")
    for (i = 1; i < n; i++) {
      if (w[i] == "--layout") layout = w[i + 1]
      if (w[i] == "--x") x = w[i + 1]
      if (w[i] == "--y") y = w[i + 1]
    }
    printf "    { \"%s\", %d, %su, %d, %d, %d },\n", $1, $3, $4, layout, x, y
  }' "${1:-tests/golden/levels.tsv}"
