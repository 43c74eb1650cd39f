/* The core. RNG, planes, flood fill, geometry, tiles, hashes. */
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;

/* ---- RNG ---- */

static void rng_same_seed_same_stream(void)
{
    bw_rng a, b;
    int i;
    bw_rng_seed(&a, 12345);
    bw_rng_seed(&b, 12345);
    for (i = 0; i < 1000; i++)
        CHECK(bw_rng_next(&a) == bw_rng_next(&b));
}

static void rng_golden_sequence(void)
{
    bw_rng r;
    uint32_t h = BW_GRID_FNV1A_INIT;
    int i;
    bw_rng_seed(&r, 1);
    /* Marsaglia's xorshift32 from state 1 starts 270369, 67634689. */
    CHECK(bw_rng_next(&r) == 270369u);
    CHECK(bw_rng_next(&r) == 67634689u);
    for (i = 0; i < 1000; i++) {
        uint32_t v = bw_rng_next(&r);
        uint8_t b[4];
        b[0] = (uint8_t)v; /* little-endian by hand: byte-order free */
        b[1] = (uint8_t)(v >> 8);
        b[2] = (uint8_t)(v >> 16);
        b[3] = (uint8_t)(v >> 24);
        h = bw_grid_fnv1a(h, b, 4);
    }
    t_golden("rng_seed1_1000", h, 0xde7ba45cu);
}

static void rng_zero_seed_is_valid(void)
{
    bw_rng r;
    bw_rng_seed(&r, 0);
    CHECK(r.s != 0);
    CHECK(bw_rng_next(&r) != 0);
}

static void rng_below_stays_in_range(void)
{
    static const uint32_t ns[] = { 1, 2, 3, 7, 12, 100, 120, 1000, 65537, 0x80000001u };
    bw_rng r;
    unsigned k;
    int i;
    bw_rng_seed(&r, 99);
    for (k = 0; k < sizeof ns / sizeof ns[0]; k++)
        for (i = 0; i < 2000; i++)
            CHECK(bw_rng_below(&r, ns[k]) < ns[k]);
    CHECK(bw_rng_below(&r, 0) == 0);
    for (i = 0; i < 2000; i++) {
        int v = bw_rng_range(&r, -5, 5);
        CHECK(v >= -5 && v <= 5);
    }
    CHECK(bw_rng_range(&r, 4, 4) == 4);
    CHECK(bw_rng_range(&r, 4, 2) == 4);
}

/* n = 3 * 2^30, 12,000 draws (sd of a count ~ 52, so 36% is over 4.5
 * sigma from a third and from a half): a plain `next % n` returns values
 * below 2^30 half the time (they are hit twice), and a multiply-shift
 * without Lemire's rejection returns multiples of 3 half the time (each
 * is hit by two 32-bit values); an unbiased draw does both a third of
 * the time. */
static void rng_below_is_unbiased(void)
{
    bw_rng r;
    int i, low = 0, third = 0, n = 12000;
    bw_rng_seed(&r, 31337);
    for (i = 0; i < n; i++) {
        uint32_t v = bw_rng_below(&r, 3u << 30);
        low += v < (1u << 30);
        third += v % 3 == 0;
    }
    CHECK(low * 100 > n * 30 && low * 100 < n * 36);
    CHECK(third * 100 > n * 30 && third * 100 < n * 36);
}

/* 12 buckets, 60,000 draws: each bucket expects 5,000 with a standard
 * deviation of about 68; allow 5% (250, over 3.5 sigma). */
static void rng_below_roughly_uniform(void)
{
    int count[12] = { 0 }, i, n = 60000, lo = 0, hi = 0;
    bw_rng r;
    bw_rng_seed(&r, 2024);
    for (i = 0; i < n; i++)
        count[bw_rng_below(&r, 12)]++;
    for (i = 0; i < 12; i++) {
        int d = count[i] - n / 12;
        if (i == 0 || count[i] < lo) lo = count[i];
        if (i == 0 || count[i] > hi) hi = count[i];
        CHECK(d * 20 < n / 12 && -d * 20 < n / 12);
    }
    CHECK(hi - lo < n / 12 / 5);
}

static void rng_chance_one_in_twelve_rate(void)
{
    bw_rng r;
    int i, hits = 0, n = 120000;
    bw_rng_seed(&r, 7);
    for (i = 0; i < n; i++)
        hits += bw_rng_chance(&r, 1, 12);
    /* expect n/12 = 10,000; sd ~ 96; allow 5% */
    CHECK(hits * 20 > (n / 12) * 19 && hits * 20 < (n / 12) * 21);
    bw_rng_seed(&r, 8);
    for (i = 0; i < 100; i++) {
        CHECK(bw_rng_chance(&r, 0, 12) == 0);
        CHECK(bw_rng_chance(&r, 12, 12) == 1);
    }
}

static void rng_streams_differ_and_are_order_free(void)
{
    bw_rng a, b, c;
    bw_rng_stream(&a, 42, 1, 3, 0);
    bw_rng_stream(&b, 42, 1, 4, 0);
    CHECK(a.s != b.s);
    bw_rng_stream(&c, 42, 2, 3, 0);
    CHECK(a.s != c.s);
    bw_rng_stream(&c, 42, 1, 3, 1);
    CHECK(a.s != c.s);
    bw_rng_stream(&c, 43, 1, 3, 0);
    CHECK(a.s != c.s);
    /* the stream of level 3 does not depend on having made level 2 */
    bw_rng_stream(&b, 42, 1, 2, 0);
    bw_rng_next(&b);
    bw_rng_stream(&c, 42, 1, 3, 0);
    CHECK(a.s == c.s);
    t_golden("mix_42_1_3_0", bw_rng_mix(42, 1, 3, 0), 0x8387b7edu);
}

