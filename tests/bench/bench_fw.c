/* The bench firmware (issue 6): measures ONE generator, chosen at build time
 * with -DBENCH_GEN=\"name\", on a Cortex-M board under QEMU with
 * `-icount shift=0`, where bw_port_counter64() counts instructions.
 *
 * For every level and every seed of build/bench/seeds-NAME.h (written by
 * tests/bench/bench.sh from the desktop worst-case hunt) it paints the stack,
 * reads the counter, generates, reads the counter and the stack high-water
 * mark, and prints one line
 *     run LEVEL SEED KIND INSNS STACK HASH FILL_PEAK
 * KIND is `fixed` (the seeds the median is taken over) or `worst` (seeds the
 * hunt found expensive); a `base` run with a generator that does nothing
 * shows what the measurement itself costs in instructions and stack. First it checks the counter against a loop of known
 * length (`calib` lines), last it prints `end`. The one static bw_map is the
 * generator's static RAM: it is what a user of the generator pays. */
#include <stdint.h>
#include "burrow/burrow.h"
#include "burrow/port.h"
#include "bench_seeds.h" /* BENCH_LEVELS, bench_fixed[], bench_worst[][] */

#ifndef BENCH_GEN
#error "build with -DBENCH_GEN=\\\"name\\\""
#endif

static bw_map map;

static void put(const char *s)
{
    const char *e = s;
    while (*e)
        e++;
    bw_port_write(s, (size_t)(e - s));
}

static void put_u(uint64_t v)
{
    char b[21];
    int i = 20;
    b[i] = 0;
    do {
        b[--i] = (char)('0' + (int)(v % 10u));
        v /= 10u;
    } while (v);
    put(" ");
    put(b + i);
}

static void put_x(uint32_t v)
{
    char b[10];
    int i;
    b[0] = ' ';
    for (i = 8; i >= 1; i--, v >>= 4)
        b[i] = "0123456789abcdef"[v & 15u];
    b[9] = 0;
    put(b);
}

/* Exactly 2 * n instructions (n >= 1): a subs/bne pair per turn. */
__attribute__((noinline)) static void spin(uint32_t n)
{
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+l"(n) : : "cc");
}

/* The counter claim of port/cortex-m/startup.c, checked: the difference of
 * two loops of known length must read as their difference in instructions
 * (to one SysTick tick, 40 instructions). The longest loop, 700 M
 * instructions, spans a wrap of the 24-bit SysTick (2^24 ticks = 671 M
 * instructions), so the 64-bit extension is checked too. */
static void calibrate(void)
{
    static const uint32_t turns[] = { 1000u, 1000000u, 350000000u };
    unsigned i;
    uint64_t t0, t1, base;
    t0 = bw_port_counter64();
    spin(1);
    t1 = bw_port_counter64();
    base = t1 - t0;
    for (i = 0; i < sizeof turns / sizeof turns[0]; i++) {
        t0 = bw_port_counter64();
        spin(turns[i]);
        t1 = bw_port_counter64();
        put("calib");
        put_u(2u * (uint64_t)(turns[i] - 1u));
        put_u(t1 - t0 - base);
        put("\n");
    }
}

static int nothing(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)m;
    (void)seed;
    (void)level;
    (void)o;
    return 0;
}

static void measure(const bw_generator *g, int level, uint32_t seed, const char *kind)
{
    bw_opts o = { 0, 0, 0, 0 };
    uint64_t t0, t1;
    uint32_t stack;
    int r;
    bw_port_stack_paint();
    t0 = bw_port_counter64();
    r = g->generate(&map, seed, level, &o);
    t1 = bw_port_counter64();
    stack = bw_port_stack_peak();
    put(r == 0 ? "run" : "error");
    put_u((uint32_t)level);
    put_u(seed);
    put(" ");
    put(kind);
    put_u(t1 - t0);
    put_u(stack);
    put_x(bw_grid_hash(&map.grid));
    put_u(map.fill.peak);
    put("\n");
}

int main(int argc, char **argv)
{
    const bw_generator *g = bw_generator_find(BENCH_GEN);
    unsigned i;
    int level;
    (void)argc;
    (void)argv;
    calibrate();
    {   /* what measuring costs with no generator: the `base` line */
        static const bw_generator none = { "none", 0, 0, 0, 0, 0, "", nothing, 0 };
        measure(&none, 0, 0, "base");
    }
    if (!g) {
        put("error generator " BENCH_GEN " is not registered\n");
        return 1;
    }
    for (level = 1; level <= g->levels && level <= BENCH_LEVELS; level++) {
        for (i = 0; i < sizeof bench_fixed / sizeof bench_fixed[0]; i++)
            measure(g, level, bench_fixed[i], "fixed");
        for (i = 0; i < BENCH_WORST; i++)
            measure(g, level, bench_worst[level - 1][i], "worst");
    }
    put("end\n");
    return 0;
}
