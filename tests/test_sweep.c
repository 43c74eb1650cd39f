/* The sanitizer sweep: every level of every generator over
 * many seeds, checking little more than a sane map, so that the sanitizer
 * build (make test-san: -fsanitize=address,undefined, stop on the first
 * report) sees enough seeds to catch reads outside the grid that only
 * some seeds reach. An out-of-bounds read in the overworld's building
 * pass showed on 5.4% of seeds and the rule tests ran too few of them.
 * The sanitizer build sets BW_SWEEP_SEEDS to 1000; the plain desktop run
 * and the boards do a few, as a smoke test. */
#include "check.h"
#include "arena.h"

#ifndef BW_SWEEP_SEEDS
#define BW_SWEEP_SEEDS 10
#endif

static bw_map *const m = &arena.map;

/* The finished map: the generator's size, known tiles, entities on it. */
static int sane(const bw_generator *gn)
{
    const bw_grid *g = &m->grid;
    int x, y, i;
    if (g->w != gn->w || g->h != gn->h || m->n_ent > BW_MAX_ENTITIES)
        return 0;
    for (y = 0; y < g->h; y++)
        for (x = 0; x < g->w; x++)
            if (BW_AT(g, x, y) >= BW_TILE_COUNT)
                return 0;
    for (i = 0; i < m->n_ent; i++)
        if (m->ent[i].x >= g->w || m->ent[i].y >= g->h)
            return 0;
    return 1;
}

/* Every generator of the registry, so a new one is swept too. Half the
 * seeds are 0, 1, 2, ..., half spread over the 32-bit range; the options
 * change with the seed (the overworld's place, the dungeon's layout: the
 * first half at the defaults, as the CLI runs without options). */
static void sweep_13_1_every_generator_every_level(void)
{
    uint32_t s, n = SEEDS(BW_SWEEP_SEEDS);
    int i, level, bad = 0;
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *gn = &bw_generators[i];
        /* all levels of the five-level generators; the mystery dungeon's
         * 99 floors spread over the seeds, 5 a seed */
        int step = gn->levels > 5 ? gn->levels / 5 + 1 : 1;
        for (s = 0; s < n && bad < 3; s++) {
            bw_opts o = { 0 };
            uint32_t seed = s < n / 2 ? s : s * 2654435761u + 1u;
            if (s >= n / 2) {
                o.layout = (int)(seed % (BW_MDUNGEON_LAYOUTS + 1));
                o.x = (int)(seed % (2 * BW_OVERWORLD_WORLD + 1)) - BW_OVERWORLD_WORLD;
                o.y = (int)(seed / 7 % (2 * BW_OVERWORLD_WORLD + 1)) - BW_OVERWORLD_WORLD;
            }
            t_seed(seed);
            for (level = 1 + (int)(s % (uint32_t)step); level <= gn->levels; level += step)
                if (!CHECK(gn->generate(m, seed, level, &o) == 0 && sane(gn)))
                    bad++;
        }
        t_info(gn->name, n);
    }
}

/* The same level, byte for byte, on every build: x86-64 and each board,
 * and the builds for speed (BW_FAST 1, the default) and for size (BW_FAST
 * 0, the default at -Os, which swaps word-at-a-time scans for plain loops).
 * A fixed set of levels, not scaled down on the boards, so that every run
 * prints the same `golden same_maps_NAME` lines: make board-test compares
 * them with the desktop's, on each board and on the M3 built with -Os
 * (make test-small). Per generator about 150 levels: seeds 0.. over every
 * level (the mystery dungeon: two seeds over its 99 floors), half of them
 * with options other than the defaults where the generator has any. */
#define SAME_MAPS_LEVELS 150

static void same_maps_on_every_build(void)
{
    int i;
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *gn = &bw_generators[i];
        uint32_t s, seeds = (SAME_MAPS_LEVELS + (uint32_t)gn->levels - 1) / (uint32_t)gn->levels;
        uint32_t h = BW_GRID_FNV1A_INIT;
        char name[40] = "same_maps_";
        int level, k;
        for (s = 0; s < seeds; s++) {
            bw_opts o = { 0 };
            if (s % 2) {
                o.layout = (int)(s % (BW_MDUNGEON_LAYOUTS + 1));
                o.x = (int)(s * 37 % 81) - 40;
                o.y = (int)(s * 11 % 81) - 40;
            }
            for (level = 1; level <= gn->levels; level++) {
                if (!CHECK(gn->generate(m, s, level, &o) == 0))
                    return;
                h = t_fold(h, bw_grid_hash(&m->grid));
            }
        }
        for (k = 0; gn->name[k] && k < 28; k++)
            name[10 + k] = gn->name[k];
        name[10 + k] = 0;
        t_record(name, h);
    }
}

void suite_sweep(void)
{
    RUN(sweep_13_1_every_generator_every_level);
    RUN(same_maps_on_every_build);
}
