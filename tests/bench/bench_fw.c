/* The bench firmware: measures ONE generator, chosen at build time
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
#include "out.h"

#ifndef BENCH_GEN
#error "build with -DBENCH_GEN=\\\"name\\\""
#endif
/* 0: the full bench (fixed seeds, the desktop's candidates, seeds
 * 1..BENCH_RANGE); 1: the fixed seeds alone (the -Os build, the cycle
 * model's run, the 20 KiB board). */
#ifndef BENCH_VARIANT
#define BENCH_VARIANT 0
#endif
/* The target hunt split for parallel QEMU runs: variant 0 built as part K
 * of N (-DBENCH_PART=K -DBENCH_PARTS=N) hunts the K-th slice of seeds
 * 1..BENCH_RANGE of every level; part 1 also runs the fixed seeds and the
 * desktop's candidates, the other parts only their slice. */
#ifndef BENCH_PARTS
#define BENCH_PARTS 1
#endif
#ifndef BENCH_PART
#define BENCH_PART 1
#endif
#if BENCH_PART < 1 || BENCH_PART > BENCH_PARTS
#error "BENCH_PART must be 1..BENCH_PARTS"
#endif

static bw_map map;

/* The stack, painted and measured in a window of STACK_WINDOW bytes below
 * the bench's frame rather than the whole of the board's free RAM (some
 * 230 KiB on m3): painting and scanning all of it cost more instructions
 * than a small level itself, and most of the bench's time under QEMU. No
 * level comes near the window; one that reaches its end is reported as an
 * error, not measured short. The peak is counted from the top of RAM, as
 * bw_port_stack_peak() counts it. */
#define STACK_WINDOW 8192u
#define STACK_PAINT 0x5afe57acu
extern uint32_t _sstack, _estack;
static uint32_t *stack_lo;

static void stack_paint(void)
{
    uint32_t *p, *sp;
    __asm__ volatile("mov %0, sp" : "=r"(sp));
    sp -= 16; /* leave this frame alone */
    p = sp - STACK_WINDOW / 4u;
    stack_lo = p < &_sstack ? &_sstack : p;
    for (p = stack_lo; p < sp; p++)
        *p = STACK_PAINT;
}

/* 0: the stack ran past the window */
static uint32_t stack_peak(void)
{
    const uint32_t *p = stack_lo;
    if (*p != STACK_PAINT)
        return 0;
    while (p < &_estack && *p == STACK_PAINT)
        p++;
    return (uint32_t)((uintptr_t)&_estack - (uintptr_t)p);
}

/* Exactly 2 * n instructions (n >= 1): a subs/bne pair per turn. */
__attribute__((noinline)) static void spin(uint32_t n)
{
    __asm__ volatile("1: subs %0, %0, #1\n\tbne 1b" : "+l"(n) : : "cc");
}

/* Where the cycle-model plugin (tests/bench/cyclemodel.c) reads its running
 * totals: called right before and right after every measured piece. */
__attribute__((noinline)) void bench_mark(void)
{
    __asm__ volatile("");
}

/* Loops whose Cortex-M3 cycles the Technical Reference Manual gives, each
 * `turns` times; the bench checks the plugin's estimate of each against the
 * manual's count per turn (`model` lines: NAME TURNS), so the model's
 * decoder is tested on every run. Per turn, with P = 2:
 *   spin: subs 1, bne taken 1 + P                          = 4
 *   load: ldr 2, subs 1, bne 3                             = 6
 *   load2: ldr 2, ldr pipelined 1, subs 1, bne 3           = 7
 *   stload: str 1, ldr 2 (nothing pipelines behind a store), subs, bne = 7
 *   mul: mul 1, subs 1, bne 3                              = 5
 *   div: udiv 7 (the model's middle of 2..12), subs, bne   = 11
 *   stack: push {r4,r5} 3, pop {r4,r5} 3, subs, bne        = 10
 * The two runs of different lengths cancel what the marks themselves
 * cost. */
__attribute__((noinline)) static void model_loops(uint32_t n)
{
    uint32_t word = 0, a = 7, b = 3, k; /* word on the stack: the bench adds no static RAM */
    const uint32_t *p = &word;
#define MODEL_LOOP(name, body)                                              \
    k = n;                                                                  \
    bench_mark();                                                           \
    __asm__ volatile(".align 2\n1: " body "\n\tsubs %0, %0, #1\n\tbne 1b"   \
                     : "+l"(k), "+l"(a) : "l"(b), "l"(p) : "cc", "r4", "r5", "lr", "memory"); \
    bench_mark();                                                           \
    put("model " name);                                                     \
    put_u(n);                                                               \
    put("\n")
    MODEL_LOOP("spin 4", "");
    MODEL_LOOP("load 6", "ldr %1, [%3]");
    MODEL_LOOP("load2 7", "ldr %1, [%3]\n\tldr %1, [%3]");
    MODEL_LOOP("stload 7", "str %1, [%3]\n\tldr %1, [%3]");
    MODEL_LOOP("mul 5", "muls %1, %2, %1");
    MODEL_LOOP("div 11", "udiv %1, %1, %2");
    MODEL_LOOP("stack 10", "push {r4, r5}\n\tpop {r4, r5}");
#undef MODEL_LOOP
    (void)a;
}

