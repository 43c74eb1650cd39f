#include "burrow/life.h"
#include "burrow/geom.h"
#include "burrow/plane.h"

void bw_life_classic(bw_life *l, uint8_t life, uint8_t dead)
{
    l->survive_min = 2;
    l->survive_max = 3;
    l->birth_min = 3;
    l->birth_max = 3;
    l->life = life;
    l->dead = dead;
    l->edge_alive = 0;
    bw_tileset_clear(&l->keep);
}

void bw_life_fecund(bw_life *l, uint8_t life, uint8_t dead)
{
    bw_life_classic(l, life, dead);
    l->survive_min = 1;
    l->survive_max = 5;
    l->birth_min = 2;
    l->birth_max = 4;
}

/* The rule: does a cell that is (alive) or not, with k live neighbours,
 * live next? */
static int lives(const bw_life *l, int alive, int k)
{
    return alive ? (k >= l->survive_min && k <= l->survive_max)
                 : (k >= l->birth_min && k <= l->birth_max);
}

/* Gives (x, y) its next state, unless it is kept or a slope; 1 if the
 * cell changed. */
static int settle(bw_grid *g, const bw_life *l, int x, int y, int live_next)
{
    uint8_t t = BW_AT(g, x, y);
    if ((t == l->life) == live_next || BW_TILESET_HAS(&l->keep, t) ||
        t == BW_T_UP_SLOPE || t == BW_T_DOWN_SLOPE)
        return 0;
    BW_AT(g, x, y) = live_next ? l->life : l->dead;
    return 1;
}

/* v clamped to 0..n - 1: out of line, four calls are less code than four
 * inline clamps (once a call). */
static BW_NOINLINE int clip(int v, int n)
{
    return bw_clamp(v, 0, n - 1);
}

#if BW_FAST
/* ------------------------------------------------ the 4-5 cave rule */

/* bw_life_cave: each row of the region is turned into bit masks once and
 * the 8 neighbour bits are summed by a bit-sliced adder, 32 cells at a
 * time, about 15 times cheaper than step() on a Cortex-M3. Bit b of word i
 * is column 32 i + b; words outside the region stay all wall and only
 * touch bits that `inner` masks off. */
#define ROW_WORDS ((BW_GRID_MAX + 31) / 32)

/* Row y as bits, words xa / 32 .. xb / 32: wall cells set, and every bit
 * outside columns xa..xb (off the map, or too far from the region to be a
 * neighbour of it) set too. */
static void row_bits(const bw_grid *g, int y, uint8_t wall, uint8_t floor, int xa, int xb, uint32_t *w)
{
    const uint8_t *row;
    int i, x;
    for (i = xa / 32; i <= xb / 32; i++)
        w[i] = ~0u;
    if (y < 0 || y >= g->h)
        return;
    row = &BW_AT(g, 0, y);
    for (x = xa; x <= xb; x++) { /* one cell loop for the head and the tail */
        if (!(x & 3)) {
            for (; x + 3 <= xb; x += 4) { /* four cells at a time, inside one word */
                uint32_t v = bw_load4(row + x);
                if (v == wall * 0x01010101u) /* all wall or all floor (most of a cave map): one test */
                    continue;
                if (v == floor * 0x01010101u)
                    w[x / 32] &= ~(0xfu << (x & 31));
                else
                    w[x / 32] &= ~((bw_eq4(row + x, wall) ^ 0xfu) << (x & 31));
            }
            if (x > xb)
                break;
        }
        if (row[x] != wall)
            w[x / 32] &= ~(1u << (x & 31));
    }
}

/* Bit x holds cell x - 1, and x + 1 (east). Always inlined: called, as a
 * build for size leaves them, the words go through memory instead of
 * registers, and the cave step is the costliest loop of some levels. */
static inline BW_ALWAYS_INLINE uint32_t west(const uint32_t *v, int i)
{
    return (v[i] << 1) | (v[i - 1] >> 31); /* v[-1]: the wall word before the row (pass) */
}

static inline BW_ALWAYS_INLINE uint32_t east(const uint32_t *v, int i)
{
    return (v[i] >> 1) | (v[i + 1] << 31); /* v[ROW_WORDS]: the wall word after it */
}

