/* The Underground Forest (rules 4.1 - 4.8, 4.5.1 - 4.5.4, docs/forest.md);
 * see include/burrow/forest.h.
 *
 * The trunk plan comes from the seed alone, so every level draws the same
 * trunks. DLVL 5 paints roots, trunk and gaps round each, then makes sure
 * every open square is joined and strews lichen. DLVL 1-4 grow each tree's
 * canopy from its own streams (seed, level, tree): 4-5 spokes, each with
 * the twigs it has room for in the halo plane (a spoke with four or more
 * forks, else it is a twig itself), reported to a callback as drawn. Then
 * the mushrooms and tops, the twig ends read off the grid with their ray
 * vines and their own leaves, and the bridges that join every tree. The
 * mushrooms come from (seed, level) and the spokes alone, so a level
 * needs no other level's canopy for its tops. */
#include <stddef.h>

#include "burrow/forest.h"
#include "burrow/fill.h"
#include "burrow/geom.h"
#include "burrow/rubble.h"

/* The forest needs a 120 x 120 grid, its rows being exactly the stride. */
BW_STATIC_ASSERT(BW_MAP_W == BW_FOREST_W && BW_MAP_H >= BW_FOREST_H,
                 forest_needs_BW_MAP_W_120_and_BW_MAP_H_120);

/* The hooks are BW_TESTING only (config.h): without it the pointer is
 * always NULL and its type stays incomplete. */
#ifdef BW_TESTING
#define CLOSED(h) ((h) ? (h)->closed : 0u)
#else
typedef struct bw_forest_hooks bw_forest_hooks;
#define CLOSED(h) 0u
#endif

/* Purposes for bw_rng_stream(seed, BW_GEN_FOREST, level, purpose); a
 * tree's branches use P_CANOPY + its index, its leaves P_LEAVES + it. */
enum { P_TRUNKS = 1, P_ROOTS = 2, P_LICHEN = 3, P_MUSHROOMS = 4, P_CANOPY = 8, P_LEAVES = 16, P_SPOKES = 24 };

/* |v| of the small ints here (squares, steps: never INT_MIN): a macro,
 * since built for size GCC calls bw_abs, as costly as the test. */
#define ABS(v) ((v) < 0 ? -(v) : (v))

/* A square's name, y * 120 + x, as an int (BW_BIT's is unsigned). */
#define SQUARE(x, y) ((int)BW_BIT(x, y))

/* Branch ends are kept this far inside the map, so the widest branch (one
 * square each side of its centre line) stays on it. */
#define EDGE 2

/* DLVL 5. Roots: a ring 2..3 wide round the trunk (a disc of radius up to
 * 6 + 3 = 9), then 5..8 buttress roots running 1..4 further out, 1..2 wide.
 * Everything a tree paints lies within dist^2 REACH2 of its centre: the
 * farthest square, over every direction, ring, length and width, is a
 * buttress of the widest ring 4 long in direction 3, shifted one across,
 * at (11, 8): dist^2 185, the most over all 1,024 cases (rings 6..9, 32
 * directions, lengths 1..4, widths 1..2). REACH = 14 is the least radius
 * past it. 1..3 gaps through the roots, each a 2-wide line of grass from
 * the trunk out to REACH, whose centre line ends at dist^2 194..208 (over
 * the 32 directions): past its own tree's reach and, other centres being
 * APART or more away, over 29 - 14.5 from them, past theirs too. */
#define ROOT_W_MIN 2
#define ROOT_W_MAX 3
#define BUTTRESS_MIN 5
#define BUTTRESS_MAX 8
#define BUTTRESS_LEN 4
#define REACH2 185
#define REACH 14
#define GAPS_MIN 1
#define GAPS_MAX 3
/* Lichen patches (PUT_LICHEN over grass) on DLVL 5. */
#define LICHEN_MIN 22
#define LICHEN_MAX 30

/* The plan's spacing and margin (bw_forest_trunks: a 40-square lattice,
 * offsets 14..25 into a cell). REACH is past every square a tree paints;
 * a square REACH from a centre along an axis is on the map, and one REACH
 * + 1 out along an axis (the fallback's cut) is past every other tree,
 * whose centres are APART or more away on that axis or 28 off it. */
#define APART 29
#define MARGIN 14
BW_STATIC_ASSERT(REACH * REACH > REACH2 && REACH <= MARGIN &&
                 (APART - REACH - 1) * (APART - REACH - 1) > REACH2 &&
                 (BW_FOREST_TRUNK_R_MAX + ROOT_W_MAX + BUTTRESS_LEN) *
                 (BW_FOREST_TRUNK_R_MAX + ROOT_W_MAX + BUTTRESS_LEN) <= REACH2,
                 forest_reach_fits);


/* ------------------------------------------------------------ the plan */

void bw_forest_trunks(uint32_t seed, bw_forest_plan *p)
{
    uint8_t cell[9];
    bw_rng r;
    int i;
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 0, P_TRUNKS);
    for (i = 0; i < 9; i++)
        cell[i] = (uint8_t)i;
    p->n = (uint8_t)bw_rng_range(&r, BW_FOREST_MIN_TRUNKS, BW_FOREST_MAX_TRUNKS);
    for (i = 0; i < p->n; i++) {
        /* a partial shuffle picks n distinct lattice cells; offsets 14..25
         * keep centres 29 apart and 14 from each edge */
        int j = bw_rng_range(&r, i, 8), x, y;
        uint8_t c = cell[j];
        cell[j] = cell[i];
        cell[i] = c;
        x = (c % 3) * 40 + bw_rng_range(&r, 14, 25);
        y = (c / 3) * 40 + bw_rng_range(&r, 14, 25);
        p->x[i] = (uint8_t)x;
        p->y[i] = (uint8_t)y;
        p->r[i] = (uint8_t)bw_rng_range(&r, BW_FOREST_TRUNK_R_MIN, BW_FOREST_TRUNK_R_MAX);
    }
}

static int in_disc(int dx, int dy, int r)
{
    return dx * dx + dy * dy <= r * r + r;
}

int bw_forest_trunk_at(const bw_forest_plan *p, int x, int y)
{
    int t;
    for (t = 0; t < p->n && t < BW_FOREST_MAX_TRUNKS; t++) {
        int r = p->r[t];
        /* a disc (dist^2 <= r^2 + r < (r + 1)^2) lies within r of its
         * centre on each axis: a point farther is outside, and one nearer
         * keeps the squares small, so no x or y overflows them */
        if (x < p->x[t] - r || x > p->x[t] + r || y < p->y[t] - r || y > p->y[t] + r)
            continue;
        if (in_disc(x - p->x[t], y - p->y[t], r))
            return t + 1;
    }
    return 0;
}

/* A disc (dist^2 <= r^2 + r) of tile `t`, clipped to the map; its
 * squares also set in plane `p` unless that is NULL. */
static void disc(bw_grid *g, int cx, int cy, int r, uint8_t t, bw_plane *p)
{
    int x, y;
    for (y = bw_max(cy - r, 0); y <= cy + r && y < g->h; y++) {
        int w = r; /* the row's half-width: a disc's row is one run */
        while (!in_disc(w, y - cy, r))
            w--;
        for (x = bw_max(cx - w, 0); x <= cx + w && x < g->w; x++) {
            BW_AT(g, x, y) = t;
            if (p)
                BW_PSET(p, x, y);
        }
    }
}

/* ------------------------------------------------------- directions */

/* 32 directions, 11.25 degrees apart: cos x 64 (sin is cos 8 steps back). */
static const int8_t cos64[32] = {
    64, 63, 59, 53, 45, 36, 24, 12, 0, -12, -24, -36, -45, -53, -59, -63,
    -64, -63, -59, -53, -45, -36, -24, -12, 0, 12, 24, 36, 45, 53, 59, 63
};

/* v * len / 64 rounded half away from zero (no shift of a negative). Out
 * of line, as are seg_set, spoke_skip and swap_lists: built for size, each
 * inlined copy cost more than its calls, and they run a few times a spoke
 * or a level. */
BW_NOINLINE static int along(int v, int len)
{
    int p = v * len;
    return p >= 0 ? (int)((unsigned)(p + 32) >> 6) : -(int)((unsigned)(32 - p) >> 6);
}

static int dir_x(int dir, int len) { return along(cos64[dir & 31], len); }
static int dir_y(int dir, int len) { return along(cos64[(dir + 24) & 31], len); }

/* ------------------------------------------------------------ lines */

/* A 4-connected line: each step moves along x or y only, whichever keeps
 * closer to the true line (x when (1 + 2 ix) |dy| < (1 + 2 iy) |dx|, ties
 * go to y), kept as an error term e = (1 + 2 ix) |dy| - (1 + 2 iy) |dx|,
 * so a step costs an add; |dx| + |dy| + 1 cells. */
typedef struct line4 {
    int16_t x, y;
    int32_t e;
    int16_t ax, ay;        /* 2 |dx|, 2 |dy| */
    int16_t left, done;    /* steps still to go, steps taken */
    int8_t sx, sy;
} line4;

static void line_start(line4 *l, int x0, int y0, int x1, int y1)
{
    int nx = ABS(x1 - x0), ny = ABS(y1 - y0);
    l->x = (int16_t)x0;
    l->y = (int16_t)y0;
    l->e = ny - nx;
    l->ax = (int16_t)(2 * nx);
    l->ay = (int16_t)(2 * ny);
    l->left = (int16_t)(nx + ny);
    l->done = 0;
    l->sx = (int8_t)(x1 < x0 ? -1 : 1);
    l->sy = (int8_t)(y1 < y0 ? -1 : 1);
}

/* Advances one cell; 0 once at the end. (At the end of x the error is
 * positive, at the end of y negative, so no bound check is needed.)
 * Inlined in the fast build: built for size, GCC calls it, and the call
 * cost as much as the step (it runs for every square the growth weighs). */
#if BW_FAST
#define STEP_INLINE BW_ALWAYS_INLINE
#else
#define STEP_INLINE
#endif
static inline STEP_INLINE int line_step(line4 *l)
{
    if (l->left == 0)
        return 0;
    if (l->e < 0) {
        l->x = (int16_t)(l->x + l->sx);
        l->e += l->ay;
    } else {
        l->y = (int16_t)(l->y + l->sy);
        l->e -= l->ax;
    }
    l->left--;
    l->done++;
    return 1;
}

/* line_step out of line, for the lines walked once (a vine, a check, a
 * root): built for size, each inlined copy cost more than its calls. */
BW_NOINLINE static int line_next(line4 *l)
{
    return line_step(l);
}

/* A line just started, moved on to step k (0..its length) at once: after
 * k steps it has taken the k least of the x keys (1 + 2 ix) |dy| and the y
 * keys (1 + 2 iy) |dx| (line_step takes x while its key is the less, ties
 * to y), so ix is the one count with its last x key below the first y key
 * not taken, and its last y key no more than the first x key not taken:
 * from k |dx| / (|dx| + |dy|) it is a step or so away. */
static void line_seek(line4 *l, int k)
{
    int32_t nx = l->ax / 2, ny = l->ay / 2, ix = nx + ny ? k * nx / (nx + ny) : 0, iy;
    while (ix > 0 && (2 * ix - 1) * ny >= (1 + 2 * (k - ix)) * nx)
        ix--;
    while (ix < k && (2 * (k - ix) - 1) * nx > (1 + 2 * ix) * ny)
        ix++;
    iy = k - ix;
    l->x = (int16_t)(l->x + l->sx * ix);
    l->y = (int16_t)(l->y + l->sy * iy);
    l->e = (1 + 2 * ix) * ny - (1 + 2 * iy) * nx;
    l->left = (int16_t)(l->left - k);
    l->done = (int16_t)k;
}

/* ------------------------------------------------------- the canopy */

/* Where tree t grows (rules 4.2, 4.3): the centre line of a branch stays
 * EDGE squares inside the map (its width adds one square) and on t's own
 * side of the level, SIDE squares or more short of the line halfway to
 * every other trunk (a x + b y + c >= 0 for each other tree: the power
 * distance |p - u|^2 - |p - t|^2 is 2 d |u - t| at distance d from that
 * line). So two trees' branches are 2 x (SIDE - 1) = 4 squares apart or
 * more, and each tree is its own piece of wood, whatever was drawn before
 * it. The region is convex: a segment whose ends lie in it lies in it. */
#define SIDE 3
/* A spoke's centre line stays this far inside the map (its width adds one):
 * clear of the map's four outer rows, so no spoke runs along the edge. */
#define SPOKE_EDGE 5
#define SPOKE_OWN 8        /* past its trunk: shorter, it may go on to EDGE */
typedef struct region {
    uint8_t n;
    uint8_t edge;          /* EDGE, or SPOKE_EDGE while a spoke is fitted */
    int16_t a[BW_FOREST_MAX_TRUNKS - 1], b[BW_FOREST_MAX_TRUNKS - 1]; /* 2 (t - u): within +/- 240 */
    int32_t c[BW_FOREST_MAX_TRUNKS - 1];
} region;

