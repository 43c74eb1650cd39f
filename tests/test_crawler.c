/* Crawler rules 1-7 (docs/crawler.md): the WallCrawlers generator and its design files.
 * The loop (rule 1), the dice and babies (rule 2) and age (rule 4) are
 * judged on the finished grid of small designs built for the purpose
 * (crawler_1_..., crawler_2_..., crawler_4_...). Many rules are also
 * checked on every MakeStep through the trace hook
 * (bw_crawler_trace), against the test's own reading of the rules: its own
 * LookAhead (band), its own rule for legal Forward values (legal), its own
 * wall count. The designs are the examples of tests/designs/ (embedded by
 * tests/designs/embed.sh) plus `mix` below, which has what the examples
 * lack: opening-2 and diagonal-Direction seeds, a third corridor width. */
#include "check.h"
#include "arena.h"
#include "crawler_designs.h"

static bw_map *const m = &arena.map;

/* Seeds of each design for the tests that trace every step (4.5 ms a
 * seed for the four designs on the desktop): the ten of them take ~18 s,
 * the whole suite ~20 s; the boards run a tenth. */
#define HEAVY SEEDS(400)

#define N_EXAMPLES ((int)(sizeof crawler_designs / sizeof crawler_designs[0]))
#define N_DESIGNS (N_EXAMPLES + 1)

static const char design_mix[] =
    "# test only: every opening, diagonal directions, dormant seeds, short lives\n"
    "size 90 60\n"
    "crawler 0 30 E NE 0 200 7 1 2\n"
    "crawler 89 30 W SW -20 200 7 2 2\n"
    "crawler 45 0 S SE 0 200 4 3 0\n"
    "crawler 45 59 N N -5 200 4 1 1\n"
    "crawler 30 30 N 0 0 60 5 1 0\n"
    "crawler 30 30 S 0 0 60 5 1 1\n"
    "dice 0 50 15 10 20 15\n"
    "dice 1 45 15 10 25 15\n"
    "dice 2 30 20 10 60 10\n"
    "baby 1 60 4 1 2 3 50\n"
    "openings 1 20 30 50\n"
    "baby 2 8 3 2 0 0 0\n"
    "baby 3 30 2 1 1 10 100\n";

static const char *design_text(int i)
{
    return i < N_EXAMPLES ? crawler_designs[i].text : design_mix;
}

static int len(const char *s)
{
    int n = 0;
    while (s[n])
        n++;
    return n;
}

static int parse_line(const char *text, bw_crawler_design *d, int *line)
{
    return bw_crawler_parse(text, (size_t)len(text), d, line);
}

static int same(const char *a, const char *b);

static int parse(const char *text, bw_crawler_design *d)
{
    int line;
    return parse_line(text, d, &line);
}

/* ---- the test's own reading of the rules ---- */

static int wall_at(const bw_grid *g, int x, int y)
{
    return x < 0 || y < 0 || x >= g->w || y >= g->h || BW_AT(g, x, y) != BW_T_CR_OPEN;
}

/* Wall cells in rows k0..k1 ahead of (x, y) facing f and cw cells either
 * side of its line, not counting the line's own cells in rows e0..e1. */
static int band(const bw_grid *g, int x, int y, int f, int cw, int k0, int k1, int e0, int e1)
{
    int dx = bw_dx4[f], dy = bw_dy4[f], k, j, n = 0;
    for (k = k0; k <= k1; k++)
        for (j = -cw; j <= cw; j++)
            if (j != 0 || k < e0 || k > e1)
                n += wall_at(g, x + k * dx - j * dy, y + k * dy + j * dx);
    return n;
}

/* Rows free of wall ahead, to a width of 2 cw + 1, up to lim. */
static int free_rows(const bw_grid *g, int x, int y, int f, int cw, int lim)
{
    int k = 0;
    while (k < lim && band(g, x, y, f, cw, k + 1, k + 1, 1, 0) == 0)
        k++;
    return k;
}

/* Crawler rule 3: Direction 0 allows any Forward; otherwise only the two
 * directions next to Direction, plus possibly Direction itself
 * (itself only for N, E, S, W). Counted in 45-degree steps round the
 * compass, Direction 1 = N, 2 = NE, ..., 8 = NW; Forward f is 1 + 2 f. */
static int legal(int direction, int forward)
{
    int d;
    if (direction == 0)
        return 1;
    d = (1 + 2 * forward - direction + 8) % 8;
    return (direction & 1) ? d == 0 || d == 2 || d == 6 : d == 1 || d == 7;
}

/* A legal side (90 degrees off f) with more than cw + 1 free rows. */
static int room_sideways(const bw_grid *g, const bw_crawler *c, int f)
{
    int k, s;
    for (k = 1; k <= 3; k += 2) {
        s = (f + k) & 3;
        if (legal(c->direction, s) &&
            free_rows(g, c->x, c->y, s, c->corridor_width, c->corridor_width + 2) > c->corridor_width + 1)
            return 1;
    }
    return 0;
}

static int walls_on_map(const bw_grid *g)
{
    return g->w * g->h - bw_grid_count(g, BW_T_CR_OPEN);
}

/* ---- running designs under the trace ---- */

typedef struct watch watch;
typedef void (*on_step)(watch *w, const bw_grid *g, const bw_crawler_event *e);

struct watch {
    on_step fn;
    const bw_crawler_design *d;
    int design;             /* index, N_EXAMPLES = mix */
    int count_walls;        /* 1: check the wall count at every step */
    int walls;              /* walls after the previous step, -1 before the first */
    int deleted;            /* crawlers deleted so far (to name the seeds) */
    uint32_t n[8];          /* counters of the test */
    uint64_t e[4], v[4];    /* statistical tests: expected (x 10000), variance (x 10^8) */
    uint32_t o[4];          /* and observed */
};

static void on_trace(void *user, const bw_map *mm, const bw_crawler_event *e)
{
    watch *w = (watch *)user;
    const bw_grid *g = &mm->grid;
    if (w->count_walls) {
        int now = walls_on_map(g);
        /* the only tiles a step changes are those it reports */
        if (w->walls >= 0)
            CHECK(now == w->walls + e->built);
        w->walls = now;
    }
    w->fn(w, g, e);
    if (e->what >= BW_CRAWLER_EV_JOIN)
        w->deleted++;
}

static void run(watch *w, const bw_crawler_design *d, uint32_t seed, bw_crawler_info *info)
{
    bw_crawler_trace t;
    t.fn = on_trace;
    t.user = w;
    w->d = d;
    w->walls = -1;
    w->deleted = 0;
    t_seed(seed);
    CHECK(bw_crawler_map(m, seed, d, &t, info) == 0);
}

/* fn on every step of every design, seeds 0..seeds-1 of each. */
static void each_step(watch *w, int seeds, on_step fn)
{
    bw_crawler_design d;
    int i, s;
    w->fn = fn;
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        w->design = i;
        /* counting walls reads the whole map each step: small maps only */
        w->count_walls = d.w * d.h <= 90 * 60;
        FOR_SEEDS_N(s, seeds)
            run(w, &d, (uint32_t)(s + 7919 * i), 0);
    }
}

static void watch_init(watch *w)
{
    int i;
    for (i = 0; i < 8; i++)
        w->n[i] = 0;
    for (i = 0; i < 4; i++) {
        w->e[i] = w->v[i] = 0;
        w->o[i] = 0;
    }
    w->count_walls = 0;
}

static uint32_t isqrt64(uint64_t v)
{
    uint64_t r = 0, b = (uint64_t)1 << 31;
    for (; b; b >>= 1)
        if ((r + b) * (r + b) <= v)
            r += b;
    return (uint32_t)r;
}

/* An event with probability p / 10000 happened (hit 1) or not. */
static void expect(watch *w, int k, uint32_t p, int hit)
{
    w->e[k] += p;
    w->v[k] += (uint64_t)p * (10000u - p);
    w->o[k] += (uint32_t)(hit != 0);
}

/* Observed within 4 sigma (+1) of expected. */
static int within_4_sigma(const watch *w, int k)
{
    uint64_t obs = (uint64_t)w->o[k] * 10000u, exp = w->e[k];
    uint64_t diff = obs > exp ? obs - exp : exp - obs;
    return diff <= 4u * (uint64_t)isqrt64(w->v[k]) + 10000u;
}

/* ---- the main loop ---- */

/* "while(thereAreCrawlers) getNextCrawler(); MakeStep": the crawlers take
 * turns in slot order, a deleted one's slot passing to the next, babies
 * joining at the end in the same round; back to slot 0 after the last.
 * n[0] the slot expected next, n[1] babies so far. Read from the trace on
 * purpose: which slot moves, where a deleted crawler's slot and a baby
 * go, is bookkeeping the grid cannot show; the rule's verdict on the grid
 * is crawler_1_first_in_turn_gets_there_first. */
static void turn_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    uint32_t alive, next;
    (void)g;
    if (e->step == 0)
        w->n[0] = w->n[1] = 0;
    CHECK(e->slot == w->n[0]);
    w->n[1] += e->babies;
    alive = w->d->n_seeds + w->n[1] - (uint32_t)w->deleted - (e->what >= BW_CRAWLER_EV_JOIN);
    next = e->what >= BW_CRAWLER_EV_JOIN ? e->slot : e->slot + 1u;
    w->n[0] = next < alive ? next : 0;
    w->n[2] += next >= alive; /* rounds */
}

static void crawler_1_loop_steps_each_crawler_in_turn_until_none_left(void)
{
    watch w;
    bw_crawler_design d;
    bw_crawler_info info;
    int i, s;
    watch_init(&w);
    w.fn = turn_step;
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        w.design = i;
        FOR_SEEDS(s, 500) {
            run(&w, &d, (uint32_t)(s + 7919 * i), &info);
            /* it stopped because none was left (the examples never reach
             * the cap) */
            CHECK(!info.capped && d.n_seeds + info.born == (uint32_t)w.deleted);
        }
    }
    CHECK(w.n[2] > SEEDS(500) * 4u * 10u);
}

