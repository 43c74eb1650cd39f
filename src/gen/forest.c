/* The Underground Forest (areas.txt 4.1 - 4.8, 4.5.1 - 4.5.4); see
 * include/burrow/forest.h.
 *
 * The trunk plan comes from the seed alone, so every level draws the same
 * trunks. DLVL 5 paints roots, trunk and gaps round each, then makes sure
 * every open square is joined and strews lichen. DLVL 1-4 grow each tree's
 * canopy from its own streams (seed, level, tree): a depth-first walk with
 * an explicit stack that reports branches and leaves to a callback. The
 * same walk draws the level (casting the vine rays as it goes) and
 * replays the level below's branches for the mushroom tops; it never reads
 * the grid, so what it reports is a pure function of (seed, level). */
#include "burrow/forest.h"
#include "burrow/fill.h"
#include "burrow/geom.h"
#include "burrow/rubble.h"

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
enum { P_TRUNKS = 1, P_ROOTS = 2, P_LICHEN = 3, P_MUSHROOMS = 4, P_CANOPY = 8, P_LEAVES = 16 };

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
BW_STATIC_ASSERT(BW_FOREST_TREE_CAP >=
                 BW_FOREST_FIRST_MAX * (1 + BW_FOREST_FAN_MAX + BW_FOREST_FAN_MAX * BW_FOREST_FAN_MAX), forest_cap_is_worst_case);

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
    for (t = 0; t < p->n; t++)
        if (in_disc(x - p->x[t], y - p->y[t], p->r[t]))
            return t + 1;
    return 0;
}

/* A disc (dist^2 <= r^2 + r) of tile `t`, clipped to the map. */
static void disc(bw_grid *g, int cx, int cy, int r, uint8_t t)
{
    int x, y;
    for (y = bw_max(cy - r, 0); y <= cy + r && y < g->h; y++)
        for (x = bw_max(cx - r, 0); x <= cx + r && x < g->w; x++)
            if (in_disc(x - cx, y - cy, r))
                BW_AT(g, x, y) = t;
}

/* ------------------------------------------------------- directions */

/* 32 directions, 11.25 degrees apart: cos x 64 (sin is cos 8 steps back). */
static const int8_t cos64[32] = {
    64, 63, 59, 53, 45, 36, 24, 12, 0, -12, -24, -36, -45, -53, -59, -63,
    -64, -63, -59, -53, -45, -36, -24, -12, 0, 12, 24, 36, 45, 53, 59, 63
};

/* v * len / 64 rounded half away from zero (no shift of a negative). */
static int along(int v, int len)
{
    int p = v * len;
    return p >= 0 ? (p + 32) / 64 : -((32 - p) / 64);
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
    int nx = bw_abs(x1 - x0), ny = bw_abs(y1 - y0);
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
 * positive, at the end of y negative, so no bound check is needed.) */
static int line_step(line4 *l)
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

/* ------------------------------------------------------- the canopy */

/* A branch whose sub-branches are still being grown. Only branches that
 * branch again are pushed and each is one generation deeper than the one
 * below it, so the stack holds at most BW_FOREST_GENERATIONS - 1 frames
 * (a lazy walk: one frame per generation, not depth x fan-out). */
typedef struct frame {
    line4 l;               /* walks the centre line to each child's start */
    uint8_t dir, len, width, gen;
    uint8_t skip;          /* first centre-line cell a child may start on */
    uint8_t cells;         /* centre-line cells */
    uint8_t n, i;          /* children in all, children grown */
    uint16_t id;
} frame;

#define STACK (BW_FOREST_GENERATIONS - 1)
/* A tree makes at most FIRST_MAX + pushes x FAN_MAX branches: with pushes
 * capped at 36 that is the 186 of BW_FOREST_TREE_CAP. */
#define PUSH_CAP ((BW_FOREST_TREE_CAP - BW_FOREST_FIRST_MAX) / BW_FOREST_FAN_MAX)
BW_STATIC_ASSERT(BW_FOREST_WIDTH0 - BW_FOREST_MIN_WIDTH <= STACK, forest_stack_fits);

typedef struct grower {
    bw_rng r, leaf;        /* the branches' stream and the leaves' */
    uint8_t want_leaves;   /* 0: skip the leaves (and their stream) */
    bw_forest_fn fn;
    void *ctx;
    const bw_forest_plan *plan;
    bw_forest_part p;
    uint16_t count;        /* branches of this tree so far */
    uint16_t pushes;       /* branches of this tree that grew sub-branches */
    uint8_t tree, sp;
    frame st[STACK];
} grower;

/* 4.4: 4..6 leaves along the outer half of a twig, evenly spaced from its
 * middle to its tip, each a rectangle of 1 x 1 to 2 x 4 (either way round)
 * that holds a 4-neighbour of its twig cell and reaches away from it. They
 * come from the tree's leaf stream, so a replay that needs only the
 * branches (the mushrooms) skips them and draws the same branches. */
