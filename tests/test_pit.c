/* PUT_PIT (docs/blocks.md), include/burrow/pit.h: each rule over hundreds
 * of random plans. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;

/* A random plan of up to three pits, avoiding a second random plan. */
static void plan_for(uint32_t s, bw_pit_plan *p, bw_pit_plan *avoid)
{
    bw_rng r;
    bw_rng_stream(&r, s, 0x7069u, 1, 0);
    bw_pit_place(avoid, &r, bw_rng_range(&r, 0, 3), 0, 0, 120, 120);
    bw_pit_place(p, &r, 3, avoid, 32, 120, 120);
    p->tile = BW_T_PIT;
    avoid->tile = BW_T_PIT;
}

static void pit_seeds_at_least_40_apart(void)
{
    bw_pit_plan p, a;
    uint32_t s;
    int i, j, m0 = BW_PIT_REACH + 2;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        CHECK(p.n >= 1 && p.n <= BW_PIT_MAX);
        for (i = 0; i < p.n; i++) {
            CHECK(p.x[i] >= m0 && p.x[i] <= 119 - m0 && p.y[i] >= m0 && p.y[i] <= 119 - m0);
            CHECK(p.dir[i] < 8 && p.r[i] >= BW_PIT_R_MIN && p.r[i] <= BW_PIT_R_MAX);
            for (j = 0; j < i; j++)
                CHECK(bw_dist2(p.x[i], p.y[i], p.x[j], p.y[j]) >= 40 * 40);
            for (j = 0; j < a.n; j++)
                CHECK(bw_dist2(p.x[i], p.y[i], a.x[j], a.y[j]) >= 32 * 32);
        }
    }
}

/* The lattice fallback: three seeds to avoid by 46 always leave a corner. */
static void pit_place_always_finds_a_seed(void)
{
    bw_pit_plan p, a;
    bw_rng r;
    uint32_t s;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        bw_rng_stream(&r, s, 0x7069u, 2, 0);
        bw_pit_place(&a, &r, 3, 0, 0, 120, 120);
        bw_pit_place(&p, &r, 1, &a, 46, 120, 120);
        CHECK(p.n == 1);
    }
}

static void fresh(uint8_t tile)
{
    bw_map_init(m, 120, 120, tile);
}

/* Half moon: the seed grows into a crescent of down slopes whose open,
 * concave side faces dir: the cell just behind the seed is slope, the cell
 * just ahead of it is not, and every slope lies within r of the seed. */
static void pit_half_moon_is_down_slopes(void)
{
    bw_pit_plan p, a;
    uint32_t s;
    int k, x, y;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        for (k = 0; k < p.n; k++) {
            int sx = p.x[k], sy = p.y[k], d = p.dir[k], n = 0;
            fresh(BW_T_DIRT);
            bw_pit_render_traced(&m->grid, &p, k, BW_PIT_STAGE_MOON, &m->a, 0, 0);
            CHECK(BW_AT(&m->grid, sx, sy) == BW_T_DOWN_SLOPE);
            CHECK(bw_pit_in_half_moon(&p, k, sx - bw_dx8[d], sy - bw_dy8[d]));
            CHECK(!bw_pit_in_half_moon(&p, k, sx + bw_dx8[d], sy + bw_dy8[d]));
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++)
                    if (BW_AT(&m->grid, x, y) == BW_T_DOWN_SLOPE) {
                        n++;
                        CHECK(bw_dist2(x, y, sx, sy) <= p.r[k] * p.r[k] + p.r[k]);
                        CHECK(bw_pit_in_half_moon(&p, k, x, y));
                    }
            CHECK(n >= 2 * p.r[k] + 1); /* at least a bar across */
        }
    }
}

/* Walks lay pits on the open side of the crescent, never over slopes, and
 * whatever was there before does not matter (pits go over anything). The
 * walks head away from the crescent: over 1,500 pits at least 83% of each
 * pit's cells (99% of all) lie ahead of the seed along the opening
 * direction; required: 75% of each pit, 97% of all. Goals anywhere along
 * the axis give 5% / 65%, goals on the seed's row 30% / 84%, goals at most
 * r ahead 44% / 96%. Where the walks start: the next test. */