/* Crawler rule 1, on the grid: "take the next and let it make one step".
 * Two crawlers, stepLength 1, no dice, opening 0, head for the same spot
 * (10, 5) on an open 30 x 11 map, each 5 steps away: A from (5, 5) east,
 * B from (10, 0) south. Whichever steps first in each round gets there
 * first, runs on across the other's path, and the other stops short of it
 * (or turns off): with A in the first slot, A's wall runs on past the
 * spot, along (11..20, 5), and B's does not go on below it, (10, 6..9);
 * with B first, the opposite (the connectivity fix may open one tile of
 * either run as a door, so 9 of 10 and 3 of 4 tiles count). The same design with the two lines swapped, 20 seeds each. */
static void crawler_1_first_in_turn_gets_there_first(void)
{
    static const char *const order[2] = {
        "size 30 11\ncrawler 5 5 E E 0 40 1 1 0\ncrawler 10 0 S S 0 40 1 1 0\n",
        "size 30 11\ncrawler 10 0 S S 0 40 1 1 0\ncrawler 5 5 E E 0 40 1 1 0\n",
    };
    bw_crawler_design d;
    const bw_grid *g = &m->grid;
    int k, s;
    for (k = 0; k < 2; k++) {
        REQUIRE(parse(order[k], &d) == 0);
        for (s = 0; s < SEEDS(200) + 2; s++) {
            int a_on = 0, b_on = 0, i;
            t_seed((uint32_t)s);
            REQUIRE(bw_crawler_map(m, (uint32_t)s, &d, 0, 0) == 0);
            for (i = 11; i <= 20; i++)   /* A ran on past the spot */
                a_on += BW_AT(g, i, 5) == BW_T_CR_WALL;
            for (i = 6; i <= 9; i++)     /* B did */
                b_on += BW_AT(g, 10, i) == BW_T_CR_WALL;
            /* the connectivity fix may open one tile of a run (a door) */
            a_on = a_on >= 9;
            b_on = b_on >= 3;
            CHECK(k == 0 ? a_on && !b_on : b_on && !a_on);
        }
    }
}

/* ---- LookAhead and BuildSomeWallTiles ---- */

/* Invariant: a step from P facing f lays its tiles on rows skipped+1..n of
 * P's line, and before it the band of rows 1..n + cw + 1 ahead of P, cw
 * cells either side of the line, held no wall: no tile is laid within cw
 * cells (beside it) or cw + 1 rows (straight ahead) of a wall that is at or
 * ahead of the crawler. n is as large as that allows (the next row holds a
 * wall) unless stepLength stops it. Steps that lay no run had a wall within
 * cw + 2 rows: frontFree <= corridorWidth + 1. */
static void look_ahead_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before;
    int cw = b->corridor_width, keep = cw + 1, n = e->advanced, f = b->forward, k;
    if (e->what == BW_CRAWLER_EV_DORMANT || e->what == BW_CRAWLER_EV_OLD)
        return;
    if (e->what != BW_CRAWLER_EV_BUILD) {
        CHECK(band(g, b->x, b->y, f, cw, 1, keep + 1, 1, e->built) > 0);
        w->n[1]++;
        return;
    }
    w->n[0]++;
    CHECK(band(g, b->x, b->y, f, cw, 1, n + keep, e->skipped + 1, n) == 0);
    CHECK(n == b->step_length || band(g, b->x, b->y, f, cw, n + keep + 1, n + keep + 1, 1, 0) > 0);
    CHECK(e->front_free > keep);
    for (k = 1; k <= n; k++)
        CHECK(wall_at(g, b->x + k * bw_dx4[f], b->y + k * bw_dy4[f]) == (k > e->skipped));
    CHECK(e->after.x == b->x + n * bw_dx4[f] && e->after.y == b->y + n * bw_dy4[f]);
    w->n[2] += n < b->step_length;
}

static void crawler_walls_only_where_look_ahead_allows(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, look_ahead_step);
    CHECK(w.n[0] > HEAVY * 500u && w.n[1] > HEAVY * 200u && w.n[2] > HEAVY * 100u);
}

/* stepLength bounds every run; steps that lay no run do not move. */
static void step_length_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before;
    (void)g;
    if (e->what == BW_CRAWLER_EV_BUILD) {
        CHECK(e->advanced >= 1 && e->advanced <= b->step_length);
        CHECK(e->built + e->skipped == e->advanced);
        w->n[0] += e->advanced == b->step_length;
        return;
    }
    CHECK(e->advanced == 0 && e->skipped == 0);
    CHECK(e->after.x == b->x && e->after.y == b->y);
    if (e->what == BW_CRAWLER_EV_JOIN)
        CHECK(e->built <= b->corridor_width + 1);
    else
        CHECK(e->built == 0);
}

static void crawler_step_length_bounds_every_run(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, step_length_step);
    CHECK(w.n[0] > HEAVY * 300u); /* runs of the full stepLength */
}

/* ---- Forward and Direction ---- */

static void direction_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before, *a = &e->after;
    int i, cw = b->corridor_width;
    CHECK(a->direction == b->direction);
    CHECK(legal(a->direction, a->forward));
    CHECK(e->turned == (a->forward != b->forward));
    if (e->turned) {
        CHECK(((a->forward - b->forward) & 1) == 1); /* sideways: 90 degrees */
        CHECK(e->what == BW_CRAWLER_EV_BUILD || e->what == BW_CRAWLER_EV_SIDEWAYS);
        /* it turns only to where there is room */
        CHECK(free_rows(g, a->x, a->y, a->forward, cw, cw + 2) > cw + 1);
        w->n[b->direction == 0 ? 0 : (b->direction & 1) ? 1 : 2]++;
    }
    if (e->what == BW_CRAWLER_EV_SIDEWAYS)
        CHECK(e->turned);
    if (e->what == BW_CRAWLER_EV_STUCK) /* nowhere legal to go */
        CHECK(!room_sideways(g, b, b->forward));
    for (i = 0; i < e->babies && i < 2; i++) {
        const bw_crawler *c = &e->baby[i];
        CHECK(legal(c->direction, c->forward));
        CHECK(c->direction == 0 || c->direction == 1 + 2 * c->forward);
    }
}

static void crawler_turns_only_to_legal_directions(void)
{
    watch w;
    int i;
    watch_init(&w);
    each_step(&w, HEAVY, direction_step);
    for (i = 0; i < 3; i++) /* turns seen with no, a cardinal and a diagonal Direction */
        CHECK(w.n[i] > HEAVY * (i < 2 ? 50u : 2u));
}

static void crawler_legal_table_matches_spec(void)
{
    int d, f;
    for (d = 0; d <= 8; d++)
        for (f = 0; f < 4; f++)
            CHECK((int)((bw_crawler_legal[d] >> f) & 1u) == legal(d, f));
    /* docs/crawler.md's own examples: N allows W, N, E; NE only N and E */
    CHECK(legal(BW_CRAWLER_DIR_N, BW_WEST) && legal(BW_CRAWLER_DIR_N, BW_NORTH) && legal(BW_CRAWLER_DIR_N, BW_EAST));
    CHECK(!legal(BW_CRAWLER_DIR_N, BW_SOUTH));
    CHECK(legal(BW_CRAWLER_DIR_NE, BW_NORTH) && legal(BW_CRAWLER_DIR_NE, BW_EAST));
    CHECK(!legal(BW_CRAWLER_DIR_NE, BW_SOUTH) && !legal(BW_CRAWLER_DIR_NE, BW_WEST));
}

/* ---- age ---- */

static int same_but_age(const bw_crawler *a, const bw_crawler *b)
{
    return a->x == b->x && a->y == b->y && a->forward == b->forward &&
           a->direction == b->direction && a->max_age == b->max_age &&
           a->step_length == b->step_length && a->corridor_width == b->corridor_width &&
           a->opening == b->opening && a->gen == b->gen && a->gap == b->gap;
}

/* Dormant (age < 0): the step does nothing but age; the wall count (each
 * step on the small maps) shows nothing was built. */
static void dormant_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    (void)g;
    CHECK((e->what == BW_CRAWLER_EV_DORMANT) == (e->before.age < 0));
    if (e->what != BW_CRAWLER_EV_DORMANT)
        return;
    w->n[0]++;
    w->n[1] += e->before.age == -1; /* wakes up: works at its next step */
    CHECK(e->after.age == e->before.age + 1);
    CHECK(same_but_age(&e->after, &e->before));
    CHECK(e->built == 0 && e->babies == 0 && e->advanced == 0);
}

static void crawler_dormant_builds_nothing_until_age_zero(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, dormant_step);
    CHECK(w.n[0] > HEAVY * 300u && w.n[1] > HEAVY * 50u);
}

/* ---- small designs read off the finished grid ---- */

/* The map of a small design (text) for one seed; the wall tiles inside
 * the outer wall. */
static int inner_walls(const bw_crawler_design *d, uint32_t seed)
{
    t_seed(seed);
    CHECK(bw_crawler_map(m, seed, d, 0, 0) == 0);
    return walls_on_map(&m->grid) - 2 * (d->w + d->h) + 4;
}

/* Crawler rule 4, on the grid: one crawler on an open 30 x 11 map,
 * stepLength 1, no dice, opening 0, from the west wall eastward: it lays
 * one tile a step from age 0 to maxAge and is then deleted, so the map
 * holds maxAge - age + 1 wall tiles inside the outer wall (maxAge + 1 when
 * it starts dormant: a dormant crawler only ages). The run has room for 28,
 * so a crawler that lived on would reach the east wall. */
static void crawler_4_lays_max_age_plus_1_walls_then_is_deleted(void)
{
    static const int16_t age[4] = { 0, 2, -3, -40 }, max_age[4] = { 0, 3, 10, 20 };
    bw_crawler_design d;
    int a, k, s;
    REQUIRE(parse("size 30 11\ncrawler 0 5 E E 0 0 1 1 0\n", &d) == 0);
    for (a = 0; a < 4; a++)
        for (k = 0; k < 4; k++) {
            d.seed[0].age = age[a];
            d.seed[0].max_age = max_age[k];
            if (age[a] > max_age[k])
                continue;
            for (s = 0; s < SEEDS(40) + 2; s++)
                CHECK(inner_walls(&d, (uint32_t)s) == max_age[k] - bw_max(age[a], 0) + 1);
        }
}

/* ---- openings ---- */

