/* The Orc Mines (rules 1.1.1 - 1.5.4, docs/mines.md), include/burrow/mines.h. Each
 * test is named after the requirement it checks and runs SEEDS(500) seeds
 * of its level. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;
static bw_grid *const g = &arena.map.grid;

static void gen(uint32_t s, int level)
{
    t_seed(s);
    bw_mines_generate(m, s, level, 0);
}

static int count(uint8_t t) { return bw_grid_count(g, t); }

/* 1 if every tile of the level is in the list (terminated by 255). */
static int only(const uint8_t *list)
{
    bw_tileset ts;
    int i;
    bw_tileset_clear(&ts);
    for (; *list != 255; list++)
        bw_tileset_add(&ts, *list);
    for (i = 0; i < BW_GRID_CELLS; i++)
        if ((i % BW_GRID_MAX) < g->w && i / BW_GRID_MAX < g->h && !BW_TILESET_HAS(&ts, g->cell[i]))
            return 0;
    return 1;
}

static int border_is(uint8_t t)
{
    int i, ok = 1;
    for (i = 0; i < 120; i++)
        ok &= BW_AT(g, i, 0) == t && BW_AT(g, i, 119) == t && BW_AT(g, 0, i) == t &&
              BW_AT(g, 119, i) == t;
    return ok;
}

static int connected(void)
{
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    return bw_fill_connected(&m->fill, g, &open, &m->a);
}

/* Floods m->a from every cell of tile `from`; returns cells reached. */
static int flood_from(uint8_t from)
{
    bw_tileset open;
    int x, y, n = 0;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_plane_clear(&m->a);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            if (BW_AT(g, x, y) == from)
                n += bw_fill_flood(&m->fill, g, &open, &m->a, x, y);
    return n;
}

/* Rounded caves, not noise (rules 1.2.1, 1.3.1): few open cells are spikes (6
 * or more of their 8 neighbours closed) and few closed cells are specks (6
 * or more open neighbours), counting features as open. */
static int rough_cells(uint8_t wall)
{
    int x, y, dx, dy, rough = 0;
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int closed = 0, self = BW_AT(g, x, y) == wall;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++)
                    closed += (dx || dy) && BW_AT(g, x + dx, y + dy) == wall;
            rough += self ? (8 - closed >= 6) : (closed >= 6);
        }
    return rough;
}

/* Rounded, not rectangular (rules 1.2.1, 1.3.1): `edges` counts the unit edges
 * between a wall cell and an open one, `corners` the 2 x 2 windows holding
 * 1 or 3 wall cells (a bend of the outline), `longest` the longest straight
 * stretch of outline (a run of edges along one row or column, the wall on
 * the same side); inside the map's edge ring only. A rounded outline bends
 * every few cells, a rectangle only at its four corners. */
typedef struct shape { int edges, corners, longest; } shape;

static shape wall_shape(uint8_t wall)
{
    shape sh;
    int x, y, run[2], side[2];
    sh.edges = sh.corners = sh.longest = 0;
    for (y = 1; y < 119; y++) /* horizontal edges (x, y) | (x, y + 1) */
        for (x = 1, run[0] = side[0] = 0; x < 119; x++) {
            int a = BW_AT(g, x, y) == wall, b = y < 118 && BW_AT(g, x, y + 1) == wall, k;
            k = y < 118 && a != b ? 1 + a : 0;
            run[0] = k && k == side[0] ? run[0] + 1 : k != 0;
            side[0] = k;
            sh.longest = bw_max(sh.longest, run[0]);
            sh.edges += k != 0;
            if (x < 118 && y < 118) {
                int n = a + b + (BW_AT(g, x + 1, y) == wall) + (BW_AT(g, x + 1, y + 1) == wall);
                sh.corners += n == 1 || n == 3;
            }
        }
    for (x = 1; x < 118; x++) /* vertical edges (x, y) | (x + 1, y) */
        for (y = 1, run[1] = side[1] = 0; y < 119; y++) {
            int a = BW_AT(g, x, y) == wall, b = BW_AT(g, x + 1, y) == wall;
            int k = a != b ? 1 + a : 0;
            run[1] = k && k == side[1] ? run[1] + 1 : k != 0;
            side[1] = k;
            sh.longest = bw_max(sh.longest, run[1]);
            sh.edges += k != 0;
        }
    return sh;
}

/* The three measures over a level's seeds, with bounds set between what
 * the real levels give (seeds 0-9,999) and what caves painted wrong give
 * (tried by changing the generator; README "The Orc Mines", Tests):
 * - spikes and specks: under 1/`rough_div` of the open area on every
 *   level; measured at most 0.075% (DLVL 2) and 0.67% (DLVL 3, rock
 *   islands by the water); flipping 1 cell in 20 after the smoothing gives
 *   1.1% to 3.1%.
 * - bends: corners at least 40% of edges on every level; measured 49% or
 *   more; rectangles unsmoothed give 9% to 36% (a few up to 60%).
 * - straight stretches: longer than 16 on at most 1 level in 5, longer
 *   than 24 on at most 1 in 20; measured p90 13-15, p99 18-20; rectangles
 *   give a median of 31-35. */
static void check_rounded(uint8_t wall, int rough_div, uint32_t *long16, uint32_t *long24)
{
    shape sh = wall_shape(wall);
    CHECK(rough_cells(wall) * rough_div < 120 * 120 - count(wall));
    CHECK(sh.corners * 5 >= sh.edges * 2);
    *long16 += sh.longest > 16;
    *long24 += sh.longest > 24;
}

/* ------------------------------------------------------------- DLVL 1 */

static void mines_1_1_1_buildings_and_rubble(void)
{
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 1);
        CHECK(count(BW_T_BWALL) > 0 && count(BW_T_WOOD) > 0);
        CHECK(count(BW_T_RUBBLE) > 0);
    }
}

static void mines_1_1_2_empty_squares_are_dirt(void)
{
    static const uint8_t ok[] = { BW_T_DIRT, BW_T_BWALL, BW_T_WOOD, BW_T_CRUMBLE_WALL,
                                  BW_T_BROKEN_WALL, BW_T_DOOR, BW_T_RUBBLE, BW_T_PIT,
                                  BW_T_DOWN_SLOPE, BW_T_CRUMBLE_DIRT, 255 };
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 1);
        CHECK(only(ok));
        CHECK(count(BW_T_DIRT) > 120 * 120 / 2);
    }
}

/* Pits and their half moons are the level's only links, all of them down,
 * and every pit seed of the plan is a down slope. */
static void mines_1_1_3_pits_lead_down(void)
{
    bw_pit_plan own;
    uint32_t s;
    int k;
    FOR_SEEDS(s, 500) {
        gen(s, 1);
        bw_mines_pits(s, 1, 0, &own);
        CHECK(own.n >= 2);
        CHECK(count(BW_T_PIT) > 0);
        for (k = 0; k < own.n; k++)
            CHECK(BW_AT(g, own.x[k], own.y[k]) == BW_T_DOWN_SLOPE);
        CHECK(count(BW_T_UP_SLOPE) == 0); /* nothing above DLVL 1 */
    }
}

static void mines_1_1_4_all_open_ground_connected(void)
{
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 1);
        CHECK(connected());
    }
}

/* ------------------------------------------------------------- DLVL 2 */

/* Stone floor caves round each pit base: the whole half moon of up slopes
 * is there and every cell within 3 of the base seed is open; rounded. */
static void mines_1_2_1_rounded_stone_caves_round_pit_bases(void)
{
    bw_pit_plan above;
    uint32_t s, n = SEEDS(500), long16 = 0, long24 = 0;
    int k, x, y;
    FOR_SEEDS_N(s, n) {
        gen(s, 2);
        bw_mines_pits(s, 2, &above, 0);
        CHECK(above.n >= 2);
        for (k = 0; k < above.n; k++) {
            CHECK(BW_AT(g, above.x[k], above.y[k]) == BW_T_UP_SLOPE);
            for (y = above.y[k] - 3; y <= above.y[k] + 3; y++)
                for (x = above.x[k] - 3; x <= above.x[k] + 3; x++)
                    CHECK(bw_tile_connects(BW_AT(g, x, y)));
        }
        CHECK(count(BW_T_STONE) > count(BW_T_LICHEN) + count(BW_T_RUBBLE) + count(BW_T_STALACTITE));
        check_rounded(BW_T_ROCK, 300, &long16, &long24); /* 400 before the rock margin of format version 2: seed 339 has 17 in 6,714 */
    }
    CHECK(long16 * 5 <= n);
    CHECK(long24 * 20 <= n);
}

/* Every kind on every level: 1-3 whole 4 x 4 watchtowers (README), and
 * rubble. Measured on seeds 0-499: 1-3 towers on every level (183, 152,
 * 165), never a cut tower, rubble on every level (6-172 cells); over
 * seeds 0-9,999 one level (seed 4003) lost its towers to the placement's
 * old fallback (none; now the first place that fits). A generator that
 * drops the towers on 1 level in 12 fails. */
static void mines_1_2_2_stalactites_lichen_watchtowers_rubble(void)
{
    uint32_t s;
    FOR_SEEDS(s, 500) {
        int tower_cells;
        gen(s, 2);
        tower_cells = count(BW_T_WATCHTOWER);
        CHECK(count(BW_T_STALACTITE) > 0);
        CHECK(count(BW_T_LICHEN) > 0);
        CHECK(tower_cells % 16 == 0 && tower_cells >= 16 && tower_cells <= 3 * 16);
        CHECK(count(BW_T_RUBBLE) > 0);
    }
}

static void mines_1_2_3_other_squares_are_rock(void)
{
    static const uint8_t ok[] = { BW_T_ROCK, BW_T_STONE, BW_T_STALACTITE, BW_T_LICHEN,
                                  BW_T_WATCHTOWER, BW_T_RUBBLE, BW_T_UP_SLOPE,
                                  BW_T_DOWN_SLOPE, BW_T_PIT, BW_T_CRUMBLE_DIRT, 255 };
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 2);
        CHECK(only(ok));
        CHECK(border_is(BW_T_ROCK));
        CHECK(count(BW_T_ROCK) > 120 * 120 / 3);
    }
}