static void leaves(grower *w, int id, int x0, int y0, int x1, int y1)
{
    bw_forest_part *p = &w->p;
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
            line_step(&l);
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
        /* along the direction it grows the rectangle starts at the
         * anchor; across it, it is shifted so the anchor lies inside */
        if (bw_dx4[d]) {
            p->x0 = (int16_t)(bw_dx4[d] > 0 ? ax : ax - sw + 1);
            p->y0 = (int16_t)(ay - (int)bw_rng_below(r, (uint32_t)sh));
        } else {
            p->y0 = (int16_t)(bw_dy4[d] > 0 ? ay : ay - sh + 1);
            p->x0 = (int16_t)(ax - (int)bw_rng_below(r, (uint32_t)sw));
        }
        p->x1 = (int16_t)(p->x0 + sw - 1);
        p->y1 = (int16_t)(p->y0 + sh - 1);
        w->fn(p, w->ctx);
    }
}

/* One branch from (x0, y0): reported, then either pushed to grow its
 * children or, too small (4.3) or past the cap, given leaves (4.4).
 * `extra` is the trunk's radius for generation 0 (it starts at the centre). */
static void branch(grower *w, int x0, int y0, int dir, int len, int extra, int width,
                   int gen, int parent)
{
    bw_forest_part *p = &w->p;
    int x1 = bw_clamp(x0 + dir_x(dir, len + extra), EDGE, BW_FOREST_W - 1 - EDGE);
    int y1 = bw_clamp(y0 + dir_y(dir, len + extra), EDGE, BW_FOREST_H - 1 - EDGE);
    int small = width - 1 < BW_FOREST_MIN_WIDTH || len / 2 < BW_FOREST_MIN_LEN;
    int capped = !small && (w->pushes >= PUSH_CAP || w->sp >= STACK);
    int id = w->count++;
    p->kind = BW_FOREST_BRANCH;
    p->tree = w->tree;
    p->gen = (uint8_t)gen;
    p->dir = (uint8_t)dir;
    p->width = (uint8_t)width;
    p->len = (uint8_t)len;
    p->terminal = (uint8_t)(small || capped);
    p->capped = (uint8_t)capped;
    p->id = (uint16_t)id;
    p->parent = (uint16_t)parent;
    p->x0 = (int16_t)x0;
    p->y0 = (int16_t)y0;
    p->x1 = (int16_t)x1;
    p->y1 = (int16_t)y1;
    p->px = p->py = 0;
    w->fn(p, w->ctx);
    if (small || capped) {
        if (w->want_leaves)
            leaves(w, id, x0, y0, x1, y1);
    } else {
        frame *f = &w->st[w->sp++];
        const bw_forest_plan *pl = w->plan;
        int t = w->tree;
        w->pushes++;
        line_start(&f->l, x0, y0, x1, y1);
        f->cells = (uint8_t)(f->l.left + 1);
        if (gen == 0) /* its children start outside the trunk */
            while (in_disc(f->l.x - pl->x[t], f->l.y - pl->y[t], pl->r[t]) && line_step(&f->l))
                ;
        else
            line_step(&f->l);
        f->skip = (uint8_t)f->l.done;
        f->dir = (uint8_t)dir;
        f->len = (uint8_t)len;
        f->width = (uint8_t)width;
        f->gen = (uint8_t)gen;
        f->n = (uint8_t)(BW_FOREST_FAN_MIN + bw_rng_chance(&w->r, 1, 3)); /* 4.3 */
        f->i = 0;
        f->id = (uint16_t)id;
    }
}

