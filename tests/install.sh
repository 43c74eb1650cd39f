#!/bin/sh
# `make install` from the outside: install into a fresh prefix, build the
# README's C example against it with pkg-config (shared and static), run
# both, then `make uninstall` must leave the prefix empty.
# Usage: tests/install.sh   (from the top of the tree; closes with N passed, N failed)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
P=$T/prefix
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1${2:+: $2}"; }

make -s --no-print-directory install PREFIX="$P" >"$T/install.log" 2>&1 &&
    [ -x "$P/bin/burrow" ] && [ -f "$P/lib/libburrow.a" ] && [ -f "$P/lib/libburrow.so" ] &&
    [ -f "$P/include/burrow/burrow.h" ] && [ -f "$P/lib/pkgconfig/burrow.pc" ] &&
    ok install_puts_cli_libraries_headers_pc || { cat "$T/install.log"; bad install_puts_cli_libraries_headers_pc; }

# The README's example, as a user copies it out (tests/readme_example.sh
# writes it to build/readme_example.c), and what it prints built from the tree.
want=$(sh tests/readme_example.sh)
cp build/readme_example.c "$T/example.c"
export PKG_CONFIG_PATH="$P/lib/pkgconfig"
if cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags burrow) -o "$T/shared" "$T/example.c" $(pkg-config --libs burrow) 2>"$T/cc.log"; then
    got=$(LD_LIBRARY_PATH="$P/lib" "$T/shared")
    [ -n "$want" ] && [ "$got" = "$want" ] && ok install_pkg_config_shared_runs_readme_example || bad install_pkg_config_shared_runs_readme_example "printed '$got'"
else cat "$T/cc.log"; bad install_pkg_config_shared_runs_readme_example "did not build"; fi
if cc -std=c99 -Wall -Wextra -Werror $(pkg-config --cflags burrow) -o "$T/static" "$T/example.c" "$P/lib/libburrow.a" 2>"$T/cc.log"; then
    got=$("$T/static")
    [ "$got" = "$want" ] && ok install_static_library_runs_readme_example || bad install_static_library_runs_readme_example "printed '$got'"
else cat "$T/cc.log"; bad install_static_library_runs_readme_example "did not build"; fi
[ "$("$P/bin/burrow" mines --seed 12345 --level 3 --format hash)" = "$(build/burrow mines --seed 12345 --level 3 --format hash)" ] &&
    ok install_cli_runs || bad install_cli_runs

make -s --no-print-directory uninstall PREFIX="$P" >/dev/null 2>&1
left=$(find "$P" -type f -o -type l | wc -l)
[ "$left" -eq 0 ] && ok uninstall_removes_everything || bad uninstall_removes_everything "$left files left"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
