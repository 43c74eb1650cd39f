/* The core's Drunken Walk (docs/blocks.md): bounded, 8-neighbour steps
 * inside the map, weighted toward the goal. */
#include "check.h"
#include "arena.h"
#include "ground.h"

typedef struct walk_log {
    int px, py, w, h, n, bad_step, outside, closer, steps;
    int gx, gy;
} walk_log;

static int walk_visit(int x, int y, void *ctx)
{
    walk_log *l = (walk_log *)ctx;
    if (l->n > 0) {
        if (bw_chebyshev(x, y, l->px, l->py) != 1)
            l->bad_step++;
        l->steps++;
        l->closer += bw_dist2(x, y, l->gx, l->gy) < bw_dist2(l->px, l->py, l->gx, l->gy);
    }
    if (x < 0 || y < 0 || x >= l->w || y >= l->h)
        l->outside++;
    l->px = x;
    l->py = y;
    l->n++;
    return 0;
}

static void walk_random(uint32_t s, bw_walk *k, walk_log *l, bw_rng *r)
{
    int w, h;
    bw_rect a;
    t_seed_rng(r, s);
    w = bw_rng_range(r, 1, 120);
    h = bw_rng_range(r, 1, 120);
    a = t_rand_rect(r, 0, w - 1, 0, h - 1, 0, w - 1, 0, h - 1);
    /* t_rand_rect sorts the corners; the walk wants them as drawn, and
     * either diagonal is as good a test: flip by a draw */
    if (bw_rng_below(r, 2))
        bw_walk_start(k, a.x0, a.y0, a.x1, a.y1, w, h);
    else
        bw_walk_start(k, a.x1, a.y0, a.x0, a.y1, w, h);
    l->w = w;
    l->h = h;
    l->gx = k->gx;
    l->gy = k->gy;
    l->n = l->bad_step = l->outside = l->closer = l->steps = 0;
}

static void walk_reaches_goal_within_bounded_steps(void)
{
    bw_walk k;
    walk_log l;
    bw_rng r;
    int s;
    FOR_SEEDS(s, 1000) {
        int steps, bound;
        t_seed((uint32_t)s);
        walk_random((uint32_t)s, &k, &l, &r);
        /* the roaming budget (8 x (Chebyshev distance + 4), README), then
         * at most a straight line across the map */
        CHECK(k.budget == 8 * (bw_chebyshev(k.x, k.y, k.gx, k.gy) + 4));
        bound = k.budget + 120;
        steps = bw_walk_run(&k, &r, walk_visit, &l);
        CHECK(k.x == k.gx && k.y == k.gy);
        CHECK(steps <= bound && steps == l.steps);
        CHECK(l.px == k.gx && l.py == k.gy);
    }
}

static void walk_steps_are_8_neighbour_and_stay_inside_map(void)
{
    bw_walk k;
    walk_log l;
    bw_rng r;
    int s;
    FOR_SEEDS(s, 1000) {
        t_seed((uint32_t)s);
        walk_random((uint32_t)s, &k, &l, &r);
        bw_walk_run(&k, &r, walk_visit, &l);
        CHECK(l.bad_step == 0 && l.outside == 0);
    }
    /* along the edges of a one-row map */
    bw_walk_start(&k, 0, 0, 119, 0, 120, 1);
    l.w = 120; l.h = 1; l.gx = 119; l.gy = 0;
    l.n = l.bad_step = l.outside = l.closer = l.steps = 0;
    t_seed_rng(&r, 5u);
    bw_walk_run(&k, &r, walk_visit, &l);
    CHECK(l.bad_step == 0 && l.outside == 0 && k.x == 119);
}

/* Weighted toward the goal: over 200 walks across at least 40 cells, the
 * share of steps that bring the walker closer (Pythagorean) is about 0.75
 * with bias 3; an unweighted walk would manage about 3/8. Require > 0.6. */
