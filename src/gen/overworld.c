/* The Pokemon-style overworld (docs/overworld.md); see include/burrow/overworld.h.
 * Comments like (rule 2) cite the overworld rules of docs/overworld.md:
 * (rule 1) terrain (Voronoi), (rule 2) blending, (rule 3) overgrowth,
 * (rule 4) roads, (rule 5) buildings, (rule 6) gates, (rule 7) distance
 * maps, (rule 8) display, (rule 9) ponds, (rule 10) dry land. */
#include "burrow/overworld.h"
#include "burrow/geom.h"
#include "burrow/tile.h"
#include "burrow/fill.h"

/* The map must fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_OVERWORLD_W && BW_MAP_H >= BW_OVERWORLD_H,
                 overworld_needs_BW_MAP_W_80_and_BW_MAP_H_21);

/* test hook (BW_TESTING, config.h): 0 without it */
#ifdef BW_TESTING
#define STOP_AFTER(p) ((p)->stop_after)
#else
#define STOP_AFTER(p) 0
#endif

/* Purposes for the streams; every stream also carries a place on the
 * half-step lattice (2x, 2y for a map; 2x + 1, 2y for its east edge...),
 * so nothing of one map leaks into another. */
enum { P_POINTS = 1, P_TERRAIN = 2, P_BLEND = 3, P_ROADS = 4, P_BUILD = 5, P_GATE = 6, P_POND = 7 };

/* The world is 401 x 401 maps, so the half-step lattice is -401..401:
 * 10 bits each after the offset. */
static void stream(bw_rng *r, uint32_t seed, int purpose, int hx, int hy)
{
    bw_rng_stream(r, seed, BW_GEN_OVERWORLD, 1,
                  ((uint32_t)purpose << 20) | ((uint32_t)(hx + 512) << 10) | (uint32_t)(hy + 512));
}

static int in_world(int x, int y)
{
    return x >= -BW_OVERWORLD_WORLD && x <= BW_OVERWORLD_WORLD && y >= -BW_OVERWORLD_WORLD && y <= BW_OVERWORLD_WORLD;
}

/* ------------------------------------------------- (rule 1) Voronoi */

const uint8_t bw_overworld_type_tile[BW_OVERWORLD_TYPES] = {
    BW_T_OW_SHORT, BW_T_OW_TALL, BW_T_OW_BOULDER, BW_T_OW_WATER
};

#define YSPAN (BW_OVERWORLD_H * BW_OVERWORLD_YSCALE) /* 42: scaled y of the points */

static uint32_t pt_key(const uint8_t *q)
{
    return ((uint32_t)q[0] << 16) | ((uint32_t)q[1] << 8) | q[2];
}

/* (rule 1) 20 points of each type, uniform in the 80 x 42 x BW_OVERWORLD_DEPTH box;
 * kept sorted by x (insertion: 80 points) for bw_overworld_nearest. */
void bw_overworld_points_make(bw_overworld_points *pts, uint32_t seed, int x, int y)
{
    bw_rng r;
    int i, j;
    stream(&r, seed, P_POINTS, 2 * x, 2 * y);
    for (i = 0; i < BW_OVERWORLD_POINTS; i++) {
        uint8_t q[3];
        q[0] = (uint8_t)bw_rng_below(&r, BW_OVERWORLD_W);
        q[1] = (uint8_t)(bw_rng_below(&r, YSPAN) | (uint32_t)(i / BW_OVERWORLD_PER_TYPE) << 6);
        q[2] = (uint8_t)bw_rng_below(&r, BW_OVERWORLD_DEPTH);
        for (j = i; j > 0 && pt_key(pts->p[j - 1]) > pt_key(q); j--) {
            pts->p[j][0] = pts->p[j - 1][0];
            pts->p[j][1] = pts->p[j - 1][1];
            pts->p[j][2] = pts->p[j - 1][2];
        }
        pts->p[j][0] = q[0];
        pts->p[j][1] = q[1];
        pts->p[j][2] = q[2];
    }
}

/* (rule 1) The squares are uint32_t: a sample in the int16 cube is at most
 * 33,023 from a point on each axis, and three such squares (3.3e9) fit 32
 * bits unsigned but not an int32. Each difference is taken unsigned too, so
 * a sample outside the cube (a failed BW_ASSERT, with asserts off) wraps
 * to a wrong answer instead of overflowing. */
static uint32_t pt_d2(const bw_overworld_points *pts, int i, int sx, int sy, int sz)
{
    uint32_t dx = (uint32_t)sx - pts->p[i][0], dy = (uint32_t)sy - BW_OVERWORLD_PT_Y(pts, i);
    uint32_t dz = (uint32_t)sz - pts->p[i][2];
    return dx * dx + dy * dy + dz * dz;
}

/* The points are sorted by x, so walking away from the hint in x can stop
 * once dx^2 alone exceeds the best distance, so most cells look at a
 * fraction of the 80; and a point is dropped as soon as the part of its
 * distance summed so far (x, then y) is already too far, before z. Ties go
 * to the lower index: walking up from the hint a point must be strictly
 * nearer, walking down (lower indices) as near is enough. The sums only
 * grow (each square fits, see pt_d2), so they compare as the int32 ones
 * did wherever those fitted. */
