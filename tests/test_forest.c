/* The Underground Forest (rules 4.1 - 4.8, 4.5.1 - 4.5.4, docs/forest.md),
 * include/burrow/forest.h. Each test is named after the rule it checks and
 * runs SEEDS(500) seeds of every level it concerns. The canopy is checked
 * twice over: through the replay API (bw_forest_canopy: what was grown)
 * and in the grid (what was drawn), and the two are tied together. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;
static bw_grid *const g = &arena.map.grid;

static void gen(uint32_t s, int level, bw_forest_report *rep)
{
    t_seed(s);
    bw_forest_level(m, s, level, rep);
}

static int count(uint8_t t) { return bw_grid_count(g, t); }

static int is_branch(uint8_t t) { return t == BW_T_BRANCH || t == BW_T_MUSHROOM; }
static uint8_t at(int x, int y);

/* 1 if every tile of the level is in the list (terminated by 255). */
static int only(const uint8_t *list)
{
    bw_tileset ts;
    int i;
    bw_tileset_clear(&ts);
    for (; *list != 255; list++)
        bw_tileset_add(&ts, *list);
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (!BW_TILESET_HAS(&ts, g->cell[i]))
            return 0;
    return 1;
}

/* The grid's trunk squares are exactly the discs of the plan. */
static int trunks_match_plan(const bw_forest_plan *pl)
{
    int x, y, ok = 1;
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            ok &= (BW_AT(g, x, y) == BW_T_TRUNK) == (bw_forest_trunk_at(pl, x, y) != 0);
    return ok;
}

/* ------------------------------------------------------ the trunk plan */

/* 4-7 trunks of radius 4-6, centres at least 29 apart (the roots and gaps
 * of two trees never meet) and 14 from the edge. */
static void forest_plan_trunks_large_and_apart(void)
{
    bw_forest_plan pl;
    uint32_t s;
    int i, j, seen[8] = { 0 };
    FOR_SEEDS(s, 500) {
        t_seed(s);
        bw_forest_trunks(s, &pl);
        CHECK(pl.n >= BW_FOREST_MIN_TRUNKS && pl.n <= BW_FOREST_MAX_TRUNKS);
        seen[pl.n] = 1;
        for (i = 0; i < pl.n; i++) {
            CHECK(pl.r[i] >= BW_FOREST_TRUNK_R_MIN && pl.r[i] <= BW_FOREST_TRUNK_R_MAX);
            CHECK(pl.x[i] >= 14 && pl.y[i] >= 14 && pl.x[i] <= 105 && pl.y[i] <= 105);
            for (j = 0; j < i; j++)
                CHECK(bw_dist2(pl.x[i], pl.y[i], pl.x[j], pl.y[j]) >= 29 * 29);
        }
    }
    CHECK(seen[4] && seen[7]); /* the whole range occurs */
}

/* ------------------------------------------------------------- DLVL 5 */

/* forest.c's REACH2: the farthest square a tree's roots can take, (11, 8)
 * from its centre, over every ring, direction, length and width. */
#define ROOTS_REACH2 185

/* Trunks where the plan says; round each, the squares just outside the
 * trunk (4-neighbours of it) are at least two thirds roots, the rest the
 * ways in (grass or lichen); roots lie only within ROOTS_REACH2 of a
 * trunk's centre. */
static void forest_4_5_1_trunks_ringed_by_roots(void)
{
    bw_forest_plan pl;
    uint32_t s;
    int t, x, y, k;
    FOR_SEEDS(s, 500) {
        gen(s, 5, 0);
        bw_forest_trunks(s, &pl);
        CHECK(trunks_match_plan(&pl));
        for (t = 0; t < pl.n; t++) {
            int ring = 0, roots = 0, r = pl.r[t] + 1;
            for (y = pl.y[t] - r; y <= pl.y[t] + r; y++)
                for (x = pl.x[t] - r; x <= pl.x[t] + r; x++) {
                    int next = 0;
                    if (BW_AT(g, x, y) == BW_T_TRUNK)
                        continue;
                    for (k = 0; k < 4; k++)
                        next |= BW_AT(g, x + bw_dx4[k], y + bw_dy4[k]) == BW_T_TRUNK;
                    if (!next)
                        continue;
                    ring++;
                    roots += BW_AT(g, x, y) == BW_T_ROOTS;
                }
            CHECK(roots * 3 >= ring * 2);
            CHECK(roots < ring);
        }
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (BW_AT(g, x, y) == BW_T_ROOTS) {
                    int near = 0;
                    for (t = 0; t < pl.n; t++)
                        near |= bw_dist2(x, y, pl.x[t], pl.y[t]) <= ROOTS_REACH2;
                    CHECK(near);
                }
    }
}

/* One region of `connects` tiles, trunks included; the gaps join every
 * trunk by construction, so the fallback never runs. */
static void forest_4_5_2_open_space_connected(void)
{
    bw_forest_report rep;
    bw_tileset open;
    uint32_t s, fallbacks = 0;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        gen(s, 5, &rep);
        CHECK(bw_fill_connected(&m->fill, g, &open, &m->a)); /* trunks included */
        fallbacks += rep.fallbacks;
    }
    CHECK(fallbacks == 0);
}

/* The fallback, forced by the `closed` hook (those trunks get no gaps, so
 * the roots close them in): it opens each closed trunk with a cut 2 wide
 * straight up, as far as past the roots; the floor is one region again;
 * and the roots change only near the closed trunks (m->b, which DLVL 5 leaves
 * alone, holds the roots
 * of the level without the hook), so the cut crosses no other tree. Even
 * seeds close every trunk, odd seeds one. */
static void forest_4_5_2_fallback_cuts_straight_out(void)
{
    bw_forest_hooks h = { 0, 0, 0 };
    bw_forest_report rep;
    bw_forest_plan pl;
    bw_tileset open;
    uint32_t s;
    int t, x, y, k;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        int closed = 0;
        bw_forest_trunks(s, &pl);
        h.closed = (uint8_t)((s & 1u) ? 1u << (s / 2 % pl.n) : (1u << pl.n) - 1u);
        gen(s, 5, 0);
        bw_plane_clear(&m->b);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (BW_AT(g, x, y) == BW_T_ROOTS)
                    BW_PSET(&m->b, x, y);
        bw_forest_level_hooked(m, s, 5, &rep, &h);
        for (t = 0; t < pl.n; t++)
            closed += (h.closed >> t) & 1u;
        CHECK(rep.fallbacks == closed);
        CHECK(bw_fill_connected(&m->fill, g, &open, &m->a));
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                int near = 0;
                for (t = 0; t < pl.n; t++)
                    near |= ((h.closed >> t) & 1u) && bw_dist2(x, y, pl.x[t], pl.y[t]) <= 16 * 16;
                if (!near)
                    CHECK((BW_AT(g, x, y) == BW_T_ROOTS) == BW_PGET(&m->b, x, y));
            }
        for (t = 0; t < pl.n; t++) {
            int cx = pl.x[t], cy = pl.y[t], r = pl.r[t] + 2;
            if (!((h.closed >> t) & 1u))
                continue;
            /* the cut: columns cx and cx + 1, up to 14 above the centre */
            for (k = 0; k <= 14; k++)
                CHECK(BW_AT(g, cx, cy - k) != BW_T_ROOTS && BW_AT(g, cx + 1, cy - k) != BW_T_ROOTS);
            /* and no other way through the ring (at least 2 wide) */
            for (y = cy - r; y <= cy + r; y++)
                for (x = cx - r; x <= cx + r; x++)
                    if (bw_dist2(x, y, cx, cy) <= r * r + r && BW_AT(g, x, y) != BW_T_TRUNK &&
                        !(y < cy && (x == cx || x == cx + 1)))
                        CHECK(BW_AT(g, x, y) == BW_T_ROOTS);
        }
    }
}

