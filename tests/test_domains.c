/* Domains: every public function (the headers in include/burrow) called at its
 * domain's edges and one past them, each result checked against what its
 * header says happens there (an error code, an unchanged grid, a clamped
 * value, no pit). test_robust.c holds the extreme ints (INT_MIN, INT_MAX)
 * of the functions that take any int; tests/domains_check.sh fails when a
 * public function is called by neither file.
 *
 * The preconditions a header gives to BW_ASSERT are tested as a user's
 * build (without asserts) meets them: t_assert_catch() counts the failed
 * asserts and lets the function go on past them, so one call under the
 * sanitizers (make test-san) checks that the assert fires (with
 * BW_ASSERTS) and that the result after it is the documented one and no
 * undefined behaviour (docs/reliability.md). */
#include <limits.h>
#include "check.h"
#include "arena.h"

static bw_map *const m = &arena.map;

/* The asserts a block of calls made: n in a build with BW_ASSERTS (the
 * desktop tests), none without. */
#ifdef BW_ASSERTS
#define ASSERTS(n) CHECK(t_assert_caught() == (n))
#else
#define ASSERTS(n) CHECK(t_assert_caught() == 0)
#endif

static int count_cells(int x, int y, void *ctx)
{
    (void)x;
    (void)y;
    ++*(int *)ctx;
    return 0;
}

/* A map of stone floor in a rock frame, w x h. */
static void floor_map(int w, int h)
{
    bw_map_init(m, w, h, BW_T_ROCK);
    bw_grid_rect(&m->grid, 1, 1, w - 2, h - 2, BW_T_STONE);
}

/* map.h: the size clamps to 1..120; an entity off the map is refused. */
static void domain_map_entity_cells(void)
{
    bw_map_init(m, 0, 121, BW_T_STONE);
    CHECK(m->grid.w == 1 && m->grid.h == BW_GRID_MAX && m->n_ent == 0);
    bw_map_init(m, 80, 21, BW_T_STONE);
    CHECK(m->grid.w == 80 && m->grid.h == 21);
    CHECK(bw_map_add_entity(m, 0, 0, 1, 2) == 1);
    CHECK(bw_map_add_entity(m, 79, 20, 1, 2) == 1);
    t_assert_catch();
    CHECK(bw_map_add_entity(m, -1, 0, 1, 2) == 0);
    CHECK(bw_map_add_entity(m, 80, 0, 1, 2) == 0);
    CHECK(bw_map_add_entity(m, 0, 21, 1, 2) == 0);
    CHECK(bw_map_add_entity(m, 0, INT_MIN, 1, 2) == 0);
    ASSERTS(4);
    CHECK(m->n_ent == 2);
}

/* grid.h: the checked accessors at the map's edges. */
static void domain_grid_edges(void)
{
    bw_tileset ts;
    uint8_t four[4] = { 1, 2, 3, 4 };
    bw_grid_init(&m->grid, 3, 2, BW_T_ROCK);
    bw_grid_fill(&m->grid, BW_T_STONE);
    CHECK(bw_grid_count(&m->grid, BW_T_STONE) == 6);
    CHECK(bw_grid_in(&m->grid, 2, 1) && !bw_grid_in(&m->grid, 3, 1) && !bw_grid_in(&m->grid, -1, 0));
    bw_grid_set(&m->grid, 3, 0, BW_T_ROCK); /* off the map: ignored */
    bw_grid_set(&m->grid, -1, 0, BW_T_ROCK);
    CHECK(bw_grid_count(&m->grid, BW_T_STONE) == 6);
    bw_grid_set(&m->grid, 2, 1, BW_T_ROCK);
    CHECK(bw_grid_get(&m->grid, 2, 1, 9) == BW_T_ROCK && bw_grid_get(&m->grid, 2, 2, 9) == 9);
    bw_tileset_clear(&ts);
    bw_tileset_add(&ts, BW_T_STONE);
    CHECK(bw_grid_rect_in(&m->grid, 0, 0, 1, 1, &ts) == 1);
    CHECK(bw_grid_rect_in(&m->grid, 0, 0, 3, 1, &ts) == 0); /* one past the edge */
    CHECK(bw_grid_rect_in(&m->grid, -1, 0, 0, 0, &ts) == 0);
    CHECK(bw_grid_rect_in(&m->grid, 1, 1, 0, 0, &ts) == 1); /* empty */
    CHECK(bw_grid_fnv1a(7, four, 0) == 7 && bw_grid_fnv1a(7, four, -1) == 7);
    CHECK(bw_grid_fnv1a(2166136261u, four, 1) == bw_grid_fnv1a(2166136261u, four, 1));
    CHECK(bw_load4(four) == 0x04030201u);
    bw_store4(four, 0xa0b0c0d0u);
    CHECK(four[0] == 0xd0 && four[3] == 0xa0);
}

