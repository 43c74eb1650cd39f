#!/bin/sh
# Remakes the key scripts of tests/play and everything that follows from
# them: run it after a change to a generator's maps (the scripts are walks
# on the maps, so a moved link breaks them). For each plan below,
# tests/play/route.c plays the game and types the walk into NAME.keys;
# then `burrow play --keys` replays every script (badkeys.keys is written
# by hand and kept) and its end (level, level changes, folded screen
# hashes) goes into scripts.tsv; last, tests/play_scripts.h is embedded
# again. Every plan ends in `cover`, which takes whatever kind of link its
# generator makes that the plan has not taken, so the scripts keep taking
# every kind (test_play's play_scripts_take_every_link_kind) whatever the
# maps become. Usage: sh tests/play/make-scripts.sh (needs a C compiler;
# brings build/burrow up to date with make).
set -e
cd "$(dirname "$0")/../.."
mkdir -p build
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -Iinclude -Isrc/play -o build/play-route tests/play/route.c \
    src/play/play.c src/core/*.c src/blocks/*.c src/gen/*.c port/host/port.c
nice make --no-print-directory build/burrow > /dev/null
R=build/play-route
tab=$(printf '\t')

# name generator seed level options(- none) plan: one line each; the plan's
# words are route.c's (a quoted word keeps its spaces and line breaks)
plans() {
cat <<'EOF'
mines-down	mines	1	1	-	down down down down up cover
crypts	crypts	1	1	-	down down up cover
morlock	morlock	1	1	-	down up down cover
forest	forest	1	1	-	down up trunk keys '>' cover
abyss	abyss	1	1	--every 5	walk 30 wait 12 down walk 20 cover
overworld	overworld	1	1	-	gate E gate E gate S cover fly 10 -5 keys ':h\nlljj:rr\nhhkk:f 1 x\n'
mdungeon	mdungeon	1	1	-	down down down down cover
screens	mdungeon	2	1	-	keys '? xlllkkxm :zz\nZ' down keys 'm ?'
EOF
}

plans | while IFS="$tab" read -r name gen seed level opts plan; do
    [ "$opts" = "-" ] && opts=""
    # the plan's words: quotes group, \n is a line break
    eval "set -- $(printf '%s' "$plan" | sed 's/\\n/\n/g')"
    # shellcheck disable=SC2086 # options are words
    $R "$gen" "$seed" "$level" $opts -- "$@" > "tests/play/$name.keys"
done

# the table: every script's end as the CLI replays it (badkeys last)
{
    sed -n '1,/^# name/p' tests/play/scripts.tsv
    { plans | cut -f 1-5; printf 'badkeys\tmines\t1\t1\t-\n'; } |
    while IFS="$tab" read -r name gen seed level opts; do
        o=$opts
        [ "$o" = "-" ] && o=""
        # shellcheck disable=SC2086 # options are words
        set -- $(build/burrow play "$gen" --seed "$seed" --level "$level" $o --keys "tests/play/$name.keys" | tail -n 1)
        # end frames N level L changes C fold F
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$gen" "$seed" "$level" "$opts" "$5" "$7" "$9"
    done
} > build/scripts.tsv
mv build/scripts.tsv tests/play/scripts.tsv
sh tests/play/embed.sh > tests/play_scripts.h
echo "make-scripts: $(grep -c -v -e '^#' -e '^$' tests/play/scripts.tsv) scripts, $(cat tests/play/*.keys | wc -c) keys;" \
     "rebuild and run the tests (test_play's folds are scripts.tsv's)"