/* The canopy of one tree of `level` (4.2 - 4.4), from its own stream. */
static void grow_tree(uint32_t seed, int level, const bw_forest_plan *pl, int t,
                      int want_leaves, bw_forest_fn fn, void *ctx)
{
    grower w;
    int j, n0, base;
    bw_rng_stream(&w.r, seed, BW_GEN_FOREST, (uint32_t)level, P_CANOPY + (uint32_t)t);
    bw_rng_stream(&w.leaf, seed, BW_GEN_FOREST, (uint32_t)level, P_LEAVES + (uint32_t)t);
    w.want_leaves = (uint8_t)want_leaves;
    w.fn = fn;
    w.ctx = ctx;
    w.plan = pl;
    w.count = w.pushes = 0;
    w.tree = (uint8_t)t;
    w.sp = 0;
    n0 = bw_rng_range(&w.r, BW_FOREST_FIRST_MIN, BW_FOREST_FIRST_MAX); /* 4.2 */
    base = (int)bw_rng_below(&w.r, 32);
    for (j = 0; j < n0; j++) {
        int dir = (base + j * 32 / n0 + bw_rng_range(&w.r, -1, 1)) & 31;
        branch(&w, pl->x[t], pl->y[t], dir, bw_rng_range(&w.r, BW_FOREST_LEN0_MIN, BW_FOREST_LEN0_MAX),
               pl->r[t], BW_FOREST_WIDTH0, 0, 0xffff);
        while (w.sp > 0) {
            frame *f = &w.st[w.sp - 1];
            int k, dir2, len;
            if (f->i == f->n) {
                w.sp--;
                continue;
            }
            /* children spread evenly over the outer part, the last at the
             * tip carrying on roughly straight, the others to alternate
             * sides at 34..68 degrees */
            k = f->skip + (f->cells - 1 - f->skip) * (f->i + 1) / f->n;
            while (f->l.done < k)
                line_step(&f->l);
            if (f->i == f->n - 1)
                dir2 = f->dir + bw_rng_range(&w.r, -2, 2);
            else
                dir2 = f->dir + ((f->i & 1) ? 1 : -1) * bw_rng_range(&w.r, 3, 6);
            len = f->len * bw_rng_range(&w.r, 3, 4) / 6;
            f->i++;
            branch(&w, f->l.x, f->l.y, dir2 & 31, len, 0, f->width - 1, f->gen + 1, f->id);
        }
    }
}

void bw_forest_canopy(uint32_t seed, int level, bw_forest_fn fn, void *ctx)
{
    bw_forest_plan pl;
    int t;
    if (level < 1 || level >= BW_FOREST_LEVELS)
        return;
    bw_forest_trunks(seed, &pl);
    for (t = 0; t < pl.n; t++)
        grow_tree(seed, level, &pl, t, 1, fn, ctx);
}

/* ------------------------------------------------------- mushrooms */

/* murmur3's finaliser over the cell index and a per-seed key: the per-cell
 * draw u(x, y) of 4.5. */
static uint32_t cell_hash(uint32_t key, unsigned cell)
{
    return bw_rng_hash32(key ^ ((uint32_t)cell * 0x9e3779b9u));
}

static uint32_t mushroom_key(uint32_t seed)
{
    return bw_rng_mix(seed, BW_GEN_FOREST, 0, P_MUSHROOMS);
}

static int roll(uint32_t key, int level, unsigned cell)
{
    return level >= 2 && level <= 4 &&
           cell_hash(key, cell) - (uint32_t)(level - 2) * BW_FOREST_MUSHROOM_P < BW_FOREST_MUSHROOM_P;
}

int bw_forest_mushroom_roll(uint32_t seed, int level, int x, int y)
{
    if (x < 0 || y < 0 || x >= BW_FOREST_W || y >= BW_FOREST_H)
        return 0;
    return roll(mushroom_key(seed), level, BW_BIT(x, y));
}

/* Where the squares of a branch go: a caller's function (the API), the
 * grid as branch or mushroom (drawing; the tree's squares also into a
 * plane, for the vines), or a plane of mushrooms (the replay). One loop
 * for all three, with the line in locals: the squares are most of the work. */
enum { SINK_FN, SINK_DRAW, SINK_SHROOM };
typedef struct sink {
    uint8_t mode, level;
    uint32_t key;          /* mushroom_key(seed) */
    bw_grid *g;            /* SINK_DRAW */
    bw_plane *plane;       /* SINK_DRAW: the tree's squares; SINK_SHROOM: mushrooms */
    bw_forest_cell_fn fn;  /* SINK_FN */
    void *ctx;
} sink;

/* The centre line is the 4-connected line of line4; widths 2 and 3 add it
 * shifted by +1 and -1 across its main axis. */
static void squares(const bw_forest_part *p, const sink *s)
{
    static const int8_t shift[3] = { 0, 1, -1 };
    int nx = bw_abs(p->x1 - p->x0), ny = bw_abs(p->y1 - p->y0), steep = ny > nx, k;
    int sx = p->x1 < p->x0 ? -1 : 1, sy = p->y1 < p->y0 ? -1 : 1;
    int mode = s->mode, level = s->level; /* locals: grid stores may alias *s */
    uint32_t key = s->key;
    uint8_t *cells = s->g ? s->g->cell : 0;
    uint32_t *plane = s->plane ? s->plane->w : 0;
    for (k = 0; k < p->width && k < 3; k++) {
        int x = p->x0 + (steep ? shift[k] : 0), y = p->y0 + (steep ? 0 : shift[k]);
        int left = nx + ny;
        int32_t e = ny - nx;
        for (;;) {
            unsigned i = BW_BIT(x, y);
            if (mode == SINK_DRAW) {
                if (cells[i] != BW_T_TRUNK) { /* 4.5: the roll is the square's own */
                    cells[i] = roll(key, level, i) ? BW_T_MUSHROOM : BW_T_BRANCH;
                    plane[i >> 5] |= 1u << (i & 31);
                }
            } else if (mode == SINK_SHROOM) {
                if (roll(key, level, i))
                    plane[i >> 5] |= 1u << (i & 31);
            } else if (s->fn(x, y, s->ctx)) {
                return;
            }
            if (left-- == 0)
                break;
            if (e < 0) {
                x += sx;
                e += 2 * ny;
            } else {
                y += sy;
                e -= 2 * nx;
            }
        }
    }
}