/* plane.h: rows outside 0..119 are no row (asserted). */
static void domain_plane_rows(void)
{
    bw_plane *p = &m->a, *q = &m->b;
    uint8_t cells[4] = { 5, 6, 5, 7 };
    bw_plane_clear(p);
    bw_plane_row_set(p, 0, 1);
    bw_plane_row_set(p, BW_GRID_MAX - 1, 1);
    CHECK(bw_plane_row_count(p, 0) == BW_GRID_MAX && bw_plane_row_count(p, BW_GRID_MAX - 1) == BW_GRID_MAX);
    CHECK(bw_plane_row_find(p, 0, BW_GRID_MAX - 1, 1) == BW_GRID_MAX - 1);
    CHECK(bw_plane_row_find(p, 0, BW_GRID_MAX, 1) == -1 && bw_plane_row_find(p, 0, INT_MIN, 0) == -1);
    t_assert_catch();
    bw_plane_row_set(p, -1, 1);
    bw_plane_row_set(p, BW_GRID_MAX, 1);
    bw_plane_row_set(p, INT_MIN, 0);
    CHECK(bw_plane_row_count(p, -1) == 0 && bw_plane_row_count(p, BW_GRID_MAX) == 0);
    CHECK(bw_plane_row_find(p, -1, 0, 1) == -1 && bw_plane_row_find(p, BW_GRID_MAX, 0, 1) == -1);
    ASSERTS(7);
    CHECK(bw_plane_count(p) == 2 * BW_GRID_MAX);
    bw_plane_set(p, BW_GRID_MAX, 0, 1); /* off the plane: ignored */
    bw_plane_set(p, -1, 5, 1);
    CHECK(bw_plane_count(p) == 2 * BW_GRID_MAX);
    CHECK(bw_plane_get(p, 119, 119) == 1 && bw_plane_get(p, 120, 119) == 0 && bw_plane_get(p, 0, -1) == 0);
    /* a span: exactly bits x0..x1 of its row, across words; the ends
     * clipped to the row, no row outside 0..119 */
    bw_plane_clear(q);
    bw_plane_span(q, 3, 30, 97);
    CHECK(bw_plane_count(q) == 68 && bw_plane_row_find(q, 3, 0, 1) == 30 && bw_plane_row_find(q, 3, 31, 0) == 98);
    bw_plane_span(q, 5, INT_MIN, INT_MAX);
    CHECK(bw_plane_row_count(q, 5) == BW_GRID_MAX);
    bw_plane_span(q, 7, 9, 8);
    bw_plane_span(q, -1, 0, 5);
    bw_plane_span(q, BW_GRID_MAX, 0, 5);
    bw_plane_span(q, INT_MIN, INT_MIN, INT_MAX);
    CHECK(bw_plane_count(q) == 68 + BW_GRID_MAX);
    /* bits l..r by index (l <= r): one bit, one word's end, the plane's
     * first and last bits, a run across three words */
    bw_plane_clear(q);
    bw_plane_set_bits(q->w, 0, 0);
    bw_plane_set_bits(q->w, 31, 31);
    bw_plane_set_bits(q->w, BW_GRID_CELLS - 1, BW_GRID_CELLS - 1);
    bw_plane_set_bits(q->w, 40, 130);
    CHECK(bw_plane_count(q) == 3 + 91 && q->w[0] == 0x80000001u && q->w[1] == 0xffffff00u &&
          q->w[2] == 0xffffffffu && q->w[4] == 0x7u && q->w[BW_PLANE_WORDS - 1] == 0x80000000u);
    /* the whole-plane operations and the bit helpers at their edges */
    bw_plane_fill(q);
    CHECK(bw_plane_count(q) == BW_GRID_CELLS);
    bw_plane_andnot(q, p);
    bw_plane_or(q, p);
    CHECK(bw_plane_count(q) == BW_GRID_CELLS);
    bw_plane_and(q, p);
    bw_plane_copy(q, p);
    CHECK(bw_plane_count(q) == 2 * BW_GRID_MAX);
    CHECK(bw_plane_bits(p, BW_GRID_CELLS - 1) == 1u); /* past the end reads 0 */
    CHECK(bw_plane_bits(p, 0) == 0xffffffffu);
    CHECK(bw_popcount32(0) == 0 && bw_popcount32(0xffffffffu) == 32);
    CHECK(bw_low_bit(1) == 0 && bw_low_bit(0x80000000u) == 31);
    CHECK(bw_low_bit(0) == 0 || bw_low_bit(0) == 31); /* no bit: the build's answer */
    CHECK(bw_high_bit(1) == 0 && bw_high_bit(0xffffffffu) == 31 && bw_high_bit(0) == 0);
    CHECK(bw_plane_bits(p, BW_GRID_CELLS) == 0 && bw_plane_bits(p, 0xffffffffu) == 0);
    CHECK(bw_eq4(cells, 5) == 5u && bw_eq4(cells, 0) == 0u);
    CHECK(bw_plane_runs_of(0xffffffffu, 1u) == 0xffffffffu && bw_plane_runs_of(0, 0) == 0);
    bw_grid_init(&m->grid, 2, 1, BW_T_STONE);
    bw_plane_of_tiles(p, &m->grid, BW_T_STONE, BW_T_STONE); /* all 120 rows */
    CHECK(bw_plane_get(p, 0, 0) && bw_plane_get(p, 1, 0));
}