/* ---- planes ---- */

static void plane_set_get_clear_count(void)
{
    bw_plane *p = &m->a;
    int x, y, n = 0;
    bw_plane_clear(p);
    CHECK(bw_plane_count(p) == 0);
    for (y = 0; y < BW_GRID_MAX; y++)
        for (x = 0; x < BW_GRID_MAX; x++)
            if ((x * 7 + y * 3) % 5 == 0) {
                bw_plane_set(p, x, y, 1);
                n++;
            }
    CHECK(bw_plane_count(p) == n);
    for (y = 0; y < BW_GRID_MAX; y++)
        for (x = 0; x < BW_GRID_MAX; x++)
            CHECK(bw_plane_get(p, x, y) == ((x * 7 + y * 3) % 5 == 0));
    CHECK(bw_plane_get(p, -1, 0) == 0 && bw_plane_get(p, 0, 120) == 0);
    bw_plane_set(p, 0, 0, 0);
    CHECK(bw_plane_get(p, 0, 0) == 0);
    bw_plane_fill(p);
    CHECK(bw_plane_count(p) == BW_GRID_CELLS);
    CHECK(sizeof(bw_plane) == 1800);
}

/* bw_grid_rect writes exactly its clipped cells, for every start of a
 * row's word (the fill's head, words and tail) and widths up to past the
 * map, on rows of a narrower grid too. */
static void grid_rect_fills_exactly_its_cells(void)
{
    int x0, x1, x, y, w;
    for (w = 120; w >= 57; w -= 63) /* 80 more on the full grid: long runs, whole rows */
        for (x0 = -2; x0 < 8; x0++)
            for (x1 = x0 + (w == 120 ? 80 : 0); x1 < x0 + 120; x1 += 1 + (x1 - x0) / 16) {
                bw_grid_init(&m->grid, 120, 120, BW_T_ROCK);
                m->grid.w = (uint8_t)w;
                bw_grid_rect(&m->grid, x0, 3, x1, 5, BW_T_STONE);
                for (y = 0; y < 8; y++)
                    for (x = 0; x < 120; x++) {
                        int in = y >= 3 && y <= 5 && x >= x0 && x <= x1 && x < w;
                        CHECK(BW_AT(&m->grid, x, y) == (in ? BW_T_STONE : BW_T_ROCK));
                    }
            }
}

static void plane_of_tiles_matches_cells(void)
{
    static const uint8_t pick[4] = { 0, BW_T_STONE, BW_T_DIRT, BW_T_SHALLOW };
    static const uint8_t pairs[][2] = {
        { BW_T_STONE, BW_T_STONE }, { 0, 0 }, { BW_T_STONE, BW_T_DIRT },
        { 0, BW_T_SHALLOW }, { BW_T_DIRT, 0 }, { BW_T_LAVA, BW_T_LAVA }
    };
    bw_rng r;
    int i, k, x, y;
    bw_rng_seed(&r, 77);
    bw_grid_init(&m->grid, 120, 120, 0);
    for (i = 0; i < BW_GRID_CELLS; i++) /* runs of 1..8 cells, rock half the time */
        if (bw_rng_below(&r, 2)) {
            uint8_t t = pick[bw_rng_below(&r, 4)];
            for (k = (int)bw_rng_below(&r, 8); k >= 0 && i < BW_GRID_CELLS; k--, i++)
                m->grid.cell[i] = t;
            i--;
        }
    for (k = 0; k < (int)(sizeof pairs / sizeof pairs[0]); k++) {
        bw_plane_fill(&m->a);
        bw_plane_of_tiles(&m->a, &m->grid, pairs[k][0], pairs[k][1]);
        for (y = 0; y < BW_GRID_ROWS; y++)
            for (x = 0; x < BW_GRID_MAX; x++) {
                uint8_t c = BW_AT(&m->grid, x, y);
                CHECK((int)BW_PGET(&m->a, x, y) == (c == pairs[k][0] || c == pairs[k][1]));
            }
    }
}

static void plane_row_ops_match_bits(void)
{
    bw_plane *p = &m->a, *q = &m->b;
    int y, x;
    bw_plane_clear(p);
    for (y = 0; y < 8; y++) { /* rows 0..7 cover all four bit offsets */
        bw_plane_row_set(p, y * 3, 1);
        CHECK(bw_plane_row_count(p, y * 3) == 120);
        CHECK(bw_plane_row_count(p, y * 3 + 1) == 0);
    }
    CHECK(bw_plane_count(p) == 8 * 120);
    bw_plane_row_set(p, 3, 0);
    CHECK(bw_plane_row_count(p, 3) == 0 && bw_plane_count(p) == 7 * 120);
    bw_plane_clear(p);
    bw_plane_set(p, 77, 5, 1);
    bw_plane_set(p, 119, 5, 1);
    CHECK(bw_plane_row_find(p, 5, 0, 1) == 77);
    CHECK(bw_plane_row_find(p, 5, 78, 1) == 119);
    CHECK(bw_plane_row_find(p, 6, 0, 1) == -1);
    CHECK(bw_plane_row_find(p, 5, 77, 0) == 78);
    /* and, or, andnot against bit-by-bit */
    bw_plane_clear(q);
    for (x = 0; x < 120; x++)
        bw_plane_set(q, x, 5, x & 1);
    bw_plane_copy(&m->a, q);
    bw_plane_set(p, 0, 0, 1);
    bw_plane_or(p, q);
    CHECK(bw_plane_count(p) == 61);
    bw_plane_andnot(p, q);
    CHECK(bw_plane_count(p) == 1);
    bw_plane_fill(p);
    bw_plane_and(p, q);
    CHECK(bw_plane_count(p) == 60);
}

