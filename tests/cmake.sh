#!/bin/sh
# burrow in other people's builds, from the outside:
# - CMake builds the CLI (the top-level CMakeLists.txt), which prints the
#   same levels as make's build/burrow;
# - examples/cpp, a C++ project that adds burrow with add_subdirectory and
#   burrow::burrow, builds with g++ on the desktop and prints the CLI's hash;
# - the same project as a Cortex-M4F firmware (arm-none-eabi-g++, hard
#   float, newlib-nano, cmake/arm-none-eabi.cmake) runs under QEMU with the
#   same hash, and its link map shows memcpy and memset from newlib-nano,
#   not from burrow;
# - every public header compiles as C++11 with -Wall -Wextra -Werror -pedantic.
# Usage: tests/cmake.sh [build/burrow]   (closes with N passed, N failed)
B=${1:-build/burrow}
QEMU=${QEMU:-qemu-system-arm}
T=build/cmake
rm -rf "$T" && mkdir -p "$T"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1${2:+: $2}"; }
want=$("$B" mines --seed 12345 --level 3 --format hash)

# The CLI through CMake.
if cmake -S . -B "$T/host" -DBURROW_WERROR=ON >"$T/host.log" 2>&1 && cmake --build "$T/host" -j 2 >>"$T/host.log" 2>&1; then
    same=1
    for args in "mines --seed 12345 --level 3" "forest --seed 2 --level all" "mdungeon --seed 1 --layout 5 --level 9" "overworld --seed 7" "crawler --seed 3"; do
        # shellcheck disable=SC2086 # the arguments are words
        [ "$("$T/host/burrow" $args --format hash)" = "$("$B" $args --format hash)" ] || same=0
    done
    [ $same = 1 ] && ok cmake_cli_prints_the_same_levels || bad cmake_cli_prints_the_same_levels
else tail -n 20 "$T/host.log"; bad cmake_cli_prints_the_same_levels "did not build"; fi

# Every public header, alone, as C++.
hdr_ok=1
for h in include/burrow/*.h; do
    printf '#include "burrow/%s"\nint main() { return 0; }\n' "$(basename "$h")" > "$T/h.cpp"
    g++ -std=c++11 -Wall -Wextra -Werror -pedantic -Iinclude -c -o "$T/h.o" "$T/h.cpp" 2>"$T/h.log" || { hdr_ok=0; echo "  $h:"; head -n 5 "$T/h.log"; }
done
[ $hdr_ok = 1 ] && ok cpp_every_public_header_compiles_as_cpp11 || bad cpp_every_public_header_compiles_as_cpp11

# The C++ example on the desktop.
if cmake -S examples/cpp -B "$T/cpp" -DBURROW_WERROR=ON >"$T/cpp.log" 2>&1 && cmake --build "$T/cpp" -j 2 >>"$T/cpp.log" 2>&1; then
    got=$("$T/cpp/game" | sed -n 2p)
    [ "$got" = "$want" ] && ok cpp_example_desktop_same_hash || bad cpp_example_desktop_same_hash "printed '$got', the CLI '$want'"
else tail -n 20 "$T/cpp.log"; bad cpp_example_desktop_same_hash "did not build"; fi

# The C++ example as a hard-float Cortex-M4F firmware with newlib-nano.
if cmake -S examples/cpp -B "$T/m4f" -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/arm-none-eabi.cmake" \
        -DBURROW_CPU=cortex-m4 -DBURROW_FLOAT=hard -DBURROW_WERROR=ON >"$T/m4f.log" 2>&1 &&
   cmake --build "$T/m4f" -j 2 >>"$T/m4f.log" 2>&1; then
    got=$(timeout 60 "$QEMU" -M mps2-an386 -nographic -monitor none -serial stdio \
            -semihosting-config enable=on,target=native -kernel "$T/m4f/game.elf" 2>&1 | tr -d '\r' | sed -n 2p)
    [ "$got" = "$want" ] && ok cpp_example_m4f_hard_float_same_hash || bad cpp_example_m4f_hard_float_same_hash "printed '$got', the CLI '$want'"
    # The archive members the link took memcpy and memset from: newlib-nano's.
    from=$(awk '/^Archive member included/ { on = 1; next } /^(Discarded|Memory Configuration)/ { on = 0 }
               on && /^[^ ]/ { member = $1 } on && /\((memcpy|memset)\)/ { print member }' "$T/m4f/game.map" | sort -u)
    if [ -n "$from" ] && ! echo "$from" | grep -qv 'libc_nano\.a'; then
        ok cpp_example_m4f_memcpy_from_newlib_nano
    else bad cpp_example_m4f_memcpy_from_newlib_nano "memcpy/memset from: ${from:-nowhere}"; fi
    arm-none-eabi-readelf -A "$T/m4f/game.elf" | grep -q 'Tag_ABI_VFP_args: VFP registers' &&
        ok cpp_example_m4f_is_hard_float || bad cpp_example_m4f_is_hard_float
else tail -n 20 "$T/m4f.log"; bad cpp_example_m4f_hard_float_same_hash "did not build"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