/* Opening 0 "builds right up to and adjoining another wall": blocked with
 * a wall straight ahead it fills the free rows up to it and is deleted. */
static void opening0_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before;
    int f = b->forward, cw = b->corridor_width, k, front;
    if (e->what == BW_CRAWLER_EV_JOIN) {
        w->n[0]++;
        CHECK(b->opening == 0);
        /* built the whole free stretch: frontFree was exactly `built` */
        CHECK(band(g, b->x, b->y, f, cw, 1, e->built, 1, e->built) == 0);
        CHECK(band(g, b->x, b->y, f, cw, e->built + 1, e->built + 1, 1, 0) > 0);
        for (k = 1; k <= e->built + 1; k++) /* a solid line to the wall */
            CHECK(wall_at(g, b->x + k * bw_dx4[f], b->y + k * bw_dy4[f]));
        return;
    }
    if (b->opening == 0 && (e->what == BW_CRAWLER_EV_SIDEWAYS || e->what == BW_CRAWLER_EV_STUCK)) {
        /* did not join: the wall that blocks it is not straight ahead */
        front = free_rows(g, b->x, b->y, f, cw, cw + 2);
        CHECK(!wall_at(g, b->x + (front + 1) * bw_dx4[f], b->y + (front + 1) * bw_dy4[f]));
        w->n[1]++;
    }
}

static void crawler_opening_0_joins_the_wall_ahead(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, opening0_step);
    CHECK(w.n[0] > HEAVY * 20u && w.n[1] > HEAVY * 5u);
}

/* Opening 1 never joins: blocked, it leaves the rows up to the wall open
 * (the opening at the end of its run). */
static void opening1_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before;
    int f = b->forward;
    if (b->opening == 0 || b->age < 0)
        return;
    CHECK(e->what != BW_CRAWLER_EV_JOIN);
    if (b->opening == 1)
        CHECK(b->gap == 0 && e->skipped == 0);
    if (b->opening != 1 || (e->what != BW_CRAWLER_EV_SIDEWAYS && e->what != BW_CRAWLER_EV_STUCK))
        return;
    CHECK(e->built == 0);
    w->n[0]++;
    w->n[1] += !wall_at(g, b->x + bw_dx4[f], b->y + bw_dy4[f]); /* a gap of at least one */
}

static void crawler_opening_1_never_closes_the_gap(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, opening1_step);
    CHECK(w.n[0] > (uint32_t)HEAVY * 10u);
    /* others' walls may fill the gap later (a joiner, the parent turning
     * into the way of its sideways baby): for the record only */
    t_info("crawler_opening1_ends", w.n[0]);
    t_info("crawler_opening1_ends_with_gap", w.n[1]);
}

/* One crawler runs east down a corridor to the far wall, with no dice:
 * the wall it leaves on its line, when its run ends, shows the opening. */
static void corridor_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    int x;
    uint32_t line = 0;
    if (e->what < BW_CRAWLER_EV_JOIN)
        return;
    for (x = 0; x < 30; x++)
        line |= (uint32_t)wall_at(g, x, 5) << x;
    w->n[0] = line;
    w->n[1] = e->what;
}

static void crawler_openings_in_a_corridor(void)
{
    static const char *const designs[3] = {
        "size 30 11\nwall 1 3 28 3\nwall 1 7 28 7\ncrawler 0 5 E E 0 100 4 1 0\n",
        "size 30 11\nwall 1 3 28 3\nwall 1 7 28 7\ncrawler 0 5 E E 0 100 4 1 1\n",
        /* opening 2 alone would be all of generation 0, more than the half
         * crawler rule 6 allows: a second seed, stuck in the corner at its
         * first step, makes it half */
        "size 30 11\nwall 1 3 28 3\nwall 1 7 28 7\ncrawler 0 5 E E 0 100 4 1 2\ncrawler 0 0 E 0 0 0 1 1 1\n"
    };
    const uint32_t all = (1u << 30) - 1;
    /* 0: right up to the far wall; 1: stops cw + 1 = 2 short of it; 2: its
     * first 2 tiles open, then opening 0 up to the far wall */
    const uint32_t want[3] = { all, all & ~(3u << 27), all & ~(3u << 1) };
    static const uint8_t end[3] = { BW_CRAWLER_EV_JOIN, BW_CRAWLER_EV_STUCK, BW_CRAWLER_EV_JOIN };
    bw_crawler_design d;
    watch w;
    int k, s;
    watch_init(&w);
    w.fn = corridor_step;
    for (k = 0; k < 3; k++) {
        REQUIRE(parse(designs[k], &d) == 0);
        FOR_SEEDS(s, 500) {
            w.n[0] = w.n[1] = 0;
            run(&w, &d, (uint32_t)s, 0);
            CHECK(w.n[0] == want[k] && w.n[1] == end[k]);
        }
    }
}

/* Opening 2 leaves its first cw + 1 tiles open, then is opening 0. */
static void opening2_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before, *a = &e->after;
    int f = b->forward, k, i;
    if (e->step < w->d->n_seeds) {
        /* the first round: seed k makes step k, in its slot less the
         * crawlers deleted before it; it starts as designed, on wall */
        const bw_crawler *s0 = &w->d->seed[e->step];
        CHECK(e->slot + w->deleted == (int)e->step);
        CHECK(b->x == s0->x && b->y == s0->y && b->age == s0->age && b->gen == 0);
        CHECK(b->opening == s0->opening && b->corridor_width == s0->corridor_width);
        CHECK(b->gap == (s0->opening == 2 ? s0->corridor_width + 1 : 0));
        CHECK(wall_at(g, s0->x, s0->y));
        w->n[2] += s0->opening == 2;
    }
    for (i = 0; i < e->babies && i < 2; i++)
        CHECK(e->baby[i].gap == (e->baby[i].opening == 2 ? e->baby[i].corridor_width + 1 : 0));
    CHECK((b->opening == 2) == (b->gap > 0));
    if (b->opening != 2)
        return;
    if (e->what != BW_CRAWLER_EV_BUILD) {
        CHECK(a->gap == b->gap && (e->what >= BW_CRAWLER_EV_JOIN || a->opening == 2));
        return;
    }
    CHECK(e->skipped == (b->gap < e->advanced ? b->gap : e->advanced));
    CHECK(a->gap == b->gap - e->skipped);
    CHECK(a->opening == (a->gap ? 2 : 0));
    for (k = 1; k <= e->skipped; k++)
        CHECK(!wall_at(g, b->x + k * bw_dx4[f], b->y + k * bw_dy4[f]));
    w->n[0]++;
    /* the whole opening in one step from where it started: cw + 1 open
     * tiles, then wall */
    if (b->gap == b->corridor_width + 1 && e->skipped == b->gap && e->built > 0) {
        CHECK(wall_at(g, b->x + (b->gap + 1) * bw_dx4[f], b->y + (b->gap + 1) * bw_dy4[f]));
        w->n[1]++;
    }
}

static void crawler_opening_2_gap_at_start_then_0(void)
{
    watch w;
    watch_init(&w);
    each_step(&w, HEAVY, opening2_step);
    CHECK(w.n[0] > HEAVY * 20u && w.n[1] > HEAVY * 10u);
    CHECK(w.n[2] == 2u * HEAVY); /* mix's two opening-2 seeds, each map */
}

/* ---- babies and the dice ---- */

/* Crawler rule 6: a generation mixes openings by its openings line, and
 * no generation has more than half opening 2. The
 * babies of the mix design's generation 1 and of halls.txt's generations
 * 1 and 2 take each opening by the odds, within 4 sigma; a design that
 * breaks the half rule is refused, the examples all keep it. */
static void openings_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    int i;
    (void)g;
    for (i = 0; i < e->babies && i < 2; i++) {
        const bw_crawler *c = &e->baby[i];
        if (c->gen >= 1 && c->gen <= 2 && c->opening <= 2)
            w->n[(c->gen - 1) * 3 + c->opening]++;
    }
}

static void crawler_openings_mix_by_the_odds_at_most_half_opening_2(void)
{
    static const char *const names[2] = { "halls", "mix" };
    bw_crawler_design d;
    watch w;
    int k, i, gen, o;
    for (k = 0; k < 2; k++) {
        const char *text = design_mix;
        for (i = 0; i < N_EXAMPLES; i++)
            if (same(crawler_designs[i].name, names[k]))
                text = crawler_designs[i].text;
        t_seed((uint32_t)k);
        REQUIRE(parse(text, &d) == 0);
        watch_init(&w);
        w.fn = openings_step;
        for (i = 0; i < HEAVY; i++)
            run(&w, &d, (uint32_t)i, 0);
        for (gen = 1; gen <= 2; gen++) {
            uint32_t *got = &w.n[(gen - 1) * 3], n = got[0] + got[1] + got[2];
            const uint8_t *mix = d.gen[gen].open_mix;
            if (!d.gen[gen].born || mix[0] + mix[1] + mix[2] == 0)
                continue;
            CHECK(n > 50);
            CHECK(mix[2] <= 50);
            for (o = 0; o < 3; o++) {
                int64_t dev = (int64_t)got[o] * 100 - (int64_t)n * mix[o];
                CHECK(dev * dev <= (int64_t)16 * n * mix[o] * (100 - mix[o]) + 10000);
            }
        }
    }
    /* the three examples and the built-in design keep the rule */
    for (i = 0; i < N_EXAMPLES; i++)
        CHECK(parse(crawler_designs[i].text, &d) == 0);
    CHECK(bw_crawler_problem(&bw_crawler_builtin) == 0);
}

/* Crawler rule 2's babies take the next generation's parameters, read
 * off the finished grid. A parent (generation 0: corridorWidth 1,
 * maxAge 0, so one step) started at (5, 10) of an open 30 x 21 map (its
 * own tile made wall) lays one tile east, (6, 10), and its dice (straightOne 100) start one baby there; the
 * baby line gives it stepLength 1, and generation 1 has no dice.
 * - maxAge and delay: with the baby's maxAge B (0, 2, 5) and delay 0 or
 *   7, the map holds 2 + B + 1 wall tiles inside the outer wall, all but
 *   the parent's first in column 6 (a baby going straight looks
 *   sideways: north or south).
 * - corridorWidth: with maxAge 100 and corridorWidth c (1, 2, 3), its run
 *   stops with c + 1 free rows before the outer wall and no wall tile
 *   ever comes closer: the least gap between an inner wall tile and the
 *   outer wall is exactly c + 1, the baby's own, not the parent's 1 + 1. */