void bw_forest_branch_cells(const bw_forest_part *p, bw_forest_cell_fn fn, void *ctx)
{
    sink s;
    s.mode = SINK_FN;
    s.level = 0; /* unused by SINK_FN; set, since squares() copies them */
    s.key = 0;
    s.g = 0;
    s.plane = 0;
    s.fn = fn;
    s.ctx = ctx;
    squares(p, &s);
}

static void shroom_part(const bw_forest_part *p, void *vs)
{
    if (p->kind == BW_FOREST_BRANCH)
        squares(p, (const sink *)vs);
}

int bw_forest_mushrooms(uint32_t seed, int level, bw_plane *out)
{
    bw_forest_plan pl;
    sink c;
    int t, x, y;
    bw_plane_clear(out);
    if (level < 2 || level > 4)
        return 0;
    bw_forest_trunks(seed, &pl);
    c.mode = SINK_SHROOM;
    c.g = 0;
    c.plane = out;
    c.key = mushroom_key(seed);
    c.level = (uint8_t)level;
    for (t = 0; t < pl.n; t++)
        grow_tree(seed, level, &pl, t, 0, shroom_part, &c);
    for (t = 0; t < pl.n; t++) /* trunk squares are trunk, not branch */
        for (y = pl.y[t] - pl.r[t]; y <= pl.y[t] + pl.r[t]; y++)
            for (x = pl.x[t] - pl.r[t]; x <= pl.x[t] + pl.r[t]; x++)
                if (in_disc(x - pl.x[t], y - pl.y[t], pl.r[t]))
                    BW_PCLR(out, x, y);
    return bw_plane_count(out);
}

/* ------------------------------------------------------- DLVL 1-4 */

typedef struct draw_ctx {
    sink s;                /* SINK_DRAW; s.plane holds the tree being drawn */
    bw_forest_report *rep;
    const bw_forest_hooks *h;
} draw_ctx;

/* 1 if no square strictly between (x0, y0) and (x1, y1) on their
 * 4-connected line is trunk, or (when `air_only`) anything but air or
 * vine: a vine laid on it is one unbroken line, never through the wood. */
static int line_clear(const bw_grid *g, int x0, int y0, int x1, int y1, int air_only)
{
    line4 l;
    line_start(&l, x0, y0, x1, y1);
    while (line_step(&l) && l.left > 0) {
        uint8_t t = BW_AT(g, l.x, l.y);
        if (t == BW_T_TRUNK || (air_only && t != BW_T_AIR && t != BW_T_VINE))
            return 0;
    }
    return 1;
}

/* 4.7: the ray from a twig's tip along its direction (see
 * BW_FOREST_VINE_MAX). It runs as the twig is drawn, so the branches it
 * can meet are those of the trees drawn before (any branch square not in
 * c->s.plane) and its own. */
static void vine(draw_ctx *c, const bw_forest_part *p)
{
    bw_grid *g = c->s.g;
    int ex = p->x1 + dir_x(p->dir, BW_FOREST_VINE_MAX), ey = p->y1 + dir_y(p->dir, BW_FOREST_VINE_MAX);
    uint8_t t = BW_AT(g, p->x1, p->y1);
    line4 l;
    if (t == BW_T_TRUNK)
        return; /* a tip inside a trunk: no vine grows out of the wood */
    line_start(&l, p->x1, p->y1, ex, ey);
    while (line_step(&l)) {
        if (l.x < 0 || l.y < 0 || l.x >= g->w || l.y >= g->h)
            return;
        t = BW_AT(g, l.x, l.y);
        if (t != BW_T_AIR && t != BW_T_LEAF && t != BW_T_VINE)
            break;
    }
    /* a trunk, its own tree or nothing: no bridge; nor when the next
     * square past the tip already is the other tree (they touch) */
    if ((t != BW_T_BRANCH && t != BW_T_MUSHROOM) || BW_PGET(c->s.plane, l.x, l.y) || l.done < 2 ||
        bw_dist2(l.x, l.y, p->x1, p->y1) > BW_FOREST_VINE_MAX * BW_FOREST_VINE_MAX ||
        !line_clear(g, p->x1, p->y1, l.x, l.y, 0))
        return;
    ex = l.x;
    ey = l.y;
    line_start(&l, p->x1, p->y1, ex, ey);
    do
        if (BW_AT(g, l.x, l.y) == BW_T_AIR)
            BW_AT(g, l.x, l.y) = BW_T_VINE;
    while (line_step(&l));
    if (c->rep)
        c->rep->vines++;
#ifdef BW_TESTING
    if (c->h && c->h->on_vine) {
        bw_forest_vine v;
        v.x0 = (uint8_t)p->x1;
        v.y0 = (uint8_t)p->y1;
        v.x1 = (uint8_t)ex;
        v.y1 = (uint8_t)ey;
        v.t = p->tree;
        c->h->on_vine(&v, c->h->ctx);
    }
#endif
}

