/* The Abyss (rules 5.1 - 5.3, docs/abyss.md), include/burrow/abyss.h. Each test is
 * named after the requirement it checks and runs SEEDS(500) seeds. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;
static bw_grid *const g = &arena.map.grid;

static void gen(uint32_t s, int level, bw_abyss_info *info)
{
    t_seed(s);
    bw_abyss_level(m, s, level, info);
}

/* FNV-1a of area a's cells, so kept areas can be compared without a
 * second grid (which the 20 KiB board has no room for). */
static uint32_t area_hash(int a)
{
    int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA, y;
    uint32_t h = BW_GRID_FNV1A_INIT;
    for (y = y0; y < y0 + BW_ABYSS_AREA; y++)
        h = bw_grid_fnv1a(h, &BW_AT(g, x0, y), BW_ABYSS_AREA);
    return h;
}

static int count_in(int a, uint8_t t)
{
    int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
    int x, y, n = 0;
    for (y = y0; y < y0 + BW_ABYSS_AREA; y++)
        for (x = x0; x < x0 + BW_ABYSS_AREA; x++)
            n += BW_AT(g, x, y) == t;
    return n;
}

/* Walkable ground (what a player can step on) is one region. */
static int walkable_connected(void)
{
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_PASS);
    return bw_fill_connected(&m->fill, g, &open, &m->a);
}

static int find(uint8_t t, int *x, int *y)
{
    int i, n = 0;
    for (i = 0; i < BW_GRID_CELLS; i++)
        if (g->cell[i] == t && (i % BW_GRID_MAX) < g->w) {
            *x = i % BW_GRID_MAX;
            *y = i / BW_GRID_MAX;
            n++;
        }
    return n;
}

/* A random walkable cell, as a player would stand on. */
static void somewhere(bw_rng *r, int *x, int *y)
{
    do {
        *x = bw_rng_range(r, 1, BW_ABYSS_SIZE - 2);
        *y = bw_rng_range(r, 1, BW_ABYSS_SIZE - 2);
    } while (!bw_tile_passable(BW_AT(g, *x, *y)));
}

/* Rule 5.1: every kind of area occurs, as a main kind and as the second of a
 * combination; about one area in three is a combination. */
static void abyss_5_1_every_kind_and_combinations(void)
{
    bw_abyss_info info;
    uint32_t s;
    int a, level, n = 0, combos = 0, main_k[BW_ABYSS_KINDS] = { 0 }, second_k[BW_ABYSS_KINDS] = { 0 };
    int k, mean3, sd3;
    FOR_SEEDS(s, 500) {
        level = 1 + (int)(s % 5);
        gen(s, level, &info);
        for (a = 0; a < BW_ABYSS_AREAS; a++) {
            REQUIRE(info.kind[a] < BW_ABYSS_KINDS && info.half[a] <= 4);
            main_k[info.kind[a]]++;
            n++;
            if (info.half[a]) {
                CHECK(info.second[a] != info.kind[a] && info.second[a] < BW_ABYSS_KINDS);
                second_k[info.second[a]]++;
                combos++;
            }
        }
    }
    for (k = 0; k < BW_ABYSS_KINDS; k++)
        CHECK(main_k[k] > 0 && second_k[k] > 0);
    /* binomial(n, 1/3): within 4 standard deviations (x3 to stay integer) */
    mean3 = n;
    sd3 = bw_isqrt((int32_t)n * 2);
    CHECK(3 * combos > mean3 - 4 * sd3 && 3 * combos < mean3 + 4 * sd3);
}

/* What a part of an area is made of, counted over rectangle r. */
typedef struct make_up {
    int cells, walls, wood, rubble, boulders, stone, dirt, lichen, rock, specks;
} make_up;

static make_up count_rect(int x0, int y0, int x1, int y1)
{
    make_up c = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
    int x, y;
    for (y = y0; y <= y1; y++)
        for (x = x0; x <= x1; x++) {
            uint8_t t = BW_AT(g, x, y);
            c.cells++;
            c.walls += t == BW_T_BWALL || t == BW_T_CRUMBLE_WALL || t == BW_T_BROKEN_WALL || t == BW_T_DOOR;
            c.wood += t == BW_T_WOOD;
            c.rubble += t == BW_T_RUBBLE;
            c.boulders += t == BW_T_BOULDER;
            c.stone += t == BW_T_STONE;
            c.dirt += t == BW_T_DIRT;
            c.lichen += t == BW_T_LICHEN;
            c.rock += t == BW_T_ROCK;
            if (t == BW_T_ROCK && x > x0 && y > y0 && x < x1 && y < y1) {
                /* a speck: rock with two rock neighbours or fewer, which
                 * noise has (a fifth of its rock) and the 4-5 rule erodes */
                int d, n = 0;
                for (d = 0; d < 8; d++)
                    n += BW_AT(g, x + bw_dx8[d], y + bw_dy8[d]) == BW_T_ROCK;
                c.specks += n <= 2;
            }
        }
    return c;
}

