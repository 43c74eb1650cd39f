/* PUT_TERRAIN_STREAMER_WATER (docs/blocks.md; mines rule 1.3.3). */
#include "burrow/streamer.h"
#include "burrow/walk.h"
#include "burrow/geom.h"
#include "burrow/plane.h"

/* The walls a streamer starts in, a constant set (a copy is less code than
 * three adds). */
#define WALLS(k) (BW_TILESET_BIT(BW_T_ROCK, k) | BW_TILESET_BIT(BW_T_BWALL, k) | \
                  BW_TILESET_BIT(BW_T_CRUMBLE_WALL, k))
static const bw_tileset walls = { { WALLS(0), WALLS(1), WALLS(2), WALLS(3) } };

void bw_streamer_defaults(bw_streamer_params *p)
{
    p->shallow = BW_T_SHALLOW;
    p->deep = BW_T_DEEP;
    p->end_far = 20;
    p->line_near = 10;
    p->deep_min = 12;
    p->count = 4;
    p->dry_walls = 0;
    p->min_span = 0;
    p->wall = walls;
    p->up_in = 0;
    p->up_in_n = 0;
    p->trace = 0;
    p->trace_ctx = 0;
}

/* Marks every cell with dist^2 <= r2 to an up slope. A horizontal run of
 * slopes xa..xb is stamped as one capsule: on row y+dy its reach is
 * xa-h..xb+h with h = isqrt(r2 - dy^2), so a 20-wide half-moon costs one
 * stamp per row of it, not one disc per slope tile. The result is the
 * union of the discs round the slopes, however the runs are split, so
 * only the boxes p->up_in name (the whole map without them) are scanned.
 * One path in both builds: a batch of runs merged a target row at a time
 * was a little faster and more code. */

static void near_up(bw_map *m, bw_plane *out, int32_t r2, const bw_streamer_params *p)
{
    const bw_grid *g = &m->grid;
    /* h for |dy| = 0..119 at 120 x 120 (rows past that are off the map);
     * r2 is at most 255^2 (prepare's distances are bytes), so h fits a byte */
    uint8_t half[BW_GRID_SIDE];
    int rad = bw_min(bw_isqrt(r2), BW_GRID_SIDE - 1), h, x, y, dy, k;
    /* without p->up_in, one box: the whole grid (clipped to the map below) */
    static const bw_rect all = { 0, 0, BW_GRID_SIDE - 1, BW_GRID_SIDE - 1 };
    const bw_rect *box = p->up_in ? p->up_in : &all;
    int boxes = p->up_in ? p->up_in_n : 1;
    for (dy = 0; dy <= rad; dy++)
        half[dy] = (uint8_t)bw_isqrt(r2 - (int32_t)dy * dy);
    bw_plane_clear(out);
    for (k = 0; k < boxes; k++) {
        int x0 = bw_max(box[k].x0, 0), y0 = bw_max(box[k].y0, 0);
        int x1 = bw_min(box[k].x1, g->w - 1), y1 = bw_min(box[k].y1, g->h - 1);
        for (y = y0; y <= y1; y++)
            for (x = x0; x <= x1; x++) {
                int xa = x;
                if (!(BW_TILE_FLAGS(BW_AT(g, x, y)) & BW_UP))
                    continue;
                while (x + 1 <= x1 && (BW_TILE_FLAGS(BW_AT(g, x + 1, y)) & BW_UP))
                    x++;
                for (dy = -rad; dy <= rad; dy++) { /* rows above 0 and columns left of 0: clipped */
                    h = half[bw_abs(dy)];
                    if (y + dy < g->h)
                        bw_plane_span(out, y + dy, xa - h, bw_min(x + h, g->w - 1));
                }
            }
    }
}

void bw_streamer_prepare(bw_map *m, const bw_streamer_params *p)
{
    /* "cannot be less than 20 squares": too near is dist^2 < 20^2 */
    near_up(m, &m->b, (int32_t)p->end_far * p->end_far - 1, p);
    /* "pass within 10 squares": too near is dist^2 <= 10^2 */
    near_up(m, &m->a, (int32_t)p->line_near * p->line_near, p);
}

