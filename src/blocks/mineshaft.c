/* DRUNKEN_MINESHAFT (docs/blocks.md). The walker's 8 moves are weighted by
 * their dot product with the fixed start-to-goal vector u (moves that do
 * not advance along u weigh 0), so every move advances along u and the
 * walk drifts sideways like Drunken Walk, but nothing pulls it back toward
 * the goal: only the error rule bounds how far it strays. A diagonal move
 * is carved as two orthogonal steps (two records) so the shaft stays
 * 4-connected for the flood fill. */
#include "burrow/mineshaft.h"
#include "burrow/geom.h"

typedef struct shaft {
    bw_map *m;
    bw_rng *r;
    const bw_mineshaft *p;
    bw_mineshaft_stats st;    /* counted with BW_TRACE only, but for `steps`
                                 and `carved` (config.h, mineshaft.h) */
    int sx, sy, ux, uy;       /* start and the start-to-goal vector */
    int32_t len2;             /* |u|^2 */
    unsigned iw, ih;          /* the map minus its outer ring: 1..iw, 1..ih */
    int n;                    /* BW_TRACE: records the history holds (only
                                 the target is stored), for stats.dropped */
    int back;                 /* BW_TRACE: which of them (0: the oldest) is
                                 the target */
    int16_t dot[8];           /* each move's weight (0: it does not advance):
                                 its dot product with w = u over gcd(ux, uy),
                                 so the weights depend on the direction
                                 alone, not on the distance */
    bw_mineshaft_step target; /* the backup target: the latest record with
                                 error < BW_MINESHAFT_ERR_RESUME (its err
                                 unused) */
} shaft;

BW_STATIC_ASSERT(BW_MINESHAFT_HISTORY >= 2 && BW_MINESHAFT_HISTORY <= 255, history_fits_param);

/* The defaults, one constant copied (less code than a store per field). */
static const bw_mineshaft defaults = {
    .floor = BW_T_STONE,
    .wall = BW_T_ROCK,
    .min_width = 1,
    .max_width = 4,
    .width_change = 3,
    .widen = 8,
    .history = BW_MINESHAFT_HISTORY,
    .max_steps = BW_MINESHAFT_MAX_STEPS,
    .carve = BW_MINESHAFT_CARVE_SET,
    .trace = 0,
    .trace_ctx = 0
};

void bw_mineshaft_defaults(bw_mineshaft *p)
{
    *p = defaults;
}

/* cross^2 / |u|^2 is the squared distance from (x, y) to the start-goal
 * line; compared exactly, in integers (|cross| <= 2 * 119^2 < 2^15, so
 * its square fits). */
static uint32_t cross2(const shaft *s, int x, int y)
{
    int32_t c = (int32_t)(x - s->sx) * s->uy - (int32_t)(y - s->sy) * s->ux;
    return (uint32_t)(c * c);
}

/* The error: the floor of that distance (0 when the start is the goal),
 * for the trace and the stats only: the walk compares squares. */
static int err_floor(const shaft *s, uint32_t c2)
{
    uint32_t q = s->len2 > 0 ? c2 / (uint32_t)s->len2 : 0, e = 0;
    while ((e + 1) * (e + 1) <= q)
        e++;
    return (int)e;
}

/* The trace hook (config.h: BW_TRACE), with the error of (x, y). */
static void trace(shaft *s, int event, int x, int y, int width)
{
    bw_mineshaft_step k;
    if (!BW_TRACE || !s->p->trace)
        return;
    k.x = (uint8_t)x;
    k.y = (uint8_t)y;
    k.width = (uint8_t)width;
    k.err = (uint8_t)err_floor(s, cross2(s, x, y));
    s->p->trace(s->p->trace_ctx, event, &k);
}

/* A statistic: counted only with BW_TRACE (mineshaft.h). */
#define STAT(e) do { if (BW_TRACE) { e; } } while (0)

static int inside(const shaft *s, int x, int y)
{
    return (unsigned)(x - 1) < s->iw && (unsigned)(y - 1) < s->ih;
}

/* Replaces the four `wall` tiles nearest the up slope at (x, y), by
 * Pythagorean distance (ties: nearer ring, then scan order), looking out to
 * BW_MINESHAFT_WALL_RADIUS; fewer if fewer are that close. Each round takes
 * the nearest wall left (the ones opened before are floor now): rare, so
 * four scans of the square beat keeping a sorted list in code size. */
