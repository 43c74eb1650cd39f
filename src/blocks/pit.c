/* PUT_PIT (docs/blocks.md); see include/burrow/pit.h. */
#include "burrow/pit.h"
#include "burrow/geom.h"
#include "burrow/tile.h"
#include "burrow/walk.h"

/* Lattice points per side scanned by bw_pit_place's fallback (both ends
 * included, so the four corners of the usable square are candidates). */
#define PLACE_LATTICE 23
#define LATTICE_CELLS ((PLACE_LATTICE + 1) * (PLACE_LATTICE + 1))

/* Squared distance from (x, y), inside the grid (bw_pit_place), to a
 * seed, whose coordinates are bytes: no overflow, no guard needed. */
static inline BW_ALWAYS_INLINE int32_t seed_d2(int x, int y, int sx, int sy)
{
    return (int32_t)((x - sx) * (x - sx) + (y - sy) * (y - sy));
}

/* The squared distance from (x, y) to the nearest seed of p and of avoid
 * (may be NULL), or -1 if one is nearer than allowed: BW_PIT_SPACING from
 * p's, avoid_dist from avoid's. INT32_MAX if there is none. */
static int32_t nearest(const bw_pit_plan *p, const bw_pit_plan *avoid,
                       int32_t avoid2, int x, int y)
{
    int i;
    int32_t best = INT32_MAX, lim = (int32_t)BW_PIT_SPACING * BW_PIT_SPACING;
    for (; p; p = avoid, avoid = 0, lim = avoid2) /* p's seeds, then avoid's */
        for (i = 0; i < p->n; i++) {
            int32_t d = seed_d2(x, y, p->x[i], p->y[i]);
            if (d < lim)
                return -1;
            best = bw_min(best, d);
        }
    return best;
}

int bw_pit_place(bw_pit_plan *p, bw_rng *r, int want, const bw_pit_plan *avoid,
                 int avoid_dist, int w, int h)
{
    int m = BW_PIT_REACH + 2, k, t;
    int32_t avoid2;
    p->n = 0;
    if (want > BW_PIT_MAX) want = BW_PIT_MAX;
    /* The domain (pit.h), so that w - 1 - m and avoid_dist^2 cannot
     * overflow: a size past the grid is the grid, a map without a cell at
     * the margin from every edge holds no pit, and no two seeds are 1,000
     * apart (their coordinates are bytes). */
    w = bw_min(w, BW_GRID_MAX);
    h = bw_min(h, BW_GRID_ROWS);
    if (w < 2 * m + 1 || h < 2 * m + 1)
        want = 0;
    avoid_dist = bw_clamp(avoid_dist, 0, 1000);
    avoid2 = (int32_t)avoid_dist * avoid_dist;
    for (k = 0; k < want; k++) {
        int32_t bestd = -1;
        /* BW_PIT_PLACE_TRIES random draws, the first admissible one taken
         * (the loop ends there); then the fallback, one loop on: the
         * admissible lattice cell farthest from the others, the first of
         * equals, row by row (nearest is -1 for one too near, so bestd
         * stays -1 until a cell is admissible). */
        for (t = 0; t < BW_PIT_PLACE_TRIES + LATTICE_CELLS; t++) {
            int x, y, c = t - BW_PIT_PLACE_TRIES;
            int32_t near;
            if (c < 0) {
                x = bw_rng_range(r, m, w - 1 - m);
                y = bw_rng_range(r, m, h - 1 - m);
            } else {
                x = m + (int)((unsigned)(w - 1 - 2 * m) * ((unsigned)c % (PLACE_LATTICE + 1)) / PLACE_LATTICE);
                y = m + (int)((unsigned)(h - 1 - 2 * m) * ((unsigned)c / (PLACE_LATTICE + 1)) / PLACE_LATTICE);
            }
            near = nearest(p, avoid, avoid2, x, y);
            if (near > bestd) { /* seed k so far (past p->n: nearest skips it) */
                bestd = near;
                p->x[k] = (uint8_t)x;
                p->y[k] = (uint8_t)y;
                if (c < 0)
                    break;
            }
        }
        if (bestd < 0)
            break; /* no admissible cell: fewer pits */
        p->dir[k] = (uint8_t)bw_rng_below(r, 8);
        p->r[k] = (uint8_t)bw_rng_range(r, BW_PIT_R_MIN, BW_PIT_R_MAX);
        p->n = (uint8_t)(k + 1);
    }
    p->sub = bw_rng_step(r); /* bw_rng_next, inline: no call, and a caller of
                              * the pits need not link bw_rng_next */
    return p->n;
}

