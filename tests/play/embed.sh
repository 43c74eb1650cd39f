#!/bin/sh
# Prints tests/play_scripts.h: the key scripts of tests/play and their table
# (scripts.tsv) as C data, so the tests replay them on the boards too, which
# have no files. After changing a script:
#   sh tests/play/embed.sh > tests/play_scripts.h
# (tests/cli.sh fails while the header and the files differ).
cd "$(dirname "$0")" || exit 1
echo "/* Made by tests/play/embed.sh from tests/play: do not edit. */"
echo "#ifndef BURROW_TESTS_PLAY_SCRIPTS_H"
echo "#define BURROW_TESTS_PLAY_SCRIPTS_H"
echo
echo "typedef struct play_script {"
echo "    const char *name, *gen;"
echo "    unsigned long seed;"
echo "    int level, every, final_level, changes;"
echo "    unsigned long fold;   /* the golden: every frame's hash folded */"
echo "    const char *keys;"
echo "    unsigned long n;"
echo "} play_script;"
grep -v -e '^#' -e '^$' scripts.tsv | while IFS="$(printf '\t')" read -r name gen seed level opts final changes; do
    n=$(wc -c < "$name.keys")
    echo
    printf 'static const char keys_%s[] = "' "$(echo "$name" | tr - _)"
    od -An -v -tx1 "$name.keys" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//; s/\([0-9a-f][0-9a-f]\)/\\x\1/g; s/ //g'
    echo '";'
done
echo
echo "static const play_script play_scripts[] = {"
grep -v -e '^#' -e '^$' scripts.tsv | while IFS="$(printf '\t')" read -r name gen seed level opts final changes fold; do
    every=$(echo "$opts" | sed -n 's/.*--every \([0-9]*\).*/\1/p')
    echo "    { \"$name\", \"$gen\", ${seed}ul, $level, ${every:-0}, $final, $changes, 0x${fold:-0}ul, keys_$(echo "$name" | tr - _), $(wc -c < "$name.keys")ul },"
done
echo "};"
echo
echo "#endif"