/* ---- flood fill ---- */

static void fill_open_grid_is_one_region(void)
{
    bw_tileset open;
    bw_map_init(m, 120, 120, BW_T_DIRT);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 60, 60) == BW_GRID_CELLS);
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->b) == 1);
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->b));
    CHECK(m->fill.peak >= 1 && m->fill.peak <= BW_FILL_STACK);
    CHECK(m->fill.rescans == 0);
}

/* A bw_fill nobody initialised (all zero) still fills: cap 0 means "all". */
static void fill_zeroed_stack_still_fills(void)
{
    bw_tileset open;
    bw_map_init(m, 120, 120, BW_T_DIRT);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    m->fill.cap = 0;
    m->fill.peak = 0;
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 5, 5) == BW_GRID_CELLS);
    m->fill.cap = 60000; /* above the arrays: clamped to them */
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 5, 5) == BW_GRID_CELLS);
    CHECK(m->fill.peak <= BW_FILL_STACK);
    bw_fill_init(&m->fill);
}

/* bw_fill_region_next labels regions one by one: each call adds exactly one
 * region to `seen`, in row order of their first cells, with its size. */
static void fill_labels_regions_one_by_one(void)
{
    bw_tileset open;
    int x = 0, y = 0, n, k = 0;
    static const int want_x[3] = { 1, 20, 5 }, want_y[3] = { 1, 1, 50 };
    static const int want_n[3] = { 100, 121, 1 };
    bw_map_init(m, 120, 120, BW_T_ROCK);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_grid_rect(&m->grid, 1, 1, 10, 10, BW_T_DIRT);
    bw_grid_rect(&m->grid, 20, 1, 30, 11, BW_T_STONE);
    bw_grid_set(&m->grid, 5, 50, BW_T_DOOR);
    bw_plane_clear(&m->a);
    while ((n = bw_fill_region_next(&m->fill, &m->grid, &open, &m->a, &x, &y)) > 0 && k < 4) {
        REQUIRE(k < 3);
        CHECK(x == want_x[k] && y == want_y[k] && n == want_n[k]);
        CHECK(bw_plane_count(&m->a) == (k == 0 ? 100 : k == 1 ? 221 : 222));
        k++;
    }
    CHECK(k == 3);
}

/* Drunken Walk's rule (walk.h) for any bias, on the map's edge and away
 * from it (the fast build reaches the direction three ways: walk_turn3
 * for the default bias, the nibbles of walk_w3 for another small one, and
 * the weights one by one on the edge or for a larger bias): for every
 * quadrant of the goal, 50 steps each go where a search over the weights
 * 1 + bias per unit gained toward the goal + 1 if the direction loses
 * nothing, the directions off the map weighing nothing, sends the same
 * draw. The edge is the map's top row. */
static void walk_weights_follow_bias_rule(void)
{
    int sx, sy, d, bias, edge, i;
    for (bias = 0; bias <= 9; bias++)
        for (edge = 0; edge < 2; edge++)
            for (sx = -1; sx <= 1; sx++)
                for (sy = -1; sy <= 1; sy++) {
                    bw_rng r;
                    int w[8], total = 0, y0 = edge ? 0 : 50;
                    if (!sx && !sy)
                        continue;
                    for (d = 0; d < 8; d++) {
                        int gain = (bw_dx8[d] && bw_dx8[d] == sx) + (bw_dy8[d] && bw_dy8[d] == sy);
                        int loss = (bw_dx8[d] && bw_dx8[d] == -sx) + (bw_dy8[d] && bw_dy8[d] == -sy);
                        w[d] = y0 + bw_dy8[d] < 0 ? 0 : 1 + bias * gain + (loss ? 0 : 1);
                        total += w[d];
                    }
                    bw_rng_seed(&r, (uint32_t)(100 * bias + 10 * edge + 3 * sx + sy + 4));
                    for (i = 0; i < 50; i++) {
                        bw_walk k;
                        bw_rng copy = r;
                        uint32_t p = bw_rng_below(&copy, (uint32_t)total);
                        for (d = 0; d < 7 && p >= (uint32_t)w[d]; d++)
                            p -= (uint32_t)w[d];
                        bw_walk_start(&k, 50, y0, 50 + 20 * sx, y0 + 20 * sy, 120, 120);
                        k.bias = (uint8_t)bias;
                        bw_walk_step(&k, &r);
                        CHECK(k.x == 50 + bw_dx8[d] && k.y == y0 + bw_dy8[d]);
                    }
                }
}

/* Sizes outside 1..120 are clamped, so the grid's loops stay in cell[]. */
static void grid_init_clamps_size(void)
{
    bw_grid_init(&m->grid, 200, 0, BW_T_DIRT);
    CHECK(m->grid.w == BW_GRID_MAX && m->grid.h == 1);
    bw_grid_init(&m->grid, -5, 300, BW_T_ROCK);
    CHECK(m->grid.w == 1 && m->grid.h == BW_GRID_MAX);
    CHECK(bw_grid_count(&m->grid, BW_T_ROCK) == BW_GRID_MAX);
}

