/* PUT_ORC_WATCHTOWERS (docs/blocks.md). */
#include "burrow/watchtower.h"

/* A constant set: a copy is less code than six adds. */
static const bw_tileset forbid = { { BW_WATCHTOWER_FORBID(0), BW_WATCHTOWER_FORBID(1),
                                      BW_WATCHTOWER_FORBID(2), BW_WATCHTOWER_FORBID(3) } };

void bw_watchtower_defaults(bw_watchtower_params *p)
{
    p->tile = BW_T_WATCHTOWER;
    p->count = 3;
    p->tries = BW_WATCHTOWER_TRIES;
    p->forbid = forbid;
}

int bw_watchtower_put_many(bw_grid *g, bw_rng *r, const bw_watchtower_params *p,
                       bw_rect area, bw_point *placed)
{
    int x0 = bw_max(area.x0, 0), x1 = bw_min(area.x1, g->w - 1);
    int y0 = bw_max(area.y0, 0), y1 = bw_min(area.y1, g->h - 1);
    int tries = bw_min(p->tries, BW_WATCHTOWER_TRIES), n = 0, i, k;
    const int s = BW_WATCHTOWER_SIZE - 1;
    bw_tileset ok; /* the tiles a tower may stand on */
    if (x1 - x0 < s || y1 - y0 < s)
        return 0;
    for (k = 0; k < 4; k++)
        ok.w[k] = ~p->forbid.w[k];
    /* the tower's own tile is forbidden too, even if a caller leaves it
     * out of p->forbid: towers never overlap */
    ok.w[p->tile >> 5] &= ~(1u << (p->tile & 31));
    for (i = 0; i < p->count; i++)
        for (k = 0; k < tries; k++) {
            int x = bw_rng_range(r, x0, x1 - s), y = bw_rng_range(r, y0, y1 - s);
            if (!bw_grid_rect_in(g, x, y, x + s, y + s, &ok))
                continue;   /* "a new location is chosen" */
            bw_grid_rect(g, x, y, x + s, y + s, p->tile);
            if (placed) {
                placed[n].x = (int16_t)x;
                placed[n].y = (int16_t)y;
            }
            n++;
            break;
        }
    return n;
}
