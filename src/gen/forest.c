/* The Underground Forest (rules 4.1 - 4.8, 4.5.1 - 4.5.4, docs/forest.md);
 * see include/burrow/forest.h.
 *
 * The trunk plan comes from the seed alone, so every level draws the same
 * trunks. DLVL 5 paints roots, trunk and gaps round each, then makes sure
 * every open square is joined and strews lichen. DLVL 1-4 grow each tree's
 * canopy from its own streams (seed, level, tree): a depth-first walk with
 * an explicit stack that reports branches and leaves to a callback. The
 * same walk draws the level (casting the vine rays as it goes), replays a
 * tree for the bridges' fallback and serves the API; it never reads the
 * grid, so what it reports is a pure function of (seed, level). The
 * mushrooms come from (seed, level) alone too, so a level needs no other
 * level's canopy for its tops. */
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
enum { P_TRUNKS = 1, P_ROOTS = 2, P_LICHEN = 3, P_MUSHROOMS = 4, P_CANOPY = 8, P_LEAVES = 16 };

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
    for (y = bw_max(cy - r, 0); y <= cy + r && y < g->h; y++)
        for (x = bw_max(cx - r, 0); x <= cx + r && x < g->w; x++)
            if (in_disc(x - cx, y - cy, r)) {
                BW_AT(g, x, y) = t;
                if (p)
                    BW_PSET(p, x, y);
            }
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
static inline int line_step(line4 *l)
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

/* Rule 4.4: 4..6 leaves along the outer half of a twig, evenly spaced from its
 * middle to its tip, each a rectangle of 1 x 1 to 2 x 4 (either way round)
 * that holds a 4-neighbour of its twig cell and reaches away from it. They
 * come from the tree's leaf stream, so a replay that needs only the
 * branches (the drawing, the bridges) skips them and draws the same
 * branches. */
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
 * children or, too small (rule 4.3) or past the cap, given leaves (rule 4.4).
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
        f->n = (uint8_t)(BW_FOREST_FAN_MIN + (bw_rng_step_below(&w->r, 3) < 1)); /* rule 4.3 */
        f->i = 0;
        f->id = (uint16_t)id;
    }
}