static void walk_weighted_toward_goal(void)
{
    bw_walk k;
    walk_log l;
    bw_rng r;
    int s, steps = 0, closer = 0;
    for (s = 0; s < 200; s++) {
        int x0, y0, x1, y1;
        t_seed_rng(&r, (uint32_t)s + 50000u);
        x0 = bw_rng_range(&r, 0, 40);
        y0 = bw_rng_range(&r, 0, 119);
        x1 = bw_rng_range(&r, 80, 119);
        y1 = bw_rng_range(&r, 0, 119);
        bw_walk_start(&k, x0, y0, x1, y1, 120, 120);
        l.w = l.h = 120; l.gx = k.gx; l.gy = k.gy;
        l.n = l.bad_step = l.outside = l.closer = l.steps = 0;
        bw_walk_run(&k, &r, walk_visit, &l);
        steps += l.steps;
        closer += l.closer;
    }
    t_info("walk_closer_per_mille", (uint32_t)(closer * 1000 / steps));
    CHECK(closer * 10 > steps * 6);
}

/* A walker pushed far off course (to a corner of the map, 60 to 125 cells
 * from the goal) heads back: it reaches the goal, and over its next 30
 * steps its Pythagorean distance drops by at least 10 cells on average
 * over 200 walks (measured 14.2; one walk's gain varies by about 4.5, so
 * the mean's by 0.3: the margin is over 10 sigma). An unweighted walk
 * would gain nothing on average. */
static void walk_corrects_back_when_far_off_course(void)
{
    bw_walk k;
    bw_rng r;
    int s, i;
    int32_t gained = 0;
    for (s = 0; s < 200; s++) {
        int d0, d1;
        t_seed_rng(&r, (uint32_t)s + 90000u);
        bw_walk_start(&k, 10, 60, 110, 60, 120, 120);
        for (i = 0; i < 10; i++)
            bw_walk_step(&k, &r);
        k.x = (int16_t)(s & 1 ? 0 : 119);   /* knocked off course */
        k.y = (int16_t)(s & 2 ? 0 : 119);
        d0 = bw_isqrt(bw_dist2(k.x, k.y, k.gx, k.gy));
        for (i = 0; i < 30; i++)
            bw_walk_step(&k, &r);
        d1 = bw_isqrt(bw_dist2(k.x, k.y, k.gx, k.gy));
        gained += d0 - d1;
        bw_walk_run(&k, &r, 0, 0);
        CHECK(k.x == k.gx && k.y == k.gy);
    }
    t_info("walk_back_gain_x100", (uint32_t)(gained * 100 / 200));
    CHECK(gained >= 10 * 200);
}

/* Drunken Walk's rule (walk.h) step by step, for the default bias away
 * from the map's edge (where the fast build reads the direction from a
 * table): for every quadrant of the goal, 200 steps each go where a search
 * over the weights 1 + bias x gain + no-loss sends the same draw. */
static void walk_default_bias_step_follows_weights(void)
{
    int sx, sy, i, d;
    for (sx = -1; sx <= 1; sx++)
        for (sy = -1; sy <= 1; sy++) {
            bw_rng r;
            int w[8], total = 0;
            if (!sx && !sy)
                continue;
            for (d = 0; d < 8; d++) {
                int gain = (bw_dx8[d] && bw_dx8[d] == sx) + (bw_dy8[d] && bw_dy8[d] == sy);
                int loss = (bw_dx8[d] && bw_dx8[d] == -sx) + (bw_dy8[d] && bw_dy8[d] == -sy);
                w[d] = 1 + BW_WALK_BIAS * gain + (loss ? 0 : 1);
                total += w[d];
            }
            bw_rng_seed(&r, (uint32_t)(10 + 3 * sx + sy));
            for (i = 0; i < 200; i++) {
                bw_walk k;
                bw_rng copy = r;
                uint32_t p = bw_rng_below(&copy, (uint32_t)total);
                for (d = 0; d < 7 && p >= (uint32_t)w[d]; d++)
                    p -= (uint32_t)w[d];
                bw_walk_start(&k, 60, 60, 60 + 30 * sx, 60 + 30 * sy, 120, 120);
                bw_walk_step(&k, &r);
                CHECK(k.x == 60 + bw_dx8[d] && k.y == 60 + bw_dy8[d]);
            }
        }
}

void suite_walk(void)
{
    RUN(walk_reaches_goal_within_bounded_steps);
    RUN(walk_steps_are_8_neighbour_and_stay_inside_map);
    RUN(walk_weighted_toward_goal);
    RUN(walk_corrects_back_when_far_off_course);
    RUN(walk_default_bias_step_follows_weights);
}