/* geom.h, rng.h, error.h: the small pure functions at their edges. */
static void domain_geom_rng_error(void)
{
    bw_rect a = bw_rect_make(0, 0, 0, 0), b = bw_rect_make(INT_MAX, INT_MAX, INT_MIN, INT_MIN), u;
    bw_rng r;
    int i;
    CHECK(bw_isqrt(-1) == 0 && bw_isqrt(0) == 0 && bw_isqrt(INT32_MAX) == 46340);
    CHECK(bw_sign(INT_MIN) == -1 && bw_sign(0) == 0 && bw_sign(INT_MAX) == 1);
    CHECK(bw_min(INT_MIN, INT_MAX) == INT_MIN && bw_max(INT_MIN, INT_MAX) == INT_MAX);
    CHECK(bw_rect_w(a) == 1 && bw_rect_h(a) == 1);
    CHECK(bw_rect_w(b) == 65536 && bw_rect_h(b) == 65536); /* int16 sides: no overflow */
    CHECK(bw_rect_contains(b, -32768, 32767) && !bw_rect_contains(a, 1, 0));
    CHECK(bw_rect_overlaps(a, b) && !bw_rect_overlaps(a, bw_rect_make(1, 1, 1, 1)));
    u = bw_rect_union(a, b);
    CHECK(u.x0 == -32768 && u.x1 == 32767);
    CHECK(bw_manhattan(0, 0, 0, 0) == 0 && bw_chebyshev(0, 0, -1, 1) == 1);
    /* rng: below(0) is 0, range(hi < lo) is lo, chance(d = 0) is 0 */
    bw_rng_seed(&r, 0); /* a zero seed is mapped to a state that is not */
    CHECK(r.s != 0);
    bw_rng_stream(&r, 0, 0, 0, 0);
    CHECK(r.s != 0);
    CHECK(bw_rng_below(&r, 0) == 0 && bw_rng_below(&r, 1) == 0);
    CHECK(bw_rng_range(&r, 5, 4) == 5 && bw_rng_range(&r, INT_MAX, INT_MAX) == INT_MAX);
    i = bw_rng_range(&r, INT_MIN, INT_MAX);
    (void)i;
    CHECK(bw_rng_chance(&r, 1, 0) == 0 && bw_rng_chance(&r, 5, 5) == 1 && bw_rng_chance(&r, 0, 5) == 0);
    CHECK(bw_rng_step_below(&r, 1) == 0 && bw_rng_step_range(&r, -3, -3) == -3);
    CHECK(bw_rng_retry(&r, 1, 0) == 0 && bw_rng_retry(&r, 0, 0) == 0);
    CHECK(bw_rng_step_below(&r, 0) == 0 && bw_rng_cell_below(&r, 0) == 0 && bw_rng_cell_below(&r, 1) == 0);
    (void)bw_rng_step_range(&r, 1, 0); /* hi < lo: some int */
    (void)bw_rng_step_range(&r, INT_MIN, INT_MAX);
    (void)bw_rng_next(&r);
    (void)bw_rng_step(&r);
    CHECK(bw_rng_mix(0, 0, 0, 0) == bw_rng_mix(0, 0, 0, 0));
    CHECK(bw_rng_hash32(0) == 0); /* murmur3's finaliser keeps 0 */
    CHECK(bw_strerror(0)[0] == 'o' && bw_strerror(INT_MIN) == bw_strerror(INT_MAX));
    CHECK(bw_strerror(BW_ERR_LEVEL) != bw_strerror(INT_MIN));
}

/* tile.h: sets and colours at their edges. */
static void domain_tiles(void)
{
    bw_tileset ts;
    char sgr[BW_SGR_MAX];
    bw_tileset_from_flags(&ts, 0); /* no flag asked: every tile */
    CHECK(BW_TILESET_HAS(&ts, 0) && BW_TILESET_HAS(&ts, BW_TILE_COUNT - 1));
    bw_tileset_from_flags(&ts, ~0u); /* every flag: no tile has them all */
    CHECK(!BW_TILESET_HAS(&ts, 0));
    CHECK(bw_colour_sgr(0, sgr) >= 1 && sgr[BW_SGR_MAX - 1] == sgr[BW_SGR_MAX - 1]);
    CHECK(bw_colour_sgr(0xffffffffu, sgr) < BW_SGR_MAX);
    CHECK(bw_tile_connects(BW_T_STONE) && !bw_tile_connects(BW_TILE_COUNT));
}

