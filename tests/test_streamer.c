/* PUT_TERRAIN_STREAMER_WATER (docs/blocks.md): end points, the distance
 * to up slopes, throws and rounds, and the deepening pass. */
#include "check.h"
#include "arena.h"
#include "ground.h"
#if !BW_TRACE
#error "these tests read the trace hooks: build them with BW_TRACE 1 (config.h)"
#endif

static bw_map *const m = &arena.map;

/* A cave level as a pure function of the seed: rock with 7 rooms of stone
 * floor, up-slope blobs (discs of radius 0..3, so runs and single tiles),
 * and a down-slope disc. */
typedef struct cave { int16_t ux[3], uy[3], ur[3], nu; int16_t dx, dy; bw_rect room[7]; } cave;

static void cave_make(cave *c, uint32_t s)
{
    bw_rng r;
    int i;
    bw_rng_stream(&r, s, 99u, 0u, 0u);
    c->nu = (int16_t)bw_rng_range(&r, 1, 3);
    for (i = 0; i < 3; i++) {
        c->ux[i] = (int16_t)bw_rng_range(&r, 0, 119);
        c->uy[i] = (int16_t)bw_rng_range(&r, 0, 119);
        c->ur[i] = (int16_t)bw_rng_range(&r, 0, 3);
    }
    c->dx = (int16_t)bw_rng_range(&r, 0, 119);
    c->dy = (int16_t)bw_rng_range(&r, 0, 119);
    for (i = 0; i < 7; i++) {
        int x = bw_rng_range(&r, 1, 100), y = bw_rng_range(&r, 1, 100);
        int w = bw_rng_range(&r, 5, 30), h = bw_rng_range(&r, 5, 30);
        c->room[i] = bw_rect_make(x, y, x + w, y + h);
    }
}

static uint8_t cave_tile(const cave *c, int x, int y)
{
    int i;
    for (i = 0; i < c->nu; i++)
        if (bw_dist2(x, y, c->ux[i], c->uy[i]) <= c->ur[i] * c->ur[i])
            return BW_T_UP_SLOPE;
    if (bw_dist2(x, y, c->dx, c->dy) <= 2)
        return BW_T_DOWN_SLOPE;
    for (i = 0; i < 7; i++)
        if (bw_rect_contains(c->room[i], x, y))
            return BW_T_STONE;
    return BW_T_ROCK;
}

static void cave_lay(const cave *c)
{
    int x, y;
    bw_map_init(m, 120, 120, BW_T_ROCK);
    for (y = 0; y < 120; y++)
        for (x = 0; x < 120; x++)
            BW_AT(&m->grid, x, y) = cave_tile(c, x, y);
}

/* Squared distance from (x, y) to the nearest up slope on the map, brute
 * force over the blobs' cells: exact below 21^2, else some value >= 21^2
 * (a blob whose centre is over r + 21 away has no cell within 21). */
static int32_t up_dist2(const cave *c, int x, int y)
{
    int32_t best = 0x7fffffff;
    int i, ax, ay;
    for (i = 0; i < c->nu; i++) {
        if (bw_dist2(x, y, c->ux[i], c->uy[i]) > (c->ur[i] + 21) * (c->ur[i] + 21))
            continue;
        for (ay = c->uy[i] - c->ur[i]; ay <= c->uy[i] + c->ur[i]; ay++)
            for (ax = c->ux[i] - c->ur[i]; ax <= c->ux[i] + c->ur[i]; ax++)
                if (ax >= 0 && ay >= 0 && ax < 120 && ay < 120 &&
                    bw_dist2(ax, ay, c->ux[i], c->uy[i]) <= c->ur[i] * c->ur[i] &&
                    bw_dist2(x, y, ax, ay) < best)
                    best = bw_dist2(x, y, ax, ay);
    }
    return best;
}

static int is_water(int t) { return t == BW_T_SHALLOW || t == BW_T_DEEP; }

