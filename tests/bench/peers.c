/* The bench's peers: burrow timed against other ways of making a map, on
 * the same desktop, in the same run, interleaved seed by seed so that load
 * from elsewhere falls on both alike. Only ratios are published: an
 * absolute desktop time says more about the machine than about the code.
 *
 *   peers level NAME L N R  per level 1..L (0: all) of generator NAME,
 *                           `ratio NAME LEVEL RATIO`: its time over the time
 *                           of libtcod's BSP rooms and corridors at 120 x 120
 *                           (the generator of libtcod's own C sample: split
 *                           8 deep, a walled room in every leaf, siblings
 *                           joined by corridors), seeds 1..N
 *   peers cave N R          `peer cave RATIO N`: bw_life_cave, 4 steps of the
 *                           4-5 rule over 120 x 120 noise, over the same
 *                           steps written the textbook way (a byte per
 *                           cell, the 8 neighbours counted one by one, a
 *                           second buffer); both must give the same cells
 *
 * Each time is the fastest of R runs of one seed (burrow's, then the
 * peer's); a ratio is the median over the seeds of burrow's time over the
 * peer's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libtcod.h>
#include "burrow/burrow.h"
#include "burrow/port.h"

#define W 120
#define H 120
#define MAX_SEEDS 4096

static bw_map map;
static double ratios[MAX_SEEDS];

/* ---- libtcod's BSP dungeon (its C sample's bsp_toolkit, rooms with walls) */
static unsigned char tmap[H][W];

static void dig(int x1, int y1, int x2, int y2)
{
    int x, y, t;
    if (x2 < x1) { t = x1; x1 = x2; x2 = t; }
    if (y2 < y1) { t = y1; y1 = y2; y2 = t; }
    for (y = y1; y <= y2; y++)
        for (x = x1; x <= x2; x++)
            tmap[y][x] = 1;
}

static void vline_up(int x, int y) { while (y >= 0 && tmap[y][x] == 0) tmap[y--][x] = 1; }
static void vline_down(int x, int y) { while (y < H && tmap[y][x] == 0) tmap[y++][x] = 1; }
static void hline_left(int x, int y) { while (x >= 0 && tmap[y][x] == 0) tmap[y][x--] = 1; }
static void hline_right(int x, int y) { while (x < W && tmap[y][x] == 0) tmap[y][x++] = 1; }
static void hline(int x1, int y, int x2) { dig(x1, y, x2, y); }
static void vline(int x, int y1, int y2) { dig(x, y1, x, y2); }

static int imin(int a, int b) { return a < b ? a : b; }
static int imax(int a, int b) { return a > b ? a : b; }

static bool visit(TCOD_bsp_t *node, void *rng_)
{
    TCOD_random_t rng = rng_;
    if (TCOD_bsp_is_leaf(node)) {
        /* a room that fills the leaf less a wall, as the sample draws it */
        int minx = node->x + 1, maxx = node->x + node->w - 1;
        int miny = node->y + 1, maxy = node->y + node->h - 1;
        if (maxx == W - 1) maxx--;
        if (maxy == H - 1) maxy--;
        node->x = minx; node->y = miny;
        node->w = maxx - minx + 1; node->h = maxy - miny + 1;
        dig(minx, miny, maxx, maxy);
    } else {
        TCOD_bsp_t *l = TCOD_bsp_left(node), *r = TCOD_bsp_right(node);
        node->x = imin(l->x, r->x);
        node->y = imin(l->y, r->y);
        node->w = imax(l->x + l->w, r->x + r->w) - node->x;
        node->h = imax(l->y + l->h, r->y + r->h) - node->y;
        if (node->horizontal) {
            if (l->x + l->w - 1 < r->x || r->x + r->w - 1 < l->x) {
                int x1 = TCOD_random_get_int(rng, l->x, l->x + l->w - 1);
                int x2 = TCOD_random_get_int(rng, r->x, r->x + r->w - 1);
                int y = TCOD_random_get_int(rng, l->y + l->h, r->y);
                vline_up(x1, y - 1);
                hline(x1, y, x2);
                vline_down(x2, y + 1);
            } else {
                int x = TCOD_random_get_int(rng, imax(l->x, r->x), imin(l->x + l->w - 1, r->x + r->w - 1));
                vline_down(x, r->y);
                vline_up(x, r->y - 1);
            }
        } else {
            if (l->y + l->h - 1 < r->y || r->y + r->h - 1 < l->y) {
                int y1 = TCOD_random_get_int(rng, l->y, l->y + l->h - 1);
                int y2 = TCOD_random_get_int(rng, r->y, r->y + r->h - 1);
                int x = TCOD_random_get_int(rng, l->x + l->w, r->x);
                hline_left(x - 1, y1);
                vline(x, y1, y2);
                hline_right(x + 1, y2);
            } else {
                int y = TCOD_random_get_int(rng, imax(l->y, r->y), imin(l->y + l->h - 1, r->y + r->h - 1));
                hline_left(r->x - 1, y);
                hline_right(r->x, y);
            }
        }
    }
    return true;
}

static void tcod_bsp(uint32_t seed)
{
    TCOD_random_t rng = TCOD_random_new_from_seed(TCOD_RNG_MT, seed);
    TCOD_bsp_t *bsp = TCOD_bsp_new_with_size(0, 0, W, H);
    memset(tmap, 0, sizeof tmap);
    TCOD_bsp_split_recursive(bsp, rng, 8, 4 + 1, 4 + 1, 1.5f, 1.5f);
    TCOD_bsp_traverse_inverted_level_order(bsp, visit, rng);
    TCOD_bsp_delete(bsp);
    TCOD_random_delete(rng);
}