static void crawler_2_babies_take_the_next_generations_parameters(void)
{
    static const int16_t max_age[3] = { 0, 2, 5 };
    bw_crawler_design d;
    const bw_grid *g = &m->grid;
    int k, s, x, y, delay;
    REQUIRE(parse("size 30 21\ncrawler 5 10 E E 0 0 1 1 1\ndice 0 0 100 0 0 0\n"
                  "baby 1 0 1 1 1 0 100\n", &d) == 0);
    for (delay = 0; delay <= 7; delay += 7)
        for (k = 0; k < 3; k++) {
            d.gen[1].max_age = max_age[k];
            d.gen[1].delay = (int16_t)delay;
            for (s = 0; s < SEEDS(100) + 2; s++) {
                int off = 0;
                CHECK(inner_walls(&d, (uint32_t)s) == 2 + max_age[k] + 1);
                for (y = 1; y < d.h - 1; y++)
                    for (x = 1; x < d.w - 1; x++)
                        off += x != 6 && (x != 5 || y != 10) && BW_AT(g, x, y) == BW_T_CR_WALL;
                CHECK(off == 0);
            }
        }
    d.gen[1].max_age = 100;
    d.gen[1].delay = 0;
    for (k = 1; k <= 3; k++) {
        d.gen[1].corridor_width = (uint8_t)k;
        for (s = 0; s < SEEDS(100) + 2; s++) {
            int gap = 99;
            CHECK(inner_walls(&d, (uint32_t)s) > 2);
            for (y = 1; y < d.h - 1; y++)
                for (x = 1; x < d.w - 1; x++)
                    if (BW_AT(g, x, y) == BW_T_CR_WALL)
                        gap = bw_min(gap, bw_min(bw_min(x - 1, d.w - 2 - x), bw_min(y - 1, d.h - 2 - y)));
            CHECK(gap == k + 1);
        }
    }
}

/* The roll of the dice, per generation: turn with `turn` percent when a
 * legal side has room (never when none has); then babies: two with
 * turnTwo (or straightTwo) percent, else one with turnOne (straightOne).
 * Read from the trace on every step of every design, because the grid of
 * a whole design cannot show what was rolled where: the verdict on the
 * grid for the turn and straight-baby dice is crawler_2_dice_on_the_grid;
 * this one also covers the after-a-turn babies and noDirection, which no
 * small design shows on the grid. */
static void dice_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    const bw_crawler *b = &e->before;
    const bw_crawler_gen *gen = &w->d->gen[b->gen];
    int kids, two, one, i;
    if (e->what != BW_CRAWLER_EV_BUILD)
        return;
    if (room_sideways(g, &e->after, b->forward))
        expect(w, 0, gen->turn * 100u, e->turned);
    else
        CHECK(!e->turned);
    if (b->gen + 1 >= BW_CRAWLER_GENS || !w->d->gen[b->gen + 1].born) {
        CHECK(e->babies + e->dropped == 0);
        return;
    }
    kids = e->babies + e->dropped;
    two = e->turned ? gen->turn2 : gen->straight2;
    one = e->turned ? gen->turn1 : gen->straight1;
    expect(w, 1, (uint32_t)two * 100u, kids == 2);
    if (kids < 2)
        expect(w, 2, (uint32_t)one * 100u, kids == 1);
    for (i = 0; i < e->babies && i < 2; i++)
        expect(w, 3, w->d->gen[b->gen + 1].no_direction * 100u, e->baby[i].direction == 0);
}

static void crawler_2_dice_turn_and_baby_rates(void)
{
    watch w;
    int k;
    watch_init(&w);
    each_step(&w, HEAVY, dice_step);
    for (k = 0; k < 4; k++) {
        CHECK(w.o[k] > HEAVY * 20u);
        CHECK(within_4_sigma(&w, k));
    }
}

/* ---- the crawler array and the step cap ---- */

static void count_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    (void)g;
    w->n[0]++;
    w->n[1] += e->babies;
    w->n[2] += e->dropped;
    CHECK(e->slot < BW_CRAWLER_MAX_CRAWLERS);
}

/* The crawlers alive after the step: the seeds, plus the babies, less
 * those deleted (this step's too). A baby is dropped only into a full
 * array. */
static void alive_step(watch *w, const bw_grid *g, const bw_crawler_event *e)
{
    uint32_t alive;
    (void)g;
    CHECK(e->slot < w->d->n_seeds + w->n[1] - (uint32_t)w->deleted);
    w->n[0]++;
    w->n[1] += e->babies;
    w->n[2] += e->dropped;
    alive = w->d->n_seeds + w->n[1] - (uint32_t)w->deleted - (e->what >= BW_CRAWLER_EV_JOIN);
    CHECK(alive <= BW_CRAWLER_MAX_CRAWLERS);
    if (e->dropped)
        CHECK(alive == BW_CRAWLER_MAX_CRAWLERS && e->what == BW_CRAWLER_EV_BUILD);
    if (alive > w->n[3])
        w->n[3] = alive;
}

/* Crawler rule 2's dice, read off the finished grid.
 * - turn: one crawler, Direction NE (Forward only N or E, so its wall is a
 *   staircase that never meets itself), stepLength 1, maxAge 60, from
 *   (5, 74) of an open 80 x 80 map: 62 wall tiles (its own and 61 laid),
 *   and each of the first 60 rolls that turned left a corner (a wall tile
 *   whose two wall neighbours are at right angles), with `turn` percent
 *   (20, 50, 80), counted within 4 sigma.
 * - babies going straight: a crawler going east (never turning: turn 0),
 *   stepLength 3, maxAge 20, from (5, 20) of an open 120 x 40 map, starts
 *   babies of maxAge 0 that each lay one tile beside its tip, north or
 *   south: at each of its 21 tips two with straightTwo = 25 percent, else
 *   one with straightOne = 40, within 4 sigma. */
static int corners(const bw_grid *g)
{
    int x, y, n = 0;
    for (y = 2; y < g->h - 2; y++)
        for (x = 2; x < g->w - 2; x++) {
            int h, v;
            if (BW_AT(g, x, y) != BW_T_CR_WALL)
                continue;
            h = (BW_AT(g, x - 1, y) == BW_T_CR_WALL) + (BW_AT(g, x + 1, y) == BW_T_CR_WALL);
            v = (BW_AT(g, x, y - 1) == BW_T_CR_WALL) + (BW_AT(g, x, y + 1) == BW_T_CR_WALL);
            n += h == 1 && v == 1;
        }
    return n;
}

static void crawler_2_dice_on_the_grid(void)
{
    static const uint8_t turn[3] = { 20, 50, 80 };
    bw_crawler_design d;
    watch w, w2;
    const bw_grid *g = &m->grid;
    int k, s, i;
    watch_init(&w);
    watch_init(&w2);
    REQUIRE(parse("size 80 80\ncrawler 5 74 E NE 0 60 1 1 1\n", &d) == 0);
    for (k = 0; k < 3; k++) {
        d.gen[0].turn = turn[k];
        for (s = 0; s < SEEDS(200) + 2; s++) {
            int c;
            CHECK(inner_walls(&d, (uint32_t)s) == 62);
            c = corners(g);
            for (i = 0; i < 60; i++)
                expect(&w, k, turn[k] * 100u, i < c);
        }
        CHECK(within_4_sigma(&w, k));
    }
    REQUIRE(parse("size 120 40\ncrawler 5 20 E E 0 20 3 1 1\ndice 0 0 40 25 0 0\n"
                  "baby 1 0 1 1 1 0 0\n", &d) == 0);
    for (s = 0; s < SEEDS(200) + 2; s++) {
        t_seed((uint32_t)s);
        REQUIRE(bw_crawler_map(m, (uint32_t)s, &d, 0, 0) == 0);
        for (i = 1; i <= 21; i++) {
            int x = 5 + 3 * i, kids = (BW_AT(g, x, 19) == BW_T_CR_WALL) + (BW_AT(g, x, 21) == BW_T_CR_WALL);
            CHECK(BW_AT(g, x, 20) == BW_T_CR_WALL);
            expect(&w2, 0, 2500u, kids == 2);
            if (kids < 2)
                expect(&w2, 1, 4000u, kids == 1);
        }
    }
    t_info("crawler_grid_corners_at_50_percent", w.o[1]);
    t_info("crawler_grid_tips_with_two_babies", w2.o[0]);
    t_info("crawler_grid_tips_with_one_baby", w2.o[1]);
    CHECK(within_4_sigma(&w2, 0) && within_4_sigma(&w2, 1));
    CHECK(w2.o[0] > 100u && w2.o[1] > 100u);
}

/* A swarm: two babies at every step, sleeping 30 steps, so the array
 * fills before the first wakes. */
static void crawler_array_full_drops_babies(void)
{
    static const char swarm[] = "size 120 120\n"
                                "crawler 0 30 E 0 0 200 3 1 1\ncrawler 0 90 E 0 0 200 3 1 1\n"
                                "crawler 119 60 W 0 0 200 3 1 1\ncrawler 60 0 S 0 0 200 3 1 1\n"
                                "dice 0 0 0 100 0 0\nbaby 1 10 3 1 1 30 0\n";
    watch w;
    bw_crawler_design d;
    bw_crawler_info info;
    int s;
    watch_init(&w);
    w.fn = alive_step;
    REQUIRE(parse(swarm, &d) == 0);
    FOR_SEEDS(s, 500) {
        w.n[0] = w.n[1] = w.n[2] = w.n[3] = 0;
        run(&w, &d, (uint32_t)s, &info);
        CHECK(info.steps == w.n[0] && info.born == w.n[1] && info.dropped == w.n[2]);
        CHECK(info.peak == w.n[3] && info.peak == BW_CRAWLER_MAX_CRAWLERS && info.dropped > 0 && !info.capped);
    }
}

/* README: the built-in design and the examples never fill the array
 * (the built-in design peaks at 138 of 150 over 100,000 seeds). */
