#!/bin/sh
# Compiles the README's "core in a dozen lines" example exactly as printed
# (the first ```c block after that heading) against the core, runs it, and
# prints its output; tests/pictures.sh keeps that output in the README, so
# an example that no longer builds or gives another map fails `make check`.
set -e
CC=${CC:-cc}
mkdir -p build
awk '/^## The C API in a dozen lines/ { f = 1 } f && /^```c$/ { p = 1; next } p && /^```$/ { exit } p' \
    README.md > build/readme_example.c
$CC -std=c99 -Wall -Wextra -Werror -pedantic -Iinclude -o build/readme_example build/readme_example.c \
    src/core/*.c src/blocks/*.c src/gen/*.c
build/readme_example