/* A cave is a 4-connected region of open squares: every one of them holds
 * a pit base (no stray pockets), so there are at most as many caves as
 * bases and each is whole. */
static void mines_1_2_4_each_cave_connected(void)
{
    bw_tileset open;
    bw_pit_plan above;
    uint32_t s;
    int x, y;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        gen(s, 2);
        bw_mines_pits(s, 2, &above, 0);
        flood_from(BW_T_UP_SLOPE);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                CHECK(!BW_TILESET_HAS(&open, BW_AT(g, x, y)) || BW_PGET(&m->a, x, y));
        CHECK(bw_fill_regions(&m->fill, g, &open, &m->a) <= above.n);
    }
}

/* Every pit (and its slopes) is reachable from an up slope. */
static void mines_1_2_5_pits_in_reachable_areas(void)
{
    bw_pit_plan own;
    uint32_t s;
    int x, y, k;
    FOR_SEEDS(s, 500) {
        gen(s, 2);
        bw_mines_pits(s, 2, 0, &own);
        CHECK(own.n >= 2 && count(BW_T_PIT) > 0);
        flood_from(BW_T_UP_SLOPE);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (bw_tile_link(BW_AT(g, x, y)) < 0)
                    CHECK(BW_PGET(&m->a, x, y));
        for (k = 0; k < own.n; k++)
            CHECK(BW_AT(g, own.x[k], own.y[k]) == BW_T_DOWN_SLOPE);
    }
}

/* ------------------------------------------------------------- DLVL 3 */

/* DLVL 2's features too (rule 1.2.2): stalactites, lichen and rubble on every
 * level, watchtowers on at least 90%. Measured on seeds 0-499: rubble on
 * all (7 cells or more); towers on 471 (94.2%; 46 of seeds 0-49, 92%):
 * the 1-2 wanted are placed before the water, a tower finding no room in
 * 48 draws is given up (29 levels with none) and a streamer may run over
 * part of one (76 levels). A generator that puts no towers or no rubble
 * on DLVL 3 fails. (Those counts are from before format version 4, since
 * which a tower that finds no room in 48 draws takes the first place that
 * fits: mines_1_3_1_every_dlvl_2_and_3_has_a_watchtower.) */
static void mines_1_3_1_like_dlvl_2(void)
{
    uint32_t s, n = SEEDS(500), long16 = 0, long24 = 0, towers = 0;
    static const uint8_t ok[] = { BW_T_ROCK, BW_T_STONE, BW_T_STALACTITE, BW_T_LICHEN,
                                  BW_T_WATCHTOWER, BW_T_RUBBLE, BW_T_UP_SLOPE,
                                  BW_T_DOWN_SLOPE, BW_T_PIT, BW_T_CRUMBLE_DIRT,
                                  BW_T_SHALLOW, BW_T_DEEP, BW_T_SLICK, 255 };
    FOR_SEEDS_N(s, n) {
        gen(s, 3);
        CHECK(only(ok));
        CHECK(border_is(BW_T_ROCK));
        CHECK(count(BW_T_STALACTITE) > 0 && count(BW_T_LICHEN) > 0);
        CHECK(count(BW_T_RUBBLE) > 0);
        towers += count(BW_T_WATCHTOWER) > 0;
        CHECK(count(BW_T_WATCHTOWER) % 16 == 0); /* whole towers: none under water */
        check_rounded(BW_T_ROCK, 100, &long16, &long24);
    }
    /* placed after the water, on 99.75% of levels (seeds 0-1,999; the rest
     * found no dry 4 x 4 in PUT_ORC_WATCHTOWERS' 48 tries) */
    CHECK((towers + 1) * 100 >= n * 99); /* one miss allowed in the 50 seeds of a board */
    CHECK(long16 * 5 <= n);
    CHECK(long24 * 20 <= n);
}

static void mines_1_3_2_single_cave_joins_pit_bases(void)
{
    bw_tileset open;
    bw_pit_plan above;
    uint32_t s;
    int k;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        gen(s, 3);
        bw_mines_pits(s, 3, &above, 0);
        CHECK(bw_fill_regions(&m->fill, g, &open, &m->a) == 1);
        for (k = 0; k < above.n; k++)
            CHECK(BW_AT(g, above.x[k], above.y[k]) == BW_T_UP_SLOPE);
    }
}

/* Water cells in streamer-like pieces: 4-connected regions of water at
 * least 12 long in their longer axis (bounding box) and long for their
 * size, extent^2 >= 3 x cells (a band w wide and L long has L/w, a disc
 * 4/pi). Uses m->a and m->b. */
static int water_in_bands(void)
{
    bw_tileset water;
    int x = 0, y = 0, cells, in_bands = 0;
    bw_tileset_clear(&water);
    bw_tileset_add(&water, BW_T_SHALLOW);
    bw_tileset_add(&water, BW_T_DEEP);
    bw_plane_clear(&m->b);
    for (;;) {
        int i, j, x0 = 119, x1 = 0, y0 = 119, y1 = 0, ext;
        bw_plane_copy(&m->a, &m->b);
        cells = bw_fill_region_next(&m->fill, g, &water, &m->b, &x, &y);
        if (cells == 0)
            break;
        for (j = 0; j < 120; j++)
            for (i = 0; i < 120; i++)
                if (BW_PGET(&m->b, i, j) && !BW_PGET(&m->a, i, j)) {
                    x0 = bw_min(x0, i), x1 = bw_max(x1, i);
                    y0 = bw_min(y0, j), y1 = bw_max(y1, j);
                }
        ext = bw_max(x1 - x0, y1 - y0) + 1;
        if (ext >= 12 && ext * ext >= 3 * cells)
            in_bands += cells;
    }
    return in_bands;
}

/* Streamers, rule 1.3.3 (measured on seeds 0-499; every bound just below and
 * holding on seeds 0-49 too, as on the boards):
 * - shallow water on every level, at least 10 cells, and 30 or more on
 *   80% of them (format version 2: water only in the cave, where the deepening
 *   rule makes most of a streamer deep: measured 14-139 on seeds 0-40);
 *   one streamer a level instead of 2-4 fails it;
 * - deep water on at least 95% of the levels (measured 98.4%, 49 of 50);
 *   leaving out the deepening on 1 level in 12 fails it;
 * - long thin bands, not blobs: at least half the water in streamer-like
 *   regions (water_in_bands) on at least 90% of the levels (measured
 *   96.2%, 48 of 50); 2-4 discs of water of radius 4 or 6 laid instead of
 *   the streamers give 1% and 3%.
 * (Deep water may touch rock now: the deepening rule decides where it
 * lies, mines_1_3_3_deepening_rule_holds_but_for_needed_crossings.) */
static void mines_1_3_3_water_streamers(void)
{
    uint32_t s, n = SEEDS(500), deep = 0, bands = 0, shallow30 = 0;
    FOR_SEEDS_N(s, n) {
        int water;
        gen(s, 3);
        CHECK(count(BW_T_SHALLOW) >= 10);
        shallow30 += count(BW_T_SHALLOW) >= 30;
        deep += count(BW_T_DEEP) > 0;
        water = count(BW_T_SHALLOW) + count(BW_T_DEEP);
        bands += water_in_bands() * 2 >= water;
    }
    CHECK(deep * 100 >= n * 95);
    CHECK(bands * 10 >= n * 9);
    CHECK(shallow30 * 5 >= n * 4);
    t_info("mines_water_levels_deep", deep);
    t_info("mines_water_levels_bands", bands);
    t_info("mines_water_levels_shallow30", shallow30);
}

/* One pit down: the plan holds one, and every down link lies in its box. */
static void mines_1_3_4_only_one_pit_down(void)
{
    bw_pit_plan own;
    uint32_t s;
    int x, y;
    FOR_SEEDS(s, 500) {
        gen(s, 3);
        bw_mines_pits(s, 3, 0, &own);
        CHECK(own.n == 1);
        CHECK(count(BW_T_PIT) > 0);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (bw_tile_link(BW_AT(g, x, y)) < 0)
                    CHECK(bw_chebyshev(x, y, own.x[0], own.y[0]) <= BW_PIT_REACH);
    }
}

static int footprint(uint8_t t)
{
    return t == BW_T_PIT || t == BW_T_DOWN_SLOPE || t == BW_T_CRUMBLE_DIRT;
}

/* Every neighbour of the pit (its slopes, pit and crumbling dirt) is part
 * of it or slick rock. */
static void mines_1_3_5_slick_ring_round_the_pit(void)
{
    bw_pit_plan own;
    uint32_t s;
    int x, y, dx, dy;
    FOR_SEEDS(s, 500) {
        int slick = 0;
        gen(s, 3);
        bw_mines_pits(s, 3, 0, &own);
        for (y = 1; y < 119; y++)
            for (x = 1; x < 119; x++)
                if (footprint(BW_AT(g, x, y)) && bw_chebyshev(x, y, own.x[0], own.y[0]) <= BW_PIT_REACH)
                    for (dy = -1; dy <= 1; dy++)
                        for (dx = -1; dx <= 1; dx++) {
                            uint8_t t = BW_AT(g, x + dx, y + dy);
                            CHECK(footprint(t) || t == BW_T_SLICK);
                            slick += t == BW_T_SLICK;
                        }
        CHECK(slick > 0);
    }
}

/* Steam (bw_mines_steam_ctx) over three periods of the game: some near
 * the pit on every tick of a puff (at least 5 cells), none between puffs,
 * none farther than BW_MINES_STEAM_REACH from the pit seed, none on rock
 * wall; bw_mines_steam_rows, bw_mines_steam_at and, on a lattice of
 * cells, the old bw_mines_steam (no map) agree, the masked steam being the
 * unmasked minus the rock. The mask is tried on the level as made (where
 * the steam meets no rock: measured 0 of 1.9 million steam cells over
 * seeds 0-499) and on the same level with a lattice of rock put into it. */