static void crawler_examples_never_fill_the_array(void)
{
    bw_crawler_design d;
    bw_crawler_info info;
    int i, s;
    uint32_t peak = 0;
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        FOR_SEEDS(s, 500) {
            t_seed((uint32_t)s);
            CHECK(bw_crawler_map(m, (uint32_t)s, &d, 0, &info) == 0);
            CHECK(info.dropped == 0 && info.peak < BW_CRAWLER_MAX_CRAWLERS);
            if (info.peak > peak)
                peak = info.peak;
        }
    }
    t_info("crawler_examples_peak", peak);
}

/* The built-in design's stubs, on the finished grid: a corridor hugs the outer wall
 * where, for HUG_RUN or more tiles in a row along a side, the open strip
 * next to the outer wall is 1..HUG_WIDTH wide (a wall runs parallel to the
 * outer wall HUG_WIDTH or fewer tiles from it): DungeonMaker's manual
 * calls such "straight corridors along the outside wall" a design flaw.
 * Returns the longest such run on the map. */
#define HUG_WIDTH 4
#define HUG_RUN 20
static int strip_width(const bw_grid *g, int side, int i)
{
    int k;
    for (k = 0; k <= HUG_WIDTH; k++) {
        int x = side == 0 || side == 1 ? i : side == 2 ? 1 + k : g->w - 2 - k;
        int y = side == 2 || side == 3 ? i : side == 0 ? 1 + k : g->h - 2 - k;
        if (wall_at(g, x, y))
            return k;
    }
    return k;
}

static int longest_hug(const bw_grid *g)
{
    int side, i, run, best = 0;
    for (side = 0; side < 4; side++) {
        int n = side < 2 ? g->w : g->h;
        for (i = 1, run = 0; i < n - 1; i++) {
            int k = strip_width(g, side, i);
            run = k >= 1 && k <= HUG_WIDTH ? run + 1 : 0;
            best = run > best ? run : best;
        }
    }
    return best;
}

static void crawler_builtin_no_corridor_hugs_the_outer_wall(void)
{
    uint32_t s;
    int worst = 0, h;
    FOR_SEEDS(s, 300) {
        t_seed(s);
        REQUIRE(bw_crawler_map(m, s, &bw_crawler_builtin, 0, 0) == 0);
        h = longest_hug(&m->grid);
        CHECK(h < HUG_RUN);
        worst = h > worst ? h : worst;
    }
    t_info("crawler_builtin_longest_hug", (uint32_t)worst);
}

/* What maze.txt's comments say, on the finished grid.
 * A tile's corridor width is the shorter of its row's and its column's run
 * of open tiles through it. */
static void crawler_maze_design_as_its_comments_say(void)
{
    bw_crawler_design d;
    bw_crawler_info info;
    uint32_t s, w[4] = { 0, 0, 0, 0 }, open = 0, peak = 0, dropped = 0;
    int i, x, y;
    for (i = 0; i < N_EXAMPLES && !same(crawler_designs[i].name, "maze"); i++)
        ;
    REQUIRE(i < N_EXAMPLES && parse(crawler_designs[i].text, &d) == 0);
    FOR_SEEDS(s, 300) {
        const bw_grid *g = &m->grid;
        t_seed(s);
        REQUIRE(bw_crawler_map(m, s, &d, 0, &info) == 0);
        peak = info.peak > peak ? info.peak : peak;
        dropped += info.dropped;
        for (y = 1; y < g->h - 1; y++)
            for (x = 1; x < g->w - 1; x++) {
                int a = 0, b = 0, k;
                if (wall_at(g, x, y))
                    continue;
                for (k = x; !wall_at(g, k, y); k--)
                    a++;
                for (k = x + 1; !wall_at(g, k, y); k++)
                    a++;
                for (k = y; !wall_at(g, x, k); k--)
                    b++;
                for (k = y + 1; !wall_at(g, x, k); k++)
                    b++;
                w[bw_min(bw_min(a, b), 3)]++;
                open++;
            }
    }
    t_info("crawler_maze_peak_alive", peak);
    t_info("crawler_maze_one_wide_per_mille", w[1] * 1000 / open);
    t_info("crawler_maze_two_wide_per_mille", w[2] * 1000 / open);
    t_info("crawler_maze_wider_per_mille", w[3] * 1000 / open);
    /* "the array never fills, no baby is lost": none dropped, and a third
     * of the array to spare (the peak is 62 over seeds 0..299, 79 over
     * 0..99,999) */
    CHECK(dropped == 0 && peak * 3 <= BW_CRAWLER_MAX_CRAWLERS * 2);
    /* "6% one wide, 52% two wide, 42% wider" (within a few points) */
    CHECK(w[1] * 100 <= open * 10);
    CHECK(w[2] * 100 >= open * 45 && w[2] * 100 <= open * 60);
    CHECK(w[3] * 100 >= open * 35 && w[3] * 100 <= open * 50);
}

static void crawler_step_cap_ends_generation(void)
{
    static const char capped[] = "size 120 120\nsteps 100\n"
                                 "crawler 0 60 E 0 0 300 6 2 1\ncrawler 119 60 W 0 0 300 6 2 1\n"
                                 "crawler 60 0 S 0 0 300 6 2 1\ncrawler 60 119 N 0 0 300 6 2 1\n"
                                 "dice 0 25 10 5 30 10\nbaby 1 80 5 2 1 2 30\n";
    watch w;
    bw_crawler_design d;
    bw_crawler_info info;
    int i, s;
    uint32_t most = 0;
    watch_init(&w);
    w.fn = count_step;
    REQUIRE(parse(capped, &d) == 0 && d.max_steps == 100);
    FOR_SEEDS(s, 500) {
        bw_tileset open;
        w.n[0] = 0;
        run(&w, &d, (uint32_t)s, &info);
        CHECK(info.steps == 100 && w.n[0] == 100 && info.capped == 1);
        bw_tileset_from_flags(&open, BW_CONNECTS);
        CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    }
    /* the examples never come near the cap: each crawler lays wall at
     * nearly every step it works, and the map holds at most 14,400 tiles */
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        FOR_SEEDS(s, 500) {
            CHECK(bw_crawler_map(m, (uint32_t)s, &d, 0, &info) == 0);
            CHECK(!info.capped);
            if (info.steps > most)
                most = info.steps;
        }
    }
    t_info("crawler_most_steps", most);
    CHECK(most * 10u < BW_CRAWLER_MAX_STEPS);
}

/* ---- connectivity ---- */

static int ring_is_wall(const bw_grid *g)
{
    int x, y, ok = 1;
    for (x = 0; x < g->w; x++)
        ok &= wall_at(g, x, 0) && BW_AT(g, x, 0) == BW_T_CR_WALL && BW_AT(g, x, g->h - 1) == BW_T_CR_WALL;
    for (y = 0; y < g->h; y++)
        ok &= BW_AT(g, 0, y) == BW_T_CR_WALL && BW_AT(g, g->w - 1, y) == BW_T_CR_WALL;
    return ok;
}

static void crawler_every_open_tile_reachable(void)
{
    bw_crawler_design d;
    bw_crawler_info info;
    bw_tileset open;
    int i, s, fixed = 0, x, y, other;
    bw_tileset_from_flags(&open, BW_CONNECTS);
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        FOR_SEEDS(s, 500) {
            t_seed((uint32_t)s);
            CHECK(bw_crawler_map(m, (uint32_t)s, &d, 0, &info) == 0);
            CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
            CHECK(ring_is_wall(&m->grid));
            other = 0;
            for (y = 0; y < m->grid.h; y++)
                for (x = 0; x < m->grid.w; x++)
                    other += BW_AT(&m->grid, x, y) != BW_T_CR_WALL && BW_AT(&m->grid, x, y) != BW_T_CR_OPEN;
            CHECK(other == 0 && m->n_ent == 0);
            CHECK(info.opened >= info.doors + info.fallback);
            fixed += info.doors + info.fallback > 0;
        }
    }
    CHECK(fixed > SEEDS(500) / 10); /* the fix had work to do */
}

/* A closed room with one-tile walls: the fix opens exactly one tile. */
static void crawler_fix_opens_one_tile_into_a_closed_room(void)
{
    static const char room[] = "size 30 20\nwall 10 5 20 5\nwall 10 14 20 14\n"
                               "wall 10 6 10 13\nwall 20 6 20 13\n";
    bw_crawler_design d;
    bw_crawler_info info;
    bw_tileset open;
    int s, x, y, on_room_wall;
    REQUIRE(parse(room, &d) == 0);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    FOR_SEEDS(s, 500) {
        CHECK(bw_crawler_map(m, (uint32_t)s, &d, 0, &info) == 0);
        CHECK(info.doors == 1 && info.opened == 1 && info.fallback == 0);
        CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
        on_room_wall = 0;
        for (y = 5; y <= 14; y++)
            for (x = 10; x <= 20; x++)
                if ((x == 10 || x == 20 || y == 5 || y == 14) && !wall_at(&m->grid, x, y))
                    on_room_wall++;
        CHECK(on_room_wall == 1);
        CHECK(walls_on_map(&m->grid) == 2 * 30 + 2 * 18 + 2 * 11 + 2 * 8 - 1);
    }
}

/* Two open pockets that share no row or column: no straight door exists,
 * the fix digs an L. */
static void crawler_fix_digs_an_l_when_no_row_or_column_is_shared(void)
{
    static const char pockets[] = "size 12 12\nwall 3 1 10 7\nwall 1 3 2 10\nwall 3 8 7 10\n";
    bw_crawler_design d;
    bw_crawler_info info;
    bw_tileset open;
    REQUIRE(parse(pockets, &d) == 0);
    bw_tileset_from_flags(&open, BW_CONNECTS);
    CHECK(bw_crawler_map(m, 1, &d, 0, &info) == 0);
    CHECK(info.doors == 0 && info.fallback == 1 && info.opened >= 7);
    CHECK(bw_fill_connected(&m->fill, &m->grid, &open, &m->a));
    CHECK(ring_is_wall(&m->grid));
}

/* ---- design files ---- */

