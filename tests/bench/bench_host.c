/* The desktop half of the bench, built like build/burrow (-O2). It times
 * nothing: wall-clock time on a shared machine moves from run to run, and
 * the bench's figures must not. The instruction counts come from the
 * Cortex-M3 under QEMU (bench_fw.c); the desktop's speed against other
 * generators is a ratio measured side by side (peers.c).
 *
 *   bench_host list                `gen NAME LEVELS W H` per generator
 *   bench_host hash NAME L F       per level 1..L: `hash LEVEL SEED HASH`
 *                                  for seeds 1..F (the M3's maps must match)
 *   bench_host hunt NAME L N       per level 1..L, seeds 1..N: the seed that
 *                                  leaves the deepest flood-fill stack
 *                                  (bw_map.fill.peak, a deterministic
 *                                  count): `fill LEVEL SEED PEAK` */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burrow/burrow.h"

static bw_map map;

static void run_once(const bw_generator *g, uint32_t seed, int level)
{
    bw_opts o = { 0, 0, 0, 0 };
    if (g->generate(&map, seed, level, &o) != 0) {
        fprintf(stderr, "bench_host: %s level %d seed %u: generate failed\n", g->name, level, (unsigned)seed);
        exit(1);
    }
}

static int levels_of(const bw_generator *g, int cap)
{
    return cap > 0 && cap < g->levels ? cap : g->levels;
}

static void bench_hash(const bw_generator *g, int cap, uint32_t nseeds)
{
    int level;
    uint32_t s;
    for (level = 1; level <= levels_of(g, cap); level++)
        for (s = 1; s <= nseeds; s++) {
            run_once(g, s, level);
            printf("hash %d %u %08x\n", level, (unsigned)s, (unsigned)bw_grid_hash(&map.grid));
        }
}

static void bench_hunt(const bw_generator *g, int cap, uint32_t n)
{
    int level, peak;
    uint32_t s, seed;
    for (level = 1; level <= levels_of(g, cap); level++) {
        peak = -1;
        seed = 1;
        for (s = 1; s <= n; s++) {
            run_once(g, s, level);
            if ((int)map.fill.peak > peak) {
                peak = map.fill.peak;
                seed = s;
            }
        }
        printf("fill %d %u %d\n", level, (unsigned)seed, peak);
    }
}

int main(int argc, char **argv)
{
    const bw_generator *g;
    int i;
    if (argc == 2 && strcmp(argv[1], "list") == 0) {
        for (i = 0; i < bw_generator_count; i++)
            printf("gen %s %d %d %d\n", bw_generators[i].name, bw_generators[i].levels,
                   bw_generators[i].w, bw_generators[i].h);
        return 0;
    }
    if (argc != 5 || (g = bw_generator_find(argv[2])) == 0) {
        fprintf(stderr, "usage: bench_host list | hash NAME LEVELS SEEDS | hunt NAME LEVELS SEEDS\n");
        return 2;
    }
    if (strcmp(argv[1], "hash") == 0)
        bench_hash(g, atoi(argv[3]), (uint32_t)strtoul(argv[4], 0, 10));
    else if (strcmp(argv[1], "hunt") == 0)
        bench_hunt(g, atoi(argv[3]), (uint32_t)strtoul(argv[4], 0, 10));
    else
        return 2;
    return 0;
}