static void streamer_near_planes_match_brute_force(void)
{
    bw_streamer_params p;
    cave c;
    int s, x, y;
    bw_streamer_defaults(&p);
    FOR_SEEDS(s, 300) {
        t_seed((uint32_t)s);
        cave_make(&c, (uint32_t)s);
        cave_lay(&c);
        bw_streamer_prepare(m, &p);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                int32_t d = up_dist2(&c, x, y);
                CHECK((int)BW_PGET(&m->b, x, y) == (d < 400));
                CHECK((int)BW_PGET(&m->a, x, y) == (d <= 100));
            }
    }
}

/* One streamer per map, so its ends can be checked against the cave. */
static void streamer_ends_in_wall_and_open_at_least_20_from_up_slopes(void)
{
    bw_streamer_params p;
    bw_streamer_report rep;
    bw_rng r;
    cave c;
    int s, laid = 0;
    bw_streamer_defaults(&p);
    FOR_SEEDS(s, 300) {
        uint8_t st, et;
        t_seed((uint32_t)s);
        cave_make(&c, (uint32_t)s);
        cave_lay(&c);
        t_seed_rng(&r, (uint32_t)s);
        bw_streamer_prepare(m, &p);
        if (!bw_streamer_put(m, &r, &p, &rep)) {
            CHECK(rep.ok == 0 && bw_grid_count(&m->grid, BW_T_SHALLOW) == 0);
            continue;
        }
        laid++;
        st = cave_tile(&c, rep.sx, rep.sy);
        et = cave_tile(&c, rep.ex, rep.ey);
        CHECK(st == BW_T_ROCK);                     /* start in a wall */
        CHECK(et != BW_T_ROCK);                     /* end not in one */
        CHECK(up_dist2(&c, rep.sx, rep.sy) >= 400);
        CHECK(up_dist2(&c, rep.ex, rep.ey) >= 400);
        CHECK(BW_AT(&m->grid, rep.sx, rep.sy) == BW_T_SHALLOW);
        CHECK(BW_AT(&m->grid, rep.ex, rep.ey) == BW_T_SHALLOW || t_is_link(et));
        CHECK(rep.tiles >= bw_chebyshev(rep.sx, rep.sy, rep.ex, rep.ey) + 1);
        CHECK(bw_grid_count(&m->grid, BW_T_SHALLOW) <= rep.tiles);
    }
    CHECK(laid * 10 >= SEEDS(300) * 9);
}

/* The full block: no water tile lies within 10 of an up slope, slopes and
 * down slopes are untouched, and after deepening every deep tile has at
 * least 12 water tiles among the 24 within Manhattan distance 3 and every
 * shallow one fewer. */
static int water_around(int x, int y)
{
    int dx, dy, n = 0;
    for (dy = -3; dy <= 3; dy++)
        for (dx = -3; dx <= 3; dx++) {
            int d = bw_abs(dx) + bw_abs(dy);
            if (d >= 1 && d <= 3 && bw_grid_in(&m->grid, x + dx, y + dy))
                n += is_water(BW_AT(&m->grid, x + dx, y + dy));
        }
    return n;
}

static void streamer_no_water_within_10_of_up_slope_and_deep_has_12_of_24(void)
{
    bw_streamer_params p;
    bw_rng r;
    cave c;
    int s, x, y, deep = 0, laid = 0;
    bw_streamer_defaults(&p);
    FOR_SEEDS(s, 200) {
        t_seed((uint32_t)s);
        cave_make(&c, (uint32_t)s);
        cave_lay(&c);
        t_seed_rng(&r, (uint32_t)s);
        laid += bw_streamer_put_many(m, &r, &p);
        for (y = 0; y < 120; y++)
            for (x = 0; x < 120; x++) {
                uint8_t t = BW_AT(&m->grid, x, y), was = cave_tile(&c, x, y);
                if (t_is_link(was))
                    CHECK(t == was);
                if (!is_water(t)) {
                    CHECK(t == was);
                    continue;
                }
                CHECK(up_dist2(&c, x, y) > 100);
                if (t == BW_T_DEEP) {
                    CHECK(water_around(x, y) >= 12);
                    deep++;
                } else {
                    CHECK(water_around(x, y) < 12);
                }
            }
        /* a second pass finds nothing left to deepen: the rule is a fixed
         * point, whatever the scan order */
        CHECK(bw_streamer_deepen(m, &p) == 0);
    }
    CHECK(deep > 0 && laid > SEEDS(200) * 3);
}