static void pit_walks_from_open_side_never_over_slopes(void)
{
    bw_pit_plan p, a;
    uint32_t s;
    int32_t all = 0, all_ahead = 0;
    int k, x, y;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        for (k = 0; k < p.n; k++) {
            int sx = p.x[k], sy = p.y[k], d = p.dir[k];
            int pits = 0, slopes = 0, ahead = 0;
            fresh(BW_T_DIRT);
            bw_pit_render_traced(&m->grid, &p, k, BW_PIT_STAGE_WALK, &m->a, 0, 0);
            for (y = 1; y < 119; y++)
                for (x = 1; x < 119; x++) {
                    uint8_t t = BW_AT(&m->grid, x, y);
                    if (t == BW_T_DOWN_SLOPE) {
                        slopes++;
                        CHECK(bw_pit_in_half_moon(&p, k, x, y));
                    } else if (t == BW_T_PIT) {
                        pits++;
                        CHECK(bw_chebyshev(x, y, sx, sy) <= BW_PIT_WALK_BOX);
                        ahead += (x - sx) * bw_dx8[d] + (y - sy) * bw_dy8[d] > 0;
                    }
                }
            CHECK(pits > 0);
            CHECK(ahead * 4 >= pits * 3);
            all += pits;
            all_ahead += ahead;
            /* every half-moon cell is still a slope */
            for (y = sy - 5; y <= sy + 5; y++)
                for (x = sx - 5; x <= sx + 5; x++)
                    if (bw_pit_in_half_moon(&p, k, x, y))
                        slopes--;
            CHECK(slopes == 0);
        }
    }
    CHECK(all_ahead * 100 >= all * 97);
    t_info("pit_cells_ahead_permille", (uint32_t)(all_ahead * 1000 / all));
}

/* The walks of one pit, from the trace. */
typedef struct walks_seen {
    const bw_pit_plan *p;
    int k, n, bad_start, not_next, behind;
    int x[BW_PIT_WALKS_MAX], y[BW_PIT_WALKS_MAX];
} walks_seen;

/* PUT_PIT, working out from the open side of the crescent: each
 * walk's first cell is off the half moon, the cell behind it (against the
 * opening direction) is in it, and it lies ahead of the seed; the walk
 * lays a pit there. */
static void on_walk(void *ctx, int i, int x, int y, int gx, int gy)
{
    walks_seen *v = (walks_seen *)ctx;
    int k = v->k, d = v->p->dir[k];
    (void)gx;
    (void)gy;
    v->bad_start += i != v->n || i >= BW_PIT_WALKS_MAX;
    if (i < BW_PIT_WALKS_MAX) {
        v->x[i] = x;
        v->y[i] = y;
    }
    v->n++;
    v->bad_start += bw_pit_in_half_moon(v->p, k, x, y);
    v->not_next += !bw_pit_in_half_moon(v->p, k, x - bw_dx8[d], y - bw_dy8[d]);
    v->behind += (x - v->p->x[k]) * bw_dx8[d] + (y - v->p->y[k]) * bw_dy8[d] <= 0;
}

static void pit_walks_start_next_to_crescent_on_open_side(void)
{
    bw_pit_plan p, a;
    walks_seen v;
    uint32_t s;
    int i, walks = 0, diag5 = 0;
    FOR_SEEDS(s, 1000) {
        t_seed(s);
        plan_for(s, &p, &a);
        v.p = &p;
        for (v.k = 0; v.k < p.n; v.k++) {
            v.n = v.bad_start = v.not_next = v.behind = 0;
            fresh(BW_T_DIRT);
            bw_pit_render_traced(&m->grid, &p, v.k, BW_PIT_STAGE_WALK, &m->a, on_walk, &v);
            CHECK(v.n >= BW_PIT_WALKS_MIN && v.n <= BW_PIT_WALKS_MAX);
            CHECK(v.bad_start == 0);
            CHECK(v.not_next == 0);
            CHECK(v.behind == 0);
            for (i = 0; i < v.n && i < BW_PIT_WALKS_MAX; i++)
                CHECK(BW_AT(&m->grid, v.x[i], v.y[i]) == BW_T_PIT);
            walks += v.n;
            diag5 += p.r[v.k] == BW_PIT_R_MAX && (p.dir[v.k] & 1);
        }
    }
    CHECK(diag5 > 0); /* diagonal crescents of the largest radius are seen */
    t_info("pit_walks_traced", (uint32_t)walks);
}