static void open_walls(shaft *s, int x, int y)
{
    int j, cx, cy;
    for (j = 0; j < 4; j++) {
        int32_t best = INT32_MAX;
        int bx = 0, by = 0;
        for (cy = y - BW_MINESHAFT_WALL_RADIUS; cy <= y + BW_MINESHAFT_WALL_RADIUS; cy++)
            for (cx = x - BW_MINESHAFT_WALL_RADIUS; cx <= x + BW_MINESHAFT_WALL_RADIUS; cx++)
                if (inside(s, cx, cy) && BW_AT(&s->m->grid, cx, cy) == s->p->wall) {
                    /* by the squared distance, then the squared ring
                     * (Chebyshev, 36 at most, below the 64), then the scan
                     * order (strict <); key 0 is the slope itself */
                    int dx = cx - x, dy = cy - y;
                    int32_t key = (dx * dx + dy * dy) * 64 + bw_max(dx * dx, dy * dy);
                    if (key > 0 && key < best) {
                        best = key;
                        bx = cx;
                        by = cy;
                    }
                }
        if (bx == 0) /* none found (a wall found lies off the outer ring) */
            return;
        BW_AT(&s->m->grid, bx, by) = s->p->floor;
        STAT(s->st.walls++);
        s->st.carved++;
        trace(s, BW_MINESHAFT_WALL, bx, by, 1);
    }
}

/* Carves the width x width brush at (x, y): the centre always, the other
 * cells only off the map's outer ring. Up slopes are never overwritten;
 * the first one the brush meets triggers the four-walls rule instead. */
static void brush(shaft *s, int x, int y, int width)
{
    int lo = (width - 1) >> 1, cx, cy, slx = -1, sly = 0; /* (width 0: no cells either way) */
    for (cy = y - lo; cy < y - lo + width; cy++)
        for (cx = x - lo; cx < x - lo + width; cx++) {
            uint8_t *t;
            if (!(cx == x && cy == y) && !inside(s, cx, cy))
                continue;
            t = &BW_AT(&s->m->grid, cx, cy);
            if (*t == BW_T_UP_SLOPE) {
                if (slx < 0) {
                    slx = cx;
                    sly = cy;
                }
            } else if (BW_TILESET_HAS(&s->p->carve, *t) && *t != s->p->floor) {
                *t = s->p->floor;
                s->st.carved++;
            }
        }
    if (slx >= 0) {
        STAT(s->st.slope_hits++);
        trace(s, BW_MINESHAFT_SLOPE, slx, sly, 1);
        open_walls(s, slx, sly);
    }
}

/* Records a kept step whose cross product squared is c2. A backup only
 * ever returns to the latest record with error < BW_MINESHAFT_ERR_RESUME,
 * so that one record is all the history stores. The rest is bookkeeping
 * for the stats (BW_TRACE): the records are counted, and a full history
 * drops its oldest record unless that is the target (then the next oldest
 * goes): the target is never lost, and `dropped` counts the drops. */
static void push(shaft *s, int x, int y, int width, uint32_t c2)
{
    const int resume = c2 < (uint32_t)(BW_MINESHAFT_ERR_RESUME * BW_MINESHAFT_ERR_RESUME) * (uint32_t)s->len2;
    if (BW_TRACE) {
        int cap = s->p->history, e = err_floor(s, c2);
        if (cap < 2 || cap > BW_MINESHAFT_HISTORY)
            cap = BW_MINESHAFT_HISTORY;
        if (s->n >= cap) {
            if (s->back > 0)
                s->back--;
            s->n--;
            s->st.dropped++;
        }
        if (resume)
            s->back = s->n;
        s->n++;
        if (e > s->st.max_err)
            s->st.max_err = (uint8_t)e;
    }
    if (resume) {
        s->target.x = (uint8_t)x;
        s->target.y = (uint8_t)y;
        s->target.width = (uint8_t)width;
    }
}

/* The way to the goal: 4-connected steps, each one cutting the Manhattan
 * distance (so at most w + h of them), along the axis with more left to
 * go (x on a tie): a diagonal staircase until one axis is done, then
 * straight on. */
static void straight(shaft *s, int x, int y, int gx, int gy, int width)
{
    for (;;) {
        int ax = gx - x, ay = gy - y;
        brush(s, x, y, width);
        STAT(s->st.straight++);
        trace(s, BW_MINESHAFT_STRAIGHT, x, y, width);
        if (ax == 0 && ay == 0)
            break;
        if ((ax < 0 ? -ax : ax) >= (ay < 0 ? -ay : ay))
            x += ax < 0 ? -1 : 1;
        else
            y += ay < 0 ? -1 : 1;
    }
}

/* The greatest common divisor of |a| and |b|; 1 for two zeros. Euclid:
 * at most ~10 rounds below 120. */
static int gcd(int a, int b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a != 0 ? a : 1;
}

/* Picks a move: weight = dot product with u, 0 for moves that do not
 * advance or that leave the inner map. Returns the direction or -1. */
