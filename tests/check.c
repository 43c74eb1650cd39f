#include "check.h"
#include "burrow/port.h"
#include "burrow/grid.h"

static int passed, failed, test_failed, reported;
static uint32_t cur_seed;
static int have_seed;
static const char *filter;

/* What the command line asked for: every test, the tests whose name is
 * `filter` (if one is) or else contains it, and perhaps one seed. */
enum { RUN_ALL, LIST, PROBE };
static int mode, only_seed;
static uint8_t exact, found; /* bytes: the 20 KiB board's RAM is tight */
static uint32_t the_seed, seed_from;
/* seed=N: the running test is inside its body for seed N (in_seed), or
 * past a seed loop and outside any body (after_loop && !in_seed), where
 * its checks cover all seeds and are skipped. */
static int in_seed, after_loop, skipped;

void t_print(const char *s)
{
    const char *e = s;
    while (*e)
        e++;
    bw_port_write(s, (unsigned)(e - s));
}

void t_print_u(uint32_t v)
{
    char b[11];
    int i = 10;
    b[i] = 0;
    do {
        b[--i] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    t_print(b + i);
}

void t_print_x(uint32_t v)
{
    char b[9];
    int i;
    for (i = 7; i >= 0; i--, v >>= 4)
        b[i] = "0123456789abcdef"[v & 15];
    b[8] = 0;
    t_print(b);
}

void t_info(const char *name, uint32_t v)
{
    t_print("info ");
    t_print(name);
    t_print(" ");
    t_print_u(v);
    t_print("\n");
}

void t_seed(uint32_t seed)
{
    cur_seed = seed;
    have_seed = 1;
}

static int fail(const char *kind, const char *file, int line, const char *what)
{
    if (only_seed && after_loop && !in_seed) {
        skipped++;
        return 1;
    }
    test_failed = 1;
    if (reported++ < 3) { /* the first few failures of a test are enough */
        t_print(kind);
        t_print(file);
        t_print(":");
        t_print_u((uint32_t)line);
        t_print(": ");
        t_print(what);
        if (have_seed) {
            t_print(" (seed ");
            t_print_u(cur_seed);
            t_print(")");
        }
        t_print("\n");
    }
    return 0;
}

int t_check(int ok, const char *file, int line, const char *what)
{
    return ok ? 1 : fail("  check failed: ", file, line, what);
}

/* 1 + the failed BW_ASSERTs since t_assert_catch(), or 0: not catching. */
static int caught;

void t_assert_catch(void)
{
    caught = 1;
}

int t_assert_caught(void)
{
    int n = caught ? caught - 1 : 0;
    caught = 0;
    return n;
}

#ifdef BW_ASSERTS
/* BW_ASSERT's handler (burrow/config.h): a broken precondition fails the
 * running test like a CHECK, and the suite goes on; between
 * t_assert_catch() and t_assert_caught() it is only counted, and the
 * function goes on as it does with asserts off. */
void bw_assert_failed(const char *file, int line, const char *expr)
{
    if (caught)
        caught++;
    else
        fail("  assert failed: ", file, line, expr);
}
#endif

void t_record(const char *name, uint32_t got)
{
    t_print("golden ");
    t_print(name);
    t_print(" ");
    t_print_x(got);
    t_print("\n");
}

void t_golden(const char *name, uint32_t got, uint32_t want)
{
    t_record(name, got);
    t_check(got == want, __FILE__, __LINE__, name);
}

uint32_t t_fold(uint32_t h, uint32_t v)
{
    uint8_t b[4];
    b[0] = (uint8_t)v;
    b[1] = (uint8_t)(v >> 8);
    b[2] = (uint8_t)(v >> 16);
    b[3] = (uint8_t)(v >> 24);
    return bw_grid_fnv1a(h, b, 4);
}

int t_same(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return *a == *b;
}

static int contains(const char *s, const char *p)
{
    for (; *s; s++) {
        const char *a = s, *b = p;
        while (*b && *a == *b) {
            a++;
            b++;
        }
        if (!*b)
            return 1;
    }
    return !*p;
}

static int selected(const char *name)
{
    return !filter || (exact ? t_same(name, filter) : contains(name, filter));
}

uint32_t t_seed_from(void)
{
    return seed_from;
}

int t_seed_more(uint32_t s, uint32_t n)
{
    if (s - seed_from < n)
        return 1;
    in_seed = 0;
    after_loop = 1;
    return 0;
}

int t_seed_on(uint32_t s)
{
    in_seed = !only_seed || s == the_seed;
    return in_seed;
}

void t_run(const char *name, t_fn fn)
{
    if (mode == PROBE) { /* does any test have exactly this name? */
        found = (uint8_t)(found | t_same(name, filter));
        return;
    }
    if (!selected(name))
        return;
    if (mode == LIST) {
        t_print(name);
        t_print("\n");
        return;
    }
    test_failed = 0;
    reported = 0;
    in_seed = after_loop = skipped = 0;
    have_seed = 0;
    bw_port_stack_paint();
    fn();
    /* a stack that ran into .bss may have hit these counters too: say so */
    if (bw_port_stack_size() && bw_port_stack_peak() >= bw_port_stack_size()) {
        t_print("  stack overflow: the test used all of the stack\n");
        test_failed = 1;
    }
    if (skipped) {
        t_print("  seed=");
        t_print_u(the_seed);
        t_print(": skipped ");
        t_print_u((uint32_t)skipped);
        t_print(" failed check(s) over all seeds\n");
    }
    t_print(test_failed ? "FAIL " : "ok ");
    t_print(name);
    t_print("\n");
    if (test_failed)
        failed++;
    else
        passed++;
}

#define SUITE(name) void suite_##name(void);
#include "suites.h"
#undef SUITE

static void run_suites(void)
{
#define SUITE(name) suite_##name();
#include "suites.h"
#undef SUITE
}

/* Decimal, at most 4294967295; 0 on anything else. */
static int parse_seed(const char *s, uint32_t *v)
{
    uint32_t n = 0;
    if (!*s)
        return 0;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || n > (0xffffffffu - (uint32_t)(*s - '0')) / 10)
            return 0;
        n = n * 10 + (uint32_t)(*s - '0');
    }
    *v = n;
    return 1;
}

