/* Robustness: every public entry point that checks its
 * arguments checks them before it computes with them, so the extreme ints
 * come back as "out of range" and not as signed overflow (which the
 * sanitizer build, make test-san, stops on); NULL where a header allows it. */
#include <limits.h>
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;

/* The ints that break `level - 1`, `x - x0`, `-level` and friends. */
static const int extreme[] = { INT_MIN, INT_MIN + 1, -1000000, -2, -1, 0, 100, 1000000, INT_MAX - 1, INT_MAX };
#define N_EXTREME ((int)(sizeof extreme / sizeof extreme[0]))

/* A NULL name is no generator. */
static void robust_find_generator_null(void)
{
    CHECK(bw_generator_find(0) == 0);
    CHECK(bw_generator_find("") == 0);
    CHECK(bw_generator_find("mines") == &bw_generators[0]);
}

/* Every generator through the registry, levels out of range. */
static void robust_generate_rejects_extreme_levels(void)
{
    bw_opts o = { 0 };
    int i, k;
    for (i = 0; i < bw_generator_count; i++) {
        const bw_generator *gn = &bw_generators[i];
        t_seed((uint32_t)i);
        for (k = 0; k < N_EXTREME; k++)
            if (extreme[k] < 1 || extreme[k] > gn->levels)
                CHECK(gn->generate(m, 7, extreme[k], &o) < 0);
        CHECK(gn->generate(m, 7, gn->levels + 1, &o) < 0);
        CHECK(gn->generate(m, 7, gn->levels, 0) == 0); /* o may be NULL: the defaults */
    }
}

/* The options a generator reads, at the extremes: -1 for the
 * ones out of range, never overflow. */
static void robust_generate_rejects_extreme_options(void)
{
    bw_opts o = { 0 };
    int k;
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        o.layout = v;
        CHECK(((bw_mdungeon_generate(m, 3, 1, &o)) == 0) == (v >= 0 && v <= BW_MDUNGEON_LAYOUTS));
        o.layout = 0;
        o.x = v;
        CHECK(((bw_overworld_generate(m, 3, 1, &o)) == 0) == (v >= -BW_OVERWORLD_WORLD && v <= BW_OVERWORLD_WORLD));
        o.y = v;
        o.x = 0;
        CHECK(((bw_overworld_generate(m, 3, 1, &o)) == 0) == (v >= -BW_OVERWORLD_WORLD && v <= BW_OVERWORLD_WORLD));
        o.y = 0;
    }
}

/* The generators' other public functions that take a level, a
 * place or an index and say what they do out of range. One test a
 * generator, each with its own state on the stack, as small as the boards
 * need. */
static void robust_morlock_render_takes_extreme_levels(void)
{
    bw_morlock_plan plan;
    int k;
    for (k = 0; k < N_EXTREME; k++)
        if (extreme[k] < 1 || extreme[k] > BW_MORLOCK_LEVELS)
            CHECK(bw_morlock_level(m, 1, extreme[k], 0, &plan) < 0);
}

static void robust_crypts_take_extreme_levels(void)
{
    bw_crypts_info ci;
    bw_crypts_stairs cs;
    int k;
    for (k = 0; k < N_EXTREME; k++) {
        if (extreme[k] < 1 || extreme[k] > BW_CRYPTS_LEVELS)
            CHECK(bw_crypts_level(m, 1, extreme[k], &ci) < 0);
        bw_crypts_plan(1, extreme[k], &cs); /* any level: the stairs as far as 1..5 go */
    }
}

static void robust_mdungeon_takes_extreme_ints(void)
{
    bw_mdungeon_params mp;
    bw_mdungeon_info mi;
    int k, x, y;
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        t_seed((uint32_t)k);
        bw_mdungeon_defaults(&mp, v, 0);
        CHECK(((bw_mdungeon_floor(m, 1, &mp, &mi)) == 0) == (v >= 1 && v <= 99));
        bw_mdungeon_defaults(&mp, 1, v);
        CHECK(((bw_mdungeon_floor(m, 1, &mp, &mi)) == 0) == (v >= 0 && v <= BW_MDUNGEON_LAYOUTS));
        REQUIRE(bw_mdungeon_floor(m, 1 + (uint32_t)k, &mp, &mi) <= 0);
        bw_mdungeon_defaults(&mp, 1, 0);
        REQUIRE(bw_mdungeon_floor(m, 1, &mp, &mi) == 0);
        CHECK(bw_mdungeon_room(&mi, v, &x, &y, &x, &y) == 0 || (v >= 0 && v < mi.gx * mi.gy));
        CHECK(bw_mdungeon_entity_name(v) != 0);
    }
}