/* tileset8.h: ids one past each end are black and blank, rows and
 * pixels outside 0..7 blank, any SGR code some colour. */
static void domain_tileset8(void)
{
    uint8_t rgb[3] = { 1, 2, 3 }, fg[3];
    bw_tile_rgb(-1, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    rgb[0] = 9;
    bw_tile_rgb(BW_TILE_COUNT, rgb);
    CHECK(rgb[0] == 0);
    bw_tile_rgb(0, rgb);
    bw_tile_rgb(BW_TILE_COUNT - 1, rgb);
    CHECK(bw_tile8_row(-1, 0) == 0 && bw_tile8_row(BW_TILE_COUNT, 0) == 0);
    CHECK(bw_tile8_row(0, -1) == 0 && bw_tile8_row(0, BW_TILE8) == 0 && bw_tile8_row(0, INT_MIN) == 0);
    (void)bw_tile8_row(BW_TILE_COUNT - 1, BW_TILE8 - 1);
    bw_tile8_pixel(INT_MIN, INT_MAX, INT_MIN, rgb);
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    bw_tile8_pixel(BW_T_STONE, BW_TILE8, 0, rgb); /* off the tile: its background */
    bw_tile8_pixel(BW_T_STONE, -1, 0, fg);
    CHECK(rgb[0] == fg[0] && rgb[1] == fg[1] && rgb[2] == fg[2]);
    bw_tile8_pixel(BW_TILE_COUNT - 1, BW_TILE8 - 1, BW_TILE8 - 1, rgb);
    bw_sgr_rgb(0, rgb);
    bw_sgr_rgb(0xffffffffu, rgb);
    bw_sgr_rgb(0x100u + 15u, rgb); /* just below the cube */
    bw_sgr_rgb(0x100u + 16u, rgb); /* its first and last colours */
    CHECK(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    bw_sgr_rgb(0x100u + 231u, rgb);
    CHECK(rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255);
    bw_sgr_rgb(0x100u + 232u, rgb); /* just past it */
}

/* fill.h and life.h: starts on the edges and off the map, empty and
 * inverted rectangles, no generations. */
static void domain_fill_life(void)
{
    bw_tileset open;
    bw_life l;
    int x = 0, y = 0;
    floor_map(6, 5);
    bw_tileset_clear(&open);
    bw_tileset_add(&open, BW_T_STONE);
    bw_fill_init(&m->fill);
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, -1, 1) == 0);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 6, 1) == 0);
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 0, 0) == 0); /* closed */
    CHECK(bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 4, 3) == 12);
    CHECK(bw_fill_open_mask(&m->grid, &open, &m->b) == 12);
    bw_plane_clear(&m->a);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, 0, 0, &m->a, 0, 0) == 0);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, -1, INT_MIN, &m->a, 1, 1) == 0);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, INT_MAX, INT_MAX, &m->a, 1, 1) == 12);
    CHECK(bw_fill_flood_plane(&m->fill, &m->b, 6, 5, &m->a, INT_MIN, INT_MAX) == 0);
    bw_plane_clear(&m->a);
    CHECK(bw_fill_region_next(&m->fill, &m->grid, &open, &m->a, &x, &y) == 12 && x == 1 && y == 1);
    CHECK(bw_fill_region_next(&m->fill, &m->grid, &open, &m->a, &x, &y) == 0);
    CHECK(bw_fill_regions(&m->fill, &m->grid, &open, &m->b) == 1);
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->b) == 1);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->b, 1, 1) == 1);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->b, 6, 1) == 0);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->b, 1, -1) == 0);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->b, -1, 0) == 0); /* open tiles exist */
    bw_grid_fill(&m->grid, BW_T_ROCK);
    CHECK(bw_fill_all_reachable(&m->fill, &m->grid, &open, &m->b, -1, 0) == 1); /* none */
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->b) == 1);
    /* life: 0 or fewer generations change nothing; the box is clipped */
    floor_map(6, 5);
    bw_life_classic(&l, BW_T_ROCK, BW_T_STONE);
    CHECK(bw_life_run(&m->grid, &l, 0, 0, 0, 5, 4, &m->a) == 0);
    CHECK(bw_life_run(&m->grid, &l, -1, 0, 0, 5, 4, &m->a) == 0);
    bw_life_fecund(&l, BW_T_ROCK, BW_T_STONE);
    (void)bw_life_run(&m->grid, &l, 1, INT_MIN, INT_MIN, INT_MAX, INT_MAX, &m->a);
    (void)bw_life_run(&m->grid, &l, 1, 5, 4, 0, 0, &m->a);
    floor_map(6, 5);
    bw_life_cave(&m->grid, 0, 0, 0, 5, 4, BW_T_ROCK, BW_T_STONE);
    bw_life_cave(&m->grid, -1, 0, 0, 5, 4, BW_T_ROCK, BW_T_STONE);
    CHECK(bw_grid_count(&m->grid, BW_T_STONE) == 12);
    bw_life_cave(&m->grid, 1, INT_MIN, INT_MIN, INT_MAX, INT_MAX, BW_T_ROCK, BW_T_STONE);
    bw_life_cave(&m->grid, 1, 5, 4, 0, 0, BW_T_ROCK, BW_T_STONE);
    /* any words: all wall stays wall, all open stays open */
    CHECK(bw_cave_rule(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u, ~0u) == ~0u);
    CHECK(bw_cave_rule(0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u, 0u) == 0u);
}