int bw_overworld_nearest(const bw_overworld_points *pts, int sx, int sy, int sz, int hint)
{
    int best, i;
    uint32_t bd, d, dx, dy, dz;
    BW_ASSERT(sx >= INT16_MIN && sx <= INT16_MAX && sy >= INT16_MIN && sy <= INT16_MAX &&
              sz >= INT16_MIN && sz <= INT16_MAX);
    if (hint < 0 || hint >= BW_OVERWORLD_POINTS)
        hint = 0; /* any index (overworld.h): only a guess */
    best = hint;
    bd = pt_d2(pts, hint, sx, sy, sz);
    for (i = hint + 1; i < BW_OVERWORLD_POINTS; i++) {
        dx = (uint32_t)pts->p[i][0] - (uint32_t)sx;
        d = dx * dx;
        if (d > bd) {
            if (pts->p[i][0] > sx)
                break; /* every later point lies farther right */
            continue;
        }
        dy = (uint32_t)sy - BW_OVERWORLD_PT_Y(pts, i);
        d += dy * dy;
        if (d >= bd)
            continue;
        dz = (uint32_t)sz - pts->p[i][2];
        d += dz * dz;
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    for (i = hint - 1; i >= 0; i--) {
        dx = (uint32_t)sx - pts->p[i][0];
        d = dx * dx;
        if (d > bd) {
            if (sx > pts->p[i][0])
                break;
            continue;
        }
        dy = (uint32_t)sy - BW_OVERWORLD_PT_Y(pts, i);
        d += dy * dy;
        if (d > bd)
            continue;
        dz = (uint32_t)sz - pts->p[i][2];
        d += dz * dz;
        if (d <= bd) { /* i < best always here: the tie goes to i */
            bd = d;
            best = i;
        }
    }
    return best;
}

/* (rule 1) Each cell takes the type of the point nearest to a sample a random
 * step (-1..1 in each axis) off the cell's own place (x, 2y, z). */
BW_NOINLINE static void voronoi(bw_map *m, uint32_t seed, const bw_overworld_params *p)
{
    enum { SPAN = 2 * BW_OVERWORLD_JITTER + 1 };
    bw_overworld_points pts; /* 240 bytes, the generator's largest local */
    bw_rng r;
    int x, y, k = 0;
    bw_overworld_points_make(&pts, seed, p->x, p->y);
    stream(&r, seed, P_TERRAIN, 2 * p->x, 2 * p->y);
    for (y = 0; y < BW_OVERWORLD_H; y++)
        for (x = 0; x < BW_OVERWORLD_W; x++) {
            int v = (int)bw_rng_below(&r, SPAN * SPAN * SPAN); /* one draw, three offsets */
            k = bw_overworld_nearest(&pts, x + v % SPAN - BW_OVERWORLD_JITTER,
                              y * BW_OVERWORLD_YSCALE + v / SPAN % SPAN - BW_OVERWORLD_JITTER,
                              p->z + v / (SPAN * SPAN) - BW_OVERWORLD_JITTER, k);
            BW_AT(&m->grid, x, y) = bw_overworld_type_tile[BW_OVERWORLD_PT_TYPE(&pts, k)];
        }
}

/* Special boulders J (rule 8; --mask): the mask's set bits
 * become special boulders before blending; blending leaves them alone
 * (they are no terrain), roads run over them, buildings and ponds avoid
 * them. */
static void special_boulders(bw_map *m, const uint8_t *mask)
{
    int x, y;
    for (y = 0; y < BW_OVERWORLD_MASK_H; y++)
        for (x = 0; x < BW_OVERWORLD_MASK_W; x++)
            if (BW_OVERWORLD_MASK_BIT(mask, x, y))
                BW_AT(&m->grid, x + 1, y + 1) = BW_T_OW_SPECIAL;
}

/* ---------------------------------------------- (rule 2) blending */

/* Terrain index = tile - BW_T_OW_SHORT: short, tall, water, boulder, tree
 * (tile.h's order). */
enum { S = BW_T_OW_SHORT, T = BW_T_OW_TALL, W = BW_T_OW_WATER, B = BW_T_OW_BOULDER, R = BW_T_OW_TREE };
#define KINDS 5

/* What a neighbour becomes: `to1` with chance p1 / 10,000, else `to2` with
 * p2 / 10,000, else it stays; one draw. Each blending rule (rule 2) is a
 * chain of rolls; here it is the distribution the chain gives. */
typedef struct ow_rule {
    uint8_t to1, to2;
    uint16_t p1, p2;
} ow_rule;

#define NONE { 0, 0, 0, 0 }

/* [pivot][neighbour], both in S, T, W, B, R order. */
static const ow_rule rules[KINDS][KINDS] = {
    /* short grass pivot: 60% grows into tall grass or water */
    { NONE, { S, 0, 6000, 0 }, { S, 0, 6000, 0 }, NONE, NONE },
    /* tall grass pivot: tall grass or water sprout a tree 20.8%; if not,
     * water and boulders always become tall grass; short grass grows
     * tall 86.2%; trees stay */
    { { T, 0, 8620, 0 }, { R, 0, 2080, 0 }, { R, T, 2080, 7920 }, { T, 0, 10000, 0 }, NONE },
    /* water pivot: boulders erode to water 68.5% */
    { NONE, NONE, NONE, { W, 0, 6850, 0 }, NONE },
    /* boulder pivot: tall grass or water sprout a tree 50%; otherwise
     * (the other half of them, and every other tile) 4.52% boulder:
     * 0.5 x 4.52% = 2.26% for tall grass and water */
    { { B, 0, 452, 0 }, { R, B, 5000, 226 }, { R, B, 5000, 226 }, NONE, { B, 0, 452, 0 } },
    /* tree pivot: any tile becomes a tree 16.2% (22.1% if short or tall
     * grass), else tall grass: a tree next to it too, taken literally */
    { { R, T, 2210, 7790 }, { R, T, 2210, 7790 }, { R, T, 1620, 8380 },
      { R, T, 1620, 8380 }, { R, T, 1620, 8380 } }
};

int bw_overworld_blend_tile(bw_rng *r, int pivot, int tile)
{
    const ow_rule *u;
    uint32_t d;
    if (pivot < S || pivot >= S + KINDS || tile < S || tile >= S + KINDS)
        return tile; /* only terrain blends */
    u = &rules[pivot - S][tile - S];
    if (u->p1 + u->p2 == 0)
        return tile;
    if (u->p1 == 10000)
        return u->to1; /* "guaranteed": no draw */
    d = bw_rng_below(r, 10000);
    if (d < u->p1)
        return u->to1;
    if (d < (uint32_t)u->p1 + u->p2)
        return u->to2;
    return tile;
}

/* (rule 2) The 12 tiles within Manhattan distance 2, the pivot excluded. */
static const int8_t nb_dx[12] = { 0, -1, 0, 1, -2, -1, 1, 2, -1, 0, 1, 0 };
static const int8_t nb_dy[12] = { -2, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 2 };

void bw_overworld_blend_at(bw_grid *g, bw_rng *r, int x, int y, int pivot)
{
    int i;
    if (x < -2 || y < -2 || x > BW_OVERWORLD_W + 1 || y > BW_OVERWORLD_H + 1)
        return; /* no neighbour on the map, so no draw either; and x + 2 stays an int */
    for (i = 0; i < 12; i++) {
        int nx = x + nb_dx[i], ny = y + nb_dy[i];
        if (nx >= 0 && ny >= 0 && nx < BW_OVERWORLD_W && ny < BW_OVERWORLD_H) /* each one rolls apart */
            BW_AT(g, nx, ny) = (uint8_t)bw_overworld_blend_tile(r, pivot, BW_AT(g, nx, ny));
    }
}

/* (rule 2) ~80% of the time the pivot moves 0-2 tiles in one of 8 directions
 * and blends again with the first tile's type. */
int bw_overworld_blend_chain(bw_grid *g, bw_rng *r, int x, int y, bw_overworld_trace *trace)
{
    int pivot, n = 0;
    /* a start off the map is read as the map cell nearest to it, as the
     * chain keeps every later position on the map; the pivot's type is
     * read there, never off the grid */
    x = bw_clamp(x, 0, BW_OVERWORLD_W - 1);
    y = bw_clamp(y, 0, BW_OVERWORLD_H - 1);
    pivot = BW_AT(g, x, y);
    for (;;) {
        int d, len;
        bw_overworld_blend_at(g, r, x, y, pivot);
        if (trace) {
            trace->x[n] = (uint8_t)x;
            trace->y[n] = (uint8_t)y;
            trace->n = (uint8_t)(n + 1);
        }
        if (++n >= BW_OVERWORLD_CHAIN_MAX || !bw_rng_chance(r, 4, 5))
            return n;
        d = (int)bw_rng_below(r, 8);
        len = (int)bw_rng_below(r, 3);
        x = bw_clamp(x + bw_dx8[d] * len, 0, BW_OVERWORLD_W - 1);
        y = bw_clamp(y + bw_dy8[d] * len, 0, BW_OVERWORLD_H - 1);
    }
}

/* Manhattan distance from the world's centre, a place outside the world
 * read as its nearest edge: at most 400, and no overflow for any int. */
static int from_centre(int x, int y)
{
    return bw_abs(bw_clamp(x, -BW_OVERWORLD_WORLD, BW_OVERWORLD_WORLD)) +
           bw_abs(bw_clamp(y, -BW_OVERWORLD_WORLD, BW_OVERWORLD_WORLD));
}

int bw_overworld_pivots(int x, int y)
{
    int d = from_centre(x, y);
    return bw_min(BW_OVERWORLD_PIVOTS_MAX, BW_OVERWORLD_PIVOTS_MIN + d * BW_OVERWORLD_PIVOTS_NUM / BW_OVERWORLD_PIVOTS_DEN);
}

/* (rules 2 and 3): pivots chosen uniformly with replacement over the map.
 * Static inline so bw_overworld_map's frame (the Voronoi points, dead by now)
 * holds its locals instead of a call stacking on top of it. */
static inline void blend_pass(bw_grid *g, uint32_t seed, int x, int y, bw_overworld_info *in)
{
    bw_rng r;
    int i, n = bw_overworld_pivots(x, y), steps = 0, longest = 0, capped = 0;
    stream(&r, seed, P_BLEND, 2 * x, 2 * y);
    for (i = 0; i < n; i++) {
        int px = (int)bw_rng_below(&r, BW_OVERWORLD_W), py = (int)bw_rng_below(&r, BW_OVERWORLD_H);
        int len = bw_overworld_blend_chain(g, &r, px, py, 0);
        steps += len;
        longest = bw_max(longest, len);
        capped += len == BW_OVERWORLD_CHAIN_MAX;
    }
    if (in) {
        in->pivots = (uint16_t)n;
        in->steps = (uint16_t)steps;     /* at most 300 x 64 */
        in->chain_max = (uint8_t)longest;
        in->chain_capped = (uint8_t)capped;
    }
}

void bw_overworld_blend(bw_grid *g, uint32_t seed, int x, int y, bw_overworld_info *in)
{
    blend_pass(g, seed, x, y, in);
}

/* ---------------------------------------- (rule 6) border and gates */

/* (rule 6) Global hashing: the gate between two maps lives at the half-way
 * point of their places (2x + 1, 2y for the east edge of (x, y)), and its
 * position is drawn from (seed, that point) alone, so both maps agree. */
int bw_overworld_gate(uint32_t seed, int x, int y, int side)
{
    bw_rng r;
    if (side < 0 || side > 3 || !in_world(x, y) || !in_world(x + bw_dx4[side], y + bw_dy4[side]))
        return -1;
    stream(&r, seed, P_GATE, 2 * x + bw_dx4[side], 2 * y + bw_dy4[side]);
    if (side == BW_EAST || side == BW_WEST)
        return bw_rng_range(&r, BW_OVERWORLD_GATE_Y0, BW_OVERWORLD_GATE_Y1);
    return bw_rng_range(&r, BW_OVERWORLD_GATE_X0, BW_OVERWORLD_GATE_X1);
}

static void border(bw_map *m, const bw_overworld_info *in)
{
    int x, y;
    for (x = 0; x < BW_OVERWORLD_W; x++) {
        BW_AT(&m->grid, x, 0) = BW_T_OW_MOUNTAIN;
        BW_AT(&m->grid, x, BW_OVERWORLD_H - 1) = BW_T_OW_MOUNTAIN;
    }
    for (y = 1; y < BW_OVERWORLD_H - 1; y++) {
        BW_AT(&m->grid, 0, y) = BW_T_OW_MOUNTAIN;
        BW_AT(&m->grid, BW_OVERWORLD_W - 1, y) = BW_T_OW_MOUNTAIN;
    }
    if (in->gate[BW_NORTH] >= 0) BW_AT(&m->grid, in->gate[BW_NORTH], 0) = BW_T_OW_GATE;
    if (in->gate[BW_SOUTH] >= 0) BW_AT(&m->grid, in->gate[BW_SOUTH], BW_OVERWORLD_H - 1) = BW_T_OW_GATE;
    if (in->gate[BW_WEST] >= 0) BW_AT(&m->grid, 0, in->gate[BW_WEST]) = BW_T_OW_GATE;
    if (in->gate[BW_EAST] >= 0) BW_AT(&m->grid, BW_OVERWORLD_W - 1, in->gate[BW_EAST]) = BW_T_OW_GATE;
}

/* ------------------------------------------------------ (rule 4) roads */

/* Fixed point: 8 fraction bits. Per axis: along x the road has 77 steps
 * and rows are tall, so it kicks less; along y it has 18 steps to cover up
 * to 69 columns. */
#define FP 256
typedef struct ow_road_k {
    uint8_t last;          /* along positions 1..last */
    uint8_t lo, hi;        /* across positions allowed */
    int16_t kick;          /* kick uniform in -kick..kick */
    int16_t vmax;          /* |velocity| before the drift */
    uint8_t mom;           /* momentum, /256: v = v x mom / 256 + kick */
    uint8_t pull;          /* drift share = pull / steps left (all of it from there on) */
} ow_road_k;

static const ow_road_k road_k[2] = {
    { BW_OVERWORLD_W - 2, 1, BW_OVERWORLD_H - 2, 96, 256, 208, 3 },   /* along x */
    { BW_OVERWORLD_H - 2, 1, BW_OVERWORLD_W - 2, 160, 512, 208, 2 }   /* along y */
};

static int put_road(bw_grid *g, int vertical, int a, int c)
{
    uint8_t *t = vertical ? &BW_AT(g, c, a) : &BW_AT(g, a, c);
    int was = *t == BW_T_OW_ROAD;
    *t = BW_T_OW_ROAD;
    return was;
}

/* (rule 4) Each step moves one along and `v` across: v gets a random kick, keeps
 * most of itself (momentum), and is pulled toward the velocity that would
 * reach `to` in the steps left; the pull is pull / steps left of the gap,
 * so it grows toward the far border and is all of it on the last `pull`
 * steps, where v is exactly that velocity: the last step lands on `to`.
 * The across run between two steps is filled, so the road is 4-connected. */
int bw_overworld_draw_road(bw_grid *g, bw_rng *r, bw_overworld_road *rd)
{
    const ow_road_k *k = &road_k[rd->vertical ? 1 : 0];
    int dir = rd->dir < 0 ? -1 : 1, total = k->last - 1, step;
    int a = dir > 0 ? 1 : k->last, row = rd->from, stop = 0;
    int32_t c = (int32_t)rd->from * FP, v = 0, target = (int32_t)rd->to * FP;
    rd->steps = 0;
    rd->marked = 0;
    rd->mark_bend = 0;
    if (put_road(g, rd->vertical, a, row) && rd->stop_at_road)
        stop = 1;
    for (step = 1; step <= total && !stop; step++) {
        int32_t n = total - step + 1, need, share;
        int next, i, s;
        v = v * k->mom / FP + bw_rng_range(r, -k->kick, k->kick);
        v = bw_clamp(v, -k->vmax, k->vmax);
        need = (target - c) / n;
        share = n <= k->pull ? FP : FP * k->pull / n;
        v += (need - v) * share / FP;
        c = bw_clamp(c + v, k->lo * FP, k->hi * FP);
        next = (c + FP / 2) / FP;
        a += dir;
        s = next > row ? 1 : -1;
        for (i = row;; i += s) {
            if (put_road(g, rd->vertical, a, i) && rd->stop_at_road) {
                stop = 1;
                next = i;
                break;
            }
            if (i == next)
                break;
        }
        if (step == rd->mark) {
            rd->marked = 1;
            rd->mark_along = (uint8_t)a;
            rd->mark_lo = (uint8_t)bw_min(row, next);
            rd->mark_hi = (uint8_t)bw_max(row, next);
            rd->mark_bend = (int8_t)bw_sign(v);
        }
        row = next;
        rd->steps = (uint8_t)step;
    }
    rd->end_x = (uint8_t)(rd->vertical ? row : a);
    rd->end_y = (uint8_t)(rd->vertical ? a : row);
    return rd->steps;
}

/* (rule 4) A horizontal road from the west gate to the east one and a vertical
 * one from north to south. On the world's edge a gate is missing: that
 * road runs from its one gate and stops where it meets the other road
 * (which crosses the whole map, so it always does); in a corner of the
 * world both are missing, so the first road runs on to the mountains. */
static void roads(bw_map *m, uint32_t seed, const bw_overworld_params *p, bw_overworld_info *in,
                  const uint8_t mark[2])
{
    bw_rng r;
    int k, order[2], whole[2];
    static const uint8_t lo_side[2] = { BW_WEST, BW_NORTH };
    static const uint8_t hi_side[2] = { BW_EAST, BW_SOUTH };
    stream(&r, seed, P_ROADS, 2 * p->x, 2 * p->y);
    for (k = 0; k < 2; k++)
        whole[k] = in->gate[lo_side[k]] >= 0 && in->gate[hi_side[k]] >= 0;
    /* whole roads first, so a partial one has a road to stop at */
    order[0] = whole[0] || !whole[1] ? 0 : 1;
    order[1] = 1 - order[0];
    for (k = 0; k < 2; k++) {
        int i = order[k];
        bw_overworld_road *rd = &in->road[i];
        int lo = in->gate[lo_side[i]], hi = in->gate[hi_side[i]];
        int virt = i ? bw_rng_range(&r, BW_OVERWORLD_GATE_X0, BW_OVERWORLD_GATE_X1)
                     : bw_rng_range(&r, BW_OVERWORLD_GATE_Y0, BW_OVERWORLD_GATE_Y1);
        rd->vertical = (uint8_t)i;
        rd->dir = (int8_t)(lo >= 0 ? 1 : -1);  /* from the west / north gate if there is one */
        rd->from = (uint8_t)(lo >= 0 ? lo : hi);
        rd->to = (uint8_t)(lo >= 0 && hi >= 0 ? hi : virt);
        rd->stop_at_road = (uint8_t)(!whole[i] && k == 1);
        rd->mark = mark[i];
        bw_overworld_draw_road(&m->grid, &r, rd);
    }
}

/* ---------------------------------------------- (rule 5) buildings */

int bw_overworld_building_chance(int x, int y)
{
    int d = from_centre(x, y);
    if (d == 0)
        return 20000;
    return d <= 200 ? 10000 - 45 * d : 1000;
}

static int grass(int t)
{
    return t == BW_T_OW_SHORT || t == BW_T_OW_TALL;
}

/* Land a building may take: grass, and with `over_j` (the last fallback,
 * where a mask left no other room) the special boulders too. */
static int land(int t, int over_j)
{
    return grass(t) || (over_j && t == BW_T_OW_SPECIAL);
}

/* Bounds before the grid is read: a building tried against the border
 * asks about row -1 or column -1, outside the grid. */
static int land_inside(const bw_grid *g, int x, int y, int over_j)
{
    return x >= 1 && y >= 1 && x <= BW_OVERWORLD_W - 2 && y <= BW_OVERWORLD_H - 2 && land(BW_AT(g, x, y), over_j);
}

/* No building on a shore: the ring round a building holds no
 * water, nor the other building (a tile of room between them). */
static int bad_beside_building(int t)
{
    return t == BW_T_OW_WATER || t == BW_T_OW_CENTER || t == BW_T_OW_MART;
}

/* A building `gap` tiles from road tile (rx, ry) in direction d (bw_dx4),
 * its path straight from the road; the 2 x 2 starts on the path's line and
 * extends right (or down), or left (up) at the map's edge. Places it and
 * returns 1 if the site is dry land (bw_overworld_building in overworld.h): the
 * path on grass or road (it may cross the other road), the 2 x 2 on
 * grass, the ring round it free of water and of the other building. */
static int try_building(bw_grid *g, int rx, int ry, int d, int gap, int tile, int over_j, bw_overworld_building *b)
{
    int i, x0, y0, bx, by, dx = bw_dx4[d], dy = bw_dy4[d];
    for (i = 1; i <= gap; i++) {
        int px = rx + dx * i, py = ry + dy * i;
        if (px < 1 || py < 1 || px > BW_OVERWORLD_W - 2 || py > BW_OVERWORLD_H - 2)
            return 0;
        if (BW_AT(g, px, py) != BW_T_OW_ROAD && !land(BW_AT(g, px, py), over_j))
            return 0;
    }
    x0 = rx + dx * (gap + 1);
    y0 = ry + dy * (gap + 1);
    if (dx < 0) x0--;                 /* the far tile of a 2-deep building */
    if (dy < 0) y0--;
    if (dx == 0 && x0 + 1 > BW_OVERWORLD_W - 2) x0--;
    if (dy == 0 && y0 + 1 > BW_OVERWORLD_H - 2) y0--;
    for (by = y0; by < y0 + BW_OVERWORLD_BSIZE; by++)
        for (bx = x0; bx < x0 + BW_OVERWORLD_BSIZE; bx++)
            if (!land_inside(g, bx, by, over_j))
                return 0;
    /* the ring (the box is inside the map): no water or the other
     * building beside it */
    for (by = y0 - 1; by <= y0 + BW_OVERWORLD_BSIZE; by++)
        for (bx = x0 - 1; bx <= x0 + BW_OVERWORLD_BSIZE; bx++)
            if (bad_beside_building(BW_AT(g, bx, by)))
                return 0;
    for (i = 1; i <= gap; i++)
        BW_AT(g, rx + dx * i, ry + dy * i) = BW_T_OW_ROAD;
    for (by = y0; by < y0 + BW_OVERWORLD_BSIZE; by++)
        for (bx = x0; bx < x0 + BW_OVERWORLD_BSIZE; bx++)
            BW_AT(g, bx, by) = (uint8_t)tile;
    b->placed = 1;
    b->x = (uint8_t)x0;
    b->y = (uint8_t)y0;
    b->road_x = (uint8_t)rx;
    b->road_y = (uint8_t)ry;
    b->door_x = (uint8_t)(rx + dx * gap);
    b->door_y = (uint8_t)(ry + dy * gap);
    b->gap = (uint8_t)gap;
    return 1;
}

/* Tries the 3 gaps in the 4 directions from road tile (x, y), the side
 * `first` (a direction) first, then its opposite, then the other two. */
static int try_road_tile(bw_grid *g, int x, int y, int first, int tile, int over_j, bw_overworld_building *b)
{
    int k, j;
    for (k = 0; k < 4; k++) {
        int d = (first + (k == 0 ? 0 : k == 1 ? 2 : k == 2 ? 1 : 3)) & 3;
        for (j = 1; j <= 3; j++)
            if (try_building(g, x, y, d, j, tile, over_j, b)) {
                b->side = (int8_t)(d == BW_SOUTH || d == BW_EAST ? 1 : -1);
                return 1;
            }
    }
    return 0;
}

/* (rule 5) At the road point drawn before the roads: on the side away from the
 * bend (-dy; either side, drawn, where the road ran straight), `gap` 1..3
 * tiles off; then the other gaps, then the other side. If none of these
 * is dry land (see bw_overworld_building), the road tiles nearest that point
 * are tried, ring by ring (Chebyshev distance 0, 1, ... 79; from a random
 * tile when the road stopped before the point), each with the same side
 * first, 3 gaps in the 4 directions: at most 1,680 tiles x 12 tries (the
 * fallback); if even that finds nothing (a mask of special boulders over
 * every site), the same search again lets the building and its path take
 * special boulders: the rule wins over the mask. Only a map whose roads
 * leave no 2 x 2 of land or boulders at all leaves the building out, and
 * `placed` says so. */
static void building(bw_map *m, bw_rng *r, const bw_overworld_road *rd, int tile, bw_overworld_building *b)
{
    /* side +1 is +y along x roads (south), +x along y roads (east) */
    static const uint8_t dir_of[2][2] = { { BW_NORTH, BW_SOUTH }, { BW_WEST, BW_EAST } };
    int gap = bw_rng_range(r, 1, 3), side, s, j, start, cx, cy, rad, x, y, over_j;
    side = rd->mark_bend ? -rd->mark_bend : (bw_rng_chance(r, 1, 2) ? 1 : -1);
    b->placed = 0;
    b->fallback = 0;
    b->bend = rd->marked ? rd->mark_bend : 0;
    if (rd->marked)
        for (s = 0; s < 2; s++) {
            int sd = s ? -side : side;
            /* from the end of the road's run across on that side */
            int c = sd > 0 ? rd->mark_hi : rd->mark_lo;
            int rx = rd->vertical ? c : rd->mark_along, ry = rd->vertical ? rd->mark_along : c;
            for (j = 0; j < 3; j++) {
                int gp = j == 0 ? gap : (j == 1 ? (gap == 1 ? 2 : 1) : (gap == 3 ? 2 : 3));
                if (try_building(&m->grid, rx, ry, dir_of[rd->vertical ? 1 : 0][sd > 0], gp, tile, 0, b)) {
                    b->side = (int8_t)sd;
                    return;
                }
            }
        }
    b->fallback = 1;
    start = (int)bw_rng_below(r, BW_OVERWORLD_W * BW_OVERWORLD_H);
    cx = rd->marked ? (rd->vertical ? (side > 0 ? rd->mark_hi : rd->mark_lo) : rd->mark_along) : start % BW_OVERWORLD_W;
    cy = rd->marked ? (rd->vertical ? rd->mark_along : (side > 0 ? rd->mark_hi : rd->mark_lo)) : start / BW_OVERWORLD_W;
    for (over_j = 0; over_j <= 1; over_j++)
        for (rad = 0; rad < BW_OVERWORLD_W; rad++)
            for (y = cy - rad; y <= cy + rad; y++)
                for (x = cx - rad; x <= cx + rad; x += (y == cy - rad || y == cy + rad || rad == 0) ? 1 : 2 * rad) {
                    if (x < 0 || y < 0 || x >= BW_OVERWORLD_W || y >= BW_OVERWORLD_H ||
                        BW_AT(&m->grid, x, y) != BW_T_OW_ROAD)
                        continue;
                    if (try_road_tile(&m->grid, x, y, dir_of[rd->vertical ? 1 : 0][side > 0], tile, over_j, b))
                        return;
                }
}

/* ------------------------------------------------------------ ponds */

/* The largest 4-connected body of water on the map; uses m->a and m->fill. */
static int largest_pond(bw_map *m)
{
    bw_tileset water;
    int x = 0, y = 0, n, best = 0;
    bw_tileset_clear(&water);
    bw_tileset_add(&water, BW_T_OW_WATER);
    bw_plane_clear(&m->a);
    bw_fill_init(&m->fill);
    while ((n = bw_fill_region_next(&m->fill, &m->grid, &water, &m->a, &x, &y)) > 0)
        best = bw_max(best, n);
    return best;
}

/* A tile a pond may take: terrain (not road, gate, mountain, special
 * boulder or building; with `over_j`, special boulders too) with no
 * building within one tile, so the dry-land rule (rule 10) still holds. */
static int pond_may_take(const bw_grid *g, int x, int y, int over_j)
{
    int t = BW_AT(g, x, y), i, j;
    if (x < 1 || y < 1 || x > BW_OVERWORLD_W - 2 || y > BW_OVERWORLD_H - 2 ||
        ((t < S || t >= S + KINDS) && !(over_j && t == BW_T_OW_SPECIAL)))
        return 0;
    for (j = -1; j <= 1; j++)
        for (i = -1; i <= 1; i++)
            if (BW_AT(g, x + i, y + j) == BW_T_OW_CENTER || BW_AT(g, x + i, y + j) == BW_T_OW_MART)
                return 0;
    return 1;
}

/* One oval of water at a random place, on the tiles pond_may_take. */
BW_NOINLINE static void dig_oval(bw_grid *g, bw_rng *r)
{
    int x, y;
    int cx = bw_rng_range(r, 3, BW_OVERWORLD_W - 4), cy = bw_rng_range(r, 2, BW_OVERWORLD_H - 3);
    int rx = bw_rng_range(r, 2, 4), ry = bw_rng_range(r, 1, 2);
    for (y = cy - ry; y <= cy + ry; y++)
        for (x = cx - rx; x <= cx + rx; x++) {
            int dx = x - cx, dy = y - cy;
            if (dx * dx * ry * ry + dy * dy * rx * rx <= rx * rx * ry * ry && pond_may_take(g, x, y, 0))
                BW_AT(g, x, y) = BW_T_OW_WATER;
        }
}

/* The fallback: the first 2 x 2 of tiles pond_may_take in row order, then
 * the first that also takes special boulders; 1 if it dug. */
BW_NOINLINE static int dig_square(bw_grid *g)
{
    int x, y, j;
    for (j = 0; j <= 1; j++)
        for (y = 1; y < BW_OVERWORLD_H - 2; y++)
            for (x = 1; x < BW_OVERWORLD_W - 2; x++)
                if (pond_may_take(g, x, y, j) && pond_may_take(g, x + 1, y, j) && pond_may_take(g, x, y + 1, j) &&
                    pond_may_take(g, x + 1, y + 1, j)) {
                    BW_AT(g, x, y) = BW_AT(g, x + 1, y) = BW_T_OW_WATER;
                    BW_AT(g, x, y + 1) = BW_AT(g, x + 1, y + 1) = BW_T_OW_WATER;
                    return 1;
                }
    return 0;
}

/* (rule 9) Every map has a pond (BW_OVERWORLD_POND_MIN tiles of water in one
 * body) on the finished map. Where the terrain left none, an oval of
 * water 5-9 wide and 3-5 tall is dug at a random place (its own stream,
 * so maps that have a pond are untouched), on the tiles pond_may_take;
 * at most 32 places, then the first 2 x 2 of such tiles in row order
 * (the fallback), then the first 2 x 2 that also takes special boulders
 * (a mask over all the terrain: the rule wins over the mask). Returns 1
 * if it dug; 0 if the map had a pond, or (a map of roads and buildings
 * only, which the roads never make) had no 2 x 2 to dig. The digging
 * runs in frames of its own (dig_oval, dig_square), so that this one stays
 * small under largest_pond's floods. */
BW_NOINLINE static int pond(bw_map *m, uint32_t seed, const bw_overworld_params *p)
{
    bw_rng r;
    int k;
    if (largest_pond(m) >= BW_OVERWORLD_POND_MIN)
        return 0;
    stream(&r, seed, P_POND, 2 * p->x, 2 * p->y);
    for (k = 0; k < 32; k++) {
        dig_oval(&m->grid, &r);
        if (largest_pond(m) >= BW_OVERWORLD_POND_MIN)
            return 1;
    }
    return dig_square(&m->grid);
}

/* ------------------------------------------------------------ the map */

void bw_overworld_defaults(bw_overworld_params *p, int x, int y)
{
    p->x = x;
    p->y = y;
    p->z = BW_OVERWORLD_Z_DEFAULT;
    p->mask = 0;
#ifdef BW_TESTING
    p->stop_after = 0;
#endif
}

/* Nothing of an earlier call survives in info, even on BW_ERR_OPTION;
 * the gates are -1 each outside the world. */
static void start_info(bw_overworld_info *in, uint32_t seed, const bw_overworld_params *p)
{
    int i;
    for (i = 0; i < (int)sizeof *in; i++)
        ((uint8_t *)in)[i] = 0;
    for (i = 0; i < 4; i++)
        in->gate[i] = (int8_t)bw_overworld_gate(seed, p->x, p->y, i);
}

/* Rules 2 to 6 on the terrain: blending, border, roads and buildings.
 * Returns 0, or 1 if a test stopped it early. Kept out of
 * bw_overworld_map so that its locals (the info when the caller gives
 * none, the buildings' stream) are off the stack during the pond's
 * floods, the deepest calls. */
BW_NOINLINE static int surface(bw_map *m, uint32_t seed, const bw_overworld_params *p, bw_overworld_info *info)
{
    static const uint8_t tiles[BW_OVERWORLD_BUILDINGS] = { BW_T_OW_CENTER, BW_T_OW_MART };
    bw_overworld_info own;
    bw_overworld_info *in = info ? info : &own;
    bw_rng r;
    uint8_t mark[2];
    int i, first;
    start_info(in, seed, p);
    blend_pass(&m->grid, seed, p->x, p->y, in);
    if (STOP_AFTER(p) == 2)
        return 1;
    /* (rule 5) the buildings' road points are drawn before the roads: the
     * Center on one road (drawn), the Mart on the other */
    stream(&r, seed, P_BUILD, 2 * p->x, 2 * p->y);
    for (i = 0; i < BW_OVERWORLD_BUILDINGS; i++)
        in->b[i].wanted = (uint8_t)bw_rng_chance(&r, (uint32_t)bw_overworld_building_chance(p->x, p->y), 20000);
    first = (int)bw_rng_below(&r, 2);
    mark[0] = (uint8_t)bw_rng_range(&r, 3, road_k[0].last - 4);
    mark[1] = (uint8_t)bw_rng_range(&r, 2, road_k[1].last - 3);
    if (!in->b[BW_OVERWORLD_CENTER].wanted && !in->b[BW_OVERWORLD_MART].wanted)
        mark[0] = mark[1] = 0;
    border(m, in);
    roads(m, seed, p, in, mark);
    if (STOP_AFTER(p) == 3)
        return 1;
    for (i = 0; i < BW_OVERWORLD_BUILDINGS; i++)
        if (in->b[i].wanted)
            building(m, &r, &in->road[i ? 1 - first : first], tiles[i], &in->b[i]);
    return 0;
}

int bw_overworld_map(bw_map *m, uint32_t seed, const bw_overworld_params *p, bw_overworld_info *info)
{
    int dug;
    BW_ASSERT(m && p);
    if (!in_world(p->x, p->y) || p->z < 0 || p->z >= BW_OVERWORLD_DEPTH) {
        if (info)
            start_info(info, seed, p);
        return BW_ERR_OPTION;
    }
    /* (rule 1) the terrain first, in a frame of its own: it draws from
     * its own stream and reads no info */
    bw_map_init(m, BW_OVERWORLD_W, BW_OVERWORLD_H, BW_T_OW_SHORT);
    voronoi(m, seed, p);
    if (p->mask)
        special_boulders(m, p->mask);
    if (STOP_AFTER(p) == 1) {
        if (info)
            start_info(info, seed, p);
        return 0;
    }
    if (surface(m, seed, p, info))
        return 0;
    dug = pond(m, seed, p);
    if (info)
        info->pond_dug = (uint8_t)dug;
    return 0;
}

int bw_overworld_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    bw_overworld_params p;
    if (level < 1 || level > BW_OVERWORLD_LEVELS)
        return BW_ERR_LEVEL;
    bw_overworld_defaults(&p, o ? o->x : 0, o ? o->y : 0);
    return bw_overworld_map(m, seed, &p, 0);
}