/* The counter claim of port/cortex-m/startup.c, checked: the difference of
 * two loops of known length must read as their difference in instructions
 * (to one SysTick tick, 40 instructions). The longest loop, 700 M
 * instructions, spans a wrap of the 24-bit SysTick (2^24 ticks = 671 M
 * instructions), so the 64-bit extension is checked too. bench.sh checks
 * the calib lines of the full firmware (variant 0, part 1) only, so the
 * others (the fixed seeds alone, hunt parts 2..) skip that loop: 0.7 G
 * instructions each, a large share of the bench's time on the target. */
#define CALIB_LONG (BENCH_VARIANT == 0 && BENCH_PART == 1)
static void calibrate(void)
{
    static const uint32_t turns[] = { 1000u, 1000000u, 350000000u };
    const unsigned n = sizeof turns / sizeof turns[0] - (CALIB_LONG ? 0u : 1u);
    unsigned i;
    uint64_t t0, t1, base;
    t0 = bw_port_counter64();
    spin(1);
    t1 = bw_port_counter64();
    base = t1 - t0;
    for (i = 0; i < n; i++) {
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

/* One generate() under the counter and the stack paint, between two
 * marks for the cycle-model plugin. Interrupts are masked while it runs:
 * the counter's wrap interrupt (SysTick's, once in about 0.67 G
 * instructions) would otherwise push its 32 B frame on the generator's
 * stack wherever it fell, and a run it fell in at the deepest point read
 * 32 B more than the same level in another firmware. The wrap, pended,
 * is counted as soon as interrupts are on again, before the counter is
 * read. */
static int run_one(const bw_generator *g, int level, uint32_t seed, uint64_t *insns, uint32_t *stack)
{
    bw_opts o = { 0, 0, 0, 0 };
    uint64_t t0, t1;
    int r;
    stack_paint();
    bench_mark();
    t0 = bw_port_counter64();
    __asm__ volatile("cpsid i" ::: "memory");
    r = g->generate(&map, seed, level, &o);
    __asm__ volatile("cpsie i" ::: "memory");
    t1 = bw_port_counter64();
    bench_mark();
    *insns = t1 - t0;
    *stack = stack_peak();
    return r != 0 ? r : *stack == 0 ? -1 : 0; /* a stack past the window fails the run */
}

static void measure(const bw_generator *g, int level, uint32_t seed, const char *kind)
{
    uint64_t insns;
    uint32_t stack;
    int r = run_one(g, level, seed, &insns, &stack);
    put(r == 0 ? "run" : "error");
    put_u((uint32_t)level);
    put_u(seed);
    put(" ");
    put(kind);
    put_u(insns);
    put_u(stack);
    put_x(bw_grid_hash(&map.grid));
    put_u(map.fill.peak);
    put("\n");
}

/* The worst case hunted on the target itself: seeds from..to of one level,
 * one line `range LEVEL N SEED INSNS STACK` for the costliest (N: the
 * seeds run; the slices of one level add up to BENCH_RANGE). */
static void hunt(const bw_generator *g, int level, uint32_t from, uint32_t to)
{
    uint64_t insns, worst = 0;
    uint32_t stack, deepest = 0, seed, worst_seed = 0;
    for (seed = from; seed <= to; seed++) {
        if (run_one(g, level, seed, &insns, &stack) != 0) {
            put("error");
            put_u((uint32_t)level);
            put_u(seed);
            put("\n");
            return;
        }
        if (insns > worst) {
            worst = insns;
            worst_seed = seed;
        }
        if (stack > deepest)
            deepest = stack;
    }
    put("range");
    put_u((uint32_t)level);
    put_u(to - from + 1);
    put_u(worst_seed);
    put_u(worst);
    put_u(deepest);
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
    model_loops(1000);
    model_loops(2000);
    {   /* what measuring costs with no generator: the `base` line */
        static const bw_generator none = { "none", 0, 0, 0, 0, 0, nothing, 0 };
        measure(&none, 0, 0, "base");
    }
    if (!g) {
        put("error generator " BENCH_GEN " is not registered\n");
        return 1;
    }
    for (level = 1; level <= g->levels && level <= BENCH_LEVELS; level++) {
        for (i = 0; i < sizeof bench_fixed / sizeof bench_fixed[0] && BENCH_PART == 1; i++)
            measure(g, level, bench_fixed[i], "fixed");
        if (BENCH_VARIANT == 0) {
            for (i = 0; i < BENCH_WORST && BENCH_PART == 1; i++)
                measure(g, level, bench_worst[level - 1][i], "worst");
            hunt(g, level, (uint32_t)((uint64_t)BENCH_RANGE * (BENCH_PART - 1) / BENCH_PARTS) + 1u,
                 (uint32_t)((uint64_t)BENCH_RANGE * BENCH_PART / BENCH_PARTS));
        }
    }
    put("end\n");
    return 0;
}