static void count_parts(const bw_forest_part *p, void *ctx)
{
    (void)p;
    (*(int *)ctx)++;
}

static void robust_abyss_forest_mines_take_extreme_ints(void)
{
    bw_pit_plan above, own;
    bw_plane *pl = &m->b;
    int k, j, x, y, parts;
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        t_seed((uint32_t)k);
        if (v < 1 || v > 5) {
            CHECK(bw_abyss_level(m, 1, v, 0) < 0);
            CHECK(bw_forest_level(m, 1, v, 0) < 0);
        }
        if (v < 1 || v > 4) {
            CHECK(bw_abyss_pit(1, v, &x, &y) < 0);
            CHECK(bw_forest_mushrooms(1, v, pl) == 0 && bw_plane_count(pl) == 0);
            parts = 0;
            bw_forest_canopy(m, 1, v, count_parts, &parts);
            CHECK(parts == 0);
        }
        for (j = 0; j < N_EXTREME; j++) {
            int w = extreme[j];
            if (v < 1 || v > 4 || w < 0 || w >= BW_ABYSS_SPOTS)
                CHECK(bw_abyss_spot(1, v, w, &x, &y) < 0);
            CHECK(bw_mines_steam(1, 5, v, w) == 0 || (v >= 0 && v < BW_MINES_W && w >= 0 && w < BW_MINES_H));
        }
        bw_mines_pits(1, v, &above, &own); /* any level: the plans as far as 1..5 go */
        CHECK(bw_plane_get(pl, v, v) == 0 || (v >= 0 && v < BW_GRID_MAX));
        CHECK(bw_grid_get(&m->grid, v, 0, 200) == 200 || (v >= 0 && v < m->grid.w));
    }
}

/* The world's pieces read a place outside the world as its edge: no
 * overflow on |x| + |y|, and the same answers as at the edge. */
static void robust_overworld_place_functions_take_extreme_ints(void)
{
    int k, j, w = BW_OVERWORLD_WORLD;
    for (k = 0; k < N_EXTREME; k++) {
        for (j = 0; j < N_EXTREME; j++) {
            int x = extreme[k], y = extreme[j];
            int ex = x < -w ? -w : x > w ? w : x, ey = y < -w ? -w : y > w ? w : y;
            t_seed((uint32_t)(k * N_EXTREME + j));
            CHECK(bw_overworld_pivots(x, y) == bw_overworld_pivots(ex, ey));
            CHECK(bw_overworld_building_chance(x, y) == bw_overworld_building_chance(ex, ey));
            CHECK(bw_overworld_building_chance(x, y) >= 1000);
        }
    }
}

static void robust_overworld_gates_take_extreme_ints(void)
{
    int k, j;
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        t_seed((uint32_t)k);
        for (j = 0; j < N_EXTREME; j++)
            if (v < -BW_OVERWORLD_WORLD || v > BW_OVERWORLD_WORLD)
                CHECK(bw_overworld_gate(1, v, extreme[j], 0) == -1 && bw_overworld_gate(1, extreme[j], v, 3) < 0);
        CHECK(bw_overworld_gate(1, 0, 0, v) == -1 || (v >= 0 && v <= 3));
        CHECK(bw_overworld_cost(v, BW_T_OW_SHORT) >= 0 && bw_overworld_cost(0, v) >= 0);
    }
}

/* The overworld's distance map, player and trainer extremes. */
static void robust_overworld_distance_takes_extreme_ints(void)
{
    uint16_t (*d)[BW_OVERWORLD_W] = arena.ow.dist[0]; /* in the map's unused rows */
    int k;
    REQUIRE(bw_overworld_generate(m, 4, 1, 0) == 0);
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        t_seed((uint32_t)k);
        if (v < 0 || v >= BW_OVERWORLD_W)
            CHECK(bw_overworld_distance(m, v, 5, BW_OVERWORLD_HIKER, d) < 0);
        if (v < 0 || v >= BW_OVERWORLD_H)
            CHECK(bw_overworld_distance(m, 5, v, BW_OVERWORLD_HIKER, d) < 0);
        if (v != BW_OVERWORLD_HIKER && v != BW_OVERWORLD_RIVAL)
            CHECK(bw_overworld_distance(m, 5, 5, v, d) < 0);
    }
}