/* Lichen on every floor, strewn: in at least 5 of the 9 squares of 40 x 40
 * on 90% of levels, and 2-20% of the passable ground. */
static void forest_4_5_3_lichen_strewn(void)
{
    uint32_t s, n = SEEDS(500), spread = 0;
    int x, y;
    FOR_SEEDS_N(s, n) {
        int lichen, pass, sq = 0, i;
        uint16_t in[9] = { 0 };
        gen(s, 5, 0);
        lichen = count(BW_T_LICHEN);
        pass = lichen + count(BW_T_GRASS);
        CHECK(lichen * 50 >= pass && lichen * 5 <= pass);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (BW_AT(g, x, y) == BW_T_LICHEN)
                    in[(y / 40) * 3 + x / 40]++;
        for (i = 0; i < 9; i++)
            sq += in[i] > 0;
        spread += sq >= 5;
    }
    CHECK(spread * 10 >= n * 9);
}

static void forest_4_5_4_other_spaces_grass(void)
{
    static const uint8_t ok[] = { BW_T_GRASS, BW_T_LICHEN, BW_T_ROOTS, BW_T_TRUNK, 255 };
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 5, 0);
        CHECK(only(ok));
        CHECK(count(BW_T_GRASS) * 10 > 120 * 120 * 6);
    }
}

/* ---------------------------------------------------------- DLVL 1-4 */

static void forest_4_1_trunks_replicated(void)
{
    bw_forest_plan pl;
    uint32_t s;
    int n;
    FOR_SEEDS(s, 500) {
        bw_forest_trunks(s, &pl);
        for (n = 1; n <= 4; n++) {
            gen(s, n, 0);
            CHECK(trunks_match_plan(&pl)); /* the same discs as DLVL 5's */
        }
    }
}

/* Marks every branch square of the replayed canopy in m->b (trees in
 * `mask`, bit per tree) and every leaf square in m->a, if asked. */
typedef struct mark_ctx {
    unsigned mask;
    int leaves;
} mark_ctx;

static int mark_b(int x, int y, void *c)
{
    (void)c;
    BW_PSET(&m->b, x, y);
    return 0;
}

static void mark_part(const bw_forest_part *p, void *vc)
{
    mark_ctx *c = (mark_ctx *)vc;
    int x, y;
    if (!((c->mask >> p->tree) & 1u))
        return;
    if (p->kind == BW_FOREST_BRANCH) {
        bw_forest_branch_cells(p, mark_b, 0);
    } else if (c->leaves) {
        for (y = p->y0; y <= p->y1; y++)
            for (x = p->x0; x <= p->x1; x++)
                if (x >= 0 && y >= 0 && x < 120 && y < 120)
                    BW_PSET(&m->a, x, y);
    }
}

static void mark_canopy(uint32_t s, int level, unsigned mask, int leaves)
{
    mark_ctx c;
    c.mask = mask;
    c.leaves = leaves;
    bw_plane_clear(&m->b);
    if (leaves)
        bw_plane_clear(&m->a);
    bw_forest_canopy(s, level, mark_part, &c);
}

typedef struct first_ctx {
    int16_t cx[BW_FOREST_MAX_TRUNKS], cy[BW_FOREST_MAX_TRUNKS];
    uint8_t first[BW_FOREST_MAX_TRUNKS];
    int bad;
} first_ctx;

static void first_part(const bw_forest_part *p, void *vc)
{
    first_ctx *c = (first_ctx *)vc;
    if (p->kind != BW_FOREST_BRANCH || p->gen != 0)
        return;
    c->first[p->tree]++;
    c->bad += p->x0 != c->cx[p->tree] || p->y0 != c->cy[p->tree] || p->width != BW_FOREST_WIDTH0 ||
              p->parent != 0xffff || p->len < BW_FOREST_LEN0_MIN || p->len > BW_FOREST_LEN0_MAX;
}

/* Each trunk grows 4-6 first branches from its centre (API); and the grid's
 * branch and mushroom squares are the replayed branches' squares off the
 * trunks (a mushroom top from below may cover one; a twig's end square
 * with no room for four leaves is cut back, to a vine tendril or to air,
 * at most one limb beside it, and a later leaf may take a tendril like
 * any vine square: under 1 square in 1,000; and a mushroom end in solid
 * wood may take one branch square next to its twig as a leaf: under 1 in
 * 20,000, about 1 in 57,000 measured, most at a stem's mushroom squeezed
 * between branches), and the stems of the mushrooms that missed them (rule 4.5): every
 * branch or mushroom square off the replay is joined, over such squares,
 * to a mushroom off the replay, and to a replayed branch, a trunk or a
 * top (stems_hold_mushrooms). */
/* With m->b holding the replayed branches: the branch and mushroom squares
 * off it (stems) are marked on the grid as two tiles the forest never uses
 * (this ends the grid's use), and floods over them, the tops and the
 * trunks (a top of the level below may land on a stem, a wood leaf split
 * it round a trunk) into m->b, from every stem mushroom and then from
 * every stem square beside a replayed branch, a trunk or a top (a top may
 * land where a stem met the wood; that the tops are joined to the trunks
 * is forest_4_8's), must each reach every stem square. */
static int stems_hold_mushrooms(void)
{
    bw_tileset stems;
    int i, pass, ok = 1;
    bw_tileset_clear(&stems);
    bw_tileset_add(&stems, BW_T_LAVA);       /* a stem's branch square */
    bw_tileset_add(&stems, BW_T_FIERY_PIT);  /* a stem's mushroom */
    bw_tileset_add(&stems, BW_T_MUSHROOM_TOP); /* (a top may land on a stem, */
    bw_tileset_add(&stems, BW_T_TRUNK);        /* a wood leaf split it round a trunk) */
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (is_branch(g->cell[i]) && !((m->b.w[i >> 5] >> (i & 31)) & 1u))
            g->cell[i] = g->cell[i] == BW_T_MUSHROOM ? BW_T_FIERY_PIT : BW_T_LAVA;
    for (pass = 0; pass < 2; pass++) {
        bw_plane_clear(&m->b);
        for (i = 0; i < BW_GRID_CELLS; i++) {
            int x = i % BW_GRID_MAX, y = i / BW_GRID_MAX, k, from = 0;
            if (g->cell[i] != BW_T_LAVA && g->cell[i] != BW_T_FIERY_PIT)
                continue;
            for (k = 0; k < 4 && pass == 1; k++) {
                uint8_t u = at(x + bw_dx4[k], y + bw_dy4[k]);
                from |= is_branch(u) || u == BW_T_TRUNK || u == BW_T_MUSHROOM_TOP;
            }
            if ((pass == 0 ? g->cell[i] == BW_T_FIERY_PIT : from) && !((m->b.w[i >> 5] >> (i & 31)) & 1u))
                bw_fill_flood(&m->fill, g, &stems, &m->b, x, y);
        }
        for (i = 0; i < BW_GRID_CELLS; i++)
            ok &= !(g->cell[i] == BW_T_LAVA || g->cell[i] == BW_T_FIERY_PIT) || ((m->b.w[i >> 5] >> (i & 31)) & 1u);
    }
    return ok;
}