/* ------------------------------------------- (rule 7) distance maps */

/* Step costs (0: impassable), after the original's table: paths
 * and short grass 10, tall grass 15 for hikers and 20 for the rest,
 * buildings 50, gates closed to trainers. Its "mountain" and "forest"
 * (hikers only, 15) are our boulder fields and trees; its impassable
 * border boulders are our mountains. */
static const uint8_t costs[2][10] = {
    /* short tall water bldr tree road gate mtn  ctr mart */
    { 10, 15, 0, 15, 15, 10, 0, 0, 50, 50 }, /* hiker */
    { 10, 20, 0, 0, 0, 10, 0, 0, 50, 50 }    /* rival */
};
BW_STATIC_ASSERT(BW_T_OW_MART - BW_T_OW_SHORT == 9, ow_cost_tiles);

int bw_overworld_cost(int who, int tile)
{
    if (who < 0 || who > 1 || tile < BW_T_OW_SHORT || tile > BW_T_OW_MART)
        return 0;
    return costs[who][tile - BW_T_OW_SHORT];
}

#define CELLS (BW_OVERWORLD_W * BW_OVERWORLD_H)
#define PEND_WORDS ((CELLS + 31) / 32) /* 53 words, 212 bytes */


/* Dijkstra with the frontier as a bit set (212 bytes) instead of a heap:
 * each pass settles every frontier cell at the lowest distance `level`
 * (costs are >= 10, so no relaxation can reach that level again) and finds
 * the next level. A pass settles at least one cell, so there are at most
 * 1,680 passes of 53 words plus the frontier cells. Distances saturate at
 * 0xfffe (a path over every cell at 50 could pass 65,535). */