/* ---- the cave step, two ways, on the same noise */
#define CAVE_GENS 4
enum { ROCK = 1, OPEN = 0 };
static unsigned char noise[H][W], ca[2][H][W];

static void make_noise(uint32_t seed)
{
    bw_rng r;
    int x, y;
    bw_rng_seed(&r, seed);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            noise[y][x] = (x == 0 || y == 0 || x == W - 1 || y == H - 1 || bw_rng_below(&r, 100) < 45) ? ROCK : OPEN;
}

/* The textbook 4-5 rule: a rock cell stays rock with 4 or more rock
 * neighbours, an open one turns rock with 5 or more; the border stays. */
static void cave_textbook(void)
{
    int gen, x, y, dx, dy, cur = 0;
    memcpy(ca[0], noise, sizeof noise);
    memcpy(ca[1], noise, sizeof noise);
    for (gen = 0; gen < CAVE_GENS; gen++, cur ^= 1) {
        for (y = 1; y < H - 1; y++)
            for (x = 1; x < W - 1; x++) {
                int n = 0;
                for (dy = -1; dy <= 1; dy++)
                    for (dx = -1; dx <= 1; dx++)
                        if ((dx || dy) && ca[cur][y + dy][x + dx] == ROCK)
                            n++;
                ca[cur ^ 1][y][x] = (unsigned char)(n >= (ca[cur][y][x] == ROCK ? 4 : 5) ? ROCK : OPEN);
            }
    }
    /* the result is in ca[cur] */
    if (cur)
        memcpy(ca[0], ca[1], sizeof ca[0]);
}

static void cave_burrow(void)
{
    int x, y;
    bw_grid_init(&map.grid, W, H, BW_T_STONE);
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            BW_AT(&map.grid, x, y) = noise[y][x] == ROCK ? BW_T_ROCK : BW_T_STONE;
    bw_life_cave(&map.grid, CAVE_GENS, 1, 1, W - 2, H - 2, BW_T_ROCK, BW_T_STONE);
}

static int cave_same(void)
{
    int x, y;
    for (y = 0; y < H; y++)
        for (x = 0; x < W; x++)
            if ((BW_AT(&map.grid, x, y) == BW_T_ROCK) != (ca[0][y][x] == ROCK))
                return 0;
    return 1;
}

/* ---- timing */
typedef void (*job)(uint32_t seed);
static void run_cave_burrow(uint32_t s) { (void)s; cave_burrow(); }
static void run_cave_book(uint32_t s) { (void)s; cave_textbook(); }

static uint64_t fastest(job f, uint32_t s, int reps)
{
    uint64_t best = ~(uint64_t)0;
    while (reps-- > 0) {
        uint64_t t0 = bw_port_counter64(), t;
        f(s);
        t = bw_port_counter64() - t0;
        if (t < best)
            best = t;
    }
    return best ? best : 1;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static const bw_generator *gen;
static int gen_level;
static void run_gen(uint32_t s)
{
    bw_opts o = { 0, 0, 0, 0 };
    if (gen->generate(&map, s, gen_level, &o) != 0) {
        fprintf(stderr, "peers: %s level %d seed %u: generate failed\n", gen->name, gen_level, (unsigned)s);
        exit(1);
    }
}

static double median_ratio(job mine, job peer, int n, int reps, int cave)
{
    int i;
    for (i = 0; i < n; i++) {
        uint32_t s = (uint32_t)(i + 1);
        uint64_t a, b;
        if (cave)
            make_noise(s);
        a = fastest(mine, s, reps);
        b = fastest(peer, s, reps);
        if (cave && !cave_same()) {
            fprintf(stderr, "peers: seed %u: bw_life_cave and the textbook 4-5 rule give different cells\n", (unsigned)s);
            exit(1);
        }
        ratios[i] = (double)a / (double)b;
    }
    qsort(ratios, (size_t)n, sizeof ratios[0], cmp_d);
    return ratios[n / 2];
}

static void run_tcod(uint32_t s) { tcod_bsp(s); }

static int count(const char *a, int max)
{
    int n = atoi(a);
    return n >= 1 && n <= max ? n : 0;
}

int main(int argc, char **argv)
{
    int n, reps, cap;
    if (argc == 6 && strcmp(argv[1], "level") == 0 && (gen = bw_generator_find(argv[2])) != 0 &&
        (n = count(argv[4], MAX_SEEDS)) && (reps = count(argv[5], 100))) {
        cap = atoi(argv[3]);
        for (gen_level = 1; gen_level <= (cap > 0 && cap < gen->levels ? cap : gen->levels); gen_level++)
            printf("ratio %s %d %.3f\n", gen->name, gen_level, median_ratio(run_gen, run_tcod, n, reps, 0));
        return 0;
    }
    if (argc == 4 && strcmp(argv[1], "cave") == 0 && (n = count(argv[2], MAX_SEEDS)) && (reps = count(argv[3], 100))) {
        printf("peer cave %.3f %d\n", median_ratio(run_cave_burrow, run_cave_book, n, reps, 1), n);
        return 0;
    }
    fprintf(stderr, "usage: peers level NAME LEVELS SEEDS REPS | cave SEEDS REPS\n");
    return 2;
}