/* Regeneration's level, epoch and player at the extremes. */
static void robust_abyss_regenerate_takes_extreme_ints(void)
{
    int k;
    REQUIRE(bw_abyss_level(m, 2, 2, 0) == 0);
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        t_seed((uint32_t)k);
        if (v < 1 || v > 5)
            CHECK(bw_abyss_regenerate(m, 2, v, 1, 60, 60, BW_ABYSS_KEEP, 0) < 0);
        if (v < 0 || v >= BW_ABYSS_SIZE) {
            CHECK(bw_abyss_regenerate(m, 2, 2, 1, v, 60, BW_ABYSS_KEEP, 0) < 0);
            CHECK(bw_abyss_regenerate(m, 2, 2, 1, 60, v, BW_ABYSS_KEEP, 0) < 0);
        }
    }
    CHECK(bw_abyss_regenerate(m, 2, 2, 0, 60, 60, BW_ABYSS_KEEP, 0) < 0);
    CHECK(bw_abyss_regenerate(m, 2, 2, 0xffffffffu, 60, 60, BW_ABYSS_KEEP, 0) >= 0);
}

/* ---- the core and the blocks: ints at the extremes of their domains ---- */

/* bw_grid_rect clips: the width of [60, INT_MIN] is not worked out as
 * x1 - x0 + 1 (a signed overflow that filled about 2 GB past the grid);
 * an empty or far-off rectangle writes nothing, a huge one the map. */
static void robust_grid_rect_clips_int_min(void)
{
    bw_grid *g = &m->grid;
    bw_grid_init(g, BW_GRID_MAX, BW_GRID_MAX, BW_T_ROCK);
    bw_grid_rect(g, 60, 0, INT_MIN, 0, BW_T_DIRT);
    bw_grid_rect(g, INT_MAX, 0, INT_MAX, INT_MAX, BW_T_DIRT);
    bw_grid_rect(g, INT_MIN, INT_MIN, INT_MIN, INT_MIN, BW_T_DIRT);
    bw_grid_rect(g, 0, INT_MAX, INT_MAX, INT_MIN, BW_T_DIRT);
    CHECK(bw_grid_count(g, BW_T_DIRT) == 0);
    bw_grid_rect(g, INT_MIN, 5, INT_MAX, 5, BW_T_DIRT);
    CHECK(bw_grid_count(g, BW_T_DIRT) == BW_GRID_MAX);
    bw_grid_rect(g, INT_MIN, INT_MIN, INT_MAX, INT_MAX, BW_T_STONE);
    CHECK(bw_grid_count(g, BW_T_STONE) == BW_GRID_CELLS);
}

/* A row span is clipped to the map like a rectangle; a row off the map
 * changes nothing. */
static void robust_grid_span_replace_clips(void)
{
    bw_grid *g = &m->grid;
    bw_grid_init(g, BW_GRID_MAX, BW_GRID_MAX, BW_T_ROCK);
    CHECK(bw_grid_span_replace(g, 0, BW_GRID_MAX - 1, -1, BW_T_ROCK, BW_T_DIRT) == 0);
    CHECK(bw_grid_span_replace(g, 0, BW_GRID_MAX - 1, INT_MAX, BW_T_ROCK, BW_T_DIRT) == 0);
    CHECK(bw_grid_span_replace(g, 0, BW_GRID_MAX - 1, INT_MIN, BW_T_ROCK, BW_T_DIRT) == 0);
    CHECK(bw_grid_span_replace(g, INT_MAX, INT_MIN, 3, BW_T_ROCK, BW_T_DIRT) == 0);
    CHECK(bw_grid_count(g, BW_T_DIRT) == 0);
    CHECK(bw_grid_span_replace(g, INT_MIN, INT_MAX, 3, BW_T_ROCK, BW_T_DIRT) == BW_GRID_MAX);
    CHECK(bw_grid_span_replace(g, -5, 6, 4, BW_T_ROCK, BW_T_DIRT) == 7);
    CHECK(bw_grid_count(g, BW_T_DIRT) == BW_GRID_MAX + 7);
}

/* The ids that are no tile: past the table, and below 0. */
static const int unknown_tile[] = { BW_TILE_COUNT, 100, 127, 128, 255, 256, -1, -128, INT_MIN, INT_MAX };
#define N_UNKNOWN ((int)(sizeof unknown_tile / sizeof unknown_tile[0]))