/* The least r with r * r >= v (v >= 0, below 65,536). */
static int isqrt_up(int32_t v)
{
    int lo = 0, hi = 256;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((int32_t)mid * mid >= v)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

static void region_of(const bw_forest_plan *pl, int t, region *r)
{
    int u, tx = pl->x[t], ty = pl->y[t];
    r->n = 0;
    r->edge = EDGE;
    for (u = 0; u < pl->n; u++)
        if (u != t) {
            int ux = pl->x[u], uy = pl->y[u];
            int d = isqrt_up((int32_t)((ux - tx) * (ux - tx) + (uy - ty) * (uy - ty))); /* |u - t|, rounded up */
            r->a[r->n] = (int16_t)(2 * (tx - ux));
            r->b[r->n] = (int16_t)(2 * (ty - uy));
            r->c[r->n] = (int32_t)(ux * ux + uy * uy - tx * tx - ty * ty) - 2 * SIDE * d;
            r->n++;
        }
}

static int inside(const region *r, int x, int y)
{
    int k;
    if ((unsigned)(x - r->edge) > (unsigned)(BW_FOREST_W - 1 - 2 * r->edge) ||
        (unsigned)(y - r->edge) > (unsigned)(BW_FOREST_H - 1 - 2 * r->edge))
        return 0;
    for (k = 0; k < r->n; k++)
        if (r->a[k] * x + r->b[k] * y + r->c[k] < 0)
            return 0;
    return 1;
}

/* The end of the segment from (x0, y0) (in the region) towards (*x1, *y1)
 * pulled back along it, in 64ths, to the farthest that is in the region
 * (rule 4.3 at the edge: a branch is shortened along its own line, never
 * bent along the edge). */
static void fit_end(const region *r, int x0, int y0, int *x1, int *y1)
{
    int lo = 0, hi = 64, dx = *x1 - x0, dy = *y1 - y0;
    if (inside(r, *x1, *y1))
        return;
    while (lo < hi) { /* the largest k with the end at k / 64 inside */
        int mid = (lo + hi + 1) / 2;
        if (inside(r, x0 + dx * mid / 64, y0 + dy * mid / 64))
            lo = mid;
        else
            hi = mid - 1;
    }
    *x1 = x0 + dx * lo / 64;
    *y1 = y0 + dy * lo / 64;
}

/* A first branch, a spoke, as a segment (x0, y0) - (x1, y1) from its
 * trunk's centre: what its children's near test needs. */
typedef struct seg {
    int16_t x0, y0, x1, y1;
    int32_t dx, dy, l2;
} seg;

BW_NOINLINE static void seg_set(seg *s, int x0, int y0, int x1, int y1)
{
    s->x0 = (int16_t)x0;
    s->y0 = (int16_t)y0;
    s->x1 = (int16_t)x1;
    s->y1 = (int16_t)y1;
    s->dx = x1 - x0;
    s->dy = y1 - y0;
    s->l2 = s->dx * s->dx + s->dy * s->dy;
}

/* 1 if (x, y) is within NEAR (3.5 squares) of the segment: the zone round
 * a spoke where its twigs start, in which their squares may lie near it. */
#define NEAR2X4 49 /* (2 x 3.5)^2 */
#define BAND2X4 9  /* (2 x 1.5)^2: the spoke's own squares */
/* From (x, y)'s offset (px, py) from the spoke's start and its dot and
 * cross products with the spoke (kept as a twig's line steps). |px|, |py|
 * < 120 and |dx|, |dy| <= 22 (a spoke), so 4 cross^2 < 4 (2 x 120 x
 * 22)^2 < 2^31: no 64-bit product needed. */
static inline STEP_INLINE int near_at(const seg *s, int32_t px, int32_t py, int32_t dot, int32_t cross, int32_t r2x4)
{
    if (dot <= 0)
        return 4 * (px * px + py * py) <= r2x4;
    if (dot >= s->l2) {
        px -= s->dx;
        py -= s->dy;
        return 4 * (px * px + py * py) <= r2x4;
    }
    return 4 * cross * cross <= r2x4 * s->l2;
}

static int near_seg_r(const seg *s, int x, int y, int r2x4)
{
    int32_t px = x - s->x0, py = y - s->y0;
    return near_at(s, px, py, px * s->dx + py * s->dy, px * s->dy - py * s->dx, r2x4);
}

/* The halo: every square within 2 4-steps (Manhattan) of a drawn one, in
 * plane d. A square off the halo is 3 or more 4-steps from all wood drawn,
 * so no single square (a top, say) is beside two branches. */
#define HALO 2

/* The halo of a line's squares (those of bw_forest_branch_cells, width 1
 * or 3) into plane d, clipped to the map. The line spans at most 22
 * columns (a spoke), so its halo, 3 more either side, fits a word a row
 * (bit 0: column base): each row run of the centre line is a mask, and
 * the halo's rows round it that mask spread 0..3 squares sideways (for a
 * square, the rows -2..2 hold 0, 1, 2, 1, 0 squares either side; the band
 * of width 3 adds the line shifted across). Then each row's word is or-ed
 * into the plane at once. */
#define HALO_ROWS 32
BW_STATIC_ASSERT(BW_FOREST_LEN0_MAX + BW_FOREST_TRUNK_R_MAX + 1 + 2 * (HALO + 1) <= HALO_ROWS, forest_halo_rows);
static uint32_t spread(uint32_t v)
{
    return v | v << 1 | v >> 1;
}

/* One step of the 4-connected centre line from (x0, y0) with error e
 * (started at ny - nx): along x while e < 0, else along y. */
static inline BW_ALWAYS_INLINE void centre_step(int *x, int *y, int32_t *e, int sx, int sy, int nx, int ny)
{
    if (*e < 0) {
        *x += sx;
        *e += 2 * ny;
    } else {
        *y += sy;
        *e -= 2 * nx;
    }
}

static void halo_line(uint32_t *d, uint32_t *h, int x0, int y0, int x1, int y1, int width)
{
    uint32_t run = 0;
    int nx = ABS(x1 - x0), ny = ABS(y1 - y0), sx = x1 < x0 ? -1 : 1, sy = y1 < y0 ? -1 : 1;
    int left = nx + ny, x = x0, y = y0, base = bw_min(x0, x1) - (HALO + 1), top = bw_min(y0, y1) - (HALO + 1), k;
    int mode = width == 1 ? 0 : ny > nx ? 2 : 1; /* thin; flat band (shifted along y); steep band */
    int32_t e = ny - nx;
    for (k = 0; k < ny + 7; k++)
        h[k] = 0;
    for (;;) {
        run |= 1u << (x - base);
        if (left == 0 || e >= 0) { /* the row run ends here */
            uint32_t *r = h + (y - top), d1 = spread(run), d2 = spread(d1);
            if (mode == 0) {
                r[-2] |= run;
                r[-1] |= d1;
                r[0] |= d2;
                r[1] |= d1;
                r[2] |= run;
            } else if (mode == 1) {
                r[-3] |= run;
                r[-2] |= d1;
                r[-1] |= d2;
                r[0] |= d2;
                r[1] |= d2;
                r[2] |= d1;
                r[3] |= run;
            } else {
                r[-2] |= d1;
                r[-1] |= d2;
                r[0] |= spread(d2);
                r[1] |= d2;
                r[2] |= d1;
            }
            run = 0;
        }
        if (left-- == 0)
            break;
        centre_step(&x, &y, &e, sx, sy, nx, ny);
    }
    for (k = 0; k < ny + 7; k++) {
        int yy = top + k, col = base;
        uint32_t v = h[k];
        unsigned i;
        if ((unsigned)yy >= BW_FOREST_H || !v)
            continue;
        if (col < 0) { /* off the map's left edge */
            v >>= -col;
            col = 0;
        }
        if (col > BW_FOREST_W - 32) /* past its right edge */
            v &= ~0u >> (col - (BW_FOREST_W - 32));
        i = BW_BIT(col, yy);
        d[i >> 5] |= v << (i & 31);
        if ((i & 31) && (v >> (32 - (i & 31))))
            d[(i >> 5) + 1] |= v >> (32 - (i & 31));
    }
}

#define DGET(d, x, y) (((d)[BW_BIT(x, y) >> 5] >> (BW_BIT(x, y) & 31)) & 1u)

/* 1 if a square within 2 4-steps of (x, y) is in the limbs: wood drawn
 * for good, or a twig the spoke being weighed took (see take_twig): the
 * halo, less the spoke's own. (x, y) is a square of a twig, 2 or more
 * inside the map (see region), so the squares asked are on the map: a
 * row at a time. */
BW_NOINLINE static int crowd(const uint32_t *limbs, int x, int y)
{
    /* per row -2..2: the half-width and the first square's offset */
    static const int8_t half[5] = { 0, 1, 2, 1, 0 };
    static const int16_t from[5] = { -2 * BW_GRID_MAX, -BW_GRID_MAX - 1, -2, BW_GRID_MAX - 1, 2 * BW_GRID_MAX };
    int k, i = SQUARE(x, y);
    for (k = 0; k < 5; k++) {
        int w = half[k];
        unsigned a = (unsigned)(i + from[k]), sh = a & 31;
        uint32_t v = limbs[a >> 5] >> sh;
        if (sh + 2u * (unsigned)w > 31u)
            v |= limbs[(a >> 5) + 1] << (32 - sh);
        if (v & ~(~0u << (2 * w + 1)))
            return 1;
    }
    return 0;
}

/* Where a twig from (x0, y0) on spoke s towards (x1, y1) can go: walks its
 * line while each square off the spoke's zone is off the halo (3 or more
 * 4-steps from every branch drawn) and off its trunk's ring, and each
 * square in the zone is 3 or more 4-steps from the twigs the spoke took and
 * from the wood drawn for good (the limbs: the spoke itself is not, till
 * its twigs are weighed); returns how many
 * squares it has past the zone; (*x1, *y1) becomes the last square it
 * may keep. */
BW_NOINLINE static int twig_room(const uint32_t *d, const uint32_t *limbs, const seg *s, int r, int x0, int y0, int *x1,
                     int *y1)
{
    /* line4's steps in locals, the square's offset from the spoke's start
     * and its products with the spoke updated as it steps */
    int nx = ABS(*x1 - x0), ny = ABS(*y1 - y0), sx = *x1 < x0 ? -1 : 1, sy = *y1 < y0 ? -1 : 1;
    int left = nx + ny, own = 0, x = x0, y = y0, lx = x0, ly = y0;
    int32_t e = ny - nx, px = x0 - s->x0, py = y0 - s->y0, dot = px * s->dx + py * s->dy, cross = px * s->dy - py * s->dx;
    while (left-- > 0) {
        int near;
        if (e < 0) {
            x += sx;
            px += sx;
            dot += sx * s->dx;
            cross += sx * s->dy;
            e += 2 * ny;
        } else {
            y += sy;
            py += sy;
            dot += sy * s->dy;
            cross -= sy * s->dx;
            e -= 2 * nx;
        }
        near = near_at(s, px, py, dot, cross, NEAR2X4);
        if (!near && (DGET(d, x, y) || px * px + py * py <= (r + 3) * (r + 3)))
            break;
        if (near && !near_at(s, px, py, dot, cross, BAND2X4) && crowd(limbs, x, y))
            break; /* (in the spoke's band, twigs meet) */
        own += !near;
        lx = x;
        ly = y;
    }
    *x1 = lx;
    *y1 = ly;
    return own;
}

/* 1 if a twig from (x0, y0) to (x1, y1) would run along the map's edge:
 * both its ends within SPOKE_EDGE of the same side (rule 4.3 at the edge: a
 * tree there grows inward, no twig draws a line along the edge). */
static int along_edge(int x0, int y0, int x1, int y1)
{
    const int far = BW_FOREST_W - 1 - SPOKE_EDGE;
    return (x0 <= SPOKE_EDGE && x1 <= SPOKE_EDGE) || (y0 <= SPOKE_EDGE && y1 <= SPOKE_EDGE) ||
           (x0 >= far && x1 >= far) || (y0 >= far && y1 >= far);
}

/* The direction (0..31) nearest that of (dx, dy). */
static int dir_of(int dx, int dy)
{
    int d, best = 0;
    int32_t bv = INT32_MIN;
    for (d = 0; d < 32; d++) {
        int32_t v = (int32_t)cos64[d] * dx + (int32_t)cos64[(d + 24) & 31] * dy;
        if (v > bv) {
            bv = v;
            best = d;
        }
    }
    return best;
}

/* The spokes of a tree (rule 4.2): 4..5 first branches from its centre, evenly
 * spread, fitted into its region. They come from the tree's own stream of
 * (seed, level) and never read the grid, so the mushrooms, which stand on
 * them, are known to the level above without its canopy. */
#define SPOKES_MAX 5
typedef struct spokes {
    uint8_t n;
    uint8_t dir[SPOKES_MAX];
    uint8_t x1[SPOKES_MAX], y1[SPOKES_MAX];
    uint8_t skip[SPOKES_MAX]; /* the step of its centre line off its trunk's ring */
} spokes;
BW_NOINLINE static int spoke_skip(const bw_forest_plan *pl, int t, line4 *l);
BW_STATIC_ASSERT(BW_FOREST_FIRST_MAX <= SPOKES_MAX, forest_spokes_fit);
/* The tops are kept in m->fill's stack between the mushrooms and the
 * bridges (see all_tops) when it holds a level's list (BW_FILL_STACK is
 * tunable: a smaller one scans the grid for them instead). */
#define TOPS_IN_FILL (BW_FOREST_SHOOTS_MAX <= BW_FILL_STACK)
BW_STATIC_ASSERT(BW_FOREST_SHOOTS_MAX < 256, forest_tops_count_in_a_byte);

static void spokes_of(uint32_t seed, int level, const bw_forest_plan *pl, region *rg, int t, spokes *s)
{
    bw_rng r, lr;
    int j, base, cx = pl->x[t], cy = pl->y[t];
    rg->edge = SPOKE_EDGE;
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 0, P_SPOKES + (uint32_t)t);               /* every level's */
    bw_rng_stream(&lr, seed, BW_GEN_FOREST, (uint32_t)level, P_SPOKES + (uint32_t)t); /* this level's */
    s->n = (uint8_t)bw_rng_step_range(&r, BW_FOREST_FIRST_MIN, BW_FOREST_FIRST_MAX);
    base = (int)bw_rng_step_below(&r, 32);
    for (j = 0; j < s->n; j++) {
        /* 4 spokes are 90 degrees apart, +/- 11; 5 are 72 apart, exactly:
         * so two spokes never meet outside the trunk */
        int jit = bw_rng_step_range(&r, -1, 1), len = bw_rng_step_range(&lr, BW_FOREST_LEN0_MIN, BW_FOREST_LEN0_MAX);
        int dir = (base + j * 32 / s->n + (s->n == 4 ? jit : 0)) & 31;
        int x1 = cx + dir_x(dir, len + pl->r[t]), y1 = cy + dir_y(dir, len + pl->r[t]), x2 = x1, y2 = y1;
        int far = pl->r[t] + SPOKE_OWN;
        fit_end(rg, cx, cy, &x1, &y1);
        if ((x1 - cx) * (x1 - cx) + (y1 - cy) * (y1 - cy) < far * far) {
            /* short by the edge: it goes on to EDGE, straight at the edge
             * (the centre is 14 or more from it, so that is far enough) */
            rg->edge = EDGE;
            fit_end(rg, cx, cy, &x2, &y2);
            rg->edge = SPOKE_EDGE;
            x1 = x2;
            y1 = y2;
        }
        s->dir[j] = (uint8_t)dir;
        s->x1[j] = (uint8_t)x1;
        s->y1[j] = (uint8_t)y1;
        {
            line4 l;
            line_start(&l, cx, cy, x1, y1);
            s->skip[j] = (uint8_t)spoke_skip(pl, t, &l);
        }
    }
    rg->edge = EDGE; /* as region_of left it (the region is its caller's, not copied: stack) */
}

/* The first step of a spoke's centre line off its trunk and the ring round
 * it (where twigs may start and mushrooms stand). */
static int spoke_skip(const bw_forest_plan *pl, int t, line4 *l)
{
    int r = pl->r[t] + 2;
    while ((l->x - pl->x[t]) * (l->x - pl->x[t]) + (l->y - pl->y[t]) * (l->y - pl->y[t]) <= r * r && line_step(l))
        ;
    return l->done;
}

/* A twig weighed for a spoke: its line, the step of the spoke's centre
 * line it starts on and its side of the spoke (-1, 1; 0 for the tip's). */
typedef struct twig_line {
    uint8_t x0, y0, x1, y1, step;
    int8_t side;
} twig_line;
#define TWIGS_MAX 8

/* The growth's big locals, kept in m->fill's stack rather than on the
 * stack under the growth's deepest calls (halo_line): the fill is free
 * while the trees grow (no flood runs till the bridges, and the tops are
 * put in it only after, by level_shoots). Words first: m->fill starts on
 * a word (the planes before it are words). */
typedef struct grow_scratch {
    uint32_t rows[HALO_ROWS]; /* halo_line's rows */
    region rg;                /* the tree's region */
    spokes sp;                /* its spokes */
    twig_line tw[TWIGS_MAX];  /* the twigs a spoke weighs */
} grow_scratch;
/* A fill stack of fewer entries (BW_FILL_STACK is tunable) leaves it on
 * the stack: the same maps, a deeper peak. */
#define GROW_IN_FILL (BW_FILL_STACK >= 84)
#if GROW_IN_FILL
BW_STATIC_ASSERT(sizeof(grow_scratch) <= offsetof(bw_fill, cap), forest_grow_scratch_fits_fill);
BW_STATIC_ASSERT(offsetof(bw_map, fill) % sizeof(uint32_t) == 0, forest_fill_on_a_word);
#endif

/* A tree's canopy as it grows: its stream, what it reports to, and the
 * planes it reads and writes. */
