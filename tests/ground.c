/* The building-block tests' ground and helpers (tests/ground.h). */
#include "ground.h"

static bw_map *const m = &arena.map;

uint32_t t_cell_hash(uint32_t seed, int x, int y)
{
    return bw_rng_mix(seed, (uint32_t)x, (uint32_t)y, 0x6b10cu);
}

uint8_t t_ground(uint32_t seed, int x, int y, const uint8_t *pal, int n)
{
    return pal[t_cell_hash(seed, x, y) % (uint32_t)n];
}

void t_lay_ground(uint32_t seed, int w, int h, const uint8_t *pal, int n)
{
    int x, y;
    bw_map_init(m, w, h, BW_T_ROCK);
    for (y = 0; y < h; y++)
        for (x = 0; x < w; x++)
            BW_AT(&m->grid, x, y) = t_ground(seed, x, y, pal, n);
}

/* Small seeds straight into xorshift give correlated first draws: mix. */
void t_seed_rng(bw_rng *r, uint32_t s)
{
    bw_rng_stream(r, s, 0xb10cu, 0u, 0u);
}

/* A rectangle from four draws made in a fixed order: C leaves the order in
 * which a call's arguments are evaluated open, and gcc for x86 and for ARM
 * differ, so two draws never share one call here. */
bw_rect t_rand_rect(bw_rng *r, int x0lo, int x0hi, int y0lo, int y0hi,
                    int x1lo, int x1hi, int y1lo, int y1hi)
{
    int x0 = bw_rng_range(r, x0lo, x0hi);
    int y0 = bw_rng_range(r, y0lo, y0hi);
    int x1 = bw_rng_range(r, x1lo, x1hi);
    int y1 = bw_rng_range(r, y1lo, y1hi);
    return bw_rect_make(x0, y0, x1, y1);
}

int t_is_link(int t)
{
    return (bw_tiles[t].flags & (BW_UP | BW_DOWN)) != 0;
}