static void fill_counts_regions(void)
{
    bw_tileset open;
    bw_map_init(m, 120, 120, BW_T_ROCK);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->a) == 0);
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    bw_grid_rect(&m->grid, 1, 1, 10, 10, BW_T_DIRT);
    bw_grid_rect(&m->grid, 20, 1, 30, 10, BW_T_STONE);
    bw_grid_set(&m->grid, 119, 119, BW_T_DOOR);
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->a) == 3);
    CHECK(!bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    bw_grid_rect(&m->grid, 10, 5, 20, 5, BW_T_DEEP); /* deep water never connects */
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->a) == 3);
    bw_grid_rect(&m->grid, 10, 5, 20, 5, BW_T_SHALLOW);
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->a) == 2);
    CHECK(!bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->a, 1, 1));
    bw_grid_set(&m->grid, 119, 119, BW_T_ROCK);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->a, 1, 1));
    CHECK(!bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->a, 0, 0));
}

/* A comb: vertical corridors joined at alternating ends make the deepest
 * scanline stacks; with a 4-entry stack the fill must rescan, and still mark
 * exactly what a roomy stack marks. */
static void build_maze(bw_grid *g)
{
    int x, y;
    bw_grid_init(g, 120, 120, BW_T_ROCK);
    for (x = 0; x < 120; x += 2)
        for (y = 0; y < 120; y++)
            BW_AT(g, x, y) = BW_T_DIRT;
    for (x = 1; x < 120; x += 2)
        BW_AT(g, x, (x / 2) % 2 ? 0 : 119) = BW_T_DIRT;
    for (y = 1; y < 119; y += 2) /* and side pockets on every row */
        for (x = 1; x < 119; x += 4)
            BW_AT(g, x, y) = BW_T_DIRT;
}

static void fill_maze_small_stack_fills_everything(void)
{
    bw_tileset open;
    int full, n;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    build_maze(&m->grid);
    bw_fill_init(&m->fill);
    bw_plane_clear(&m->a);
    full = bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 0, 0);
    CHECK(full == bw_fill_open_mask(&m->grid, &open, &m->b));
    bw_fill_init(&m->fill);
    m->fill.cap = 4;
    bw_plane_clear(&m->a);
    n = bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 0, 0);
    CHECK(n == full);
    CHECK(m->fill.peak == 4); /* the stack was exhausted, never overrun */
    CHECK(m->fill.rescans > 0);
    bw_fill_init(&m->fill);
    m->fill.cap = 1;
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    bw_fill_init(&m->fill);
}

/* A random grid, filled with the full stack and a 2-entry stack, region by
 * region: the same labels either way. */
static void fill_random_grids_same_with_tiny_stack(void)
{
    bw_tileset open;
    bw_rng r;
    int s, x, y;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 300) {
        int r1, r2;
        t_seed((uint32_t)s);
        bw_rng_seed(&r, (uint32_t)s + 1);
        bw_grid_init(&m->grid, 120, 120, BW_T_ROCK);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++)
                if (bw_rng_chance(&r, 3, 5))
                    BW_AT(&m->grid, x, y) = BW_T_DIRT;
        bw_fill_init(&m->fill);
        r1 = bw_fill_regions(&m->fill, &m->grid, &open, &m->a);
        m->fill.cap = 2;
        r2 = bw_fill_regions(&m->fill, &m->grid, &open, &m->b);
        CHECK(r1 == r2);
        CHECK(bw_plane_count(&m->a) == bw_plane_count(&m->b));
        bw_plane_andnot(&m->a, &m->b);
        CHECK(bw_plane_count(&m->a) == 0);
    }
    bw_fill_init(&m->fill);
}

static void fill_plane_source_matches_tiles(void)
{
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    build_maze(&m->grid);
    bw_fill_open_mask(&m->grid, &open, &m->b);
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, 0, 0) == bw_plane_count(&m->b));
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, 3, 1) == 0); /* closed start */
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, 120, 120, &m->a, -1, 0) == 0);
}

static void fill_small_map_stays_in_corner(void)
{
    bw_tileset open;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    bw_grid_init(&m->grid, 120, 120, BW_T_DIRT);
    m->grid.w = 56; /* a mystery-dungeon floor in the corner */
    m->grid.h = 32;
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 3, 3) == 56 * 32);
    CHECK(!bw_plane_get(&m->a, 56, 0) && !bw_plane_get(&m->a, 0, 32));
}

/* ---- flood fill against its definition ----
 * The cells a flood adds must be exactly the free cells (open, not marked
 * before) connected to the start through free cells. Checked without the
 * fill's own code: marking, maximality cell by cell, and connectivity by
 * sweeping a marker tile over the added cells until it stops spreading.
 * Earlier marks are whole regions of the same open set (fill.h: marks of
 * another set would let the overflow rescan leak from them), which a new
 * flood must leave alone. pp: the plane path; then m->b is the open mask
 * and the old marks' tiles are lava, else m->b holds the old marks. */
#define FILL_OLD BW_T_LAVA   /* never in the random open sets */
#define FILL_SEEN BW_T_BOULDER

static int fill_old(int pp, int x, int y)
{
    return pp ? BW_AT(&m->grid, x, y) == FILL_OLD : (int)BW_PGET(&m->b, x, y);
}

static int fill_open(int pp, const bw_tileset *o, int x, int y)
{
    return pp ? (int)BW_PGET(&m->b, x, y) : (int)BW_TILESET_HAS(o, BW_AT(&m->grid, x, y));
}

static int fill_new(int pp, int x, int y)
{
    return BW_PGET(&m->a, x, y) && !fill_old(pp, x, y);
}

