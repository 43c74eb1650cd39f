#include "check.h"
#include "burrow/port.h"
#include "burrow/grid.h"

static int passed, failed, test_failed, reported;
static uint32_t cur_seed;
static int have_seed;
static const char *filter;

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

int t_check(int ok, const char *file, int line, const char *what)
{
    if (ok)
        return 1;
    test_failed = 1;
    if (reported++ < 3) { /* the first few failures of a test are enough */
        t_print("  check failed: ");
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

void t_golden(const char *name, uint32_t got, uint32_t want)
{
    t_print("golden ");
    t_print(name);
    t_print(" ");
    t_print_x(got);
    t_print("\n");
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

static int starts_with(const char *s, const char *p)
{
    while (*p && *s == *p) {
        s++;
        p++;
    }
    return *p == 0;
}

void t_run(const char *name, t_fn fn)
{
    if (filter && !starts_with(name, filter))
        return;
    test_failed = 0;
    reported = 0;
    have_seed = 0;
    bw_port_stack_paint();
    fn();
    /* a stack that ran into .bss may have hit these counters too: say so */
    if (bw_port_stack_size() && bw_port_stack_peak() >= bw_port_stack_size()) {
        t_print("  stack overflow: the test used all of the stack\n");
        test_failed = 1;
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

int main(int argc, char **argv)
{
    filter = argc > 1 ? argv[1] : 0;
#define SUITE(name) suite_##name();
#include "suites.h"
#undef SUITE
    t_print_u((uint32_t)passed);
    t_print(" passed, ");
    t_print_u((uint32_t)failed);
    t_print(" failed\n");
    return failed ? 1 : passed ? 0 : 1; /* a run with no test fails too */
}