/* An unknown tile id answers as a closed tile that links nowhere
 * (tile.h), read from no table. */
static void robust_tile_queries_answer_closed_for_unknown_ids(void)
{
    int k;
    for (k = 0; k < N_UNKNOWN; k++) {
        int t = unknown_tile[k];
        t_seed((uint32_t)k);
        CHECK(bw_tile_cost(t) == 0);
        CHECK(bw_tile_connects(t) == 0);
        CHECK(bw_tile_passable(t) == 0);
        CHECK(bw_tile_link(t) == 0);
    }
    CHECK(bw_tile_cost(BW_T_BOULDER) == 6 && bw_tile_link(BW_T_PIT) == -1);
}

/* Adding an unknown id to a tile set adds nothing (-1 wrote below the
 * set, 100 a bit no tile has). */
static void robust_tileset_add_ignores_unknown_ids(void)
{
    bw_tileset ts;
    int k;
    bw_tileset_clear(&ts);
    for (k = 0; k < N_UNKNOWN; k++)
        bw_tileset_add(&ts, unknown_tile[k]);
    CHECK(ts.w[0] == 0 && ts.w[1] == 0 && ts.w[2] == 0 && ts.w[3] == 0);
    bw_tileset_add(&ts, BW_TILE_COUNT - 1);
    CHECK(BW_TILESET_HAS(&ts, BW_TILE_COUNT - 1));
}

/* A bomb cannot hit a tile that does not exist. */
static void robust_bomb_can_hit_spares_unknown_ids(void)
{
    bw_bomb_params bp;
    int k;
    bw_bomb_defaults(&bp);
    for (k = 0; k < N_UNKNOWN; k++)
        CHECK(bw_bomb_can_hit(&bp, unknown_tile[k]) == 0);
    CHECK(bw_bomb_can_hit(&bp, BW_T_ROCK) == 1);
}

/* World rule 1's squared distance saturates at INT32_MAX where it does
 * not fit (65,535^2 x 2 overflowed), and the other two distances at
 * INT_MAX; below that they are exact. */
static void robust_geom_distances_saturate(void)
{
    CHECK(bw_dist2(-32768, -32768, 32767, 32767) == INT32_MAX);
    CHECK(bw_dist2(INT_MIN, INT_MIN, INT_MAX, INT_MAX) == INT32_MAX);
    CHECK(bw_dist2(INT_MAX, 0, INT_MIN, 0) == INT32_MAX);
    CHECK(bw_dist2(0, 0, 46341, 0) == INT32_MAX);
    CHECK(bw_dist2(0, 0, 46340, 0) == (int32_t)46340 * 46340);
    CHECK(bw_dist2(0, 0, -32767, 32767) == (int32_t)32767 * 32767 * 2);
    CHECK(bw_dist2(0, 0, 32768, 32768) == INT32_MAX);
    CHECK(bw_dist2(5, 7, 5, 7) == 0);
    CHECK(bw_manhattan(INT_MIN, INT_MIN, INT_MAX, INT_MAX) == INT_MAX);
    CHECK(bw_manhattan(-32768, -32768, 32767, 32767) == 131070);
    CHECK(bw_manhattan(INT_MAX, 0, INT_MAX - 3, -4) == 7);
    CHECK(bw_chebyshev(INT_MIN, 0, INT_MAX, 0) == INT_MAX);
    CHECK(bw_chebyshev(0, INT_MIN, 0, -1) == INT_MAX);
    CHECK(bw_chebyshev(-32768, 5, 32767, 9) == 65535);
}

/* bw_abs of INT_MIN, whose negation is no int, is INT_MAX; bw_sat16 and
 * bw_rect_make saturate at the int16 range. */
static void robust_abs_and_rect_make_saturate(void)
{
    bw_rect r;
    CHECK(bw_abs(INT_MIN) == INT_MAX && bw_abs(INT_MIN + 1) == INT_MAX);
    CHECK(bw_abs(-7) == 7 && bw_abs(7) == 7 && bw_abs(0) == 0);
    CHECK(bw_sat16(INT_MIN) == -32768 && bw_sat16(-32769) == -32768 && bw_sat16(-32768) == -32768);
    CHECK(bw_sat16(INT_MAX) == 32767 && bw_sat16(32768) == 32767 && bw_sat16(32767) == 32767);
    CHECK(bw_sat16(-5) == -5 && bw_sat16(0) == 0 && bw_sat16(1234) == 1234);
    r = bw_rect_make(INT_MAX, INT_MIN, INT_MIN, 40000);
    CHECK(r.x0 == -32768 && r.x1 == 32767 && r.y0 == -32768 && r.y1 == 32767);
    r = bw_rect_make(3, 9, -2, 1);
    CHECK(r.x0 == -2 && r.x1 == 3 && r.y0 == 1 && r.y1 == 9);
}