/* One seed's steam on its DLVL 3 (generated by the caller): a function of
 * its own, so its half-kilobyte of state is not on the stack while the
 * level is generated (the 20 KiB board's stack is small). */
__attribute__((noinline)) static void steam_on_one_level(uint32_t s)
{
    bw_mines_steam_ctx c, bare;
    bw_pit_plan own;
    uint32_t tick, rows[BW_MINES_STEAM_SIDE], bare_rows[BW_MINES_STEAM_SIDE];
    int x, y, i, j, pass;
    {
        bw_mines_pits(s, 3, 0, &own);
        bw_mines_steam_init(&bare, s, 0);
        REQUIRE(bare.x0 == own.x[0] - BW_MINES_STEAM_REACH && bare.y0 == own.y[0] - BW_MINES_STEAM_REACH);
        for (pass = 0; pass < 2; pass++) {
            if (pass == 1) /* rock where play never sees it, to try the mask */
                for (y = bare.y0; y < bare.y0 + BW_MINES_STEAM_SIDE; y++)
                    for (x = bare.x0; x < bare.x0 + BW_MINES_STEAM_SIDE; x++)
                        if ((x * 3 + y * 5) % 7 == 0 && x >= 0 && y >= 0 && x < 120 && y < 120)
                            BW_AT(g, x, y) = BW_T_ROCK;
            bw_mines_steam_init(&c, s, g);
            for (tick = 0; tick < 3 * BW_MINES_STEAM_PERIOD; tick++) {
                int n = bw_mines_steam_rows(&c, tick, rows), n0 = bw_mines_steam_rows(&bare, tick, bare_rows);
                int seen = 0, bad = 0;
                if (tick % BW_MINES_STEAM_PERIOD >= BW_MINES_STEAM_PUFF) { /* between puffs */
                    for (j = 0; j < BW_MINES_STEAM_SIDE; j++)
                        bad += rows[j] != 0 || bare_rows[j] != 0;
                    CHECK(bad == 0 && n == 0 && n0 == 0);
                    CHECK(bw_mines_steam_at(&bare, tick, own.x[0], own.y[0]) == 0);
                    continue;
                }
                for (j = 0; j < BW_MINES_STEAM_SIDE; j++)
                    for (i = 0; i < BW_MINES_STEAM_SIDE; i++) {
                        int st = (int)((rows[j] >> i) & 1u), b0 = (int)((bare_rows[j] >> i) & 1u);
                        x = c.x0 + i;
                        y = c.y0 + j;
                        seen += st;
                        bad += st != bw_mines_steam_at(&c, tick, x, y);
                        if (pass == 0)
                            bad += b0 != bw_mines_steam_at(&bare, tick, x, y);
                        bad += st && BW_AT(g, x, y) == BW_T_ROCK;
                        bad += st != (b0 && BW_AT(g, x, y) != BW_T_ROCK);
                        bad += b0 && bw_chebyshev(x, y, own.x[0], own.y[0]) > BW_MINES_STEAM_REACH;
                        if (pass == 0 && tick == 2 && (i + 2 * j) % 5 == 0)
                            bad += b0 != bw_mines_steam(s, tick, x, y);
                    }
                CHECK(bad == 0 && seen == n);
                CHECK(bw_mines_steam_at(&c, tick, c.x0 - 1, c.y0) == 0);
                CHECK(bw_mines_steam_at(&c, tick, c.x0, c.y0 + BW_MINES_STEAM_SIDE) == 0);
                CHECK(n0 >= 5);
                CHECK(pass == 1 || n == n0); /* the level as made: no steam on rock */
            }
        }
    }
}

static void mines_1_3_5_steam_during_play(void)
{
    bw_mines_steam_ctx bare;
    uint32_t s, tick, rows[BW_MINES_STEAM_SIDE];
    int j;
    FOR_SEEDS(s, 500) {
        gen(s, 3);
        steam_on_one_level(s);
    }
    /* the puffs wander: the steam of one cycle is not always the last one's */
    FOR_SEEDS(s, 500) {
        uint32_t prev = 0, differ = 0, h;
        t_seed(s);
        bw_mines_steam_init(&bare, s, 0);
        for (tick = 3; tick < 10 * BW_MINES_STEAM_PERIOD; tick += BW_MINES_STEAM_PERIOD) {
            h = BW_GRID_FNV1A_INIT;
            bw_mines_steam_rows(&bare, tick, rows);
            for (j = 0; j < BW_MINES_STEAM_SIDE; j++) {
                uint8_t b[4];
                b[0] = (uint8_t)rows[j];
                b[1] = (uint8_t)(rows[j] >> 8);
                b[2] = (uint8_t)(rows[j] >> 16);
                b[3] = (uint8_t)(rows[j] >> 24);
                h = bw_grid_fnv1a(h, b, 4);
            }
            differ += tick > 3 && h != prev;
            prev = h;
        }
        CHECK(differ >= 5);
    }
}

/* ------------------------------------------------------------- DLVL 4 */

/* Caves: regions of cells whose 3 x 3 neighbourhood is all open (a shaft's
 * 1-2 wide stretches have none; its 3-4 wide ones add a few), counted in
 * m->b. */
static int cave_cores(void)
{
    int x, y, dx, dy, n = 0;
    bw_plane_clear(&m->b);
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int all = 1;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++)
                    all &= bw_tile_connects(BW_AT(g, x + dx, y + dy));
            if (all)
                BW_PSET(&m->b, x, y);
        }
    bw_plane_clear(&m->a);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            n += bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, x, y) > 0;
    return n;
}

/* Meandering (rules 1.4.2, 1.5.2), measured on the thin pieces of path: open
 * cells (not `wall`) with no cave core (3 x 3 not `wall`) within one
 * square, in 4-connected pieces (m->a: the thin cells not yet measured,
 * m->b: the core, then the piece). A piece whose two ends lie 10 or more
 * apart (the ends: the cell farthest from its first cell, and the cell
 * farthest from that) counts; it strays if a cell of it lies 2 (3) or
 * more squares (Pythagorean) from the straight line between the ends. A
 * straight path 1-2 wide strays under 1.5 squares. */
typedef struct meander { int pieces, stray2, stray3; } meander;

static int far_cell(int x0, int y0, int ya, int yb, int *fx, int *fy)
{
    int x, y, best = -1;
    for (y = ya; y <= yb; y++)
        for (x = 0; x < 120; x++)
            if (BW_PGET(&m->b, x, y) && bw_dist2(x, y, x0, y0) > best) {
                best = bw_dist2(x, y, x0, y0);
                *fx = x;
                *fy = y;
            }
    return best;
}

static void measure_meander(uint8_t wall, meander *mt)
{
    int x, y, dx, dy, sx, sy;
    bw_plane_clear(&m->b);
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int all = 1;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++)
                    all &= BW_AT(g, x + dx, y + dy) != wall;
            if (all)
                BW_PSET(&m->b, x, y);
        }
    bw_plane_clear(&m->a);
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            int near = 0;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++)
                    near |= (int)BW_PGET(&m->b, x + dx, y + dy);
            if (!near && BW_AT(g, x, y) != wall)
                BW_PSET(&m->a, x, y);
        }
    for (sy = 1; sy < 119; sy++)
        for (sx = 1; sx < 119; sx++) {
            int y1 = sy, ax = sx, ay = sy, bx = sx, by = sy, len2;
            int32_t most = 0;
            if (!BW_PGET(&m->a, sx, sy))
                continue;
            bw_plane_clear(&m->b);
            bw_fill_flood_plane(&m->fill, &m->a, 120, 120, &m->b, sx, sy);
            while (y1 < 118 && bw_plane_row_count(&m->b, y1 + 1) > 0)
                y1++; /* a 4-connected piece: its rows are sy..y1 */
            far_cell(sx, sy, sy, y1, &ax, &ay);
            len2 = far_cell(ax, ay, sy, y1, &bx, &by);
            for (y = sy; y <= y1; y++)
                for (x = 0; x < 120; x++)
                    if (BW_PGET(&m->b, x, y)) {
                        int32_t c = (int32_t)(bx - ax) * (y - ay) - (int32_t)(by - ay) * (x - ax);
                        most = bw_max(most, c < 0 ? -c : c);
                        BW_PCLR(&m->a, x, y);
                    }
            if (len2 < 10 * 10)
                continue;
            mt->pieces++; /* distance to the line = |cross| / length */
            mt->stray2 += most * most >= 4 * len2;
            mt->stray3 += most * most >= 9 * len2;
        }
}

/* More caves than on DLVL 2 and 3, small ones: at least 3 cave cores on
 * every level and 6 on 90% of them (measured: 4-27, 6 or more on 97% of
 * seeds 0-499 and 96% of 0-49), at least 10 on average and 2.5 times
 * as many as DLVL 3 of the same seeds has (measured 12.7 against 3.7;
 * 2.9 before DLVL 3's halls, format version 5); the mean open area is
 * under a third of the map. */
static void mines_1_4_1_many_small_caves(void)
{
    uint32_t s, n = SEEDS(500), six = 0, open = 0, cores = 0, cores3 = 0;
    FOR_SEEDS_N(s, n) {
        int c;
        gen(s, 3);
        cores3 += (uint32_t)cave_cores();
        gen(s, 4);
        c = cave_cores();
        CHECK(c >= 3);
        six += c >= 6;
        cores += (uint32_t)c;
        open += (uint32_t)(120 * 120 - count(BW_T_ROCK));
    }
    t_info("mines_cores_dlvl3", cores3);
    t_info("mines_cores_dlvl4", cores);
    CHECK(six * 10 >= n * 9);
    CHECK(cores >= 10 * n);
    CHECK(cores * 2 >= 5 * cores3);
    CHECK(open / n < 120 * 120 / 3);
}