static void fill_check_region(int pp, const bw_tileset *o, int n, int sx, int sy)
{
    static const int dx[4] = { 1, -1, 0, 0 }, dy[4] = { 0, 0, 1, -1 };
    int w = m->grid.w, h = m->grid.h, x, y, d, count = 0, changed = 1, pass;
    for (y = 0; y < BW_GRID_MAX; y++)
        for (x = 0; x < BW_GRID_MAX; x++) {
            if (x >= w || y >= h) {
                CHECK(!BW_PGET(&m->a, x, y)); /* never off the map */
                continue;
            }
            if (!fill_new(pp, x, y))
                continue;
            count++;
            CHECK(fill_open(pp, o, x, y));
            for (d = 0; d < 4; d++) { /* maximal: no free neighbour left out */
                int nx = x + dx[d], ny = y + dy[d];
                if (nx >= 0 && ny >= 0 && nx < w && ny < h && !BW_PGET(&m->a, nx, ny))
                    CHECK(!fill_open(pp, o, nx, ny));
            }
        }
    CHECK(count == n);
    if (n == 0)
        return;
    REQUIRE(fill_new(pp, sx, sy));
    BW_AT(&m->grid, sx, sy) = FILL_SEEN;
    for (pass = 0; changed && pass < BW_GRID_CELLS; pass++) {
        changed = 0;
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int xx = pass & 1 ? w - 1 - x : x, yy = pass & 1 ? h - 1 - y : y;
                if (BW_AT(&m->grid, xx, yy) == FILL_SEEN || !fill_new(pp, xx, yy))
                    continue;
                for (d = 0; d < 4; d++) {
                    int nx = xx + dx[d], ny = yy + dy[d];
                    if (nx >= 0 && ny >= 0 && nx < w && ny < h &&
                        BW_AT(&m->grid, nx, ny) == FILL_SEEN) {
                        BW_AT(&m->grid, xx, yy) = FILL_SEEN;
                        changed = 1;
                        break;
                    }
                }
            }
    }
    for (y = 0; y < h; y++) /* connected: the marker reached every cell */
        for (x = 0; x < w; x++)
            if (fill_new(pp, x, y))
                CHECK(BW_AT(&m->grid, x, y) == FILL_SEEN);
}

static void fill_random_open_set(bw_rng *r, const uint8_t *tiles, bw_tileset *o)
{
    int k;
    bw_tileset_clear(o);
    for (k = 0; k < 5; k++)
        if (bw_rng_chance(r, 1, 2))
            bw_tileset_add(o, tiles[k]);
}

static void fill_matches_definition_on_random_maps(void)
{
    static const uint8_t tiles[5] = { BW_T_ROCK, BW_T_DIRT, BW_T_STONE, BW_T_SHALLOW, BW_T_DEEP };
    bw_tileset open;
    bw_rng r;
    int s, x, y, k, pp, n;
    FOR_SEEDS(s, 120) {
        int w, h;
        t_seed((uint32_t)s);
        bw_rng_seed(&r, (uint32_t)s + 77);
        pp = s & 1;
        w = s % 3 ? 120 : 20 + (int)bw_rng_below(&r, 100); /* edges of smaller maps too */
        h = s % 5 ? 120 : 20 + (int)bw_rng_below(&r, 100);
        bw_grid_init(&m->grid, w, h, BW_T_ROCK);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                BW_AT(&m->grid, x, y) = tiles[bw_rng_below(&r, 5)];
        fill_random_open_set(&r, tiles, &open);
        bw_fill_init(&m->fill);
        if (pp)
            bw_fill_open_mask(&m->grid, &open, &m->b);
        bw_plane_clear(&m->a);
        for (k = 0; k < 3; k++) /* old marks: whole regions of the open set, as fill.h asks */
            bw_fill_flood(&m->fill, &m->grid, &open, &m->a, (int)bw_rng_below(&r, (uint32_t)w),
                     (int)bw_rng_below(&r, (uint32_t)h));
        if (pp) {
            for (y = 0; y < h; y++)
                for (x = 0; x < w; x++)
                    if (BW_PGET(&m->a, x, y))
                        BW_AT(&m->grid, x, y) = FILL_OLD;
        } else {
            bw_plane_copy(&m->b, &m->a);
        }
        x = (int)bw_rng_below(&r, (uint32_t)w);
        y = (int)bw_rng_below(&r, (uint32_t)h);
        /* a few of these maps overflow the stack: the rescan is checked too */
        n = pp ? bw_fill_flood_plane(&m->fill, &m->b, w, h, &m->a, x, y)
               : bw_fill_flood(&m->fill, &m->grid, &open, &m->a, x, y);
        fill_check_region(pp, &open, n, x, y);
    }
    bw_fill_init(&m->fill);
}

/* A diagonal tunnel leaks over a wall on every row; such leaks are not
 * stacked, so the stack stays shallow however long the tunnel is. */
static void fill_diagonal_tunnel_keeps_stack_shallow(void)
{
    bw_tileset open;
    int y, x, side;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    for (side = 0; side < 2; side++) {
        bw_grid_init(&m->grid, 120, 120, BW_T_ROCK);
        for (y = 0; y < 120; y++)
            for (x = 118 - y; x <= 119 - y; x++)
                if (x >= 0)
                    BW_AT(&m->grid, side ? 119 - x : x, y) = BW_T_DIRT;
        bw_fill_init(&m->fill);
        bw_plane_clear(&m->a);
        CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, side ? 0 : 119, 0) == 239);
        CHECK(m->fill.peak <= 4);
        CHECK(m->fill.rescans == 0);
    }
    bw_fill_init(&m->fill);
}

/* ---- geometry ---- */

static int count_cell(int x, int y, void *ctx)
{
    int *c = ctx;
    (void)x;
    (void)y;
    c[0]++;
    return 0;
}

static int last_cell(int x, int y, void *ctx)
{
    int *c = ctx;
    /* every step moves at most one cell on each axis */
    if (c[2] && (bw_abs(x - c[0]) > 1 || bw_abs(y - c[1]) > 1))
        c[3] = 1;
    c[0] = x;
    c[1] = y;
    c[2] = 1;
    return 0;
}