static void forest_4_2_trunks_grow_four_or_more_branches(void)
{
    bw_forest_plan pl;
    first_ctx c;
    uint32_t s, squares = 0, tendrils = 0, wood = 0, stem = 0;
    int n, t, x, y;
    FOR_SEEDS(s, 500) {
        bw_forest_trunks(s, &pl);
        for (n = 1; n <= 4; n++) {
            gen(s, n, 0);
            for (t = 0; t < pl.n; t++) {
                c.cx[t] = pl.x[t];
                c.cy[t] = pl.y[t];
                c.first[t] = 0;
            }
            c.bad = 0;
            bw_forest_canopy(s, n, first_part, &c);
            CHECK(c.bad == 0);
            for (t = 0; t < pl.n; t++)
                CHECK(c.first[t] >= 4 && c.first[t] <= BW_FOREST_FIRST_MAX);
            mark_canopy(s, n, 0xff, 0);
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    uint8_t tl = BW_AT(g, x, y);
                    int k, limbs = 0;
                    squares += BW_PGET(&m->b, x, y);
                    if (is_branch(tl)) {
                        stem += !BW_PGET(&m->b, x, y);
                    } else if (BW_PGET(&m->b, x, y) && (tl == BW_T_VINE || tl == BW_T_LEAF || tl == BW_T_AIR)) {
                        for (k = 0; k < 4; k++) {
                            uint8_t u = at(x + bw_dx4[k], y + bw_dy4[k]);
                            limbs += is_branch(u) || u == BW_T_MUSHROOM_TOP || u == BW_T_TRUNK;
                        }
                        if (limbs > 1) { /* a leaf in solid wood, for a mushroom end */
                            CHECK(tl == BW_T_LEAF);
                            wood++;
                        } else {
                            tendrils++;
                        }
                    } else if (BW_PGET(&m->b, x, y)) {
                        CHECK(tl == BW_T_TRUNK || tl == BW_T_MUSHROOM_TOP);
                    }
                }
            CHECK(stems_hold_mushrooms());
        }
    }
    t_info("forest_stem_squares_per_level", stem / (SEEDS(500) * 3)); /* DLVL 2-4 */
    t_info("forest_tendrils_per_100000_branch_squares", (uint32_t)((uint64_t)tendrils * 100000 / squares));
    t_info("forest_wood_leaves", wood);
    CHECK(tendrils * 1000 < squares);
    CHECK(wood * 20000 < squares);
}

/* Follows the depth-first report with one open branch per generation:
 * a branch of generation g closes every open one of g or deeper. */
typedef struct tree_ctx {
    bw_forest_part open[BW_FOREST_GENERATIONS];
    uint8_t kids[BW_FOREST_GENERATIONS], leaves[BW_FOREST_GENERATIONS];
    uint8_t depth;         /* open branches */
    uint8_t max_gen;
    uint16_t per_tree[BW_FOREST_MAX_TRUNKS];
    int bad_fork, bad_child, bad_leaf, bad_rule, capped;
} tree_ctx;

typedef struct on_line { int x, y, hit; } on_line;

static int on_line_cell(int x, int y, void *vc)
{
    on_line *o = (on_line *)vc;
    o->hit |= x == o->x && y == o->y;
    return o->hit;
}

/* 1 if (x, y) is a square of the centre line of branch p. */
static int on_centre(const bw_forest_part *p, int x, int y)
{
    bw_forest_part c = *p;
    on_line o;
    c.width = 1;
    o.x = x;
    o.y = y;
    o.hit = 0;
    bw_forest_branch_cells(&c, on_line_cell, &o);
    return o.hit;
}

static void close_to(tree_ctx *c, int depth)
{
    while (c->depth > depth) {
        int d = --c->depth;
        const bw_forest_part *p = &c->open[d];
        if (p->terminal) /* rule 4.4 */
            c->bad_leaf += c->kids[d] != 0 || c->leaves[d] < 4 || c->leaves[d] > BW_FOREST_LEAVES_MAX;
        else /* rule 4.3 */
            c->bad_fork += c->leaves[d] != 0 || c->kids[d] < 4 || c->kids[d] > BW_FOREST_FAN_MAX;
    }
}

static void tree_part(const bw_forest_part *p, void *vc)
{
    tree_ctx *c = (tree_ctx *)vc;
    if (p->kind == BW_FOREST_BRANCH) {
        int small = p->width - 1 < BW_FOREST_MIN_WIDTH || p->len / 2 < BW_FOREST_MIN_LEN;
        close_to(c, p->gen);
        if (p->gen > 0) {
            const bw_forest_part *q = &c->open[p->gen - 1];
            c->kids[p->gen - 1]++;
            /* thinner, shorter (half to two thirds), from a square of the
             * parent's centre line */
            c->bad_child += c->depth != p->gen || p->parent != q->id || p->width != q->width - 1 ||
                            p->len >= q->len || p->len < q->len / 2 || !on_centre(q, p->x0, p->y0);
        }
        c->bad_rule += p->terminal != small || p->capped || p->gen >= BW_FOREST_GENERATIONS;
        c->capped += p->capped;
        c->max_gen = (uint8_t)bw_max(c->max_gen, p->gen);
        c->per_tree[p->tree]++;
        if (p->gen < BW_FOREST_GENERATIONS) {
            c->open[p->gen] = *p;
            c->kids[p->gen] = c->leaves[p->gen] = 0;
            c->depth = (uint8_t)(p->gen + 1);
        }
    } else {
        const bw_forest_part *q = &c->open[c->depth ? c->depth - 1 : 0];
        int w = p->x1 - p->x0 + 1, h = p->y1 - p->y0 + 1, k, next = 0;
        if (c->depth == 0) {
            c->bad_leaf++;
            return;
        }
        c->leaves[c->depth - 1]++;
        for (k = 0; k < 4; k++) {
            int nx = p->px + bw_dx4[k], ny = p->py + bw_dy4[k];
            next |= nx >= p->x0 && nx <= p->x1 && ny >= p->y0 && ny <= p->y1;
        }
        /* 1 x 1 to 2 x 4 either way, beside (not on) a twig square */
        c->bad_leaf += p->parent != q->id || !q->terminal || bw_min(w, h) < 1 || bw_min(w, h) > 2 ||
                       bw_max(w, h) > 4 || !next || !on_centre(q, p->px, p->py) ||
                       (p->px >= p->x0 && p->px <= p->x1 && p->py >= p->y0 && p->py <= p->y1);
    }
}