/* The half moon is the disc of radius r round the seed minus an equal disc
 * pushed `off` along the direction: its concave, open side faces dir. `off`
 * is the least push that leaves the seed itself outside the second disc
 * (off^2, or 2 off^2 on a diagonal, above r^2 + r): r + 1 along an axis,
 * and 3, 4, 4 on a diagonal for r = 3, 4, 5 (pit_ok's domain). */
BW_STATIC_ASSERT(BW_PIT_R_MIN == 3 && BW_PIT_R_MAX == 5, moon_offsets_for_r_3_to_5);
static int moon_offset(int r, int diagonal)
{
    return diagonal ? bw_min(r, 4) : r + 1;
}

/* Pit k's half moon, worked out once for the many cells tested; inline in
 * its two callers (the mines link one), so the moon stays in registers. */
typedef struct moon { int sx, sy, cx, cy, lim; } moon;

static inline BW_ALWAYS_INLINE void moon_of(const bw_pit_plan *p, int k, moon *mo)
{
    int r = p->r[k], d = p->dir[k];
    int off = moon_offset(r, bw_dx8[d] != 0 && bw_dy8[d] != 0);
    mo->sx = p->x[k];
    mo->sy = p->y[k];
    mo->cx = p->x[k] + off * bw_dx8[d];
    mo->cy = p->y[k] + off * bw_dy8[d];
    mo->lim = r * r + r;
}

static inline BW_ALWAYS_INLINE int in_moon(const moon *mo, int x, int y) /* per cell of a box: inline */
{
    int ax = x - mo->sx, ay = y - mo->sy, bx = x - mo->cx, by = y - mo->cy;
    return ax * ax + ay * ay <= mo->lim && bx * bx + by * by > mo->lim;
}

/* Pit k of the plan is one bw_pit_place could have drawn (pit.h): the
 * guard of every call that takes a pit number, so that a plan out of its
 * domain draws nothing instead of reading past the tables. */
static int pit_ok(const bw_pit_plan *p, int k)
{
    int ok = (unsigned)k < p->n && p->n <= BW_PIT_MAX && p->dir[k] < 8 &&
             (unsigned)(p->r[k] - BW_PIT_R_MIN) <= BW_PIT_R_MAX - BW_PIT_R_MIN;
    BW_ASSERT(ok);
    return ok;
}

int bw_pit_in_half_moon(const bw_pit_plan *p, int k, int x, int y)
{
    moon mo;
    int r;
    if (!pit_ok(p, k))
        return 0; /* no pit k: no half moon */
    /* The moon lies within r of its seed on each axis (r^2 + r < (r + 1)^2),
     * so a farther point is outside it, and those near enough keep the
     * squares in in_moon small: no overflow for any int. */
    r = p->r[k];
    if (x < p->x[k] - r || x > p->x[k] + r || y < p->y[k] - r || y > p->y[k] + r)
        return 0;
    moon_of(p, k, &mo);
    return in_moon(&mo, x, y);
}