static void geom_distances(void)
{
    int v;
    CHECK(bw_dist2(0, 0, 3, 4) == 25);
    CHECK(bw_dist2(119, 119, 0, 0) == 2 * 119 * 119);
    CHECK(bw_manhattan(1, 2, -3, 5) == 7);
    CHECK(bw_chebyshev(1, 2, -3, 5) == 4);
    for (v = 0; v < 40000; v += 37) {
        int r = bw_isqrt(v);
        CHECK(r * r <= v && (r + 1) * (r + 1) > v);
    }
    CHECK(bw_isqrt(28800) == 169);
}

static void geom_rects(void)
{
    bw_rect a = bw_rect_make(5, 5, 1, 2), b = bw_rect_make(4, 4, 9, 9), u;
    CHECK(a.x0 == 1 && a.y0 == 2 && a.x1 == 5 && a.y1 == 5);
    CHECK(bw_rect_w(a) == 5 && bw_rect_h(a) == 4);
    CHECK(bw_rect_overlaps(a, b));
    CHECK(!bw_rect_overlaps(a, bw_rect_make(6, 0, 7, 1)));
    CHECK(bw_rect_contains(a, 1, 2) && !bw_rect_contains(a, 0, 2));
    u = bw_rect_union(a, b);
    CHECK(u.x0 == 1 && u.y0 == 2 && u.x1 == 9 && u.y1 == 9);
    u = bw_rect_inflate(b, -1);
    CHECK(bw_rect_w(u) == 4 && bw_rect_h(u) == 4);
}

static void geom_line_is_continuous(void)
{
    int c[4] = { 0, 0, 0, 0 }, n[1] = { 0 };
    bw_line(0, 0, 10, 3, count_cell, n);
    CHECK(n[0] == 11);
    bw_line(3, 17, -4, 2, last_cell, c);
    CHECK(c[0] == -4 && c[1] == 2 && c[3] == 0);
}

/* Every line between two cells of a small box ends on its end cell in
 * exactly Chebyshev-distance + 1 cells: (17,29)->(15,30) once overshot. */
static int count_to_end(int x, int y, void *ctx)
{
    int *c = ctx;
    c[0]++;
    c[1] = x;
    c[2] = y;
    return c[0] > 400; /* a runaway line stops here and fails below */
}

static void geom_line_ends_on_its_end_cell(void)
{
    int x0, y0, x1, y1;
    for (y0 = 27; y0 <= 32; y0++)
        for (x0 = 13; x0 <= 19; x0++)
            for (y1 = 27; y1 <= 32; y1++)
                for (x1 = 13; x1 <= 19; x1++) {
                    int c[3] = { 0, 0, 0 };
                    bw_line(x0, y0, x1, y1, count_to_end, c);
                    CHECK(c[1] == x1 && c[2] == y1);
                    CHECK(c[0] == bw_chebyshev(x0, y0, x1, y1) + 1);
                }
}

/* ---- tiles and hashes ---- */

/* World rule 3: everything connects but deep water, rock walls and building
 * walls, plus lava (mines rule 1.5.4) and the impassable roots (forest rule
 * 4.5.1). */
static void tiles_connects_follows_areas_rule(void)
{
    CHECK(!bw_tile_connects(BW_T_DEEP));
    CHECK(!bw_tile_connects(BW_T_ROCK));
    CHECK(!bw_tile_connects(BW_T_BWALL));
    CHECK(!bw_tile_connects(BW_T_LAVA));
    CHECK(bw_tile_connects(BW_T_DIRT) && bw_tile_connects(BW_T_DOOR));
    CHECK(bw_tile_connects(BW_T_SHALLOW) && bw_tile_connects(BW_T_RUBBLE));
    CHECK(!bw_tile_passable(BW_T_RUBBLE)); /* PUT_RUBBLE: impassable */
    CHECK(bw_tile_link(BW_T_PIT) == -1 && bw_tile_link(BW_T_DOWN_SLOPE) == -1);
    CHECK(bw_tile_link(BW_T_UP_SLOPE) == 1 && bw_tile_link(BW_T_MUSHROOM) == 1);
    CHECK(bw_tile_link(BW_T_DIRT) == 0);
    CHECK(BW_TILE_COUNT <= 128); /* fits a bw_tileset */
}

static int in_list(const uint8_t *list, int n, int t)
{
    int i;
    for (i = 0; i < n; i++)
        if (list[i] == t)
            return 1;
    return 0;
}

/* Every row of the table against the rule: world rule 3's three tiles that
 * do not connect (deep water, rock walls, building walls, and a crumbling
 * wall, which is one until it breaks), plus what each generator's own rules
 * make impassable (docs/tiles.md); and the tiles that lead down or up. */