/* 1 if the counts read as `kind` (carved ways of the area's floor and its
 * anchors may cross any part, so each test leaves them room). */
static int looks_like(int kind, make_up c)
{
    switch (kind) {
    case BW_ABYSS_RUINS: /* rooms of wood in building walls, on open ground (the
                            level's dirt or stone: rule 5.1's ground), little rock */
        return c.wood > 0 && c.walls > 0 && (c.dirt + c.stone) * 4 >= c.cells && c.rock * 10 <= c.cells;
    case BW_ABYSS_RUBBLE: /* heaps of rubble, boulders between */
        return c.rubble * 100 >= c.cells * 4 && c.boulders > 0 && c.wood == 0;
    case BW_ABYSS_MAZE: /* passages in rock, nothing else */
        return c.rock * 100 >= c.cells * 40 && c.wood + c.rubble + c.lichen == 0 &&
               (c.stone + c.dirt) * 100 >= c.cells * 25;
    default: /* a cave: open ground and lichen in rock (a tenth or more of
                it rock), rounded (few specks) */
        return (c.stone + c.dirt + c.lichen) * 5 >= c.cells && c.rock * 10 >= c.cells &&
               c.wood + c.rubble == 0 && c.specks * 10 <= c.rock;
    }
}

/* The half of area a that a second kind covers, as the generator takes it
 * (of the area's part inside the map's rock rim). The wavy line between
 * the two kinds wanders up to 3 lines into the main kind's half: for that
 * half (the opposite side, 1 <-> 2, 3 <-> 4) pass `main_side` to leave
 * those lines out. */
static void half_rect(int a, int half, int main_side, int *x0, int *y0, int *x1, int *y1)
{
    int bx0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, by0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
    int bx1 = bx0 + BW_ABYSS_AREA - 1, by1 = by0 + BW_ABYSS_AREA - 1, mx, my;
    bx0 = bw_max(bx0, 1);
    by0 = bw_max(by0, 1);
    bx1 = bw_min(bx1, BW_ABYSS_SIZE - 2);
    by1 = bw_min(by1, BW_ABYSS_SIZE - 2);
    mx = (bx0 + bx1) / 2;
    my = (by0 + by1) / 2;
    *x0 = half == 2 ? mx + 1 + 3 * main_side : bx0;
    *x1 = half == 1 ? mx - 3 * main_side : bx1;
    *y0 = half == 4 ? my + 1 + 3 * main_side : by0;
    *y1 = half == 3 ? my - 3 * main_side : by1;
}

/* Rule 5.1: each kind reads as its name, whole or as the second kind of a
 * combination over its half (the other half still reads as the main
 * kind); the buildings crumble; caves have lichen. */
