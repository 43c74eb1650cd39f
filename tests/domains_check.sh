#!/bin/sh
# Every public function is called by the domain tests: lists the functions
# the headers in include/burrow declare (outside their BW_TESTING hooks)
# and fails, naming them, when tests/test_domains.c and tests/test_robust.c
# call one nowhere. port.h is left out: its functions are the platform's,
# which the firmware or port/ provides, and bw_assert_failed is the
# caller's handler (config.h).
cd "$(dirname "$0")/.." || exit 2
list=$(for h in include/burrow/*.h; do
    [ "$h" = include/burrow/port.h ] && continue
    awk '/^#ifdef BW_TESTING/ { t = 1 } /^#endif.*BW_TESTING/ { t = 0; next } !t' "$h" |
        grep -E '^(static inline |BW_HOT )?(const )?[a-z_0-9]+[ *]+bw_[a-z0-9_]+\(' |
        sed -E 's/^[^(]*[ *](bw_[a-z0-9_]+)\(.*/\1/'
done | grep -v '^bw_assert_failed$' | sort -u)
n=0
missing=0
for f in $list; do
    n=$((n + 1))
    if ! grep -q "\\b$f(" tests/test_domains.c tests/test_robust.c; then
        echo "domains_check: $f is not called by tests/test_domains.c or tests/test_robust.c" >&2
        missing=$((missing + 1))
    fi
done
if [ "$n" -lt 100 ]; then
    echo "domains_check: only $n public functions found in include/burrow: the list is broken" >&2
    exit 1
fi
[ "$missing" -eq 0 ] || exit 1
echo "domains_check: all $n public functions are called by the domain tests"