int bw_overworld_distance(const bw_map *m, int px, int py, int who,
                          uint16_t dist[BW_OVERWORLD_H][BW_OVERWORLD_W])
{
    uint32_t pend[PEND_WORDS];
    uint32_t level = 0;
    int i, x, y;
    if (who < 0 || who > 1 || px < 0 || py < 0 || px >= BW_OVERWORLD_W || py >= BW_OVERWORLD_H ||
        m->grid.w != BW_OVERWORLD_W || m->grid.h != BW_OVERWORLD_H)
        return BW_ERR_ARG;
    for (y = 0; y < BW_OVERWORLD_H; y++)
        for (x = 0; x < BW_OVERWORLD_W; x++)
            dist[y][x] = BW_OVERWORLD_INF;
    for (i = 0; i < PEND_WORDS; i++)
        pend[i] = 0;
    dist[py][px] = 0;
    pend[(py * BW_OVERWORLD_W + px) >> 5] |= 1u << ((py * BW_OVERWORLD_W + px) & 31);
    while (level != 0xffffffffu) {
        uint32_t next = 0xffffffffu;
        for (i = 0; i < PEND_WORDS; i++) {
            uint32_t bits = pend[i];
            while (bits) {
                int c = i * 32 + bw_low_bit(bits), d;
                uint32_t here;
                bits &= bits - 1;
                x = c % BW_OVERWORLD_W;
                y = c / BW_OVERWORLD_W;
                here = dist[y][x];
                if (here != level) {
                    if (here < next)
                        next = here;
                    continue;
                }
                pend[i] &= ~(1u << (c & 31));
                for (d = 0; d < 8; d++) {
                    int nx = x + bw_dx8[d], ny = y + bw_dy8[d], k, cost;
                    uint32_t nd;
                    if (nx < 0 || ny < 0 || nx >= BW_OVERWORLD_W || ny >= BW_OVERWORLD_H)
                        continue;
                    cost = bw_overworld_cost(who, BW_AT(&m->grid, nx, ny));
                    if (!cost)
                        continue;
                    nd = here + (uint32_t)cost;
                    if (nd > BW_OVERWORLD_INF - 1)
                        nd = BW_OVERWORLD_INF - 1;
                    if (nd >= dist[ny][nx])
                        continue;
                    dist[ny][nx] = (uint16_t)nd;
                    k = ny * BW_OVERWORLD_W + nx;
                    pend[k >> 5] |= 1u << (k & 31);
                    if (nd < next)
                        next = nd;
                }
            }
        }
        level = next;
    }
    return 0;
}

int bw_overworld_player_start(const bw_map *m, int *px, int *py)
{
    int x, y, best = -1;
    BW_ASSERT(m && px && py);
    for (y = 0; y < BW_OVERWORLD_H; y++)
        for (x = 0; x < BW_OVERWORLD_W; x++) {
            int d = bw_abs(x - BW_OVERWORLD_W / 2) + bw_abs(y - BW_OVERWORLD_H / 2);
            if (BW_AT(&m->grid, x, y) == BW_T_OW_ROAD && (best < 0 || d < best)) {
                best = d;
                *px = x;
                *py = y;
            }
        }
    return best < 0 ? BW_ERR_NOT_FOUND : BW_OK;
}