static void tree_walk(uint32_t s, int level, tree_ctx *c)
{
    int i;
    c->depth = c->max_gen = 0;
    c->bad_fork = c->bad_child = c->bad_leaf = c->bad_rule = c->capped = 0;
    for (i = 0; i < BW_FOREST_MAX_TRUNKS; i++)
        c->per_tree[i] = 0;
    bw_forest_canopy(s, level, tree_part, c);
    close_to(c, 0);
}

/* Every branch that may fork forks into 4-5 sub-branches one square
 * thinner and shorter, starting on it, and so on: each tree reaches the
 * third generation, and a branch is a twig exactly when its next
 * generation would be too small (width < 1 or length < 3). */
static void forest_4_3_branches_fork_thinner_shorter(void)
{
    tree_ctx c;
    uint32_t s;
    int n;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        for (n = 1; n <= 4; n++) {
            tree_walk(s, n, &c);
            CHECK(c.bad_fork == 0);
            CHECK(c.bad_child == 0);
            CHECK(c.bad_rule == 0);
            CHECK(c.max_gen == BW_FOREST_GENERATIONS - 1);
        }
    }
}

/* Every twig plans 4-6 leaves of 1 x 1 .. 2 x 4 right beside it (API);
 * the grid has leaves. (What the map shows per twig is
 * forest_4_4_every_twig_shows_four_leaves: planned leaves that no longer
 * fit give way to small ones, so the grid's leaves are not the plan's.) */
static void forest_4_4_twigs_bear_leaves(void)
{
    tree_ctx c;
    uint32_t s;
    int n;
    FOR_SEEDS(s, 500) {
        for (n = 1; n <= 4; n++) {
            t_seed(s);
            tree_walk(s, n, &c);
            CHECK(c.bad_leaf == 0);
            gen(s, n, 0);
            CHECK(count(BW_T_LEAF) > 0);
        }
    }
}

/* The cap (BW_FOREST_TREE_CAP per tree, the worst case) is never what
 * stops a branch, and no tree comes near it. */
static void forest_4_4_cap_never_reached(void)
{
    bw_forest_report rep;
    tree_ctx c;
    uint32_t s;
    int n, t, most = 0;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        for (n = 1; n <= 4; n++) {
            tree_walk(s, n, &c);
            CHECK(c.capped == 0);
            for (t = 0; t < BW_FOREST_MAX_TRUNKS; t++) {
                CHECK(c.per_tree[t] <= BW_FOREST_TREE_CAP);
                most = bw_max(most, c.per_tree[t]);
            }
        }
        gen(s, 1 + (int)(s % 4), &rep);
        CHECK(rep.capped == 0 && rep.branches > 0);
    }
    t_info("forest_most_branches_per_tree", (uint32_t)most);
}

/* Rule 4.5: any branch square may grow a mushroom. On DLVL 2-4 the grid's
 * mushrooms are exactly bw_forest_mushrooms' (drawn without a map), 10 to
 * BW_FOREST_SHOOTS_MAX a level; each stands on the wood (a branch,
 * mushroom, trunk or top beside it); and over the seeds they land on the
 * replayed branches of every generation, twigs included, a third or more
 * on a branch already (the rest on a stem grown out to them, measured
 * about half; stems_hold_mushrooms).
 * None on DLVL 1 and 5. */
typedef struct gen_ctx {
    int gen;
} gen_ctx;

static void gen_part(const bw_forest_part *p, void *vc)
{
    if (p->kind == BW_FOREST_BRANCH && p->gen == ((gen_ctx *)vc)->gen)
        bw_forest_branch_cells(p, mark_b, 0);
}

static void forest_4_5_any_branch_may_grow_a_mushroom(void)
{
    uint32_t s, n = SEEDS(500), on[BW_FOREST_GENERATIONS] = { 0 }, all = 0, on_any = 0;
    int lv, i, k, fewest = BW_FOREST_SHOOTS_MAX, most = 0;
    for (lv = 1; lv <= 5; lv++) {
        FOR_SEEDS_N(s, n) {
            int same = 1, wood = 1, gn;
            gen(s, lv, 0);
            k = count(BW_T_MUSHROOM);
            CHECK(bw_forest_mushrooms(s, lv, &m->a) == k);
            for (i = 0; i < BW_GRID_CELLS; i++)
                same &= ((m->a.w[i >> 5] >> (i & 31)) & 1u) == (g->cell[i] == BW_T_MUSHROOM);
            CHECK(same);
            if (lv == 1 || lv == 5) {
                CHECK(k == 0);
                continue;
            }
            CHECK(k >= 10 && k <= BW_FOREST_SHOOTS_MAX);
            fewest = k < fewest ? k : fewest;
            most = k > most ? k : most;
            for (i = 0; i < BW_GRID_CELLS; i++) {
                int x = i % BW_GRID_MAX, y = i / BW_GRID_MAX, d, w = 0;
                if (g->cell[i] != BW_T_MUSHROOM)
                    continue;
                for (d = 0; d < 4; d++) {
                    uint8_t u = at(x + bw_dx4[d], y + bw_dy4[d]);
                    w |= is_branch(u) || u == BW_T_TRUNK || u == BW_T_MUSHROOM_TOP;
                }
                wood &= w;
            }
            CHECK(wood);
            all += (uint32_t)k;
            for (gn = 0; gn < BW_FOREST_GENERATIONS; gn++) {
                gen_ctx c;
                c.gen = gn;
                bw_plane_clear(&m->b);
                bw_forest_canopy(s, lv, gen_part, &c);
                bw_plane_and(&m->b, &m->a);
                on[gn] += (uint32_t)bw_plane_count(&m->b);
                bw_plane_andnot(&m->a, &m->b); /* each mushroom counted once */
            }
            on_any += (uint32_t)(k - bw_plane_count(&m->a));
        }
    }
    for (i = 0; i < BW_FOREST_GENERATIONS; i++)
        CHECK(on[i] > 0);
    CHECK(on_any * 3 > all);
    t_info("forest_mushrooms_fewest", (uint32_t)fewest);
    t_info("forest_mushrooms_most", (uint32_t)most);
    t_info("forest_mushrooms_on_a_twig_per_1000", all ? on[BW_FOREST_GENERATIONS - 1] * 1000 / all : 0);
    t_info("forest_mushrooms_on_a_stem_per_1000", all ? (all - on_any) * 1000 / all : 0);
}

/* FNV-1a over the squares holding `t`, in row order: two sets of squares
 * are equal when their counts and these hashes are. */
static uint32_t squares_hash(uint8_t t, int *n)
{
    uint32_t h = BW_GRID_FNV1A_INIT;
    int i;
    *n = 0;
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (g->cell[i] == t) {
            uint8_t b[2];
            b[0] = (uint8_t)(i & 0xff);
            b[1] = (uint8_t)(i >> 8);
            h = bw_grid_fnv1a(h, b, 2);
            ++*n;
        }
    return h;
}

/* Rule 4.6: every mushroom on DLVL n + 1 has a mushroom top right above it on
 * DLVL n and every top a mushroom below it; none on DLVL 4 (nothing grows
 * mushrooms on DLVL 5), tops on nearly every level. */