/* bw_rect_inflate saturates each side at the int16 range of bw_rect. */
static void robust_rect_inflate_saturates(void)
{
    bw_rect r = bw_rect_make(0, 0, 10, 10), o;
    o = bw_rect_inflate(r, INT_MAX);
    CHECK(o.x0 == -32768 && o.y0 == -32768 && o.x1 == 32767 && o.y1 == 32767);
    o = bw_rect_inflate(r, INT_MIN);
    CHECK(o.x0 == 32767 && o.y0 == 32767 && o.x1 == -32768 && o.y1 == -32768);
    o = bw_rect_inflate(bw_rect_make(-32768, -32768, 32767, 32767), 1);
    CHECK(o.x0 == -32768 && o.y0 == -32768 && o.x1 == 32767 && o.y1 == 32767);
    o = bw_rect_inflate(r, -3);
    CHECK(o.x0 == 3 && o.y0 == 3 && o.x1 == 7 && o.y1 == 7);
}

/* A line's ends are read as clamped to the int16 range: no overflow in
 * |x1 - x0| or in the error term, and the line drawn is the one between
 * the clamped ends, each cell once. */
static int line_count(int x, int y, void *ctx)
{
    int *c = ctx;
    if (c[0] == 0) {
        c[1] = x;
        c[2] = y;
    }
    c[0]++;
    c[3] = x;
    c[4] = y;
    return 0;
}

static int line_first(int x, int y, void *ctx)
{
    int *c = ctx;
    c[0] = x;
    c[1] = y;
    return 1;
}

static void robust_line_clamps_ends_to_int16(void)
{
    int c[5] = { 0, 0, 0, 0, 0 };
    CHECK(bw_line(INT_MIN, INT_MAX, INT_MAX, INT_MIN, line_first, c) == 1);
    CHECK(c[0] == -32768 && c[1] == 32767);
    CHECK(bw_line(INT_MAX, 3, INT_MIN, 3, line_first, c) == 1);
    CHECK(c[0] == 32767 && c[1] == 3);
    c[0] = 0;
    CHECK(bw_line(INT_MIN, 0, INT_MAX, 0, line_count, c) == 0);
    CHECK(c[0] == 65536 && c[1] == -32768 && c[3] == 32767 && c[2] == 0 && c[4] == 0);
    c[0] = 0;
    CHECK(bw_line(-32768, -32768, 32767, 32767, line_count, c) == 0);
    CHECK(c[0] == 65536 && c[3] == 32767 && c[4] == 32767);
}

/* A walk's ends and size are int16 (bw_walk); beyond, they saturate
 * instead of overflowing bw_chebyshev and the step budget. */
static void robust_walk_start_saturates(void)
{
    bw_walk k;
    bw_walk_start(&k, INT_MIN, INT_MAX, INT_MAX, INT_MIN, INT_MAX, INT_MIN);
    CHECK(k.x == -32768 && k.y == 32767 && k.gx == 32767 && k.gy == -32768);
    CHECK(k.w == 32767 && k.h == -32768);
    CHECK(k.budget == (uint16_t)(BW_WALK_PATIENCE * (65535 + 4)));
    bw_walk_start(&k, 3, 4, 10, 4, 120, 120);
    CHECK(k.budget == BW_WALK_PATIENCE * (7 + 4) && k.steps == 0);
}

/* A rubble patch far off the map, at any int, is the patch from any other
 * start as far off that side: CENTER is kept on the map either way. */