/* Thin connections: open cells with rock on both sides within 2 squares,
 * across or up-down (a mineshaft's 1-2 wide stretches): some on every level, 10 or
 * more on 95% (caves that overlap need fewer shafts). */
static void mines_1_4_2_thin_mineshafts_connect(void)
{
    uint32_t s, n = SEEDS(500), many = 0;
    meander mt = { 0, 0, 0 };
    int x, y;
    FOR_SEEDS_N(s, n) {
        int thin = 0;
        gen(s, 4);
        CHECK(connected());
        for (y = 2; y < 117; y++)
            for (x = 2; x < 117; x++)
                if (BW_AT(g, x, y) == BW_T_STONE &&
                    ((BW_AT(g, x - 1, y) == BW_T_ROCK &&
                      (BW_AT(g, x + 1, y) == BW_T_ROCK || BW_AT(g, x + 2, y) == BW_T_ROCK)) ||
                     (BW_AT(g, x, y - 1) == BW_T_ROCK &&
                      (BW_AT(g, x, y + 1) == BW_T_ROCK || BW_AT(g, x, y + 2) == BW_T_ROCK))))
                    thin++;
        CHECK(thin > 0);
        many += thin >= 10;
        measure_meander(BW_T_ROCK, &mt);
    }
    CHECK(many * 20 >= n * 19); /* measured: 99% of 500 levels, 50 of the first 50 */
    /* meandering: of the pieces 10 or more long, measured 70-74% stray 2
     * squares and 22-26% stray 3 (seeds 0-49, 0-4,999); straight shafts:
     * 2% and 1% */
    CHECK(mt.pieces >= (int)n);
    CHECK(mt.stray2 * 2 >= mt.pieces);
    CHECK(mt.stray3 * 10 >= mt.pieces);
}

/* The cave at the base of the DLVL 3 pit: its up slopes, open ground round
 * the seed, and a cave core (3 x 3 open) within 6 of it. */
static void mines_1_4_3_cave_at_pit_base(void)
{
    bw_pit_plan above;
    uint32_t s;
    int x, y;
    FOR_SEEDS(s, 500) {
        int core = 0;
        gen(s, 4);
        bw_mines_pits(s, 4, &above, 0);
        CHECK(above.n == 1);
        CHECK(BW_AT(g, above.x[0], above.y[0]) == BW_T_UP_SLOPE);
        cave_cores();
        for (y = above.y[0] - 6; y <= above.y[0] + 6; y++)
            for (x = above.x[0] - 6; x <= above.x[0] + 6; x++)
                core += (int)BW_PGET(&m->b, x, y);
        CHECK(core >= 9);
    }
}

/* Overlap is allowed, not required: what we check is that caves do
 * overlap on a fair share of levels (fewer cores than the 1 + 2 + 6 caves
 * at least drawn: measured on 9.6% of seeds 0-499, 10% of 0-49) and that
 * the level stays whole anyway. */
static void mines_1_4_4_caves_may_overlap(void)
{
    uint32_t s, n = SEEDS(500), merged = 0;
    FOR_SEEDS_N(s, n) {
        gen(s, 4);
        CHECK(connected());
        merged += cave_cores() < 12; /* 12+ caves are drawn on every level */
    }
    t_info("mines_dlvl4_fewer_cores_than_drawn", merged);
    CHECK(merged * 20 >= n);
}

/* Stalactites and rubble on every level; and the level holds only what
 * rules 1.4.1 - 1.4.8 put there (caves in rock, buildings, pits), nothing the
 * generator uses while it works. */
static void mines_1_4_5_stalactites_and_rubble(void)
{
    static const uint8_t ok[] = { BW_T_ROCK, BW_T_STONE, BW_T_STALACTITE, BW_T_RUBBLE,
                                  BW_T_BWALL, BW_T_WOOD, BW_T_CRUMBLE_WALL,
                                  BW_T_BROKEN_WALL, BW_T_DOOR, BW_T_UP_SLOPE,
                                  BW_T_DOWN_SLOPE, BW_T_FIERY_PIT, BW_T_CRUMBLE_DIRT, 255 };
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 4);
        CHECK(only(ok));
        CHECK(count(BW_T_STALACTITE) > 0);
        CHECK(count(BW_T_RUBBLE) > 0);
    }
}

static void mines_1_4_6_full_connectivity(void)
{
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 4);
        CHECK(connected());
        CHECK(border_is(BW_T_ROCK));
    }
}

static int building_tile(uint8_t t)
{
    return t == BW_T_BWALL || t == BW_T_CRUMBLE_WALL || t == BW_T_BROKEN_WALL ||
           t == BW_T_DOOR || t == BW_T_WOOD;
}

/* Buildings on DLVL 4: regions of building tiles (a building keeps a ring
 * of stone between it and the next, so each is one region), counted with
 * m->a and m->b. */
static int buildings(void)
{
    int x, y, n = 0;
    bw_plane_clear(&m->b);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            if (building_tile(BW_AT(g, x, y)))
                BW_PSET(&m->b, x, y);
    bw_plane_clear(&m->a);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            n += bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, x, y) > 0;
    return n;
}

/* No building tile touches (8 neighbours) a rock wall; the number of
 * buildings varies: at most 4, at least one on 80% of levels, exactly one
 * on at least a tenth and three or more on at least a tenth (measured 0-4:
 * one on 26%, three or more on 51% of seeds 0-499; 40% and 42% of 0-49). */
static void mines_1_4_7_buildings_clear_of_cave_walls(void)
{
    uint32_t s, n = SEEDS(500), with = 0, one = 0, three = 0;
    int x, y, dx, dy;
    FOR_SEEDS_N(s, n) {
        int b;
        gen(s, 4);
        for (y = 1; y < 119; y++)
            for (x = 1; x < 119; x++)
                if (building_tile(BW_AT(g, x, y)))
                    for (dy = -1; dy <= 1; dy++)
                        for (dx = -1; dx <= 1; dx++)
                            CHECK(BW_AT(g, x + dx, y + dy) != BW_T_ROCK);
        b = buildings();
        CHECK(b <= 4);
        with += b > 0;
        one += b == 1;
        three += b >= 3;
    }
    CHECK(with * 10 >= n * 8);
    CHECK(one * 10 >= n);
    CHECK(three * 10 >= n);
}

static void mines_1_4_8_fiery_pits_down(void)
{
    bw_pit_plan own;
    uint32_t s;
    int k;
    FOR_SEEDS(s, 500) {
        gen(s, 4);
        bw_mines_pits(s, 4, 0, &own);
        CHECK(own.n >= 2 && own.tile == BW_T_FIERY_PIT);
        CHECK(count(BW_T_FIERY_PIT) > 0 && count(BW_T_PIT) == 0);
        for (k = 0; k < own.n; k++)
            CHECK(BW_AT(g, own.x[k], own.y[k]) == BW_T_DOWN_SLOPE);
    }
}

/* ------------------------------------------------------------- DLVL 5 */

/* Islands: at least three cave cores (open 3 x 3) on every level and six
 * on 90% (measured 4-28, six or more on 98% of seeds 0-499 and 0-49), and
 * all the stone joined (rule 1.5.1). */
static void mines_1_5_1_small_islands_connected(void)
{
    uint32_t s, n = SEEDS(500), many = 0;
    FOR_SEEDS_N(s, n) {
        int c;
        gen(s, 5);
        CHECK(connected());
        c = cave_cores();
        CHECK(c >= 3);
        many += c >= 6;
    }
    CHECK(many * 10 >= n * 9);
}

static void mines_1_5_2_meandering_stone_paths(void)
{
    uint32_t s, n = SEEDS(500), with = 0;
    meander mt = { 0, 0, 0 };
    int x, y;
    FOR_SEEDS_N(s, n) {
        int thin = 0;
        gen(s, 5);
        for (y = 2; y < 117; y++)
            for (x = 2; x < 117; x++)
                if (BW_AT(g, x, y) == BW_T_STONE &&
                    ((BW_AT(g, x - 1, y) == BW_T_LAVA &&
                      (BW_AT(g, x + 1, y) == BW_T_LAVA || BW_AT(g, x + 2, y) == BW_T_LAVA)) ||
                     (BW_AT(g, x, y - 1) == BW_T_LAVA &&
                      (BW_AT(g, x, y + 1) == BW_T_LAVA || BW_AT(g, x, y + 2) == BW_T_LAVA))))
                    thin++;
        with += thin >= 10;
        measure_meander(BW_T_LAVA, &mt);
    }
    CHECK(with * 10 >= n * 9);
    /* meandering: of the pieces 10 or more long, measured 88-91% stray 2
     * squares and 58-65% stray 3 (seeds 0-49, 0-4,999); straight paths:
     * 3% and 2% */
    CHECK(mt.pieces >= (int)n);
    CHECK(mt.stray2 * 10 >= mt.pieces * 7);
    CHECK(mt.stray3 * 10 >= mt.pieces * 4);
}

static void mines_1_5_3_stalagmites_rubble_boulders(void)
{
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 5);
        CHECK(count(BW_T_STALAGMITE) > 0);
        CHECK(count(BW_T_RUBBLE) > 0);
        CHECK(count(BW_T_BOULDER) > 0);
    }
}

static void mines_1_5_4_lava_all_round(void)
{
    static const uint8_t ok[] = { BW_T_LAVA, BW_T_STONE, BW_T_STALAGMITE, BW_T_RUBBLE,
                                  BW_T_BOULDER, BW_T_UP_SLOPE, 255 };
    uint32_t s;
    FOR_SEEDS(s, 500) {
        gen(s, 5);
        CHECK(only(ok));
        CHECK(border_is(BW_T_LAVA));
        CHECK(count(BW_T_LAVA) > 120 * 120 / 3);
    }
}

/* ------------------------------------------------------- across levels */

/* Down links of level n, recorded per pit box: slopes within BW_PIT_R_MAX
 * of the seed, pits anywhere in the box (2 x 11 x 11 / 23 x 23 bits). */