/* walk.h: a walk on a 1 x 1 map, a goal off the map. */
static void domain_walk(void)
{
    bw_walk k;
    bw_rng r;
    int n = 0;
    bw_rng_seed(&r, 1);
    bw_walk_start(&k, 0, 0, 0, 0, 1, 1);
    CHECK(bw_walk_step(&k, &r) == 1);
    CHECK(bw_walk_run(&k, &r, count_cells, &n) == 0 && n == 1);
    n = 0;
    bw_walk_start(&k, 119, 119, 121, 119, 120, 120); /* a goal off the map */
    (void)bw_walk_run(&k, &r, count_cells, &n);
    CHECK(n >= 2 && k.x == 121 && k.y == 119); /* the beeline goes there */
}

/* pit.h: pit numbers and plan fields out of their domain draw nothing. */
static void domain_pit_numbers(void)
{
    bw_pit_plan p;
    bw_rng r;
    int x0, y0, x1, y1, k, n;
    bw_rng_seed(&r, 3);
    p.tile = BW_T_PIT;
    CHECK(bw_pit_place(&p, &r, 1, 0, 0, 120, 120) == 1);
    floor_map(120, 120);
    bw_pit_box(&p, 0, &x0, &y0, &x1, &y1);
    CHECK(x0 <= x1 && y0 <= y1);
    bw_pit_render(&m->grid, &p, 0, &m->a);
    n = bw_grid_count(&m->grid, BW_T_STONE);
    CHECK(n < (118 * 118));
    t_assert_catch();
    for (k = -1; k <= 1; k += 2) { /* -1 and n: one past each end */
        int kk = k < 0 ? -1 : p.n;
        bw_pit_box(&p, kk, &x0, &y0, &x1, &y1);
        CHECK(x0 == 0 && y0 == 0 && x1 == -1 && y1 == -1);
        bw_pit_render(&m->grid, &p, kk, &m->a);
        bw_pit_moon(&m->grid, &p, kk, BW_T_ROCK);
        CHECK(bw_pit_in_half_moon(&p, kk, p.x[0], p.y[0]) == 0);
    }
    ASSERTS(8);
    CHECK(bw_grid_count(&m->grid, BW_T_STONE) == n);
    /* plan fields out of range: dir 8, r one past each end, n past the max */
    t_assert_catch();
    p.dir[0] = 8;
    bw_pit_render(&m->grid, &p, 0, &m->a);
    p.dir[0] = 0;
    p.r[0] = BW_PIT_R_MAX + 1;
    bw_pit_moon(&m->grid, &p, 0, BW_T_ROCK);
    p.r[0] = BW_PIT_R_MIN - 1;
    bw_pit_put(&m->grid, &p, &m->a);
    p.r[0] = BW_PIT_R_MIN;
    p.n = 255;
    bw_pit_put_below(&m->grid, &p, BW_T_STONE, &m->a);
    ASSERTS(3 + 255);
    CHECK(bw_grid_count(&m->grid, BW_T_STONE) == n);
    /* the edges inside: dir 7, r at both ends, seeds on the map's corner */
    p.n = 1;
    p.dir[0] = 7;
    p.x[0] = p.y[0] = 119;
    p.r[0] = BW_PIT_R_MAX;
    bw_pit_put(&m->grid, &p, &m->a);
    p.x[0] = p.y[0] = 0;
    p.r[0] = BW_PIT_R_MIN;
    bw_pit_put_below(&m->grid, &p, BW_T_STONE, &m->a);
    p.x[0] = p.y[0] = 255; /* a seed off the map: drawn clipped, nothing here */
    bw_pit_put(&m->grid, &p, &m->a);
}

/* mineshaft.h: ends on the map's corners, and one off. */
static void domain_mineshaft_ends(void)
{
    bw_mineshaft p;
    bw_mineshaft_stats st;
    bw_rng r;
    int changed;
    bw_mineshaft_defaults(&p);
    bw_rng_seed(&r, 5);
    bw_map_init(m, 40, 30, BW_T_ROCK);
    changed = bw_mineshaft_run(m, &r, &p, 0, 0, 39, 29, &st);
    CHECK(changed > 0 && st.carved == changed);
    bw_map_init(m, 40, 30, BW_T_ROCK);
    t_assert_catch();
    CHECK(bw_mineshaft_run(m, &r, &p, -1, 0, 39, 29, &st) == 0 && st.steps == 0);
    CHECK(bw_mineshaft_run(m, &r, &p, 0, 30, 39, 29, 0) == 0);
    CHECK(bw_mineshaft_run(m, &r, &p, 0, 0, 40, 29, &st) == 0 && st.carved == 0);
    CHECK(bw_mineshaft_run(m, &r, &p, 0, 0, 39, INT_MIN, &st) == 0);
    ASSERTS(4);
    CHECK(bw_grid_count(&m->grid, BW_T_ROCK) == 40 * 30);
}