static void robust_rubble_put_at_takes_far_starts(void)
{
    static const int far[][4] = { /* start, and another as far off */
        { INT_MAX, INT_MAX, 2000, 5000 }, { INT_MIN, INT_MIN, -2000, -30000 },
        { INT_MAX, 40, 40000, 40 }, { 40, INT_MIN, 40, -40000 }
    };
    bw_grid *g = &m->grid;
    bw_rubble_params p;
    bw_rubble_log a, b;
    bw_rng r;
    int k, i, na, nb;
    uint32_t ha;
    bw_rubble_defaults(&p);
    for (k = 0; k < 4; k++) {
        t_seed((uint32_t)k);
        bw_grid_init(g, BW_GRID_MAX, BW_GRID_MAX, BW_T_DIRT);
        bw_rng_seed(&r, 11 + (uint32_t)k);
        na = bw_rubble_put_at(g, &r, &p, far[k][0], far[k][1], &a);
        ha = bw_grid_hash(g);
        bw_grid_init(g, BW_GRID_MAX, BW_GRID_MAX, BW_T_DIRT);
        bw_rng_seed(&r, 11 + (uint32_t)k);
        nb = bw_rubble_put_at(g, &r, &p, far[k][2], far[k][3], &b);
        CHECK(na > 0 && na == nb && ha == bw_grid_hash(g) && a.n == b.n);
        for (i = 0; i < a.n; i++)
            CHECK(a.c[i].cx == b.c[i].cx && a.c[i].cy == b.c[i].cy &&
                  a.c[i].cx >= 0 && a.c[i].cx < BW_GRID_MAX && a.c[i].cy >= 0 && a.c[i].cy < BW_GRID_MAX);
    }
}

/* bw_pit_place: any map size, pit count and distance; the seeds always
 * on the map with their margin, a size beyond the grid read as the grid,
 * a negative distance as 0 and a huge one as "nowhere". */
static void robust_pit_place_takes_extreme_ints(void)
{
    bw_pit_plan p, q, avoid;
    bw_rng r;
    int k, j, i, mg = BW_PIT_REACH + 2;
    bw_rng_seed(&r, 5);
    REQUIRE(bw_pit_place(&avoid, &r, 1, 0, 0, BW_GRID_MAX, BW_GRID_MAX) == 1);
    for (k = 0; k < N_EXTREME; k++) {
        int v = extreme[k];
        for (j = 0; j < N_EXTREME; j++) {
            int u = extreme[j];
            int w = bw_clamp(v, 1, BW_GRID_MAX), h = bw_clamp(u, 1, BW_GRID_MAX);
            t_seed((uint32_t)(k * N_EXTREME + j));
            bw_rng_seed(&r, 1 + (uint32_t)j);
            bw_pit_place(&p, &r, u, &avoid, v, v, u);
            CHECK(p.n <= BW_PIT_MAX && (u > 0 || p.n == 0));
            for (i = 0; i < p.n; i++)
                CHECK(p.x[i] >= mg && p.x[i] <= w - 1 - mg && p.y[i] >= mg && p.y[i] <= h - 1 - mg);
        }
        t_seed((uint32_t)k);
        bw_rng_seed(&r, 9);
        bw_pit_place(&p, &r, 3, &avoid, v < 0 ? v : 0, BW_GRID_MAX, BW_GRID_MAX);
        bw_rng_seed(&r, 9);
        bw_pit_place(&q, &r, 3, &avoid, 0, BW_GRID_MAX, BW_GRID_MAX);
        CHECK(p.n == q.n && p.n > 0 && p.x[0] == q.x[0] && p.y[0] == q.y[0] && p.sub == q.sub);
        if (v >= 1000) {
            bw_pit_place(&p, &r, 3, &avoid, v, BW_GRID_MAX, BW_GRID_MAX);
            CHECK(p.n == 0);
        }
    }
}

/* A half moon holds no point far from its seed, at any int (int16
 * points overflowed its squared distances). */
static void robust_pit_half_moon_takes_any_point(void)
{
    static const int pt[] = { INT_MIN, -40000, -32768, -1, 0, 255, 32767, 40000, INT_MAX };
    bw_pit_plan p;
    bw_rng r;
    int i, j, k, x, y, inside = 0;
    bw_rng_seed(&r, 3);
    REQUIRE(bw_pit_place(&p, &r, 3, 0, 0, BW_GRID_MAX, BW_GRID_MAX) > 0);
    for (k = 0; k < p.n; k++) {
        for (i = 0; i < (int)(sizeof pt / sizeof pt[0]); i++)
            for (j = 0; j < (int)(sizeof pt / sizeof pt[0]); j++)
                CHECK(bw_pit_in_half_moon(&p, k, pt[i], pt[j]) == 0);
        for (y = 0; y < BW_GRID_MAX; y++)
            for (x = 0; x < BW_GRID_MAX; x++)
                inside += bw_pit_in_half_moon(&p, k, x, y);
    }
    CHECK(inside > 0);
}