#define SLOPE_SIDE (2 * BW_PIT_R_MAX + 1)
#define PIT_SIDE (2 * BW_PIT_REACH + 1)
#define SLOPE_BYTES ((SLOPE_SIDE * SLOPE_SIDE + 7) / 8)
#define PIT_BYTES ((PIT_SIDE * PIT_SIDE + 7) / 8)

static int bit(const uint8_t *b, int i) { return (b[i >> 3] >> (i & 7)) & 1; }

/* World rule 2 (docs/tiles.md): each down slope on DLVL n has an up slope right
 * below it on n + 1 and each up slope a down slope above it; each pit or
 * fiery pit has a passable tile (stone floor) below it. 4 x 2 levels. */
static void mines_links_match_level_below(void)
{
    uint8_t slope[BW_PIT_MAX][SLOPE_BYTES], pit[BW_PIT_MAX][PIT_BYTES];
    bw_pit_plan own;
    uint32_t s;
    int n, k, x, y, i;
    FOR_SEEDS(s, 500) {
        for (n = 1; n < BW_MINES_LEVELS; n++) {
            int links = 0;
            gen(s, n);
            bw_mines_pits(s, n, 0, &own);
            for (k = 0; k < BW_PIT_MAX; k++) {
                for (i = 0; i < SLOPE_BYTES; i++) slope[k][i] = 0;
                for (i = 0; i < PIT_BYTES; i++) pit[k][i] = 0;
            }
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    uint8_t t = BW_AT(g, x, y);
                    int found = 0;
                    if (bw_tile_link(t) >= 0)
                        continue;
                    links++;
                    for (k = 0; k < own.n && !found; k++) {
                        int dx = x - own.x[k], dy = y - own.y[k];
                        if (t == BW_T_DOWN_SLOPE && bw_abs(dx) <= BW_PIT_R_MAX && bw_abs(dy) <= BW_PIT_R_MAX) {
                            i = (dy + BW_PIT_R_MAX) * SLOPE_SIDE + dx + BW_PIT_R_MAX;
                            slope[k][i >> 3] |= (uint8_t)(1u << (i & 7));
                            found = 1;
                        } else if (t != BW_T_DOWN_SLOPE && bw_abs(dx) <= BW_PIT_REACH && bw_abs(dy) <= BW_PIT_REACH) {
                            i = (dy + BW_PIT_REACH) * PIT_SIDE + dx + BW_PIT_REACH;
                            pit[k][i >> 3] |= (uint8_t)(1u << (i & 7));
                            found = 1;
                        }
                    }
                    CHECK(found); /* every down link belongs to a pit of the plan */
                }
            CHECK(links > 0);
            gen(s, n + 1);
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++) {
                    uint8_t t = BW_AT(g, x, y);
                    int want_up = 0, want_open = 0;
                    for (k = 0; k < own.n; k++) {
                        int dx = x - own.x[k], dy = y - own.y[k];
                        if (bw_abs(dx) <= BW_PIT_R_MAX && bw_abs(dy) <= BW_PIT_R_MAX)
                            want_up |= bit(slope[k], (dy + BW_PIT_R_MAX) * SLOPE_SIDE + dx + BW_PIT_R_MAX);
                        if (bw_abs(dx) <= BW_PIT_REACH && bw_abs(dy) <= BW_PIT_REACH)
                            want_open |= bit(pit[k], (dy + BW_PIT_REACH) * PIT_SIDE + dx + BW_PIT_REACH);
                    }
                    CHECK(want_up == (t == BW_T_UP_SLOPE));
                    if (want_open)
                        CHECK(bw_tile_passable(t));
                }
        }
    }
}

/* Fixed memory: level n alone (after the map held garbage) hashes the same
 * as level n generated after all the others, in either order. */
static void mines_level_alone_equals_level_in_sequence(void)
{
    t_levels_alone_equal_in_sequence(m, "mines", SEEDS(500));
}

static void mines_registry_and_range(void)
{
    const bw_generator *gn = bw_generator_find("mines");
    REQUIRE(gn != 0);
    CHECK(gn->id == BW_GEN_MINES && gn->w == 120 && gn->h == 120 && gn->levels == 5);
    CHECK(gn->generate(m, 1, 0, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 6, 0) == BW_ERR_LEVEL);
    CHECK(gn->generate(m, 1, 3, 0) == 0);
    CHECK(g->w == 120 && g->h == 120);
}

static void mines_golden(void)
{
    gen(1, 1);
    t_golden("mines_seed1_level1", bw_grid_hash(g), 0xc73c3de2u);
    gen(1, 2);
    t_golden("mines_seed1_level2", bw_grid_hash(g), 0x9b6775ddu);
    gen(1, 3);
    t_golden("mines_seed1_level3", bw_grid_hash(g), 0xc4c6ec87u);
    gen(1, 4);
    t_golden("mines_seed1_level4", bw_grid_hash(g), 0x0a08c8eeu);
    gen(1, 5);
    t_golden("mines_seed1_level5", bw_grid_hash(g), 0xbfc5a4f8u);
}


/* --------------------------------- margin, pits, water, caves, shafts */

/* Rule 1.2.1 "rounded, natural looking" (format version 2): no cave runs into
 * the map's edge and is cut flat there. On DLVL 2 and 3, rows and columns
 * 0-2 and 117-119 are rock, and along the lines next to that margin (3,
 * 4, 115, 116, across and down) no run of open cells is longer than 12: a
 * disc of radius 19 that touches a line opens 9 cells of it. Before:
 * open cells one square inside the edge on 296 of 300 DLVL 2s, runs up
 * to 101 cells. */
static void mines_1_2_1_caves_rounded_inside_a_rock_margin(void)
{
    uint32_t s, n = SEEDS(300), edge = 0, flat = 0;
    int level, i, j, longest = 0;
    static const uint8_t lines[2] = { 3, 116 };
    for (level = 2; level <= 3; level++)
        FOR_SEEDS_N(s, n) {
            int open_edge = 0, run_max = 0;
            gen(s, level);
            for (i = 0; i < 120; i++)
                for (j = 0; j < 3; j++)
                    open_edge += (BW_AT(g, i, j) != BW_T_ROCK) + (BW_AT(g, i, 119 - j) != BW_T_ROCK) +
                                 (BW_AT(g, j, i) != BW_T_ROCK) + (BW_AT(g, 119 - j, i) != BW_T_ROCK);
            for (j = 0; j < 2; j++) {
                int ra = 0, rb = 0;
                for (i = 0; i < 120; i++) {
                    ra = BW_AT(g, i, lines[j]) != BW_T_ROCK ? ra + 1 : 0;
                    rb = BW_AT(g, lines[j], i) != BW_T_ROCK ? rb + 1 : 0;
                    run_max = bw_max(run_max, bw_max(ra, rb));
                }
            }
            CHECK(open_edge == 0);
            CHECK(run_max <= 12);
            edge += open_edge > 0;
            flat += run_max > 12;
            longest = bw_max(longest, run_max);
        }
    t_info("mines_margin_levels_open_at_edge", edge);
    t_info("mines_margin_levels_flat_over_12", flat);
    t_info("mines_margin_longest_run", (uint32_t)longest);
}

/* PUT_PIT: the Game of Life smooths the pit's edge; it does not hollow
 * the pit out (format version 2). On every level with pits down (1-4),
 * every crumbling dirt tile (a pit tile that died) lies on the pit's rim:
 * one of its 8 neighbours is neither pit nor crumbling dirt; and crumbling
 * dirt is under 10% of pit and crumbling dirt together. Before: 30%, most
 * of it inside the pit. */
static void mines_put_pit_edges_smoothed_not_hollow(void)
{
    uint32_t s, n = SEEDS(300), inner = 0, dead = 0, all = 0;
    int level, x, y, dx, dy;
    for (level = 1; level <= 4; level++)
        FOR_SEEDS_N(s, n) {
            gen(s, level);
            for (y = 1; y < 119; y++)
                for (x = 1; x < 119; x++) {
                    uint8_t t = BW_AT(g, x, y);
                    int rim = 0;
                    all += t == BW_T_PIT || t == BW_T_FIERY_PIT || t == BW_T_CRUMBLE_DIRT;
                    if (t != BW_T_CRUMBLE_DIRT)
                        continue;
                    dead++;
                    for (dy = -1; dy <= 1; dy++)
                        for (dx = -1; dx <= 1; dx++) {
                            uint8_t u = BW_AT(g, x + dx, y + dy);
                            rim |= u != BW_T_PIT && u != BW_T_FIERY_PIT && u != BW_T_CRUMBLE_DIRT;
                        }
                    inner += !rim;
                    CHECK(rim);
                }
        }
    CHECK(dead * 10 < all);
    t_info("mines_pit_crumble_inside", inner);
    t_info("mines_pit_crumble_permille", all ? dead * 1000 / all : 0);
}

/* PUT_TERRAIN_STREAMER_WATER "within 10 squares of an up slope" (format
 * version 2): on DLVL 3 no water tile lies 10 or less (Pythagorean) from
 * an up slope. Before: 15 of 300 levels, down to distance^2 82. */
static void mines_1_3_3_no_water_within_10_of_an_up_slope(void)
{
    uint32_t s, n = SEEDS(300), bad = 0;
    int32_t nearest = 12 * 12 + 1;
    int x, y, dx, dy;
    FOR_SEEDS_N(s, n) {
        int near = 0;
        gen(s, 3);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                if (BW_AT(g, x, y) != BW_T_UP_SLOPE)
                    continue;
                for (dy = -12; dy <= 12; dy++) /* the water round it, out to 12 */
                    for (dx = -12; dx <= 12; dx++) {
                        int xx = x + dx, yy = y + dy;
                        uint8_t t;
                        if (xx < 0 || yy < 0 || xx > 119 || yy > 119)
                            continue;
                        t = BW_AT(g, xx, yy);
                        if (t == BW_T_SHALLOW || t == BW_T_DEEP) {
                            nearest = bw_min(nearest, dx * dx + dy * dy);
                            near |= dx * dx + dy * dy <= 100;
                        }
                    }
            }
        CHECK(!near);
        bad += near;
    }
    t_info("mines_water_near_up_levels", bad);
    t_info("mines_water_near_up_min_d2", (uint32_t)nearest);
}