/* One generation of row c (p above it, n below), words i0..i1: out gets
 * the new bits where `inner` is set, c's bits elsewhere. */
static void life_row(const uint32_t *p, const uint32_t *c, const uint32_t *n,
                     const uint32_t *inner, int i0, int i1, uint32_t *out)
{
    int i;
    for (i = i0; i <= i1; i++) {
        uint32_t next;
        if ((p[i] & c[i] & n[i]) == ~0u) {
            out[i] = ~0u; /* solid wall stays wall */
            continue;
        }
        next = bw_cave_rule(west(p, i), p[i], east(p, i), west(c, i), c[i], east(c, i),
                            west(n, i), n[i], east(n, i));
        out[i] = (next & inner[i]) | (c[i] & ~inner[i]);
    }
}

/* Writes the cells of row y, words i0..i1, where `now` differs from `was`. */
static void write_row(bw_grid *g, int y, const uint32_t *was, const uint32_t *now,
                      int i0, int i1, uint8_t wall, uint8_t floor)
{
    int i, b;
    for (i = i0; i <= i1; i++) {
        uint32_t diff = was[i] ^ now[i];
        for (; diff; diff &= diff - 1) { /* straight to each changed cell */
            b = bw_low_bit(diff);
            BW_AT(g, i * 32 + b, y) = (now[i] >> b) & 1u ? wall : floor;
        }
    }
}

/* Up to PIPE generations in one pass down the region: generation k of row
 * t - k is made as soon as generation k - 1 of row t - k + 1 is there, so
 * the grid is read once and only the final change is written. b[k] holds
 * generation k's last rows (row r at r mod 4; generation 0 as read), which
 * is enough while PIPE <= 3; 2 (the mines' caves take 2 generations) keeps
 * the frame at what 3 took before the rows had their wall words. Each row
 * is ROW_WORDS words between two wall words (west, east), so the adder
 * needs no test at the row's ends. The frame rows never change. */
#define PIPE 2
#define ROW(k, r) (&b[k][(r) & 3][1]) /* generation k's row r, its first word */

static void pass(bw_grid *g, int n, int y0, int y1, const uint32_t *inner,
                 int xa, int xb, uint8_t wall, uint8_t floor)
{
    uint32_t b[PIPE][4][ROW_WORDS + 2], out[ROW_WORDS], *w = &b[0][0][0];
    int i, k, t, r0 = xa / 32, r1 = xb / 32;
    for (i = 0; i < PIPE * 4 * (ROW_WORDS + 2); i++) /* words outside r0..r1 read as wall */
        w[i] = ~0u;
    for (t = y0 - 1; t <= y1 + n; t++) {
        if (t <= y1 + 1)
            row_bits(g, t, wall, floor, xa, xb, ROW(0, t));
        for (k = 1; k <= n; k++) {
            int r = t - k;
            uint32_t *dst = k < n ? ROW(k, r) : out;
            const uint32_t *c = ROW(k - 1, r);
            if (r < y0 - 1 || r > y1 + 1)
                continue;
            if (r < y0 || r > y1) {
                for (i = 0; i < ROW_WORDS; i++)
                    dst[i] = c[i];
                continue;
            }
            /* the frame's columns too (inner keeps them), for the next generation */
            life_row(ROW(k - 1, r - 1), c, ROW(k - 1, r + 1), inner, r0, r1, dst);
            if (k == n)
                write_row(g, r, ROW(0, r), out, r0, r1, wall, floor);
        }
    }
}

void bw_life_cave(bw_grid *g, int generations, int x0, int y0, int x1, int y1,
                  uint8_t wall, uint8_t floor)
{
    uint32_t inner[ROW_WORDS]; /* the region's columns */
    int i;
    x0 = clip(x0, g->w);
    x1 = clip(x1, g->w);
    y0 = clip(y0, g->h);
    y1 = clip(y1, g->h);
    if (x0 > x1 || y0 > y1)
        return;
    for (i = 0; i < ROW_WORDS; i++)
        inner[i] = 0;
    for (i = x0; i <= x1; i++) /* once a call: a bit at a time */
        inner[i >> 5] |= 1u << (i & 31);
    for (; generations > 0; generations -= PIPE)
        pass(g, bw_min(generations, PIPE), y0, y1, inner,
             bw_max(x0 - 1, 0), bw_min(x1 + 1, g->w - 1), wall, floor); /* the frame's columns */
}
#endif