/* tests [--list] [NAME] [seed=N] [from=F]: NAME runs the test of exactly
 * that name or, if none has it, every test whose name contains it; seed=N
 * runs each FOR_SEEDS loop for seed N only; from=F starts each FOR_SEEDS
 * loop at seed F. The boards pass no arguments. */
int main(int argc, char **argv)
{
    int i;
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (t_same(a, "--list"))
            mode = LIST;
        else if (a[0] == 's' && a[1] == 'e' && a[2] == 'e' && a[3] == 'd' && a[4] == '=') {
            if (!parse_seed(a + 5, &the_seed)) {
                t_print("tests: seed=N needs a decimal 32-bit number\n");
                return 2;
            }
            only_seed = 1;
        } else if (a[0] == 'f' && a[1] == 'r' && a[2] == 'o' && a[3] == 'm' && a[4] == '=') {
            if (!parse_seed(a + 5, &seed_from)) {
                t_print("tests: from=F needs a decimal 32-bit number\n");
                return 2;
            }
        } else if (!filter && a[0] != '-')
            filter = a;
        else {
            t_print("tests: usage: tests [--list] [NAME] [seed=N] [from=F]\n");
            return 2;
        }
    }
    if (filter) {
        int want = mode;
        mode = PROBE;
        run_suites();
        exact = found;
        mode = want;
    }
    run_suites();
    if (mode == LIST)
        return 0;
    t_print_u((uint32_t)passed);
    t_print(" passed, ");
    t_print_u((uint32_t)failed);
    t_print(" failed\n");
    return failed ? 1 : passed ? 0 : 1; /* a run with no test fails too */
}