void bw_pit_box(const bw_pit_plan *p, int k, int *x0, int *y0, int *x1, int *y1)
{
    int b[4] = { 0, 0, -1, -1 }; /* no pit k: an empty box */
    if (pit_ok(p, k)) {
        b[0] = bw_max(p->x[k] - BW_PIT_REACH, 0);
        b[1] = bw_max(p->y[k] - BW_PIT_REACH, 0);
        b[2] = bw_min(p->x[k] + BW_PIT_REACH, BW_GRID_MAX - 1);
        b[3] = bw_min(p->y[k] + BW_PIT_REACH, BW_GRID_ROWS - 1); /* the grid's last row */
    }
    *x0 = b[0];
    *y0 = b[1];
    *x1 = b[2];
    *y1 = b[3];
}

void bw_pit_moon(bw_grid *g, const bw_pit_plan *p, int k, uint8_t tile)
{
    int sx, sy, r, x, y;
    moon mo;
    if (!pit_ok(p, k))
        return; /* no pit k: nothing drawn */
    r = p->r[k];
    moon_of(p, k, &mo);
    /* the moon seen from its seed: x, y are offsets from it */
    sx = mo.sx;
    sy = mo.sy;
    mo.cx -= sx;
    mo.cy -= sy;
    mo.sx = mo.sy = 0;
    for (y = -r; y <= r; y++)
        for (x = -r; x <= r; x++)
            if ((unsigned)(sx + x) < g->w && (unsigned)(sy + y) < g->h && in_moon(&mo, x, y))
                BW_AT(g, sx + x, sy + y) = tile;
}

/* Cells in a pit's box: a bound on the passes that close its tongues. */
#define BOX_CELLS ((2 * BW_PIT_REACH + 1) * (2 * BW_PIT_REACH + 1))

/* The smoothing's passes count a cell's pit neighbours in a copy of the
 * cells round their region (at most the walks' box and one ring, SNAP x
 * SNAP, row by row): in the caller's plane when it fits there (it does at
 * 120 x 120), else on the stack. A cell holds WAS if it was pit
 * before the Game of Life's generation and NOW if it is pit now, so one
 * sum of the 8 neighbours gives both counts (each at most 8 < NOW). */
#define SNAP (2 * BW_PIT_WALK_BOX + 3)
#define WAS 1
#define NOW 16
typedef uint8_t snap_cells[SNAP * SNAP];
#define SNAP_FITS_A_PLANE (sizeof(snap_cells) <= sizeof(((bw_plane *)0)->w))

/* One pass over lim = (x0, y0)-(x1, y1), the region of the copy `s` less
 * its ring: each cell but a pit or a slope with 5 or more of its 8
 * neighbours pit becomes pit. With `gen` it is the Game of Life's
 * generation (survive BW_PIT_SURVIVE_MIN.., birth BW_PIT_BIRTH_MIN..): the
 * neighbours are counted as they were before it (WAS), and a pit with
 * fewer than BW_PIT_SURVIVE_MIN dies to crumbling dirt. Without, a tongue
 * pass: they are counted as they are (NOW). Returns 1 if it changed a
 * cell. */
static int pass(bw_grid *g, uint8_t tile, const int *lim, uint8_t *s, int gen)
{
    int x, y, changed = 0;
    int x0 = lim[0], y0 = lim[1], x1 = lim[2], y1 = lim[3];
    for (y = y0; y <= y1; y++) {
        uint8_t *c = &BW_AT(g, x0, y), *w = s + (y - y0 + 1) * SNAP + 1;
        for (x = x0; x <= x1; x++, c++, w++) {
            int k;
            if (*c == BW_T_DOWN_SLOPE || *c == BW_T_UP_SLOPE || (*c == tile && !gen))
                continue; /* never replaced; a pit only dies in the generation */
            k = w[-SNAP - 1] + w[-SNAP] + w[-SNAP + 1] + w[-1] + w[1] + w[SNAP - 1] + w[SNAP] + w[SNAP + 1];
            k = gen ? k % NOW : k / NOW;
            if (*c == tile) {
                if (k >= BW_PIT_SURVIVE_MIN) /* survive_max is 8: no upper end */
                    continue;
                *c = BW_T_CRUMBLE_DIRT;
                *w = WAS;
            } else {
                if (k < BW_PIT_BIRTH_MIN) /* birth_max 8 */
                    continue;
                *c = tile;
                *w = NOW;
            }
            changed = 1;
        }
    }
    return changed;
}