static void tiles_whole_table_connects_and_links(void)
{
    static const uint8_t closed[] = {
        BW_T_DEEP, BW_T_ROCK, BW_T_BWALL, BW_T_CRUMBLE_WALL,  /* world rule 3 */
        BW_T_LAVA,                                            /* mines 1.5.4 */
        BW_T_ROOTS,                                           /* forest 4.5.1 */
        BW_T_MD_WALL, BW_T_MD_BORDER, BW_T_MD_WATER,          /* the mystery dungeon */
        BW_T_OW_WATER, BW_T_OW_BOULDER, BW_T_OW_TREE, BW_T_OW_MOUNTAIN,
        BW_T_OW_CENTER, BW_T_OW_MART,                         /* the overworld */
        BW_T_CR_WALL,                                         /* the WallCrawlers */
        BW_T_AIR, BW_T_OW_SPECIAL,
    };
    static const uint8_t down[] = { BW_T_PIT, BW_T_DOWN_SLOPE, BW_T_FIERY_PIT,
                                    BW_T_MUSHROOM_TOP, BW_T_STAIRS };
    static const uint8_t up[] = { BW_T_UP_SLOPE, BW_T_TRUNK, BW_T_MUSHROOM,
                                  BW_T_LADDER, BW_T_STAIRS_UP };
    int t;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        int link = in_list(down, (int)sizeof down, t) ? -1 : in_list(up, (int)sizeof up, t) ? 1 : 0;
        t_seed((uint32_t)t);
        CHECK(bw_tile_connects((uint8_t)t) == !in_list(closed, (int)sizeof closed, t));
        CHECK(bw_tile_link((uint8_t)t) == link);
        CHECK(!bw_tile_passable((uint8_t)t) || bw_tile_connects((uint8_t)t));
    }
}

static void hash_fnv1a_known_values(void)
{
    static const uint8_t a[1] = { 'a' }, foobar[6] = { 'f', 'o', 'o', 'b', 'a', 'r' };
    /* the published FNV-1a 32-bit test vectors */
    CHECK(bw_grid_fnv1a(BW_GRID_FNV1A_INIT, a, 0) == 0x811c9dc5u);
    CHECK(bw_grid_fnv1a(BW_GRID_FNV1A_INIT, a, 1) == 0xe40c292cu);
    CHECK(bw_grid_fnv1a(BW_GRID_FNV1A_INIT, foobar, 6) == 0xbf9cf968u);
}

static void hash_golden_fixed_grids(void)
{
    bw_rng r;
    int x, y;
    bw_grid_init(&m->grid, 120, 120, BW_T_ROCK);
    t_golden("grid_rock_120", bw_grid_hash(&m->grid), 0x3ca1cac5u);
    build_maze(&m->grid);
    t_golden("grid_maze_120", bw_grid_hash(&m->grid), 0x798bc2a5u);
    bw_grid_init(&m->grid, 56, 32, BW_T_MD_WALL);
    bw_rng_seed(&r, 5);
    for (y = 2; y < 30; y++)
        for (x = 2; x < 54; x++)
            BW_AT(&m->grid, x, y) = (uint8_t)bw_rng_below(&r, 57); /* ids 0..56: the table up to crawler floor, before stairs up and open air, so new tiles keep this golden */
    t_golden("grid_random_56x32", bw_grid_hash(&m->grid), 0x66f63a82u);
    CHECK(bw_grid_count(&m->grid, BW_T_MD_WALL) >= 56 * 32 - 52 * 28);
}

static void grid_checked_access(void)
{
    bw_grid_init(&m->grid, 80, 21, BW_T_OW_SHORT);
    CHECK(bw_grid_get(&m->grid, 79, 20, 0) == BW_T_OW_SHORT);
    CHECK(bw_grid_get(&m->grid, 80, 0, 255) == 255);
    CHECK(bw_grid_get(&m->grid, -1, 0, 255) == 255);
    BW_AT(&m->grid, 80, 0) = BW_T_LAVA; /* a sentinel just off the map */
    BW_AT(&m->grid, 0, 21) = BW_T_LAVA;
    bw_grid_set(&m->grid, 80, 0, BW_T_ROCK);
    bw_grid_set(&m->grid, 0, 21, BW_T_ROCK);
    bw_grid_set(&m->grid, -1, 0, BW_T_ROCK);
    CHECK(BW_AT(&m->grid, 80, 0) == BW_T_LAVA && BW_AT(&m->grid, 0, 21) == BW_T_LAVA);
    bw_grid_set(&m->grid, 79, 20, BW_T_ROCK);
    CHECK(BW_AT(&m->grid, 79, 20) == BW_T_ROCK);
    BW_AT(&m->grid, 79, 20) = BW_T_OW_SHORT;
    CHECK(bw_grid_count(&m->grid, BW_T_OW_SHORT) == 80 * 21);
}

/* ---- the palette: kinds a player must tell apart look apart ---- */

#define UNEXPLORED BW_TILE_COUNT /* a cell not seen yet: blank, black */

/* The pairs of tile kinds a player must tell apart at a glance. */
static const uint8_t apart[][2] = {
    /* rooms: floor, stone floor, pillar, sarcophagus and coffin, all pairs */
    { BW_T_FLOOR, BW_T_STONE }, { BW_T_FLOOR, BW_T_PILLAR }, { BW_T_FLOOR, BW_T_SARCOPHAGUS },
    { BW_T_FLOOR, BW_T_COFFIN }, { BW_T_STONE, BW_T_PILLAR }, { BW_T_STONE, BW_T_SARCOPHAGUS },
    { BW_T_STONE, BW_T_COFFIN }, { BW_T_PILLAR, BW_T_SARCOPHAGUS }, { BW_T_PILLAR, BW_T_COFFIN },
    { BW_T_SARCOPHAGUS, BW_T_COFFIN },
    /* stairs up and down, and stairs down against building wall */
    { BW_T_STAIRS, BW_T_STAIRS_UP }, { BW_T_STAIRS, BW_T_BWALL },
    /* the mystery dungeon's hallways against its walls and rooms */
    { BW_T_MD_HALL, BW_T_MD_WALL }, { BW_T_MD_HALL, BW_T_MD_ROOM },
    /* what is climbed over, against the floors it stands on */
    { BW_T_RUBBLE, BW_T_FLOOR }, { BW_T_RUBBLE, BW_T_STONE }, { BW_T_STALACTITE, BW_T_FLOOR },
    { BW_T_STALACTITE, BW_T_STONE }, { BW_T_STALAGMITE, BW_T_FLOOR }, { BW_T_STALAGMITE, BW_T_STONE },
    { BW_T_BOULDER, BW_T_FLOOR }, { BW_T_BOULDER, BW_T_STONE },
    /* up and down slopes, and a pit against a down slope */
    { BW_T_DOWN_SLOPE, BW_T_UP_SLOPE }, { BW_T_PIT, BW_T_DOWN_SLOPE },
    /* open air against a cell not seen yet */
    { BW_T_AIR, UNEXPLORED },
};