/* Water among the 24 cells within Manhattan distance 3 of (x, y). */
static int water24(int x, int y)
{
    int dx, dy, n = 0;
    for (dy = -3; dy <= 3; dy++)
        for (dx = -3; dx <= 3; dx++) {
            int xx = x + dx, yy = y + dy;
            uint8_t t;
            if ((!dx && !dy) || bw_abs(dx) + bw_abs(dy) > 3 || xx < 0 || yy < 0 || xx > 119 || yy > 119)
                continue;
            t = BW_AT(g, xx, yy);
            n += t == BW_T_SHALLOW || t == BW_T_DEEP;
        }
    return n;
}

/* PUT_TERRAIN_STREAMER_WATER's deepening rule (format version 2) on DLVL
 * 3: every deep tile has 12 or more water tiles among its 24; a shallow
 * tile that has them is a needed crossing: with it deep, some open ground
 * would be cut off from the rest (a flood from the level's first open
 * cell reaches fewer cells). No lattice of fords, then. Before: 51% of
 * the shallow tiles that meet the rule stayed shallow, 2.9% of the deep
 * tiles did not meet it. */
typedef struct deepening { uint32_t deep_bad, fords, unneeded, deep_all; } deepening;

static void deepening_on(uint32_t s, const bw_tileset *open, deepening *d)
{
    int x, y, fx = -1, fy = -1, total = 0, level_fords = 0;
    gen(s, 3);
    for (y = 0; y < 120 && fx < 0; y++)
        for (x = 0; x < 120 && fx < 0; x++)
            if (BW_TILESET_HAS(open, BW_AT(g, x, y))) {
                fx = x;
                fy = y;
            }
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            uint8_t t = BW_AT(g, x, y);
            if (t == BW_T_DEEP) {
                d->deep_all++;
                d->deep_bad += water24(x, y) < 12;
                CHECK(water24(x, y) >= 12);
            } else if (t == BW_T_SHALLOW && water24(x, y) >= 12) {
                int reach;
                d->fords++;
                if (++level_fords > 40) { /* a lattice: no need to flood each */
                    d->unneeded++;
                    CHECK(level_fords <= 40);
                    continue;
                }
                if (!total) {
                    bw_plane_clear(&m->a);
                    total = bw_fill_flood(&m->fill, g, open, &m->a, fx, fy);
                }
                BW_AT(g, x, y) = BW_T_DEEP;
                bw_plane_clear(&m->a);
                reach = bw_fill_flood(&m->fill, g, open, &m->a, fx, fy);
                BW_AT(g, x, y) = BW_T_SHALLOW;
                d->unneeded += reach == total - 1;
                CHECK(reach < total - 1);
            }
        }
}

/* The seed loop, then seeds past it whose fords were spare before format
 * version 8 (a later ford closed a loop whose way round the earlier ford
 * lay outside its window); seed=N runs one alone. */
static void mines_1_3_3_deepening_rule_holds_but_for_needed_crossings(void)
{
    static const uint16_t pinned[] = { 1216, 1945, 2681, 2817, 3301, 3400, 5021 };
    uint32_t s, j, n = SEEDS(300);
    deepening d = { 0, 0, 0, 0 };
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS_N(s, n)
        deepening_on(s, &open, &d);
    for (j = 0; t_seed_more(t_seed_from() + j, (uint32_t)(sizeof pinned / sizeof pinned[0])); j++)
        if (t_seed_on(pinned[j]))
            deepening_on(pinned[j], &open, &d);
    t_info("mines_deep_not_meeting_rule", d.deep_bad);
    t_info("mines_deep_tiles", d.deep_all);
    t_info("mines_fords_meeting_rule", d.fords);
    t_info("mines_fords_not_needed", d.unneeded);
}

/* m->b: cells whose (2k+1) x (2k+1) square holds no rock wall (a cave's
 * core; water and buildings lie inside caves). */
static void cores_of(int k)
{
    int x, y, dx, dy;
    bw_plane_clear(&m->b);
    for (y = k; y < 120 - k; y++)
        for (x = k; x < 120 - k; x++) {
            int all = 1;
            for (dy = -k; dy <= k && all; dy++)
                for (dx = -k; dx <= k && all; dx++)
                    all = BW_AT(g, x + dx, y + dy) != BW_T_ROCK;
            if (all)
                BW_PSET(&m->b, x, y);
        }
}

/* Caves counted so that a mineshaft 4 wide is not one: 4-connected pieces
 * of cells whose 5 x 5 square holds no rock. */
static int caves5(void)
{
    int x, y, n = 0;
    cores_of(2);
    bw_plane_clear(&m->a);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            n += bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, x, y) > 0;
    return n;
}

/* Rule 1.4.1 "a larger number of small caves" (format version 2): on every seed
 * DLVL 4 has more caves (caves5: 4-connected pieces of cells whose 5 x 5
 * holds no rock, so a 4-wide mineshaft is not a cave) than DLVL 2 and DLVL
 * 3 of the same seed. 1 if seed s breaks it. */
static uint32_t fewer_caves_on_4(uint32_t s)
{
    int c2, c3, c4;
    gen(s, 2);
    c2 = caves5();
    gen(s, 3);
    c3 = caves5();
    gen(s, 4);
    c4 = caves5();
    CHECK(c4 > c2 && c4 > c3);
    if (!(c4 > c2 && c4 > c3)) {
        t_info("mines_caves_dlvl2", (uint32_t)c2);
        t_info("mines_caves_dlvl3", (uint32_t)c3);
        t_info("mines_caves_dlvl4", (uint32_t)c4);
    }
    return !(c4 > c2 && c4 > c3);
}

/* The seed loop, then seeds past it that broke the rule before format
 * version 8 (small caves drawn overlapping a pit cave or one another in
 * chains, or beside a pit cave: 3-6 caves left on DLVL 4); seed=N runs
 * one alone. */
static void mines_1_4_1_more_caves_than_dlvl_2_and_3(void)
{
    static const uint16_t pinned[] = { 303, 1141, 1474, 1672, 1689, 2961, 4081, 4105, 4110, 4424, 5850, 5910 };
    uint32_t s, j, n = SEEDS(300), bad = 0;
    FOR_SEEDS_N(s, n)
        bad += fewer_caves_on_4(s);
    for (j = 0; t_seed_more(t_seed_from() + j, (uint32_t)(sizeof pinned / sizeof pinned[0])); j++)
        if (t_seed_on(pinned[j]))
            bad += fewer_caves_on_4(pinned[j]);
    t_info("mines_dlvl4_not_more_caves", bad);
}

/* DRUNKEN_MINESHAFT "varies between 1 and 4 tiles wide" and rule 1.4.2 "thin"
 * (format version 3), read from the finished DLVL 4. Open is anything but
 * rock. Cave cells: those in a 5 x 5 open square (a shaft of 4 has none).
 * Shaft cells: open cells farther than 2 squares (Chebyshev) from every
 * cave cell, so the ragged fringe of a cave is not taken for a shaft. A
 * shaft cell's width: the side of the largest all-open square (1..4) that
 * holds it; a square brush of side w makes squares of side w, straight or
 * stepping diagonally. Thin is measured as: the median width over a
 * level's shaft cells is at most 2 and no shaft cell is wider than 4 (a
 * wider one is cave by the definition, so the cap is the 5 x 5 rule). */
static int open_at(int x, int y)
{
    return x >= 0 && y >= 0 && x < 120 && y < 120 && BW_AT(g, x, y) != BW_T_ROCK;
}

static int open_square(int x0, int y0, int k)
{
    int x, y;
    for (y = y0; y < y0 + k; y++)
        for (x = x0; x < x0 + k; x++)
            if (!open_at(x, y))
                return 0;
    return 1;
}

/* m->b: the shaft cells. A cave cell lies within 2 (Chebyshev) of the
 * centre of a 5 x 5 open square (cores_of(2)), so a shaft cell is an open
 * cell farther than 4 from every such centre; built in m->a, then copied. */
static void shaft_cells(void)
{
    int x, y, dx, dy;
    cores_of(2);
    bw_plane_clear(&m->a);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++) {
            int near = 0;
            for (dy = -4; dy <= 4 && !near; dy++)
                for (dx = -4; dx <= 4 && !near; dx++)
                    near = bw_plane_get(&m->b, x + dx, y + dy);
            if (!near && open_at(x, y))
                BW_PSET(&m->a, x, y);
        }
    bw_plane_copy(&m->b, &m->a);
}

static int width_at(int x, int y)
{
    int k, dx, dy, w = 1;
    for (k = 2; k <= 5; k++)
        for (dy = 0; dy < k; dy++)
            for (dx = 0; dx < k; dx++)
                if (w < k && open_square(x - dx, y - dy, k))
                    w = k;
    return w;
}

