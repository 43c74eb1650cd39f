#include "arena.h"
#include "check.h"

t_arena arena;

void t_scramble(bw_map *m, uint32_t key)
{
    bw_rng r;
    int i;
    bw_rng_seed(&r, key);
    for (i = 0; i < BW_GRID_CELLS; i++)
        m->grid.cell[i] = (uint8_t)bw_rng_below(&r, BW_TILE_COUNT);
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        m->a.w[i] = bw_rng_next(&r);
        m->b.w[i] = bw_rng_next(&r);
    }
}

void t_levels_alone_equal_in_sequence(bw_map *m, const char *name, uint32_t seeds)
{
    const bw_generator *gn = bw_generator_find(name);
    uint32_t s, h[T_LEVELS_MAX + 1];
    int n;
    if (!CHECK(gn != 0 && gn->levels <= T_LEVELS_MAX))
        return;
    for (s = 0; s < seeds; s++) {
        t_seed(s);
        for (n = 1; n <= gn->levels; n++) {
            CHECK(gn->generate(m, s, n, 0) == 0);
            h[n] = bw_grid_hash(&m->grid);
        }
        for (n = gn->levels; n >= 1; n--) {
            gn->generate(m, s, n, 0);
            CHECK(bw_grid_hash(&m->grid) == h[n]);
        }
        for (n = 1; n <= gn->levels; n++) {
            t_scramble(m, s * 7 + (uint32_t)n);
            gn->generate(m, s, n, 0);
            CHECK(bw_grid_hash(&m->grid) == h[n]);
        }
    }
}