/* Hash of pit k's box, one symbol per cell: slope, pit, crumbling dirt,
 * anything else (for Z + 0); or up slope, stone, anything else (Z + 1). */
static uint32_t box_hash(const bw_pit_plan *p, int k, int below)
{
    int x, y, x0, y0, x1, y1;
    uint32_t h = BW_GRID_FNV1A_INIT;
    bw_pit_box(p, k, &x0, &y0, &x1, &y1);
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            uint8_t t = BW_AT(&m->grid, x, y), c;
            if (below)
                c = t == BW_T_UP_SLOPE ? 1 : t == BW_T_STONE ? 2 : 0;
            else
                c = t == BW_T_DOWN_SLOPE ? 1 : (t == p->tile || t == BW_T_CRUMBLE_DIRT) ? 2 : 0;
            h = bw_grid_fnv1a(h, &c, 1);
        }
    return h;
}

/* The pit is a pure function of the plan: the same on dirt, rock, or a
 * random jumble of tiles (with no pit, crumbling dirt or slope in it). */
static void pit_shape_independent_of_background(void)
{
    static const uint8_t jumble[] = { BW_T_ROCK, BW_T_DIRT, BW_T_STONE, BW_T_BWALL,
                                      BW_T_RUBBLE, BW_T_DEEP, BW_T_WOOD, BW_T_LAVA };
    bw_pit_plan p, a;
    bw_rng r;
    uint32_t s, h0;
    int k, i;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        for (k = 0; k < p.n; k++) {
            fresh(BW_T_DIRT);
            bw_pit_render(&m->grid, &p, k, &m->a);
            h0 = box_hash(&p, k, 0);
            fresh(BW_T_ROCK);
            bw_pit_render(&m->grid, &p, k, &m->a);
            CHECK(box_hash(&p, k, 0) == h0);
            bw_rng_seed(&r, s + 1);
            for (i = 0; i < BW_GRID_CELLS; i++)
                m->grid.cell[i] = jumble[bw_rng_below(&r, sizeof jumble)];
            bw_pit_render(&m->grid, &p, k, &m->a);
            CHECK(box_hash(&p, k, 0) == h0);
        }
    }
}

/* Smoothing is one generation of life (survive 2-8, birth 5-8) over
 * the walked pit; a pit tile that dies is crumbling dirt. Then no tongue
 * of ground reaches into the pit: every cell but a slope with 5 or more
 * pit neighbours is pit, and again round those (the least such closure,
 * which is one whatever the order). Recomputed here from the walk stage,
 * cell by cell. */
static void pit_fecund_smoothing_dead_pits_crumble(void)
{
    bw_pit_plan p, a;
    uint32_t s;
    int k, x, y, x0, y0, x1, y1, died = 0, filled = 0, more;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        for (k = 0; k < p.n; k++) {
            fresh(BW_T_DIRT);
            bw_pit_render_traced(&m->grid, &p, k, BW_PIT_STAGE_WALK, &m->a, 0, 0);
            bw_plane_clear(&m->b); /* m->b: the walked pit */
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++)
                    if (BW_AT(&m->grid, x, y) == BW_T_PIT)
                        BW_PSET(&m->b, x, y);
            fresh(BW_T_DIRT);
            bw_pit_render(&m->grid, &p, k, &m->a);
            bw_pit_box(&p, k, &x0, &y0, &x1, &y1);
            bw_plane_clear(&m->a); /* m->a: the smoothed pit, then closed */
            for (y = y0; y <= y1; y++)
                for (x = x0; x <= x1; x++) {
                    int n = 0, dx, dy, alive = bw_plane_get(&m->b, x, y);
                    for (dy = -1; dy <= 1; dy++)
                        for (dx = -1; dx <= 1; dx++)
                            if (dx || dy)
                                n += bw_plane_get(&m->b, x + dx, y + dy);
                    if (!bw_pit_in_half_moon(&p, k, x, y) &&
                        (alive ? n >= BW_PIT_SURVIVE_MIN && n <= BW_PIT_SURVIVE_MAX
                               : n >= BW_PIT_BIRTH_MIN && n <= BW_PIT_BIRTH_MAX))
                        BW_PSET(&m->a, x, y);
                }
            do {
                more = 0;
                for (y = y0; y <= y1; y++)
                    for (x = x0; x <= x1; x++) {
                        int n = 0, dx, dy;
                        if (bw_plane_get(&m->a, x, y) || bw_pit_in_half_moon(&p, k, x, y))
                            continue;
                        for (dy = -1; dy <= 1; dy++)
                            for (dx = -1; dx <= 1; dx++)
                                if (dx || dy)
                                    n += bw_plane_get(&m->a, x + dx, y + dy);
                        if (n >= 5) {
                            BW_PSET(&m->a, x, y);
                            more = 1;
                            filled += !bw_plane_get(&m->b, x, y);
                        }
                    }
            } while (more);
            for (y = y0; y <= y1; y++)
                for (x = x0; x <= x1; x++) {
                    uint8_t want, t = BW_AT(&m->grid, x, y);
                    if (bw_pit_in_half_moon(&p, k, x, y))
                        want = BW_T_DOWN_SLOPE;
                    else if (bw_plane_get(&m->a, x, y))
                        want = BW_T_PIT;
                    else
                        want = bw_plane_get(&m->b, x, y) ? BW_T_CRUMBLE_DIRT : BW_T_DIRT;
                    died += t == BW_T_CRUMBLE_DIRT;
                    CHECK(t == want);
                }
        }
    }
    CHECK(died > 0 && filled > 0); /* the rules are exercised */
}