/* 3 x 3, 5 x 5 and 7 x 7 squares of shallow water, counted by hand. */
static void streamer_deepen_hand_counted(void)
{
    bw_streamer_params p;
    bw_streamer_defaults(&p);
    bw_map_init(m, 30, 30, BW_T_ROCK);
    bw_grid_rect(&m->grid, 2, 2, 4, 4, BW_T_SHALLOW);
    /* 3 x 3: the centre sees 8 water cells: shallow stays */
    bw_grid_rect(&m->grid, 10, 10, 14, 14, BW_T_SHALLOW);
    /* 5 x 5: centre sees 4 + 8 + 8 = 20; its edge middle (12, 10) sees
     * 3 + 5 + 5 = 13; a corner (10, 10) sees 2 + 3 + 4 = 9 */
    CHECK(bw_streamer_deepen(m, &p) > 0);
    CHECK(BW_AT(&m->grid, 3, 3) == BW_T_SHALLOW);
    CHECK(BW_AT(&m->grid, 12, 12) == BW_T_DEEP);
    CHECK(BW_AT(&m->grid, 12, 10) == BW_T_DEEP);
    CHECK(BW_AT(&m->grid, 10, 10) == BW_T_SHALLOW);
}

/* Deepening near the map's edges and corners: maps of many sizes (1 x 1
 * up to 120 x 120) with shallow, deep and rock cells at random, against
 * the rule counted cell by cell (water_around: cells off the map are not
 * water). Shallow stays shallow below 12 of 24, and becomes deep from 12;
 * deep and rock stay. */
static uint8_t speckle(uint32_t s, int x, int y)
{
    static const uint8_t t[4] = { BW_T_SHALLOW, BW_T_SHALLOW, BW_T_DEEP, BW_T_ROCK };
    return t[bw_rng_mix(s, (uint32_t)x, (uint32_t)y, 24u) & 3u];
}

static void streamer_deepen_at_edges_follows_12_of_24(void)
{
    bw_streamer_params p;
    int s, x, y, deepened = 0;
    bw_streamer_defaults(&p);
    FOR_SEEDS(s, 300) {
        uint32_t sz = bw_rng_mix((uint32_t)s, 0u, 0u, 25u);
        int w = 1 + (int)(sz % 120u), h = 1 + (int)(sz / 120u % 120u);
        t_seed((uint32_t)s);
        bw_map_init(m, w, h, BW_T_ROCK);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++)
                BW_AT(&m->grid, x, y) = speckle((uint32_t)s, x, y);
        deepened += bw_streamer_deepen(m, &p);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                uint8_t was = speckle((uint32_t)s, x, y), t = BW_AT(&m->grid, x, y);
                if (was != BW_T_SHALLOW)
                    CHECK(t == was);
                else
                    CHECK(t == (water_around(x, y) >= 12 ? BW_T_DEEP : BW_T_SHALLOW));
            }
    }
    CHECK(deepened > 0);
}

/* A wall of up slopes across the map at x = 60, rock left of x = 80 and
 * floor right of it: starts (rock, 20 from the slopes) lie at x <= 40 and
 * ends at x >= 80. Every line crosses the slopes, so each round throws
 * three lines and the block gives up after BW_STREAMER_ROUNDS rounds,
 * laying nothing. */