typedef struct grower {
    bw_rng r, leaf;        /* the twigs' stream and the planned leaves' */
    uint8_t want_leaves;   /* 0: no planned leaves (and no leaf stream) */
    uint8_t tree;
    uint16_t count;        /* branches of this tree so far */
    bw_forest_fn fn;       /* may be NULL; called with the grower */
    bw_forest_fn user;     /* the replay's: fn is replay_part */
    void *user_ctx;
    bw_map *m;             /* m->b the limbs: the wood drawn (trunks and branches);
                              m->a the halo of everything reserved (see halo);
                              the grid's cells drawn but in a replay */
    grow_scratch *sc;      /* in m->fill (see grow_scratch) */
    bw_forest_report *rep;
} grower;

/* Rule 4.4 (the plan): 4..6 leaves along the outer half of a twig, evenly
 * spaced from its middle to its tip, each a rectangle of 1 x 1 to 2 x 4
 * (either way round) that holds a 4-neighbour of its twig cell and reaches
 * away from it. What the map shows is placed from the grid (grid_leaves). */
static void leaves(grower *w, int id, int x0, int y0, int x1, int y1)
{
    bw_forest_part part, *p = &part; /* in this frame, not the grower's: not under the growth's deepest calls */
    bw_rng *r = &w->leaf;
    int n = bw_rng_range(r, BW_FOREST_LEAVES_MIN, BW_FOREST_LEAVES_MAX);
    int i, cells, lo;
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    cells = l.left + 1;
    lo = cells / 2;
    for (i = 0; i < n; i++) {
        int at = lo + (cells - 1 - lo) * i / (n - 1), d, a, b, sw, sh, ax, ay;
        uint32_t bits = bw_rng_next(r); /* six fair bits: direction, size, turn */
        while (l.done < at)
            line_next(&l);
        d = (int)(bits & 3u);
        a = 1 + (int)((bits >> 2) & 1u);
        b = 1 + (int)((bits >> 3) & 3u);
        sw = (bits >> 5) & 1u ? a : b;
        sh = (bits >> 5) & 1u ? b : a;
        ax = l.x + bw_dx4[d];
        ay = l.y + bw_dy4[d];
        p->kind = BW_FOREST_LEAF;
        p->parent = (uint16_t)id;
        p->px = l.x;
        p->py = l.y;
        if (bw_dx4[d]) {
            p->x0 = (int16_t)(bw_dx4[d] > 0 ? ax : ax - sw + 1);
            p->y0 = (int16_t)(ay - (int)bw_rng_below(r, (uint32_t)sh));
        } else {
            p->y0 = (int16_t)(bw_dy4[d] > 0 ? ay : ay - sh + 1);
            p->x0 = (int16_t)(ax - (int)bw_rng_below(r, (uint32_t)sw));
        }
        p->x1 = (int16_t)(p->x0 + sw - 1);
        p->y1 = (int16_t)(p->y0 + sh - 1);
        w->user(p, w->user_ctx);
    }
}

/* The squares of bw_forest_branch_cells, drawn: the square's index kept
 * as it steps (no multiply a square); they become branch but a trunk's
 * (when there are cells: not in a replay), and go into the limbs. */
static void draw_squares(const bw_forest_part *p, uint8_t *cells, uint32_t *plane)
{
    static const int8_t shift[3] = { 0, 1, -1 };
    int nx = ABS(p->x1 - p->x0), ny = ABS(p->y1 - p->y0), steep = ny > nx, k;
    int sx = p->x1 < p->x0 ? -1 : 1, sy = p->y1 < p->y0 ? -BW_GRID_MAX : BW_GRID_MAX;
    for (k = 0; k < p->width && k < 3; k++) {
        unsigned i = BW_BIT(p->x0 + (steep ? shift[k] : 0), p->y0 + (steep ? 0 : shift[k]));
        int left = nx + ny;
        int32_t e = ny - nx;
        for (;;) {
            if (cells && cells[i] != BW_T_TRUNK)
                cells[i] = BW_T_BRANCH;
            plane[i >> 5] |= 1u << (i & 31);
            if (left-- == 0)
                break;
            if (e < 0) {
                i += (unsigned)sx;
                e += 2 * ny;
            } else {
                i += (unsigned)sy;
                e -= 2 * nx;
            }
        }
    }
}

/* One branch, final: reported, drawn into the limbs (and the grid), and
 * for a twig its planned leaves reported. */
static void branch(grower *w, int gen, int width, int terminal, int parent, int x0, int y0, int x1, int y1,
                   int dir)
{
    bw_forest_part part, *p = &part; /* in this frame, not the grower's: not under the growth's deepest calls */
    int id = w->count++;
    p->kind = BW_FOREST_BRANCH;
    p->tree = w->tree;
    p->gen = (uint8_t)gen;
    p->width = (uint8_t)width;
    p->len = (uint8_t)bw_max(ABS(x1 - x0), ABS(y1 - y0));
    p->terminal = (uint8_t)terminal;
    p->capped = 0;
    p->id = (uint16_t)id;
    p->parent = (uint16_t)parent;
    p->x0 = (int16_t)x0;
    p->y0 = (int16_t)y0;
    p->x1 = (int16_t)x1;
    p->y1 = (int16_t)y1;
    p->px = p->py = 0;
    draw_squares(p, w->want_leaves ? 0 : w->m->grid.cell, w->m->b.w); /* a replay draws no cells */
    if (w->rep) {
        w->rep->branches++;
        w->rep->twigs += (uint16_t)terminal;
    }
    if (w->fn) { /* dir < 0: the twig's, worked out for the report only */
        p->dir = (uint8_t)(dir < 0 ? dir_of(x1 - x0, y1 - y0) : dir);
        w->fn(p, w);
    }
}

/* The centre-line square `step` steps along the line (x0, y0) - (x1, y1). */
static void line_at(int x0, int y0, int x1, int y1, int step, int *x, int *y)
{
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    line_seek(&l, bw_min(step, l.left));
    *x = l.x;
    *y = l.y;
}

/* A twig is TWIG_LEN long or more as drawn, and has TWIG_OWN squares or
 * more past its spoke's zone (room for four leaves of its own, rule 4.4),
 * one more when it runs diagonally (STAIR: within 11 degrees of 45, a
 * staircase, whose squares have half the air beside them that a straight
 * line's have), and one more for a side twig turned towards its spoke
 * (it runs towards the twig ahead of it on its side). */
#define TWIG_LEN 5
#define TWIG_OWN 4
#define STAIR(d) ((unsigned)(((d) & 7) - 3) < 3u)
#define TWIG_GAP 4         /* steps between the starts of twigs on a side */


/* 1 if a twig starting at `step` on `side` is 4 steps or more from every
 * twig taken on its side (the tip's counting for both): twigs start apart,
 * so they do not touch by their spoke, where they may lie near it; and if
 * its side has fewer than two (rule 4.4): a side's twigs are parallel and
 * start 4 steps apart, so a third ran 3 4-steps beside the second, which
 * then shared the air on both its sides with a twig. */
static int spaced(const twig_line *tw, int nt, int step, int side)
{
    int i, same = 0;
    for (i = 0; i < nt; i++) {
        if ((tw[i].side == side || tw[i].side == 0 || side == 0) && ABS(tw[i].step - step) < TWIG_GAP)
            return 0;
        same += tw[i].side == side;
    }
    return same < 2;
}

/* The side of spoke s a twig from (x0, y0) to (x1, y1) leaves it on. */
static int side_of_seg(const seg *s, int x0, int y0, int x1, int y1)
{
    int32_t c = s->dx * (y1 - y0) - s->dy * (x1 - x0);
    return c < 0 ? -1 : 1;
}

/* The squares of twig t off spoke s's band into the limbs (on), or out of
 * them again: a twig taken is in the limbs while its spoke weighs the
 * rest, so crowd keeps them apart; if the spoke does not fork they go.
 * They are 3 or more 4-steps from all wood (see twig_room), so no limb
 * drawn for good is among them. */
static void twig_bits(uint32_t *limbs, const seg *s, const twig_line *t, int on)
{
    line4 l;
    line_start(&l, t->x0, t->y0, t->x1, t->y1);
    while (line_next(&l)) { /* its start is the spoke's square; so are those in the band */
        unsigned i = BW_BIT(l.x, l.y);
        if (!near_seg_r(s, l.x, l.y, BAND2X4))
            limbs[i >> 5] = on ? limbs[i >> 5] | 1u << (i & 31) : limbs[i >> 5] & ~(1u << (i & 31));
    }
}

/* Takes the twig from (x0, y0) (step `step` of the spoke) to (x1, y1): its
 * squares go into the halo (so the next ones keep off it) and the limbs. */
static int take_twig(grower *w, seg *s, twig_line *tw, int *nt, int step, int side, int x0, int y0, int x1,
                     int y1)
{
    if (*nt >= TWIGS_MAX)
        return 0;
    tw[*nt].step = (uint8_t)step;
    tw[*nt].side = (int8_t)side;
    tw[*nt].x0 = (uint8_t)x0;
    tw[*nt].y0 = (uint8_t)y0;
    tw[*nt].x1 = (uint8_t)x1;
    tw[*nt].y1 = (uint8_t)y1;
    ++*nt;
    halo_line(w->m->a.w, w->sc->rows, x0, y0, x1, y1, 1); /* its start's halo is its spoke's already */
    twig_bits(w->m->b.w, s, &tw[*nt - 1], 1);
    return 1;
}

/* One spoke j of tree t and its twigs (see grow_tree): out of line, so
 * its locals are on the stack only while it runs, one spoke after
 * another, and not under the planning of the spokes. */
BW_NOINLINE static void grow_spoke(const spokes *sp, int j, int cx, int cy, int r, const region *rg, grower *w)
{
    twig_line *tw = w->sc->tw;
    seg s;
    int nt = 0, skip, steps, own, len, n, aside[2], i, id, turn, got, last, sx, sy;
    int sdir = sp->dir[j];
    seg_set(&s, cx, cy, sp->x1[j], sp->y1[j]);
    steps = ABS(sp->x1[j] - cx) + ABS(sp->y1[j] - cy); /* its centre line's steps (see line_start) */
    skip = sp->skip[j];
    own = steps - skip + 1; /* centre squares past the trunk's ring */
    n = BW_FOREST_FAN_MIN + (bw_rng_step_below(&w->r, 3) < 1);
    aside[0] = bw_rng_step_range(&w->r, 4, 6);
    aside[1] = bw_rng_step_range(&w->r, 4, 6);
    turn = bw_rng_step_range(&w->r, -2, 2);
    len = bw_min(own * bw_rng_step_range(&w->r, 3, 4) / 6, own - 1);
    /* the tip twig, then pairs (one twig a side) every TWIG_GAP steps
     * from the tip inward, till n are taken */
    for (i = 0, got = 0, last = -1, sx = sy = 0; len >= TWIG_LEN && got < n; i++) {
        int at = i == 0 ? steps : steps - TWIG_GAP * ((i + 1) / 2), tip = i == 0, k, best = -1, bx = 0, by = 0;
        int bside = 0;
        if (at < skip)
            break;
        if (at != last) /* a pair's two twigs start on one square */
            line_at(cx, cy, sp->x1[j], sp->y1[j], at, &sx, &sy);
        last = at;
        for (k = 0; k < 2; k++) { /* shortened: a turn, away from the wall */
            int d = tip ? sdir + turn + (k ? (turn < 0 ? 3 : -3) : 0)
                        : i & 1 ? sdir - aside[0] + 2 * k : sdir + aside[1] - 2 * k;
            int ex = sx + dir_x(d & 31, len), ey = sy + dir_y(d & 31, len), room, side;
            fit_end(rg, sx, sy, &ex, &ey);
            side = tip ? 0 : side_of_seg(&s, sx, sy, ex, ey);
            room = spaced(tw, nt, at, side) && !along_edge(sx, sy, ex, ey)
                       ? twig_room(w->m->a.w, w->m->b.w, &s, r, sx, sy, &ex, &ey) - STAIR(d) - (k & side)
                       : -1; /* k & side: a side twig turned (see TWIG_OWN) */
            if (room > best) {
                best = room;
                bx = ex;
                by = ey;
                bside = side;
            }
            if (room >= len - 2)
                break; /* full length: no need to turn */
        }
        if (best >= TWIG_OWN && take_twig(w, &s, tw, &nt, at, bside, sx, sy, bx, by))
            got++;
    }
    id = w->count;
    if (nt >= BW_FOREST_FAN_MIN) { /* it forks: rule 4.3 */
        branch(w, 0, BW_FOREST_WIDTH0, 0, 0xffff, cx, cy, sp->x1[j], sp->y1[j], sdir);
        for (i = 0; i < nt; i++)
            branch(w, 1, 1, 1, id, tw[i].x0, tw[i].y0, tw[i].x1, tw[i].y1, -1);
    } else { /* too small to fork: a twig of the trunk (rule 4.4) */
        for (i = 0; i < nt; i++)
            twig_bits(w->m->b.w, &s, &tw[i], 0);
        branch(w, 0, 1, 1, 0xffff, cx, cy, sp->x1[j], sp->y1[j], sdir);
    }
}

/* The canopy of tree t (rules 4.2 - 4.4). Its spokes are reserved in the
 * halo first, then each in turn weighs its twigs: the twigs aimed at
 * mushroom tops, then 4..5 (5 with chance 1/3) spread along its outer part,
 * each ahead of the last one's start, alternating sides at 45..68 degrees
 * (one angle a side: the twigs of a side are parallel), the last one at
 * its tip carrying on within +/- 22 degrees. A twig is half to two thirds
 * of its spoke's length beyond the trunk, at least TWIG_LEN and 3 shorter
 * than the spoke; it is shortened to the region, then to its room (twig_room);
 * a twig that is shortened also tries the mirrored direction (away from the
 * wall: a tree by the edge grows inward) and keeps the longer. One with
 * TWIG_OWN squares or more past its spoke's zone (a diagonal or turned
 * twig one more) is taken, two a side at most (see spaced). A spoke that
 * takes four twigs or more forks (3 wide, its twigs 1 wide); else it is
 * itself a twig, 1 wide, and its twigs are dropped (their halo stays: the
 * room is only ever underestimated). */
static void grow_tree(uint32_t seed, int level, const bw_forest_plan *pl, region *rg, int t, grower *w)
{
    spokes *sp = &w->sc->sp;
    int j, cx = pl->x[t], cy = pl->y[t], r = pl->r[t];
    w->tree = (uint8_t)t;
    w->count = 0;
    bw_rng_stream(&w->r, seed, BW_GEN_FOREST, (uint32_t)level, P_CANOPY + (uint32_t)t);
    if (w->want_leaves)
        bw_rng_stream(&w->leaf, seed, BW_GEN_FOREST, (uint32_t)level, P_LEAVES + (uint32_t)t);
    spokes_of(seed, level, pl, rg, t, sp);
    for (j = 0; j < sp->n; j++)
        halo_line(w->m->a.w, w->sc->rows, cx, cy, sp->x1[j], sp->y1[j], BW_FOREST_WIDTH0);
    for (j = 0; j < sp->n; j++)
        grow_spoke(sp, j, cx, cy, r, rg, w);
}

/* ------------------------------------------------------- mushrooms */

/* Rules 4.5, 4.6: the mushrooms of DLVL n (2..4), which are the tops of DLVL
 * n - 1, come from (seed, n) alone, so neither level needs the other's
 * canopy: BW_FOREST_SHOOTS_MIN..MAX draws, each a tree, one of its spokes
 * and a square of the spoke's centre line past its trunk's ring (the
 * spokes are known without the grid, see spokes_of), kept if it is no
 * square drawn before nor a mushroom of DLVL n - 1 (a square of DLVL n - 1
 * holds a mushroom or a top, never both). Three draws a square, no retry. */