/* A random cell that is (want_wall) or is not in p->wall, and not too near
 * an up slope, as x + 256 y (a cell's coordinates are bytes); -1 if
 * BW_STREAMER_PICK_TRIES draws found none. */
static int pick(bw_map *m, bw_rng *r, const bw_streamer_params *p, int want_wall)
{
    int i;
    for (i = 0; i < BW_STREAMER_PICK_TRIES; i++) {
        int x = (int)bw_rng_below(r, m->grid.w), y = (int)bw_rng_below(r, m->grid.h);
        if ((int)BW_TILESET_HAS(&p->wall, BW_AT(&m->grid, x, y)) == want_wall &&
            !BW_PGET(&m->b, x, y))
            return x + 256 * y;
    }
    return -1;
}

static int too_near(int x, int y, void *ctx)
{
    return (int)BW_PGET((const bw_plane *)ctx, x, y);
}

typedef struct paint_ctx { bw_grid *g; const bw_streamer_params *p; } paint_ctx;

static int paint(int x, int y, void *ctx)
{
    paint_ctx *c = (paint_ctx *)ctx;
    uint8_t t = BW_AT(c->g, x, y);
    /* level links stay (the line is > 10 from up slopes anyway, but it may
     * cross a down slope or a pit), and deep water stays deep */
    if (!(BW_TILE_FLAGS(t) & (BW_UP | BW_DOWN)) && t != c->p->deep &&
        !(c->p->dry_walls && BW_TILESET_HAS(&c->p->wall, t)))
        BW_AT(c->g, x, y) = c->p->shallow;
    return 0;
}

static void trace(const bw_streamer_params *p, int round, int nth, int laid,
                  int sx, int sy, int ex, int ey)
{
    bw_streamer_line l;
    if (!BW_TRACE || !p->trace) /* config.h */
        return;
    l.round = (uint8_t)round;
    l.nth = (uint8_t)nth;
    l.laid = (uint8_t)laid;
    l.sx = (int16_t)sx;
    l.sy = (int16_t)sy;
    l.ex = (int16_t)ex;
    l.ey = (int16_t)ey;
    p->trace(p->trace_ctx, &l);
}

int bw_streamer_put(bw_map *m, bw_rng *r, const bw_streamer_params *p,
                    bw_streamer_report *rep)
{
    bw_streamer_report dummy;
    int round, k, sx, sy, ex, ey;
    bw_walk wk;
    if (!rep)
        rep = &dummy;
    rep->ok = 0;
    rep->rounds = 0;
    rep->throws = 0;
    rep->tiles = 0;
    rep->sx = rep->sy = rep->ex = rep->ey = -1;
    for (round = 0; round < BW_STREAMER_ROUNDS; round++) {
        int s, e; /* the ends, x + 256 y (pick) */
        rep->rounds++;
        s = pick(m, r, p, 1);
        e = s < 0 ? -1 : pick(m, r, p, 0);
        if (e < 0)
            continue; /* a new round: new ends */
        sx = s % 256;
        sy = s / 256;
        ex = e % 256;
        ey = e / 256;
        if (bw_dist2(sx, sy, ex, ey) < (int32_t)p->min_span * p->min_span)
            continue;
        for (k = 0; k < BW_STREAMER_THROWS; k++) {
            /* The walk reads nothing from the grid, so a line is checked by
             * walking it and laid by walking it again from the same rng
             * state: no buffer for the line's tiles. */
            bw_rng saved = *r;
            paint_ctx c;
            bw_walk_start(&wk, sx, sy, ex, ey, m->grid.w, m->grid.h);
            bw_walk_run(&wk, r, too_near, &m->a);
            if (wk.x != ex || wk.y != ey || BW_PGET(&m->a, wk.x, wk.y)) {
                rep->throws++;   /* "thrown away and recalculated" */
                trace(p, round, k, 0, sx, sy, ex, ey);
                continue;
            }
            *r = saved;
            c.g = &m->grid;
            c.p = p;
            bw_walk_start(&wk, sx, sy, ex, ey, m->grid.w, m->grid.h);
            rep->tiles = (uint16_t)(bw_walk_run(&wk, r, paint, &c) + 1);
            rep->ok = 1;
            rep->sx = (int16_t)sx;
            rep->sy = (int16_t)sy;
            rep->ex = (int16_t)ex;
            rep->ey = (int16_t)ey;
            trace(p, round, k, 1, sx, sy, ex, ey);
            return 1;
        }
        /* three throws: "a new start and end point are calculated" */
    }
    return 0;
}