static void abyss_5_1_kinds_look_like_their_names(void)
{
    bw_abyss_info info;
    uint32_t s;
    int a, whole[BW_ABYSS_KINDS] = { 0 }, halves[BW_ABYSS_KINDS] = { 0 };
    int bad_whole = 0, bad_half = 0, bad_rest = 0, crumbling = 0, lichen = 0, combos = 0;
    FOR_SEEDS(s, 500) {
        gen(s, 1 + (int)(s % 5), &info);
        for (a = 0; a < BW_ABYSS_AREAS; a++) {
            int x0, y0, x1, y1;
            make_up c;
            if (!info.half[a]) {
                half_rect(a, 0, 0, &x0, &y0, &x1, &y1);
                c = count_rect(x0, y0, x1, y1);
                whole[info.kind[a]]++;
                bad_whole += !looks_like(info.kind[a], c);
                crumbling += info.kind[a] == BW_ABYSS_RUINS && count_in(a, BW_T_CRUMBLE_WALL) > 0 && c.rubble > 0;
                lichen += info.kind[a] == BW_ABYSS_CAVE && c.lichen > 0;
                continue;
            }
            combos++;
            half_rect(a, info.half[a], 0, &x0, &y0, &x1, &y1);
            halves[info.second[a]]++;
            bad_half += !looks_like(info.second[a], count_rect(x0, y0, x1, y1));
            /* the other half: the opposite side (1 <-> 2, 3 <-> 4) */
            half_rect(a, info.half[a] + (info.half[a] % 2 ? 1 : -1), 1, &x0, &y0, &x1, &y1);
            bad_rest += !looks_like(info.kind[a], count_rect(x0, y0, x1, y1));
        }
    }
    CHECK(whole[0] && whole[1] && whole[2] && whole[3]);
    CHECK(halves[0] && halves[1] && halves[2] && halves[3]);
    t_info("abyss_whole_unlike_pct10", (uint32_t)(bad_whole * 1000 / (whole[0] + whole[1] + whole[2] + whole[3])));
    t_info("abyss_half_unlike_pct10", (uint32_t)(bad_half * 1000 / (combos ? combos : 1)));
    t_info("abyss_rest_unlike_pct10", (uint32_t)(bad_rest * 1000 / (combos ? combos : 1)));
    CHECK(bad_whole * 100 <= (whole[0] + whole[1] + whole[2] + whole[3]));
    /* the boards' tenth of the seeds holds about 120 combinations: one in
     * a hundred is a count of one, so they get twice the room */
    CHECK(bad_half * 100 <= combos * (BW_TEST_DIV > 1 ? 2 : 1) && bad_rest * 100 <= combos * 3);
    /* the buildings are crumbling: nearly every ruin has crumbling walls
     * and fallen rubble; nearly every cave has lichen */
    CHECK(crumbling * 100 >= whole[BW_ABYSS_RUINS] * 95);
    CHECK(lichen * 100 >= whole[BW_ABYSS_CAVE] * 95);
}

/* A maze is "twisted": passages one wide. Count 2 x 2 squares of walkable
 * cells in whole-maze areas: only the joins to ports and links may make
 * one, so they stay rare. */
static void abyss_5_1_mazes_are_one_wide(void)
{
    bw_abyss_info info;
    uint32_t s;
    int a, x, y, squares = 0, cells = 0;
    FOR_SEEDS(s, 500) {
        gen(s, 1 + (int)(s % 5), &info);
        for (a = 0; a < BW_ABYSS_AREAS; a++) {
            int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
            if (info.kind[a] != BW_ABYSS_MAZE || info.half[a])
                continue;
            for (y = y0; y < y0 + BW_ABYSS_AREA - 1; y++)
                for (x = x0; x < x0 + BW_ABYSS_AREA - 1; x++) {
                    cells++;
                    squares += bw_tile_passable(BW_AT(g, x, y)) && bw_tile_passable(BW_AT(g, x + 1, y)) &&
                               bw_tile_passable(BW_AT(g, x, y + 1)) && bw_tile_passable(BW_AT(g, x + 1, y + 1));
                }
        }
    }
    REQUIRE(cells > 0);
    CHECK(squares * 100 < cells); /* under 1% */
}

/* Rule 5.2: exactly one pit down on DLVL 1-4 (none on 5), where bw_abyss_pit
 * says, and still exactly one after any number of regenerations. */
static void abyss_5_2_exactly_one_pit_down(void)
{
    bw_abyss_info info;
    bw_rng r;
    uint32_t s, e;
    int level, x = 0, y = 0, px, py;
    FOR_SEEDS(s, 500) {
        level = 1 + (int)(s % 5);
        gen(s, level, &info);
        if (level == 5) {
            CHECK(find(BW_T_PIT, &x, &y) == 0 && !info.has_pit);
            CHECK(bw_abyss_pit(s, 5, &px, &py) == BW_ERR_LEVEL);
            continue;
        }
        CHECK(find(BW_T_PIT, &x, &y) == 1);
        REQUIRE(bw_abyss_pit(s, level, &px, &py) == 0);
        CHECK(x == px && y == py && info.pit_x == x && info.pit_y == y);
        bw_rng_seed(&r, s + 1);
        for (e = 1; e <= 6; e++) {
            somewhere(&r, &px, &py);
            bw_abyss_regenerate(m, s, level, e, px, py, BW_ABYSS_KEEP, &info);
            CHECK(find(BW_T_PIT, &x, &y) == 1);
            CHECK(info.pit_x == x && info.pit_y == y);
        }
    }
}

/* Rule 5.3: areas within sight of the player are kept exactly; every area out
 * of sight is redrawn (nearly always to something new). */