/* Branches go over air, vines and other branches (never a trunk); vines
 * only into the air, so a branch square stays branch whatever comes after:
 * the set of branch squares is the union of the branches, as the replay
 * from the level above assumes. Leaves come after (place_leaves). */
static void draw_part(const bw_forest_part *p, void *vc)
{
    draw_ctx *c = (draw_ctx *)vc;
    if (p->kind != BW_FOREST_BRANCH)
        return;
    if (p->id == 0)
        bw_plane_clear(c->s.plane); /* a new tree */
    squares(p, &c->s);
    if (p->terminal)
        vine(c, p);
    if (c->rep) {
        c->rep->branches++;
        c->rep->twigs += p->terminal;
        c->rep->capped += p->capped;
    }
}

/* The tree whose trunk centre is strictly nearest (x, y): the side of the
 * level (x, y) lies on; -1 on a tie, so a bridge's ends are on one side
 * whichever way a reader breaks ties. */
static int side_of(const bw_forest_plan *pl, int x, int y)
{
    int t, best = 0, tie = 0;
    for (t = 1; t < pl->n; t++) {
        int32_t d = bw_dist2(x, y, pl->x[t], pl->y[t]), b = bw_dist2(x, y, pl->x[best], pl->y[best]);
        if (d < b) {
            best = t;
            tie = 0;
        } else if (d == b) {
            tie = 1;
        }
    }
    return tie ? -1 : best;
}

/* The limbs a tree's canopy is joined through (vines and leaves aside). */
static void limbs(bw_tileset *ts)
{
    bw_tileset_clear(ts);
    bw_tileset_add(ts, BW_T_TRUNK);
    bw_tileset_add(ts, BW_T_BRANCH);
    bw_tileset_add(ts, BW_T_MUSHROOM);
    bw_tileset_add(ts, BW_T_MUSHROOM_TOP);
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
    while (line_step(&l));
}

/* 4.7, the bridge a tree is sure of: from the tip of one of tree t's
 * twigs on t's side, straight at tree u's trunk centre, through air (and
 * vines) only, to the first square of u's canopy (plane `reach`) on u's
 * side that is not trunk; the shortest such line over t's twigs. */
#define FAN_REACH 60
typedef struct bridge_ctx {
    bw_grid *g;
    const bw_plane *reach;
    const bw_forest_plan *pl;
    uint8_t t, u;
    uint8_t fan;           /* 0: at u's centre; 1: the 32 directions */
    int16_t x0, y0, x1, y1;
    int32_t best;
} bridge_ctx;

/* One ray from (x, y) toward (ex, ey) (see bridge_ctx). */
static void bridge_ray(bridge_ctx *c, int x, int y, int ex, int ey)
{
    bw_grid *g = c->g;
    line4 l;
    line_start(&l, x, y, ex, ey);
    while (line_step(&l)) { /* at u's centre: ends at a trunk square at the latest */
        int32_t d;
        uint8_t t;
        if (l.x < 0 || l.y < 0 || l.x >= g->w || l.y >= g->h)
            return;
        t = BW_AT(g, l.x, l.y);
        if (t == BW_T_AIR || t == BW_T_VINE)
            continue;
        d = bw_dist2(l.x, l.y, x, y);
        if (t != BW_T_TRUNK && l.done >= 2 && BW_PGET(c->reach, l.x, l.y) &&
            side_of(c->pl, l.x, l.y) == c->u && d < c->best && line_clear(g, x, y, l.x, l.y, 1)) {
            c->best = d;
            c->x0 = (int16_t)x;
            c->y0 = (int16_t)y;
            c->x1 = l.x;
            c->y1 = l.y;
        }
        return;
    }
}

static void bridge_part(const bw_forest_part *p, void *vc)
{
    bridge_ctx *c = (bridge_ctx *)vc;
    uint8_t t;
    int k;
    if (p->kind != BW_FOREST_BRANCH || !p->terminal)
        return;
    t = BW_AT(c->g, p->x1, p->y1);
    if ((t != BW_T_BRANCH && t != BW_T_MUSHROOM) || side_of(c->pl, p->x1, p->y1) != c->t)
        return;
    if (!c->fan)
        bridge_ray(c, p->x1, p->y1, c->pl->x[c->u], c->pl->y[c->u]);
    else /* the fallback: every direction, as far as FAN_REACH */
        for (k = 0; k < 32; k++)
            bridge_ray(c, p->x1, p->y1, p->x1 + dir_x(k, FAN_REACH), p->y1 + dir_y(k, FAN_REACH));
}