typedef struct shoot_list { /* words only, see shoot_work */
    int32_t n;             /* (the signed type of the plane's words) */
    uint32_t at[BW_FOREST_SHOOTS_MAX]; /* square indexes */
} shoot_list;
#define SHOOT(l, k) ((int)(l)->at[k])

static int listed(const shoot_list *l, int i)
{
    int k;
    for (k = 0; k < l->n; k++)
        if (SHOOT(l, k) == i)
            return 1;
    return 0;
}

/* 1 if a square of the list is i or one of its 8 neighbours (two tops
 * never touch: each lies on the level below's wood or off it alone). */
static int crowded(const shoot_list *l, int i)
{
    int k;
    for (k = 0; k < l->n; k++) {
        int d = SHOOT(l, k) - i, dy, dx;
        if ((unsigned)(d + BW_GRID_MAX + 1) > 2 * BW_GRID_MAX + 2)
            continue; /* a row or more away: the test below would fail */
        dy = (d + BW_GRID_MAX + 1) / BW_GRID_MAX - 1;
        dx = d - dy * BW_GRID_MAX;
        if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
            return 1;
    }
    return 0;
}

/* The ends of every spoke of a level (what the level above reads of it). */
typedef struct spoke_ends {
    uint8_t x1[BW_FOREST_MAX_TRUNKS][SPOKES_MAX], y1[BW_FOREST_MAX_TRUNKS][SPOKES_MAX];
} spoke_ends;

static void keep_ends(const bw_forest_plan *pl, const spokes *sp, spoke_ends *e)
{
    int t, j;
    for (t = 0; t < pl->n; t++)
        for (j = 0; j < sp[t].n; j++) {
            e->x1[t][j] = sp[t].x1[j];
            e->y1[t][j] = sp[t].y1[j];
        }
}

/* The spokes of every tree of `level`. */
static void level_spokes(uint32_t seed, int level, const bw_forest_plan *pl, region *rg, spokes *sp)
{
    int t;
    for (t = 0; t < pl->n; t++) {
        region_of(pl, t, rg);
        spokes_of(seed, level, pl, rg, t, &sp[t]);
    }
}

/* The list of `level` into out (sp: the level's spokes), leaving out the
 * squares of `below` (the level below's list) and those as far from the
 * trunk as the same spoke of the level below (prev) reaches, or farther.
 * A tree's spokes point the same ways on every level (spokes_of), so the
 * top lands on that spoke of the level below, or beside it (the lines to
 * ends at different lengths part by a square at most): on the wood. */
static void shoots_drawn(uint32_t seed, const bw_forest_plan *pl, int level, const spokes *sp, const spoke_ends *prev,
                         const shoot_list *below, shoot_list *out)
{
    bw_rng r;
    int k, want;
    bw_rng_stream(&r, seed, BW_GEN_FOREST, (uint32_t)level, P_MUSHROOMS);
    want = bw_rng_step_range(&r, BW_FOREST_SHOOTS_MIN, BW_FOREST_SHOOTS_MAX);
    out->n = 0;
    for (k = 0; k < want; k++) {
        int tr = (int)bw_rng_step_below(&r, (uint32_t)pl->n), j = (int)bw_rng_step_below(&r, sp[tr].n);
        uint32_t pick = bw_rng_step(&r);
        int skip, steps, i, px, py, qx, qy;
        line4 l;
        line_start(&l, pl->x[tr], pl->y[tr], sp[tr].x1[j], sp[tr].y1[j]);
        steps = l.left;
        skip = sp[tr].skip[j];
        if (skip > steps)
            continue;
        line_seek(&l, skip + (int)(pick % (uint32_t)(steps - skip + 1)));
        i = SQUARE(l.x, l.y);
        px = l.x - pl->x[tr];
        py = l.y - pl->y[tr];
        qx = prev->x1[tr][j] - pl->x[tr];
        qy = prev->y1[tr][j] - pl->y[tr];
        if (crowded(out, i) || (below && listed(below, i)) || px * px + py * py >= qx * qx + qy * qy)
            continue; /* past the spoke of the level below: the top would hang in the air */
        out->at[out->n++] = (uint32_t)i;
    }
}

/* Swaps the contents of lists a and b (no third list on the stack). */
BW_NOINLINE static void swap_lists(shoot_list *a, shoot_list *b)
{
    int k, n = bw_max(a->n, b->n);
    uint32_t t;
    for (k = 0; k < n; k++) {
        t = a->at[k];
        a->at[k] = b->at[k];
        b->at[k] = t;
    }
    n = a->n;
    a->n = b->n;
    b->n = n;
}

/* What the lists are drawn in: words and bytes only, so it lives in a
 * plane's words (a level's m->a, free between the growth and the twig
 * ends: see level_shoots; bw_forest_mushrooms' own plane). */
typedef struct shoot_work {
    shoot_list own, next;
    spokes cur[BW_FOREST_MAX_TRUNKS]; /* a level's spokes */
    spoke_ends prev;                  /* the level below's: only their ends are read */
    region rg;                        /* level_spokes': here, not on the stack under spokes_of */
} shoot_work;
BW_STATIC_ASSERT(sizeof(shoot_work) <= sizeof(bw_plane), forest_shoot_work_fits_a_plane);

/* The mushrooms of `level` into wk->own and, if want_next, of level + 1
 * into wk->next (none for DLVL 1 and 5): the list of DLVL l leaves out the
 * mushrooms of DLVL l - 1 and the squares by its spokes, so the lists of
 * DLVL 2 up are drawn in turn, each level's spokes once. own and next are
 * the working lists too, in turn (the one before is `below`), so no other
 * list is on the stack. */
static void shoots(uint32_t seed, const bw_forest_plan *pl, int level, shoot_work *wk, int want_next)
{
    shoot_list *own = &wk->own, *next = &wk->next, *buf[2];
    spokes *cur = wk->cur;
    spoke_ends *prev = &wk->prev;
    int l, c = 0, last = bw_min(level + want_next, BW_FOREST_LEVELS - 1);
    buf[0] = own;
    buf[1] = next;
    own->n = next->n = 0;
    if (level > BW_FOREST_LEVELS - 1)
        return;
    level_spokes(seed, 1, pl, &wk->rg, cur);
    for (l = 2; l <= last; l++) {
        keep_ends(pl, cur, prev);
        level_spokes(seed, l, pl, &wk->rg, cur);
        shoots_drawn(seed, pl, l, cur, prev, l == 2 ? 0 : buf[c ^ 1], buf[c]);
        c ^= 1;
    }
    /* DLVL last is in buf[c ^ 1], DLVL last - 1 in buf[c] */
    if (last == level + 1) {
        if (buf[c ^ 1] == own)
            swap_lists(own, next);
    } else if (buf[c ^ 1] == next) {
        swap_lists(own, next);
    }
    if (level < 2)
        own->n = 0;
    if (last != level + 1)
        next->n = 0;
}

int bw_forest_mushrooms(uint32_t seed, int level, bw_plane *out)
{
    bw_forest_plan pl;
    shoot_work *wk = (shoot_work *)(void *)out->w; /* drawn in out, then copied */
    uint16_t at[BW_FOREST_SHOOTS_MAX];
    int k, n;
    bw_plane_clear(out);
    if (level < 2 || level > 4)
        return 0;
    bw_forest_trunks(seed, &pl);
    shoots(seed, &pl, level, wk, 0);
    n = (int)wk->own.n;
    for (k = 0; k < n; k++)
        at[k] = (uint16_t)wk->own.at[k];
    bw_plane_clear(out);
    for (k = 0; k < n; k++)
        out->w[at[k] >> 5] |= 1u << (at[k] & 31);
    return n;
}

/* The centre line is the 4-connected line of line4; widths 2 and 3 add it
 * shifted by +1 and -1 across its main axis. */
void bw_forest_branch_cells(const bw_forest_part *p, bw_forest_cell_fn fn, void *ctx)
{
    static const int8_t shift[3] = { 0, 1, -1 };
    int nx = ABS(p->x1 - p->x0), ny = ABS(p->y1 - p->y0), steep = ny > nx, k;
    int sx = p->x1 < p->x0 ? -1 : 1, sy = p->y1 < p->y0 ? -1 : 1;
    for (k = 0; k < p->width && k < 3; k++) {
        int x = p->x0 + (steep ? shift[k] : 0), y = p->y0 + (steep ? 0 : shift[k]);
        int left = nx + ny;
        int32_t e = ny - nx;
        for (;;) {
            if (fn(x, y, ctx))
                return;
            if (left-- == 0)
                break;
            centre_step(&x, &y, &e, sx, sy, nx, ny);
        }
    }
}

/* The trees of `level`, each in its region, into the limbs (m->b, the trunk
 * discs in it already) and, without `user` (a level), the grid; m->a is the
 * halo. With `sink` (the replay's replay_part) every part goes to it, and
 * through it to `user`. The grower is in
 * this frame, not the level's, so it is not on the stack under the passes
 * after the growth. */
BW_NOINLINE static void grow_trees(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl, bw_forest_fn sink,
                                   bw_forest_fn user, void *ctx, bw_forest_report *rep)
{
    grower w;
#if GROW_IN_FILL
    grow_scratch *sc = (grow_scratch *)(void *)&m->fill;
#else
    grow_scratch own, *sc = &own;
#endif
    int t;
    bw_plane_clear(&m->a);
    w.want_leaves = user != 0;
    w.fn = sink; /* replay_part, named by the replay alone: a level does not link it */
    w.user = user;
    w.user_ctx = ctx;
    w.rep = rep;
    w.m = m;
    w.sc = sc;
    for (t = 0; t < pl->n; t++) {
        region_of(pl, t, &sc->rg);
        grow_tree(seed, level, pl, &sc->rg, t, &w);
    }
}

/* The replay's sink: each branch to the caller, and after a twig its
 * planned leaves (so a level's growth, which reports nothing, does not
 * link them). */
static void replay_part(const bw_forest_part *p, void *ctx)
{
    grower *w = (grower *)ctx;
    int id = p->id, x0 = p->x0, y0 = p->y0, x1 = p->x1, y1 = p->y1;
    w->user(p, w->user_ctx);
    if (p->terminal)
        leaves(w, id, x0, y0, x1, y1);
}

void bw_forest_canopy(bw_map *m, uint32_t seed, int level, bw_forest_fn fn, void *ctx)
{
    bw_forest_plan pl;
    int t;
    BW_ASSERT(m);
    if (level < 1 || level >= BW_FOREST_LEVELS)
        return;
    bw_forest_trunks(seed, &pl);
    bw_plane_clear(&m->b);
    for (t = 0; t < pl.n; t++) {
        int x, y, r = pl.r[t];
        for (y = pl.y[t] - r; y <= pl.y[t] + r; y++)
            for (x = pl.x[t] - r; x <= pl.x[t] + r; x++)
                if (in_disc(x - pl.x[t], y - pl.y[t], r))
                    BW_PSET(&m->b, x, y);
    }
    grow_trees(m, seed, level, &pl, replay_part, fn, ctx, 0);
}

/* What the passes after the growth ask of a square, a table by tile id (a
 * square marked TWIG_MARK, see end_leaves, is none of these). */
enum { K_LIMB = 1,    /* branch, mushroom, top, trunk: on the canopy, no leaf beside it but its twig's */
       K_WOOD = 2,    /* branch, mushroom, trunk: what a twig is made of and hangs on */
       K_SHOOT = 4,   /* branch, mushroom: what a twig's end is */
       K_ROOM = 8,    /* air: where a leaf may go */
       K_HELD = 16,   /* branch, mushroom, trunk, vine, leaf: on the canopy */
       K_FLOOR = 32 }; /* grass, lichen, trunk: open on DLVL 5 (BW_CONNECTS there) */
#define KINDS 0x40 /* the tiles (BW_TILE_COUNT <= 0x40, see TWIG_MARK) */
static const uint8_t kind_tab[KINDS] = {
    [BW_T_BRANCH] = K_LIMB | K_WOOD | K_SHOOT | K_HELD,
    [BW_T_MUSHROOM] = K_LIMB | K_WOOD | K_SHOOT | K_HELD,
    [BW_T_MUSHROOM_TOP] = K_LIMB,
    [BW_T_TRUNK] = K_LIMB | K_WOOD | K_HELD | K_FLOOR,
    [BW_T_GRASS] = K_FLOOR,
    [BW_T_LICHEN] = K_FLOOR,
    [BW_T_AIR] = K_ROOM,
    [BW_T_VINE] = K_HELD,
    [BW_T_LEAF] = K_HELD,
};

/* A square marked (TWIG_MARK, CAND_MARK, see end_leaves) reads as its
 * tile: the leaf tests that meet marked squares ask for the mark first. */
static int kind(uint8_t t)
{
    return kind_tab[t & (KINDS - 1)];
}

static int limb(uint8_t t)
{
    return kind(t) & K_LIMB;
}

/* The 4-neighbours as steps of a square index, in bw_dx4 / bw_dy4 order. */
static const int16_t step4[4] = { -BW_GRID_MAX, 1, BW_GRID_MAX, -1 };

/* The ends in word j of the limbs plane l: limbs with exactly one limb
 * 4-neighbour (the rows above and below are 120 bits away, 3 words and 24
 * bits). Limbs lie in rows and columns 1..118 (a branch's centre line
 * keeps EDGE in, its width one more square out; trunks are further in),
 * so no neighbour of one wraps round a row's end. */
static uint32_t end_word(const uint32_t *l, int j)
{
    uint32_t c = l[j], n, s, w, x, a, b;
    if (!c)
        return 0;
    n = (j >= 4 ? l[j - 4] >> 8 : 0u) | (j >= 3 ? l[j - 3] << 24 : 0u);
    s = (j + 3 < BW_PLANE_WORDS ? l[j + 3] >> 24 : 0u) | (j + 4 < BW_PLANE_WORDS ? l[j + 4] << 8 : 0u);
    w = c << 1 | (j > 0 ? l[j - 1] >> 31 : 0u);
    x = c >> 1 | (j + 1 < BW_PLANE_WORDS ? l[j + 1] << 31 : 0u);
    a = n ^ s;
    b = w ^ x;
    return c & (a ^ b) & ~(n & s) & ~(w & x); /* exactly one of the four */
}

/* The twig ends into e: the ends of the limbs in l that are branch or
 * mushroom squares (no trunk). l holds the tops that lie in a line of wood
 * (two or more wood or top neighbours: a square of a twig) and not the
 * caps, so a twig a top lands on keeps its end. */
BW_NOINLINE static void mark_ends(uint32_t *e, const uint32_t *l, const uint8_t *cell)
{
    int j;
    for (j = 0; j < BW_PLANE_WORDS; j++) {
        uint32_t k = e[j] = end_word(l, j);
        while (k) {
            int i = j * 32 + bw_low_bit(k);
            k &= k - 1u;
            if (!(kind(cell[i]) & K_SHOOT))
                e[j] &= ~(1u << (i & 31));
        }
    }
}

/* 1 if no square strictly between (x0, y0) and (x1, y1) on their
 * 4-connected line is trunk, or (when `air_only`) anything but air or
 * vine (or leaf, when it is 2): a vine laid on it is one unbroken line,
 * never through the wood. */
static int line_clear(const bw_grid *g, int x0, int y0, int x1, int y1, int air_only)
{
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    while (line_next(&l) && l.left > 0) {
        uint8_t t = BW_AT(g, l.x, l.y);
        if (t == BW_T_TRUNK || (air_only && t != BW_T_AIR && t != BW_T_VINE && (air_only < 2 || t != BW_T_LEAF)))
            return 0;
    }
    return 1;
}