static void abyss_5_3_out_of_sight_regenerates(void)
{
    bw_abyss_info info;
    bw_rng r;
    uint32_t s, before[BW_ABYSS_AREAS];
    int a, px, py, far, changed = 0, redrawn_total = 0;
    FOR_SEEDS(s, 500) {
        int level = 1 + (int)(s % 5), n;
        gen(s, level, &info);
        bw_rng_seed(&r, s);
        somewhere(&r, &px, &py);
        for (a = 0; a < BW_ABYSS_AREAS; a++)
            before[a] = area_hash(a);
        n = bw_abyss_regenerate(m, s, level, 1, px, py, BW_ABYSS_KEEP, &info);
        far = 0;
        for (a = 0; a < BW_ABYSS_AREAS; a++) {
            int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
            int nx = bw_clamp(px, x0, x0 + BW_ABYSS_AREA - 1), ny = bw_clamp(py, y0, y0 + BW_ABYSS_AREA - 1);
            if (bw_dist2(nx, ny, px, py) <= BW_ABYSS_KEEP * BW_ABYSS_KEEP) {
                CHECK(area_hash(a) == before[a]);
            } else {
                far++;
                changed += area_hash(a) != before[a];
            }
        }
        CHECK(n == far && info.redrawn == far);
        CHECK(far >= BW_ABYSS_AREAS - 16); /* a 48-wide sight covers 4 x 4 areas at most */
        redrawn_total += far;
    }
    CHECK(changed * 100 >= redrawn_total * 95);
}

/* Rule 5.3: the pit stays put while its area is in sight, moves into a redrawn
 * area when its own is redrawn, and over a few regenerations the player
 * far from it sees it move. */
static void abyss_5_3_exit_moves_when_out_of_sight(void)
{
    bw_abyss_info info;
    uint32_t s;
    int moved = 0, kept_ok = 1, levels = 0;
    FOR_SEEDS(s, 500) {
        int level = 1 + (int)(s % 4), px, py, ox, oy, x = 0, y = 0;
        uint32_t e;
        gen(s, level, &info);
        /* stand next to the pit: it must stay */
        ox = info.pit_x;
        oy = info.pit_y;
        bw_abyss_regenerate(m, s, level, 1, ox, oy, BW_ABYSS_KEEP, &info);
        kept_ok &= info.pit_x == ox && info.pit_y == oy && BW_AT(g, ox, oy) == BW_T_PIT;
        /* walk to the far corner: its area is out of sight, so it moves */
        px = ox < 60 ? 110 : 9;
        py = oy < 60 ? 110 : 9;
        for (e = 2; e <= 4; e++) {
            int a;
            bw_abyss_regenerate(m, s, level, e, px, py, BW_ABYSS_KEEP, &info);
            find(BW_T_PIT, &x, &y);
            a = (y / BW_ABYSS_AREA) * BW_ABYSS_SIDE + x / BW_ABYSS_AREA;
            /* the new pit lies in an area out of sight */
            CHECK(bw_dist2(bw_clamp(px, (a % 6) * 20, (a % 6) * 20 + 19),
                           bw_clamp(py, (a / 6) * 20, (a / 6) * 20 + 19), px, py) >
                  BW_ABYSS_KEEP * BW_ABYSS_KEEP);
            /* to a place in another area */
            moved += (y / BW_ABYSS_AREA) * BW_ABYSS_SIDE + x / BW_ABYSS_AREA !=
                     (oy / BW_ABYSS_AREA) * BW_ABYSS_SIDE + ox / BW_ABYSS_AREA;
            ox = x;
            oy = y;
        }
        levels++;
    }
    CHECK(kept_ok);
    CHECK(moved == levels * 3); /* every time: from the far corner, ten or
                                   more places are out of sight */
}

/* Connectivity: all walkable ground of a level is one region, at every
 * epoch (world rule 3, docs/tiles.md, counts more tiles as open: rubble,
 * boulders; it holds a fortiori), and the pit is reachable from the
 * ladder. */
static void abyss_walkable_ground_always_connected(void)
{
    bw_abyss_info info;
    bw_rng r;
    uint32_t s, e;
    int px, py;
    FOR_SEEDS(s, 500) {
        int level = 1 + (int)(s % 5);
        gen(s, level, &info);
        CHECK(walkable_connected());
        bw_rng_seed(&r, s * 7 + 1);
        for (e = 1; e <= 3; e++) {
            somewhere(&r, &px, &py);
            bw_abyss_regenerate(m, s, level, e, px, py, BW_ABYSS_KEEP, &info);
            CHECK(walkable_connected());
        }
    }
}