/* 4.7: every tree joined by vines to another. Trees in plan order; one not
 * yet joined tries the others nearest first: the canopy of u is flooded
 * (into m->a) and the shortest bridge from t's twigs to it is laid, which
 * joins both. Rays go at u's trunk centre; for the trees still alone, a
 * second round casts 32 rays from every twig tip (FAN_REACH long). A tree
 * no ray of which reaches another's canopy stays unjoined (counted in
 * rep->lonely; measured: never), the fallback. */
static void bridges(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl, bw_forest_report *rep)
{
    bw_tileset limb;
    bridge_ctx c;
    unsigned joined = 0;
    int round, t, k;
    limbs(&limb);
    c.g = &m->grid;
    c.reach = &m->a;
    c.pl = pl;
    for (round = 0; round < 2; round++) /* the second: the 32-ray fallback */
        for (t = 0; t < pl->n; t++) {
            unsigned tried = 1u << t;
            if ((joined >> t) & 1u)
                continue;
            c.fan = (uint8_t)round;
            for (k = 1; k < pl->n; k++) {
                int u, best = -1;
                for (u = 0; u < pl->n; u++) /* the nearest tree not tried yet */
                    if (!((tried >> u) & 1u) &&
                        (best < 0 || bw_dist2(pl->x[t], pl->y[t], pl->x[u], pl->y[u]) <
                                         bw_dist2(pl->x[t], pl->y[t], pl->x[best], pl->y[best])))
                        best = u;
                tried |= 1u << best;
                bw_plane_clear(&m->a);
                bw_fill_flood(&m->fill, &m->grid, &limb, &m->a, pl->x[best], pl->y[best]);
                c.t = (uint8_t)t;
                c.u = (uint8_t)best;
                c.best = INT32_MAX;
                grow_tree(seed, level, pl, t, 0, bridge_part, &c);
                if (c.best < INT32_MAX) {
                    vine_line(&m->grid, c.x0, c.y0, c.x1, c.y1);
                    joined |= (1u << t) | (1u << best);
                    if (rep)
                        rep->bridges++;
                    break;
                }
            }
            if (round == 1 && !((joined >> t) & 1u) && rep)
                rep->lonely++;
        }
}

/* 4.4 on the finished map: the leaves go in after every branch, top and
 * vine, into the air only, and each keeps off every other leaf (no leaf
 * square 4-next to another leaf's), so every leaf stays whole and distinct.
 * First every twig of every tree, in drawing order, gets up to
 * BW_FOREST_LEAVES_MIN leaves of 1 x 1 beside its last TIP_CELLS
 * centre-line cells, tip first, in the order east, south, west, north;
 * then the planned leaves of bw_forest_canopy (1 x 1 to 2 x 4) that still
 * fit, up to BW_FOREST_LEAVES_MAX per twig. A twig with no room for four
 * (counted in rep->bare) keeps what fits: the fallback. */
#define TIP_CELLS 5
typedef struct leaf_ctx {
    bw_grid *g;
    bw_forest_report *rep;
    uint8_t placed, open;
} leaf_ctx;

static int leaf_fits(const bw_grid *g, int x0, int y0, int x1, int y1)
{
    int x, y;
    if (x0 < 0 || y0 < 0 || x1 >= g->w || y1 >= g->h)
        return 0;
    for (y = y0 - 1; y <= y1 + 1; y++)
        for (x = x0 - 1; x <= x1 + 1; x++) {
            int in_x = x >= x0 && x <= x1, in_y = y >= y0 && y <= y1;
            if (in_x && in_y) {
                if (BW_AT(g, x, y) != BW_T_AIR)
                    return 0;
            } else if ((in_x || in_y) && bw_grid_in(g, x, y) && BW_AT(g, x, y) == BW_T_LEAF) {
                return 0;
            }
        }
    return 1;
}

static void put_leaf(leaf_ctx *c, int x0, int y0, int x1, int y1)
{
    bw_grid_rect(c->g, x0, y0, x1, y1, BW_T_LEAF);
    c->placed++;
    if (c->rep)
        c->rep->leaves++;
}