static int pick_move(shaft *s, int x, int y)
{
    int32_t upto[8], total = 0, pick; /* upto[d]: the weights of moves 0..d, summed */
    int d;
    for (d = 0; d < 8; d++) {
        if (s->dot[d] && inside(s, x + bw_dx8[d], y + bw_dy8[d]))
            total += s->dot[d];
        upto[d] = total;
    }
    if (total == 0)
        return -1;
    pick = (int32_t)bw_rng_below(s->r, (uint32_t)total);
    for (d = 0; pick >= upto[d]; d++) /* pick < total: stops by d = 7 */
        ;
    return d;
}

int bw_mineshaft_run(bw_map *m, bw_rng *r, const bw_mineshaft *p,
                     int x0, int y0, int x1, int y1, bw_mineshaft_stats *st)
{
    shaft s;
    int x = x0, y = y0, width, k, wx, wy; /* w: u over gcd(ux, uy) */
    int ydue = 0; /* the y step of a diagonal move, still to come */
    uint32_t c2 = 0; /* the step just carved: its cross product squared */
    BW_ASSERT(m && r && p);
    s.m = m;
    s.r = r;
    s.p = p;
    s.st.steps = s.st.backups = s.st.dropped = s.st.straight = 0;
    s.st.slope_hits = s.st.walls = s.st.carved = 0;
    s.st.max_err = s.st.fallback = 0;
    /* an end off the map: nothing carved (mineshaft.h) */
    if ((unsigned)x0 >= (unsigned)m->grid.w || (unsigned)y0 >= (unsigned)m->grid.h ||
        (unsigned)x1 >= (unsigned)m->grid.w || (unsigned)y1 >= (unsigned)m->grid.h) {
        BW_ASSERT(0);
        goto done; /* carved is 0 */
    }
    s.sx = x0;
    s.sy = y0;
    s.ux = x1 - x0;
    s.uy = y1 - y0;
    s.len2 = (int32_t)s.ux * s.ux + (int32_t)s.uy * s.uy;
    k = gcd(s.ux, s.uy);
    wx = s.ux / k;
    wy = s.uy / k;
    s.iw = (unsigned)bw_max(m->grid.w - 2, 0); /* none on a map 1 or 2 wide */
    s.ih = (unsigned)bw_max(m->grid.h - 2, 0);
    STAT(s.n = 0);
    for (k = 0; k < 8; k++) { /* the moves toward the goal: their dot product with w */
        int32_t dot = (int32_t)bw_dx8[k] * wx + (int32_t)bw_dy8[k] * wy;
        s.dot[k] = (int16_t)(dot > 0 ? dot : 0);
    }
    width = bw_rng_range(r, p->min_width, p->max_width);
    for (;;) { /* a step (the start first): carved, then kept or backed from */
        brush(&s, x, y, width);
        trace(&s, BW_MINESHAFT_CARVE, x, y, width);
        /* error over 10 (the distance, not its floor) */
        if (c2 > (uint32_t)(BW_MINESHAFT_ERR_MAX * BW_MINESHAFT_ERR_MAX) * (uint32_t)s.len2) {
            /* back up, filling nothing in, to the latest record with
             * error < 6 (push() keeps it) */
            STAT(s.n = s.back + 1);
            x = s.target.x;
            y = s.target.y;
            width = s.target.width;
            ydue = 0;
            STAT(s.st.backups++);
            trace(&s, BW_MINESHAFT_BACKUP, x, y, width);
        } else {
            push(&s, x, y, width, c2);
        }
        if (ydue) { /* the second step of a diagonal move */
            y += ydue;
            ydue = 0;
        } else {
            int d;
            /* walks until its position along u reaches the goal's
             * (measured from the goal: (p - goal) . u >= 0; at once when
             * the start is the goal: no backup, no record, then the
             * direct way of no steps) */
            if ((int32_t)(x - x1) * s.ux + (int32_t)(y - y1) * s.uy >= 0)
                break;
            d = s.st.steps < p->max_steps ? pick_move(&s, x, y) : -1;
            if (d < 0) {
                STAT(s.st.fallback = 1);
                break;
            }
            if (bw_rng_chance(r, p->width_change, 16))
                /* the top 4 bits of one draw: with widen 8 the same
                 * draw and answer as an even coin (bw_rng_below(r, 2)) */
                width = bw_clamp(width + (bw_rng_below(r, 16) >= 16u - p->widen ? 1 : -1),
                                 p->min_width, p->max_width);
            /* a diagonal is two steps, x first */
            x += bw_dx8[d];
            if (bw_dx8[d])
                ydue = bw_dy8[d];
            else
                y += bw_dy8[d];
        }
        s.st.steps++;
        c2 = cross2(&s, x, y);
    }
    /* past the goal's line position (error <= 10) or out of steps */
    straight(&s, x, y, x1, y1, width);
done:
    if (st)
        *st = s.st;
    return s.st.carved;
}