/* The tree whose trunk centre is strictly nearest (x, y): the side of the
 * level (x, y) lies on; -1 on a tie, so a bridge's ends are on one side
 * whichever way a reader breaks ties. Each tree grows on its own side. */
static int side_of(const bw_forest_plan *pl, int x, int y)
{
    int t, best = 0, tie = 0;
    int32_t b = (int32_t)(x - pl->x[0]) * (x - pl->x[0]) + (int32_t)(y - pl->y[0]) * (y - pl->y[0]);
    for (t = 1; t < pl->n; t++) { /* inline squares, the best kept: it runs per lane square */
        int32_t d = (int32_t)(x - pl->x[t]) * (x - pl->x[t]) + (int32_t)(y - pl->y[t]) * (y - pl->y[t]);
        if (d < b) {
            best = t;
            b = d;
            tie = 0;
        } else if (d == b) {
            tie = 1;
        }
    }
    return tie ? -1 : best;
}

/* Lays vine on the air squares of the 4-connected line from (x0, y0) to
 * (x1, y1). */
static void vine_line(bw_grid *g, int x0, int y0, int x1, int y1)
{
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    do
        if (BW_AT(g, l.x, l.y) == BW_T_AIR)
            BW_AT(g, l.x, l.y) = BW_T_VINE;
    while (line_next(&l));
}

/* The square TWIG_BACK steps back from end e along its twig (fewer where
 * the twig forks or ends first): the twig's direction is from there to e. */
#define TWIG_BACK 3
static int twig_back(const bw_grid *g, int e)
{
    int cur = e, prev = -1, k, d;
    for (k = 0; k < TWIG_BACK; k++) {
        int next = -1, n = 0;
        for (d = 0; d < 4; d++) {
            int v = cur + step4[d];
            if ((kind(g->cell[v]) & K_WOOD) && v != prev) {
                next = v;
                n++;
            }
        }
        if (n != 1 || g->cell[next] == BW_T_TRUNK)
            break;
        prev = cur;
        cur = next;
    }
    return cur;
}

/* 1 if no square strictly between the ends of the line from (x0, y0) to
 * (x1, y1) touches a limb but those ends: a vine laid on it passes by no
 * other twig, so it takes no room its leaves need. */
static int ray_alone(const bw_grid *g, int x0, int y0, int x1, int y1)
{
    int e0 = SQUARE(x0, y0), e1 = SQUARE(x1, y1), d;
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    while (line_next(&l) && l.left > 0) {
        int i = SQUARE(l.x, l.y);
        if (l.x < 1 || l.y < 1 || l.x >= BW_FOREST_W - 1 || l.y >= BW_FOREST_H - 1)
            return 0;
        for (d = 0; d < 4; d++) {
            int v = i + step4[d];
            if (v != e0 && v != e1 && limb(g->cell[v]))
                return 0;
        }
    }
    return 1;
}

/* Rule 4.7: a straight ray from each twig end on along its twig (the line
 * from TWIG_BACK squares back through the end, as far as
 * BW_FOREST_VINE_MAX) through the air. If the first square off the air it
 * meets is a branch or mushroom square of another tree (on another side:
 * each tree grows on its own) 2 or more squares on and within
 * BW_FOREST_VINE_MAX, and the line crosses no trunk, its air squares
 * become vine: a bridge, joining the two trees. It runs after the whole
 * wood is drawn, so nothing cuts it later (the leaves go into the air only). */
BW_NOINLINE static void rays(bw_map *m, const bw_forest_plan *pl, bw_forest_report *rep, const bw_forest_hooks *h)
{
    bw_grid *g = &m->grid;
    int j;
    for (j = 0; j < BW_PLANE_WORDS; j++) {
        uint32_t k = m->a.w[j];
        while (k) {
            int e = j * 32 + bw_low_bit(k), b, x, y, vx, vy, n, ex, ey, t, u;
            uint8_t hit = BW_T_AIR;
            line4 l;
            k &= k - 1u;
            b = twig_back(g, e);
            x = e % BW_GRID_MAX;
            y = e / BW_GRID_MAX;
            vx = x - b % BW_GRID_MAX;
            vy = y - b / BW_GRID_MAX;
            n = bw_max(ABS(vx), ABS(vy));
            if (n == 0 || (t = side_of(pl, x, y)) < 0)
                continue;
            ex = x + vx * BW_FOREST_VINE_MAX / n;
            ey = y + vy * BW_FOREST_VINE_MAX / n;
            line_start(&l, x, y, ex, ey);
            while (line_next(&l)) {
                if ((unsigned)l.x >= BW_FOREST_W || (unsigned)l.y >= BW_FOREST_H)
                    break;
                hit = BW_AT(g, l.x, l.y);
                if (hit != BW_T_AIR && hit != BW_T_VINE)
                    break;
            }
            if ((hit != BW_T_BRANCH && hit != BW_T_MUSHROOM) || l.done < 2 ||
                bw_dist2(x, y, l.x, l.y) > BW_FOREST_VINE_MAX * BW_FOREST_VINE_MAX ||
                (u = side_of(pl, l.x, l.y)) < 0 || u == t || !line_clear(g, x, y, l.x, l.y, 0) ||
                !ray_alone(g, x, y, l.x, l.y))
                continue;
            vine_line(g, x, y, l.x, l.y);
            if (rep)
                rep->vines++;
#ifdef BW_TESTING
            if (h && h->on_vine) {
                bw_forest_vine v;
                v.x0 = (uint8_t)x;
                v.y0 = (uint8_t)y;
                v.x1 = (uint8_t)l.x;
                v.y1 = (uint8_t)l.y;
                v.t = (uint8_t)t;
                h->on_vine(&v, h->ctx);
            }
#else
            (void)h;
#endif
        }
    }
}

/* Rule 4.7, the bridge a tree is sure of: from the tip of one of tree t's
 * twigs on t's side, straight at tree u's trunk centre, through air (and
 * vines) only, to the first square of u's canopy (plane `reach`) on u's
 * side that is not trunk; the shortest such line over t's twigs. One
 * replay of t's twigs serves every tree u of `want` at once (all on the
 * canopy in `reach`): a ray's first square off the air lies on one tree's
 * side, so it counts for that tree alone. */
#define FAN_REACH 60
typedef struct bridge_ctx {
    bw_grid *g;
    const bw_plane *reach;
    const bw_forest_plan *pl;
    uint8_t t;
    uint8_t want;          /* the trees u sought, a bit each */
    uint8_t fan;           /* 0: at u's centre; 1: the 32 directions */
    uint8_t lax;           /* 1: through leaves too (the last fallback) */
    uint8_t x0[BW_FOREST_MAX_TRUNKS], y0[BW_FOREST_MAX_TRUNKS]; /* per u: the best line */
    uint8_t x1[BW_FOREST_MAX_TRUNKS], y1[BW_FOREST_MAX_TRUNKS];
    int32_t best[BW_FOREST_MAX_TRUNKS]; /* its dist^2, INT32_MAX: none yet */
    uint8_t endt;          /* the tree whose twig ends the list holds, 0xff none */
    uint8_t nend;          /* its ends (a tree has 110 at most, see bridge_ends) */
    bw_fill *list;         /* the list: m->fill's stack, low and high bytes */
} bridge_ctx;

/* One ray from (x, y) toward (ex, ey) (see bridge_ctx). Inlined at -O2
 * (the fallback casts 32 rays from every twig tip: the call was a tenth
 * of the worst level); a call in builds for size (config.h, BW_FAST 0: the
 * forest alone stays under 16 KiB of flash). */
#if BW_FAST
#define RAY_INLINE BW_ALWAYS_INLINE
#else
#define RAY_INLINE
#endif
static inline RAY_INLINE void bridge_ray(bridge_ctx *c, int x, int y, int ex, int ey, unsigned want)
{
    bw_grid *g = c->g;
    int out = (unsigned)ex >= BW_FOREST_W || (unsigned)ey >= BW_FOREST_H; /* see vine */
    /* line4's steps, the line in locals and the square's index kept as
     * it steps (as in vine): the fallback casts 32 rays from every tip */
    int hx = x, hy = y, nx = ABS(ex - x), ny = ABS(ey - y), left = nx + ny, done = 0, u;
    int sx = ex < x ? -1 : 1, sy = ey < y ? -1 : 1;
    int32_t e = ny - nx, d;
    unsigned i = BW_BIT(x, y);
    uint8_t t = BW_T_AIR;
    while (left-- > 0) { /* at u's centre: ends at a trunk square at the latest */
        if (e < 0) {
            hx += sx;
            i += (unsigned)sx;
            e += 2 * ny;
        } else {
            hy += sy;
            i += (unsigned)(sy * BW_GRID_MAX);
            e -= 2 * nx;
        }
        done++;
        if (out && ((unsigned)hx >= BW_FOREST_W || (unsigned)hy >= BW_FOREST_H))
            return;
        t = g->cell[i];
        if (t != BW_T_AIR && t != BW_T_VINE && (!c->lax || t != BW_T_LEAF))
            break;
    }
    if (t == BW_T_AIR || t == BW_T_VINE || t == BW_T_TRUNK || done < 2 || !BW_PGET(c->reach, hx, hy))
        return;
    u = side_of(c->pl, hx, hy);
    if (u < 0 || !((want >> u) & 1u))
        return;
    d = (int32_t)(hx - x) * (hx - x) + (int32_t)(hy - y) * (hy - y);
    if (d < c->best[u] && line_clear(g, x, y, hx, hy, 1 + c->lax)) {
        c->best[u] = d;
        c->x0[u] = (uint8_t)x;
        c->y0[u] = (uint8_t)y;
        c->x1[u] = (uint8_t)hx;
        c->y1[u] = (uint8_t)hy;
    }
}

/* Whether a tree's nend ends fit the fill stack's entries (a byte count:
 * with a stack of 255 entries they always do). */
#if BW_FILL_STACK < 255
#define ENDS_FIT(n) ((n) <= BW_FILL_STACK)
#else
#define ENDS_FIT(n) 1
#endif

/* The rays of bridge_ray from every twig end of tree t (on its side): the
 * ends of the limbs in l that are branch or mushroom squares, in row
 * order. A tree's ends are ends of its branches' lines (each line of
 * 4-connected squares has two, its inner squares two limb neighbours): 5
 * spokes of 3 lines and 40 twigs of 1 (BW_FOREST_TREE_CAP), 110 at most.
 * They are listed as they are first found, for every ray the tree casts
 * after, in m->fill's stack: the fill is scratch here in the fast build
 * (the canopy floods are the word flood; the tops it kept are in the
 * limbs already), and a tree with more ends than it holds (never: at
 * most 21 over seeds 0..2,999) finds them again each time. Built for size, the canopy flood
 * is the fill's, so nothing is kept. */
BW_NOINLINE static void bridge_ends(bridge_ctx *c, const uint32_t *l)
{
    bw_fill *f = c->list;
    int j = 0, k, n = 0, listed = c->endt == c->t;
    uint32_t e = 0;
    if (!listed)
        c->nend = 0;
    for (;;) {
        int i, x, y;
        if (listed) {
            if (n == c->nend)
                break;
            i = f->xl[n] | f->xr[n] << 8;
            n++;
        } else {
            while (!e && j < BW_PLANE_WORDS)
                e = end_word(l, j++);
            if (!e)
                break;
            i = (j - 1) * 32 + bw_low_bit(e);
            e &= e - 1u;
            if (!(kind(c->g->cell[i]) & K_SHOOT) || side_of(c->pl, i % BW_GRID_MAX, i / BW_GRID_MAX) != c->t)
                continue;
            if (c->nend < BW_FILL_STACK) {
                f->xl[c->nend] = (uint8_t)i;
                f->xr[c->nend] = (uint8_t)(i >> 8);
            }
            c->nend++;
        }
        x = i % BW_GRID_MAX;
        y = i / BW_GRID_MAX;
        /* a ray at each tree's centre, for that tree; or the fallback:
         * every direction, as far as FAN_REACH (one call site: the ray
         * is inlined once) */
        for (k = 0; k < (c->fan ? 32 : c->pl->n); k++) {
            int ex = x + dir_x(k, FAN_REACH), ey = y + dir_y(k, FAN_REACH);
            unsigned want = c->want;
            if (!c->fan) {
                if (!((c->want >> k) & 1u))
                    continue;
                ex = c->pl->x[k];
                ey = c->pl->y[k];
                want = 1u << k;
            }
            bridge_ray(c, x, y, ex, ey, want);
        }
    }
    if (!listed)
        c->endt = (uint8_t)(ENDS_FIT(c->nend) && BW_FAST ? c->t : 0xff);
}

/* Rule 4.7, the bridge a tree is sure of, found on straight lines between two
 * trunks: the line from t's trunk centre to u's, and the same line moved
 * 1, -1, 2, -2, ... up to LANES squares across its main axis. Walking one
 * from t's end, a bridge is a run of one or more air (or vine) squares
 * between a branch, mushroom or top square L on t's side that is on t's
 * canopy (plane m->a, the flood from t's trunk over limbs) and one such
 * square M on u's side that is on u's canopy: on t's canopy too when u's
 * trunk is on it (one canopy: the common case, and then one flood serves
 * every tree on it), else off t's canopy and on the flood from u's trunk,
 * checked after the walk for up to BRIDGE_CAND runs. The run's air
 * squares become vine; it starts and ends beside a branch, never in a
 * trunk. */
#define LANES 16
#define BRIDGE_CAND 8
typedef struct lane_run {
    int16_t x0, y0, x1, y1;  /* the lane */
    int16_t from, to;        /* the steps of L and M on it */
    uint8_t mx, my;          /* M */
} lane_run;

typedef struct lane_walk {
    lane_run cand[BRIDGE_CAND]; /* the runs kept */
    uint8_t lax;                /* 1: runs cross leaves too (the last fallback) */
} lane_walk;

static int canopy_square(uint8_t t)
{
    return t == BW_T_BRANCH || t == BW_T_MUSHROOM || t == BW_T_MUSHROOM_TOP;
}

/* Lays vine on the squares strictly between steps `from` and `to` of the
 * lane (air, vine, or leaves, see lanes). */
static void lay_run(bw_grid *g, const lane_run *r)
{
    line4 l;
    line_start(&l, r->x0, r->y0, r->x1, r->y1);
    while (line_next(&l) && l.done < r->to)
        if (l.done > r->from && BW_AT(g, l.x, l.y) != BW_T_VINE) /* air, or a leaf (lw->lax) */
            BW_AT(g, l.x, l.y) = BW_T_VINE;
}

/* Walks the lanes from t to u; lays the first bridge when `same` (u's
 * trunk on t's canopy), else keeps up to BRIDGE_CAND runs in lw->cand
 * (through leaves too with lw->lax, the last fallback: they become vine).
 * Returns 1 if it laid one, else the runs kept, negated (0: none). */