static void crawler_design_parse_accepts_examples(void)
{
    bw_crawler_design d;
    int i, line = -1;
    for (i = 0; i < N_DESIGNS; i++) {
        CHECK(parse_line(design_text(i), &d, &line) == 0);
        CHECK(line == 0 && bw_crawler_check(&d) == 0);
        CHECK(d.n_seeds > 0 && d.max_steps == BW_CRAWLER_MAX_STEPS);
    }
    /* CRLF, tabs, a comment after values, no newline at the end */
    CHECK(parse("size 20 20\r\n\tcrawler\t0 5 E 0 0 10 3 1 1 # seed\r\ndice 0 1 2 3 4 5", &d) == 0);
    CHECK(d.w == 20 && d.n_seeds == 1 && d.seed[0].x == 0 && d.seed[0].y == 5 && d.gen[0].turn2 == 5);
    /* bytes beyond ASCII are fine inside comments */
    CHECK(parse("# caf\xc3\xa9\nsize 20 20\n", &d) == 0);
    CHECK(parse("size 20 20\ncrawler 1 1 N NE -3 10 3 1 2\ncrawler 2 2 N 0 0 10 3 1 0\n", &d) == 0);
    CHECK(d.seed[0].direction == BW_CRAWLER_DIR_NE && d.seed[0].age == -3 && d.seed[0].opening == 2);
}

static int starts(const char *s, const char *p)
{
    while (*p && *s == *p) {
        s++;
        p++;
    }
    return *p == 0;
}

typedef struct bad_case {
    const char *text;
    int line;
    const char *msg; /* how the message starts */
} bad_case;

#define C1 "size 20 20\n"
#define CR " 0 0 10 3 1 1\n"

static void crawler_design_parse_rejects_malformed(void)
{
    static const bad_case bad[] = {
        { "", 0, "no size" },
        { "# only a comment\n\n", 0, "no size" },
        { C1 "foo 1\n", 2, "unknown key" },
        { C1 "Size 20 20\n", 2, "unknown key" },
        { "size 20\n", 1, "size: wrong number" },
        { "size 20 20 3\n", 1, "size: wrong number" },
        { "size 121 20\n", 1, "size: width" },
        { "size 20 7\n", 1, "size: height" },
        { "size 20x 20\n", 1, "size: width" },
        { "size 20 --2\n", 1, "size: height" },
        { "size 1000000 20\n", 1, "size: width" },
        { C1 "size 20 20\n", 2, "size: given twice" },
        { C1 "size 30 30\n", 2, "size: given twice" },
        { C1 "steps 100\nsteps 100\n", 3, "steps: given twice" },
        { C1 "steps 100\n# the cap again\nsteps 200\n", 4, "steps: given twice" },
        { "steps 100\n" C1 "steps 100 7\n", 3, "steps: given twice" },
        { "crawler 1 1 E" CR, 1, "crawler: the size" },
        { "wall 1 1 2 2\nsize 20 20\n", 1, "wall: the size" },
        { C1 "crawler 20 5 E" CR, 2, "crawler: outside" },
        { C1 "crawler 5 20 E" CR, 2, "crawler: outside" },
        { C1 "crawler 120 5 E" CR, 2, "crawler: x" },
        { C1 "crawler -1 5 E" CR, 2, "crawler: x" },
        { C1 "crawler 5 5 X" CR, 2, "crawler: forward" },
        { C1 "crawler 5 5 NE" CR, 2, "crawler: forward" },
        { C1 "crawler 5 5 E NNE 0 10 3 1 1\n", 2, "crawler: direction" },
        { C1 "crawler 5 5 S N 0 10 3 1 1\n", 2, "crawler: forward not allowed" },
        { C1 "crawler 5 5 W NE 0 10 3 1 1\n", 2, "crawler: forward not allowed" },
        { C1 "crawler 5 5 E 0 -1001 10 3 1 1\n", 2, "crawler: age" },
        { C1 "crawler 5 5 E 0 0 1001 3 1 1\n", 2, "crawler: maxAge" },
        { C1 "crawler 5 5 E 0 0 10 0 1 1\n", 2, "crawler: stepLength" },
        { C1 "crawler 5 5 E 0 0 10 31 1 1\n", 2, "crawler: stepLength" },
        { C1 "crawler 5 5 E 0 0 10 3 0 1\n", 2, "crawler: corridorWidth" },
        { C1 "crawler 5 5 E 0 0 10 3 7 1\n", 2, "crawler: corridorWidth" },
        { C1 "crawler 5 5 E 0 0 10 3 1 3\n", 2, "crawler: opening" },
        { C1 "crawler 5 5 E 0 0 10 3 1\n", 2, "crawler: wrong number" },
        { C1 "crawler 5 5 E 0 0 10 3 1 1 1\n", 2, "crawler: wrong number" },
        { C1 "crawler 5 5 E 0 0 10 3 1 1 1 1 1 1 1\n", 2, "too many values" },
        { C1 "wall 5 5 4 6\n", 2, "wall: needs" },
        { C1 "wall 5 5 20 6\n", 2, "wall: outside" },
        { C1 "wall 5 5 6\n", 2, "wall: wrong number" },
        { C1 "dice 8 1 1 1 1 1\n", 2, "dice: generation must" },
        { C1 "dice 0 101 1 1 1 1\n", 2, "dice: turn" },
        { C1 "dice 0 1 1 1 1 -1\n", 2, "dice: turnTwo" },
        { C1 "dice 0 1 1 1 1 1\ndice 0 1 1 1 1 1\n", 3, "dice: generation given twice" },
        { C1 "baby 0 10 3 1 1 0 0\n", 2, "baby: generation" },
        { C1 "baby 1 10 3 1 1 1001 0\n", 2, "baby: delay" },
        { C1 "baby 1 10 3 1 1 0 101\n", 2, "baby: noDirection" },
        { C1 "baby 1 10 3 1 1 0 0\nbaby 1 10 3 1 1 0 0\n", 3, "baby: generation given twice" },
        { C1 "baby 1 10 3 1 1 0\n", 2, "baby: wrong number" },
        { C1 "steps 0\n", 2, "steps" },
        { C1 "steps 40001\n", 2, "steps" },
        { C1 "\n\ncrawler 5 5 E 0 0 10 3 1 1 \x01\n", 4, "bad character" },
        { C1 "crawler 5 5 E 0 0 10 3 1 \xc3\xa9\n", 2, "bad character" },
        { C1 "crawler 5 5 E 0\r 0 10 3 1 1\n", 2, "bad character" },
        /* openings, and at most half of a generation opening 2 */
        { C1 "openings 1 50 25 25\n", 2, "openings: the generation's baby line must come first" },
        { C1 "baby 1 10 3 1 1 0 0\nopenings 1 50 25 20\n", 3, "openings: the three percents must add up to 100" },
        { C1 "baby 1 10 3 1 1 0 0\nopenings 1 50 25 25\nopenings 1 50 25 25\n", 4, "openings: generation given twice" },
        { C1 "baby 1 10 3 1 1 0 0\nopenings 0 50 25 25\n", 3, "openings: generation must be 1..7" },
        { C1 "baby 1 10 3 1 1 0 0\nopenings 1 50 25\n", 3, "openings: wrong number" },
        { C1 "baby 1 10 3 1 1 0 0\nopenings 1 101 0 0\n", 3, "openings: opening 0 must be a percent" },
        { C1 "crawler 5 5 E" " 0 0 10 3 1 2\n", 0, "generation 0: more than half of its crawlers have opening 2" },
        { C1 "crawler 5 5 E 0 0 10 3 1 2\ncrawler 5 6 E 0 0 10 3 1 2\ncrawler 5 7 E 0 0 10 3 1 1\n", 0,
          "generation 0: more than half" },
        { C1 "baby 2 10 3 1 2 0 0\n", 0, "generation 2: more than half of its crawlers have opening 2" },
        { C1 "baby 3 10 3 1 0 0 0\nopenings 3 0 49 51\n", 0, "generation 3: more than half" },
    };
    bw_crawler_design d;
    unsigned i;
    int line;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        t_seed(i);
        d.error = 0;
        CHECK(parse_line(bad[i].text, &d, &line) == BW_ERR_DESIGN);
        CHECK(line == bad[i].line);
        CHECK(d.error != 0 && starts(d.error, bad[i].msg));
    }
}

static int same(const char *a, const char *b)
{
    return a && starts(a, b) && a[len(b)] == 0;
}

/* Every message that gives a range spells it out in plain decimals, as
 * the README's table does (no C suffix, no parentheses). */
static void crawler_design_messages_spell_ranges(void)
{
    static const struct { const char *text, *msg; } cases[] = {
        { "size 7 20\n", "size: width must be 8..120" },
        { "size 20 121\n", "size: height must be 8..120" },
        { C1 "steps 40001\n", "steps must be 1..40000" },
        { C1 "steps 0\n", "steps must be 1..40000" },
        { C1 "wall 120 1 1 1\n", "wall: x0 must be 0..119 and inside the map" },
        { C1 "wall 1 1 1 -1\n", "wall: y1 must be 0..119 and inside the map" },
        { C1 "crawler 5 120 E" CR, "crawler: y must be 0..119 and inside the map" },
        { C1 "crawler 5 5 E 0 1001 10 3 1 1\n", "crawler: age must be -1000..1000" },
        { C1 "crawler 5 5 E 0 0 -1 3 1 1\n", "crawler: maxAge must be 0..1000" },
        { C1 "crawler 5 5 E 0 0 10 31 1 1\n", "crawler: stepLength must be 1..30" },
        { C1 "crawler 5 5 E 0 0 10 3 7 1\n", "crawler: corridorWidth must be 1..6" },
        { C1 "crawler 5 5 E 0 0 10 3 1 3\n", "crawler: opening must be 0, 1 or 2" },
        { C1 "dice 8 1 1 1 1 1\n", "dice: generation must be 0..7" },
        { C1 "dice 1 1 101 1 1 1\n", "dice: straightOne must be a percent, 0..100" },
        { C1 "baby 8 10 3 1 1 0 0\n", "baby: generation must be 1..7 (babies are never generation 0)" },
        { C1 "baby 1 1001 3 1 1 0 0\n", "baby: maxAge must be 0..1000" },
        { C1 "baby 1 10 0 1 1 0 0\n", "baby: stepLength must be 1..30" },
        { C1 "baby 1 10 3 0 1 0 0\n", "baby: corridorWidth must be 1..6" },
        { C1 "baby 1 10 3 1 -1 0 0\n", "baby: opening must be 0, 1 or 2" },
        { C1 "baby 1 10 3 1 1 -1 0\n", "baby: delay must be 0..1000" },
        { C1 "baby 1 10 3 1 1 0 101\n", "baby: noDirection must be a percent, 0..100" },
    };
    bw_crawler_design d;
    unsigned i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        t_seed(i);
        CHECK(parse(cases[i].text, &d) == BW_ERR_DESIGN && same(d.error, cases[i].msg));
    }
}