/* A forest trunk's disc holds no point far from its centre, at any int. */
static void robust_forest_trunk_at_takes_any_point(void)
{
    static const int pt[] = { INT_MIN, -40000, -32768, -1, 32767, 40000, INT_MAX };
    bw_forest_plan pl;
    int i, j;
    bw_forest_trunks(1, &pl);
    for (i = 0; i < (int)(sizeof pt / sizeof pt[0]); i++)
        for (j = 0; j < (int)(sizeof pt / sizeof pt[0]); j++)
            CHECK(bw_forest_trunk_at(&pl, pt[i], pt[j]) == 0);
    CHECK(bw_forest_trunk_at(&pl, pl.x[0], pl.y[0]) == 1);
}

/* ---- the overworld's pieces ---- */

/* The nearest Voronoi point from any hint, and a hint outside 0..79
 * (it read the point at the hint: a segfault at 1,000,000). */
static void robust_overworld_nearest_takes_any_hint(void)
{
    bw_overworld_points pts;
    int k, want;
    bw_overworld_points_make(&pts, 1, 0, 0);
    want = bw_overworld_nearest(&pts, 5, 5, 5, 0);
    for (k = 0; k < N_EXTREME; k++) {
        t_seed((uint32_t)k);
        CHECK(bw_overworld_nearest(&pts, 5, 5, 5, extreme[k]) == want);
    }
    CHECK(bw_overworld_nearest(&pts, 5, 5, 5, BW_OVERWORLD_POINTS) == want);
    CHECK(bw_overworld_nearest(&pts, 5, 5, 5, BW_OVERWORLD_POINTS - 1) == want);
}

/* The nearest point to a sample anywhere in the int16 cube, the same as
 * a plain search (the squared distances, up to 3 x 33,023^2, overflowed
 * an int32). */
static void robust_overworld_nearest_takes_int16_points(void)
{
    static const int c[] = { -32768, -1000, 0, 40, 1000, 32767 };
    bw_overworld_points pts;
    int a, b, e, i, hint, best;
    bw_overworld_points_make(&pts, 2, 3, -4);
    for (a = 0; a < 6; a++)
        for (b = 0; b < 6; b++)
            for (e = 0; e < 6; e++) {
                uint32_t bd = 0xffffffffu;
                best = -1;
                for (i = 0; i < BW_OVERWORLD_POINTS; i++) { /* |d| <= 33,023: each square fits */
                    uint32_t dx = (uint32_t)bw_abs(c[a] - pts.p[i][0]);
                    uint32_t dy = (uint32_t)bw_abs(c[b] - BW_OVERWORLD_PT_Y(&pts, i));
                    uint32_t dz = (uint32_t)bw_abs(c[e] - pts.p[i][2]);
                    uint32_t d = dx * dx + dy * dy + dz * dz;
                    if (d < bd) {
                        bd = d;
                        best = i;
                    }
                }
                t_seed((uint32_t)((a * 6 + b) * 6 + e));
                for (hint = 0; hint < BW_OVERWORLD_POINTS; hint += 39)
                    CHECK(bw_overworld_nearest(&pts, c[a], c[b], c[e], hint) == best);
            }
}

/* A chain started off the map starts on the map cell nearest to it (as
 * it keeps itself on the map afterwards) instead of reading its pivot
 * type off the grid: the same chain as from that cell. */
static void robust_overworld_blend_chain_clips_its_start(void)
{
    static const int st[][4] = { /* start, and the cell it is read as */
        { 0, -200, 0, 0 }, { INT_MIN, INT_MAX, 0, BW_OVERWORLD_H - 1 },
        { INT_MAX, 5, BW_OVERWORLD_W - 1, 5 }, { 40, INT_MIN, 40, 0 }
    };
    bw_overworld_trace ta, tb;
    bw_rng r;
    int k, i, na, nb;
    uint32_t ha;
    for (k = 0; k < 4; k++) {
        t_seed((uint32_t)k);
        REQUIRE(bw_overworld_generate(m, 6, 1, 0) == 0);
        bw_rng_seed(&r, 21 + (uint32_t)k);
        na = bw_overworld_blend_chain(&m->grid, &r, st[k][0], st[k][1], &ta);
        ha = bw_grid_hash(&m->grid);
        REQUIRE(bw_overworld_generate(m, 6, 1, 0) == 0);
        bw_rng_seed(&r, 21 + (uint32_t)k);
        nb = bw_overworld_blend_chain(&m->grid, &r, st[k][2], st[k][3], &tb);
        CHECK(na == nb && ta.n == tb.n && ha == bw_grid_hash(&m->grid));
        CHECK(ta.x[0] == st[k][2] && ta.y[0] == st[k][3]);
        for (i = 0; i < ta.n && i < tb.n; i++)
            CHECK(ta.x[i] == tb.x[i] && ta.y[i] == tb.y[i]);
    }
}