static void forest_4_6_mushroom_tops_above_mushrooms(void)
{
    uint32_t s, n = SEEDS(500), with = 0;
    int lv, k1, k2;
    FOR_SEEDS_N(s, n) {
        for (lv = 1; lv <= 3; lv++) {
            uint32_t below, above;
            gen(s, lv + 1, 0);
            below = squares_hash(BW_T_MUSHROOM, &k1);
            gen(s, lv, 0);
            above = squares_hash(BW_T_MUSHROOM_TOP, &k2);
            CHECK(k1 == k2 && below == above);
            with += k2 > 0;
        }
        gen(s, 4, 0);
        CHECK(count(BW_T_MUSHROOM_TOP) == 0);
    }
    CHECK(with * 100 >= 3 * n * 95);
}

/* Rule 4.7: vine bridges on nearly every level and many of them (20+ on the
 * mean; measured 44). Every vine, through the on_vine hook: it joins the
 * tip of a twig of its tree t to a branch square of a tree drawn before,
 * within BW_FOREST_VINE_MAX and 2 or more squares on; its line is all
 * passable; and every vine square lies on one of the lines. The hook notes
 * the vines in the map's entity array, which the forest leaves alone (no
 * entities; checked), as its planes are its scratch and the test firmware
 * has no room for more on the 20 KiB board: 4 bytes each, the tip, the far
 * end from it (within 16 squares on each axis, checked as it is noted), t
 * and the checks passed (note_get unpacks one into 6 bytes). A level with
 * more vines than that holds (96; measured: at most 135) is generated
 * again for each further window of them. */
#define VINE_NOTES ((int)(sizeof m->ent / 4))
#define TIP_OK 1u          /* the end of a twig of tree t */
#define FAR_OK 2u          /* a branch square of a tree before t (tree t's
                              later branches may cover it too) */

typedef struct vine_ctx {
    int n, t;
    int from, in;          /* the window: vines from..from + in - 1 noted */
} vine_ctx;

static uint8_t *note(int i) { return (uint8_t *)m->ent + 4 * i; }

/* b: x0, y0, x1, y1, t, checks; a note: x0 | y0 << 7 | (x1 - x0 + 16) << 14
 * | (y1 - y0 + 16) << 20 | t << 26 | checks << 29. */
static void note_get(int i, uint8_t *b)
{
    const uint8_t *q = note(i);
    uint32_t v = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
    b[0] = (uint8_t)(v & 127u);
    b[1] = (uint8_t)((v >> 7) & 127u);
    b[2] = (uint8_t)(b[0] + ((v >> 14) & 63u) - 16u);
    b[3] = (uint8_t)(b[1] + ((v >> 20) & 63u) - 16u);
    b[4] = (uint8_t)((v >> 26) & 7u);
    b[5] = (uint8_t)(v >> 29);
}

static void note_set(int i, const uint8_t *b)
{
    uint8_t *q = note(i);
    uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 7 | (uint32_t)(b[2] - b[0] + 16) << 14 |
                 (uint32_t)(b[3] - b[1] + 16) << 20 | (uint32_t)b[4] << 26 | (uint32_t)b[5] << 29;
    q[0] = (uint8_t)v;
    q[1] = (uint8_t)(v >> 8);
    q[2] = (uint8_t)(v >> 16);
    q[3] = (uint8_t)(v >> 24);
}

static void note_vine(const bw_forest_vine *v, void *vc)
{
    vine_ctx *c = (vine_ctx *)vc;
    uint8_t b[6];
    int i = c->n++ - c->from;
    if (i < 0 || i >= VINE_NOTES)
        return;
    c->in = i + 1;
    CHECK(bw_abs(v->x1 - v->x0) <= BW_FOREST_VINE_MAX && bw_abs(v->y1 - v->y0) <= BW_FOREST_VINE_MAX);
    b[0] = v->x0;
    b[1] = v->y0;
    b[2] = v->x1;
    b[3] = v->y1;
    b[4] = v->t;
    b[5] = 0;
    note_set(i, b);
}

static int mark_a(int x, int y, void *c)
{
    (void)c;
    BW_PSET(&m->a, x, y);
    return 0;
}

/* Tree c->t's branch squares into m->a; the vines from its twig tips. */
static void own_part(const bw_forest_part *p, void *vc)
{
    vine_ctx *c = (vine_ctx *)vc;
    int i;
    if (p->kind != BW_FOREST_BRANCH || p->tree != c->t)
        return;
    bw_forest_branch_cells(p, mark_a, 0);
    if (p->terminal)
        for (i = 0; i < c->in; i++) {
            uint8_t b[6];
            note_get(i, b);
            if (b[4] == c->t && b[0] == p->x1 && b[1] == p->y1) {
                b[5] |= TIP_OK;
                note_set(i, b);
            }
        }
}

static void vine_line(const uint8_t *b, bw_forest_part *line)
{
    line->x0 = b[0];
    line->y0 = b[1];
    line->x1 = b[2];
    line->y1 = b[3];
    line->width = 1;
}

static void forest_4_7_vine_bridges_between_trees(void)
{
    bw_forest_hooks h;
    bw_forest_report rep;
    bw_forest_plan pl;
    vine_ctx c;
    uint32_t s, n = SEEDS(500), with = 0, total = 0;
    int lv, i, t, most = 0;
    h.on_vine = note_vine;
    h.ctx = &c;
    h.closed = 0;
    FOR_SEEDS_N(s, n) {
        bw_forest_trunks(s, &pl);
        for (lv = 1; lv <= 4; lv++)
            for (c.from = 0; c.from == 0 || c.from < c.n; c.from += VINE_NOTES) {
                c.n = c.in = 0;
                t_seed(s);
                bw_forest_level_hooked(m, s, lv, &rep, &h); /* the window's vines noted */
                REQUIRE(c.n == rep.vines && m->n_ent == 0);
                if (c.from == 0) {
                    most = bw_max(most, c.n);
                    with += rep.vines > 0;
                    total += rep.vines;
                }
                for (i = 0; i < c.in; i++) {
                    uint8_t b[6];
                    note_get(i, b);
                    CHECK(bw_dist2(b[0], b[1], b[2], b[3]) <= BW_FOREST_VINE_MAX * BW_FOREST_VINE_MAX);
                    CHECK(bw_manhattan(b[0], b[1], b[2], b[3]) >= 2);
                    CHECK(b[4] < pl.n);
                }
                /* whose branches the ends are on: one tree at a time in m->a */
                for (t = 0; t < pl.n; t++) {
                    bw_plane_clear(&m->a);
                    c.t = t;
                    bw_forest_canopy(s, lv, own_part, &c);
                    for (i = 0; i < c.in; i++) {
                        uint8_t b[6];
                        note_get(i, b);
                        if (b[4] > t && BW_PGET(&m->a, b[2], b[3])) {
                            b[5] |= FAR_OK;
                            note_set(i, b);
                        }
                    }
                }
                for (i = 0; i < c.in; i++) {
                    uint8_t b[6];
                    note_get(i, b);
                    CHECK(b[5] == (TIP_OK | FAR_OK));
                }
                /* the lines: all passable (the bridges that join every tree
                 * and the vines from mushroom tops come on top of these, not
                 * through the hook) */
                bw_plane_clear(&m->a);
                for (i = 0; i < c.in; i++) {
                    bw_forest_part line;
                    uint8_t b[6];
                    note_get(i, b);
                    vine_line(b, &line);
                    bw_forest_branch_cells(&line, mark_a, 0);
                }
                for (i = 0; i < BW_GRID_CELLS; i++)
                    if ((m->a.w[i >> 5] >> (i & 31)) & 1u)
                        CHECK(bw_tile_passable(g->cell[i]));
            }
    }
    CHECK(with * 100 >= 4 * n * 97); /* measured: 99.8% of 4,000 levels */
    CHECK(total >= 4 * n * 20);
    t_info("forest_vines_per_level_x10", total * 10 / (4 * n));
    t_info("forest_most_vines_on_a_level", (uint32_t)most);
}

