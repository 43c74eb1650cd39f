#!/bin/sh
# Prints tests/crawler_designs.h: the example designs as C strings, so the
# tests run them on the boards too, which have no files. After editing a
# design: sh tests/designs/embed.sh > tests/crawler_designs.h
# (tests/cli.sh fails while the header and the files differ).
cd "$(dirname "$0")" || exit 1
echo "/* Made by tests/designs/embed.sh from the .txt files of tests/designs: do not edit. */"
echo "#ifndef BURROW_TESTS_CRAWLER_DESIGNS_H"
echo "#define BURROW_TESTS_CRAWLER_DESIGNS_H"
names=""
for f in *.txt; do
    n=${f%.txt}
    names="$names $n"
    echo
    echo "static const char design_$n[] ="
    sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$/\\n"/' "$f"
    echo "    ;"
done
echo
echo "static const struct { const char *name, *text; } crawler_designs[] = {"
for n in $names; do
    echo "    { \"$n\", design_$n },"
done
echo "};"
echo
echo "#endif"