/* The blocks that take a rectangle: empty, inverted and off the map. */
static void domain_blocks_rects(void)
{
    bw_building_params bp;
    bw_bomb_params bo;
    bw_watchtower_params wp;
    bw_rubble_params rp;
    bw_point placed[8];
    bw_rng r;
    bw_rng_seed(&r, 7);
    floor_map(40, 30);
    bw_building_defaults(&bp);
    CHECK(bw_building_put(&m->grid, &r, &bp, bw_rect_make(0, 0, 1, 1)) == 0); /* under 3 x 3 */
    CHECK(bw_building_put(&m->grid, &r, &bp, bw_rect_make(-100, -100, -50, -50)) == 0);
    (void)bw_building_put(&m->grid, &r, &bp, bw_rect_make(37, 27, 60, 60)); /* clipped */
    CHECK(bw_building_put_many(&m->grid, &r, &bp, 0, bw_rect_make(0, 0, 39, 29)) == 0);
    CHECK(bw_building_put_many(&m->grid, &r, &bp, -1, bw_rect_make(0, 0, 39, 29)) == 0);
    CHECK(bw_building_put_many(&m->grid, &r, &bp, 3, bw_rect_make(200, 200, 300, 300)) == 0);
    CHECK(bw_building_is_wall(&bp, bp.wall) && !bw_building_is_wall(&bp, -1) &&
          !bw_building_is_wall(&bp, BW_TILE_COUNT));
    floor_map(40, 30);
    bw_bomb_defaults(&bo);
    CHECK(bw_bomb_go_off(&m->grid, &r, &bo, bw_rect_make(-50, -50, -1, -1)) == 0);
    CHECK(bw_bomb_go_off(&m->grid, &r, &bo, bw_rect_make(40, 30, 200, 200)) == 0);
    (void)bw_bomb_go_off(&m->grid, &r, &bo, bw_rect_make(INT_MIN, INT_MIN, INT_MAX, INT_MAX));
    floor_map(40, 30);
    bw_watchtower_defaults(&wp);
    wp.count = 8;
    CHECK(bw_watchtower_put_many(&m->grid, &r, &wp, bw_rect_make(0, 0, 2, 2), placed) == 0); /* under 4 x 4 */
    CHECK(bw_watchtower_put_many(&m->grid, &r, &wp, bw_rect_make(100, 100, 200, 200), 0) == 0);
    (void)bw_watchtower_put_many(&m->grid, &r, &wp, bw_rect_make(INT_MIN, INT_MIN, INT_MAX, INT_MAX), placed);
    bw_rubble_defaults(&rp);
    (void)bw_rubble_put(&m->grid, &r, &rp, 0);
    bw_rubble_lichen_defaults(&rp);
    floor_map(3, 3); /* one stone cell */
    (void)bw_rubble_put(&m->grid, &r, &rp, 0);
    bw_grid_fill(&m->grid, BW_T_ROCK); /* no start at all */
    CHECK(bw_rubble_put(&m->grid, &r, &rp, 0) == 0);
}

/* The blocks' parameter fields at their bytes' ends: the ones a header
 * bounds are clamped to their range (history, widths, chunks, tries,
 * sizes), the others are any byte. */
static void domain_block_params(void)
{
    static const uint8_t ends[] = { 0, 1, 255 };
    bw_mineshaft ms;
    bw_rubble_params rp;
    bw_watchtower_params wp;
    bw_building_params bp;
    bw_rng r;
    int i;
    bw_rng_seed(&r, 11);
    for (i = 0; i < 3; i++) {
        uint8_t v = ends[i];
        floor_map(40, 30);
        bw_mineshaft_defaults(&ms);
        ms.history = v;
        ms.min_width = v;
        ms.max_width = v;
        ms.widen = v;
        ms.width_change = v;
        CHECK(bw_mineshaft_run(m, &r, &ms, 1, 1, 38, 28, 0) >= 0);
        bw_rubble_defaults(&rp);
        rp.chunks_min = rp.chunks_max = rp.reach = rp.size_min = rp.size_max = v;
        CHECK(bw_rubble_put_at(&m->grid, &r, &rp, 20, 15, 0) >= 0);
        bw_watchtower_defaults(&wp);
        wp.tries = v;
        wp.count = v < 8 ? v : 8;
        CHECK(bw_watchtower_put_many(&m->grid, &r, &wp, bw_rect_make(0, 0, 39, 29), 0) >= 0);
        bw_building_defaults(&bp);
        bp.min_w = bp.max_w = bp.min_h = bp.max_h = bp.chance_den = v;
        CHECK(bw_building_put_many(&m->grid, &r, &bp, 2, bw_rect_make(0, 0, 39, 29)) >= 0);
    }
}