/* Z + 1: up slopes exactly under the down slopes, stone floor exactly under
 * every tile that was ever a pit (pit or crumbling dirt), nothing else. */
static void pit_mirrored_below_as_stone_and_up_slopes(void)
{
    bw_pit_plan p, a;
    uint32_t s, h[BW_PIT_MAX];
    int k;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        fresh(BW_T_DIRT);
        bw_pit_put(&m->grid, &p, &m->a);
        for (k = 0; k < p.n; k++)
            h[k] = box_hash(&p, k, 0);
        fresh(BW_T_ROCK);
        bw_pit_put_below(&m->grid, &p, BW_T_STONE, &m->a);
        for (k = 0; k < p.n; k++)
            CHECK(box_hash(&p, k, 1) == h[k]);
        CHECK(bw_grid_count(&m->grid, BW_T_PIT) == 0);
        CHECK(bw_grid_count(&m->grid, BW_T_DOWN_SLOPE) == 0);
        CHECK(bw_grid_count(&m->grid, BW_T_CRUMBLE_DIRT) == 0);
    }
}

/* Nothing a pit writes lies outside its box. */
static void pit_stays_within_reach(void)
{
    bw_pit_plan p, a;
    uint32_t s;
    int k, x, y;
    FOR_SEEDS(s, 500) {
        t_seed(s);
        plan_for(s, &p, &a);
        p.tile = s & 1 ? BW_T_FIERY_PIT : BW_T_PIT;
        fresh(BW_T_DIRT);
        bw_pit_put(&m->grid, &p, &m->a);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (BW_AT(&m->grid, x, y) != BW_T_DIRT) {
                    int near = 0;
                    for (k = 0; k < p.n; k++)
                        near |= bw_chebyshev(x, y, p.x[k], p.y[k]) <= BW_PIT_REACH;
                    CHECK(near);
                }
        CHECK(bw_grid_count(&m->grid, p.tile) > 0);
    }
}

static void pit_golden(void)
{
    bw_pit_plan p, a;
    plan_for(7, &p, &a);
    fresh(BW_T_DIRT);
    bw_pit_put(&m->grid, &p, &m->a);
    t_golden("pit_put_seed7", bw_grid_hash(&m->grid), 0xc75530c5u);
    fresh(BW_T_ROCK);
    bw_pit_put_below(&m->grid, &p, BW_T_STONE, &m->a);
    t_golden("pit_below_seed7", bw_grid_hash(&m->grid), 0xda39c135u);
}

void suite_pit(void)
{
    RUN(pit_seeds_at_least_40_apart);
    RUN(pit_place_always_finds_a_seed);
    RUN(pit_half_moon_is_down_slopes);
    RUN(pit_walks_from_open_side_never_over_slopes);
    RUN(pit_walks_start_next_to_crescent_on_open_side);
    RUN(pit_shape_independent_of_background);
    RUN(pit_fecund_smoothing_dead_pits_crumble);
    RUN(pit_mirrored_below_as_stone_and_up_slopes);
    RUN(pit_stays_within_reach);
    RUN(pit_golden);
}
