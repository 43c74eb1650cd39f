/* The smallest-part firmware (tests/bench/parts.sh): ONE generator,
 * -DBENCH_GEN=\"name\", built for a board and run under QEMU. For every
 * level, over the fixed seeds and the desktop hunt's worst seeds of
 * build/bench/NAME/bench_seeds.h, it paints the stack, generates and reads
 * the stack's high-water mark, and prints
 *     run LEVEL SEED STACK HASH
 * (`error LEVEL SEED` when the generator refuses), then `end`. No counter,
 * no inline assembly: it builds for every core, the M0 too. The one
 * static bw_map is what a user of the generator pays in static RAM. */
#include <stdint.h>
#include "burrow/burrow.h"
#include "burrow/port.h"
#include "bench_seeds.h" /* BENCH_LEVELS, BENCH_WORST, bench_fixed[], bench_worst[][] */
#include "out.h"

#ifndef BENCH_GEN
#error "build with -DBENCH_GEN=\\\"name\\\""
#endif

static bw_map map;

static void one(const bw_generator *g, int level, uint32_t seed)
{
    bw_opts o = { 0, 0, 0, 0 };
    int r;
    uint32_t stack;
    bw_port_stack_paint();
    r = g->generate(&map, seed, level, &o);
    stack = bw_port_stack_peak();
    put(r == 0 ? "run" : "error");
    put_u((uint32_t)level);
    put_u(seed);
    if (r == 0) {
        put_u(stack);
        put_x(bw_grid_hash(&map.grid));
    }
    put("\n");
}

int main(int argc, char **argv)
{
    const bw_generator *g = bw_generator_find(BENCH_GEN);
    int level;
    unsigned i;
    (void)argc;
    (void)argv;
    if (!g) {
        put("error: no generator " BENCH_GEN "\n");
        return 1;
    }
    for (level = 1; level <= BENCH_LEVELS; level++) {
        for (i = 0; i < sizeof bench_fixed / sizeof bench_fixed[0]; i++)
            one(g, level, bench_fixed[i]);
        for (i = 0; i < BENCH_WORST; i++)
            one(g, level, bench_worst[level - 1][i]);
    }
    put("end\n");
    return 0;
}
