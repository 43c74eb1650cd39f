/* PUT_RUBBLE and PUT_LICHEN (docs/blocks.md). */
#include "burrow/rubble.h"

/* "only passable tiles may be overwritten ... rubble will not erase
 * doors, walls": doors and broken walls are passable yet named there, and
 * level links (slopes, pits, stairs) must survive for the level above or
 * below to stay reachable. A constant set, made from the tile table's
 * flags at compile time (a copy is less code than a loop over the
 * tiles). */
#define OVER(id, flags)                                                        \
    (((flags) & (BW_PASS | BW_UP | BW_DOWN)) == BW_PASS && BW_T_##id != BW_T_DOOR && \
     BW_T_##id != BW_T_BROKEN_WALL)
#define OVER0(id, name, glyph, colour, flags, cost) | (OVER(id, flags) ? BW_TILESET_BIT(BW_T_##id, 0) : 0u)
#define OVER1(id, name, glyph, colour, flags, cost) | (OVER(id, flags) ? BW_TILESET_BIT(BW_T_##id, 1) : 0u)
#define OVER2(id, name, glyph, colour, flags, cost) | (OVER(id, flags) ? BW_TILESET_BIT(BW_T_##id, 2) : 0u)
#define OVER3(id, name, glyph, colour, flags, cost) | (OVER(id, flags) ? BW_TILESET_BIT(BW_T_##id, 3) : 0u)
static const bw_rubble_params defaults = {
    BW_T_RUBBLE, 4, 8, 5, 1, 4, /* tile, chunks 4-8, reach 5, sides 1-4 */
    { { 0u BW_TILE_LIST(OVER0), 0u BW_TILE_LIST(OVER1),
        0u BW_TILE_LIST(OVER2), 0u BW_TILE_LIST(OVER3) } }
};

void bw_rubble_defaults(bw_rubble_params *p)
{
    *p = defaults;
}

/* PUT_LICHEN: "may be placed over stone floor tiles but no other type". */
void bw_rubble_lichen_defaults(bw_rubble_params *p)
{
    bw_rubble_defaults(p);
    p->tile = BW_T_LICHEN;
    bw_tileset_clear(&p->over);
    bw_tileset_add(&p->over, BW_T_STONE);
}

/* bw_rubble_put_at's work, melted into it and into bw_rubble_put: a
 * caller links one of the two, without a call between them. START is an
 * int16 (the log's type), saturated by bw_rubble_put_at; bw_rubble_put's
 * is on the map. */
static inline BW_ALWAYS_INLINE int put_at(bw_grid *g, bw_rng *r, const bw_rubble_params *p,
                                          int sx, int sy, bw_rubble_log *log)
{
    int n, i, x, y, changed = 0;
    int hi = bw_min(p->chunks_max, BW_RUBBLE_MAX_CHUNKS);
    n = bw_rng_range(r, bw_min(p->chunks_min, hi), hi);
    if (log) {
        log->sx = (int16_t)sx;
        log->sy = (int16_t)sy;
        log->n = (uint8_t)n;
    }
    for (i = 0; i < n; i++) {
        /* CENTER is drawn within +/- reach of START and then kept on the
         * map; clamping moves it toward START, so the bound still holds. */
        int cx = bw_clamp(sx + bw_rng_range(r, -p->reach, p->reach), 0, g->w - 1);
        int cy = bw_clamp(sy + bw_rng_range(r, -p->reach, p->reach), 0, g->h - 1);
        int len = bw_rng_range(r, p->size_min, p->size_max);
        int wid = bw_rng_range(r, p->size_min, p->size_max);
        /* "around CENTER": CENTER is the middle cell, or the one just
         * left/above the middle when the side is even. */
        bw_rect rc = bw_rect_make(cx - (len - 1) / 2, cy - (wid - 1) / 2,
                                  cx + len / 2, cy + wid / 2);
        int x0 = bw_max(rc.x0, 0), x1 = bw_min(rc.x1, g->w - 1);
        int y0 = bw_max(rc.y0, 0), y1 = bw_min(rc.y1, g->h - 1);
        for (y = y0; y <= y1; y++) {
            uint8_t *row = &BW_AT(g, 0, y);
            for (x = x0; x <= x1; x++)
                if (row[x] != p->tile && BW_TILESET_HAS(&p->over, row[x])) {
                    row[x] = p->tile;
                    changed++;
                }
        }
        if (log) {
            log->c[i].cx = (int16_t)cx;
            log->c[i].cy = (int16_t)cy;
            log->c[i].len = (uint8_t)len;
            log->c[i].wid = (uint8_t)wid;
            log->c[i].rect = rc;
        }
    }
    return changed;
}

int bw_rubble_put_at(bw_grid *g, bw_rng *r, const bw_rubble_params *p,
                     int sx, int sy, bw_rubble_log *log)
{
    /* START as an int16: sx + reach cannot overflow then, and a START
     * that far off the map puts CENTER on the same edge cell as the true
     * one would (reach is at most 255) */
    return put_at(g, r, p, bw_sat16(sx), bw_sat16(sy), log);
}

int bw_rubble_put(bw_grid *g, bw_rng *r, const bw_rubble_params *p,
                  bw_rubble_log *log)
{
    int i, x = 0, y = 0;
    for (i = 0; i < BW_RUBBLE_START_TRIES; i++) {
        x = (int)bw_rng_below(r, g->w);
        y = (int)bw_rng_below(r, g->h);
        if (BW_TILESET_HAS(&p->over, BW_AT(g, x, y)))
            break;
    }
    return put_at(g, r, p, x, y, log);
}