BW_NOINLINE static int lanes(bw_map *m, const bw_forest_plan *pl, int t, int u, int same, lane_walk *lw)
{
    lane_run *cand = lw->cand;
    bw_grid *g = &m->grid;
    int steep = ABS(pl->y[u] - pl->y[t]) > ABS(pl->x[u] - pl->x[t]), k, nc = 0;
    for (k = 0; k <= 2 * LANES && nc < BRIDGE_CAND; k++) {
        int off = (k + 1) / 2 * (k & 1 ? 1 : -1), from = -1;
        uint8_t ps = BW_T_AIR;
        lane_run r;
        int nx, ny, sx, sy, left, all, ax, ay;
        int32_t e;
        unsigned i, pi = 0;
        r.x0 = (int16_t)(pl->x[t] + (steep ? off : 0));
        r.y0 = (int16_t)(pl->y[t] + (steep ? 0 : off));
        r.x1 = (int16_t)(pl->x[u] + (steep ? off : 0));
        r.y1 = (int16_t)(pl->y[u] + (steep ? 0 : off));
        if (bw_min(r.x0, r.x1) < 0 || bw_min(r.y0, r.y1) < 0 || bw_max(r.x0, r.x1) >= g->w ||
            bw_max(r.y0, r.y1) >= g->h)
            continue;
        /* line4's steps with the line in locals and only the square's
         * index kept as it steps (a level walks up to 33 lanes a tree
         * pair; x, y and the step are worked out from it and from `left`
         * where needed). `from`: the `left` at the last square that is not
         * air or vine (ps, pi); whether it may start a run (L) is worked
         * out only once air lies after it and the square past that air
         * may end one: the canopy bits and side_of are read at the ends of
         * air, not on every square */
        nx = ABS(r.x1 - r.x0);
        ny = ABS(r.y1 - r.y0);
        sx = r.x1 < r.x0 ? -1 : 1;
        sy = r.y1 < r.y0 ? -BW_GRID_MAX : BW_GRID_MAX;
        left = all = nx + ny;
        ax = 2 * nx;
        ay = 2 * ny;
        e = ny - nx;
        i = BW_BIT(r.x0, r.y0);
        for (;;) {
            uint8_t s = g->cell[i];
            if (s != BW_T_AIR && s != BW_T_VINE && (s != BW_T_LEAF || !lw->lax)) {
                if (from > left + 1 && (int)((m->a.w[i >> 5] >> (i & 31)) & 1u) == same &&
                    canopy_square(s) && ((m->a.w[pi >> 5] >> (pi & 31)) & 1u) && canopy_square(ps) &&
                    side_of(pl, (int)(pi % BW_GRID_MAX), (int)(pi / BW_GRID_MAX)) == t &&
                    side_of(pl, (int)(i % BW_GRID_MAX), (int)(i / BW_GRID_MAX)) == u) {
                    r.from = (int16_t)(all - from);
                    r.to = (int16_t)(all - left);
                    r.mx = (uint8_t)(i % BW_GRID_MAX);
                    r.my = (uint8_t)(i / BW_GRID_MAX);
                    if (same) {
                        lay_run(g, &r);
                        return 1;
                    }
                    cand[nc++] = r;
                    break;
                }
                from = left;
                ps = s;
                pi = i;
            }
            if (left-- == 0)
                break;
            if (e < 0) {
                i += (unsigned)sx;
                e += ay;
            } else {
                i += (unsigned)sy;
                e -= ax;
            }
        }
    }
    return -nc;
}

#if BW_FAST /* see canopy_of */
/* The limbs (set bits of `o`, m->b) joined to square `start` by 4-steps
 * into `r`, a plane word at a time. A word takes its reached bits from its
 * neighbours (the words before and after it, bits 31 and 0, and the rows
 * above and below, 120 bits away: 3 words and 24 bits), then the runs of
 * limbs in it holding them (bw_plane_runs_of); o NULL: the open squares
 * are the floor's (floor_word, from `cells`: DLVL 5, see join_floor). A word that grows marks the
 * words with limbs that read it in `dirty` (a bit a word). The dirty words
 * are taken in sweeps, down the plane and back up (found a word of marks
 * at a time), each word as often as it grows again. Limbs lie in columns
 * 1..118 (see mark_ends), so a run never wraps round a row's end. A sweep
 * that leaves marks has made a word grow, which happens at most 14,400
 * times: the bound of 14,400 + 1 sweeps is never near. */
#define DIRTY_WORDS ((BW_PLANE_WORDS + 31) / 32)
static uint32_t floor_word(const uint8_t *cell, int j);
static void flood_limbs(uint32_t *r, const uint32_t *o, const uint8_t *cells, int start)
{
    static const int8_t reads[6] = { -4, -3, -1, 1, 3, 4 };
    uint32_t dirty[DIRTY_WORDS];
    int j, k, g, sweeps;
    unsigned left = 1;
    for (j = 0; j < BW_PLANE_WORDS; j++)
        r[j] = 0;
    for (j = 0; j < DIRTY_WORDS; j++)
        dirty[j] = 0;
    r[start >> 5] = 1u << (start & 31);
    for (k = 0; k < 6; k++) {
        j = (start >> 5) + reads[k];
        if (j >= 0 && j < BW_PLANE_WORDS && (!o || o[j]))
            dirty[j >> 5] |= 1u << (j & 31);
    }
    for (sweeps = 0; left && sweeps <= BW_GRID_CELLS; sweeps++) {
        int down = !(sweeps & 1);
        for (g = down ? 0 : DIRTY_WORDS - 1; g >= 0 && g < DIRTY_WORDS; g += down ? 1 : -1) {
            int b = down ? 0 : 31; /* the next bit of this word of marks to look at */
            for (;;) {
                uint32_t pend = dirty[g] & (down ? ~0u << b : 0xffffffffu >> (31 - b)), open, seed;
                if (!pend)
                    break;
                b = down ? bw_low_bit(pend) : bw_high_bit(pend);
                dirty[g] &= ~(1u << b);
                j = g * 32 + b;
                open = o ? o[j] : floor_word(cells, j);
                seed = (r[j] | (j >= 4 ? r[j - 4] >> 8 : 0u) | (j >= 3 ? r[j - 3] << 24 : 0u) |
                        (j + 3 < BW_PLANE_WORDS ? r[j + 3] >> 24 : 0u) |
                        (j + 4 < BW_PLANE_WORDS ? r[j + 4] << 8 : 0u) | (j > 0 ? r[j - 1] >> 31 : 0u) |
                        (j + 1 < BW_PLANE_WORDS ? r[j + 1] << 31 : 0u)) & open;
                if (seed & ~r[j]) {
                    uint32_t got = bw_plane_runs_of(open, seed), nb = got & ~r[j], to[6];
                    r[j] = got;
                    /* where the new bits reach in the words that read j:
                     * only a word that gains a limb is marked */
                    to[0] = nb << 8;
                    to[1] = nb >> 24;
                    to[2] = nb << 31;
                    to[3] = nb >> 31;
                    to[4] = nb << 24;
                    to[5] = nb >> 8;
                    for (k = 0; k < 6; k++) {
                        int n = j + reads[k];
                        if (n >= 0 && n < BW_PLANE_WORDS && (to[k] & (o ? o[n] : ~0u) & ~r[n]))
                            dirty[n >> 5] |= 1u << (n & 31);
                    }
                }
                if (down ? ++b > 31 : --b < 0)
                    break;
            }
        }
        for (left = 0, g = 0; g < DIRTY_WORDS; g++)
            left |= dirty[g];
    }
}
#endif

/* The canopy of tree t (a flood from its trunk over limbs) into m->a,
 * unless m->a holds it already: `flooded` and the result are the trunks
 * on the canopy m->a holds. Bridges lay vines into the air only, never a
 * limb, so a canopy flooded once stays right for the whole bridge pass
 * and serves every tree on it. Built for size (BW_FAST 0), the flood is the
 * fill's over the limb tiles (linked for DLVL 5 anyway), the same squares:
 * without the word flood's 0.6 KiB the forest alone stays under 16 KiB. */
static unsigned canopy_of(bw_map *m, const bw_forest_plan *pl, int t, unsigned flooded)
{
    int u;
    if ((flooded >> t) & 1u)
        return flooded;
#if !BW_FAST
    {
        bw_tileset limb;
        bw_tileset_clear(&limb);
        bw_tileset_add(&limb, BW_T_TRUNK);
        bw_tileset_add(&limb, BW_T_BRANCH);
        bw_tileset_add(&limb, BW_T_MUSHROOM);
        bw_tileset_add(&limb, BW_T_MUSHROOM_TOP);
        bw_plane_clear(&m->a);
        bw_fill_flood(&m->fill, &m->grid, &limb, &m->a, pl->x[t], pl->y[t]);
    }
#else
    flood_limbs(m->a.w, m->b.w, 0, (int)BW_BIT(pl->x[t], pl->y[t]));
#endif
    for (flooded = 0, u = 0; u < pl->n; u++)
        flooded |= (unsigned)BW_PGET(&m->a, pl->x[u], pl->y[u]) << u;
    return flooded;
}

/* The tree nearest tree t's centre that `tried` does not hold (the first
 * on a tie), or -1. */
static int nearest(const bw_forest_plan *pl, int t, unsigned tried)
{
    int u, best = -1;
    for (u = 0; u < pl->n; u++)
        if (!((tried >> u) & 1u) &&
            (best < 0 || bw_dist2(pl->x[t], pl->y[t], pl->x[u], pl->y[u]) <
                             bw_dist2(pl->x[t], pl->y[t], pl->x[best], pl->y[best])))
            best = u;
    return best;
}

/* Rule 4.7: every tree joined by vines to another. Trees in plan order; one not
 * yet joined tries the others nearest first, on the lanes (see lanes);
 * a bridge joins both. For the trees still alone, rays from every twig tip
 * (see bridge_ray): first at each other tree's centre, then in 32
 * directions (FAN_REACH long); the nearest tree and those after it in
 * that order on the same canopy are sought in one replay of t, the first
 * of them with a ray taken. Then the lanes again, through leaves too
 * (laid as vine: a leaf in the way of the only bridge gives way; 5 trees
 * of 6,596 over seeds 0..299 need it, and it joins each), and last the 32
 * rays through leaves too (a tree whose canopy facing the others ends in
 * leaf-wrapped tips: 1 tree-level over seeds 0..2,999). A tree still
 * alone stays unjoined (counted in rep->lonely; measured: none over seeds
 * 0..2,999). Returns 1 if a bridge went through leaves: the caller serves
 * the twig ends again (rule 4.4). */
BW_NOINLINE static int bridges(bw_map *m, const bw_forest_plan *pl, bw_forest_report *rep)
{
    /* the rays' context and the lanes' runs are never needed at once: a
     * lanes round leaves the context to be set again (the list of ends
     * with it, see bridge_ends), and a ray's line is laid from a run of
     * its own */
    union {
        bridge_ctx c;
        lane_walk lw;
    } wk;
    bridge_ctx *c = &wk.c;
    lane_walk *lw = &wk.lw;
    unsigned joined = 0, flooded = 0, lax = 0; /* flooded: the trunks on the canopy in m->a */
    int round, t, k;
    /* the lanes, rays at the centres, 32 rays, then lanes and 32 rays through leaves */
    for (round = 0; round < 5; round++) {
        if (round == 1 || round == 4) { /* after a lanes round */
            c->g = &m->grid;
            c->reach = &m->a;
            c->endt = 0xff;
            c->list = &m->fill;
            c->pl = pl;
        }
        for (t = 0; t < pl->n; t++) {
            unsigned tried = 1u << t;
            int best;
            if ((joined >> t) & 1u)
                continue;
            c->fan = (uint8_t)(round == 2 || round == 4);
            c->lax = (uint8_t)(round == 4);
            while ((best = nearest(pl, t, tried)) >= 0) {
                int u, laid = 0;
                tried |= 1u << best;
                if (round == 0 || round == 3) {
                    int n;
                    flooded = canopy_of(m, pl, t, flooded);
                    lw->lax = (uint8_t)(round == 3);
                    n = lanes(m, pl, t, best, (int)((flooded >> best) & 1u), lw);
                    laid = n > 0;
                    if (n < 0) { /* u's own canopy: its flood checks the runs */
                        flooded = canopy_of(m, pl, best, flooded);
                        for (u = 0; u < -n && !laid; u++)
                            if (BW_PGET(&m->a, lw->cand[u].mx, lw->cand[u].my)) {
                                lay_run(&m->grid, &lw->cand[u]);
                                laid = 1;
                            }
                    }
                } else {
                    uint8_t order[BW_FOREST_MAX_TRUNKS];
                    int nb = 1;
                    flooded = canopy_of(m, pl, best, flooded);
                    order[0] = (uint8_t)best;
                    while ((u = nearest(pl, t, tried)) >= 0 && ((flooded >> u) & 1u)) {
                        tried |= 1u << u; /* on best's canopy: the same replay */
                        order[nb++] = (uint8_t)u;
                    }
                    c->t = (uint8_t)t;
                    c->want = 0;
                    for (k = 0; k < nb; k++) {
                        c->want |= (uint8_t)(1u << order[k]);
                        c->best[order[k]] = INT32_MAX;
                    }
                    bridge_ends(c, m->b.w);
                    for (k = 0; k < nb && !laid; k++)
                        if (c->best[order[k]] < INT32_MAX) {
                            lane_run run, *r = &run; /* the line as a run: its leaves too become vine */
                            best = order[k];
                            r->x0 = c->x0[best];
                            r->y0 = c->y0[best];
                            r->x1 = c->x1[best];
                            r->y1 = c->y1[best];
                            r->from = 0;
                            r->to = (int16_t)(ABS(r->x1 - r->x0) + ABS(r->y1 - r->y0));
                            lay_run(&m->grid, r);
                            laid = 1;
                        }
                }
                if (laid) {
                    lax |= round >= 3;
                    joined |= (1u << t) | (1u << best);
                    if (rep)
                        rep->bridges++;
                    break;
                }
            }
            if (round == 4 && !((joined >> t) & 1u) && rep)
                rep->lonely++;
        }
    }
    return (int)lax;
}


/* Rule 4.4 on the finished wood. A twig's end is a branch or mushroom square
 * with exactly one trunk, branch or mushroom 4-neighbour (a mushroom top
 * is a cap on the wood here, see canopy_level); its twig is the one-wide
 * line back from it: the squares walked while each has two such
 * neighbours, up to the square it hangs on. Its leaves are its own: 1 x 1
 * leaves on air squares beside the twig that touch no other limb (no
 * other wood, no top) and no other leaf, tip first, until there are
 * BW_FOREST_LEAVES_MIN; then each grows away from its twig to its drawn
 * size (1 x 1 to 2 x 4, either way round) where all of that is air
 * touching no limb and no other leaf. So a leaf touches one twig, and
 * every group of leaf squares on the map is one leaf. The branches keep 3
 * or more 4-steps apart (see halo), so the squares beside a twig touch no
 * other branch; an end short of four after the repair rounds (see
 * grid_leaves) counts in rep->bare (none over seeds 0..2,999 x DLVL 1-4:
 * the twigs are planned with room for their leaves, see TWIG_OWN and
 * spaced).
 * Leaves go into the air only, so they cut no vine. */
#define TWIG_CAP 48
#define LEAF_CAND 32
#define TWIG_MARK 0x80u
BW_STATIC_ASSERT(BW_TILE_COUNT <= 0x40u, forest_twig_marks_free);
#define CAND_MARK 0x40u

typedef struct leaf_ctx {
    bw_grid *g;
    bw_rng r;
    bw_forest_report *rep;
} leaf_ctx;

/* The tile at (x, y), air off the map. */
static uint8_t tile_at(const bw_grid *g, int x, int y)
{
    return (unsigned)x < BW_FOREST_W && (unsigned)y < BW_FOREST_H ? BW_AT(g, x, y) : BW_T_AIR; /* g is 120 x 120 */
}

/* The leaf seeded at (x, y), grown away from its twig in direction d to
 * `len` x `wide` (drawn) where every new square is air touching no limb
 * and no leaf but its own: a rectangle, or the 1 x 1 it started as. A
 * square outside the box touches one square of it at most, so "touching"
 * is asked of the ring round the box, but the seed's own neighbours (the
 * seed hangs on its twig). */