/* The first pass: small leaves at a twig's tip. */
static void tip_leaves(const bw_forest_part *p, void *vc)
{
    leaf_ctx *c = (leaf_ctx *)vc;
    int16_t cx[TIP_CELLS], cy[TIP_CELLS];
    int n = 0, i, d;
    line4 l;
    if (p->kind != BW_FOREST_BRANCH || !p->terminal)
        return;
    c->placed = 0;
    line_start(&l, p->x0, p->y0, p->x1, p->y1);
    do { /* the last TIP_CELLS cells, cx[(n - 1) % TIP_CELLS] the tip */
        cx[n % TIP_CELLS] = l.x;
        cy[n % TIP_CELLS] = l.y;
        n++;
    } while (line_step(&l));
    for (i = 0; i < TIP_CELLS && i < n && c->placed < BW_FOREST_LEAVES_MIN; i++) {
        int k = (n - 1 - i) % TIP_CELLS;
        for (d = 0; d < 4 && c->placed < BW_FOREST_LEAVES_MIN; d++) {
            int x = cx[k] + bw_dx4[d], y = cy[k] + bw_dy4[d];
            if (leaf_fits(c->g, x, y, x, y))
                put_leaf(c, x, y, x, y);
        }
    }
    if (c->placed < BW_FOREST_LEAVES_MIN && c->rep)
        c->rep->bare++;
}

/* The second pass: the planned leaves that still fit. A twig's count
 * starts at the first pass's BW_FOREST_LEAVES_MIN (an estimate: it only
 * caps how many more it takes). */
static void more_leaves(const bw_forest_part *p, void *vc)
{
    leaf_ctx *c = (leaf_ctx *)vc;
    if (p->kind == BW_FOREST_BRANCH)
        c->placed = BW_FOREST_LEAVES_MIN;
    else if (c->placed < BW_FOREST_LEAVES_MAX && leaf_fits(c->g, p->x0, p->y0, p->x1, p->y1))
        put_leaf(c, p->x0, p->y0, p->x1, p->y1);
}

static void place_leaves(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                         bw_forest_report *rep)
{
    leaf_ctx c;
    int t;
    c.g = &m->grid;
    c.rep = rep;
    for (t = 0; t < pl->n; t++)
        grow_tree(seed, level, pl, t, 0, tip_leaves, &c);
    for (t = 0; t < pl->n; t++)
        grow_tree(seed, level, pl, t, 1, more_leaves, &c);
}

/* 4.6, the rule for mushroom tops: a top must come out on its level's
 * canopy. One that a flood from the trunks (over every passable square)
 * does not reach grows a vine, straight (4-connected), to the nearest
 * square that it does reach and is branch, mushroom, leaf or top, whose
 * line crosses no trunk (no vine out of the wood); then it is reached. Tops are taken in
 * row order; each costs one scan of the reached squares. */
static void join_tops(bw_map *m, const bw_forest_plan *pl, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    bw_tileset open;
    int t, i, j;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_plane_clear(&m->a);
    for (t = 0; t < pl->n; t++)
        bw_fill_flood(&m->fill, g, &open, &m->a, pl->x[t], pl->y[t]);
    for (i = 0; i < BW_GRID_CELLS; i++) {
        int x = i % BW_GRID_MAX, y = i / BW_GRID_MAX, bx = -1, by = -1;
        int32_t best = INT32_MAX;
        if (g->cell[i] != BW_T_MUSHROOM_TOP || ((m->a.w[i >> 5] >> (i & 31)) & 1u))
            continue;
        for (j = 0; j < BW_GRID_CELLS; j++) {
            uint8_t u = g->cell[j];
            int32_t d;
            if (!((m->a.w[j >> 5] >> (j & 31)) & 1u) ||
                (u != BW_T_BRANCH && u != BW_T_MUSHROOM && u != BW_T_LEAF && u != BW_T_MUSHROOM_TOP))
                continue;
            d = bw_dist2(x, y, j % BW_GRID_MAX, j / BW_GRID_MAX);
            if (d < best && line_clear(g, x, y, j % BW_GRID_MAX, j / BW_GRID_MAX, 0)) {
                best = d;
                bx = j % BW_GRID_MAX;
                by = j / BW_GRID_MAX;
            }
        }
        if (bx < 0)
            continue; /* no canopy at all: cannot happen (trees have branches) */
        vine_line(g, x, y, bx, by);
        bw_fill_flood(&m->fill, g, &open, &m->a, x, y);
        if (rep)
            rep->stalks++;
    }
}