int bw_streamer_water24(const bw_grid *g, const bw_streamer_params *p, int x, int y)
{
    int dx, dy, n = 0;
    for (dy = -3; dy <= 3; dy++)
        for (dx = (dy < 0 ? -dy : dy) - 3; dx <= 3 - (dy < 0 ? -dy : dy); dx++) {
            /* unsigned: any x, y (no overflow), and one compare a side
             * finds the cells off the map, below 0 wrapping past w */
            unsigned xx = (unsigned)x + (unsigned)dx, yy = (unsigned)y + (unsigned)dy;
            uint8_t t;
            if ((!dx && !dy) || xx >= g->w || yy >= g->h)
                continue;
            t = BW_AT(g, xx, yy);
            n += t == p->shallow || t == p->deep;
        }
    return n;
}

#if BW_FAST
/* The same count from the water plane, for any cell of the plane: the rows
 * y-3..y+3 of the diamond are 1, 3, 5, 7 (less the centre), 5, 3, 1 wide;
 * their seven 7-bit windows (less the columns and rows off the map) are
 * packed into one word without overlap and counted at once. */
static BW_NOINLINE int water24_plane(const bw_plane *w, int x, int y, int gw, int gh)
{
    /* row y - 3 + k: the bits its window keeps, and where they go */
    static const uint8_t keep[7] = { 0x08, 0x1C, 0x3E, 0x77, 0x3E, 0x1C, 0x08 };
    static const uint8_t at[7] = { 26, 21, 7, 0, 14, 24, 27 };
    /* the window's columns off the map on the left (read from column 0
     * and shifted) and on the right (masked off: all 7 for a cell past
     * the right edge, which a plane of tiles may hold); its rows off the
     * map are not read */
    int lo = x < 3 ? 3 - x : 0, hi = x + 4 > gw ? bw_min(x + 4 - gw, 7) : 0, k;
    uint32_t v = 0, cols = (0x7fu << lo) & (0x7fu >> hi);
    for (k = 0; k < 7; k++) {
        unsigned b = BW_BIT(x - 3 + lo, y - 3 + k), i = b >> 5, off = b & 31;
        uint32_t row;
        if ((unsigned)(y - 3 + k) >= (unsigned)gh)
            continue;
        row = w->w[i] >> off;
        if (off > 32 - 7 && i + 1 < BW_PLANE_WORDS) /* the window's bits in two words */
            row |= w->w[i + 1] << (32 - off);
        v |= (row << lo & keep[k] & cols) << at[k];
    }
    return bw_popcount32(v);
}
#endif

int bw_streamer_deepen_water(bw_map *m, const bw_streamer_params *p, const bw_plane *water)
{
    bw_grid *g = &m->grid;
    int i, deepened = 0;
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        uint32_t v = water->w[i];
        while (v) {
            int c = i * 32 + bw_low_bit(v), x = c % BW_GRID_MAX, y = c / BW_GRID_MAX, n;
            v &= v - 1u;
            if (g->cell[c] != p->shallow)
                continue;
#if BW_FAST
            n = water24_plane(water, x, y, g->w, g->h);
#else
            n = bw_streamer_water24(g, p, x, y);
#endif
            if (n >= p->deep_min) {
                g->cell[c] = p->deep;
                deepened++;
            }
        }
    }
    return deepened;
}

int bw_streamer_deepen(bw_map *m, const bw_streamer_params *p)
{
    bw_plane_of_tiles(&m->a, &m->grid, p->shallow, p->deep);
    return bw_streamer_deepen_water(m, p, &m->a);
}

int bw_streamer_put_many(bw_map *m, bw_rng *r, const bw_streamer_params *p)
{
    int i, laid = 0;
    bw_streamer_prepare(m, p);
    for (i = 0; i < p->count; i++)
        laid += bw_streamer_put(m, r, p, 0);
    bw_streamer_deepen(m, p);
    return laid;
}
