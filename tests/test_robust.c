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
            bw_forest_canopy(1, v, count_parts, &parts);
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
}