/* The canopy of one tree of `level` (rules 4.2 - 4.4), from its own stream. */
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
    n0 = bw_rng_step_range(&w.r, BW_FOREST_FIRST_MIN, BW_FOREST_FIRST_MAX); /* rule 4.2 */
    base = (int)bw_rng_below(&w.r, 32);
    for (j = 0; j < n0 || w.sp > 0;) { /* one call of branch(): it melts into the loop */
        int x, y, dir, len, extra = 0, width, gen, parent;
        if (w.sp == 0) { /* the trunk's next branch */
            x = pl->x[t];
            y = pl->y[t];
            dir = (base + j * 32 / n0 + bw_rng_step_range(&w.r, -1, 1)) & 31;
            len = bw_rng_step_range(&w.r, BW_FOREST_LEN0_MIN, BW_FOREST_LEN0_MAX);
            extra = pl->r[t];
            width = BW_FOREST_WIDTH0;
            gen = 0;
            parent = 0xffff;
            j++;
        } else {
            frame *f = &w.st[w.sp - 1];
            int k;
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
                dir = f->dir + bw_rng_step_range(&w.r, -2, 2);
            else
                dir = f->dir + ((f->i & 1) ? 1 : -1) * bw_rng_step_range(&w.r, 3, 6);
            dir &= 31;
            len = f->len * bw_rng_step_range(&w.r, 3, 4) / 6;
            f->i++;
            x = f->l.x;
            y = f->l.y;
            width = f->width - 1;
            gen = f->gen + 1;
            parent = f->id;
        }
        branch(&w, x, y, dir, len, extra, width, gen, parent);
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

/* Rules 4.5, 4.6: the mushrooms of DLVL n (2..4), which are the tops of DLVL
 * n - 1, come from (seed, n) alone, so neither level needs the other's
 * canopy: BW_FOREST_SHOOTS_MIN..MAX draws, each a square within
 * SHOOT_REACH of a trunk centre drawn at random (where the canopy is),
 * kept if it lies off every trunk, EDGE inside the map (limbs stay inside
 * the rim), and is no square drawn before nor a mushroom of DLVL n - 1 (a
 * square of DLVL n - 1 holds a mushroom or a top, never both). One draw a
 * square, no retry. DLVL n stands each on its branches (a stem of branch
 * out to one that misses them), DLVL n - 1 lays a top on each. */
#define SHOOT_REACH 22
/* within SHOOT_REACH of one centre, a square is off every other trunk */
BW_STATIC_ASSERT((APART - SHOOT_REACH) * (APART - SHOOT_REACH) >
                     BW_FOREST_TRUNK_R_MAX * BW_FOREST_TRUNK_R_MAX + BW_FOREST_TRUNK_R_MAX,
                 forest_shoot_off_other_trunks);
typedef struct shoot_list {
    uint16_t n;
    uint16_t at[BW_FOREST_SHOOTS_MAX]; /* square indexes */
} shoot_list;

/* The list of `level` into out; `seen` holds the mushrooms of level - 1
 * and gets this level's added. */
static void shoots_drawn(uint32_t seed, const bw_forest_plan *pl, int level, bw_plane *seen, shoot_list *out)
{
    bw_rng r;
    int k, want;
    bw_rng_stream(&r, seed, BW_GEN_FOREST, (uint32_t)level, P_MUSHROOMS);
    want = bw_rng_step_range(&r, BW_FOREST_SHOOTS_MIN, BW_FOREST_SHOOTS_MAX);
    out->n = 0;
    for (k = 0; k < want; k++) {
        int t = (int)bw_rng_step_below(&r, (uint32_t)pl->n);
        int dx = bw_rng_step_range(&r, -SHOOT_REACH, SHOOT_REACH), dy = bw_rng_step_range(&r, -SHOOT_REACH, SHOOT_REACH);
        int x = pl->x[t] + dx, y = pl->y[t] + dy;
        if (dx * dx + dy * dy > SHOOT_REACH * SHOOT_REACH || x < EDGE || y < EDGE || x >= BW_FOREST_W - EDGE ||
            y >= BW_FOREST_H - EDGE || BW_PGET(seen, x, y) || in_disc(dx, dy, pl->r[t]))
            continue;
        BW_PSET(seen, x, y);
        out->at[out->n++] = (uint16_t)BW_BIT(x, y);
    }
}

/* The mushrooms of `level` (2..4) into out and, alone, into `seen`: the
 * list of DLVL l leaves out the mushrooms of DLVL l - 1, so the lists of
 * DLVL 2 up to `level` are drawn in turn. */
static void shoots(uint32_t seed, const bw_forest_plan *pl, int level, bw_plane *seen, shoot_list *out)
{
    shoot_list below;
    int l, k;
    bw_plane_clear(seen);
    shoots_drawn(seed, pl, 2, seen, out);
    for (l = 3; l <= level; l++) {
        below = *out;
        shoots_drawn(seed, pl, l, seen, out);
        for (k = 0; k < below.n; k++)
            seen->w[below.at[k] >> 5] &= ~(1u << (below.at[k] & 31));
    }
}

int bw_forest_mushrooms(uint32_t seed, int level, bw_plane *out)
{
    bw_forest_plan pl;
    shoot_list l;
    bw_plane_clear(out);
    if (level < 2 || level > 4)
        return 0;
    bw_forest_trunks(seed, &pl);
    shoots(seed, &pl, level, out, &l);
    return l.n;
}

/* The centre line is the 4-connected line of line4; widths 2 and 3 add it
 * shifted by +1 and -1 across its main axis. */
void bw_forest_branch_cells(const bw_forest_part *p, bw_forest_cell_fn fn, void *ctx)
{
    static const int8_t shift[3] = { 0, 1, -1 };
    int nx = bw_abs(p->x1 - p->x0), ny = bw_abs(p->y1 - p->y0), steep = ny > nx, k;
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

/* The squares of bw_forest_branch_cells, drawn: the square's index kept
 * as it steps (no multiply a square); they become branch but a trunk's,
 * and go into the plane of the tree being drawn. */
static void draw_squares(const bw_forest_part *p, uint8_t *cells, uint32_t *plane)
{
    static const int8_t shift[3] = { 0, 1, -1 };
    int nx = bw_abs(p->x1 - p->x0), ny = bw_abs(p->y1 - p->y0), steep = ny > nx, k;
    int sx = p->x1 < p->x0 ? -1 : 1, sy = p->y1 < p->y0 ? -BW_GRID_MAX : BW_GRID_MAX;
    for (k = 0; k < p->width && k < 3; k++) {
        unsigned i = BW_BIT(p->x0 + (steep ? shift[k] : 0), p->y0 + (steep ? 0 : shift[k]));
        int left = nx + ny;
        int32_t e = ny - nx;
        for (;;) {
            if (cells[i] != BW_T_TRUNK) {
                cells[i] = BW_T_BRANCH;
                plane[i >> 5] |= 1u << (i & 31);
            }
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

/* ------------------------------------------------------- DLVL 1-4 */

typedef struct draw_ctx {
    bw_grid *g;
    bw_plane *plane;       /* the tree being drawn (m->a) */
    bw_plane *limbs;       /* m->b: the squares of the trees drawn before, and the trunks */
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

/* Rule 4.7: the ray from a twig's tip along its direction (see
 * BW_FOREST_VINE_MAX). It runs as the twig is drawn, so the branches it
 * can meet are those of the trees drawn before (any branch square not in
 * c->plane) and its own. */
static void vine(draw_ctx *c, const bw_forest_part *p)
{
    bw_grid *g = c->g;
    int ex = p->x1 + dir_x(p->dir, BW_FOREST_VINE_MAX), ey = p->y1 + dir_y(p->dir, BW_FOREST_VINE_MAX);
    uint8_t t = BW_AT(g, p->x1, p->y1);
    /* a line stays in the box of its ends: with the far end on the map
     * (most rays) no step needs the bounds test */
    int out = (unsigned)ex >= BW_FOREST_W || (unsigned)ey >= BW_FOREST_H;
    /* line4's steps with the line in locals and the square's index kept
     * as it steps: a ray runs from every twig tip */
    int x = p->x1, y = p->y1, nx = bw_abs(ex - x), ny = bw_abs(ey - y), left = nx + ny, done = 0;
    int sx = ex < x ? -1 : 1, sy = ey < y ? -1 : 1;
    int32_t e = ny - nx;
    unsigned i = BW_BIT(x, y);
    line4 l;
    if (t == BW_T_TRUNK)
        return; /* a tip inside a trunk: no vine grows out of the wood */
    while (left-- > 0) {
        if (e < 0) {
            x += sx;
            i += (unsigned)sx;
            e += 2 * ny;
        } else {
            y += sy;
            i += (unsigned)(sy * BW_GRID_MAX);
            e -= 2 * nx;
        }
        done++;
        if (out && ((unsigned)x >= BW_FOREST_W || (unsigned)y >= BW_FOREST_H))
            return;
        t = g->cell[i];
        if (t != BW_T_AIR && t != BW_T_LEAF && t != BW_T_VINE)
            break;
    }
    /* a trunk, its own tree or nothing: no bridge; nor when the next
     * square past the tip already is the other tree (they touch) */
    if ((t != BW_T_BRANCH && t != BW_T_MUSHROOM) || BW_PGET(c->plane, x, y) || done < 2 ||
        bw_dist2(x, y, p->x1, p->y1) > BW_FOREST_VINE_MAX * BW_FOREST_VINE_MAX ||
        !line_clear(g, p->x1, p->y1, x, y, 0))
        return;
    ex = x;
    ey = y;
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
 * the set of branch squares is the union of the branches (and the stems of
 * the mushrooms, mushrooms_and_tops). Leaves come after (grid_leaves). */
static void draw_part(const bw_forest_part *p, void *vc)
{
    draw_ctx *c = (draw_ctx *)vc;
    if (p->kind != BW_FOREST_BRANCH)
        return;
    if (p->id == 0) { /* a new tree: the last one's squares join the limbs */
        if (p->tree > 0) /* trees come in plan order */
            bw_plane_or(c->limbs, c->plane);
        bw_plane_clear(c->plane);
    }
    draw_squares(p, c->g->cell, c->plane->w);
    if (p->terminal && p->tree > 0) /* the first tree has none before it to reach */
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
    while (line_step(&l));
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
    uint8_t x0[BW_FOREST_MAX_TRUNKS], y0[BW_FOREST_MAX_TRUNKS]; /* per u: the best line */
    uint8_t x1[BW_FOREST_MAX_TRUNKS], y1[BW_FOREST_MAX_TRUNKS];
    int32_t best[BW_FOREST_MAX_TRUNKS]; /* its dist^2, INT32_MAX: none yet */
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
    int hx = x, hy = y, nx = bw_abs(ex - x), ny = bw_abs(ey - y), left = nx + ny, done = 0, u;
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
        if (t != BW_T_AIR && t != BW_T_VINE)
            break;
    }
    if (t == BW_T_AIR || t == BW_T_VINE || t == BW_T_TRUNK || done < 2 || !BW_PGET(c->reach, hx, hy))
        return;
    u = side_of(c->pl, hx, hy);
    if (u < 0 || !((want >> u) & 1u))
        return;
    d = (int32_t)(hx - x) * (hx - x) + (int32_t)(hy - y) * (hy - y);
    if (d < c->best[u] && line_clear(g, x, y, hx, hy, 1)) {
        c->best[u] = d;
        c->x0[u] = (uint8_t)x;
        c->y0[u] = (uint8_t)y;
        c->x1[u] = (uint8_t)hx;
        c->y1[u] = (uint8_t)hy;
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
    if (!c->fan) /* a ray at each tree's centre, for that tree */
        for (k = 0; k < c->pl->n; k++) {
            if ((c->want >> k) & 1u)
                bridge_ray(c, p->x1, p->y1, c->pl->x[k], c->pl->y[k], 1u << k);
        }
    else /* the fallback: every direction, as far as FAN_REACH */
        for (k = 0; k < 32; k++)
            bridge_ray(c, p->x1, p->y1, p->x1 + dir_x(k, FAN_REACH), p->y1 + dir_y(k, FAN_REACH), c->want);
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

static int canopy_square(uint8_t t)
{
    return t == BW_T_BRANCH || t == BW_T_MUSHROOM || t == BW_T_MUSHROOM_TOP;
}

/* Lays vine on the air squares strictly between steps `from` and `to` of
 * the lane. */
static void lay_run(bw_grid *g, const lane_run *r)
{
    line4 l;
    line_start(&l, r->x0, r->y0, r->x1, r->y1);
    while (line_step(&l) && l.done < r->to)
        if (l.done > r->from && BW_AT(g, l.x, l.y) == BW_T_AIR)
            BW_AT(g, l.x, l.y) = BW_T_VINE;
}

/* Walks the lanes from t to u; lays the first bridge when `same` (u's
 * trunk on t's canopy), else keeps up to BRIDGE_CAND runs in `cand`.
 * Returns 1 if it laid one, else the runs kept, negated (0: none). */
static int lanes(bw_map *m, const bw_forest_plan *pl, int t, int u, int same, lane_run *cand)
{
    bw_grid *g = &m->grid;
    int steep = bw_abs(pl->y[u] - pl->y[t]) > bw_abs(pl->x[u] - pl->x[t]), k, nc = 0;
    for (k = 0; k <= 2 * LANES && nc < BRIDGE_CAND; k++) {
        int off = (k + 1) / 2 * (k & 1 ? 1 : -1), from = -1, px = 0, py = 0;
        uint8_t ps = BW_T_AIR;
        lane_run r;
        int x, y, nx, ny, sx, sy, left, done = 0;
        int32_t e;
        unsigned i, pi = 0;
        r.x0 = (int16_t)(pl->x[t] + (steep ? off : 0));
        r.y0 = (int16_t)(pl->y[t] + (steep ? 0 : off));
        r.x1 = (int16_t)(pl->x[u] + (steep ? off : 0));
        r.y1 = (int16_t)(pl->y[u] + (steep ? 0 : off));
        if (bw_min(r.x0, r.x1) < 0 || bw_min(r.y0, r.y1) < 0 || bw_max(r.x0, r.x1) >= g->w ||
            bw_max(r.y0, r.y1) >= g->h)
            continue;
        /* line4's steps with the line in locals and the square's index
         * kept as it steps (a level walks up to 33 lanes a tree pair).
         * `from`: the step of the last square that is not air or vine
         * (ps, px, py, pi); whether it may start a run (L) is worked out
         * only once air lies after it and the square past that air may
         * end one: the canopy bits and side_of are read at the ends of
         * air, not on every square */
        x = r.x0;
        y = r.y0;
        nx = bw_abs(r.x1 - x);
        ny = bw_abs(r.y1 - y);
        sx = r.x1 < x ? -1 : 1;
        sy = r.y1 < y ? -1 : 1;
        left = nx + ny;
        e = ny - nx;
        i = BW_BIT(x, y);
        for (;;) {
            uint8_t s = g->cell[i];
            if (s != BW_T_AIR && s != BW_T_VINE) {
                if (from >= 0 && done > from + 1 && (int)((m->a.w[i >> 5] >> (i & 31)) & 1u) == same &&
                    canopy_square(s) && ((m->a.w[pi >> 5] >> (pi & 31)) & 1u) && canopy_square(ps) &&
                    side_of(pl, px, py) == t && side_of(pl, x, y) == u) {
                    r.from = (int16_t)from;
                    r.to = (int16_t)done;
                    r.mx = (uint8_t)x;
                    r.my = (uint8_t)y;
                    if (same) {
                        lay_run(g, &r);
                        return 1;
                    }
                    cand[nc++] = r;
                    break;
                }
                from = done;
                px = x;
                py = y;
                ps = s;
                pi = i;
            }
            if (left-- == 0)
                break;
            if (e < 0) {
                x += sx;
                i += (unsigned)sx;
                e += 2 * ny;
            } else {
                y += sy;
                i += (unsigned)(sy * BW_GRID_MAX);
                e -= 2 * nx;
            }
            done++;
        }
    }
    return -nc;
}

#if BW_FAST /* see canopy_of */
/* The limbs (set bits of `o`, m->b) joined to square `start` by 4-steps
 * into `r`, a plane word at a time. A word takes its reached bits from its
 * neighbours (the words before and after it, bits 31 and 0, and the rows
 * above and below, 120 bits away: 3 words and 24 bits), then the runs of
 * limbs in it holding them (bw_plane_runs_of); a word that grows marks the
 * words with limbs that read it in `dirty` (a bit a word). The dirty words
 * are taken in sweeps, down the plane and back up (found a word of marks
 * at a time), each word as often as it grows again. Limbs lie in columns
 * 1..118 (see mark_ends), so a run never wraps round a row's end. A sweep
 * that leaves marks has made a word grow, which happens at most 14,400
 * times: the bound of 14,400 + 1 sweeps is never near. */
#define DIRTY_WORDS ((BW_PLANE_WORDS + 31) / 32)
static void flood_limbs(uint32_t *r, const uint32_t *o, int start)
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
        if (j >= 0 && j < BW_PLANE_WORDS && o[j])
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
                open = o[j];
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
                        if (n >= 0 && n < BW_PLANE_WORDS && (to[k] & o[n] & ~r[n]))
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
    flood_limbs(m->a.w, m->b.w, (int)BW_BIT(pl->x[t], pl->y[t]));
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
 * of them with a ray taken. A tree no ray of which reaches another's
 * canopy stays unjoined (counted in rep->lonely; measured: never). */
static void bridges(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl, bw_forest_report *rep)
{
    bridge_ctx c;
    lane_run cand[BRIDGE_CAND];
    unsigned joined = 0, flooded = 0; /* the trunks on the canopy in m->a */
    int round, t, k;
    c.g = &m->grid;
    c.reach = &m->a;
    c.pl = pl;
    for (round = 0; round < 3; round++) /* the lanes, rays at the centres, 32 rays */
        for (t = 0; t < pl->n; t++) {
            unsigned tried = 1u << t;
            int best;
            if ((joined >> t) & 1u)
                continue;
            c.fan = (uint8_t)(round == 2);
            while ((best = nearest(pl, t, tried)) >= 0) {
                int u, laid = 0;
                tried |= 1u << best;
                if (round == 0) {
                    int n;
                    flooded = canopy_of(m, pl, t, flooded);
                    n = lanes(m, pl, t, best, (int)((flooded >> best) & 1u), cand);
                    laid = n > 0;
                    if (n < 0) { /* u's own canopy: its flood checks the runs */
                        flooded = canopy_of(m, pl, best, flooded);
                        for (u = 0; u < -n && !laid; u++)
                            if (BW_PGET(&m->a, cand[u].mx, cand[u].my)) {
                                lay_run(&m->grid, &cand[u]);
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
                    c.t = (uint8_t)t;
                    c.want = 0;
                    for (k = 0; k < nb; k++) {
                        c.want |= (uint8_t)(1u << order[k]);
                        c.best[order[k]] = INT32_MAX;
                    }
                    grow_tree(seed, level, pl, t, 0, bridge_part, &c);
                    for (k = 0; k < nb && !laid; k++)
                        if (c.best[order[k]] < INT32_MAX) {
                            best = order[k];
                            vine_line(&m->grid, c.x0[best], c.y0[best], c.x1[best], c.y1[best]);
                            laid = 1;
                        }
                }
                if (laid) {
                    joined |= (1u << t) | (1u << best);
                    if (rep)
                        rep->bridges++;
                    break;
                }
            }
            if (round == 2 && !((joined >> t) & 1u) && rep)
                rep->lonely++;
        }
}

/* What the leaves and tops passes ask of a square, a table by tile id
 * (a square marked TWIG_MARK, see end_leaves, is none of these). */
enum { K_LIMB = 1,    /* branch, mushroom, top, trunk: what a twig joins */
       K_TWIG = 2,    /* branch, mushroom, top: what a twig is made of */
       K_SHOOT = 4,   /* branch, mushroom: what a twig's end is */
       K_ROOM = 8,    /* air, vine: where a leaf may go */
       K_HELD = 16 }; /* branch, mushroom, trunk, vine, leaf: on the canopy */
static const uint8_t kind_tab[256] = { /* every byte: a marked square is none */
    [BW_T_BRANCH] = K_LIMB | K_TWIG | K_SHOOT | K_HELD,
    [BW_T_MUSHROOM] = K_LIMB | K_TWIG | K_SHOOT | K_HELD,
    [BW_T_MUSHROOM_TOP] = K_LIMB | K_TWIG,
    [BW_T_TRUNK] = K_LIMB | K_HELD,
    [BW_T_AIR] = K_ROOM,
    [BW_T_VINE] = K_ROOM | K_HELD,
    [BW_T_LEAF] = K_HELD,
};

static int kind(uint8_t t)
{
    return kind_tab[t];
}

static int limb(uint8_t t)
{
    return kind(t) & K_LIMB;
}

/* Rule 4.4 on the finished map. The leaves go in after every branch, top and
 * twig vine (and before the bridges, which then go round them), into the
 * air or onto a twig's vine, and each new leaf keeps off every other leaf
 * (no square of it 4-next to another leaf's), so it is distinct. They are
 * placed from the finished grid itself: a twig's end is a branch or
 * mushroom square with exactly one limb 4-neighbour (the free tip of a
 * one-wide branch, as a player sees it), and its twig is what a walk of
 * TWIG_STEPS steps from the end over branch, mushroom and top squares
 * reaches. Each end, in row order, gets leaves until four distinct leaves
 * touch its twig (other twigs' leaves count for it too); see end_leaves.
 * Then each leaf, a 1 x 1 so far, grows away from the limb it hangs on to
 * its drawn size (1 x 1 to 2 x 4, either way round) where that is all air
 * touching no limb and no other leaf. A branch end with no room for four
 * is cut back (rep->cut), a mushroom end in solid wood takes a wood leaf
 * (wood_leaf); one still short counts in rep->bare: the fallback
 * (measured: none of 214,582 ends, seeds 0-299). */
#define TWIG_STEPS 4
typedef struct leaf_ctx {
    bw_grid *g;
    bw_rng r;
    bw_forest_report *rep;
    bw_plane *limbs;       /* m->b, kept in step with the grid's limbs */
} leaf_ctx;

/* The tile at (x, y), air off the map. */
static uint8_t tile_at(const bw_grid *g, int x, int y)
{
    return (unsigned)x < BW_FOREST_W && (unsigned)y < BW_FOREST_H ? BW_AT(g, x, y) : BW_T_AIR; /* g is 120 x 120 */
}

/* leaf_room of a square inside the rim (its four neighbours on the map). */
static inline int room_inside(const uint8_t *c)
{
    return (kind(*c) & K_ROOM) && c[1] != BW_T_LEAF && c[-1] != BW_T_LEAF && c[BW_GRID_MAX] != BW_T_LEAF &&
           c[-BW_GRID_MAX] != BW_T_LEAF;
}

/* 1 if square i is on the map, air or vine, and no leaf 4-touches it. */
static inline int leaf_room(const bw_grid *g, int i)
{
    int x = i % BW_GRID_MAX, y = i / BW_GRID_MAX;
    if (x > 0 && x < BW_FOREST_W - 1 && y > 0 && y < BW_FOREST_H - 1)
        return room_inside(g->cell + i);
    return (kind(g->cell[i]) & K_ROOM) && tile_at(g, x + 1, y) != BW_T_LEAF && tile_at(g, x - 1, y) != BW_T_LEAF &&
           tile_at(g, x, y + 1) != BW_T_LEAF && tile_at(g, x, y - 1) != BW_T_LEAF;
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
    bw_grid_rect(g, x0, y0, x1, y1, BW_T_LEAF);
}

/* The name of the leaf holding square i: the least square index of its
 * group of 4-connected leaf squares (the first LEAF_GROUP of them; while
 * ends are served groups are 1 x 1 leaves and joins of a few). */
#define LEAF_GROUP 16
static int leaf_name(const bw_grid *g, int i0)
{
    uint16_t q[LEAF_GROUP];
    int n = 1, i, d, j, best = i0, x = i0 % BW_GRID_MAX, y = i0 / BW_GRID_MAX;
    const uint8_t *c = g->cell + i0;
    if (x > 0 && y > 0 && x < BW_FOREST_W - 1 && y < BW_FOREST_H - 1 && c[1] != BW_T_LEAF &&
        c[-1] != BW_T_LEAF && c[BW_GRID_MAX] != BW_T_LEAF && c[-BW_GRID_MAX] != BW_T_LEAF)
        return i0; /* a 1 x 1 leaf, the most of them */
    q[0] = (uint16_t)i0;
    for (i = 0; i < n; i++)
        for (d = 0; d < 4; d++) {
            int nx = q[i] % BW_GRID_MAX + bw_dx4[d], ny = q[i] / BW_GRID_MAX + bw_dy4[d], seen = 0;
            if (tile_at(g, nx, ny) != BW_T_LEAF)
                continue;
            for (j = 0; j < n; j++)
                seen |= q[j] == BW_BIT(nx, ny);
            if (!seen && n < LEAF_GROUP) {
                q[n++] = (uint16_t)BW_BIT(nx, ny);
                best = bw_min(best, SQUARE(nx, ny));
            }
        }
    return best;
}

/* The one leaf group 4-touching (x, y), or -1 if none or two or more. */
static int one_group(const bw_grid *g, int x, int y)
{
    int d, name = -1;
    for (d = 0; d < 4; d++)
        if (tile_at(g, x + bw_dx4[d], y + bw_dy4[d]) == BW_T_LEAF) {
            int k = leaf_name(g, SQUARE(x + bw_dx4[d], y + bw_dy4[d]));
            if (name >= 0 && k != name)
                return -1;
            name = k;
        }
    return name;
}

/* One twig end at (x, y). Its twig: the squares a breadth-first walk
 * from the end reaches within TWIG_STEPS steps over branch, mushroom and
 * top squares (at most TWIG_CAP, walked in the tests' order, so a prefix
 * of what the tests see), marked with TWIG_MARK on the grid while it runs.
 * The distinct leaves already touching them count; if that is under four,
 * new 1 x 1 leaves go beside them where there is room. A first try walks
 * TWIG_FAST squares and weighs up to LEAF_CAND / 2 free squares once each,
 * the least costly first (see leaf_cost); a second, its leaves taken back,
 * walks them all and takes free squares in walk order (the end's own first)
 * and, where none is left, a square next to exactly one leaf group that
 * does not touch the twig yet: it joins that group, which then counts for
 * this twig and is still one leaf for every other. New leaves are marked
 * in `ends` (they are never ends) for the growing. An end still short is
 * cut back when it is a branch square hanging on a branch, mushroom or top and
 * every other leaf beside it hangs on a limb of its own: it becomes a vine
 * tendril (passable, no end any more, a vine's end on it stays on the
 * canopy) and its own new leaves are taken back. Returns the square it
 * hung on, as -2 - square (that square may now be an end, and is not cut
 * in turn: the tendril would hang in the air), or -1. */
#define TWIG_CAP 64
#define TWIG_FAST 10
#define LEAF_CAND 20
#define TWIG_MARK 0x80u
BW_STATIC_ASSERT(BW_TILE_COUNT <= TWIG_MARK, forest_twig_mark_free);

/* The 4-neighbours as steps of a square index, in bw_dx4 / bw_dy4 order. */
static const int16_t step4[4] = { -BW_GRID_MAX, 1, BW_GRID_MAX, -1 };

/* What a leaf on square i costs the others (see end_leaves): each air or
 * vine 4-neighbour it takes room from, 8 if that one is beside this twig
 * (marked) and 1 if not, and 32 if i is itself a vine square (a leaf may
 * cut a twig's ray vine, whose squares stay passable, only where no air is
 * left). */
static int leaf_cost(const bw_grid *g, int i, int far_in)
{
    const uint8_t *c = g->cell + i;
    int k, cost = *c == BW_T_VINE ? 32 : 0;
    int x = i % BW_GRID_MAX, y = i / BW_GRID_MAX;
    if (!far_in && (x < 2 || y < 2 || x >= BW_FOREST_W - 2 || y >= BW_FOREST_H - 2))
        return cost + 4; /* near the rim: not worth the checks */
    for (k = 0; k < 4; k++) {
        const uint8_t *b = c + step4[k];
        if (kind(*b) & K_ROOM)
            cost += (b[-BW_GRID_MAX] | b[1] | b[BW_GRID_MAX] | b[-1]) & TWIG_MARK ? 8 : 1;
    }
    return cost;
}

/* 1 if the vine square v hangs on square e alone: no limb, leaf or other
 * vine beside it (a tendril cut before, see end_leaves). */
static int stub(const bw_grid *g, int v, int e)
{
    int k;
    for (k = 0; k < 4; k++) {
        int w = v + step4[k];
        if (w != e && (kind(g->cell[w]) & K_LIMB || g->cell[w] == BW_T_LEAF || g->cell[w] == BW_T_VINE))
            return 0;
    }
    return 1;
}

/* The limbs 4-beside square i (a twig's marks ignored). */
static int limbs_beside(const bw_grid *g, int i)
{
    int d, n = 0;
    for (d = 0; d < 4; d++)
        n += (kind(g->cell[i + step4[d]] & (uint8_t)~TWIG_MARK) & K_LIMB) != 0;
    return n;
}

/* 1 if the limbs of square s's 3 x 3 ring (4-joined round it: each ring
 * square touches the next) that hold its limb 4-neighbours form one run:
 * taking s out leaves them joined. */
static int runs_one(const bw_grid *g, int s)
{
    static const int16_t ring[8] = { -BW_GRID_MAX, 1 - BW_GRID_MAX, 1, 1 + BW_GRID_MAX,
                                     BW_GRID_MAX, BW_GRID_MAX - 1, -1, -1 - BW_GRID_MAX };
    uint8_t lb[8];
    int k, start = -1, runs = 0, orth = 0;
    for (k = 0; k < 8; k++) {
        lb[k] = (kind(g->cell[s + ring[k]] & (uint8_t)~TWIG_MARK) & K_LIMB) != 0;
        if (!lb[k] && start < 0)
            start = k;
    }
    if (start < 0)
        return 1; /* all round */
    for (k = 1; k <= 8; k++) { /* from a gap, once round */
        int j = (start + k) & 7;
        if (lb[j]) {
            orth |= !(j & 1);
        } else {
            runs += orth;
            orth = 0;
        }
    }
    return runs == 1;
}

/* A mushroom end (never cut: the level above has its top) in solid wood,
 * no room left beside its twig: a branch square just past the twig (rule 4.4
 * counts leaves touching the twig) becomes a leaf of it, where no leaf or
 * vine touches it (a distinct leaf; no vine loses its end), no limb beside
 * it is left with fewer than two limbs (no new end, none cut off), and the
 * limbs beside it stay joined round it (the squares of its 3 x 3 ring that
 * are limbs hold all its limb 4-neighbours in one run): the canopy stays
 * one piece and every walk over it but through that square stays. Returns
 * the square, or -1. */
static int wood_leaf(const bw_grid *g, const uint16_t *q, int n)
{
    int i, d, k;
    for (i = 0; i < n; i++)
        for (d = 0; d < 4; d++) {
            int s = q[i] + step4[d], ok = 1;
            if (g->cell[s] != BW_T_BRANCH) /* marked: on the twig */
                continue;
            for (k = 0; k < 4 && ok; k++) {
                uint8_t u = g->cell[s + step4[k]] & (uint8_t)~TWIG_MARK;
                ok = u != BW_T_LEAF && u != BW_T_VINE && (!(kind(u) & K_LIMB) || limbs_beside(g, s + step4[k]) > 2);
            }
            if (ok && runs_one(g, s))
                return s;
        }
    return -1;
}

/* The squares put[0..n) are leaves now: none is a limb (a wood leaf was). */
static void unlimb(bw_plane *limbs, const uint16_t *put, int n)
{
    while (n-- > 0)
        limbs->w[put[n] >> 5] &= ~(1u << (put[n] & 31));
}

/* One end's twig and the leaves it got (end_leaves' frame, shared by its
 * steps below through a pointer). */
typedef struct twig {
    uint16_t q[TWIG_CAP];                   /* the twig's squares, in walk order */
    uint16_t names[BW_FOREST_LEAVES_MIN];   /* the distinct leaves touching it */
    uint16_t cand[LEAF_CAND];               /* the squares with room, in walk order */
    uint16_t put[2 * BW_FOREST_LEAVES_MIN]; /* the new leaves (at most 4 a pass) */
    int16_t cost[LEAF_CAND];                /* cost[k]: leaf_cost of cand[ord[k]] (0: second pass) */
    uint8_t ord[LEAF_CAND];                 /* the candidates in the order tried */
    uint8_t cin[LEAF_CAND];                 /* walk_twig's `inside` for cand[k] */
    uint8_t dep[TWIG_CAP];                  /* dep[i]: steps from the end to q[i] */
    uint8_t was[2 * BW_FOREST_LEAVES_MIN];  /* what put[i] held before */
} twig;

/* How much of each twig array is used, and the end: kept apart from the
 * arrays so that the compiler holds them in registers. */
typedef struct twig_len {
    int n, nn, nc, np, e0; /* q, names, cand, put; the end's square */
} twig_len;

/* end_leaves' steps, each called once: melted into it early, so that
 * twig_len's counts stay in registers as in one function (the forest's
 * median is close to its instruction target, docs/bench.md). */
#define TWIG_STEP static inline BW_ALWAYS_INLINE

/* A pass starts afresh: the last pass's twig marks off and its new
 * leaves taken back (none before the first), then the twig is the end
 * alone, marked. */
TWIG_STEP void twig_restart(leaf_ctx *c, bw_plane *ends, twig *t, twig_len *len)
{
    bw_grid *g = c->g;
    int i;
    for (i = 0; i < len->n; i++)
        g->cell[t->q[i]] &= (uint8_t)~TWIG_MARK;
    while (len->np > 0) {
        len->np--;
        g->cell[t->put[len->np]] = t->was[len->np];
        ends->w[t->put[len->np] >> 5] &= ~(1u << (t->put[len->np] & 31));
        if (c->rep)
            c->rep->leaves--;
    }
    len->n = 1;
    len->nn = len->nc = 0;
    t->q[0] = (uint16_t)len->e0;
    t->dep[0] = 0;
    g->cell[t->q[0]] |= TWIG_MARK;
}

/* Walks the twig breadth first, TWIG_STEPS steps over twig squares (the
 * first pass TWIG_FAST squares, the second all TWIG_CAP), noting the
 * distinct leaves it touches (rule 4.4 counts them) and the squares beside
 * it with room for a new leaf (the first pass LEAF_CAND / 2 of them). It
 * stops once four leaves touch it. */
TWIG_STEP void walk_twig(bw_grid *g, twig *t, twig_len *len, int pass)
{
    static const uint8_t cells[2] = { TWIG_FAST, TWIG_CAP }, cands[2] = { LEAF_CAND / 2, LEAF_CAND };
    int i, d, j;
    for (i = 0; i < len->n && len->nn < BW_FOREST_LEAVES_MIN; i++) {
        /* its neighbours inside the rim (1), and two squares in (2) */
        int qx = t->q[i] % BW_GRID_MAX, qy = t->q[i] / BW_GRID_MAX, lo = bw_min(qx, qy);
        int hi = bw_max(qx, qy), inside = lo >= 3 && hi < BW_FOREST_W - 3 ? 2 : lo >= 2 && hi < BW_FOREST_W - 2;
        for (d = 0; d < 4; d++) {
            int e = t->q[i] + step4[d]; /* limbs lie inside the rim (grid_leaves) */
            uint8_t u = g->cell[e];
            if (u == BW_T_LEAF && len->nn < BW_FOREST_LEAVES_MIN) {
                int name = leaf_name(g, e), dup = 0;
                for (j = 0; j < len->nn; j++)
                    dup |= t->names[j] == name;
                if (!dup)
                    t->names[len->nn++] = (uint16_t)name;
            } else if ((kind(u) & K_TWIG) && t->dep[i] < TWIG_STEPS && len->n < cells[pass]) {
                g->cell[e] |= TWIG_MARK;
                t->q[len->n] = (uint16_t)e;
                t->dep[len->n++] = (uint8_t)(t->dep[i] + 1);
            } else if ((kind(u) & K_ROOM) && len->nc < cands[pass] &&
                       (inside ? room_inside(g->cell + e) : leaf_room(g, e))) {
                t->cin[len->nc] = (uint8_t)inside;
                t->cand[len->nc++] = (uint16_t)e;
            }
        }
    }
}

/* The candidates in the order they are tried: the first pass, the least
 * cost first (ties in walk order; an insertion sort, stable); the second,
 * walk order (every cost 0). The costs come once the twig is walked: a
 * twig's marks change no square's room, only its cost. */
TWIG_STEP void order_cands(const bw_grid *g, twig *t, const twig_len *len, int pass)
{
    int i, j;
    for (i = 0; i < len->nc && len->nn < BW_FOREST_LEAVES_MIN; i++) {
        int c0 = pass == 0 ? leaf_cost(g, t->cand[i], t->cin[i] == 2) : 0;
        for (j = i; j > 0 && t->cost[j - 1] > c0; j--) {
            t->cost[j] = t->cost[j - 1];
            t->ord[j] = t->ord[j - 1];
        }
        t->cost[j] = (int16_t)c0;
        t->ord[j] = (uint8_t)i;
    }
}

/* No free square left (the second pass): a square with room beside the
 * twig, next to exactly one leaf group that does not touch the twig yet,
 * joins that group (still one leaf for every other twig). Returns the
 * square, or -1. */
TWIG_STEP int join_leaf(const bw_grid *g, const twig *t, const twig_len *len)
{
    int i, d, j;
    for (i = 0; i < len->n; i++)
        for (d = 0; d < 4; d++) {
            int ax = t->q[i] % BW_GRID_MAX + bw_dx4[d], ay = t->q[i] / BW_GRID_MAX + bw_dy4[d], k, dup = 0;
            if (!(kind(BW_AT(g, ax, ay)) & K_ROOM) || (k = one_group(g, ax, ay)) < 0)
                continue;
            for (j = 0; j < len->nn; j++)
                dup |= t->names[j] == k;
            if (!dup)
                return SQUARE(ax, ay);
        }
    return -1;
}

/* Square `best` becomes a new leaf of the twig: marked in `ends` (it is
 * never an end) and noted in put / was, to be taken back if need be. A
 * candidate (pick >= 0) is a 1 x 1 leaf of its own: its name is its
 * square. */
TWIG_STEP void put_leaf(leaf_ctx *c, bw_plane *ends, twig *t, twig_len *len, int best, int pick)
{
    bw_grid *g = c->g;
    t->put[len->np] = (uint16_t)best; /* np < 2 x 4: at most 4 a pass */
    t->was[len->np++] = g->cell[best];
    g->cell[best] = BW_T_LEAF;
    ends->w[best >> 5] |= 1u << (best & 31);
    t->names[len->nn++] = (uint16_t)(pick >= 0 ? best : leaf_name(g, best));
    if (c->rep)
        c->rep->leaves++;
}

/* New leaves where the twig is short of four (rule 4.4): the candidates
 * in order, skipping those a new leaf took the room of; then, the second
 * pass only, a leaf group to join, and for a mushroom end a wood leaf. */
TWIG_STEP void add_leaves(leaf_ctx *c, bw_plane *ends, twig *t, twig_len *len, int pass)
{
    bw_grid *g = c->g;
    int at = 0; /* a tried candidate never has room again: one pointer runs along the order */
    while (len->nn < BW_FOREST_LEAVES_MIN) {
        int best = -1, pick = -1;
        /* (before this pass's first new leaf every candidate has room:
         * it had when it was taken, and nothing has changed since) */
        while (at < len->nc && len->np > 0 &&
               !(t->cin[t->ord[at]] ? room_inside(g->cell + t->cand[t->ord[at]]) : leaf_room(g, t->cand[t->ord[at]])))
            at++;
        if (at < len->nc) {
            pick = t->ord[at++];
            best = t->cand[pick];
        }
        if (best < 0 && pass == 1)
            best = join_leaf(g, t, len);
        if (best < 0 && pass == 1 && (g->cell[len->e0] & (uint8_t)~TWIG_MARK) == BW_T_MUSHROOM)
            best = wood_leaf(g, t->q, len->n);
        if (best < 0)
            break;
        put_leaf(c, ends, t, len, best, pick);
    }
}

/* Whether the short end e0 (a branch square, its own new leaves taken
 * back) is cut back, and to what. Only when every other leaf beside it
 * hangs on a limb of its own (so no other twig loses a leaf). It becomes
 * vine where a vine or a leaf touches it (a tendril: a vine's end on it
 * stays on the canopy, a twig's ray keeps its tip), else air; a vine that
 * is a stub on it counts for nothing (cut_back clears it). On a trunk no
 * vine stub: a vine's tip becomes a leaf of it, else air, and an end that
 * both a vine and a leaf touch stays. Returns the new tile, or -1 when
 * it stays; *next is the limb it hung on (-1: none). */
TWIG_STEP int cut_tile(const bw_grid *g, int e0, int *next)
{
    int d, ok = 1, trunk = 0, keep = 0;
    for (d = 0; d < 4; d++) {
        int v = e0 + step4[d], k, held = 0;
        uint8_t u = g->cell[v];
        if (limb(u)) {
            *next = v;
            trunk = u == BW_T_TRUNK;
        }
        if (u == BW_T_VINE)
            keep |= !stub(g, v, e0);
        if (u != BW_T_LEAF)
            continue;
        keep |= 2;
        for (k = 0; k < 4; k++) /* another twig's leaf: it hangs on a limb of its own */
            held |= v + step4[k] != e0 &&
                    (kind(tile_at(g, v % BW_GRID_MAX + bw_dx4[k], v / BW_GRID_MAX + bw_dy4[k])) & K_LIMB);
        ok &= held;
    }
    if (!ok || (trunk && keep == 3))
        return -1;
    return trunk ? (keep == 1 ? BW_T_LEAF : BW_T_AIR) : keep ? BW_T_VINE : BW_T_AIR;
}

/* Cuts the end back to `tile`: a tendril left hanging on it alone (the end
 * cut before, see grid_leaves) goes back to air, it is no limb any more,
 * and its own new leaves (already taken back on the grid) leave `ends`. */
TWIG_STEP void cut_back(leaf_ctx *c, bw_plane *ends, const twig *t, const twig_len *len, uint8_t tile)
{
    bw_grid *g = c->g;
    int d, i, e0 = len->e0;
    for (d = 0; d < 4; d++)
        if (g->cell[e0 + step4[d]] == BW_T_VINE && stub(g, e0 + step4[d], e0))
            g->cell[e0 + step4[d]] = BW_T_AIR;
    g->cell[e0] = tile;
    c->limbs->w[e0 >> 5] &= ~(1u << (e0 & 31));
    for (i = 0; i < len->np; i++)
        ends->w[t->put[i] >> 5] &= ~(1u << (t->put[i] & 31));
    if (c->rep) {
        c->rep->cut++;
        c->rep->leaves = (uint16_t)(c->rep->leaves - len->np);
    }
}

/* Out of line: its 400-byte frame (the twig) is then not under the branch
 * walks canopy_level makes (the deepest chain, the stack peak). Rule 4.4
 * for one end: two passes of walk, order and add (see above TWIG_CAP);
 * an end still short is cut back or left bare. */
BW_NOINLINE static int end_leaves(leaf_ctx *c, bw_plane *ends, int x, int y)
{
    bw_grid *g = c->g;
    twig t;
    twig_len len;
    int pass, i, tile, next = -1;
    len.n = len.nn = len.np = 0;
    len.e0 = SQUARE(x, y);
    for (pass = 0; pass < 2 && len.nn < BW_FOREST_LEAVES_MIN; pass++) {
        twig_restart(c, ends, &t, &len);
        walk_twig(g, &t, &len, pass);
        order_cands(g, &t, &len, pass);
        add_leaves(c, ends, &t, &len, pass);
    }
    for (i = 0; i < len.n; i++)
        g->cell[t.q[i]] &= (uint8_t)~TWIG_MARK;
    if (len.nn >= BW_FOREST_LEAVES_MIN) {
        unlimb(c->limbs, t.put, len.np); /* a wood leaf is no limb */
        return -1;
    }
    /* Short: the end's square is cut back when it is branch (a mushroom
     * stays: the level above has its top) and cut_tile allows it; the
     * square it hung on may then be an end in its turn (the caller goes
     * on there). The cut is judged with this end's own new leaves taken
     * back. */
    for (i = len.np; i-- > 0;)
        g->cell[t.put[i]] = t.was[i];
    if (g->cell[len.e0] == BW_T_BRANCH && (tile = cut_tile(g, len.e0, &next)) >= 0) {
        cut_back(c, ends, &t, &len, (uint8_t)tile);
        return -2 - next;
    }
    for (i = 0; i < len.np; i++) /* not cut: it keeps what it got */
        g->cell[t.put[i]] = BW_T_LEAF;
    unlimb(c->limbs, t.put, len.np);
    if (c->rep)
        c->rep->bare++;
    return -1;
}

/* Rule 4.6, the rule for mushroom tops: a top must come out on its level's
 * canopy. Every branch, mushroom, trunk, vine and leaf square is on it
 * (each branch is drawn from its parent's centre line down to the trunk,
 * a vine from a twig's tip, a leaf beside a twig), so a top is on it when
 * its group of 4-connected tops touches one of those. A top whose group
 * does not grows a vine, straight (4-connected), to the nearest branch or
 * mushroom square whose line crosses no trunk (no vine out of the wood),
 * found by a search in growing square rings round it. */
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

static void join_top(bw_grid *g, int x, int y, bw_forest_report *rep)
{
    int w = nearest_wood(g, x, y);
    if (w < 0)
        return;
    vine_line(g, x, y, w % BW_GRID_MAX, w / BW_GRID_MAX);
    if (rep)
        rep->stalks++;
}

/* Rule 4.5: a mushroom square off the branches grows a stem: the line from it
 * towards the nearest branch or mushroom square (through no trunk) becomes
 * branch up to the first wood it meets, so the mushroom stands on a branch
 * joined to its tree. */
static void grow_stem(bw_grid *g, bw_plane *limbs, int x, int y, bw_forest_report *rep)
{
    int w = nearest_wood(g, x, y);
    line4 l;
    if (w < 0)
        return;
    line_start(&l, x, y, w % BW_GRID_MAX, w / BW_GRID_MAX);
    do { /* up to the first branch or mushroom on the way (it may pass one) */
        BW_AT(g, l.x, l.y) = BW_T_BRANCH;
        BW_PSET(limbs, l.x, l.y);
    } while (line_step(&l) && BW_AT(g, l.x, l.y) != BW_T_BRANCH && BW_AT(g, l.x, l.y) != BW_T_MUSHROOM);
    if (rep)
        rep->stems++;
}

/* 1 if square k is a twig's end (see grid_leaves). */
static inline int twig_end(const bw_grid *g, int k)
{
    const uint8_t *p = g->cell + k;
    return (kind(*p) & K_SHOOT) && (kind(p[-BW_GRID_MAX]) & K_LIMB) + (kind(p[1]) & K_LIMB) +
                                           (kind(p[BW_GRID_MAX]) & K_LIMB) + (kind(p[-1]) & K_LIMB) == 1;
}

/* The twig ends, a plane word at a time from the limbs in m->b: the
 * squares that are limbs with exactly one limb 4-neighbour (a square's
 * neighbours above and below are 120 bits away, 3 words and 24 bits). Limbs
 * lie in rows and columns 1..118 (a branch's centre line keeps EDGE in, its
 * width one more square out; trunks and tops are further in), so no
 * neighbour of one wraps round a row's end. Only branch and mushroom
 * squares are ends (twig_end), so trunk and top squares are taken out. */
BW_NOINLINE static void mark_ends(uint32_t *e, const uint32_t *l, const uint8_t *cell)
{
    int j;
    for (j = 0; j < BW_PLANE_WORDS; j++) {
        uint32_t c = l[j], n, s, w, x, a, b, k;
        if (!c) {
            e[j] = 0;
            continue;
        }
        n = (j >= 4 ? l[j - 4] >> 8 : 0u) | (j >= 3 ? l[j - 3] << 24 : 0u);
        s = (j + 3 < BW_PLANE_WORDS ? l[j + 3] >> 24 : 0u) | (j + 4 < BW_PLANE_WORDS ? l[j + 4] << 8 : 0u);
        w = c << 1 | (j > 0 ? l[j - 1] >> 31 : 0u);
        x = c >> 1 | (j + 1 < BW_PLANE_WORDS ? l[j + 1] << 31 : 0u);
        a = n ^ s;
        b = w ^ x;
        e[j] = k = c & (a ^ b) & ~(n & s) & ~(w & x); /* exactly one of the four */
        while (k) { /* branch and mushroom squares only: no trunk or top */
            int i = j * 32 + bw_low_bit(k);
            k &= k - 1u;
            if (!(kind(cell[i]) & K_SHOOT))
                e[j] &= ~(1u << (i & 31));
        }
    }
}

/* Rule 4.4 on the grid the branches and tops left: the twig ends are marked in
 * m->a (mark_ends), served in row order, each unmarked as it is done, and
 * the leaves they got (marked in m->a) grow. The limbs in m->b follow the
 * squares end_leaves cuts back or turns to wood leaves. */
static void grid_leaves(bw_map *m, uint32_t seed, int level, bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    leaf_ctx c;
    int x, y, d, i, pass;
    c.g = g;
    c.rep = rep;
    c.limbs = &m->b;
    bw_rng_stream(&c.r, seed, BW_GEN_FOREST, (uint32_t)level, P_LEAVES);
    mark_ends(m->a.w, m->b.w, g->cell);
    for (pass = 0; pass < 2; pass++) /* the ends in row order, mushrooms first (never cut) */
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        uint32_t w = m->a.w[i];
        while (w) {
            int b = bw_low_bit(w);
            w &= w - 1u;
            if (g->cell[i * 32 + b] == (pass ? BW_T_BRANCH : BW_T_MUSHROOM)) { /* not the leaves marked meanwhile */
                int k = i * 32 + b, cuts;
                m->a.w[i] &= ~(1u << b);
                /* a cut end's square may leave another end: at most
                 * TWIG_STEPS cuts in a row, then it is left bare */
                for (cuts = 0; k >= 0 && cuts <= TWIG_STEPS; cuts++) {
                    k = end_leaves(&c, &m->a, k % BW_GRID_MAX, k / BW_GRID_MAX);
                    if (k < -1)
                        k = -2 - k;
                    if (k >= 0 && !twig_end(g, k))
                        k = -1;
                }
            }
        }
    }
    for (i = 0; i < BW_PLANE_WORDS; i++) { /* the leaves grow */
        uint32_t w = m->a.w[i];
        while (w) {
            int b = bw_low_bit(w), from = -1;
            w &= w - 1u;
            int in;
            x = (i * 32 + b) % BW_GRID_MAX;
            y = (i * 32 + b) / BW_GRID_MAX;
            in = x > 0 && y > 0 && x < BW_FOREST_W - 1 && y < BW_FOREST_H - 1;
            for (d = 0; d < 4; d++) {
                uint8_t u = in ? g->cell[i * 32 + b + step4[d]] : tile_at(g, x + bw_dx4[d], y + bw_dy4[d]);
                if (u == BW_T_LEAF)
                    break;
                if (from < 0 && limb(u))
                    from = d;
            }
            if (d == 4 && from >= 0)
                grow_leaf(&c, x, y, (from + 2) & 3);
        }
    }
}

/* Rules 4.5, 4.6: this level's mushrooms (DLVL 2-4), each on a branch, then the
 * tops (DLVL 1-3) of the level below's mushrooms, each joined to the
 * canopy (in list order: a vine may put a later top on the canopy; vines
 * are no limbs, so they make and break no twig end). Out of line: the
 * lists are not on the stack under the branch walks. */
BW_NOINLINE static void mushrooms_and_tops(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                                           bw_forest_report *rep)
{
    bw_grid *g = &m->grid;
    shoot_list own, up;
    int k;
    own.n = up.n = 0;
    if (level < 2) {
        bw_plane_clear(&m->a); /* no mushrooms of its own: DLVL 2's list leaves none out */
    } else {
        shoots(seed, pl, level, &m->a, &own); /* m->a: scratch till the leaves */
        for (k = 0; k < own.n; k++) {
            int i = own.at[k];
            if (g->cell[i] != BW_T_BRANCH)
                grow_stem(g, &m->b, i % BW_GRID_MAX, i / BW_GRID_MAX, rep);
            g->cell[i] = BW_T_MUSHROOM;
            m->b.w[i >> 5] |= 1u << (i & 31);
        }
    }
    if (level <= 3) {
        shoots_drawn(seed, pl, level + 1, &m->a, &up);
        for (k = 0; k < up.n; k++) {
            g->cell[up.at[k]] = BW_T_MUSHROOM_TOP;
            m->b.w[up.at[k] >> 5] |= 1u << (up.at[k] & 31);
        }
        for (k = 0; k < up.n; k++) {
            int x = up.at[k] % BW_GRID_MAX, y = up.at[k] / BW_GRID_MAX;
            if (!top_on_canopy(g, x, y))
                join_top(g, x, y, rep);
        }
    }
    if (rep) { /* nothing after covers a mushroom or a top */
        rep->mushrooms = own.n;
        rep->tops = up.n;
    }
}

static void canopy_level(bw_map *m, uint32_t seed, int level, const bw_forest_plan *pl,
                         bw_forest_report *rep, const bw_forest_hooks *h)
{
    bw_grid *g = &m->grid;
    draw_ctx dc;
    int t;
    bw_map_init(m, BW_FOREST_W, BW_FOREST_H, BW_T_AIR);
    bw_plane_clear(&m->b); /* the limbs: trunk, branch, mushroom and top squares */
    for (t = 0; t < pl->n; t++) /* rule 4.1 */
        disc(g, pl->x[t], pl->y[t], pl->r[t], BW_T_TRUNK, &m->b);
    dc.g = g;
    dc.plane = &m->a;
    dc.rep = rep;
    dc.h = h;
    dc.limbs = &m->b;
    for (t = 0; t < pl->n; t++)
        grow_tree(seed, level, pl, t, 0, draw_part, &dc);
    bw_plane_or(&m->b, &m->a); /* the last tree's squares */
    mushrooms_and_tops(m, seed, level, pl, rep); /* rules 4.5, 4.6 */
    grid_leaves(m, seed, level, rep); /* rule 4.4 */
    bridges(m, seed, level, pl, rep);     /* rule 4.7, round the leaves */
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