/* How far bw_pit_render goes; BW_TESTING stops it early (pit.h). */
enum { STAGE_MOON = 1, STAGE_WALK = 2, STAGE_SMOOTH = 3 };
/* The walk trace of bw_pit_render_traced (BW_TESTING's bw_pit_trace). */
typedef void (*walk_trace)(void *ctx, int walk, int x, int y, int gx, int gy);

typedef struct walk_ctx {
    bw_grid *g;
    int bx, by;           /* the walks' box's top-left corner */
    int x0, y0, x1, y1;   /* the pit tiles laid so far lie inside */
    uint8_t tile;
} walk_ctx;

/* PUT_PIT: pit tiles may be placed over anything except down slopes. */
static int lay_pit(int x, int y, void *vc)
{
    walk_ctx *c = (walk_ctx *)vc;
    if ((unsigned)(x - c->bx) > 2 * BW_PIT_WALK_BOX || (unsigned)(y - c->by) > 2 * BW_PIT_WALK_BOX)
        return 1; /* keeps the pit inside its box: the walk ends here */
    if (BW_AT(c->g, x, y) != BW_T_DOWN_SLOPE) {
        BW_AT(c->g, x, y) = c->tile;
        if (x < c->x0) c->x0 = x;
        if (y < c->y0) c->y0 = y;
        if (x > c->x1) c->x1 = x;
        if (y > c->y1) c->y1 = y;
    }
    return 0;
}

/* PUT_PIT's walks (render's second stage); `box` (x0, y0, x1, y1)
 * receives a box holding every pit tile laid (x1 < 0: none). Melted into
 * render, as the smoothing is: render's one frame is smaller than its
 * frame and a frame of the walks' own, the deepest path before (the walks'
 * state then sits on the stack while the smoothing's passes run, which are
 * less deep than the walk's step). */
static inline BW_ALWAYS_INLINE void pit_walks(bw_grid *g, const bw_pit_plan *p, int k, int *box,
                                  walk_trace trace, void *ctx)
{
    int sx = p->x[k], sy = p->y[k], r = p->r[k], d = p->dir[k]; /* pit_ok, by every caller */
    int dx = bw_dx8[d], dy = bw_dy8[d], px = -dy, py = dx; /* px,py: across */
    int i, walks, across = r - 1;
    bw_rng rng;
    walk_ctx c;
    bw_walk wk;

    /* PUT_PIT, working out from the open side of the crescent:
     * each walk starts on the first cell past the slopes along dir, at a
     * random offset across, and heads outwards. The offset stays where the
     * seed's row across is still slope (for a diagonal dir a step across is
     * sqrt 2 long; r^2 + r bounds the half moon, in_moon), so the start is
     * always just past the crescent. */
    if (dx && dy && r == 5)
        across = 3; /* 2 x 4^2 > 30; every other r of 3..5 (pit_ok) keeps r - 1 */
    bw_rng_stream(&rng, p->sub, (uint32_t)k, 0x70697400u, 0); /* bw_rng_seed of bw_rng_mix */
    c.g = g;
    c.bx = sx - BW_PIT_WALK_BOX;
    c.by = sy - BW_PIT_WALK_BOX;
    c.tile = p->tile;
    c.x0 = c.y0 = BW_GRID_SIDE;
    c.x1 = c.y1 = -1;
    walks = bw_rng_range(&rng, BW_PIT_WALKS_MIN, BW_PIT_WALKS_MAX);
    for (i = 0; i < walks; i++) {
        int t = bw_rng_range(&rng, -across, across), n;
        int ax = sx + t * px, ay = sy + t * py, gx, gy;
        /* the half moon's cells are the down slopes there (bw_pit_moon
         * drew them, a walk never covers one, and the box and its ring hold
         * no other, pit.h): past the moon, at most r + 1 steps on, inside
         * the box, the line meets no slope; else it ends off the map */
        while ((unsigned)ax < g->w && (unsigned)ay < g->h && BW_AT(g, ax, ay) == BW_T_DOWN_SLOPE) {
            ax += dx;
            ay += dy;
        }
        n = bw_rng_range(&rng, r, r + 4);
        gx = sx + n * dx + bw_rng_range(&rng, -r, r) * px;
        gy = sy + n * dy + bw_rng_range(&rng, -r, r) * py;
        /* inside the walk's box and the map at once: the seed is on the
         * map, so the two ranges meet */
        gx = bw_clamp(gx, bw_max(sx - BW_PIT_WALK_BOX + 1, 0), bw_min(sx + BW_PIT_WALK_BOX - 1, g->w - 1));
        gy = bw_clamp(gy, bw_max(sy - BW_PIT_WALK_BOX + 1, 0), bw_min(sy + BW_PIT_WALK_BOX - 1, g->h - 1));
        ax = bw_clamp(ax, 0, g->w - 1);
        ay = bw_clamp(ay, 0, g->h - 1);
        if (trace)
            trace(ctx, i, ax, ay, gx, gy);
        bw_walk_start(&wk, ax, ay, gx, gy, g->w, g->h);
        bw_walk_run(&wk, &rng, lay_pit, &c);
    }
    box[0] = c.x0;
    box[1] = c.y0;
    box[2] = c.x1;
    box[3] = c.y1;
}