static void look_ansi(int t, char *glyph, uint32_t *colour)
{
    *glyph = t == UNEXPLORED ? ' ' : bw_tiles[t].glyph;
    *colour = t == UNEXPLORED ? 0u : bw_tiles[t].colour; /* 0: no escape at all */
}

static void look_png(int t, uint8_t rgb[3])
{
    rgb[0] = rgb[1] = rgb[2] = 0;
    if (t != UNEXPLORED)
        bw_tile_rgb(t, rgb);
}

/* 1 if the two tiles' 8 x 8 pictures differ in some pixel. */
static int tile8_differ(int a, int b)
{
    int x, y, i;
    for (y = 0; y < BW_TILE8; y++)
        for (x = 0; x < BW_TILE8; x++) {
            uint8_t pa[3] = { 0, 0, 0 }, pb[3] = { 0, 0, 0 };
            if (a != UNEXPLORED)
                bw_tile8_pixel(a, x, y, pa);
            if (b != UNEXPLORED)
                bw_tile8_pixel(b, x, y, pb);
            for (i = 0; i < 3; i++)
                if (pa[i] != pb[i])
                    return 1;
        }
    return 0;
}

/* Every pair above differs in the ANSI output (glyph or colour), in the
 * PNG's one colour a tile, and in the 8 x 8 tileset. */
static void tile_kinds_a_player_tells_apart_look_apart(void)
{
    unsigned i;
    for (i = 0; i < sizeof apart / sizeof apart[0]; i++) {
        int a = apart[i][0], b = apart[i][1];
        char ga, gb;
        uint32_t ca, cb;
        uint8_t ra[3], rb[3];
        t_seed(i);
        look_ansi(a, &ga, &ca);
        look_ansi(b, &gb, &cb);
        CHECK(ga != gb || ca != cb);
        look_png(a, ra);
        look_png(b, rb);
        CHECK(ra[0] != rb[0] || ra[1] != rb[1] || ra[2] != rb[2]);
        CHECK(tile8_differ(a, b));
    }
}

/* The tileset's colours are the ANSI colours: a tile's 4-pixel block is
 * its background if it has one, else its foreground, and its 8 x 8
 * picture uses both. */
static void tileset8_uses_the_tile_colours(void)
{
    int t, x, y, fg_used;
    for (t = 0; t < BW_TILE_COUNT; t++) {
        uint32_t c = bw_tiles[t].colour;
        uint8_t want[3], px[3], block[3];
        bw_sgr_rgb(BW_COLOUR_FG(c), want);
        bw_tile_rgb(t, block);
        fg_used = 0;
        for (y = 0; y < BW_TILE8; y++)
            for (x = 0; x < BW_TILE8; x++) {
                bw_tile8_pixel(t, x, y, px);
                fg_used += (bw_tile8_row(t, y) >> (7 - x) & 1u) && px[0] == want[0] && px[1] == want[1] &&
                           px[2] == want[2];
            }
        t_seed((uint32_t)t);
        CHECK(fg_used > 0 || t == BW_T_AIR); /* open air is its background alone */
        if (!BW_COLOUR_BG(c))
            CHECK(block[0] == want[0] && block[1] == want[1] && block[2] == want[2]);
    }
}

void suite_core(void)
{
    RUN(tile_kinds_a_player_tells_apart_look_apart);
    RUN(tileset8_uses_the_tile_colours);
    RUN(rng_same_seed_same_stream);
    RUN(rng_golden_sequence);
    RUN(rng_zero_seed_is_valid);
    RUN(rng_below_stays_in_range);
    RUN(rng_below_roughly_uniform);
    RUN(rng_below_is_unbiased);
    RUN(rng_chance_one_in_twelve_rate);
    RUN(rng_streams_differ_and_are_order_free);
    RUN(plane_set_get_clear_count);
    RUN(plane_row_ops_match_bits);
    RUN(plane_of_tiles_matches_cells);
    RUN(grid_rect_fills_exactly_its_cells);
    RUN(fill_open_grid_is_one_region);
    RUN(fill_counts_regions);
    RUN(fill_zeroed_stack_still_fills);
    RUN(fill_labels_regions_one_by_one);
    RUN(grid_init_clamps_size);
    RUN(walk_weights_follow_bias_rule);
    RUN(fill_maze_small_stack_fills_everything);
    RUN(fill_random_grids_same_with_tiny_stack);
    RUN(fill_plane_source_matches_tiles);
    RUN(fill_small_map_stays_in_corner);
    RUN(fill_matches_definition_on_random_maps);
    RUN(fill_diagonal_tunnel_keeps_stack_shallow);
    RUN(geom_distances);
    RUN(geom_rects);
    RUN(geom_line_is_continuous);
    RUN(geom_line_ends_on_its_end_cell);
    RUN(tiles_connects_follows_areas_rule);
    RUN(tiles_whole_table_connects_and_links);
    RUN(hash_fnv1a_known_values);
    RUN(hash_golden_fixed_grids);
    RUN(grid_checked_access);
}