/* World rule 2: a pit down at (x, y) on DLVL n has the way up directly
 * beneath it. The pit is always on one of the twelve places of its level,
 * the other places are open; under every place the level below has a
 * ladder; both stay through regenerations, so wherever the pit has moved
 * the player lands by a ladder that climbs back to open ground. */
static int places_hold(uint32_t s, int level, int pits_wanted)
{
    int k, x, y, pits = 0, ok = 1;
    for (k = 0; k < BW_ABYSS_SPOTS; k++) {
        if (bw_abyss_spot(s, level, k, &x, &y) != 0)
            return 0;
        pits += BW_AT(g, x, y) == BW_T_PIT;
        ok &= bw_tile_passable(BW_AT(g, x, y));
    }
    return ok && pits == pits_wanted;
}

static int ladders_under(uint32_t s, int level_above)
{
    int k, x, y, ok = 1;
    for (k = 0; k < BW_ABYSS_SPOTS; k++) {
        if (bw_abyss_spot(s, level_above, k, &x, &y) != 0)
            return 0;
        ok &= BW_AT(g, x, y) == BW_T_LADDER;
    }
    return ok;
}

static void abyss_links_match_level_below(void)
{
    bw_abyss_info info;
    uint32_t s, e;
    int x = 0, y = 0;
    FOR_SEEDS(s, 500) {
        int level = 1 + (int)(s % 5);
        gen(s, level, &info);
        for (e = 0; e <= 3; e++) {
            if (e > 0)
                bw_abyss_regenerate(m, s, level, e, 5 + 37 * (int)e, 114 - 31 * (int)e, BW_ABYSS_KEEP, &info);
            if (level < 5)
                CHECK(places_hold(s, level, 1));
            if (level > 1)
                CHECK(ladders_under(s, level - 1) && find(BW_T_LADDER, &x, &y) == BW_ABYSS_SPOTS);
            else
                CHECK(find(BW_T_LADDER, &x, &y) == 0);
        }
    }
    CHECK(bw_abyss_spot(1, 0, 0, &x, &y) == BW_ERR_LEVEL && bw_abyss_spot(1, 5, 0, &x, &y) == BW_ERR_LEVEL);
    CHECK(bw_abyss_spot(1, 2, BW_ABYSS_SPOTS, &x, &y) == BW_ERR_ARG);
}

/* The map's rim is rock on every level and epoch. */
static void abyss_rim_is_rock(void)
{
    bw_abyss_info info;
    uint32_t s;
    int i;
    FOR_SEEDS(s, 200) {
        int level = 1 + (int)(s % 5), ok = 1;
        gen(s, level, &info);
        bw_abyss_regenerate(m, s, level, 1, 60, 60, BW_ABYSS_KEEP, &info);
        for (i = 0; i < 120; i++)
            ok &= BW_AT(g, i, 0) == BW_T_ROCK && BW_AT(g, i, 119) == BW_T_ROCK &&
                  BW_AT(g, 0, i) == BW_T_ROCK && BW_AT(g, 119, i) == BW_T_ROCK;
        CHECK(ok);
    }
}

/* ------------------------------------------------ seams and mountains */

/* What a square is made of, as a player sees its colour: dirt (1),
 * stone or rock (2), anything else (0: walls, rubble, lichen, ...). */
static int material(uint8_t t)
{
    return t == BW_T_DIRT ? 1 : t == BW_T_STONE || t == BW_T_ROCK ? 2 : 0;
}

/* 1 if the squares (x, y) and (x + dx, y + dy) switch between dirt and
 * stone or rock. */
static int switches(int x, int y, int dx, int dy)
{
    return (material(BW_AT(g, x, y)) | material(BW_AT(g, x + dx, y + dy))) == 3;
}

/* A straight material edge: SEG squares in a row along a line between
 * two rows (or columns) where every pair across switches, with dirt on
 * the same side all along. */
#define SEG 5
static int straight_edge(int x, int y, int across_x)
{
    int i, first = material(BW_AT(g, x, y));
    for (i = 0; i < SEG; i++) {
        int ax = across_x ? x : x + i, ay = across_x ? y + i : y;
        if (!switches(ax, ay, across_x, !across_x) || material(BW_AT(g, ax, ay)) != first)
            return 0;
    }
    return 1;
}

/* Rule 5.1 as a player sees it: the areas do not read as a grid. On the
 * finished grid (inside the rock rim), over the seeds and all five
 * levels: neighbouring squares across an area border (x or y = 19 | 20,
 * 39 | 40, ...) switch between dirt and stone or rock at most twice as
 * often as neighbouring squares inside one area; and of the border's
 * segments (SEG squares along it, four to an area's side) at most 2% are
 * straight material edges (against the same-length segments inside the
 * areas, reported). */