static void crawler_design_parse_rejects_limits(void)
{
    /* 17 crawlers, 17 walls, a NUL byte, a file over 8 KiB: built here
     * in the map's grid, which is free until the next generation */
    char *t = (char *)m->grid.cell;
    static const char head[] = C1;
    static const char seedline[] = "crawler 5 5 E 0 0 10 3 1 1\n";
    static const char wallline[] = "wall 1 1 2 2\n";
    bw_crawler_design d;
    int i, n, line;
    n = 0;
    for (i = 0; head[i]; i++)
        t[n++] = head[i];
    for (i = 0; i < 17 * (len(seedline)); i++)
        t[n++] = seedline[i % len(seedline)];
    CHECK(bw_crawler_parse(t, (size_t)n, &d, &line) == BW_ERR_DESIGN && line == 18 && starts(d.error, "crawler: more than 16"));
    CHECK(bw_crawler_parse(t, (size_t)(n - len(seedline)), &d, &line) == 0 && d.n_seeds == 16);
    n = len(head);
    for (i = 0; i < 17 * len(wallline); i++)
        t[n++] = wallline[i % len(wallline)];
    CHECK(bw_crawler_parse(t, (size_t)n, &d, &line) == BW_ERR_DESIGN && line == 18 && starts(d.error, "wall: more than 16"));
    t[len(head) + 3] = 0; /* "wa\0l" on line 2 */
    CHECK(bw_crawler_parse(t, (size_t)n, &d, &line) == BW_ERR_DESIGN && line == 2 && starts(d.error, "NUL"));
    /* 8,192 bytes of comment after the size: one byte too many */
    n = len(head);
    for (; n < BW_CRAWLER_MAX_TEXT; n++)
        t[n] = (n % 64 == 63) ? '\n' : '#';
    CHECK(bw_crawler_parse(t, (size_t)n, &d, &line) == 0);
    t[n++] = '\n';
    CHECK(bw_crawler_parse(t, (size_t)n, &d, &line) == BW_ERR_DESIGN && line == 0 && starts(d.error, "the design is larger"));
}

/* Each range's ends are accepted and one past them rejected. */
static void crawler_design_parse_range_ends(void)
{
    static const char *const good[] = {
        "size 8 8\n", "size 120 120\n", "size 20 20\nsteps 1\n", "size 20 20\nsteps 40000\n",
        C1 "crawler 0 0 E 0 -1000 0 1 1 0\n", C1 "crawler 19 19 W 0 1000 1000 30 6 2\ncrawler 5 5 E 0 0 10 3 1 1\n",
        C1 "wall 0 0 19 19\n", C1 "dice 7 0 0 0 0 0\n", C1 "dice 0 100 100 100 100 100\n",
        C1 "baby 1 0 1 1 0 0 0\n", C1 "baby 7 1000 30 6 2 1000 100\nopenings 7 0 50 50\n",
        C1 "baby 7 1000 30 6 2 1000 100\nopenings 7 100 0 0\n"
    };
    bw_crawler_design d;
    unsigned i;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        t_seed(i);
        CHECK(parse(good[i], &d) == 0 && bw_crawler_check(&d) == 0);
    }
    CHECK(parse("size 120 120\n", &d) == 0 && d.w == 120 && d.h == 120);
    CHECK(parse(C1 "baby 7 1000 30 6 2 1000 100\nopenings 7 50 0 50\n", &d) == 0 && d.gen[7].born &&
          d.gen[7].delay == 1000 && d.gen[7].open_mix[0] == 50 && d.gen[7].open_mix[2] == 50);
}

static int design_equal(const bw_crawler_design *a, const bw_crawler_design *b)
{
    int i, k, ok = a->w == b->w && a->h == b->h && a->n_walls == b->n_walls &&
                   a->n_seeds == b->n_seeds && a->max_steps == b->max_steps;
    for (i = 0; ok && i < a->n_walls; i++)
        for (k = 0; k < 4; k++)
            ok &= a->wall[i][k] == b->wall[i][k];
    for (i = 0; ok && i < a->n_seeds; i++)
        ok &= a->seed[i].x == b->seed[i].x && a->seed[i].y == b->seed[i].y &&
              a->seed[i].age == b->seed[i].age && same_but_age(&a->seed[i], &b->seed[i]);
    for (i = 0; ok && i < BW_CRAWLER_GENS; i++) {
        const bw_crawler_gen *p = &a->gen[i], *q = &b->gen[i];
        ok &= p->turn == q->turn && p->straight1 == q->straight1 && p->straight2 == q->straight2 &&
              p->turn1 == q->turn1 && p->turn2 == q->turn2 && p->born == q->born;
        if (p->born)
            ok &= p->step_length == q->step_length && p->corridor_width == q->corridor_width &&
                  p->opening == q->opening && p->no_direction == q->no_direction &&
                  p->max_age == q->max_age && p->delay == q->delay;
    }
    return ok;
}

static void crawler_default_file_is_the_builtin_design(void)
{
    const bw_generator *g = bw_generator_find("crawler");
    bw_crawler_design d;
    bw_opts o = { 0, 0, 0, 0 };
    uint32_t h;
    REQUIRE(g != 0);
    REQUIRE(parse(design_default, &d) == 0);
    CHECK(design_equal(&d, &bw_crawler_builtin));
    CHECK(bw_crawler_check(&bw_crawler_builtin) == 0);
    CHECK(g->w == bw_crawler_builtin.w && g->h == bw_crawler_builtin.h && g->levels == 1);
    CHECK(g->generate(m, 42, 1, &o) == 0);
    h = bw_grid_hash(&m->grid);
    o.design = &d;
    CHECK(g->generate(m, 42, 1, &o) == 0);
    CHECK(bw_grid_hash(&m->grid) == h);
}

/* ---- bw_crawler_check: a design built in C ---- */

/* One field of a design set to a value (by its place in the struct, so
 * the cases are a table), and the message bw_crawler_problem must give
 * (0: accepted). */
typedef struct poke {
    size_t off;
    uint8_t bytes;
    int32_t v;
    const char *msg;
} poke;

#define P(member, v, msg) \
    { offsetof(bw_crawler_design, member), (uint8_t)sizeof(((bw_crawler_design *)0)->member), v, msg }
#define M_X0 "wall: x0 must be 0..119 and inside the map"
#define M_ORDER "wall: needs x0 <= x1 and y0 <= y1"
#define M_WOUT "wall: outside the map"
#define M_DIR "crawler: forward not allowed by direction (only the directions next to it)"
#define M_AGE "crawler: age must be -1000..1000"
#define M_MAXAGE "crawler: maxAge must be 0..1000"
#define M_STEP "crawler: stepLength must be 1..30"
#define M_WIDTH "crawler: corridorWidth must be 1..6"
#define M_OPEN "crawler: opening must be 0, 1 or 2"

/* The built-in design (seed 0: x 0, y 60, E, direction 0; generations
 * 1..3 have babies) plus two walls: 10 10 20 12 and 100 110 110 119. */
static const poke bad_designs[] = {
    /* size and steps */
    P(w, 7, "size: width must be 8..120"), P(w, 121, "size: width must be 8..120"),
    P(h, 7, "size: height must be 8..120"), P(h, 121, "size: height must be 8..120"),
    P(max_steps, 0, "steps must be 1..40000"), P(max_steps, 40001, "steps must be 1..40000"),
    P(n_walls, 17, "wall: more than 16 walls"), P(n_seeds, 17, "crawler: more than 16 crawlers"),
    /* walls: bounds and order */
    P(wall[0][0], 120, M_X0), P(wall[0][1], 120, "wall: y0 must be 0..119 and inside the map"),
    P(wall[0][2], 120, "wall: x1 must be 0..119 and inside the map"),
    P(wall[1][3], 120, "wall: y1 must be 0..119 and inside the map"),
    P(wall[0][0], 21, M_ORDER), P(wall[0][1], 13, M_ORDER), P(wall[1][2], 99, M_ORDER),
    P(h, 119, M_WOUT), P(w, 110, M_WOUT),
    /* seeds: every value, and a later seed than the first */
    P(seed[0].x, 120, "crawler: x must be 0..119 and inside the map"),
    P(seed[0].y, 120, "crawler: y must be 0..119 and inside the map"),
    P(w, 111, "crawler: outside the map"),
    P(seed[0].forward, 4, "crawler: forward must be N, E, S or W"),
    P(seed[0].direction, 9, "crawler: direction must be 0, N, NE, E, SE, S, SW, W or NW"),
    P(seed[0].direction, BW_CRAWLER_DIR_W, M_DIR), P(seed[0].direction, BW_CRAWLER_DIR_NW, M_DIR),
    P(seed[0].direction, BW_CRAWLER_DIR_SW, M_DIR),
    P(seed[0].age, -1001, M_AGE), P(seed[0].age, 1001, M_AGE),
    P(seed[0].max_age, -1, M_MAXAGE), P(seed[0].max_age, 1001, M_MAXAGE),
    P(seed[0].step_length, 0, M_STEP), P(seed[0].step_length, 31, M_STEP),
    P(seed[0].corridor_width, 0, M_WIDTH), P(seed[0].corridor_width, 7, M_WIDTH),
    P(seed[0].opening, 3, M_OPEN), P(seed[5].opening, 3, M_OPEN), P(seed[5].age, 1001, M_AGE),
    /* the dice of each generation */
    P(gen[0].turn, 101, "dice: turn must be a percent, 0..100"),
    P(gen[3].straight1, 101, "dice: straightOne must be a percent, 0..100"),
    P(gen[7].straight2, 101, "dice: straightTwo must be a percent, 0..100"),
    P(gen[5].turn1, 101, "dice: turnOne must be a percent, 0..100"),
    P(gen[1].turn2, 255, "dice: turnTwo must be a percent, 0..100"),
    /* babies: born is 0 or 1, never into generation 0; their ranges */
    P(gen[0].born, 1, "baby: generation must be 1..7 (babies are never generation 0)"),
    P(gen[1].born, 2, "baby: born must be 0 or 1"), P(gen[6].born, 2, "baby: born must be 0 or 1"),
    P(gen[1].max_age, -1, "baby: maxAge must be 0..1000"), P(gen[2].max_age, 1001, "baby: maxAge must be 0..1000"),
    P(gen[1].step_length, 0, "baby: stepLength must be 1..30"), P(gen[3].step_length, 31, "baby: stepLength must be 1..30"),
    P(gen[1].corridor_width, 0, "baby: corridorWidth must be 1..6"),
    P(gen[2].corridor_width, 7, "baby: corridorWidth must be 1..6"),
    P(gen[3].opening, 3, "baby: opening must be 0, 1 or 2"),
    P(gen[1].delay, -1, "baby: delay must be 0..1000"), P(gen[2].delay, 1001, "baby: delay must be 0..1000"),
    P(gen[3].no_direction, 101, "baby: noDirection must be a percent, 0..100"),
};