/* Rule 4.8: on DLVL 1-4 a flood from the trunks alone reaches every open
 * square but mushroom tops hanging in the air. So a passable region with
 * no trunk is made of mushroom tops only, each leading down (BW_DOWN) to
 * its mushroom, which is on a branch joined the same way on the level
 * below (rule 4.6), down to DLVL 4, which has no tops; everything else is open
 * air. (Tops are not flooded from: a canopy piece cut off from its trunk
 * fails even where a top lands on it.) */
static void forest_4_8_every_region_reaches_trunk_or_top(void)
{
    static const uint8_t ok[] = { BW_T_AIR, BW_T_TRUNK, BW_T_BRANCH, BW_T_LEAF, BW_T_MUSHROOM,
                                  BW_T_MUSHROOM_TOP, BW_T_VINE, 255 };
    bw_forest_plan pl;
    bw_tileset open;
    uint32_t s, tops = 0, aloft = 0;
    int lv, t, i;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        bw_forest_trunks(s, &pl);
        for (lv = 1; lv <= 4; lv++) {
            gen(s, lv, 0);
            CHECK(only(ok));
            CHECK(count(BW_T_AIR) * 10 >= 120 * 120 * 3);
            bw_plane_clear(&m->a);
            for (t = 0; t < pl.n; t++)
                bw_fill_flood(&m->fill, g, &open, &m->a, pl.x[t], pl.y[t]);
            for (i = 0; i < BW_GRID_CELLS; i++) {
                int reached = (m->a.w[i >> 5] >> (i & 31)) & 1u;
                if (g->cell[i] != BW_T_AIR && !reached)
                    CHECK(g->cell[i] == BW_T_MUSHROOM_TOP);
                tops += g->cell[i] == BW_T_MUSHROOM_TOP;
                aloft += g->cell[i] == BW_T_MUSHROOM_TOP && !reached;
            }
        }
    }
    t_info("forest_tops_in_the_air_percent", tops ? aloft * 100 / tops : 0);
}

/* ------------------------------------------- the canopy as a player sees it */

static int canopy_limb(uint8_t t) /* branch-like: what a twig is made of */
{
    return t == BW_T_BRANCH || t == BW_T_MUSHROOM || t == BW_T_MUSHROOM_TOP;
}

static uint8_t at(int x, int y)
{
    return x >= 0 && y >= 0 && x < 120 && y < 120 ? BW_AT(g, x, y) : BW_T_AIR;
}

/* The first cell (in row order) of the leaf group (4-connected leaf
 * squares) holding (x, y): its name. Groups larger than LEAF_GROUP_MAX
 * count as one, named by the least cell seen. */
#define LEAF_GROUP_MAX 64
static int leaf_group(int x, int y)
{
    uint16_t q[LEAF_GROUP_MAX];
    int n = 0, i, k, best = y * 120 + x;
    q[n++] = (uint16_t)best;
    for (i = 0; i < n; i++) {
        int cx = q[i] % 120, cy = q[i] / 120;
        for (k = 0; k < 4; k++) {
            int nx = cx + bw_dx4[k], ny = cy + bw_dy4[k], c = ny * 120 + nx, j, seen = 0;
            if (at(nx, ny) != BW_T_LEAF)
                continue;
            for (j = 0; j < n; j++)
                seen |= q[j] == c;
            if (!seen && n < LEAF_GROUP_MAX) {
                q[n++] = (uint16_t)c;
                best = bw_min(best, c);
            }
        }
    }
    return best;
}

/* Rule 4.4 on the finished map. A twig's end is a branch or mushroom square
 * with exactly one 4-neighbour that is branch, mushroom, mushroom top or
 * trunk: the free tip of a thin branch (twigs are the one-wide branches).
 * Its leaves are the leaf groups (4-connected leaf squares) touching a
 * square of the twig within TWIG_REACH steps of the tip along
 * branch-like squares. Each end shows at least four distinct groups; a
 * group is one leaf, so two leaves that touch or repeat count once. */
#define TWIG_REACH 4
/* The ends of the level in the grid and their leaves: not inlined, so its
 * walk is not on the stack while a level is generated (the 20 KiB board). */
typedef struct twig_count {
    uint32_t ends, short4, none;
} twig_count;

__attribute__((noinline)) static void count_twig_ends(twig_count *c, int lv)
{
    int x, y;
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++) {
            uint16_t q[64], names[32];
            uint8_t d[64];
            int k, nb = 0, nq = 0, nn = 0, i;
            uint8_t t = BW_AT(g, x, y);
            if (t != BW_T_BRANCH && t != BW_T_MUSHROOM)
                continue;
            for (k = 0; k < 4; k++) {
                uint8_t u = at(x + bw_dx4[k], y + bw_dy4[k]);
                nb += canopy_limb(u) || u == BW_T_TRUNK;
            }
            if (nb != 1)
                continue;
            c->ends++;
            q[nq] = (uint16_t)(y * 120 + x);
            d[nq++] = 0;
            for (i = 0; i < nq; i++) {
                int cx = q[i] % 120, cy = q[i] / 120;
                for (k = 0; k < 4; k++) {
                    int nx = cx + bw_dx4[k], ny = cy + bw_dy4[k], j, seen = 0;
                    uint8_t u = at(nx, ny);
                    if (u == BW_T_LEAF) {
                        int name = leaf_group(nx, ny);
                        for (j = 0; j < nn; j++)
                            seen |= names[j] == name;
                        if (!seen && nn < 32)
                            names[nn++] = (uint16_t)name;
                    } else if (canopy_limb(u) && d[i] < TWIG_REACH) {
                        for (j = 0; j < nq; j++)
                            seen |= q[j] == ny * 120 + nx;
                        if (!seen && nq < 64) {
                            q[nq] = (uint16_t)(ny * 120 + nx);
                            d[nq++] = (uint8_t)(d[i] + 1);
                        }
                    }
                }
            }
            c->short4 += nn < 4;
            c->none += nn == 0;
            if (nn < 4 && c->short4 <= 3) {
                t_print("  twig end at ");
                t_print_u((uint32_t)x);
                t_print(",");
                t_print_u((uint32_t)y);
                t_print(" level ");
                t_print_u((uint32_t)lv);
                t_print("\n");
            }
        }
}