static void abyss_5_1_no_grid_of_areas(void)
{
    uint32_t s, n = SEEDS(300);
    /* [0] inside an area, [1] across a border */
    uint32_t pairs[2] = { 0 }, sw_n[2] = { 0 }, segs[2] = { 0 }, str_n[2] = { 0 };
    int level, x, y, k;
    for (level = 1; level <= BW_ABYSS_LEVELS; level++)
        FOR_SEEDS_N(s, n) {
            gen(s, level, 0);
            for (y = 1; y < BW_ABYSS_SIZE - 1; y++)
                for (x = 1; x < BW_ABYSS_SIZE - 1; x++)
                    for (k = 0; k < 2; k++) {
                        int nx = x + (k == 0), ny = y + (k == 1), sw, border;
                        if (nx >= BW_ABYSS_SIZE - 1 || ny >= BW_ABYSS_SIZE - 1)
                            continue;
                        sw = switches(x, y, nx - x, ny - y);
                        border = k == 0 ? nx % BW_ABYSS_AREA == 0 : ny % BW_ABYSS_AREA == 0;
                        pairs[border]++;
                        sw_n[border] += (uint32_t)sw;
                        /* segments start at 0, 5, 10, 15 along the area's side */
                        if ((k == 0 ? y : x) % SEG == 0 && (k == 0 ? y : x) + SEG < BW_ABYSS_SIZE) {
                            segs[border]++;
                            str_n[border] += (uint32_t)straight_edge(x, y, k == 0);
                        }
                    }
        }
    t_info("abyss_border_switch_pct10", (uint32_t)((uint64_t)sw_n[1] * 1000 / pairs[1]));
    t_info("abyss_inside_switch_pct10", (uint32_t)((uint64_t)sw_n[0] * 1000 / pairs[0]));
    t_info("abyss_border_straight_pct10", str_n[1] * 1000 / segs[1]);
    t_info("abyss_inside_straight_pct10", (uint32_t)((uint64_t)str_n[0] * 1000 / segs[0]));
    /* border rate <= 2 x inside rate, cross-multiplied */
    CHECK((uint64_t)sw_n[1] * pairs[0] <= 2 * (uint64_t)sw_n[0] * pairs[1]);
    CHECK(str_n[1] * 50 <= segs[1]);
}

/* Rule 5.1 "mountainous rubble": rubble lies in long massifs, not round mounds.
 * A massif is a 4-connected group of rubble tiles of 20 or more. Its
 * length L is its longest extent over four directions (along x, along y,
 * and along both diagonals, those scaled by 181/256 = 1/sqrt 2); it is
 * long when L >= 12 and L^2 >= 3 x its tiles (so its mean width is at
 * most a third of its length: a round mound has L^2 = 1.3 x its tiles).
 * On the finished grid over every level: massifs on 90% of levels or
 * more, and at least 60% of massifs long. */
static int massif(int x0, int y0, int *longish)
{
    bw_tileset rub;
    int i, cells, lo[4] = { 999, 999, 999, 999 }, hi[4] = { -999, -999, -999, -999 }, len = 0, k;
    bw_tileset_clear(&rub);
    bw_tileset_add(&rub, BW_T_RUBBLE);
    bw_plane_clear(&m->b);
    cells = bw_fill_flood(&m->fill, g, &rub, &m->b, x0, y0);
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        uint32_t w32 = m->b.w[i];
        int b;
        if (!w32)
            continue;
        m->a.w[i] |= w32;
        for (b = 0; b < 32; b++)
            if ((w32 >> b) & 1u) {
                int c = i * 32 + b, x = c % BW_GRID_MAX, y = c / BW_GRID_MAX;
                int p[4];
                p[0] = x;
                p[1] = y;
                p[2] = x + y;
                p[3] = x - y;
                for (k = 0; k < 4; k++) {
                    lo[k] = bw_min(lo[k], p[k]);
                    hi[k] = bw_max(hi[k], p[k]);
                }
            }
    }
    for (k = 0; k < 4; k++) {
        int e = hi[k] - lo[k] + 1;
        len = bw_max(len, k < 2 ? e : e * 181 / 256);
    }
    *longish = len >= 12 && len * len >= 3 * cells;
    return cells;
}