/* streamer.h and acid.h on maps without what they look for. */
static void domain_streamer_acid(void)
{
    bw_streamer_params sp;
    bw_acid ap;
    bw_rng r;
    bw_rng_seed(&r, 9);
    bw_streamer_defaults(&sp);
    floor_map(40, 30); /* no up slope */
    bw_streamer_prepare(m, &sp);
    (void)bw_streamer_put(m, &r, &sp, 0);
    CHECK(bw_streamer_deepen(m, &sp) >= 0);
    CHECK(bw_streamer_water24(&m->grid, &sp, -1, -1) == 0);
    CHECK(bw_streamer_water24(&m->grid, &sp, INT_MIN, INT_MAX) == 0);
    bw_plane_clear(&m->b);
    CHECK(bw_streamer_deepen_water(m, &sp, &m->b) == 0);
    sp.count = 0;
    CHECK(bw_streamer_put_many(m, &r, &sp) == 0);
    bw_acid_defaults(&ap);
    bw_map_init(m, 1, 1, BW_T_ROCK); /* all margin */
    CHECK(bw_acid_fill(m, &r, &ap, 0) == 0);
}

/* mines.h: steam far off the window, levels one past each end. */
static void domain_mines(void)
{
    bw_mines_steam_ctx c;
    uint32_t rows[BW_MINES_STEAM_SIDE];
    bw_pit_plan a, o;
    uint32_t t;
    int any = 0;
    bw_mines_pits(1, 0, &a, &o);
    CHECK(a.n == 0 && o.n == 0);
    bw_mines_pits(1, BW_MINES_LEVELS + 1, 0, 0);
    CHECK(bw_mines_generate(m, 1, 0, 0) == BW_ERR_LEVEL);
    CHECK(bw_mines_generate(m, 1, BW_MINES_LEVELS + 1, 0) == BW_ERR_LEVEL);
    bw_mines_steam_init(&c, 1, 0);
    for (t = 0; t < 64; t++) {
        any |= bw_mines_steam_rows(&c, t, rows);
        CHECK(bw_mines_steam_at(&c, t, INT_MIN, INT_MAX) == 0);
        CHECK(bw_mines_steam_at(&c, t, c.x0 - 1, c.y0) == 0);
    }
    (void)any;
    CHECK(bw_mines_steam_rows(&c, 0xffffffffu, rows) >= 0);
}

/* The generators' named entries, levels one past each end. */
static void domain_generator_levels(void)
{
    bw_opts o = { 0 };
    bw_morlock_cfg mc;
    bw_morlock_plan mp;
    CHECK(bw_abyss_generate(m, 1, 0, &o) == BW_ERR_LEVEL);
    CHECK(bw_abyss_generate(m, 1, BW_ABYSS_LEVELS + 1, &o) == BW_ERR_LEVEL);
    CHECK(bw_forest_generate(m, 1, 0, &o) == BW_ERR_LEVEL);
    CHECK(bw_forest_generate(m, 1, BW_FOREST_LEVELS + 1, &o) == BW_ERR_LEVEL);
    CHECK(bw_crypts_generate(m, 1, 0, &o) == BW_ERR_LEVEL);
    CHECK(bw_crypts_generate(m, 1, BW_CRYPTS_LEVELS + 1, &o) == BW_ERR_LEVEL);
    CHECK(bw_morlock_generate(m, 1, 0, &o) == BW_ERR_LEVEL);
    CHECK(bw_morlock_generate(m, 1, BW_MORLOCK_LEVELS + 1, &o) == BW_ERR_LEVEL);
    CHECK(bw_crawler_generate(m, 1, 0, &o) == BW_ERR_LEVEL);
    CHECK(bw_crawler_generate(m, 1, BW_CRAWLER_LEVELS + 1, &o) == BW_ERR_LEVEL);
    bw_morlock_defaults(&mc);
    CHECK(bw_morlock_plan_run(&mp, 1, &mc, 0, 0) == 0);
    mc.queue = 0; /* 1..BW_MORLOCK_QUEUE */
    CHECK(bw_morlock_plan_run(&mp, 1, &mc, 0, 0) == BW_ERR_OPTION);
    mc.queue = BW_MORLOCK_QUEUE + 1;
    CHECK(bw_morlock_plan_run(&mp, 1, &mc, 0, 0) == BW_ERR_OPTION);
}

