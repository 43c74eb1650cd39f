#!/bin/sh
# The smallest part each generator runs on (make bench calls this last):
# for every generator, the boards are tried from the least RAM up, and a
# board is taken when it holds the generator (BOARD_GENS in its .mk, or
# all of them on the 120 x 120 grid), and its firmware of that generator
# (tests/bench/parts_fw.c: every level over the bench's fixed and worst
# seeds) links and runs to `end` under QEMU, with no `error` line. Its RAM
# is the firmware's .data + .bss plus the deepest stack a level took. Writes the table between <!-- parts --> and
# <!-- /parts --> in docs/bench.md, and the README's line between
# <!-- parts-summary --> and <!-- /parts-summary -->.
# Needs build/bench/NAME/bench_seeds.h (bench.sh's hunt writes them).
set -e
DOC=${DOC:-docs/bench.md}
README=${README:-README.md}
out=build/bench/parts
mkdir -p $out
# the boards of the small parts first, by RAM; then the 20 KiB profile and
# a part with room for everything
BOARDS_BY_RAM="stm32vldiscovery:8 microbit:16 m3-20k:20 netduinoplus2:128"
: > $out/rows.tsv
build/burrow list | awk -F'\t' 'NR > 1 { print $1, $2 }' | while read -r g size; do
    found=
    for br in $BOARDS_BY_RAM; do
        b=${br%%:*}; kib=${br#*:}
        gens=$(sed -n 's/^BOARD_GENS *:= *//p' boards/$b.mk)
        case " ${gens:-$g} " in *" $g "*) ;; *) continue;; esac
        [ -f build/bench/$g/bench_seeds.h ] || { echo "parts: no build/bench/$g/bench_seeds.h (run make bench)" >&2; exit 1; }
        elf=build/$b/parts-$g.elf
        make --no-print-directory BOARD=$b BENCH_GEN=$g parts-fw < /dev/null > $out/$g-$b.build 2>&1 || continue
        machine=$(sed -n 's/^BOARD_MACHINE *:= *//p' boards/$b.mk)
        timeout 600 qemu-system-arm -M $machine -nographic -monitor none -serial stdio \
            -semihosting-config enable=on,target=native -kernel $elf < /dev/null > $out/$g-$b.log 2>&1 || continue
        grep -q '^end' $out/$g-$b.log && ! grep -q '^error' $out/$g-$b.log || continue
        static=$(arm-none-eabi-size $elf | awk 'NR == 2 { print $2 + $3 }')
        stack=$(awk '$1 == "run" && $4 > s { s = $4 } END { print s + 0 }' $out/$g-$b.log)
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' $g "$size" $static $stack $b $kib >> $out/rows.tsv
        found=1
        break
    done
    [ -n "$found" ] || printf '%s\t%s\t-\t-\tnone\t-\n' $g "$size" >> $out/rows.tsv
done
awk -F'\t' '
    function commas(n,   s, r) { s = sprintf("%d", n); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    BEGIN {
        print "| generator | map | least RAM a level needs | static | stack peak | smallest board | its RAM |"
        print "| --- | --- | ---: | ---: | ---: | --- | ---: |"
    }
    {
        split($2, wh, "x")
        if ($5 == "none") { printf "| `%s` | %s x %s | - | - | - | none of the boards | - |\n", $1, wh[1], wh[2]; next }
        printf "| `%s` | %s x %s | %s B | %s B | %s B | `%s` | %s KiB |\n", $1, wh[1], wh[2], commas($3 + $4), commas($3), commas($4), $5, $6
    }' $out/rows.tsv > $out/table.md
awk -F'\t' '{ b[$5] = b[$5] (b[$5] ? ", " : "") "`" $1 "`" ; if (!($5 in o)) o[$5] = ++n; k[o[$5]] = $5 }
    END { printf "Smallest board each generator runs on ([docs/bench.md](docs/bench.md#the-smallest-part)): "
          for (i = 1; i <= n; i++) printf "%s%s on `%s`", (i > 1 ? "; " : ""), b[k[i]], k[i]; print "." }' \
    $out/rows.tsv > $out/summary.md
cat $out/table.md
# region: replace what lies between the markers in file $1 by file $2
region() {
    if grep -q "^<!-- $3 -->\$" "$1" && grep -q "^<!-- /$3 -->\$" "$1"; then
        awk -v gen="$2" -v open="<!-- $3 -->" -v shut="<!-- /$3 -->" '
            $0 == open { print; while ((getline line < gen) > 0) print line; skip = 1; next }
            $0 == shut { skip = 0 }
            !skip { print }' "$1" > $out/doc.new
        cat $out/doc.new > "$1" && rm $out/doc.new
        echo "parts: $1 updated between <!-- $3 --> and <!-- /$3 -->"
    else
        echo "parts: $1 has no <!-- $3 --> ... <!-- /$3 --> region; not updated"
    fi
}
region "$DOC" $out/table.md parts
region "$README" $out/summary.md parts-summary