/* pass's one generation is the pits' rule and their one generation */
BW_STATIC_ASSERT(BW_PIT_LIFE_GENS == 1 && BW_PIT_SURVIVE_MAX == 8 && BW_PIT_BIRTH_MAX == 8,
                 pit_life_is_one_pass);

/* render's smoothing stage after the walks (melted into render: a frame of
 * its own would only add to the depth below it); c is the walked pit
 * tiles' box (pit_walks). A floor of 0..255 then makes the pit the level
 * below's (bw_pit_put_below); -1 leaves it. */
static inline BW_ALWAYS_INLINE void pit_smooth(bw_grid *g, const bw_pit_plan *p, int k,
                                   const int *c, bw_plane *scratch, int floor)
{
    int x, y, i, lim[4]; /* the walked tiles' box, inside the map's edge */
    snap_cells local; /* only where the plane is too small (SNAP_FITS_A_PLANE) */
    uint8_t *was = SNAP_FITS_A_PLANE ? (uint8_t *)(void *)scratch->w : local;

    /* The smoothing, BW_PIT_LIFE_GENS (1) generation of the Game of Life;
     * slopes are never replaced. The generation counts the neighbours
     * before it, so it can leave a cell with 5 or more pit neighbours. No
     * tongue of ground reaches into the pit: such cells become pit, pass
     * after pass until none is left. A cell outside the pit tiles' box has
     * at most 3 neighbours in it, so neither the generation's births nor
     * the passes leave the walked tiles' box (the pit's box has no other
     * pit tile, pit.h): they all run inside it, off the map's edge (a pit's
     * box keeps off it). Each pass that changes a cell adds a pit cell to
     * the box, so the box's area bounds the passes; a generation that
     * changes nothing leaves no cell for a tongue pass (its births and the
     * tongues' cells have the same count then). No walked tile (c[2] < 0):
     * an empty box, no pass looks at a cell. */
    lim[0] = bw_max(c[0], 1);
    lim[1] = bw_max(c[1], 1);
    lim[2] = bw_min(c[2], g->w - 2);
    lim[3] = bw_min(c[3], g->h - 2);
    /* the copy: lim and one ring, all on the map */
    for (y = 0; y < lim[3] - lim[1] + 3; y++) {
        const uint8_t *row = &BW_AT(g, lim[0] - 1, lim[1] - 1 + y);
        for (x = 0; x < lim[2] - lim[0] + 3; x++)
            was[y * SNAP + x] = row[x] == p->tile ? WAS + NOW : 0;
    }
    for (i = 0; i <= BOX_CELLS && pass(g, p->tile, lim, was, i == 0); i++)
        ; /* the generation (i = 0), then the tongue passes */
    if (floor < 0)
        return;
    /* bw_pit_put_below: the half moon's down slopes become up slopes, and
     * every pit and crumbling dirt tile floor: the walked tiles and the
     * smoothing's all lie in lim and its ring */
    bw_pit_moon(g, p, k, BW_T_UP_SLOPE);
    for (y = lim[1] - 1; y <= lim[3] + 1; y++) {
        uint8_t *w = &BW_AT(g, lim[0] - 1, y), *e = w + (lim[2] - lim[0] + 2);
        for (; w <= e; w++)
            if (*w == p->tile || *w == BW_T_CRUMBLE_DIRT)
                *w = (uint8_t)floor;
    }
}

