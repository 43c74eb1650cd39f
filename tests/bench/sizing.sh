#!/bin/sh
# docs/firmware.md's sizing table: per generator, the RAM and flash a
# firmware of that generator alone needs, read from the tables `make bench`
# wrote into docs/bench.md, so no page holds a figure the bench did not
# measure. Static RAM is .data + .bss of the bench firmware (bw_map and the
# firmware's own few bytes); the stack peak is the deepest over every level
# and seed less the bench's own frames (the "bytes of stack" that measuring
# nothing reads); flash is .text + .rodata of a firmware that calls the
# generator alone. tests/pictures.sh runs this and keeps its output in the doc.
echo "| generator | static RAM | stack peak, library alone | RAM in all | flash alone | flash alone, -O2 |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
awk -F ' [|] ' '
    function commas(n,   s, r) { s = sprintf("%d", n); r = ""; while (length(s) > 3) { r = "," substr(s, length(s) - 2) r; s = substr(s, 1, length(s) - 3) } return s r }
    function num(s) { gsub(/[, B]/, "", s); return s + 0 }
    function flush() {
        if (name != "")
            printf "| `%s` | %s B | %s B | %s B | %s | %s |\n", name, commas(ram), commas(stack - base), commas(ram + stack - base), os, o2
        name = ""
    }
    / bytes of stack; both are included/ { base = $0; sub(/ bytes of stack.*/, "", base); sub(/.* and /, "", base); base += 0 }
    /^\*\*[a-z]+\*\*: / {
        flush()
        name = $0; sub(/^\*\*/, "", name); sub(/\*\*.*/, "", name)
        os = $0; sub(/.*linking it alone /, "", os); sub(/ KiB.*/, " KiB", os)
        o2 = $0; sub(/.*-O2: a median of at most [^,]*, flash alone /, "", o2); sub(/ KiB.*/, " KiB", o2)
        ram = stack = 0
        next
    }
    name != "" && /^\| [0-9]+ \| / {
        if (num($2) > ram) ram = num($2)
        if (num($3) > stack) stack = num($3)
    }
    /^<!-- \/bench -->/ { flush() }
    END { if (!base) { print "sizing: no base stack line in the bench tables" > "/dev/stderr"; exit 1 } }
' "${1:-docs/bench.md}"