static int ring_clear(const bw_grid *g, int x, int y, int nx, int ny)
{
    uint8_t u = tile_at(g, x, y);
    return (x == nx && y == ny) || !(limb(u) || u == BW_T_LEAF);
}

static void grow_leaf(leaf_ctx *c, int x, int y, int d)
{
    bw_grid *g = c->g;
    uint32_t bits = bw_rng_step(&c->r);
    int len = 1 + (int)(bits & 3u), wide = 1 + (int)((bits >> 2) & 1u);
    int ax = bw_dx4[(d + 1) & 3], ay = bw_dy4[(d + 1) & 3]; /* across */
    int x0, y0, x1, y1, i, j;
    x0 = bw_min(x, x + bw_dx4[d] * (len - 1) + ax * (wide - 1));
    x1 = bw_max(x, x + bw_dx4[d] * (len - 1) + ax * (wide - 1));
    y0 = bw_min(y, y + bw_dy4[d] * (len - 1) + ay * (wide - 1));
    y1 = bw_max(y, y + bw_dy4[d] * (len - 1) + ay * (wide - 1));
    if (len * wide == 1 || x0 < 0 || y0 < 0 || x1 >= g->w || y1 >= g->h)
        return;
    for (j = y0; j <= y1; j++)
        for (i = x0; i <= x1; i++)
            if ((i != x || j != y) && BW_AT(g, i, j) != BW_T_AIR)
                return;
    /* the ring, but the seed's neighbours (x, y -/+ 1), (x -/+ 1, y) */
    for (i = x0; i <= x1; i++)
        if (!ring_clear(g, i, y0 - 1, x, y - 1) || !ring_clear(g, i, y1 + 1, x, y + 1))
            return;
    for (j = y0; j <= y1; j++)
        if (!ring_clear(g, x0 - 1, j, x - 1, y) || !ring_clear(g, x1 + 1, j, x + 1, y))
            return;
    for (j = y0; j <= y1; j++) /* (on the map: checked above) */
        for (i = x0; i <= x1; i++)
            BW_AT(g, i, j) = BW_T_LEAF;
}

/* 1 if air square a may take a leaf of the twig marked TWIG_MARK: no leaf
 * beside it, and every limb beside it is on the twig, or a mushroom top
 * whose wood neighbours are all on the twig (a cap of it). */
/* Square i, or rock off the map: the leaf tests read two steps out from
 * a square that may lie by the edge. */
static uint8_t cell_at(const uint8_t *cell, int i)
{
    return (unsigned)i < (unsigned)(BW_FOREST_H * BW_GRID_MAX) ? cell[i] : BW_T_ROCK;
}

static int leaf_room(const uint8_t *cell, int a)
{
    int d, k;
    if (cell_at(cell, a) != BW_T_AIR)
        return 0;
    for (d = 0; d < 4; d++) {
        int b = a + step4[d];
        uint8_t u = cell_at(cell, b);
        if (u == BW_T_LEAF || (u < TWIG_MARK && limb(u) && u != BW_T_MUSHROOM_TOP))
            return 0; /* (the twig's own squares are marked) */
        if (u == BW_T_MUSHROOM_TOP)
            for (k = 0; k < 4; k++) {
                uint8_t v = cell_at(cell, b + step4[k]);
                if (v < TWIG_MARK && (kind(v) & K_WOOD))
                    return 0;
            }
    }
    return 1;
}

/* What a leaf on air square a costs the other twigs: the air squares
 * beside it that are beside another limb (where another twig's leaf might
 * go, and this one would then touch it). */
BW_NOINLINE static int leaf_cost(const uint8_t *cell, int a, int any)
{
    int d, k, cost = 0;
    for (d = 0; d < 4; d++) {
        int b = a + step4[d];
        if (cell_at(cell, b) != BW_T_AIR)
            continue;
        for (k = 0; k < 4; k++) {
            uint8_t u = cell_at(cell, b + step4[k]);
            if (limb(u) && !(u & TWIG_MARK)) {
                cost++;
                break;
            }
        }
        if (cost && any)
            break; /* `any`: whether it costs, not how much */
    }
    return cost;
}

/* The wood neighbours of square i (branch, mushroom, trunk; marked
 * TWIG_MARK or not), with `tops` the mushroom tops beside it too; plus
 * CORNER when there are two, at right angles, and the square across their
 * corner is wood (i in the angle of a 2 x 2 block), that square's index
 * then from bit 4. */
#define CORNER 8
static int wood_round(const uint8_t *cell, int i, int tops)
{
    int d, n = 0, turn = 0, diag = i;
    for (d = 0; d < 4; d++) {
        uint8_t t = cell[i + step4[d]] & (uint8_t)~TWIG_MARK;
        if ((kind(t) & K_WOOD) || (tops && t == BW_T_MUSHROOM_TOP)) {
            n++;
            turn ^= d;
            diag += step4[d];
        }
    }
    if (n == 2 && (turn & 1) && (kind(cell[diag] & (uint8_t)~TWIG_MARK) & K_WOOD))
        n |= CORNER | diag << 4;
    return n;
}

/* 1 if top c lies in a line of wood: three or four wood or top
 * neighbours, or two but not in a corner of wood (there it is a cap in the
 * angle, and rule 4.4 reads the wood round it as the twig). */
static int top_in_line(const uint8_t *cell, int c)
{
    return (unsigned)((wood_round(cell, c, 1) & 15) - 2) < 3u;
}

/* 1 if square v (marked TWIG_MARK or not) is wood a twig is made of: a
 * branch, mushroom or trunk, or a top in a line of wood (two or more
 * wood or top neighbours; a cap, with one, is beside the twig). */
static int twig_wood(const uint8_t *cell, int v)
{
    uint8_t u = cell[v] & (uint8_t)~TWIG_MARK;
    if (kind(u) & K_WOOD)
        return 1;
    return u == BW_T_MUSHROOM_TOP && top_in_line(cell, v);
}

/* One twig end e: its leaves (marked in `ends` too, for the growing).
 * Leaves lie in rows and columns 1..118 (beside a limb, see end_word), so
 * their neighbours are on the map. Returns the leaves it got. */
BW_NOINLINE static int end_leaves(leaf_ctx *c, bw_plane *ends, int e, int pass)
{
    uint8_t *cell = c->g->cell;
    uint16_t q[TWIG_CAP], cand[LEAF_CAND];
    uint8_t cc[LEAF_CAND];
    int n = 0, i, d, k, got = 0, prev = -1, cur = e, nc = 0, lazy, placed = 0;
    lazy = pass == 0;
    for (;;) { /* the twig: back from the end while a square has two wood neighbours */
        int next = -1, w = 0, all = 0, leafy = 0;
        for (d = 0; d < 4; d++) {
            int v = cur + step4[d];
            leafy |= cell[v] == BW_T_LEAF;
            if (twig_wood(cell, v)) {
                all++;
                if (v != prev) {
                    next = v;
                    w++;
                }
            }
        }
        if (prev >= 0 && all != 2)
            break; /* it hangs on cur */
        q[n++] = (uint16_t)cur;
        cell[cur] |= TWIG_MARK;
        if (leafy)
            lazy = 0;
        if (w != 1 || n == TWIG_CAP || cell[next] == BW_T_TRUNK)
            break;
        prev = cur;
        cur = next;
    }
    /* The first pass on a twig with no leaf yet (nearly every end) takes
     * its leaves as it weighs the squares: the same ones as weighing
     * them all and then taking them in order, since there the order is
     * the walk's (all cost 0). A square weighed is marked CAND_MARK, one
     * taken LEAF | CAND_MARK: leaf_room (an exact LEAF beside) and
     * leaf_cost (air only) read both as the air they were, as when all
     * are weighed first; a square beside one taken is weighed but not
     * taken, as leaf_room would then refuse it. Every pass stops weighing
     * once the twig has four: past that none would be taken (an end
     * served again that has its leaves costs its walk only). */
    for (i = 0; i < n && got < BW_FOREST_LEAVES_MIN; i++) /* tip first, the least cost first */
        for (d = 0; d < 4; d++) {
            int a = q[i] + step4[d], cost;
            if (nc == LEAF_CAND || (cell[a] & CAND_MARK) || got >= BW_FOREST_LEAVES_MIN)
                continue;
            for (k = 0; k < 4 && pass == 2 && cell[a] == BW_T_AIR; k++) {
                /* an end left short (see grid_leaves): the leaves laid
                 * beside the air it needs give way */
                int b = a + step4[k];
                if (cell[b] == BW_T_LEAF && ((ends->w[b >> 5] >> (b & 31)) & 1u)) {
                    cell[b] = BW_T_AIR;
                    ends->w[b >> 5] &= ~(1u << (b & 31));
                    if (c->rep)
                        c->rep->leaves--;
                }
            }
            if (cell[a] == BW_T_LEAF) { /* its own, from the first pass */
                for (k = 0; k < 4 && cell_at(cell, a + step4[k]) != (BW_T_LEAF | CAND_MARK); k++)
                    ; /* one beside a leaf counted is of its group: two tops' stalks */
                cand[nc] = (uint16_t)a;
                cc[nc++] = 255;
                cell[a] |= CAND_MARK;
                got += k == 4;
                continue;
            }
            if (!leaf_room(cell, a))
                continue;
            cost = leaf_cost(cell, a, pass == 0);
            if (pass == 0 && cost > 0)
                continue;
            cell[a] |= CAND_MARK;
            k = nc;
            if (lazy) {
                int by = 0;
                for (k = 0; k < 4; k++)
                    by |= cell_at(cell, a + step4[k]) == (BW_T_LEAF | CAND_MARK);
                if (!by) {
                    cell[a] = BW_T_LEAF | CAND_MARK;
                    ends->w[a >> 5] |= 1u << (a & 31);
                    got++;
                    placed++;
                }
                k = nc;
            } else {
                for (; k > 0 && cc[k - 1] > cost; k--) {
                    cand[k] = cand[k - 1];
                    cc[k] = cc[k - 1];
                }
            }
            cand[k] = (uint16_t)a;
            cc[k] = (uint8_t)cost;
            nc++;
        }
    for (i = 0; i < nc; i++)
        cell[cand[i]] &= (uint8_t)~CAND_MARK;
    k = got - placed;
    for (i = 0; i < nc && got < BW_FOREST_LEAVES_MIN && !lazy; i++)
        if (cc[i] != 255 && leaf_room(cell, cand[i])) {
            cell[cand[i]] = BW_T_LEAF;
            ends->w[cand[i] >> 5] |= 1u << (cand[i] & 31);
            got++;
        }
    for (i = 0; i < n; i++)
        cell[q[i]] &= (uint8_t)~TWIG_MARK;
    if (c->rep)
        c->rep->leaves = (uint16_t)(c->rep->leaves + got - k);
    return got;
}

/* Twig ends served by end_leaves in `pass`, in row order: with `all`
 * every end of the limbs in m->b (as mark_ends finds them: a twig with
 * four leaves of its own already gets none, and costs its walk only),
 * else those marked in m->a. An end left short is marked in m->a (in pass
 * 2 none is). Returns the ends left short. */
static int serve(bw_map *m, leaf_ctx *c, int pass, int all)
{
    int j, n = 0;
    for (j = 0; j < BW_PLANE_WORDS; j++) {
        uint32_t k = all ? end_word(m->b.w, j) : m->a.w[j];
        while (k) {
            int i = j * 32 + bw_low_bit(k);
            uint32_t bit = 1u << (i & 31);
            k &= k - 1u;
            if (!(kind(c->g->cell[i]) & K_SHOOT))
                continue; /* a leaf marked */
            m->a.w[j] &= ~bit;
            if (end_leaves(c, &m->a, i, pass) < BW_FOREST_LEAVES_MIN && pass != 2) {
                m->a.w[j] |= bit;
                n++;
            }
        }
    }
    return n;
}

/* Rule 4.4 over the level: the twig ends (marked in m->a from the limbs in
 * m->b, which hold no tops yet) served in row order, pass 0 taking the
 * leaves that crowd no other twig, pass 1 the rest; then the leaves they
 * got (marked in m->a) grow. An end still short (packed between other
 * twigs whose leaves took the air it needed) is
 * served first in pass 2: the leaves laid beside its air squares
 * give way and it takes its four; then every end is served again, so the
 * twigs that gave way find others. Up to REPAIRS rounds; an end short
 * after them counts in rep->bare. */
#define REPAIRS 3
BW_NOINLINE static void grid_leaves(bw_map *m, uint32_t seed, int level, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    leaf_ctx c;
    int x, y, d, i, left = 0;
    c.g = g;
    c.rep = rep;
    bw_rng_stream(&c.r, seed, BW_GEN_FOREST, (uint32_t)level, P_LEAVES);
    serve(m, &c, 0, 0);
    left = serve(m, &c, 1, 0);
    for (i = 0; i < REPAIRS && left; i++) {
        serve(m, &c, 2, 0);
        left = serve(m, &c, 1, 1);
    }
    if (rep)
        rep->bare = (uint16_t)left;
    for (i = 0; i < BW_PLANE_WORDS; i++) { /* the leaves grow */
        uint32_t w = m->a.w[i];
        while (w) {
            int b = bw_low_bit(w), from = -1;
            w &= w - 1u;
            if (g->cell[i * 32 + b] != BW_T_LEAF)
                continue; /* an end left short */
            x = (i * 32 + b) % BW_GRID_MAX;
            y = (i * 32 + b) / BW_GRID_MAX;
            for (d = 0; d < 4; d++) {
                uint8_t u = g->cell[i * 32 + b + step4[d]];
                if (from < 0 && limb(u))
                    from = d;
            }
            if (from >= 0)
                grow_leaf(&c, x, y, (from + 2) & 3);
        }
    }
}

/* Rule 4.6, the rule for mushroom tops: a top must come out on its level's
 * canopy. Every branch, mushroom, trunk, vine and leaf square is on it
 * (each branch is drawn from its parent's centre line down to the trunk,
 * a vine from a twig's tip, a leaf beside a twig), so a top is on it when
 * its group of 4-connected tops touches one of those. A top whose group
 * does not is joined (join_top) to the nearest branch or mushroom square
 * whose line crosses no trunk (no vine out of the wood), found by a search
 * in growing square rings round it. */
#define TOP_GROUP 16
static int top_on_canopy(const bw_grid *g, int x, int y)
{
    uint16_t q[TOP_GROUP];
    int n = 1, i, d, j;
    q[0] = (uint16_t)BW_BIT(x, y);
    for (i = 0; i < n; i++)
        for (d = 0; d < 4; d++) {
            int c = q[i] + bw_dx4[d] + bw_dy4[d] * BW_GRID_MAX, seen = 0;
            uint8_t u = g->cell[c]; /* tops lie inside the rim, as limbs do */
            if (kind(u) & K_HELD)
                return 1;
            if (u != BW_T_MUSHROOM_TOP)
                continue;
            for (j = 0; j < n; j++)
                seen |= q[j] == c;
            if (!seen && n < TOP_GROUP) /* past TOP_GROUP: taken as off it */
                q[n++] = (uint16_t)c;
        }
    return 0;
}

/* The branch or mushroom square nearest (x, y) whose line to it crosses no
 * trunk, by a search in growing square rings: its index, or -1 (no branch
 * at all: cannot happen, trees have branches). */