/* bw_pit_render, stopped after `stage` (BW_TESTING). Inline in each
 * caller: put, the one the mines link, then needs no call and one frame. */
static inline BW_ALWAYS_INLINE void render(bw_grid *g, const bw_pit_plan *p, int k, int stage,
                                           bw_plane *scratch, walk_trace trace, void *ctx,
                                           int floor)
{
    int c[4]; /* the walked pit tiles' box (pit_walks) */

    /* The seed grown into a half moon of down slopes. */
    bw_pit_moon(g, p, k, BW_T_DOWN_SLOPE);
    if (stage < STAGE_WALK)
        return;
    pit_walks(g, p, k, c, trace, ctx);
    if (stage < STAGE_SMOOTH)
        return;
    pit_smooth(g, p, k, c, scratch, floor);
}

void bw_pit_render(bw_grid *g, const bw_pit_plan *p, int k, bw_plane *scratch)
{
    if (pit_ok(p, k))
        render(g, p, k, STAGE_SMOOTH, scratch, 0, 0, -1);
}

#ifdef BW_TESTING
BW_STATIC_ASSERT((int)STAGE_MOON == (int)BW_PIT_STAGE_MOON && (int)STAGE_WALK == (int)BW_PIT_STAGE_WALK &&
                 (int)STAGE_SMOOTH == (int)BW_PIT_STAGE_SMOOTH, pit_stages_match);

void bw_pit_render_traced(bw_grid *g, const bw_pit_plan *p, int k, int stage,
                          bw_plane *scratch, bw_pit_trace trace, void *ctx)
{
    if (pit_ok(p, k))
        render(g, p, k, stage, scratch, trace, ctx, -1);
}
#endif

BW_STATIC_ASSERT(BW_PIT_R_MAX <= BW_PIT_REACH, half_moon_inside_the_box);

/* bw_pit_put (floor -1: no level below) and bw_pit_put_below (floor a
 * tile, 0..255): one loop, its arguments in put_below's order (a tail
 * call). */
static BW_NOINLINE void put(bw_grid *g, const bw_pit_plan *p, int floor, bw_plane *scratch)
{
    int k;
    for (k = 0; k < p->n; k++) {
        if (!pit_ok(p, k))
            continue; /* no such pit: skipped (pit.h) */
        render(g, p, k, STAGE_SMOOTH, scratch, 0, 0, floor);
    }
}

void bw_pit_put(bw_grid *g, const bw_pit_plan *p, bw_plane *scratch)
{
    put(g, p, -1, scratch);
}

void bw_pit_put_below(bw_grid *g, const bw_pit_plan *p, uint8_t floor,
                      bw_plane *scratch)
{
    put(g, p, floor, scratch);
}