static void mines_1_4_2_shafts_1_to_4_wide_mostly_thin(void)
{
    uint32_t s, n = SEEDS(300), hist[6] = { 0, 0, 0, 0, 0, 0 }, with4 = 0, thin = 0;
    uint32_t pieces = 0, varied = 0, thin3 = 0;
    int x, y;
    FOR_SEEDS_N(s, n) {
        uint32_t h[6] = { 0, 0, 0, 0, 0, 0 }, cells = 0, below = 0;
        int k;
        gen(s, 4);
        shaft_cells();
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (BW_PGET(&m->b, x, y)) {
                    h[width_at(x, y)]++;
                    cells++;
                }
        for (k = 1; k <= 5; k++)
            hist[k] += h[k];
        CHECK(h[5] == 0);              /* no shaft cell wider than 4 */
        with4 += h[4] > 0;
        below = h[1] + h[2];
        thin += below * 2 >= cells;    /* median width <= 2 */
        thin3 += (below + h[3]) * 2 >= cells; /* median width <= 3 */
        /* along one shaft: 4-connected pieces of 20 or more shaft cells
         * that hold both a cell 1-2 wide and one 3-4 wide (m->a: the
         * piece; its cells leave m->b as they are measured) */
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                int xx, yy, narrow = 0, wide = 0, size;
                if (!BW_PGET(&m->b, x, y))
                    continue;
                bw_plane_clear(&m->a);
                size = bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, x, y);
                for (yy = y; yy < 120; yy++)
                    for (xx = 0; xx < 120; xx++)
                        if (BW_PGET(&m->a, xx, yy)) {
                            int w = width_at(xx, yy);
                            narrow |= w <= 2;
                            wide |= w >= 3;
                            BW_PCLR(&m->b, xx, yy);
                        }
                if (size < 20)
                    continue;
                pieces++;
                varied += narrow && wide;
            }
    }
    t_info("mines_shaft_width1", hist[1]);
    t_info("mines_shaft_width2", hist[2]);
    t_info("mines_shaft_width3", hist[3]);
    t_info("mines_shaft_width4", hist[4]);
    t_info("mines_levels_with_width4", with4);
    t_info("mines_levels_median_thin", thin);
    t_info("mines_levels_median_3", thin3);
    t_info("mines_shaft_pieces", pieces);
    t_info("mines_shaft_pieces_varied", varied);
    /* every width 1..4 is carved, 4 on half the levels and on 5% of the
     * shaft cells (measured 64% and 15%, seeds 0-299; with shafts 1-2 wide
     * 18% and 1.5%: the width measure sees 3 and 4 where a shaft crosses
     * itself or backs up) */
    CHECK(hist[1] > 0 && hist[2] > 0 && hist[3] > 0 && hist[4] > 0);
    CHECK(with4 * 2 >= n);
    CHECK(hist[4] * 20 >= hist[1] + hist[2] + hist[3] + hist[4]);
    /* thin: the median width over all shaft cells at most 2, and on two
     * levels in three (measured 59% of the cells 1-2 wide, 75% of the
     * levels); at most 3 on 95% of the levels (measured 99%) */
    CHECK((hist[1] + hist[2]) * 2 >= hist[1] + hist[2] + hist[3] + hist[4]);
    CHECK(thin * 3 >= n * 2);
    CHECK(thin3 * 20 >= n * 19);
    /* the width varies along a shaft: 40% of the pieces of 20 or more
     * cells hold both a cell 1-2 wide and one 3-4 wide (measured 62%) */
    CHECK(varied * 5 >= pieces * 2);
}

/* Ten seeds x five levels in one hash: the same on every platform. */
static void mines_golden_ten_seeds(void)
{
    uint32_t s, h = BW_GRID_FNV1A_INIT;
    int n;
    for (s = 0; s < 10; s++)
        for (n = 1; n <= BW_MINES_LEVELS; n++) {
            gen(s, n);
            h = t_fold(h, bw_grid_hash(g));
        }
    t_golden("mines_seeds0to9_all_levels", h, 0x54ea69f7u);
}

/* Walkable cells with 5 or more of their 8 neighbours pit (or fiery
 * pit): tongues of ground reaching into a pit. Pits and slopes themselves
 * are not counted; every other tile a player walks on is. */
static int pit_tongues(void)
{
    int x, y, dx, dy, n = 0;
    for (y = 1; y < 119; y++)
        for (x = 1; x < 119; x++) {
            uint8_t t = BW_AT(g, x, y);
            int pits = 0;
            if (t == BW_T_PIT || t == BW_T_FIERY_PIT || t == BW_T_DOWN_SLOPE || t == BW_T_UP_SLOPE ||
                !(bw_tiles[t].flags & BW_CONNECTS))
                continue;
            for (dy = -1; dy <= 1; dy++)
                for (dx = -1; dx <= 1; dx++) {
                    uint8_t u = BW_AT(g, x + dx, y + dy);
                    pits += (dx || dy) && (u == BW_T_PIT || u == BW_T_FIERY_PIT);
                }
            n += pits >= 5;
        }
    return n;
}

/* The pits' edges (PUT_PIT's smoothing, every level): no walkable cell has
 * 5 or more of its 8 neighbours pit, so no tongue of ground reaches into
 * a pit. Before: such cells on 83-99% of DLVL 1-4 (seed 0, DLVL 1, near
 * x 100, y 53). */
static void mines_pits_no_walkable_cell_with_5_pit_neighbours(void)
{
    uint32_t s, n = SEEDS(500), bad[BW_MINES_LEVELS + 1] = { 0 };
    int level;
    for (level = 1; level <= 4; level++)
        FOR_SEEDS_N(s, n) {
            int k;
            gen(s, level);
            k = pit_tongues();
            bad[level] += k > 0;
            CHECK(k == 0);
        }
    t_info("mines_levels_with_pit_tongues_1", bad[1]);
    t_info("mines_levels_with_pit_tongues_2", bad[2]);
    t_info("mines_levels_with_pit_tongues_3", bad[3]);
    t_info("mines_levels_with_pit_tongues_4", bad[4]);
}

/* Rules 1.2.2 and 1.3.1 (DLVL 3 is like DLVL 2, whose cave floor carries
 * watchtowers): every DLVL 2 and 3 has at least one whole 4 x 4 tower.
 * Seeds 0-499 and 10,000-10,499 of each (held out from the tuning).
 * Before: 10 of those 2,000 levels had none (48 random draws found no
 * room, and the level went without); now a scan finds the first place
 * that fits. */
static void mines_1_3_1_every_dlvl_2_and_3_has_a_watchtower(void)
{
    uint32_t s, n = SEEDS(500), none = 0;
    int level, half;
    for (level = 2; level <= 3; level++)
        for (half = 0; half < 2; half++)
            FOR_SEEDS_N(s, n) {
                int t;
                gen(s + (uint32_t)half * 10000u, level);
                t = count(BW_T_WATCHTOWER);
                none += t == 0;
                CHECK(t >= 16 && t % 16 == 0);
            }
    t_info("mines_dlvl_2_3_without_tower", none);
}

/* Connected regions (tiles that connect, climbing allowed) that fall
 * apart into two or more walking regions for a player who never climbs
 * rubble, stalactites, stalagmites or boulders. m->a: walked, m->b: the
 * connected region of each walking region found. */
static int regions_split_by_obstacles(void)
{
    bw_tileset walk, conn;
    int x, y, split = 0;
    bw_tileset_from_flags(&conn, BW_CONNECTS);
    walk = conn;
    walk.w[BW_T_RUBBLE >> 5] &= ~(1u << (BW_T_RUBBLE & 31));
    walk.w[BW_T_STALACTITE >> 5] &= ~(1u << (BW_T_STALACTITE & 31));
    walk.w[BW_T_STALAGMITE >> 5] &= ~(1u << (BW_T_STALAGMITE & 31));
    walk.w[BW_T_BOULDER >> 5] &= ~(1u << (BW_T_BOULDER & 31));
    bw_plane_clear(&m->a);
    bw_plane_clear(&m->b);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            if (BW_TILESET_HAS(&walk, BW_AT(g, x, y)) && !BW_PGET(&m->a, x, y)) {
                bw_fill_flood(&m->fill, g, &walk, &m->a, x, y);
                if (BW_PGET(&m->b, x, y))
                    split++; /* its region already held another walking region */
                else
                    bw_fill_flood(&m->fill, g, &conn, &m->b, x, y);
            }
    return split;
}

/* Rules 1.1.4, 1.2.4, 1.2.5, 1.3.2, 1.4.6, 1.5.1, for a player who never
 * climbs: rubble, stalactites, stalagmites and boulders may block side
 * ways, never the only one. On every level, ground joined when climbing
 * is allowed is joined without climbing too: so from every arrival the
 * way down (and on DLVL 5 every island) is reached on foot. Seeds 0-499
 * and 10,000-10,499 of every level. */
static void mines_obstacles_never_block_the_only_way(void)
{
    uint32_t s, n = SEEDS(500), bad[BW_MINES_LEVELS + 1] = { 0 };
    int level, half;
    for (level = 1; level <= BW_MINES_LEVELS; level++)
        for (half = 0; half < 2; half++)
            FOR_SEEDS_N(s, n) {
                int k;
                gen(s + (uint32_t)half * 10000u, level);
                k = regions_split_by_obstacles();
                bad[level] += k > 0;
                CHECK(k == 0);
            }
    t_info("mines_split_by_obstacles_1", bad[1]);
    t_info("mines_split_by_obstacles_2", bad[2]);
    t_info("mines_split_by_obstacles_3", bad[3]);
    t_info("mines_split_by_obstacles_4", bad[4]);
    t_info("mines_split_by_obstacles_5", bad[5]);
}

/* Rule 1.3.3, streamers cross the cave (format version 5): the water's
 * share within 20 squares (Pythagorean, of the box round the pit's
 * cells) of the one pit down is at most 1.5 times the ground's share
 * there (ground: every cell but rock), on 90% of levels; seeds 0-299 and
 * 10,000-10,299. Before: on 132 of those 600 levels, half the water of
 * the median level lying there; now on 566 (the halls, and streamer ends
 * and lines kept from the pit down, docs/mines.md). */