static void streamer_three_throws_then_new_ends_then_gives_up(void)
{
    bw_streamer_params p;
    bw_streamer_report rep;
    bw_rng r;
    int s;
    bw_streamer_defaults(&p);
    CHECK(BW_STREAMER_THROWS == 3); /* "If this happens three times" */
    CHECK(p.end_far == 20 && p.line_near == 10 && p.deep_min == 12);
    FOR_SEEDS(s, 300) {
        t_seed((uint32_t)s);
        bw_map_init(m, 120, 40, BW_T_STONE);
        bw_grid_rect(&m->grid, 0, 0, 79, 39, BW_T_ROCK);
        bw_grid_rect(&m->grid, 60, 0, 60, 39, BW_T_UP_SLOPE);
        t_seed_rng(&r, (uint32_t)s);
        bw_streamer_prepare(m, &p);
        CHECK(bw_streamer_put(m, &r, &p, &rep) == 0);
        CHECK(rep.ok == 0 && rep.rounds == BW_STREAMER_ROUNDS);
        CHECK(rep.throws == BW_STREAMER_ROUNDS * BW_STREAMER_THROWS);
        CHECK(bw_grid_count(&m->grid, BW_T_SHALLOW) == 0);
    }
    /* no end point at all (everything near the slope): gives up too */
    bw_map_init(m, 30, 30, BW_T_ROCK);
    bw_grid_rect(&m->grid, 14, 14, 15, 15, BW_T_UP_SLOPE);
    t_seed_rng(&r, 3u);
    bw_streamer_prepare(m, &p);
    CHECK(bw_streamer_put(m, &r, &p, &rep) == 0 && rep.throws == 0 &&
          rep.rounds == BW_STREAMER_ROUNDS);
}

/* The lines one bw_streamer_put drew, from its trace. */
typedef struct line_log { int n; bw_streamer_line l[BW_STREAMER_ROUNDS * BW_STREAMER_THROWS]; } line_log;

static void log_line(void *ctx, const bw_streamer_line *l)
{
    line_log *g = (line_log *)ctx;
    if (g->n < BW_STREAMER_ROUNDS * BW_STREAMER_THROWS)
        g->l[g->n] = *l;
    g->n++;
}

static int same_ends(const bw_streamer_line *a, const bw_streamer_line *b)
{
    return a->sx == b->sx && a->sy == b->sy && a->ex == b->ex && a->ey == b->ey;
}

/* PUT_TERRAIN_STREAMER_WATER: after three failures new ends are chosen.
 * Rock above y = 20, floor below, and a column of up slopes at x = 60: ends
 * lie at x <= 40 or x >= 80, and a line between ends on opposite sides must
 * step on the column, so those ends always fail, while ends on one side
 * nearly always succeed. Seen through the trace: a round's throws share
 * their ends; a round whose line is thrown three times is followed by a
 * round with new ends; ends on opposite sides are thrown exactly three
 * times. Seeds whose first ends cross then lay a line from other ends
 * (reusing the first ends would lay none). */