static void canopy_level(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                         bw_forest_report *rep, const bw_forest_hooks *h)
{
    bw_grid *g = &m->grid;
    draw_ctx dc;
    int t, i;
    bw_map_init(m, BW_FOREST_W, BW_FOREST_H, BW_T_AIR);
    for (t = 0; t < pl->n; t++) /* 4.1 */
        disc(g, pl->x[t], pl->y[t], pl->r[t], BW_T_TRUNK);
    dc.s.mode = SINK_DRAW;
    dc.s.g = g;
    dc.s.plane = &m->a;
    dc.s.key = mushroom_key(seed);
    dc.s.level = (uint8_t)level;
    dc.rep = rep;
    dc.h = h;
    for (t = 0; t < pl->n; t++)
        grow_tree(seed, level, pl, t, 0, draw_part, &dc);
    if (level < BW_FOREST_LEVELS - 1) { /* 4.6: the tops of the level below */
        bw_forest_mushrooms(seed, level + 1, &m->a);
        for (i = 0; i < BW_PLANE_WORDS; i++) {
            uint32_t bits = m->a.w[i];
            int b;
            for (b = 0; bits; b++, bits >>= 1)
                if (bits & 1u)
                    g->cell[i * 32 + b] = BW_T_MUSHROOM_TOP;
        }
    }
    bridges(m, seed, level, pl, rep);     /* 4.7 */
    place_leaves(m, seed, level, pl, rep); /* 4.4 */
    join_tops(m, pl, rep);                 /* 4.6 */
    if (rep) {
        rep->mushrooms = (uint16_t)bw_grid_count(g, BW_T_MUSHROOM);
        rep->tops = (uint16_t)bw_grid_count(g, BW_T_MUSHROOM_TOP);
    }
}

/* ---------------------------------------------------------- DLVL 5 */

/* Paints a 4-connected line of `t` over the cells holding `over` (any
 * cell when over is 0xff), `width` 1 or 2 (shifted +1 across its axis). */
static void paint_line(bw_grid *g, int x0, int y0, int x1, int y1, int width, uint8_t over, uint8_t t)
{
    int steep = bw_abs(y1 - y0) > bw_abs(x1 - x0), k;
    for (k = 0; k < width; k++) {
        line4 l;
        line_start(&l, x0 + (steep ? k : 0), y0 + (steep ? 0 : k), x1 + (steep ? k : 0),
                   y1 + (steep ? 0 : k));
        do
            if (bw_grid_in(g, l.x, l.y) && (over == 0xff || BW_AT(g, l.x, l.y) == over))
                BW_AT(g, l.x, l.y) = t;
        while (line_step(&l));
    }
}

/* 4.5.1: the roots round trunk t, the trunk, and the gaps through them
 * (drawn but not painted when the test hook `closed` names the trunk). */
static void roots(bw_grid *g, bw_rng *r, const bw_forest_plan *pl, int t, int closed)
{
    int cx = pl->x[t], cy = pl->y[t], rad = pl->r[t], i, n, base;
    int ring = rad + bw_rng_range(r, ROOT_W_MIN, ROOT_W_MAX);
    disc(g, cx, cy, ring, BW_T_ROOTS);
    n = bw_rng_range(r, BUTTRESS_MIN, BUTTRESS_MAX);
    for (i = 0; i < n; i++) {
        int dir = (int)bw_rng_below(r, 32), len = bw_rng_range(r, 1, BUTTRESS_LEN);
        paint_line(g, cx + dir_x(dir, ring), cy + dir_y(dir, ring), cx + dir_x(dir, ring + len),
                   cy + dir_y(dir, ring + len), bw_rng_range(r, 1, 2), 0xff, BW_T_ROOTS);
    }
    disc(g, cx, cy, rad, BW_T_TRUNK);
    n = bw_rng_range(r, GAPS_MIN, GAPS_MAX);
    base = (int)bw_rng_below(r, 32);
    for (i = 0; i < n; i++) { /* 4.5.2: a way in to the trunk */
        int dir = (base + i * 32 / n + bw_rng_range(r, -2, 2)) & 31;
        if (!closed)
            paint_line(g, cx, cy, cx + dir_x(dir, REACH), cy + dir_y(dir, REACH), 2,
                       BW_T_ROOTS, BW_T_GRASS);
    }
}

/* 4.5.2: floods from the corner, then turns grass the roots closed in
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
static void join_floor(bw_map *m, const bw_forest_plan *pl, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    bw_tileset open;
    int t, i;
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
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (g->cell[i] == BW_T_GRASS && !((m->a.w[i >> 5] >> (i & 31)) & 1u))
            g->cell[i] = BW_T_ROOTS;
}

static void floor_level(bw_map *m, uint32_t seed, const bw_forest_plan *pl, bw_forest_report *rep,
                        unsigned closed)
{
    bw_grid *g = &m->grid;
    bw_rubble_params lp;
    bw_rng r;
    int t, n;
    bw_map_init(m, BW_FOREST_W, BW_FOREST_H, BW_T_GRASS); /* 4.5.4 */
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 5, P_ROOTS);
    for (t = 0; t < pl->n; t++)
        roots(g, &r, pl, t, (closed >> t) & 1u);
    join_floor(m, pl, rep);
    bw_rng_stream(&r, seed, BW_GEN_FOREST, 5, P_LICHEN); /* 4.5.3 */
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
    if (rep)
        rep->branches = rep->twigs = rep->leaves = rep->capped = rep->vines = rep->mushrooms =
            rep->tops = rep->fallbacks = rep->bridges = rep->lonely = rep->bare = rep->stalks = 0;
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