static int water_near_pit_ok(uint32_t *share)
{
    int x, y, x0 = 120, y0 = 120, x1 = -1, y1 = -1;
    uint32_t ground = 0, gnear = 0, water = 0, wnear = 0;
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            if (BW_AT(g, x, y) == BW_T_PIT) {
                x0 = bw_min(x0, x); y0 = bw_min(y0, y);
                x1 = bw_max(x1, x); y1 = bw_max(y1, y);
            }
    if (x1 < 0)
        return 0;
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++) {
            uint8_t t = BW_AT(g, x, y);
            int dx = bw_max(bw_max(x0 - x, x - x1), 0), dy = bw_max(bw_max(y0 - y, y - y1), 0);
            int near = dx * dx + dy * dy <= 20 * 20, wet = t == BW_T_SHALLOW || t == BW_T_DEEP;
            if (t == BW_T_ROCK)
                continue;
            ground++;
            gnear += (uint32_t)near;
            water += (uint32_t)wet;
            wnear += (uint32_t)(wet && near);
        }
    *share = water ? wnear * 100u / water : 0;
    return water > 0 && wnear * ground * 2u <= gnear * water * 3u;
}

static void mines_1_3_3_streamers_cross_the_cave(void)
{
    uint32_t s, n = SEEDS(300), ok = 0, half, shares[101] = { 0 }, median = 0, seen = 0;
    for (half = 0; half < 2; half++)
        FOR_SEEDS_N(s, n) {
            uint32_t share = 0;
            gen(s + half * 10000u, 3);
            ok += (uint32_t)water_near_pit_ok(&share);
            shares[share]++;
        }
    while (median < 100 && (seen += shares[median]) < n)
        median++; /* the median level's water share near the pit, % */
    t_info("mines_3_water_near_pit_ok", ok);
    t_info("mines_3_water_near_pit_median_pct", median);
    CHECK(ok * 10 >= 2 * n * 9);
}

/* Rule 1.4.2, thin mineshafts on every level (format version 5): the
 * median width of a level's shaft cells (shaft_cells, width_at) is at most
 * 2 on every DLVL 4; seeds 0-299 and 10,000-10,299 (held out). Before:
 * over 2 on 156 of those 600 levels; now none (the generator narrows
 * shafts where more than half their cells are 3-4 wide). */
static void mines_1_4_2_every_level_median_shaft_width_at_most_2(void)
{
    uint32_t s, n = SEEDS(300), half, bad = 0;
    int x, y;
    for (half = 0; half < 2; half++)
        FOR_SEEDS_N(s, n) {
            uint32_t cells = 0, thin = 0;
            gen(s + half * 10000u, 4);
            shaft_cells();
            for (y = 0; y < 120; y++)
                for (x = 0; x < 120; x++)
                    if (BW_PGET(&m->b, x, y)) {
                        cells++;
                        thin += width_at(x, y) <= 2;
                    }
            bad += thin * 2 < cells;
            CHECK(thin * 2 >= cells);
        }
    t_info("mines_4_levels_median_over_2", bad);
}

/* Rule 1.5.1, small islands: an island is a 4-connected piece of cells
 * whose 3 x 3 square is all ground (cave_cores: the paths, 1 wide, hold
 * none); the island area is their cells. No island holds more than 25% of
 * it, and the islands the player arrives on (those with an up slope, or a
 * cell next to one) hold at most 40% together, on every level. Each
 * level's figures: *area, *arrive (arrival islands) and *most (the
 * biggest island). */
static void island_figures(uint32_t *area, uint32_t *arrive, uint32_t *most)
{
    int x, y;
    *area = *arrive = *most = 0;
    cave_cores();
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            *area += BW_PGET(&m->b, x, y);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++) {
            int xx, yy, dx, dy, up = 0;
            uint32_t k;
            if (!BW_PGET(&m->b, x, y))
                continue;
            /* the island in m->a; its cells leave m->b */
            bw_plane_clear(&m->a);
            k = (uint32_t)bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, x, y);
            for (yy = y; yy < 119; yy++)
                for (xx = 1; xx < 119; xx++)
                    if (BW_PGET(&m->a, xx, yy)) {
                        BW_PCLR(&m->b, xx, yy);
                        for (dy = -1; dy <= 1; dy++)
                            for (dx = -1; dx <= 1; dx++)
                                up |= BW_AT(g, xx + dx, yy + dy) == BW_T_UP_SLOPE;
                    }
            *most = bw_max(*most, k);
            *arrive += up ? k : 0;
        }
}

/* The desktop sweeps seeds 0-1,999 and 10,000-11,999 (4,000 levels), the
 * boards the first SEEDS(300) of each half. */
#if BW_TEST_DIV == 1
#define ISLAND_SWEEP 2000u
#else
#define ISLAND_SWEEP SEEDS(300)
#endif

/* Levels that broke a bound as format version 5 placed the islands
 * (format versions 6 and 7 mended them on the finished map), checked on
 * the boards too: all 17 of seeds 0-1,999 and 10,000-11,999, and of the
 * 210 in seeds 0-49,999 the biggest islands (32%, 32%, 31%, 30%: 43242,
 * 31312, 24441, 44730) and arrivals (50%, 48%, 47%: 10382, 30929, 17096);
 * then the levels nearest a bound of seeds 0-299,999 since the islands
 * are confined to their nodes' grounds (arrivals 28.5%, 28.2%, 28.0%:
 * 28471, 290024, 52252; the biggest island 17.7%, 16.5%, 16.3%: 216301,
 * 161025, 22384). */
static const uint32_t island_seeds[] = {
    626, 1162, 1404, 1544, 1964, 10382, 10640, 10959, 10988, 11101, 11194, 11366,
    11440, 11761, 11879, 11967, 11989, 43242, 31312, 24441, 44730, 30929, 17096,
    28471, 290024, 52252, 216301, 161025, 22384
};

/* Format version 5 (islands apart, small ones under the pits) kept the
 * bounds on 3,983 of the 4,000 levels swept, 49,790 of seeds 0-49,999: a
 * rate, which format versions 6 and 7 mended on the finished map. Now
 * every island lies within the ground of one node (docs/mines.md, "The
 * bounds on every level"): none over on seeds 0-299,999. Without the step
 * that confines them, 11 of the levels this test sweeps fail (an island
 * over a quarter: islands joined by a path); with it but the islands
 * placed as before (12-16 of radius 3-5, 24 apart), 33 (arrivals up to
 * 52%). */
static void mines_1_5_1_no_island_over_25_percent_arrivals_at_most_40(void)
{
    uint32_t s, n = ISLAND_SWEEP, half, big = 0, arrive_bad = 0, worst = 0;
    for (half = 0; half < 3; half++)
        FOR_SEEDS_N(s, half < 2 ? n : (uint32_t)(sizeof island_seeds / sizeof island_seeds[0])) {
            uint32_t area, arrive, most;
            /* the list from its start whatever the window (from=F) */
            gen(half < 2 ? s + half * 10000u : island_seeds[s - t_seed_from()], 5);
            island_figures(&area, &arrive, &most);
            big += most * 4 > area;
            arrive_bad += arrive * 10 > area * 4;
            worst = bw_max(worst, arrive * 100 / (area ? area : 1));
            CHECK(most * 4 <= area);
            CHECK(arrive * 10 <= area * 4);
        }
    t_info("mines_5_levels_island_over_25pct", big);
    t_info("mines_5_levels_arrivals_over_40pct", arrive_bad);
    t_info("mines_5_arrivals_worst_pct", worst);
}

void suite_mines(void)
{
    RUN(mines_1_3_3_streamers_cross_the_cave);
    RUN(mines_1_4_2_every_level_median_shaft_width_at_most_2);
    RUN(mines_1_5_1_no_island_over_25_percent_arrivals_at_most_40);
    RUN(mines_obstacles_never_block_the_only_way);
    RUN(mines_1_3_1_every_dlvl_2_and_3_has_a_watchtower);
    RUN(mines_pits_no_walkable_cell_with_5_pit_neighbours);
    RUN(mines_1_1_1_buildings_and_rubble);
    RUN(mines_1_1_2_empty_squares_are_dirt);
    RUN(mines_1_1_3_pits_lead_down);
    RUN(mines_1_1_4_all_open_ground_connected);
    RUN(mines_1_2_1_rounded_stone_caves_round_pit_bases);
    RUN(mines_1_2_2_stalactites_lichen_watchtowers_rubble);
    RUN(mines_1_2_3_other_squares_are_rock);
    RUN(mines_1_2_4_each_cave_connected);
    RUN(mines_1_2_5_pits_in_reachable_areas);
    RUN(mines_1_3_1_like_dlvl_2);
    RUN(mines_1_3_2_single_cave_joins_pit_bases);
    RUN(mines_1_3_3_water_streamers);
    RUN(mines_1_3_4_only_one_pit_down);
    RUN(mines_1_3_5_slick_ring_round_the_pit);
    RUN(mines_1_3_5_steam_during_play);
    RUN(mines_1_4_1_many_small_caves);
    RUN(mines_1_4_2_thin_mineshafts_connect);
    RUN(mines_1_4_2_shafts_1_to_4_wide_mostly_thin);
    RUN(mines_1_4_3_cave_at_pit_base);
    RUN(mines_1_4_4_caves_may_overlap);
    RUN(mines_1_4_5_stalactites_and_rubble);
    RUN(mines_1_4_6_full_connectivity);
    RUN(mines_1_4_7_buildings_clear_of_cave_walls);
    RUN(mines_1_4_8_fiery_pits_down);
    RUN(mines_1_5_1_small_islands_connected);
    RUN(mines_1_5_2_meandering_stone_paths);
    RUN(mines_1_5_3_stalagmites_rubble_boulders);
    RUN(mines_1_5_4_lava_all_round);
    RUN(mines_links_match_level_below);
    RUN(mines_level_alone_equals_level_in_sequence);
    RUN(mines_registry_and_range);
    RUN(mines_1_2_1_caves_rounded_inside_a_rock_margin);
    RUN(mines_put_pit_edges_smoothed_not_hollow);
    RUN(mines_1_3_3_no_water_within_10_of_an_up_slope);
    RUN(mines_1_3_3_deepening_rule_holds_but_for_needed_crossings);
    RUN(mines_1_4_1_more_caves_than_dlvl_2_and_3);
    RUN(mines_golden);
    RUN(mines_golden_ten_seeds);
}
