#!/bin/sh
# Remakes the key scripts of tests/play with tests/play/route.c, which plays
# the game and types the walks, then their goldens: run it after a change
# to a generator's maps moves a link (the scripts are walks on the maps),
# then `sh tests/play/embed.sh > tests/play_scripts.h`, rebuild and run
# `build/host/tests play_scripts` to read the new folds into scripts.tsv.
set -e
cd "$(dirname "$0")/../.."
mkdir -p build
cc -std=c99 -Wall -Wextra -Werror -pedantic -O2 -Iinclude -Isrc/play -o build/play-route tests/play/route.c \
    src/play/play.c $(ls src/core/*.c | grep -v src/core/mem.c) src/blocks/*.c src/gen/*.c port/host/port.c
R=build/play-route
$R mines 1 1 -- down down down down up > tests/play/mines-down.keys
$R crypts 1 1 -- down down up > tests/play/crypts.keys
$R morlock 1 1 -- down up down > tests/play/morlock.keys
$R forest 1 1 -- down up trunk keys '>' > tests/play/forest.keys
$R abyss 1 1 --every 5 -- walk 30 wait 12 down walk 20 > tests/play/abyss.keys
$R mdungeon 1 1 -- down down down down > tests/play/mdungeon.keys
$R overworld 1 1 -- gate E gate E gate S fly 10 -5 keys ':h
:rr
' > tests/play/overworld.keys