static int nearest_wood(const bw_grid *g, int x, int y)
{
    int32_t best = INT32_MAX;
    int found = -1, r;
    for (r = 1; r < BW_FOREST_W && (int32_t)r * r < best; r++) {
        int k, side;
        for (k = -r; k <= r; k++) /* the ring: 8 r squares */
            for (side = 0; side < 4; side++) {
                int i = x + (side < 2 ? k : side == 2 ? -r : r);
                int j = y + (side == 0 ? -r : side == 1 ? r : k);
                int32_t dd;
                uint8_t u;
                if ((side >= 2 && (k == -r || k == r)) || i < 0 || j < 0 || i >= g->w || j >= g->h)
                    continue; /* corners: once, in rows -r and r */
                u = BW_AT(g, i, j);
                if (u != BW_T_BRANCH && u != BW_T_MUSHROOM)
                    continue;
                dd = bw_dist2(x, y, i, j);
                if (dd < best && line_clear(g, x, y, i, j, 0)) {
                    best = dd;
                    found = SQUARE(i, j);
                }
            }
    }
    return found;
}

/* A top one square of air off the wood (every case measured: a spoke's
 * line and the one below it part by a square, so the top is beside a
 * twig's corner or a square past it) gets a 1 x 1 leaf on that square:
 * a vine there would join no second tree (rule 4.7 keeps vines for
 * that). Farther, a vine (never measured). The top touched nothing held
 * (no vine) before, so the one vine square beside it is the new one. */
static void join_top(bw_grid *g, int x, int y, bw_forest_report *rep)
{
    int w = nearest_wood(g, x, y), wx = w % BW_GRID_MAX, wy = w / BW_GRID_MAX, d;
    if (w < 0)
        return;
    vine_line(g, x, y, wx, wy);
    if (ABS(wx - x) + ABS(wy - y) == 2)
        for (d = 0; d < 4; d++)
            if (g->cell[w = SQUARE(x, y) + step4[d]] == BW_T_VINE)
                g->cell[w] = BW_T_LEAF;
    if (rep)
        rep->stalks++;
}


/* Rules 4.5, 4.6: this level's mushrooms (DLVL 2-4), each on a spoke, then
 * the tops (DLVL 1-3) of the level above's mushrooms. A top lands over
 * whatever is there. Its group of 4-connected tops either touches the wood
 * (most do: a twig was grown out to it where there was room, top_twigs)
 * or is joined to the nearest branch or mushroom square by a leaf or a
 * vine (join_top, counted in rep->stalks). The tops leave the limbs in m->b until the
 * leaves are done: a top is a cap on the wood, not a twig's square. */
BW_NOINLINE static void mushrooms_and_tops(bw_map *m, const shoot_list *own, const shoot_list *up, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    int k;
    for (k = 0; k < own->n; k++) /* on a spoke's centre line: wood already */
        g->cell[SHOOT(own, k)] = BW_T_MUSHROOM;
    for (k = 0; k < up->n; k++) {
        int i = SHOOT(up, k);
        g->cell[i] = BW_T_MUSHROOM_TOP;
        m->b.w[i >> 5] &= ~(1u << (i & 31));
    }
    for (k = 0; k < up->n; k++) {
        int x = SHOOT(up, k) % BW_GRID_MAX, y = SHOOT(up, k) / BW_GRID_MAX;
        if (!top_on_canopy(g, x, y))
            join_top(g, x, y, rep);
    }
    if (rep) { /* nothing after covers a mushroom or a top */
        rep->mushrooms = (uint16_t)own->n;
        rep->tops = (uint16_t)up->n;
    }
}

/* Rule 4.3: a top c with two wood neighbours x and y, across a corner
 * from wood v (x, v, y, c a 2 x 2 block), v inside a wide branch (three
 * wood neighbours or more), where branch x has no wood or top neighbour
 * but v and c: x is a nub, a square a player reads as a branch of one
 * square standing off v (a wide line's corner that the top made look like
 * a square of a line through it). It becomes air (out of the limbs m->b);
 * the top keeps y. */
static void cut_nub(bw_map *m, int c)
{
    uint8_t *cell = m->grid.cell;
    int d, v = wood_round(cell, c, 0);
    if ((v & 15) != (2 | CORNER))
        return;
    v >>= 4;
    for (d = 0; d < 4; d++) {
        int x = c + step4[d];
        if (cell[x] == BW_T_BRANCH && (wood_round(cell, x, 1) & 15) == (2 | CORNER) && (wood_round(cell, v, 0) & 7) >= 3) {
            cell[x] = BW_T_AIR;
            m->b.w[x >> 5] &= ~(1u << (x & 31));
            return;
        }
    }
}

/* DLVL 1-4: the trunks, the trees (grow_trees), the mushrooms and tops, the
 * vine rays from the twig ends, the leaves, and the bridges that join
 * every tree (rule 4.7), which go round the leaves. Scratch: m->a (the
 * halo, then the twig ends and new leaves, then the bridges' canopy
 * floods), m->b (the limbs). */
/* Rules 4.5, 4.6 for `level`: its mushroom lists (out of line, so they are
 * not on the stack under the growth, the leaves or the bridges), the
 * mushrooms and tops, and the tops in a line of wood into the limbs
 * (m->b): a top there is a square of its twig when the ends are found. */
BW_NOINLINE static void level_shoots(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                                     bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    /* the lists in m->a, free here: the halo is done with, and the twig
     * ends are marked in it only after */
    shoot_work *wk = (shoot_work *)(void *)m->a.w;
    const shoot_list *up = &wk->next;
    int k;
    shoots(seed, pl, level, wk, 1);
    mushrooms_and_tops(m, &wk->own, up, rep);
    for (k = 0; k < up->n; k++) {
        int i = SHOOT(up, k);
        cut_nub(m, i); /* rule 4.3 */
        if (top_in_line(g->cell, i))
            m->b.w[i >> 5] |= 1u << (i & 31);
        /* every top, kept for all_tops in m->fill's stack (scratch here,
         * unused till the bridges): low byte, high byte */
#if TOPS_IN_FILL
        m->fill.xl[k] = (uint8_t)i;
        m->fill.xr[k] = (uint8_t)(i >> 8);
#endif
    }
#if TOPS_IN_FILL
    m->fill.y[0] = (uint8_t)up->n;
#endif
}

/* Every top into the limbs, from the list level_shoots kept (nothing
 * covers a top), before the bridges flood them. */
static void all_tops(bw_map *m)
{
    int k;
#if TOPS_IN_FILL
    for (k = 0; k < m->fill.y[0]; k++) {
        unsigned i = m->fill.xl[k] | (unsigned)m->fill.xr[k] << 8;
        m->b.w[i >> 5] |= 1u << (i & 31);
    }
#else
    for (k = 0; k < BW_GRID_CELLS; k++)
        if (m->grid.cell[k] == BW_T_MUSHROOM_TOP)
            m->b.w[k >> 5] |= 1u << (k & 31);
#endif
}

BW_NOINLINE static void canopy_level(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                         bw_forest_report *rep, const bw_forest_hooks *h)
{
    bw_grid *g = &m->grid;
    leaf_ctx c;
    int t;
    bw_map_init(m, BW_FOREST_W, BW_FOREST_H, BW_T_AIR);
    bw_plane_clear(&m->b); /* the limbs: trunk, branch, mushroom and (at the end) top squares */
    for (t = 0; t < pl->n; t++) /* rule 4.1 */
        disc(g, pl->x[t], pl->y[t], pl->r[t], BW_T_TRUNK, &m->b);
    grow_trees(m, seed, level, pl, 0, 0, 0, rep);
    level_shoots(m, seed, level, pl, rep);    /* rules 4.5, 4.6 */
    mark_ends(m->a.w, m->b.w, g->cell);
    rays(m, pl, rep, h);                      /* rule 4.7 */
    grid_leaves(m, seed, level, rep);         /* rule 4.4 */
    all_tops(m);
    if (bridges(m, pl, rep)) {                /* rule 4.7, round the leaves */
        c.g = g;                              /* rule 4.4: the twigs a bridge */
        c.rep = rep;                          /* took a leaf of, served again */
        serve(m, &c, 1, 1);
    }
}

/* ---------------------------------------------------------- DLVL 5 */

/* Paints a 4-connected line of `t` over the cells holding `over` (any
 * cell when over is 0xff), `width` 1 or 2 (shifted +1 across its axis). */
static void paint_line(bw_grid *g, int x0, int y0, int x1, int y1, int width, uint8_t over, uint8_t t)
{
    int steep = ABS(y1 - y0) > ABS(x1 - x0), k;
    for (k = 0; k < width; k++) {
        line4 l;
        line_start(&l, x0 + (steep ? k : 0), y0 + (steep ? 0 : k), x1 + (steep ? k : 0),
                   y1 + (steep ? 0 : k));
        do
            if (bw_grid_in(g, l.x, l.y) && (over == 0xff || BW_AT(g, l.x, l.y) == over))
                BW_AT(g, l.x, l.y) = t;
        while (line_next(&l));
    }
}

/* Rule 4.5.1: the roots round trunk t, the trunk, and the gaps through them
 * (drawn but not painted when the test hook `closed` names the trunk). */
static void roots(bw_grid *g, bw_rng *r, const bw_forest_plan *pl, int t, int closed)
{
    int cx = pl->x[t], cy = pl->y[t], rad = pl->r[t], i, n, base;
    int ring = rad + bw_rng_range(r, ROOT_W_MIN, ROOT_W_MAX);
    disc(g, cx, cy, ring, BW_T_ROOTS, 0);
    n = bw_rng_range(r, BUTTRESS_MIN, BUTTRESS_MAX);
    for (i = 0; i < n; i++) {
        int dir = (int)bw_rng_below(r, 32), len = bw_rng_range(r, 1, BUTTRESS_LEN);
        paint_line(g, cx + dir_x(dir, ring), cy + dir_y(dir, ring), cx + dir_x(dir, ring + len),
                   cy + dir_y(dir, ring + len), bw_rng_range(r, 1, 2), 0xff, BW_T_ROOTS);
    }
    disc(g, cx, cy, rad, BW_T_TRUNK, 0);
    n = bw_rng_range(r, GAPS_MIN, GAPS_MAX);
    base = (int)bw_rng_below(r, 32);
    for (i = 0; i < n; i++) { /* rule 4.5.2: a way in to the trunk */
        int dir = (base + i * 32 / n + bw_rng_range(r, -2, 2)) & 31;
        if (!closed)
            paint_line(g, cx, cy, cx + dir_x(dir, REACH), cy + dir_y(dir, REACH), 2,
                       BW_T_ROOTS, BW_T_GRASS);
    }
}

/* Rule 4.5.2: floods from the corner, then turns grass the roots closed in
 * into roots. The gaps join every trunk by construction: each ends past
 * every tree's reach (see REACH), and the squares past every reach are one
 * region holding the corner. (The lattice lines x, y = 0, 39, 40, 79, 80,
 * 119 are past every reach, as centres lie 14..25 into their cells; from
 * any other such square, stepping away from its cell's one centre along x,
 * or along y in that centre's column, stays past it up to a line.) So the
 * fallback never runs; for a trunk left out it cuts like a gap, 2 wide,
 * straight up (-y) to REACH + 1: along the axis the cut meets no other
 * tree's roots, and its square REACH up is on the map and past every
 * reach, so in the corner's region. The test hook `closed` forces it. */
#if BW_FAST
/* The squares of word j that are open on the floor (K_FLOOR). */
static uint32_t floor_word(const uint8_t *cell, int j)
{
    uint32_t v = 0;
    int b;
    for (b = 31; b >= 0; b--)
        v = v << 1 | (uint32_t)((kind(cell[j * 32 + b]) & K_FLOOR) != 0);
    return v;
}
#endif

static void join_floor(bw_map *m, const bw_forest_plan *pl, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    int t, i;
#if BW_FAST
    /* the canopy's word flood over the floor's open squares (so the
     * fill is not linked): a run of a word may wrap from column 119 to
     * column 0 of the next row, but those columns are all grass, past
     * every reach, in the corner's region already. A fallback's cut joins
     * its trunk to the corner's region, so one flood from the corner after
     * the cuts reaches what the floods of each trunk would. */
    int cut = 0;
    flood_limbs(m->a.w, 0, g->cell, 0);
    for (t = 0; t < pl->n; t++)
        if (!BW_PGET(&m->a, pl->x[t], pl->y[t])) {
            paint_line(g, pl->x[t], pl->y[t], pl->x[t], pl->y[t] - (REACH + 1), 2, BW_T_ROOTS,
                       BW_T_GRASS);
            cut = 1;
            if (rep)
                rep->fallbacks++;
        }
    if (cut)
        flood_limbs(m->a.w, 0, g->cell, 0);
#else
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_plane_clear(&m->a);
    bw_fill_flood(&m->fill, g, &open, &m->a, 0, 0);
    for (t = 0; t < pl->n; t++)
        if (!BW_PGET(&m->a, pl->x[t], pl->y[t])) {
            paint_line(g, pl->x[t], pl->y[t], pl->x[t], pl->y[t] - (REACH + 1), 2, BW_T_ROOTS,
                       BW_T_GRASS);
            bw_fill_flood(&m->fill, g, &open, &m->a, pl->x[t], pl->y[t]);
            if (rep)
                rep->fallbacks++;
        }
#endif
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (g->cell[i] == BW_T_GRASS && !((m->a.w[i >> 5] >> (i & 31)) & 1u))
            g->cell[i] = BW_T_ROOTS;
}

BW_NOINLINE static void floor_level(bw_map *m, uint32_t seed, const bw_forest_plan *pl, bw_forest_report *rep,
                        unsigned closed)
{
    bw_grid *g = &m->grid;
    bw_rubble_params lp;
    bw_rng r;
    int t, n;
    bw_map_init(m, BW_FOREST_W, BW_FOREST_H, BW_T_GRASS); /* rule 4.5.4 */
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 5, P_ROOTS);
    for (t = 0; t < pl->n; t++)
        roots(g, &r, pl, t, (closed >> t) & 1u);
    join_floor(m, pl, rep);
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 5, P_LICHEN); /* rule 4.5.3 */
    bw_rubble_lichen_defaults(&lp);
    bw_tileset_clear(&lp.over);
    bw_tileset_add(&lp.over, BW_T_GRASS);
    for (n = bw_rng_range(&r, LICHEN_MIN, LICHEN_MAX); n > 0; n--)
        bw_rubble_put(g, &r, &lp, 0);
}

/* ------------------------------------------------------------ entry */

static int level_hooked(bw_map *m, uint32_t seed, int level, bw_forest_report *rep,
                        const bw_forest_hooks *h)
{
    bw_forest_plan pl;
    BW_ASSERT(m);
    if (level < 1 || level > BW_FOREST_LEVELS)
        return BW_ERR_LEVEL;
    if (rep) {
        static const bw_forest_report zero;
        *rep = zero;
    }
    bw_forest_trunks(seed, &pl);
    if (level == BW_FOREST_LEVELS)
        floor_level(m, seed, &pl, rep, CLOSED(h));
    else
        canopy_level(m, seed, level, &pl, rep, h);
    return 0;
}

int bw_forest_level(bw_map *m, uint32_t seed, int level, bw_forest_report *rep)
{
    return level_hooked(m, seed, level, rep, 0);
}

#ifdef BW_TESTING
int bw_forest_level_hooked(bw_map *m, uint32_t seed, int level, bw_forest_report *rep,
                           const bw_forest_hooks *h)
{
    return level_hooked(m, seed, level, rep, h);
}
#endif

int bw_forest_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)o;
    return bw_forest_level(m, seed, level, 0);
}