static void abyss_5_1_rubble_reads_as_mountains(void)
{
    uint32_t s, n = SEEDS(300), levels = 0, with = 0, massifs = 0, longs = 0;
    int level, x, y;
    FOR_SEEDS_N(s, n)
        for (level = 1; level <= BW_ABYSS_LEVELS; level++) {
            int here = 0;
            gen(s, level, 0);
            bw_plane_clear(&m->a);
            for (y = 1; y < BW_ABYSS_SIZE - 1; y++)
                for (x = 1; x < BW_ABYSS_SIZE - 1; x++)
                    if (BW_AT(g, x, y) == BW_T_RUBBLE && !BW_PGET(&m->a, x, y)) {
                        int lg, c = massif(x, y, &lg);
                        if (c >= 20) {
                            here++;
                            massifs++;
                            longs += (uint32_t)lg;
                        }
                    }
            levels++;
            with += here > 0;
        }
    t_info("abyss_levels_with_massifs_pct", with * 100 / levels);
    t_info("abyss_long_massifs_pct", massifs ? longs * 100 / massifs : 0);
    CHECK(with * 10 >= levels * 9);
    CHECK(longs * 10 >= massifs * 6);
}

/* Rule 5.2 whatever the game writes: a game fills the pit in (writes floor over
 * it) and regenerates, standing on it or far from it: the grid holds
 * exactly one pit again, and the tile the game wrote, in sight, stays as
 * written. A pit the game writes itself is refused (BW_ERR_STATE) and the map left
 * as it was. DLVL 5 keeps none. */
static void abyss_5_2_pit_restored_after_game_writes_over_it(void)
{
    uint32_t s, n = SEEDS(300);
    int level, x = 0, y = 0, near;
    FOR_SEEDS_N(s, n)
        for (level = 1; level <= BW_ABYSS_LEVELS; level++)
            for (near = 0; near < 2; near++) {
                int px, py, r;
                uint32_t h;
                gen(s, level, 0);
                if (level == BW_ABYSS_LEVELS) {
                    CHECK(bw_abyss_regenerate(m, s, level, 1, 60, 60, BW_ABYSS_KEEP, 0) >= 0);
                    CHECK(find(BW_T_PIT, &x, &y) == 0);
                    break;
                }
                REQUIRE(find(BW_T_PIT, &x, &y) == 1);
                BW_AT(g, x, y) = BW_T_DIRT;
                px = near ? x : (x < 60 ? 110 : 9);
                py = near ? y : (y < 60 ? 110 : 9);
                r = bw_abyss_regenerate(m, s, level, 1, px, py, BW_ABYSS_KEEP, 0);
                CHECK(r > 0);
                CHECK(find(BW_T_PIT, &px, &py) == 1);
                if (near)
                    CHECK(BW_AT(g, x, y) == BW_T_DIRT);
                /* a second pit written by the game: refused, map as it was */
                h = bw_grid_hash(g);
                BW_AT(g, 60, 60) = BW_T_PIT;
                h = bw_grid_hash(g);
                CHECK(bw_abyss_regenerate(m, s, level, 2, 9, 9, BW_ABYSS_KEEP, 0) == BW_ERR_STATE);
                CHECK(bw_grid_hash(g) == h);
            }
}

/* Rule 5.3 with the keep radius a game passes (its view radius): every area
 * with a cell within `keep` of the player keeps every tile, every other
 * one is redrawn, and the info's mask names exactly the redrawn ones. */
static void abyss_5_3_keep_radius_is_the_callers(void)
{
    static const int keeps[] = { 0, 8, 24, 40, 80, BW_ABYSS_KEEP_MAX };
    bw_abyss_info info;
    uint32_t s, before[BW_ABYSS_AREAS];
    bw_rng r;
    int i, a, px, py;
    FOR_SEEDS(s, 300) {
        int level = 1 + (int)(s % 5);
        for (i = 0; i < (int)(sizeof keeps / sizeof keeps[0]); i++) {
            int n, far = 0, keep = keeps[i];
            gen(s, level, &info);
            for (a = 0; a < BW_ABYSS_AREAS; a++)
                CHECK(BW_ABYSS_REDRAWN(&info, a));
            bw_rng_seed(&r, s * 11 + (uint32_t)i);
            somewhere(&r, &px, &py);
            for (a = 0; a < BW_ABYSS_AREAS; a++)
                before[a] = area_hash(a);
            n = bw_abyss_regenerate(m, s, level, 1 + (uint32_t)i, px, py, keep, &info);
            for (a = 0; a < BW_ABYSS_AREAS; a++) {
                int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
                int nx = bw_clamp(px, x0, x0 + BW_ABYSS_AREA - 1), ny = bw_clamp(py, y0, y0 + BW_ABYSS_AREA - 1);
                int out = bw_dist2(nx, ny, px, py) > keep * keep;
                far += out;
                CHECK((int)BW_ABYSS_REDRAWN(&info, a) == out);
                if (!out)
                    CHECK(area_hash(a) == before[a]);
            }
            CHECK(n == far && info.redrawn == far);
            if (keep == BW_ABYSS_KEEP_MAX)
                CHECK(n == 0);
        }
    }
    CHECK(bw_abyss_regenerate(m, 1, 3, 1, 5, 5, -1, 0) == BW_ERR_ARG);
    CHECK(bw_abyss_regenerate(m, 1, 3, 1, 5, 5, BW_ABYSS_KEEP_MAX + 1, 0) == BW_ERR_ARG);
}

