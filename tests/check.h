/* A small test runner that needs no libc, so the same tests run on the
 * desktop and bare-metal under QEMU. Output goes through bw_port_write. */
#ifndef BURROW_TESTS_CHECK_H
#define BURROW_TESTS_CHECK_H

#include <stdint.h>

/* Seeds to try: the full count on the desktop, a tenth on the boards. */
#ifndef BW_TEST_DIV
#define BW_TEST_DIV 1
#endif
#define SEEDS(n) ((n) / BW_TEST_DIV > 0 ? (n) / BW_TEST_DIV : 1)

/* The seed loop of a property test: FOR_SEEDS(s, 300) { ... } runs s over
 * 0 .. SEEDS(300) - 1. With seed=N on the command line the body runs for
 * s == N only, so a failing seed reruns alone (`tests NAME seed=N`); the
 * checks a test makes after such a loop, over all its seeds (rates,
 * "at least one"), are then skipped and counted on one line. With from=F
 * the loop runs over F .. F + SEEDS(300) - 1 instead: the same checks on
 * seeds the suite does not run (`tests morlock from=3000`). */
uint32_t t_seed_from(void);              /* F, 0 unless from=F */
int t_seed_more(uint32_t s, uint32_t n); /* s - F < n; notes the loop's end */
int t_seed_on(uint32_t s);               /* 1: run the body for s */
#define FOR_SEEDS(s, n) FOR_SEEDS_N(s, SEEDS(n))
/* The same over a count already divided (n = SEEDS(300) earlier). */
#define FOR_SEEDS_N(s, n) \
    for (s = t_seed_from(); t_seed_more((uint32_t)(s), (uint32_t)(n)); s++) if (!t_seed_on((uint32_t)(s))) continue; else

/* Records the current seed (or any number) for failure messages. */
void t_seed(uint32_t seed);
int t_check(int ok, const char *file, int line, const char *what);
#define CHECK(cond) t_check((cond) != 0, __FILE__, __LINE__, #cond)
/* CHECK that also stops the calling test function on failure. */
#define REQUIRE(cond) do { if (!CHECK(cond)) return; } while (0)

/* The domain tests' hook: from t_assert_catch() on, a failed BW_ASSERT is
 * counted instead of failing the test, and the function goes on past it
 * as it does in a build without asserts (the default for users), so one
 * call checks both. t_assert_caught() stops counting and returns the
 * count (0 in a build without BW_ASSERTS). */
void t_assert_catch(void);
int t_assert_caught(void);

/* Runs one test, if the command line selects it (see check.c's main). */
typedef void (*t_fn)(void);
void t_run(const char *name, t_fn fn);
#define RUN(fn) t_run(#fn, fn)

/* Pins a golden value; prints `golden NAME HEX` so the desktop and QEMU
 * logs can be compared line by line. */
void t_golden(const char *name, uint32_t got, uint32_t want);
/* A `golden NAME HASH` line with no value to match here: the runs of other
 * builds and boards must print the same line (make board-test compares). */
void t_record(const char *name, uint32_t got);

/* 1 if the two strings are equal (the core has no strcmp). */
int t_same(const char *a, const char *b);

void t_print(const char *s);
void t_print_u(uint32_t v);
void t_print_x(uint32_t v);
/* Folds a 32-bit value into an FNV-1a hash, low byte first, so a golden
 * over many maps is the same on every byte order. */
uint32_t t_fold(uint32_t h, uint32_t v);

/* A line `info NAME VALUE` (not compared, for measurements). */
void t_info(const char *name, uint32_t v);

#endif