/* bw_life_run in both builds, and bw_life_cave in the small one (config.h,
 * BW_FAST 0): a generation at a time and a cell at a time, from three rows
 * of live flags (column x at x + 1; off the map, or outside xa..xb,
 * `edge`). Each row is written as soon as the row below it is read, so
 * only a cell that changes is written. bw_life_cave in the small build
 * writes every generation where the fast build writes the last of up to
 * two: the same grid while its region holds only `wall` and `floor`, as
 * life.h asks. */
typedef uint8_t life_rows[3][BW_GRID_MAX + 2];

static void live_row(const bw_grid *g, int y, uint8_t life, int edge, int xa, int xb, uint8_t *w)
{
    int x, off = y < 0 || y >= g->h;
    const uint8_t *row = &BW_AT(g, 0, off ? 0 : y);
    w[xa] = w[xb + 2] = (uint8_t)edge;
    for (x = xa; x <= xb; x++)
        w[x + 1] = (uint8_t)(off ? edge : row[x] == life);
}

static int run(bw_grid *g, const bw_life *l, int generations, int x0, int y0, int x1, int y1,
               life_rows r)
{
    int x, y, changed = 0, edge = l->edge_alive ? 1 : 0;
    int xa, xb;
    x0 = clip(x0, g->w);
    x1 = clip(x1, g->w);
    y0 = clip(y0, g->h);
    y1 = clip(y1, g->h);
    xa = bw_max(x0 - 1, 0);
    xb = bw_min(x1 + 1, g->w - 1);
    for (; generations > 0; generations--) {
        uint8_t *p = r[0], *c = r[1], *n = r[2], *t3;
        changed = 0;
        /* from y0 - 2: the rows y0 - 1 and y0 are read by the one call */
        for (y = y0 - 2; y <= y1; y++, t3 = p, p = c, c = n, n = t3) {
            int sa, sb, sc; /* live cells in columns x - 1, x, x + 1, rows y - 1..y + 1 */
            live_row(g, y + 1, l->life, edge, xa, xb, n); /* row y + 1 is not written yet */
            if (y < y0)
                continue;
            sb = p[x0] + c[x0] + n[x0];
            sc = p[x0 + 1] + c[x0 + 1] + n[x0 + 1];
            for (x = x0; x <= x1; x++) {
                int alive = c[x + 1];
                sa = sb;
                sb = sc;
                sc = p[x + 2] + c[x + 2] + n[x + 2];
                if (lives(l, alive, sa + sb + sc - alive) != alive) /* else no change */
                    changed += settle(g, l, x, y, !alive);
            }
        }
    }
    return changed;
}

/* The three rows live in `next` (366 B of its 1,800 at 120 x 120): off the
 * stack. A build for a map whose plane is smaller than three rows (80 x 21:
 * 210 B against 246 B) keeps them on the stack instead; the test is a
 * constant, so each build compiles one of the two calls. */
#define ROWS_FIT_A_PLANE (sizeof(life_rows) <= sizeof(((bw_plane *)0)->w))

int bw_life_run(bw_grid *g, const bw_life *l, int generations,
                int x0, int y0, int x1, int y1, bw_plane *next)
{
    if (ROWS_FIT_A_PLANE)
        return run(g, l, generations, x0, y0, x1, y1, (uint8_t(*)[BW_GRID_MAX + 2])(void *)next->w);
    else {
        life_rows r;
        return run(g, l, generations, x0, y0, x1, y1, r);
    }
}

#if !BW_FAST

void bw_life_cave(bw_grid *g, int generations, int x0, int y0, int x1, int y1,
                  uint8_t wall, uint8_t floor)
{
    bw_life l; /* the 4-5 rule, the map's edge wall */
    life_rows r;
    bw_life_classic(&l, wall, floor);
    l.survive_min = 4;
    l.survive_max = 8;
    l.birth_min = 5;
    l.birth_max = 8;
    l.edge_alive = 1;
    run(g, &l, generations, x0, y0, x1, y1, r);
}
#endif
