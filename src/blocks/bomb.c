/* BOMB_GO_OFF (docs/blocks.md). */
#include "burrow/bomb.h"

void bw_bomb_defaults(bw_bomb_params *p)
{
    p->tile = BW_T_DIRT;
    p->num = 1;
    p->den = 2;
    bw_tileset_clear(&p->keep);
}

int bw_bomb_can_hit(const bw_bomb_params *p, int tile)
{
    if ((unsigned)tile >= (unsigned)BW_TILE_COUNT)
        return 0; /* no tile: nothing to hit (bomb.h), and no table read past its end */
    /* "Neither pit tiles nor slopes may be affected": every level link
     * (BW_UP, BW_DOWN) is spared, which covers both pits and both slopes
     * even if a pit were ever made impassable. */
    return (BW_TILE_FLAGS(tile) & (BW_PASS | BW_UP | BW_DOWN)) == 0 &&
           tile != BW_T_PIT && tile != BW_T_FIERY_PIT &&
           !BW_TILESET_HAS(&p->keep, tile);
}

int bw_bomb_go_off(bw_grid *g, bw_rng *r, const bw_bomb_params *p,
                   bw_rect area)
{
    int x, y, changed = 0;
    int x0 = bw_max(area.x0, 0), x1 = bw_min(area.x1, g->w - 1);
    int y0 = bw_max(area.y0, 0), y1 = bw_min(area.y1, g->h - 1);
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            uint8_t t = BW_AT(g, x, y);
            if (t != p->tile && bw_bomb_can_hit(p, t) &&
                bw_rng_chance(r, p->num, p->den)) {
                BW_AT(g, x, y) = p->tile;
                changed++;
            }
        }
    return changed;
}