/* Each range's ends, and fields that are not used, are accepted. */
static const poke good_designs[] = {
    P(w, 120, 0), P(h, 120, 0), P(max_steps, 1, 0), P(max_steps, 40000, 0), P(n_walls, 0, 0),
    P(wall[1][2], 100, 0), P(wall[1][1], 119, 0), P(seed[0].y, 119, 0), P(seed[0].y, 0, 0),
    P(seed[0].direction, BW_CRAWLER_DIR_E, 0), P(seed[0].direction, BW_CRAWLER_DIR_NE, 0),
    P(seed[0].direction, BW_CRAWLER_DIR_SE, 0), P(seed[0].direction, BW_CRAWLER_DIR_N, 0),
    P(seed[0].age, -1000, 0), P(seed[0].age, 1000, 0), P(seed[0].max_age, 0, 0), P(seed[0].max_age, 1000, 0),
    P(seed[0].step_length, 1, 0), P(seed[0].step_length, 30, 0), P(seed[0].corridor_width, 1, 0),
    P(seed[0].corridor_width, 6, 0), P(seed[0].opening, 0, 0), P(seed[0].opening, 2, 0),
    P(seed[0].gen, 9, 0), P(seed[0].gap, 200, 0), /* set by bw_crawler_map, not the design's */
    P(seed[6].opening, 9, 0), P(seed[15].x, 200, 0), /* beyond n_seeds */
    P(gen[0].turn, 100, 0), P(gen[7].turn2, 100, 0), P(gen[1].born, 0, 0), P(gen[3].born, 0, 0),
    P(gen[5].step_length, 0, 0), P(gen[5].delay, -5, 0), /* no babies born into 5 */
    P(gen[1].max_age, 0, 0), P(gen[1].max_age, 1000, 0), P(gen[2].delay, 1000, 0), P(gen[2].delay, 0, 0),
    P(gen[3].no_direction, 100, 0), P(gen[1].step_length, 30, 0), P(gen[1].corridor_width, 6, 0),
};

static void base_design(bw_crawler_design *d)
{
    static const uint8_t walls[2][4] = { { 10, 10, 20, 12 }, { 100, 110, 110, 119 } };
    int i, k;
    *d = bw_crawler_builtin;
    d->n_walls = 2;
    for (i = 0; i < 2; i++)
        for (k = 0; k < 4; k++)
            d->wall[i][k] = walls[i][k];
}

static void apply_poke(bw_crawler_design *d, const poke *p)
{
    unsigned char *at = (unsigned char *)d + p->off;
    if (p->bytes == 1)
        *at = (uint8_t)p->v;
    else /* int16_t or uint16_t: the same bits either way */
        *(uint16_t *)(void *)at = (uint16_t)p->v;
}

static void crawler_design_check_names_each_rule(void)
{
    bw_crawler_design d;
    unsigned i;
    base_design(&d);
    CHECK(bw_crawler_problem(&d) == 0 && bw_crawler_check(&d) == 0);
    CHECK(bw_crawler_problem(&bw_crawler_builtin) == 0);
    for (i = 0; i < sizeof bad_designs / sizeof bad_designs[0]; i++) {
        t_seed(i);
        base_design(&d);
        apply_poke(&d, &bad_designs[i]);
        CHECK(bw_crawler_check(&d) == BW_ERR_DESIGN);
        CHECK(same(bw_crawler_problem(&d), bad_designs[i].msg));
    }
    for (i = 0; i < sizeof good_designs / sizeof good_designs[0]; i++) {
        t_seed(1000 + i);
        base_design(&d);
        apply_poke(&d, &good_designs[i]);
        CHECK(bw_crawler_problem(&d) == 0 && bw_crawler_check(&d) == 0);
    }
}

/* Bad options: -1 and the map as it was, for every bad design above. */
static void crawler_bad_design_or_level_rejected(void)
{
    const bw_generator *g = bw_generator_find("crawler");
    bw_crawler_design d;
    bw_opts o = { 0, 0, 0, 0 };
    uint32_t h;
    unsigned k;
    REQUIRE(g != 0);
    CHECK(g->generate(m, 1, 1, &o) == 0);
    h = bw_grid_hash(&m->grid);
    CHECK(g->generate(m, 1, 0, &o) == BW_ERR_LEVEL && g->generate(m, 1, 2, &o) == BW_ERR_LEVEL);
    CHECK(bw_crawler_map(m, 1, 0, 0, 0) == BW_ERR_ARG);
    for (k = 0; k < sizeof bad_designs / sizeof bad_designs[0]; k++) {
        base_design(&d);
        apply_poke(&d, &bad_designs[k]);
        t_seed(k);
        o.design = &d;
        CHECK(g->generate(m, 1, 1, &o) == BW_ERR_DESIGN);
        CHECK(bw_crawler_map(m, 1, &d, 0, 0) == BW_ERR_DESIGN);
        CHECK(bw_grid_hash(&m->grid) == h);
    }
}

/* ---- the same map every time ---- */

static void crawler_same_seed_same_map(void)
{
    bw_crawler_design d;
    watch w;
    uint32_t h;
    int i;
    watch_init(&w);
    w.fn = count_step;
    for (i = 0; i < N_DESIGNS; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        bw_grid_fill(&m->grid, BW_T_LAVA); /* garbage first */
        CHECK(bw_crawler_map(m, 77, &d, 0, 0) == 0);
        h = bw_grid_hash(&m->grid);
        run(&w, &d, 77, 0); /* tracing changes nothing */
        CHECK(bw_grid_hash(&m->grid) == h);
    }
}

static void crawler_golden(void)
{
    static const char *const names[] = { "crawler_default", "crawler_halls", "crawler_maze" };
    static const uint32_t want[] = { 0xc805fec5u, 0xc249a669u, 0xcef4b612u };
    static const uint32_t builtin[3] = { 0x1bd70b14u, 0xc4641d6du, 0x44f1fa6du };
    bw_crawler_design d;
    uint32_t h;
    int i, s;
    REQUIRE(N_EXAMPLES == 3);
    for (i = 0; i < N_EXAMPLES; i++) {
        REQUIRE(parse(design_text(i), &d) == 0);
        h = BW_GRID_FNV1A_INIT;
        for (s = 1; s <= 3; s++) {
            uint32_t one;
            CHECK(bw_crawler_map(m, (uint32_t)s, &d, 0, 0) == 0);
            one = bw_grid_hash(&m->grid);
            h = (h ^ one) * 16777619u; /* the order of the seeds counts */
        }
        t_golden(names[i], h, want[i]);
    }
    for (s = 1; s <= 3; s++) {
        CHECK(bw_crawler_generate(m, (uint32_t)s, 1, 0) == 0);
        t_golden(s == 1 ? "crawler_builtin_seed1" : s == 2 ? "crawler_builtin_seed2" : "crawler_builtin_seed3",
                 bw_grid_hash(&m->grid), builtin[s - 1]);
    }
}

void suite_crawler(void)
{
    RUN(crawler_1_loop_steps_each_crawler_in_turn_until_none_left);
    RUN(crawler_1_first_in_turn_gets_there_first);
    RUN(crawler_walls_only_where_look_ahead_allows);
    RUN(crawler_step_length_bounds_every_run);
    RUN(crawler_turns_only_to_legal_directions);
    RUN(crawler_legal_table_matches_spec);
    RUN(crawler_dormant_builds_nothing_until_age_zero);
    RUN(crawler_4_lays_max_age_plus_1_walls_then_is_deleted);
    RUN(crawler_opening_0_joins_the_wall_ahead);
    RUN(crawler_opening_1_never_closes_the_gap);
    RUN(crawler_openings_in_a_corridor);
    RUN(crawler_opening_2_gap_at_start_then_0);
    RUN(crawler_2_babies_take_the_next_generations_parameters);
    RUN(crawler_2_dice_turn_and_baby_rates);
    RUN(crawler_2_dice_on_the_grid);
    RUN(crawler_array_full_drops_babies);
    RUN(crawler_examples_never_fill_the_array);
    RUN(crawler_step_cap_ends_generation);
    RUN(crawler_every_open_tile_reachable);
    RUN(crawler_fix_opens_one_tile_into_a_closed_room);
    RUN(crawler_fix_digs_an_l_when_no_row_or_column_is_shared);
    RUN(crawler_design_parse_accepts_examples);
    RUN(crawler_design_parse_rejects_malformed);
    RUN(crawler_builtin_no_corridor_hugs_the_outer_wall);
    RUN(crawler_maze_design_as_its_comments_say);
    RUN(crawler_openings_mix_by_the_odds_at_most_half_opening_2);
    RUN(crawler_design_messages_spell_ranges);
    RUN(crawler_design_parse_rejects_limits);
    RUN(crawler_design_parse_range_ends);
    RUN(crawler_default_file_is_the_builtin_design);
    RUN(crawler_design_check_names_each_rule);
    RUN(crawler_bad_design_or_level_rejected);
    RUN(crawler_same_seed_same_map);
    RUN(crawler_golden);
}