static void forest_4_4_every_twig_shows_four_leaves(void)
{
    twig_count c;
    uint32_t s, n = SEEDS(300), ends, short4, none;
    int lv;
    c.ends = c.short4 = c.none = 0;
    FOR_SEEDS_N(s, n)
        for (lv = 1; lv <= 5; lv++) {
            gen(s, lv, 0);
            count_twig_ends(&c, lv);
        }
    ends = c.ends;
    short4 = c.short4;
    none = c.none;
    t_info("forest_twig_ends", ends);
    t_info("forest_twig_ends_under_4_leaves", short4);
    t_info("forest_twig_ends_no_leaf", none);
    CHECK(ends > n * 4 * 50);
    /* Measured over seeds 0-299: 12.5% of ends under four before the
     * leaf pass was redone, 51 of 214,000 with forest v3 (mushroom ends,
     * squares behind a tendril, ends on a top or a trunk), none now. */
    CHECK(short4 == 0);
    CHECK(none == 0);
}

/* Trunk centres from the grid: the middle of each trunk's bounding box. */
static int grid_trunks(int *cx, int *cy)
{
    bw_tileset tr;
    int n = 0, x = 0, y = 0, i;
    bw_tileset_clear(&tr);
    bw_tileset_add(&tr, BW_T_TRUNK);
    bw_plane_clear(&m->a);
    while (n < BW_FOREST_MAX_TRUNKS && bw_fill_region_next(&m->fill, g, &tr, &m->a, &x, &y) > 0) {
        /* a disc: its first cell is the left end of its top row; the
         * centre is below the middle of that row by half its height */
        int h = 0, w = 0;
        while (at(x + w, y) == BW_T_TRUNK)
            w++;
        while (at(x + w / 2, y + h) == BW_T_TRUNK)
            h++;
        cx[n] = x + w / 2;
        cy[n] = y + h / 2;
        n++;
        (void)i;
    }
    return n;
}

/* The tree whose trunk centre is nearest (ties to the first). */
static int nearest_tree(const int *cx, const int *cy, int n, int x, int y)
{
    int t, best = 0;
    for (t = 1; t < n; t++)
        if (bw_dist2(x, y, cx[t], cy[t]) < bw_dist2(x, y, cx[best], cy[best]))
            best = t;
    return best;
}

/* Rule 4.7 on the finished map. A tree's canopy is what a flood from its trunk
 * reaches over trunk, branch, mushroom and mushroom-top squares (no vines,
 * no leaves); its side is the squares nearer its trunk than any other.
 * Tree t is joined by vines to tree u when one group of 4-connected vine
 * squares touches a square of t's canopy on t's side and one of u's canopy
 * on u's side. On every canopy level every tree is joined to another. And
 * no vine starts in a trunk: every end of a vine line (a vine square with
 * at most one vine 4-neighbour) touches a branch, mushroom, leaf or top. */
static void forest_4_7_every_tree_joined_by_vines(void)
{
    bw_tileset limb, vine;
    uint32_t s, n = SEEDS(300), trees = 0, alone = 0, bad_ends = 0, longest = 0;
    int lv, x, y, i, t, u;
    bw_tileset_clear(&limb);
    bw_tileset_add(&limb, BW_T_TRUNK);
    bw_tileset_add(&limb, BW_T_BRANCH);
    bw_tileset_add(&limb, BW_T_MUSHROOM);
    bw_tileset_add(&limb, BW_T_MUSHROOM_TOP);
    bw_tileset_clear(&vine);
    bw_tileset_add(&vine, BW_T_VINE);
    FOR_SEEDS_N(s, n)
        for (lv = 1; lv <= 4; lv++) {
            int cx[BW_FOREST_MAX_TRUNKS], cy[BW_FOREST_MAX_TRUNKS], nt;
            gen(s, lv, 0);
            nt = grid_trunks(cx, cy);
            REQUIRE(nt >= BW_FOREST_MIN_TRUNKS);
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    int vn = 0, ok = 0, k;
                    if (BW_AT(g, x, y) != BW_T_VINE)
                        continue;
                    for (k = 0; k < 4; k++) {
                        uint8_t w = at(x + bw_dx4[k], y + bw_dy4[k]);
                        vn += w == BW_T_VINE;
                        ok |= w == BW_T_BRANCH || w == BW_T_MUSHROOM || w == BW_T_LEAF || w == BW_T_MUSHROOM_TOP;
                    }
                    if (vn <= 1 && !ok) {
                        bad_ends++;
                        if (bad_ends <= 3) {
                            t_print("  vine end off the canopy at ");
                            t_print_u((uint32_t)x);
                            t_print(",");
                            t_print_u((uint32_t)y);
                            t_print("\n");
                        }
                    }
                }
            for (t = 0; t < nt; t++) {
                int joined = 0;
                /* the vine groups touching t's canopy on its side, in m->b */
                bw_plane_clear(&m->a);
                bw_fill_flood(&m->fill, g, &limb, &m->a, cx[t], cy[t]);
                bw_plane_clear(&m->b);
                for (y = 0; y < 120; y++)
                    for (x = 0; x < 120; x++) {
                        int k;
                        if (BW_AT(g, x, y) != BW_T_VINE || BW_PGET(&m->b, x, y))
                            continue;
                        for (k = 0; k < 4; k++) {
                            int nx = x + bw_dx4[k], ny = y + bw_dy4[k];
                            if (nx >= 0 && ny >= 0 && nx < 120 && ny < 120 && BW_PGET(&m->a, nx, ny) &&
                                nearest_tree(cx, cy, nt, nx, ny) == t) {
                                bw_fill_flood(&m->fill, g, &vine, &m->b, x, y);
                                break;
                            }
                        }
                    }
                for (u = 0; u < nt && !joined; u++) {
                    if (u == t)
                        continue;
                    bw_plane_clear(&m->a);
                    bw_fill_flood(&m->fill, g, &limb, &m->a, cx[u], cy[u]);
                    for (i = 0; i < BW_GRID_CELLS && !joined; i++) {
                        int k;
                        x = i % BW_GRID_MAX;
                        y = i / BW_GRID_MAX;
                        if (x >= 120 || !((m->b.w[i >> 5] >> (i & 31)) & 1u))
                            continue;
                        for (k = 0; k < 4; k++) {
                            int nx = x + bw_dx4[k], ny = y + bw_dy4[k];
                            if (nx >= 0 && ny >= 0 && nx < 120 && ny < 120 && BW_PGET(&m->a, nx, ny) &&
                                nearest_tree(cx, cy, nt, nx, ny) == u)
                                joined = 1;
                        }
                    }
                }
                trees++;
                alone += !joined;
            }
            (void)longest;
        }
    t_info("forest_tree_levels", trees);
    t_info("forest_trees_without_vine_bridge", alone);
    t_info("forest_vine_ends_off_canopy", bad_ends);
    CHECK(alone == 0);
    CHECK(bad_ends == 0);
}

/* Rule 4.6 on the finished map: every mushroom top joins the canopy of its
 * level (a flood from the trunks over passable squares reaches it), so a
 * player climbing a mushroom comes out on the tree above, never onto a
 * square of air. (Rule: a top the canopy does not reach grows a vine to
 * the nearest square it does reach; see forest.h.) */