/* crawler.h: a design one past its ranges is refused, the map untouched. */
static void domain_crawler_design(void)
{
    static const bw_crawler_design *const b = &bw_crawler_builtin;
    CHECK(bw_crawler_check(b) == 0 && bw_crawler_problem(b) == 0);
    bw_map_init(m, 10, 10, BW_T_STONE);
    CHECK(bw_crawler_map(m, 1, 0, 0, 0) == BW_ERR_ARG);
    CHECK(m->grid.w == 10 && bw_grid_count(&m->grid, BW_T_STONE) == 100);
}

/* crypts.h and forest.h: rooms and parts of any shape, no room. */
/* grid.h, tile.h: a cell may hold any byte. The library reads a byte as its
 * slot (BW_TILE_SLOT, its low six bits), so a grid of stray bytes floods,
 * counts and matches as the grid of their slots does, and reads no table
 * past its end (the sanitizers watch). Here a 120 x 120 map of every byte
 * value, then the same map with each cell replaced by its slot. */
static void grid_of_any_bytes(int slots)
{
    bw_rng r;
    int i;
    bw_map_init(m, BW_GRID_MAX, BW_GRID_ROWS, BW_T_ROCK);
    bw_rng_seed(&r, 7);
    for (i = 0; i < BW_GRID_MAX * BW_GRID_ROWS; i++) {
        /* about half the cells stone or its stray copies (64 up), the rest any byte */
        uint32_t v = bw_rng_next(&r);
        unsigned b = (v & 1u) ? (unsigned)BW_T_STONE + 64u * ((v >> 1) & 3u) : (v >> 8) & 255u;
        m->grid.cell[i] = (uint8_t)(slots ? BW_TILE_SLOT(b) : b);
    }
}

static void domain_grid_cells_any_byte(void)
{
    bw_tileset open;
    int pass, n[2][4];
    uint32_t h[2] = { 2166136261u, 2166136261u };
    bw_tileset_clear(&open);
    bw_tileset_add(&open, BW_T_STONE);
    for (pass = 0; pass < 2; pass++) {
        int i;
        grid_of_any_bytes(pass);
        bw_fill_init(&m->fill);
        n[pass][0] = bw_fill_open_mask(&m->grid, &open, &m->b);
        for (i = 0; i < BW_PLANE_WORDS; i++)
            h[pass] = (h[pass] ^ m->b.w[i]) * 16777619u;
        n[pass][1] = bw_fill_regions(&m->fill, &m->grid, &open, &m->a);
        bw_plane_clear(&m->a);
        n[pass][2] = bw_fill_flood(&m->fill, &m->grid, &open, &m->a, 60, 60) +
                     bw_grid_rect_in(&m->grid, 0, 0, 3, 3, &open);
        n[pass][3] = BW_TILE_FLAGS(m->grid.cell[0]) + (int)BW_TILESET_HAS(&open, 255);
    }
    CHECK(n[0][0] > 0 && n[0][1] > 1);
    CHECK(n[0][0] == n[1][0] && n[0][1] == n[1][1] && n[0][2] == n[1][2] && n[0][3] == n[1][3]);
    CHECK(h[0] == h[1]);
    CHECK(BW_TILE_FLAGS(255) == 0 && !BW_TILESET_HAS(&open, 255)); /* slot 63: no tile */
}

static void domain_crypts_forest_shapes(void)
{
    bw_crypts_room rm;
    bw_forest_part fp;
    int x0, y0, x1, y1, n = 0;
    rm.kind = BW_CRYPTS_NONE;
    rm.x0 = rm.y0 = 0;
    rm.x1 = rm.y1 = 255;
    rm.inner_size = 0;
    CHECK(bw_crypts_in_room(&rm, 0, 0) == 0);
    CHECK(bw_crypts_inner(&rm, &x0, &y0, &x1, &y1) == 0);
    rm.kind = 255; /* no kind: no shape */
    rm.inner_size = 0xff;
    CHECK(bw_crypts_in_room(&rm, INT_MIN, INT_MAX) == 0);
    (void)bw_crypts_inner(&rm, &x0, &y0, &x1, &y1);
    fp.kind = BW_FOREST_BRANCH;
    fp.dir = 255;
    fp.width = 255;
    fp.len = 255;
    fp.x0 = fp.y0 = -32768;
    fp.x1 = fp.y1 = 32767;
    bw_forest_branch_cells(&fp, count_cells, &n);
    CHECK(n > 0);
}

void suite_domains(void)
{
    RUN(domain_map_entity_cells);
    RUN(domain_grid_edges);
    RUN(domain_plane_rows);
    RUN(domain_geom_rng_error);
    RUN(domain_tiles);
    RUN(domain_tileset8);
    RUN(domain_fill_life);
    RUN(domain_walk);
    RUN(domain_pit_numbers);
    RUN(domain_mineshaft_ends);
    RUN(domain_blocks_rects);
    RUN(domain_block_params);
    RUN(domain_streamer_acid);
    RUN(domain_mines);
    RUN(domain_generator_levels);
    RUN(domain_crawler_design);
    RUN(domain_crypts_forest_shapes);
    RUN(domain_grid_cells_any_byte);
}