/* Blending round a place far off the map changes nothing and draws
 * nothing: x + 2 overflowed at INT_MAX. */
static void robust_overworld_blend_at_takes_extreme_places(void)
{
    bw_rng r;
    int k, j;
    uint32_t h;
    REQUIRE(bw_overworld_generate(m, 6, 1, 0) == 0);
    h = bw_grid_hash(&m->grid);
    bw_rng_seed(&r, 4);
    for (k = 0; k < N_EXTREME; k++)
        for (j = 0; j < N_EXTREME; j++)
            if (extreme[k] < -2 || extreme[k] > BW_OVERWORLD_W + 1 || extreme[j] < -2 || extreme[j] > BW_OVERWORLD_H + 1)
                bw_overworld_blend_at(&m->grid, &r, extreme[k], extreme[j], BW_T_OW_TREE);
    CHECK(h == bw_grid_hash(&m->grid) && r.s == 4);
}

/* ---- the crawler's parser ---- */

/* err_line may be NULL (it is then not written); a NULL design, or NULL
 * text of a nonzero length, is refused with BW_ERR_ARG. */
static void robust_crawler_parse_takes_null_out_params(void)
{
    static const char good[] = "size 20 10\n", bad[] = "size 20 10\nnonsense\n";
    bw_crawler_design dd, *d = &dd;
    int line = -7;
    CHECK(bw_crawler_parse(good, sizeof good - 1, d, 0) == 0 && d->w == 20 && d->h == 10);
    CHECK(bw_crawler_parse(bad, sizeof bad - 1, d, 0) == BW_ERR_DESIGN && d->error != 0);
    CHECK(bw_crawler_parse(bad, sizeof bad - 1, d, &line) == BW_ERR_DESIGN && line == 2);
    CHECK(bw_crawler_parse(good, sizeof good - 1, 0, &line) == BW_ERR_ARG);
    CHECK(bw_crawler_parse(good, sizeof good - 1, 0, 0) == BW_ERR_ARG);
    line = -7;
    CHECK(bw_crawler_parse(0, 5, d, &line) == BW_ERR_ARG && d->error != 0 && line == 0);
    CHECK(bw_crawler_parse(0, 0, d, 0) == BW_ERR_DESIGN); /* empty: no size line */
}

void suite_robust(void)
{
    RUN(robust_find_generator_null);
    RUN(robust_generate_rejects_extreme_levels);
    RUN(robust_generate_rejects_extreme_options);
    RUN(robust_morlock_render_takes_extreme_levels);
    RUN(robust_crypts_take_extreme_levels);
    RUN(robust_mdungeon_takes_extreme_ints);
    RUN(robust_abyss_forest_mines_take_extreme_ints);
    RUN(robust_overworld_place_functions_take_extreme_ints);
    RUN(robust_overworld_gates_take_extreme_ints);
    RUN(robust_abyss_regenerate_takes_extreme_ints);
    RUN(robust_overworld_distance_takes_extreme_ints);
    RUN(robust_grid_rect_clips_int_min);
    RUN(robust_grid_span_replace_clips);
    RUN(robust_tile_queries_answer_closed_for_unknown_ids);
    RUN(robust_tileset_add_ignores_unknown_ids);
    RUN(robust_bomb_can_hit_spares_unknown_ids);
    RUN(robust_geom_distances_saturate);
    RUN(robust_abs_and_rect_make_saturate);
    RUN(robust_rect_inflate_saturates);
    RUN(robust_line_clamps_ends_to_int16);
    RUN(robust_walk_start_saturates);
    RUN(robust_rubble_put_at_takes_far_starts);
    RUN(robust_pit_place_takes_extreme_ints);
    RUN(robust_pit_half_moon_takes_any_point);
    RUN(robust_forest_trunk_at_takes_any_point);
    RUN(robust_overworld_nearest_takes_any_hint);
    RUN(robust_overworld_nearest_takes_int16_points);
    RUN(robust_overworld_blend_chain_clips_its_start);
    RUN(robust_overworld_blend_at_takes_extreme_places);
    RUN(robust_crawler_parse_takes_null_out_params);
}