static void streamer_new_ends_after_exactly_three_throws(void)
{
    bw_streamer_params p;
    bw_streamer_report rep;
    line_log g;
    bw_rng r;
    int s, i, crossed_first = 0, laid_after = 0;
    bw_streamer_defaults(&p);
    p.trace = log_line;
    p.trace_ctx = &g;
    FOR_SEEDS(s, 500) {
        int start = 0;
        t_seed((uint32_t)s);
        bw_map_init(m, 120, 40, BW_T_STONE);
        bw_grid_rect(&m->grid, 0, 0, 119, 19, BW_T_ROCK);
        bw_grid_rect(&m->grid, 60, 0, 60, 39, BW_T_UP_SLOPE);
        t_seed_rng(&r, (uint32_t)s + 5000u);
        bw_streamer_prepare(m, &p);
        g.n = 0;
        bw_streamer_put(m, &r, &p, &rep);
        REQUIRE(g.n >= 1 && g.n <= BW_STREAMER_ROUNDS * BW_STREAMER_THROWS);
        CHECK(g.n == rep.throws + rep.ok);
        /* round by round: lines start..k-1 share one */
        while (start < g.n) {
            const bw_streamer_line *a = &g.l[start];
            int k = start, cross = (a->sx < 60) != (a->ex < 60);
            while (k < g.n && g.l[k].round == a->round) {
                CHECK(same_ends(&g.l[k], a));          /* one pair of ends a round */
                CHECK(g.l[k].nth == k - start);
                k++;
            }
            CHECK(a->sy < 20 && a->ey >= 20 && (a->sx <= 40 || a->sx >= 80) &&
                  (a->ex <= 40 || a->ex >= 80));
            if (cross)
                CHECK(k - start == BW_STREAMER_THROWS && !g.l[k - 1].laid);
            if (!g.l[k - 1].laid) {
                /* three throws, then new ends (a repeat of both ends has
                 * odds of about 1 in 10^6 per round on this map) */
                CHECK(k - start == BW_STREAMER_THROWS);
                if (k < g.n)
                    CHECK(!same_ends(&g.l[k], a) && g.l[k].round > a->round);
            } else {
                CHECK(k == g.n && k - start <= BW_STREAMER_THROWS);
            }
            start = k;
        }
        if ((g.l[0].sx < 60) != (g.l[0].ex < 60)) {
            crossed_first++;
            laid_after += rep.ok;
        }
        for (i = 0; i < g.n; i++)
            if (g.l[i].laid)
                CHECK(rep.ok && g.l[i].sx == rep.sx && g.l[i].sy == rep.sy &&
                      g.l[i].ex == rep.ex && g.l[i].ey == rep.ey);
    }
    /* about half the first ends cross; nearly all of those seeds lay a line */
    CHECK(crossed_first * 4 > SEEDS(500) && laid_after * 10 >= crossed_first * 9);
    t_info("streamer_first_ends_crossed", (uint32_t)crossed_first);
    t_info("streamer_laid_after_crossed", (uint32_t)laid_after);
}

/* Over random caves some lines are thrown, and a round never throws more
 * than three. */
static void streamer_throws_at_most_three_per_round(void)
{
    bw_streamer_params p;
    bw_streamer_report rep;
    bw_rng r;
    cave c;
    int s, thrown = 0;
    bw_streamer_defaults(&p);
    FOR_SEEDS(s, 300) {
        t_seed((uint32_t)s);
        cave_make(&c, (uint32_t)s);
        cave_lay(&c);
        t_seed_rng(&r, (uint32_t)s);
        bw_streamer_prepare(m, &p);
        bw_streamer_put(m, &r, &p, &rep);
        CHECK(rep.rounds >= 1 && rep.rounds <= BW_STREAMER_ROUNDS);
        CHECK(rep.throws <= rep.rounds * BW_STREAMER_THROWS);
        /* a laid line in round k followed k - 1 rounds of three throws or
         * of failed picks, so throws < 3 * rounds */
        if (rep.ok)
            CHECK(rep.throws < rep.rounds * BW_STREAMER_THROWS);
        thrown += rep.throws;
    }
    CHECK(thrown > 0);
}

static void streamer_golden(void)
{
    bw_streamer_params p;
    bw_rng r;
    cave c;
    bw_streamer_defaults(&p);
    cave_make(&c, 2026u);
    cave_lay(&c);
    t_seed_rng(&r, 2026u);
    bw_streamer_put_many(m, &r, &p);
    t_golden("streamers_2026", bw_grid_hash(&m->grid), 0x2503c3d5u);
}

void suite_streamer(void)
{
    RUN(streamer_near_planes_match_brute_force);
    RUN(streamer_ends_in_wall_and_open_at_least_20_from_up_slopes);
    RUN(streamer_no_water_within_10_of_up_slope_and_deep_has_12_of_24);
    RUN(streamer_deepen_hand_counted);
    RUN(streamer_deepen_at_edges_follows_12_of_24);
    RUN(streamer_three_throws_then_new_ends_then_gives_up);
    RUN(streamer_new_ends_after_exactly_three_throws);
    RUN(streamer_throws_at_most_three_per_round);
    RUN(streamer_golden);
}