/* A level alone (after garbage) equals the same level after the others,
 * in either order, and the same regenerations give the same map. */
static void abyss_level_alone_equals_level_in_sequence(void)
{
    uint32_t s, h;
    t_levels_alone_equal_in_sequence(m, "abyss", SEEDS(100));
    FOR_SEEDS(s, 100) {
        gen(s, 2, 0);
        bw_abyss_regenerate(m, s, 2, 7, 30, 30, BW_ABYSS_KEEP, 0);
        h = bw_grid_hash(g);
        t_scramble(m, s);
        gen(s, 2, 0);
        bw_abyss_regenerate(m, s, 2, 7, 30, 30, BW_ABYSS_KEEP, 0);
        CHECK(bw_grid_hash(g) == h);
    }
}

static void abyss_registry_and_range(void)
{
    const bw_generator *gen_row = bw_generator_find("abyss");
    REQUIRE(gen_row != 0);
    CHECK(gen_row->id == BW_GEN_ABYSS && gen_row->w == 120 && gen_row->h == 120 && gen_row->levels == 5);
    CHECK(bw_abyss_level(m, 1, 0, 0) == BW_ERR_LEVEL && bw_abyss_level(m, 1, 6, 0) == BW_ERR_LEVEL);
    CHECK(bw_abyss_level(m, 1, 3, 0) == 0);
    CHECK(bw_abyss_regenerate(m, 1, 3, 1, -1, 5, BW_ABYSS_KEEP, 0) == BW_ERR_ARG);
    CHECK(bw_abyss_regenerate(m, 1, 3, 1, 5, 120, BW_ABYSS_KEEP, 0) == BW_ERR_ARG);
    CHECK(bw_abyss_regenerate(m, 1, 9, 1, 5, 5, BW_ABYSS_KEEP, 0) == BW_ERR_LEVEL);
}

static void abyss_golden(void)
{
    uint32_t h = BW_GRID_FNV1A_INIT, s;
    int level;
    gen(1, 1, 0);
    t_golden("abyss_seed1_level1", bw_grid_hash(g), 0x39633b08u);
    gen(1, 5, 0);
    t_golden("abyss_seed1_level5", bw_grid_hash(g), 0x038ee20au);
    gen(1, 2, 0);
    bw_abyss_regenerate(m, 1, 2, 1, 17, 23, BW_ABYSS_KEEP, 0);
    t_golden("abyss_seed1_level2_epoch1", bw_grid_hash(g), 0xd67b725fu);
    for (s = 0; s < 10; s++)
        for (level = 1; level <= 5; level++) {
            gen(s, level, 0);
            h = t_fold(h, bw_grid_hash(g));
        }
    t_golden("abyss_seeds0to9_all_levels", h, 0xde73a59fu);
}

void suite_abyss(void)
{
    RUN(abyss_5_1_every_kind_and_combinations);
    RUN(abyss_5_1_kinds_look_like_their_names);
    RUN(abyss_5_1_mazes_are_one_wide);
    RUN(abyss_5_1_no_grid_of_areas);
    RUN(abyss_5_1_rubble_reads_as_mountains);
    RUN(abyss_5_2_pit_restored_after_game_writes_over_it);
    RUN(abyss_5_3_keep_radius_is_the_callers);
    RUN(abyss_5_2_exactly_one_pit_down);
    RUN(abyss_5_3_out_of_sight_regenerates);
    RUN(abyss_5_3_exit_moves_when_out_of_sight);
    RUN(abyss_walkable_ground_always_connected);
    RUN(abyss_links_match_level_below);
    RUN(abyss_rim_is_rock);
    RUN(abyss_level_alone_equals_level_in_sequence);
    RUN(abyss_registry_and_range);
    RUN(abyss_golden);
}