static void forest_4_6_mushroom_tops_join_the_canopy(void)
{
    bw_forest_plan pl;
    bw_tileset open;
    uint32_t s, n = SEEDS(300), tops = 0, aloft = 0, worst = 0;
    int lv, t, i;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS_N(s, n) {
        bw_forest_trunks(s, &pl);
        for (lv = 1; lv <= 5; lv++) {
            uint32_t here = 0;
            int cx[BW_FOREST_MAX_TRUNKS], cy[BW_FOREST_MAX_TRUNKS], nt;
            gen(s, lv, 0);
            nt = grid_trunks(cx, cy);
            bw_plane_clear(&m->a);
            for (t = 0; t < nt; t++)
                bw_fill_flood(&m->fill, g, &open, &m->a, cx[t], cy[t]);
            for (i = 0; i < BW_GRID_CELLS; i++)
                if (g->cell[i] == BW_T_MUSHROOM_TOP) {
                    tops++;
                    here += !((m->a.w[i >> 5] >> (i & 31)) & 1u);
                }
            aloft += here;
            worst = bw_max(worst, here);
        }
    }
    t_info("forest_tops", tops);
    t_info("forest_tops_aloft", aloft);
    t_info("forest_tops_aloft_most_on_a_level", worst);
    CHECK(tops > n);
    CHECK(aloft == 0);
}

/* World rule 2 (docs/tiles.md) and rule 4.8: the links. A trunk is the same disc on all
 * five levels (rule 4.1) and is the way up and down; the tile table's single
 * `link` column says "up" for it (documented). Mushrooms lead up, mushroom
 * tops down (the top end of the mushroom's ladder: a top may hang in the
 * air, rule 4.8), both passable; air and roots are closed. The only down links
 * are the tops of DLVL 1-3. */
static void forest_links_trunk_and_mushroom_tiles(void)
{
    bw_forest_plan pl;
    uint32_t s;
    CHECK(bw_tile_link(BW_T_TRUNK) == 1 && bw_tile_passable(BW_T_TRUNK));
    CHECK(bw_tile_link(BW_T_MUSHROOM) == 1 && bw_tile_passable(BW_T_MUSHROOM));
    CHECK(bw_tile_link(BW_T_MUSHROOM_TOP) == -1 && bw_tile_passable(BW_T_MUSHROOM_TOP));
    CHECK(!bw_tile_connects(BW_T_AIR) && !bw_tile_connects(BW_T_ROOTS));
    FOR_SEEDS(s, 100) {
        int lv;
        bw_forest_trunks(s, &pl);
        for (lv = 1; lv <= 5; lv++) {
            int x, y, up = 0, down = 0;
            gen(s, lv, 0);
            CHECK(trunks_match_plan(&pl));
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    uint8_t tl = BW_AT(g, x, y);
                    int l = bw_tile_link(tl);
                    if (l < 0)
                        CHECK(tl == BW_T_MUSHROOM_TOP && lv <= 3);
                    up += l > 0;
                    down += l < 0;
                }
            CHECK(up > 0);
            CHECK(down == count(BW_T_MUSHROOM_TOP));
        }
    }
}

/* Every tile the forest draws has a colour of its own (ANSI and PNG), so
 * no two can be mistaken in a picture, even in --level all's stack. */
static void forest_tiles_have_colours_of_their_own(void)
{
    static const uint8_t t[] = { BW_T_GRASS, BW_T_LICHEN, BW_T_ROOTS, BW_T_TRUNK, BW_T_AIR,
                                 BW_T_BRANCH, BW_T_LEAF, BW_T_MUSHROOM, BW_T_MUSHROOM_TOP,
                                 BW_T_VINE };
    unsigned i, j;
    for (i = 0; i < sizeof t; i++)
        for (j = 0; j < i; j++)
            CHECK(bw_tiles[t[i]].colour != bw_tiles[t[j]].colour);
}

/* Fixed memory: level n alone (after the map, planes included, held
 * garbage) hashes the same as level n generated after all the others, in
 * either order. (m->b is scratch since the canopy keeps its limbs there.) */
static void forest_level_alone_equals_level_in_sequence(void)
{
    t_levels_alone_equal_in_sequence(m, "forest", SEEDS(100));
}

static void forest_registry_and_range(void)
{
    const bw_generator *gn = bw_generator_find("forest");
    REQUIRE(gn != 0);
    CHECK(gn->id == BW_GEN_FOREST && gn->w == 120 && gn->h == 120 && gn->levels == 5);
    CHECK(gn->generate(m, 1, 0, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 6, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 3, 0) == 0);
    CHECK(g->w == 120 && g->h == 120);
    CHECK(bw_forest_mushrooms(1, 1, &m->b) == 0 && bw_forest_mushrooms(1, 5, &m->b) == 0);
}

static void forest_golden(void)
{
    gen(1, 1, 0);
    t_golden("forest_seed1_level1", bw_grid_hash(g), 0xdf42fbd4u);
    gen(1, 2, 0);
    t_golden("forest_seed1_level2", bw_grid_hash(g), 0x3087dd20u);
    gen(1, 3, 0);
    t_golden("forest_seed1_level3", bw_grid_hash(g), 0xc535f76bu);
    gen(1, 4, 0);
    t_golden("forest_seed1_level4", bw_grid_hash(g), 0xa80142b8u);
    gen(1, 5, 0);
    t_golden("forest_seed1_level5", bw_grid_hash(g), 0x57d70a27u);
}

/* Ten seeds x five levels in one hash: the same on every platform. */
static void forest_golden_ten_seeds(void)
{
    uint32_t s, h = BW_GRID_FNV1A_INIT;
    int n;
    for (s = 0; s < 10; s++)
        for (n = 1; n <= BW_FOREST_LEVELS; n++) {
            gen(s, n, 0);
            h = t_fold(h, bw_grid_hash(g));
        }
    t_golden("forest_seeds0to9_all_levels", h, 0xa29f6053u);
}

void suite_forest(void)
{
    RUN(forest_plan_trunks_large_and_apart);
    RUN(forest_4_5_1_trunks_ringed_by_roots);
    RUN(forest_4_5_2_open_space_connected);
    RUN(forest_4_5_2_fallback_cuts_straight_out);
    RUN(forest_4_5_3_lichen_strewn);
    RUN(forest_4_5_4_other_spaces_grass);
    RUN(forest_4_1_trunks_replicated);
    RUN(forest_4_2_trunks_grow_four_or_more_branches);
    RUN(forest_4_3_branches_fork_thinner_shorter);
    RUN(forest_4_4_twigs_bear_leaves);
    RUN(forest_4_4_cap_never_reached);
    RUN(forest_4_5_any_branch_may_grow_a_mushroom);
    RUN(forest_4_6_mushroom_tops_above_mushrooms);
    RUN(forest_4_7_vine_bridges_between_trees);
    RUN(forest_4_8_every_region_reaches_trunk_or_top);
    RUN(forest_4_4_every_twig_shows_four_leaves);
    RUN(forest_4_7_every_tree_joined_by_vines);
    RUN(forest_4_6_mushroom_tops_join_the_canopy);
    RUN(forest_links_trunk_and_mushroom_tiles);
    RUN(forest_tiles_have_colours_of_their_own);
    RUN(forest_level_alone_equals_level_in_sequence);
    RUN(forest_registry_and_range);
    RUN(forest_golden);
    RUN(forest_golden_ten_seeds);
}
