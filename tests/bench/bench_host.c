/* The desktop half of the bench, built like build/burrow (-O2).
 *
 *   bench_host list                   `gen NAME LEVELS W H` per generator
 *   bench_host time NAME L F R        per level 1..L: `hash LEVEL SEED HASH`
 *                                     for seeds 1..F, then `host LEVEL NS`,
 *                                     the median over those seeds of the
 *                                     fastest of R runs of each
 *   bench_host hunt NAME L N K        per level 1..L, seeds 1..N: the K
 *                                     slowest seeds (the faster of 2 runs,
 *                                     then the fastest of HUNT_RETIME) and
 *                                     the seed with the deepest flood-fill
 *                                     stack (bw_map.fill.peak afterwards):
 *                                     `worst LEVEL SEED NS FILLSEED PEAK`
 *                                     and `cand LEVEL SEED...` (K + 1 seeds)
 *
 * Time is the port's counter, CLOCK_MONOTONIC in ns. Taking the fastest of
 * several runs of one seed removes most scheduler noise; the median over
 * seeds is what a level costs typically. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "burrow/burrow.h"
#include "burrow/port.h"

#define HUNT_REPS 2     /* runs per seed in the hunt: one spike is not a worst case */
#define HUNT_RETIME 5   /* runs per candidate when re-timing the slowest */
#define MAX_K 64        /* candidates kept per level */
#define MAX_SEEDS 4096  /* fixed seeds per level in `time` */

static bw_map map;
static uint64_t times[MAX_SEEDS];

static uint64_t run_once(const bw_generator *g, uint32_t seed, int level)
{
    bw_opts o = { 0, 0, 0, 0 };
    uint64_t t0 = bw_port_counter64();
    if (g->generate(&map, seed, level, &o) != 0) {
        fprintf(stderr, "bench_host: %s level %d seed %u: generate failed\n", g->name, level, (unsigned)seed);
        exit(1);
    }
    return bw_port_counter64() - t0;
}

static uint64_t run_min(const bw_generator *g, uint32_t seed, int level, int reps)
{
    uint64_t best = run_once(g, seed, level);
    while (--reps > 0) {
        uint64_t t = run_once(g, seed, level);
        if (t < best)
            best = t;
    }
    return best;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int levels_of(const bw_generator *g, int cap)
{
    return cap > 0 && cap < g->levels ? cap : g->levels;
}

static void bench_time(const bw_generator *g, int cap, int nseeds, int reps)
{
    int level, i;
    for (level = 1; level <= levels_of(g, cap); level++) {
        for (i = 0; i < nseeds; i++) {
            times[i] = run_min(g, (uint32_t)(i + 1), level, reps);
            printf("hash %d %d %08x\n", level, i + 1, (unsigned)bw_grid_hash(&map.grid));
        }
        qsort(times, (size_t)nseeds, sizeof times[0], cmp_u64);
        printf("host %d %llu\n", level, (unsigned long long)times[nseeds / 2]);
    }
}

static void bench_hunt(const bw_generator *g, int cap, uint32_t n, int k)
{
    uint64_t top_t[MAX_K];
    uint32_t top_s[MAX_K], s, fill_seed;
    int level, i, kept, fill_peak;
    for (level = 1; level <= levels_of(g, cap); level++) {
        kept = 0;
        fill_peak = -1;
        fill_seed = 1;
        for (s = 1; s <= n; s++) {
            uint64_t t = run_min(g, s, level, HUNT_REPS);
            if ((int)map.fill.peak > fill_peak) {
                fill_peak = map.fill.peak;
                fill_seed = s;
            }
            /* insertion into the k slowest, slowest first */
            if (kept < k || t > top_t[kept - 1]) {
                i = kept < k ? kept++ : kept - 1;
                for (; i > 0 && top_t[i - 1] < t; i--) {
                    top_t[i] = top_t[i - 1];
                    top_s[i] = top_s[i - 1];
                }
                top_t[i] = t;
                top_s[i] = s;
            }
        }
        /* one slow run may be the scheduler's doing: time them again */
        for (i = 0; i < kept; i++)
            top_t[i] = run_min(g, top_s[i], level, HUNT_RETIME);
        for (i = 1; i < kept; i++) {
            int j = i;
            while (j > 0 && top_t[j - 1] < top_t[j]) {
                uint64_t tt = top_t[j];
                uint32_t ts = top_s[j];
                top_t[j] = top_t[j - 1];
                top_s[j] = top_s[j - 1];
                top_t[j - 1] = tt;
                top_s[j - 1] = ts;
                j--;
            }
        }
        printf("worst %d %u %llu %u %d\n", level, (unsigned)top_s[0],
               (unsigned long long)top_t[0], (unsigned)fill_seed, fill_peak);
        printf("cand %d", level);
        for (i = 0; i < kept; i++)
            printf(" %u", (unsigned)top_s[i]);
        printf(" %u\n", (unsigned)fill_seed);
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
    if (argc != 6 || (g = bw_generator_find(argv[2])) == 0) {
        fprintf(stderr, "usage: bench_host list | time NAME LEVELS SEEDS REPS | hunt NAME LEVELS SEEDS K\n");
        return 2;
    }
    if (strcmp(argv[1], "time") == 0) {
        int n = atoi(argv[4]), reps = atoi(argv[5]);
        if (n < 1 || n > MAX_SEEDS || reps < 1)
            return 2;
        bench_time(g, atoi(argv[3]), n, reps);
    } else if (strcmp(argv[1], "hunt") == 0) {
        int k = atoi(argv[5]);
        if (k < 1 || k > MAX_K)
            return 2;
        bench_hunt(g, atoi(argv[3]), (uint32_t)strtoul(argv[4], 0, 10), k);
    } else {
        return 2;
    }
    return 0;
}
