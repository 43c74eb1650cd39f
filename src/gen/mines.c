/* The Orc Mines (rules 1.1.1 - 1.5.4, docs/mines.md); see include/burrow/mines.h.
 *
 * Every level starts from its pit plans (bw_mines_pits): the pits arriving
 * from above and the pits leading down are fixed before any terrain, and
 * the terrain is then carved round them, so "pits in reachable areas"
 * holds by construction. Caves are unions of discs (blobs with lumpy rims,
 * tunnels painted along drunken walks) rounded off by a 4-5 Game of Life;
 * the ground a pit will need is painted open again after the smoothing,
 * then its box is marked with a tile the feature blocks do not touch, and
 * only at the end do the pits go in. */
#include <stddef.h>

#include "burrow/mines.h"
#include "burrow/building.h"
#include "burrow/fill.h"
#include "burrow/geom.h"
#include "burrow/life.h"
#include "burrow/mineshaft.h"
#include "burrow/rubble.h"
#include "burrow/streamer.h"
#include "burrow/walk.h"
#include "burrow/watchtower.h"

/* The mines need a 120 x 120 grid: their planes are scanned as rows of
 * exactly 120 bits, so the stride must be 120 too. */
BW_STATIC_ASSERT(BW_MAP_W == BW_MINES_W && BW_MAP_H >= BW_MINES_H,
                 mines_need_BW_MAP_W_120_and_BW_MAP_H_120);

/* Every level is BW_MINES_W x BW_MINES_H (begin() makes the map so): the
 * code below uses the constants, not the grid's w and h. */

/* Purposes for bw_rng_stream(seed, BW_GEN_MINES, level, purpose). */
enum { P_PITS = 1, P_CAVES = 2, P_FEATURES = 3, P_BUILDINGS = 4, P_WATER = 5, P_STEAM = 6, P_TOWERS = 7 };

/* r on the mines' stream of `purpose` for the level. */
BW_NOINLINE static void stream(bw_rng *r, uint32_t seed, int level, uint32_t purpose)
{
    bw_rng_stream(r, seed, BW_GEN_MINES, (uint32_t)level, purpose);
}

/* Marks ground reserved for a pit: open, avoided by the feature blocks
 * (whose sets do not include it; the caves are painted before it is put
 * down); becomes stone
 * floor (or dirt on DLVL 1) before the pits are put. Never in a finished
 * level. */
#define MARK BW_T_FLOOR
/* Reserved disc round each pit seed: radius 16 covers the pit's whole box
 * (Chebyshev BW_PIT_REACH = 11, corner distance 15.6), so everything a pit
 * writes lies in open ground and stays 4-connected to it. */
#define PROTECT_R 16
/* DLVL 4's caves are small (rule 1.4.1), so its pit caves reserve radius 13
 * only: that holds the half moon and nearly every pit, and a pit cell
 * that falls outside it in the rock is still joined by the final
 * connectivity fix (ensure_connected). */
#define PIT_CAVE_R4 13
/* DLVL 5's islands under the fiery pits are small too (rule 1.5.1: no
 * island much bigger than the rest, those the player lands on 40% of the
 * island area at most): a disc of radius 3 round the pit seed. The half
 * moon (up slopes, radius 5 at most) and the stone under the pit, on the
 * moon's open side and joined to it, are put over it by the pits above;
 * ensure_connected joins any cell of them left apart. */
#define PIT_ISLAND_R5 3
/* Rule 1.2.1 "rounded, natural looking": the caves keep this many squares of
 * rock along the map's edge (rows and columns 0..EDGE-1 stay rock), and
 * every disc shrinks to fit inside that margin, so no cave is cut flat by
 * the edge: where a cave nears it, its outline is the round end of a disc.
 * The pit seeds keep PROTECT_R + EDGE from the edge (bw_mines_pits), so
 * the ground a pit needs is a whole disc. */
#define EDGE 3
/* DLVL 4 adds 8-12 small caves (rule 1.4.1), DLVL 5 up to SMALL_MAX small
 * islands (rule 1.5.1: many, so the ones the player lands on hold little). */
#define SMALL_MAX 16
/* Most cave nodes (pit seeds and small caves) on one level: both pit
 * plans and the small caves, 3 + 3 + 12, so add_node needs no test. */
#define MAX_NODES (2 * BW_PIT_MAX + SMALL_MAX)
/* Passes of the door fix on a level with buildings; each pass scans the
 * map once and opens every door it can. Fallback past it:
 * ensure_connected's corridors. */
#define DOOR_PASSES 12

typedef struct node_list {
    uint8_t n;
    uint8_t x[MAX_NODES], y[MAX_NODES];
} node_list;

/* Boxes of the map where open ground changed since the last exact flood
 * (fill_gaps, ensure_connected): at most BUILDINGS4_MAX buildings and 3 +
 * 3 pit boxes (DLVL 4), or the whole map: AREAS_MAX holds them all. */
#define BUILDINGS4_MAX 4
#define AREAS_MAX 10
BW_STATIC_ASSERT(BUILDINGS4_MAX + 2 * BW_PIT_MAX <= AREAS_MAX, mines_areas_hold_every_box);

typedef struct area_list {
    uint8_t n;
    uint8_t x0[AREAS_MAX], y0[AREAS_MAX], x1[AREAS_MAX], y1[AREAS_MAX];
} area_list;

/* What water_cross's steps share (DLVL 3's crossings, rule 1.3.2). */
typedef struct water_ctx {
    uint32_t ford_rows[4]; /* bit b: cells 128 b .. 128 b + 127 hold a ford */
    uint16_t si;           /* where scan_crossings goes on: a cell index */
} water_ctx;

/* What a level keeps from its start to its end. It lives in the map's
 * entity list, not on the stack: the mines put no entities (the list is
 * emptied by bw_map_init and stays empty), so that storage is unused
 * while they run, and the level's deepest calls (the pits' walks, the
 * flood fill, the cave rule, the mineshafts) run under small frames. The
 * start is rounded up to the state's alignment (the list is bytes; a
 * pointer's on a 64-bit host). A build with too small a list
 * (BW_MAX_ENTITIES, map.h: 72 entries on a 32-bit target, 74 where
 * pointers are 8 bytes) fails here. */
typedef struct mines_state {
    bw_pit_plan pl[2]; /* the pits from above, the pits leading down */
    node_list nl;      /* the level's cave nodes (pit seeds first) */
    area_list al;      /* where open ground changed (fill_gaps) */
    union {
        water_ctx wc;     /* DLVL 3's crossings */
    } u;
} mines_state;

typedef struct state_align { char c; mines_state s; } state_align;
#define STATE_ALIGN offsetof(state_align, s)
BW_STATIC_ASSERT(STATE_ALIGN - 1 + sizeof(mines_state) <= sizeof(((bw_map *)0)->ent),
                 mines_need_a_larger_BW_MAX_ENTITIES);

static mines_state *state(bw_map *m)
{
    uintptr_t p = (uintptr_t)(void *)m->ent;
    return (mines_state *)(void *)((p + STATE_ALIGN - 1) & ~(uintptr_t)(STATE_ALIGN - 1));
}

/* The same out of line: a call is shorter than the rounding made again
 * in each caller (none asks in a hot loop). links (the walks and the
 * mineshafts run under its frame) and the code of DLVL 3-5 keep the
 * inline one: their frames do not grow. */
BW_NOINLINE static mines_state *state_at(bw_map *m)
{
    return state(m);
}

/* Bit i of plane p. */
#define PLANE_AT(p, i) ((p)->w[(i) >> 5] >> ((i) & 31u) & 1u)

/* The cell one step along way k (bw_dx8) from a cell: its index less the
 * cell's (the plane bit too). */
static const int8_t off8[8] = { -BW_GRID_MAX, 1 - BW_GRID_MAX, 1, 1 + BW_GRID_MAX,
                                BW_GRID_MAX, BW_GRID_MAX - 1, -1, -1 - BW_GRID_MAX };
#define OFF8(k) off8[(k) & 7]

/* Bit i of plane p, and the bit cleared: called where no loop is hot (a
 * plane lies far into the map, and each inline access loads its address). */
BW_NOINLINE static unsigned bit_get(const uint32_t *w, unsigned i)
{
    return w[i >> 5] >> (i & 31u) & 1u;
}
#define plane_bit(p, i) bit_get((p)->w, i)

BW_NOINLINE static void plane_clr(bw_plane *p, unsigned i)
{
    p->w[i >> 5] &= ~(1u << (i & 31u));
}

/* Clears the n words w. */
static void zero(uint32_t *w, int n)
{
    while (n-- > 0)
        w[n] = 0;
}

/* Sets bit i of the words w (a plane's, or a set of rows or columns). */
BW_NOINLINE static void bit_set(uint32_t *w, unsigned i)
{
    w[i >> 5] |= 1u << (i & 31u);
}

/* ------------------------------------------------------------ the plans */

/* bw_pit_place keeps seeds BW_PIT_REACH + 2 from the edge of the map it is
 * given; the mines give it the map less this on each side. */
#define SEED_SHIFT (PROTECT_R + EDGE - BW_PIT_REACH - 2)

/* Pits per level leading down: 2-3, 2-3, exactly one (rule 1.3.4), 2-3,
 * none; the least in the low nibble, the most in the high one (one
 * table). */
static const uint8_t pits_n[BW_MINES_LEVELS + 1] = { 0, 0x32, 0x32, 0x11, 0x32, 0 };

/* Moves every pit seed of p by d squares down and right. */
static void shift(bw_pit_plan *p, int d)
{
    int k;
    for (k = 0; k < p->n; k++) {
        p->x[k] = (uint8_t)(p->x[k] + d);
        p->y[k] = (uint8_t)(p->y[k] + d);
    }
}

void bw_mines_pits(uint32_t seed, int level, bw_pit_plan *above, bw_pit_plan *own)
{
    bw_pit_plan p[2], *cur = &p[0], *prev = &p[1]; /* level n's plan, the one above it */
    bw_rng r;
    int n;
    /* no pits from above DLVL 1 (a level out of 1..5 gets none) */
    p[0].n = p[1].n = 0;
    p[0].tile = p[1].tile = BW_T_PIT;
    /* the plans are placed on the map less SEED_SHIFT on each side and
     * kept so (each level's avoids the one above in that frame), then
     * shifted once: seeds keep BW_PIT_REACH + 2 + SEED_SHIFT = PROTECT_R +
     * EDGE from the edge, so the disc round each fits inside the margin */
    for (n = 1; n <= level && n <= BW_MINES_LEVELS; n++) {
        bw_pit_plan *const t = prev;
        const int least = pits_n[n] & 15;
        int k;
        prev = cur;
        cur = t;
        /* the smaller square may not hold the wanted pits that far from
         * the pits above: then they may come as near as 24 (3/4 of it),
         * where the boxes (reach 11, plus a ring) still do not overlap */
        for (k = 0; k < 2; k++) {
            stream(&r, seed, n, P_PITS);
            bw_pit_place(cur, &r, bw_rng_range(&r, least, pits_n[n] >> 4), prev,
                         k ? BW_MINES_PIT_AVOID * 3 / 4 : BW_MINES_PIT_AVOID, BW_MINES_W - 2 * SEED_SHIFT,
                         BW_MINES_H - 2 * SEED_SHIFT);
            if (cur->n >= least)
                break;
        }
        cur->tile = n == 4 ? BW_T_FIERY_PIT : BW_T_PIT; /* rule 1.4.8 */
    }
    shift(&p[0], SEED_SHIFT);
    shift(&p[1], SEED_SHIFT);
    if (above) *above = *prev;
    if (own) *own = *cur;
}

/* ----------------------------------------------------- painting caves */

/* Disc of radius r: dist^2 <= r^2 + r, which rounds nicer than r^2;
 * painted a row span at a time. The radius shrinks so that the disc stays
 * inside the EDGE margin (rule 1.2.1: no outline cut flat by the edge); a
 * centre inside the margin paints nothing. The caves are painted before
 * any pit box is marked, so there is no marker to spare. */
#define ALL4(t) ((uint32_t)(t) * 0x01010101u) /* four cells of tile t */

static inline BW_ALWAYS_INLINE void fill_span(uint8_t *p, int n, uint32_t t4) /* n cells of the tile t4 holds 4 of */
{
    int k = 0;
#if BW_FAST
    if (n >= 4) { /* words, the last flush with the span's end (it may
                     overlap the one before it: the same bytes) */
        for (; k < n - 4; k += 4)
            bw_store4(p + k, t4);
        bw_store4(p + n - 4, t4);
        return;
    }
#endif
    for (; k < n; k++)
        p[k] = (uint8_t)t4;
}

/* Squared distance of two cells of the map (no overflow there: the
 * hot loops' bw_dist2, which guards any int, inline). */
static inline BW_ALWAYS_INLINE int32_t dist2(int x0, int y0, int x1, int y1)
{
    return (int32_t)((x0 - x1) * (x0 - x1) + (y0 - y1) * (y0 - y1));
}

/* The radius a disc round (cx, cy) keeps (see disc); < 0: none. */
BW_NOINLINE static int disc_room(int cx, int cy, int r, int soft)
{
    int room = bw_min(bw_min(cx, cy), bw_min(BW_MINES_W - 1 - cx, BW_MINES_H - 1 - cy)) - EDGE;
    return bw_min(r, soft ? room / 2 : room);
}

/* Paints a disc whose radius r already fits (disc_room). */
static void disc_paint(bw_grid *g, int cx, int cy, int r, uint8_t t)
{
    int dy, lim, hw;
    const uint32_t t4 = t * 0x01010101u;
    uint8_t *c;
    if (r < 0)
        return;
    /* r <= room: every row and span lies inside the margin, no clipping */
    lim = r * r + r;
    hw = r;
    c = &BW_AT(g, cx, cy);
    for (dy = 0; dy <= r; dy++) {
        /* rows cy - dy and cy + dy together: the widest hw <= r with
         * hw^2 + dy^2 <= lim (hw = 0 always fits: dy^2 <= r^2) */
        int k;
        while (hw > 0 && hw * hw + dy * dy > lim)
            hw--;
        for (k = -dy;; k = dy) { /* row cy - dy, then cy + dy (one copy of the span) */
            fill_span(c + k * BW_GRID_MAX - hw, 2 * hw + 1, t4);
            if (k == dy)
                break;
        }
    }
}

/* The discs a cave is made of are soft: within 2r + EDGE of the edge the
 * radius shrinks to half the room left, so the discs near the edge reach
 * different depths and no straight wall forms along the margin. The
 * reserved discs round the pit seeds (which keep PROTECT_R + EDGE from the
 * edge) are hard: whole, just touching the margin at most. */
static void disc(bw_grid *g, int cx, int cy, int r, uint8_t t)
{
    disc_paint(g, cx, cy, disc_room(cx, cy, r, 1), t);
}

static void disc_hard(bw_grid *g, int cx, int cy, int r, uint8_t t)
{
    disc_paint(g, cx, cy, disc_room(cx, cy, r, 0), t);
}

/* A disc with lumps on its rim: a few smaller discs centred near the rim,
 * so the outline is irregular before the smoothing rounds it. */
static void blob(bw_grid *g, bw_rng *r, int cx, int cy, int rad, uint8_t t)
{
    int i, lumps = 4 + rad;
    for (i = -1; i < lumps; i++) { /* the disc (-1), then its lumps */
        int ox = 0, oy = 0, lr = rad;
        if (i >= 0) {
            int d2;
            ox = bw_rng_range(r, -rad - 2, rad + 2);
            oy = bw_rng_range(r, -rad - 2, rad + 2);
            d2 = ox * ox + oy * oy;
            lr = bw_rng_range(r, 2, bw_max(2, (rad >> 1) + 2));
            if (d2 < (rad - 3) * (rad - 3) || d2 > (rad + 2) * (rad + 2))
                continue; /* only lumps near the rim count; no retry needed */
        }
        disc(g, cx + ox, cy + oy, lr, t);
    }
}

typedef struct brush {
    bw_grid *g;
    bw_rng *r;
    uint8_t rmin, rmax;
    uint16_t step;
    int16_t px, py;  /* previous cell, for 4-connected thin paths */
    int16_t lx, ly, lr; /* the last wide disc painted (lr < 0: none yet) */
} brush;

/* The painters get the walk's cells, which are the map's shifted by one
 * (see tunnel). A wide tunnel: a disc on every other step of the walk. */
static int paint_wide(int x, int y, void *vb)
{
    brush *b = (brush *)vb;
    x++;
    y++;
    if ((b->step++ & 1) == 0) {
        int r = disc_room(x, y, bw_rng_range(b->r, b->rmin, b->rmax), 1), d = b->lr - r;
        /* a disc inside the last one (its centre no farther from that
         * disc's than the radii differ: every cell within sqrt(r^2 + r) <
         * r + 1/2 of it lies within lr + 1/2 of the other) is painted
         * already: nothing else is painted between them */
        if (r < 0 || (d >= 0 && dist2(x, y, b->lx, b->ly) <= d * d))
            return 0;
        disc_paint(b->g, x, y, r, BW_T_STONE);
        b->lx = (int16_t)x;
        b->ly = (int16_t)y;
        b->lr = (int16_t)r;
    }
    return 0;
}

/* DLVL 5's thin path, 1 wide (rule 1.5.2): each cell, and on a diagonal
 * step the corner cell too, so the path is 4-connected. */
static int paint_thin(int x, int y, void *vb)
{
    brush *b = (brush *)vb;
    bw_grid *g = b->g;
    x++;
    y++;
    if (b->step++ && b->px != x && b->py != y)
        BW_AT(g, b->px, y) = BW_T_STONE;
    BW_AT(g, x, y) = BW_T_STONE;
    b->px = (int16_t)x;
    b->py = (int16_t)y;
    return 0;
}

/* The tunnel from node i to node j of the level (DLVL 2-5): DLVL 2 and
 * 3's wide ones, discs of radius 3-5 and 4-7 along a walk with the usual
 * goal bias; DLVL 5's thin paths (rule 1.5.2), a walk with a weak goal
 * bias. */
static void tunnel(bw_map *m, bw_rng *r, int i, int j, int level)
{
    const node_list *const nl = &state(m)->nl;
    const int wide = level < 4, x0 = nl->x[i], y0 = nl->y[i];
    bw_walk k;
    brush b;
    b.g = &m->grid;
    b.r = r;
    b.rmin = (uint8_t)(wide ? level + 1 : 0);
    b.rmax = (uint8_t)(level == 2 ? 5 : wide ? 7 : 0);
    b.step = 0; /* px and py: read by paint_thin after its first step only */
    b.lr = -1;
    /* the walk runs on the map without its border ring, shifted by one,
     * so the edge stays wall; bw_walk ends by itself (its budget), and the
     * painters never stop it */
    bw_walk_start(&k, x0 - 1, y0 - 1, nl->x[j] - 1, nl->y[j] - 1, BW_MINES_W - 2, BW_MINES_H - 2);
    k.bias = (uint8_t)(wide ? BW_WALK_BIAS : 1);
    bw_walk_run(&k, r, wide ? paint_wide : paint_thin, &b);
}

/* Rounds the caves with the usual 4-5 cave rule, two generations: a wall
 * cell with 4 or more wall neighbours (of 8) stays wall, an open cell with
 * 5 or more becomes wall; off the map counts as wall. (The ground the pits
 * need is painted again afterwards.) The map holds only `wall` and `floor`
 * here, and its outer ring is wall (the caves keep EDGE from it), so the
 * ring stays wall: each ring cell has 5 wall neighbours on the ring or off
 * the map.
 *
 * The rule runs on a plane of the wall cells, a word (32 cells) at a time,
 * with bw_cave_rule: the planes' rows are 120 bits, back to back, so the
 * cell above bit b of word i is bit b + 8 of the two words from i - 4, the
 * one below bit b + 24 of those from i + 3, and the cell beside one on the
 * ring is a ring cell of the next or last row: wall, as off the map. The
 * words 0-3 and 446-449 hold only cells of rows 0-1 and 118-119, in the
 * rock margin, whose neighbours are all wall: they stay, as the rule
 * would leave them, and every word read lies in the plane. Each changed
 * cell is written at once (the generation reads only its plane), into
 * m->a then m->b: flipped, wall to floor or floor to wall (the map holds
 * only the two). */
#define UP_WORDS 4 /* bit p - 120 is bit b + UP_SHIFT of word i - UP_WORDS on */
#define UP_SHIFT 8
#define DOWN_WORDS 3 /* bit p + 120 is bit b + DOWN_SHIFT of word i + DOWN_WORDS on */
#define DOWN_SHIFT 24
BW_STATIC_ASSERT(32 * UP_WORDS - UP_SHIFT == BW_GRID_MAX && 32 * DOWN_WORDS + DOWN_SHIFT == BW_GRID_MAX,
                 mines_smooth_rows_120);
BW_STATIC_ASSERT(32 * (UP_WORDS + 1) <= 2 * BW_MINES_W && EDGE >= 3, mines_words_0_3_in_the_margin);

static void cave_step(bw_map *m, const uint32_t *s, uint32_t *d, uint8_t flip)
{
    int i;
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        uint32_t u0, u1, l0, l1, c = s[i], diff;
        d[i] = c;
        if (i < UP_WORDS || i + DOWN_WORDS + 1 >= BW_PLANE_WORDS)
            continue;
        u0 = s[i - UP_WORDS];
        u1 = s[i - UP_WORDS + 1];
        l0 = s[i + DOWN_WORDS];
        l1 = s[i + DOWN_WORDS + 1];
        if ((u0 & u1 & l0 & l1 & c & s[i - 1] & s[i + 1]) == ~0u)
            continue; /* solid wall stays wall (most of a cave map) */
        d[i] = bw_cave_rule(u0 >> (UP_SHIFT - 1) | u1 << (33 - UP_SHIFT), u0 >> UP_SHIFT | u1 << (32 - UP_SHIFT),
                            u0 >> (UP_SHIFT + 1) | u1 << (31 - UP_SHIFT),
                            c << 1 | s[i - 1] >> 31, c, c >> 1 | s[i + 1] << 31,
                            l0 >> (DOWN_SHIFT - 1) | l1 << (33 - DOWN_SHIFT), l0 >> DOWN_SHIFT | l1 << (32 - DOWN_SHIFT),
                            l0 >> (DOWN_SHIFT + 1) | l1 << (31 - DOWN_SHIFT));
        for (diff = c ^ d[i]; diff; diff &= diff - 1) /* straight to each changed cell: */
            m->grid.cell[i * 32 + bw_low_bit(diff)] ^= flip; /* wall <-> floor */
    }
}

static void smooth(bw_map *m, uint8_t wall, uint8_t floor)
{
    bw_plane_of_tiles(&m->a, &m->grid, wall, wall);
    cave_step(m, m->a.w, m->b.w, (uint8_t)(wall ^ floor));
    cave_step(m, m->b.w, m->a.w, (uint8_t)(wall ^ floor));
}

/* Adds the box x0..x1, y0..y1, which lies on the map (the pit boxes, the
 * buildings, the whole map). */
BW_NOINLINE static void area_add(area_list *al, int x0, int y0, int x1, int y1)
{
    int k = al->n++;
    BW_ASSERT(x0 >= 0 && y0 >= 0 && x0 <= x1 && y0 <= y1 && x1 < BW_MINES_W && y1 < BW_MINES_H && k < AREAS_MAX);
    al->x0[k] = (uint8_t)x0;
    al->y0[k] = (uint8_t)y0;
    al->x1[k] = (uint8_t)x1;
    al->y1[k] = (uint8_t)y1;
}

/* The pit boxes (plus one ring) of both plans of the level, pl[0] the
 * pits arriving from above and pl[1] the pits leading down: `from`
 * becomes `to` in them, wall stays wall. With (floor, MARK) it reserves
 * the open ground the pits need, so the features keep off it; with
 * (MARK, floor) it gives it back. Returns the cells changed. With `add`,
 * adds each box to the level's list of changed boxes. */
static int boxes(bw_map *m, uint8_t from, uint8_t to, int add)
{
    bw_grid *const g = &m->grid;
    const bw_pit_plan *const pl = state_at(m)->pl;
    const uint32_t f4 = ALL4(from), t4 = ALL4(to);
    int j, k, x, y, n = 0;
    for (j = 0; j < 2; j++)
        for (k = 0; k < pl[j].n; k++) {
            /* the box lies on the map (pit seeds keep PROTECT_R + EDGE
             * from its edge), 2 BW_PIT_REACH + 3 wide */
            const int x0 = pl[j].x[k] - BW_PIT_REACH - 1, w = 2 * BW_PIT_REACH + 3;
            BW_ASSERT(x0 >= 0 && x0 + w <= BW_MINES_W && pl[j].y[k] - BW_PIT_REACH - 1 >= 0 &&
                      pl[j].y[k] + BW_PIT_REACH + 1 < BW_MINES_H);
            if (add)
                area_add(&state_at(m)->al, x0, pl[j].y[k] - BW_PIT_REACH - 1, x0 + w - 1, pl[j].y[k] + BW_PIT_REACH + 1);
            for (y = pl[j].y[k] - BW_PIT_REACH - 1; y <= pl[j].y[k] + BW_PIT_REACH + 1; y++)
                for (x = 0;; x += 4) {
                    /* four cells a word, the last word flush with the box's
                     * side (a cell it reads again is `to` by then, from !=
                     * to): the bytes equal to `from` found without carries
                     * between bytes (their top bits in z), then masked in */
                    uint8_t *q = &BW_AT(g, x0 + bw_min(x, w - 4), y);
                    uint32_t v = bw_load4(q), e = v ^ f4, z;
                    z = ~(((e & 0x7f7f7f7fu) + 0x7f7f7f7fu) | e) & 0x80808080u;
                    if (z) {
                        uint32_t mk = (z >> 7) * 0xffu;
                        bw_store4(q, (v & ~mk) | (t4 & mk));
                        n += (int)(((z >> 7) * 0x01010101u) >> 24);
                    }
                    if (x >= w - 4)
                        break;
                }
        }
    return n;
}

static void add_node(node_list *nl, int x, int y)
{
    nl->x[nl->n] = (uint8_t)x;
    nl->y[nl->n] = (uint8_t)y;
    nl->n++;
}

/* The start of a level: the map all `fill`, the state's node list (the
 * pit seeds of its pl[0], the pits from above, then of pl[1]) and the
 * stream for `purpose`. */
static void begin(bw_map *m, bw_rng *r, uint32_t seed, int level, uint8_t fill, uint32_t purpose)
{
    node_list *const nl = &state_at(m)->nl;
    const bw_pit_plan *const pl = state_at(m)->pl;
    const bw_pit_plan *p;
    int k;
    nl->n = 0;
    for (p = pl; p < pl + 2; p++)
        for (k = 0; k < p->n; k++)
            add_node(nl, p->x[k], p->y[k]);
    bw_map_init(m, BW_MINES_W, BW_MINES_H, fill);
    stream(r, seed, level, purpose);
}

/* The end of a level: the marked boxes back to `floor` (added to the
 * changed boxes with `add`: open ground changes there), then the pits:
 * the bases of those from above, and those leading down. */
static void put_pits(bw_map *m, uint8_t floor, int add)
{
    const bw_pit_plan *const pl = state_at(m)->pl;
    boxes(m, MARK, floor, add);
    bw_pit_put_below(&m->grid, &pl[0], floor, &m->b);
    bw_pit_put(&m->grid, &pl[1], &m->b);
}

/* The node of the first n nearest to (x, y), the first of those as near;
 * with `reached`, only node 0 and the nodes whose cell it holds. */
static int nearest(const node_list *nl, const uint32_t *reached, int x, int y, int n)
{
    int j, best = 0;
    int32_t bd = 0x7fffffff;
    for (j = 0; j < n; j++) {
        int32_t d = dist2(x, y, nl->x[j], nl->y[j]);
        if (d < bd && (!reached || !j || bit_get(reached, BW_BIT(nl->x[j], nl->y[j])))) {
            bd = d;
            best = j;
        }
    }
    return best;
}

/* The earlier node nearest to node i. */
#define nearest_before(nl, i) nearest(nl, 0, (nl)->x[i], (nl)->y[i], i)

/* -------------------------------------------------- connectivity fixes */

/* The tiles that connect (BW_CONNECTS), a constant set made from the
 * tile table: no copy on the stack of each function that floods. */
#define CONN_IN(id, k, f) ((((f) & BW_CONNECTS) && (BW_T_##id >> 5) == (k)) ? 1u << (BW_T_##id & 31) : 0u)
#define CONN0(id, name, glyph, colour, f, cost) | CONN_IN(id, 0, f)
#define CONN1(id, name, glyph, colour, f, cost) | CONN_IN(id, 1, f)
#define CONN2(id, name, glyph, colour, f, cost) | CONN_IN(id, 2, f)
#define CONN3(id, name, glyph, colour, f, cost) | CONN_IN(id, 3, f)
static const bw_tileset open_tiles = { { 0u BW_TILE_LIST(CONN0), 0u BW_TILE_LIST(CONN1),
                                         0u BW_TILE_LIST(CONN2), 0u BW_TILE_LIST(CONN3) } };

/* 1 if tile t is one of open_tiles (the flags' byte: a shorter test than
 * the set's bit). */
#define CONNECTS(t) (BW_TILE_FLAGS(t) & BW_CONNECTS)

/* Floods m->a from (x, y) through open_tiles; returns the cells it adds
 * (the fill's arguments set up in one place). */
BW_NOINLINE static int flood(bw_map *m, int x, int y)
{
    return bw_fill_flood(&m->fill, &m->grid, &open_tiles, &m->a, x, y);
}

/* Floods m->a from the level's first `count` nodes (through open_tiles);
 * returns the cells reached. */
static int flood_nodes(bw_map *m, int count)
{
    const node_list *const nl = &state_at(m)->nl;
    int i, n = 0;
    bw_plane_clear(&m->a);
    for (i = 0; i < count; i++)
        n += flood(m, nl->x[i], nl->y[i]);
    return n;
}

/* A straight corridor 3 wide of `floor` from (x0, y0) to node k of the
 * level, through what does not connect (the fallbacks of keep_reached and
 * ensure_connected): the 3 x 3 round each cell of bw_line's line
 * (Bresenham; its steps written out here, on cells of the map: no
 * callback), inside the EDGE margin. */
BW_NOINLINE static void corridor(bw_map *m, int x0, int y0, int k, uint8_t floor)
{
    const node_list *const nl = &state_at(m)->nl;
    const int x1 = nl->x[k], y1 = nl->y[k];
    const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    const int dx = (x1 - x0) * sx, dy = (y0 - y1) * sy; /* |x1 - x0|, -|y1 - y0| */
    int err = dx + dy, e2, ox, oy;
    for (;;) {
        for (oy = -1; oy <= 1; oy++)
            for (ox = -1; ox <= 1; ox++) {
                int xx = x0 + ox, yy = y0 + oy;
                if (xx >= EDGE && yy >= EDGE && xx < BW_MINES_W - EDGE && yy < BW_MINES_H - EDGE &&
                    !CONNECTS(BW_AT(&m->grid, xx, yy)))
                    BW_AT(&m->grid, xx, yy) = floor;
            }
        if (x0 == x1 && y0 == y1)
            return;
        e2 = 2 * err; /* both tests read the error before either step */
        if (e2 >= dy) {
            err += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            err += dx;
            y0 += sy;
        }
    }
}

/* keep_reached (keep_caves): every node from `first` on must be reached
 * from the nodes before it (flooded in m->a); a node that is not gets a
 * straight 3-wide corridor to its nearest earlier node (the fallback; the
 * walks and smoothing make it rare), and the nodes are flooded again. Then
 * every open cell still unreached becomes `wall`: it was a pocket the
 * smoothing cut off. The open cells kept are the last flood's count, which
 * is the `floor` count when the map holds only `wall` and `floor` (DLVL 2,
 * 3, 5). Its steps are inline in it, the floods under its frame.
 *
 * The first node from i on that the flood missed, its corridor dug; nl->n
 * if none. */
static int dig_unreached(bw_map *m, const node_list *nl, int i, uint8_t floor)
{
    for (; i < nl->n; i++)
        if (!plane_bit(&m->a, BW_BIT(nl->x[i], nl->y[i]))) {
            int j = nearest_before(nl, i);
            corridor(m, nl->x[i], nl->y[i], j, floor);
            break;
        }
    return i;
}

/* Every cell m->a does not hold becomes `wall`. */
static void wall_unreached(bw_map *m, uint8_t wall)
{
    bw_grid *g = &m->grid;
#if BW_FAST
    const uint32_t wall4 = wall * 0x01010101u;
#endif
    int i;
    /* While the caves are cut, the map holds only `wall` and `floor`
     * (open), so "open and unreached becomes wall" is "unreached becomes
     * wall": the tiles need not be read. The map is BW_GRID_MAX wide (120
     * x 120), so plane bit i is cell i. */
#if BW_FAST
    for (i = 0; i < (BW_MINES_H * BW_GRID_MAX + 31) / 32; i++) {
        uint32_t u = ~m->a.w[i];
        uint8_t *cell = &g->cell[i * 32];
        int k;
        if (u == ~0u) { /* none reached (most of the rock): all wall */
            for (k = 0; k < 32; k += 4)
                bw_store4(cell + k, wall4);
            continue;
        }
        for (k = 0; k < 32 && u >> k; k += 4) {
            /* four cells a word: skipped when none is unreached or all are
             * wall already (most of the rock), else the unreached ones'
             * bytes (the nibble spread to byte masks) made wall */
            uint32_t nib = (u >> k) & 0xfu, v, mask;
            uint8_t *p = cell + k;
            if (!nib)
                continue;
            v = bw_load4(p);
            if (v == wall4)
                continue;
            mask = (nib * 0x00204081u & 0x01010101u) * 0xffu;
            bw_store4(p, (v & ~mask) | (wall4 & mask));
        }
    }
#else
    for (i = 0; i < BW_MINES_H * BW_GRID_MAX; i++)
        if (!(m->a.w[i >> 5] >> (i & 31) & 1u))
            g->cell[i] = wall;
#endif
}

/* 1 if a 4-neighbour of (x, y) on the map is reached (m->a). */
static int near_reached(const bw_map *m, int x, int y)
{
    int d;
    for (d = 0; d < 8; d += 2) { /* the four straight ways (bw_dx8) */
        int nx = x + bw_dx8[d], ny = y + bw_dy8[d];
        if (nx >= 0 && ny >= 0 && nx < BW_MINES_W && ny < BW_MINES_H && plane_bit(&m->a, BW_BIT(nx, ny)))
            return 1;
    }
    return 0;
}

/* 1 if the cells a before and a after cell i (a = 1: west and east, a =
 * BW_GRID_MAX: north and south) are open and one of them is reached, the
 * other not: a wall at i between them is where a door goes. */
BW_NOINLINE static int door_across(const bw_map *m, unsigned i, unsigned a)
{
    unsigned k = i - a, seen = 0; /* bit 0: an unreached side, bit 1: a reached one */
    for (;;) { /* one copy of the test for both sides */
        if (!CONNECTS(m->grid.cell[k]))
            return 0;
        seen |= 1u << bit_get(m->a.w, k);
        if (k == i + a)
            return seen == 3;
        k = i + a;
    }
}

/* Buildings whose rooms no door reaches get one (rule 1.1.4): a wall cell with
 * reached ground on one side and unreached open ground opposite becomes a
 * door, and the fill grows through it. m->a is first flooded from the
 * level's first node.
 * Only walls inside bx0..bx1, by0..by1 are looked at (all the buildings),
 * a box inside the map's outer ring (DLVL 1 passes the map less its ring;
 * DLVL 4's buildings and the stone ring round each lie on the map), so a
 * wall's neighbours are on the map. */
static void open_doors(bw_map *m, int bx0, int by0, int bx1, int by1)
{
    bw_grid *g = &m->grid;
    int pass, x, y, changed = 1;
    BW_ASSERT(bx0 >= 1 && by0 >= 1 && bx1 <= BW_MINES_W - 2 && by1 <= BW_MINES_H - 2);
    flood_nodes(m, 1);
    for (pass = 0; pass < DOOR_PASSES && changed; pass++) {
        changed = 0;
        for (y = by0; y <= by1; y++)
            for (x = bx0; x <= bx1; x++) {
                uint8_t t = BW_AT(g, x, y);
                int a, ok = 0;
                if (t != BW_T_BWALL && t != BW_T_CRUMBLE_WALL)
                    continue;
                /* across the wall: west and east, then north and south (as
                 * a loop: the fast build's scan keeps its registers) */
                for (a = 0; a < 2 && !ok; a++)
                    ok = door_across(m, BW_BIT(x, y), a ? BW_GRID_MAX : 1);
                if (ok) {
                    BW_AT(g, x, y) = BW_T_DOOR;
                    flood(m, x, y);
                    changed = 1;
                }
            }
    }
}

/* m->a holds the cells reached from the level's first node by a flood
 * that was exact when it ran; since then only open tiles were put down
 * (pits, slopes, features that connect), and only inside the boxes of
 * `al` (the caller knows where). Open cells not yet marked that touch the
 * marked ones join them (their region is flooded in); returns -1 if no
 * open cell of the boxes is left out, else the first one left out (its
 * cell index). One scan: a region either touches the reached set or not,
 * and every unreached region lies in the boxes, so the order of the boxes
 * does not matter; only if a cell was left apart does a second scan look
 * for one still apart (it may have joined from a cell later in the first
 * scan). */
static int fill_gaps(bw_map *m, const area_list *al)
{
    bw_grid *g = &m->grid;
    int pass, k, x, y;
    for (pass = 0; pass < 2; pass++) {
        int apart = 0;
        for (k = 0; k < al->n; k++)
            for (y = al->y0[k]; y <= al->y1[k]; y++)
                for (x = al->x0[k]; x <= al->x1[k]; x++) {
                    unsigned i = BW_BIT(x, y);
                    if (plane_bit(&m->a, i) || !CONNECTS(g->cell[i]))
                        continue;
                    if (pass)
                        return (int)i;
                    if (near_reached(m, x, y))
                        flood(m, x, y);
                    else
                        apart = 1;
                }
        if (!apart)
            break;
    }
    return -1;
}

/* Corridors ensure_connected digs at most; past it a part stays apart
 * (not seen: the fallback itself has not been needed in 2000 seeds a
 * level). */
#define JOIN_MAX 16

/* Rules 1.1.4, 1.3.2, 1.4.6, 1.5.1: the last word on full connectivity, with
 * fill_gaps's precondition on m->a over the level's changed boxes (the
 * state's list). Only if a cell
 * is still apart (never seen in 2000 seeds a level) is a way opened: a
 * straight corridor 3 wide (corridor, as keep_reached's) from it to the
 * nearest reached node (the first node is), and then its region and the
 * corridor are flooded in; `floor` is the tile dug. */
static void ensure_connected(bw_map *m, uint8_t floor)
{
    const area_list *const al = &state_at(m)->al;
    const node_list *const nl = &state_at(m)->nl;
    int i, cell;
    for (i = 0; i < JOIN_MAX && (cell = fill_gaps(m, al)) >= 0; i++) {
        int x = cell % BW_GRID_MAX, y = cell / BW_GRID_MAX;
        int k = nearest(nl, m->a.w, x, y, nl->n); /* the nearest reached node: a short corridor */
        corridor(m, x, y, k, floor);
        flood(m, x, y);
    }
}

/* ensure_connected over the whole map (its area list the state's, off
 * the caller's frame), with m->a flooded from the first node since the
 * last change of open ground. */
BW_NOINLINE static void connect_all(bw_map *m, uint8_t floor)
{
    area_list *const al = &state_at(m)->al;
    al->n = 0;
    area_add(al, 0, 0, BW_MINES_W - 1, BW_MINES_H - 1);
    ensure_connected(m, floor);
}

/* --------------------------------------------------------- features */

/* Single tiles (stalactites, stalagmites, boulders) on floor cells whose
 * four neighbours are floor too, so they never plug a one-wide gap; at
 * least 3 wanted, 16 draws per tile wanted (fallback: fewer). */
static void scatter(bw_grid *g, bw_rng *r, uint8_t floor, uint8_t t, int count)
{
    int i;
    count = bw_max(count, 3);
    for (i = 0; i < count * 16; i++) { /* ends when count is 0 too */
        int x = bw_rng_range(r, 1, BW_MINES_W - 2), y = bw_rng_range(r, 1, BW_MINES_H - 2), d;
        uint8_t *c = &BW_AT(g, x, y);
        for (d = 0; d < 8 && *c == floor && c[OFF8(d)] == floor; d += 2) /* the cell, its four straight ways */
            ;
        if (d == 8) {
            *c = t;
            count--;
        }
    }
}

/* lo..hi patches of `tile` over `over` (PUT_RUBBLE). */
static void patches(bw_grid *g, bw_rng *r, uint8_t tile, uint8_t over, int lo, int hi)
{
    bw_rubble_params p;
    int i, count = bw_rng_range(r, lo, hi);
    /* PUT_RUBBLE's numbers; lichen (over stone) is bw_rubble_lichen_defaults */
    bw_rubble_defaults(&p);
    p.tile = tile;
    bw_tileset_clear(&p.over); /* `over` alone: a tile (stone or dirt), */
    bit_set(p.over.w, over);   /* so no check of bw_tileset_add's is needed */
    for (i = 0; i < count; i++)
        bw_rubble_put(g, r, &p, 0);
}


/* PUT_ORC_WATCHTOWERS on the level: n towers of 4 x 4, each drawn in the
 * map less its outer ring up to BW_WATCHTOWER_TRIES times until it lies
 * on none of the block's forbidden tiles (BW_WATCHTOWER_FORBID: pit,
 * slope, granite wall, tower; bw_watchtower_put_many's draws and test,
 * written out here, which links less code) nor, here, on the marked pit boxes and, on DLVL 3, the
 * water and the pit with its slick rock. */
#define TOWER_OFF(k) (BW_WATCHTOWER_FORBID(k) | BW_TILESET_BIT(MARK, k) | BW_TILESET_BIT(BW_T_SHALLOW, k) | \
                      BW_TILESET_BIT(BW_T_DEEP, k) | BW_TILESET_BIT(BW_T_SLICK, k) | \
                      BW_TILESET_BIT(BW_T_CRUMBLE_DIRT, k)) /* the last: a pit's middle */
#define SPOTS (BW_MINES_W - 5) /* tower corners per row (and column) inside the outer ring */
#define TOWER (BW_WATCHTOWER_SIZE - 1)
BW_STATIC_ASSERT(SPOTS == BW_MINES_W - 2 - TOWER, towers_inside_the_outer_ring);

/* A tower with its corner at (x, y) if it fits; 1 if put. */
static int tower_at(bw_grid *g, int x, int y)
{
    static const bw_tileset ok = { { ~TOWER_OFF(0), ~TOWER_OFF(1), ~TOWER_OFF(2), ~TOWER_OFF(3) } };
    if (!bw_grid_rect_in(g, x, y, x + TOWER, y + TOWER, &ok))
        return 0;
    bw_grid_rect(g, x, y, x + TOWER, y + TOWER, BW_T_WATCHTOWER);
    return 1;
}

static void towers(bw_grid *g, bw_rng *r, int n)
{
    int i, k, x, y, placed = 0;
    for (i = 0; i < n; i++)
        for (k = 0; k < BW_WATCHTOWER_TRIES; k++) {
            x = bw_rng_range(r, 1, SPOTS);
            y = bw_rng_range(r, 1, SPOTS);
            if (tower_at(g, x, y)) {
                placed++;
                break; /* else "a new location is chosen" */
            }
        }
    if (placed || !n)
        return;
    /* Rules 1.2.2 and 1.3.1: every DLVL 2 and 3 has a tower. When the
     * random draws found no room, the first place that fits in reading
     * order; none only where no 4 x 4 of allowed tiles exists */
    for (y = 1; y <= SPOTS; y++)
        for (x = 1; x <= SPOTS; x++)
            if (tower_at(g, x, y))
                return;
}

/* Rule 1.2.2 (and rule 1.3.1: DLVL 3 is like DLVL 2): stalactites, lichen, rubble
 * and `n` towers on the open stone floor. */
static void cave_features(bw_map *m, bw_rng *r, int floor, int n)
{
    bw_grid *g = &m->grid;
    scatter(g, r, BW_T_STONE, BW_T_STALACTITE, floor / 70);
    patches(g, r, BW_T_LICHEN, BW_T_STONE, 3, 6);
    patches(g, r, BW_T_RUBBLE, BW_T_STONE, 2, 5);
    towers(g, r, n);
}

/* ------------------------------------------------------------ levels */

/* Rules 1.1.1 - 1.1.4 */
/* Rule 1.1.2's 8-14 buildings on the open ground `on` (inline in level1:
 * the stack peak allows the building parameters there). */
/* A building whose outer wall is x0..x0 + w - 1, y0..y0 + h - 1, if that
 * box and `ring` cells round it lie on the map and hold only tiles of
 * `on`; returns 1 if it was put. */
static int building_at(bw_grid *g, bw_rng *r, const bw_building_params *bp, int x0, int y0, int w,
                       int h, int ring, const bw_tileset *on)
{
    if (!bw_grid_rect_in(g, x0 - ring, y0 - ring, x0 + w - 1 + ring, y0 + h - 1 + ring, on))
        return 0;
    bw_building_put(g, r, bp, bw_rect_make(x0, y0, x0 + w - 1, y0 + h - 1));
    return 1;
}

static void buildings1(bw_grid *g, bw_rng *r, const bw_tileset *on)
{
    bw_building_params bp;
    int i, k, n = bw_rng_range(r, 8, 14);
    bw_building_defaults(&bp);
    /* PUT_BUILDING's places in the map less its outer ring, BW_BUILDING_TRIES
     * draws a building (as bw_building_put_many draws them); a building may
     * overlap others (PUT_BUILDING merges them), never a pit */
    for (i = 0; i < n; i++)
        for (k = 0; k < BW_BUILDING_TRIES; k++) {
            int w = bw_rng_range(r, bp.min_w, bp.max_w), h = bw_rng_range(r, bp.min_h, bp.max_h);
            int x = bw_rng_range(r, 1, BW_MINES_W - 1 - w), y = bw_rng_range(r, 1, BW_MINES_H - 1 - h);
            if (building_at(g, r, &bp, x, y, w, h, 0, on))
                break;
        }
}

static void level1(bw_map *m, uint32_t seed)
{
#define ON1(k) (BW_TILESET_BIT(BW_T_DIRT, k) | BW_TILESET_BIT(BW_T_WOOD, k) | \
                BW_TILESET_BIT(BW_T_BWALL, k) | BW_TILESET_BIT(BW_T_CRUMBLE_WALL, k) | \
                BW_TILESET_BIT(BW_T_BROKEN_WALL, k) | BW_TILESET_BIT(BW_T_DOOR, k))
    static const bw_tileset on1 = { { ON1(0), ON1(1), ON1(2), ON1(3) } };
    bw_grid *g = &m->grid;
    bw_rng r;
    begin(m, &r, seed, 1, BW_T_DIRT, P_BUILDINGS); /* rule 1.1.2 */
    boxes(m, BW_T_DIRT, MARK, 0);
    buildings1(g, &r, &on1);
    stream(&r, seed, 1, P_FEATURES);
    /* in the open, not inside buildings */
    patches(g, &r, BW_T_RUBBLE, BW_T_DIRT, 10, 16);
    put_pits(m, BW_T_DIRT, 0); /* rule 1.1.3 */
    open_doors(m, 1, 1, BW_MINES_W - 2, BW_MINES_H - 2);
    connect_all(m, BW_T_DIRT); /* the doors may have left any room out */
}

/* DLVL 4's small caves, DLVL 3's halls and DLVL 5's islands: draws per
 * cave for a centre CAVE_APART (DLVL 4), HALL_APART or ISLAND_APART from
 * the others (and PIT_APART more from a pit seed on DLVL 4 and 5); past
 * them the level goes without that cave, hall or island: one fewer, none
 * merged. DLVL 4's twins (rule 1.4.4, the odd double cave): up to
 * TWINS_MAX a level, each drawn near a lone small cave. */
#define CAVE_TRIES 16
#define CAVE_APART 20
#define TWINS_MAX 2
/* DLVL 3's 1-HALLS_MAX halls: caves of radius HALL_R .. HALL_R + 3 away
 * from the pits (HALL_APART from every pit seed and hall, HALL_EDGE from
 * the edge), on the tunnels of the one cave (rule 1.3.2), so the water has
 * floor to cross that lies neither round an up slope (where no streamer
 * runs) nor round the pit down (rule 1.3.3: streamers cross the cave). */
#define HALLS_MAX 2
#define HALL_R 9
#define HALL_APART 36
#define HALL_EDGE 16
/* DLVL 5's islands keep ISLAND_APART from each other and PIT_APART more
 * from a pit seed, so that their grounds (ISLAND_GROUND, PIT_GROUND, see
 * level5) never touch (rule 1.5.1).
 * DLVL 4's small caves keep PIT_APART more from a pit seed too: a pit
 * cave is PIT_CAVE_R4 round, 6 more than a small cave's 7, and a small
 * cave CAVE_APART from it would touch it and count as no cave of its own
 * (rule 1.4.1). */
#define ISLAND_APART 20
#define PIT_APART 6

/* DLVL 4's mineshafts: the block's defaults (bw_mineshaft_defaults) but
 * for the width's moves. */
static const bw_mineshaft shafts4 = {
    BW_T_STONE, BW_T_ROCK,
    1, 4,                   /* "varies between 1 and 4 tiles wide" */
    4,                      /* a move every 4 steps on average */
    4,                      /* 1 in 4 moves widens: mostly 1-2, thin (rule 1.4.2) */
    BW_MINESHAFT_HISTORY, BW_MINESHAFT_MAX_STEPS, BW_MINESHAFT_CARVE_SET,
    0, 0                    /* no trace */
};

/* The caves of DLVL 2-5, their pockets removed and the pit boxes marked;
 * returns the stone left and leaves *r on the stream for what comes on the
 * stone (caves, below). The nodes are the pit
 * seeds, and on DLVL 4 and 5 8-12 more caves (rule 1.4.1: small, more than
 * DLVL 2 and 3, spread out by a few draws each but allowed to overlap,
 * rule 1.4.4; rule 1.5.1: small islands in the lava). A blob round every node; on
 * DLVL 2 and 3 wide tunnels from the first node a way leaves on to the
 * nearest earlier node (links); the smoothing; the whole disc round each pit (rule 1.4.3); then, since
 * the smoothing would close them, DLVL 4's thin meandering mineshafts
 * (rule 1.4.2) and DLVL 5's meandering stone paths one or two wide (rule 1.5.2).
 *
 * Every node from the first a way leaves (DLVL 2: the first pit below
 * the bases, each cave of its own, rule 1.2.4; else node 1) joined to the
 * nearest node before it: DLVL 2 and 3's wide tunnels (dug before the
 * smoothing), DLVL 4's thin meandering mineshafts (rule 1.4.2; the
 * mineshafts' parameters in shafts4) and DLVL 5's paths
 * (tunnel), both after it, which would close them. */
BW_NOINLINE static void links(bw_map *m, bw_rng *r, int level)
{
    mines_state *const st = state(m);
    int i;
    for (i = level == 2 ? st->pl[0].n : 1; i < st->nl.n; i++) {
        int j = nearest_before(&st->nl, i);
        if (level == 4)
            bw_mineshaft_run(m, r, &shafts4, st->nl.x[i], st->nl.y[i], st->nl.x[j], st->nl.y[j], 0);
        else
            tunnel(m, r, i, j, level);
    }
}

/* DLVL 2-5's nodes and their caves (see dig_caves): how many more caves
 * besides the pit seeds' (a range; none on DLVL 2), how far from the edge
 * and from the other nodes their centres lie, the radius of a pit seed's
 * cave and of another cave (ranges; bw_rng_range draws nothing for one
 * value). */
typedef struct cave_plan {
    uint8_t n0, n1, edge, apart, pit_r0, pit_r1, r0, r1;
} cave_plan;
static const cave_plan cave_plans[4] = {
    { 0, 0, HALL_EDGE, HALL_APART, PROTECT_R, PROTECT_R + 3, HALL_R, HALL_R + 3 },   /* DLVL 2 */
    { 1, HALLS_MAX, HALL_EDGE, HALL_APART, PROTECT_R, PROTECT_R + 3, HALL_R, HALL_R + 3 }, /* 3 */
    { 8, 12, 10, CAVE_APART, PIT_CAVE_R4 - 2, PIT_CAVE_R4 - 2, 4, 7 },                  /* 4 */
    { SMALL_MAX, SMALL_MAX, 8, ISLAND_APART, PIT_ISLAND_R5 - 2, PIT_ISLAND_R5 - 2, 5, 5 }, /* 5 */
};

/* A coordinate within 9 of v, 10 or more from the edge (the map is
 * square). */
BW_STATIC_ASSERT(BW_MINES_W == BW_MINES_H, mines_square);
BW_NOINLINE static int near9(bw_rng *r, int v)
{
    return bw_clamp(v + bw_rng_range(r, -9, 9), 10, BW_MINES_W - 11);
}

BW_NOINLINE static void dig_caves(bw_map *m, bw_rng *r, uint32_t seed, int level)
{
    node_list *const nl = &state_at(m)->nl;
    const bw_pit_plan *const pl = state_at(m)->pl;
    const cave_plan *const cp = &cave_plans[level - 2];
    bw_grid *g = &m->grid;
    const int l4 = level == 4, pits = pl[0].n + pl[1].n;
    int i, j, small, lone = 0, twins = 0;
    begin(m, r, seed, level, level == 5 ? BW_T_LAVA : BW_T_ROCK, P_CAVES); /* rules 1.2.3, 1.5.4 */
    small = bw_rng_range(r, cp->n0, cp->n1);
    for (i = 0; i < small; i++) {
        /* DLVL 5: one draw 8 from the edge; DLVL 4: up to CAVE_TRIES draws
         * 10 from it for a centre CAVE_APART from the others. One DLVL 4
         * cave in four (TWINS_MAX a level) is a twin: drawn near the cave
         * before it, when that one is a lone small cave, and CAVE_APART
         * from every other, so a double cave (rule 1.4.4) is two caves,
         * never a chain or a pit cave swallowing small ones (rule 1.4.1) */
        int t, x = 0, y = 0, far = 0;
        const int twin = lone && twins < TWINS_MAX && bw_rng_chance(r, 1, 4);
        for (t = 0; t < CAVE_TRIES && !far; t++) {
            if (twin) {
                x = near9(r, nl->x[nl->n - 1]);
                y = near9(r, nl->y[nl->n - 1]);
            } else {
                x = bw_rng_range(r, cp->edge, BW_MINES_W - 1 - cp->edge); /* two statements: the order of draws is fixed */
                y = bw_rng_range(r, cp->edge, BW_MINES_H - 1 - cp->edge);
            }
            for (far = 1, j = 0; j < nl->n - twin; j++) { /* DLVL 5 too: islands apart, none grows big */
                int d = cp->apart + (level >= 4 && j < pits ? PIT_APART : 0);
                far &= bw_dist2(x, y, nl->x[j], nl->y[j]) >= d * d;
            }
        }
        /* the fallback, no place found: one cave, hall or island fewer,
         * none merged */
        if (far)
            add_node(nl, x, y);
        twins += far && twin;
        lone = l4 && far && !twin;
    }
    for (i = 0; i < nl->n; i++)
        blob(g, r, nl->x[i], nl->y[i],
             i < pits ? bw_rng_range(r, cp->pit_r0, cp->pit_r1) : bw_rng_range(r, cp->r0, cp->r1), BW_T_STONE);
}

/* The caves' ground: the digging, the smoothing, then the whole disc
 * round each pit (rule 1.4.3), whatever the smoothing did. */
static void cave_ground(bw_map *m, bw_rng *r, uint32_t seed, int level)
{
    const mines_state *const st = state_at(m);
    int i;
    dig_caves(m, r, seed, level);
    if (level < 4)
        links(m, r, level); /* the tunnels: the last draws of the caves' stream */
    smooth(m, level == 5 ? BW_T_LAVA : BW_T_ROCK, BW_T_STONE);
    for (i = 0; i < st->pl[0].n + st->pl[1].n; i++)
        disc_hard(&m->grid, st->nl.x[i], st->nl.y[i],
                  level == 4 ? PIT_CAVE_R4 : level == 5 ? PIT_ISLAND_R5 : PROTECT_R, BW_T_STONE);
}

/* The pockets no node reaches go back to wall (rules 1.2.4, 1.2.5, 1.4.6;
 * keep_reached above): tunnels leave from node `first` on (the first pit
 * below the bases on DLVL 2); returns the stone left once the boxes are
 * marked (the last flood's count less theirs) and leaves *r on the stream
 * for what comes on the stone. */
static int keep_caves(bw_map *m, bw_rng *r, uint32_t seed, int level)
{
    mines_state *const st = state_at(m);
    const int first = level == 2 ? st->pl[0].n : 1;
    int i, j;
    for (j = first;; j++) { /* ends: j grows to nl.n */
        i = flood_nodes(m, first);
        if ((j = dig_unreached(m, &st->nl, j, BW_T_STONE)) >= st->nl.n)
            break;
    }
    wall_unreached(m, level == 5 ? BW_T_LAVA : BW_T_ROCK); /* rules 1.2.3, 1.5.4 */
    i -= boxes(m, BW_T_STONE, MARK, 0);
    stream(r, seed, level, level == 4 ? P_BUILDINGS : P_FEATURES);
    return i;
}

/* The caves of DLVL 2-5 in three steps: the ground (inline), DLVL 4's
 * shafts or DLVL 5's paths (which the smoothing would close) and the
 * pockets; the digging and the links in frames of their own. */
static int caves(bw_map *m, bw_rng *r, uint32_t seed, int level)
{
    cave_ground(m, r, seed, level);
    if (level >= 4)
        links(m, r, level);
    return keep_caves(m, r, seed, level);
}

/* DLVL 2 and 3 up to the water (rules 1.2.1 - 1.2.5, 1.3.1, 1.3.2): wide caves
 * round the pits, joined from the first pit below the bases on DLVL 2
 * (each cave of its own, rule 1.2.4), all joined on DLVL 3 (rule 1.3.2); the
 * features on the stone; DLVL 2's 1-3 towers (DLVL 3's come last). Leaves
 * the pit boxes marked. */
static void caves23(bw_map *m, uint32_t seed, int level)
{
    bw_rng r;
    int stone = caves(m, &r, seed, level);
    cave_features(m, &r, stone, level == 2 ? bw_rng_range(&r, 1, 3) : 0); /* rule 1.2.2 */
}

/* Rules 1.2.1 - 1.2.5 */
static void level2(bw_map *m, uint32_t seed)
{
    caves23(m, seed, 2);
    put_pits(m, BW_T_STONE, 0);
}

/* Rule 1.3.5: the ring of slick rock round the pit: every cell next to (8
 * neighbours) the pit's slopes, pit and crumbling dirt that is none of them.
 * Found from the pit's cells outwards (a few dozen), not by testing the
 * neighbours of every cell of the box; slick is none of the three, so the
 * order does not matter. DLVL 3's pit is a plain one (bw_mines_pits:
 * only DLVL 4's are fiery, rule 1.4.8). */
static int pit_part(uint8_t t)
{
    return t == BW_T_DOWN_SLOPE || t == BW_T_PIT || t == BW_T_CRUMBLE_DIRT;
}

static void slick_ring(bw_grid *g, const bw_pit_plan *own)
{
    int k, x, y;
    uint8_t *row = &BW_AT(g, own->x[0] - BW_PIT_REACH, own->y[0] - BW_PIT_REACH);
    BW_ASSERT(own->n == 1 && own->tile == BW_T_PIT); /* rule 1.3.4 */
    for (y = 0; y <= 2 * BW_PIT_REACH; y++, row += BW_GRID_MAX)
        for (x = 0; x <= 2 * BW_PIT_REACH; x++) {
            uint8_t *const c = row + x;
            if (pit_part(*c))
                for (k = 0; k < 8; k++)
                    if (!pit_part(c[OFF8(k)]))
                        c[OFF8(k)] = BW_T_SLICK;
        }
}

/* A ford while the crossings are made (DLVL 3 holds no wooden floor): it
 * connects, and becomes shallow water at the end (fords_shallow). */
#define FORD BW_T_WOOD
/* Crossings made per level at most (each joins at least one cut-off
 * part); past it, and when no straight crossing is found, the fallback is
 * the corridors of ensure_connected. */
#define CROSS_MAX 32
/* Longest straight crossing looked for, in deep cells. */
#define CROSS_LEN 16

#if !BW_FAST
/* A constant set of one or two tiles. */
#define TS2(a, b, k) (BW_TILESET_BIT(a, k) | BW_TILESET_BIT(b, k))
#define TILES2(a, b) { { TS2(a, b, 0), TS2(a, b, 1), TS2(a, b, 2), TS2(a, b, 3) } }
static const bw_tileset shallow_set = TILES2(BW_T_SHALLOW, BW_T_SHALLOW);
#if !BW_FAST
static const bw_tileset rock_set = TILES2(BW_T_ROCK, BW_T_ROCK);
static const bw_tileset lava_set = TILES2(BW_T_LAVA, BW_T_LAVA);
#endif

/* The small build's one plane maker (config.h, BW_FAST): p becomes the
 * cells whose tile is in ts, 32 cells a word (plane bit i is cell i, the
 * map being BW_GRID_MAX wide). It stands for bw_plane_of_tiles and
 * bw_fill_open_mask, which the small build then does not link. */
static void plane_where(bw_plane *p, const bw_grid *g, const bw_tileset *ts)
{
    int i, j;
    for (i = 0; i < BW_PLANE_WORDS; i++) {
        uint32_t v = 0;
        for (j = 31; j >= 0; j--)
            v = v << 1 | BW_TILESET_HAS(ts, g->cell[i * 32 + j]);
        p->w[i] = v;
    }
}
#endif

/* 1 if some cell that connects (not in m->b, the closed cells, kept up
 * to date by the caller) is not marked in m->a: a word at a time. */
BW_NOINLINE static int any_unreached(const bw_map *m)
{
    int i, words = (BW_MINES_H * BW_GRID_MAX + 31) / 32;
    for (i = 0; i < words; i++)
        if (~(m->b.w[i] | m->a.w[i]))
            return 1;
    return 0;
}

/* The 4-neighbours of the 32 cells of plane word i (of w): west and
 * east are the next bits, north and south a row (120 bits = 3 words +
 * 24) away. Words 4 .. BW_PLANE_WORDS - 5 only (every read stays in the
 * plane): the water and its neighbours lie there, inside the rock margin. */
BW_STATIC_ASSERT(BW_GRID_MAX == 3 * 32 + 24, rows_of_3_words_and_24_bits);
BW_NOINLINE static uint32_t near4(const uint32_t *w, unsigned i)
{
    return w[i] << 1 | w[i] >> 1 | w[i - 1] >> 31 | w[i + 1] << 31 | w[i - 3] << 24 | w[i - 4] >> 8 |
           w[i + 3] >> 24 | w[i + 4] << 8;
}

/* The best crossing found so far: `len` deep cells from cell i (plane
 * bit i) along bw_dx8[d]; loose: 1 if it may close a loop (ford_ok). */
typedef struct cross { int len; unsigned i; int d, loose; } cross;



/* Rule 1.3.3 keeps only needed fords. A new ford leaves every earlier
 * one needed if the reached ground it meets (m->a) is one piece without
 * any ford: then whatever it joins was joined before without them. So a
 * crossing of `len` deep cells from cell c along way d is taken only if
 * its first cell has one reached 4-neighbour, or several, no ford, that
 * are one piece round it (two are one piece when the corner between them
 * is reached and no ford too); no cell between its ends has an open cell
 * (not in m->b) beside it (it would be joined by the cells before); its last
 * cell has no reached cell beside it; and the first cell of a crossing
 * longer than one has no open 4-neighbour not yet reached either (its
 * region would be joined without the rest of the crossing). Out of line:
 * called only for a crossing shorter than the best so far. */
/* The sides (even ways, bits 0, 2, 4, 6) of a ring of 8 cells (bit k:
 * the cell along way k belongs) that start a run round the ring: a side
 * not joined to the side before it through the corner between them. One
 * bit a run, so two or more bits: the ring splits. */
static unsigned ring_runs(unsigned w)
{
    w |= w << 8; /* round the ring: ways k - 1 and k - 2 are bits k + 7 and k + 6 */
    return w & ~(w >> 7 & w >> 6) & 0x55u;
}

BW_NOINLINE static int ford_ok(const bw_map *m, unsigned c, int d, int len)
{
    unsigned re = 0, fo = 0, cl = 0, sides, pieces, i;
    int k, bad;
    for (k = 0; k < 8; k++) { /* bit k: the cell along way k is reached, a ford, closed */
        i = c + (unsigned)OFF8(k);
        re |= plane_bit(&m->a, i) << k;
        fo |= (unsigned)(m->grid.cell[i] == FORD) << k;
        cl |= plane_bit(&m->b, i) << k;
    }
    /* the 4-neighbours (even ways): an open one cut off; more than one
     * reached (sides) and more than one piece: each reached ford a piece
     * of its own, the other reached cells a piece a run round the ring
     * (a side not joined to the side before it by the corner), one bit a
     * piece at the even ways */
    bad = len > 1 && (~(cl | re) & 0x55u);
    sides = re & 0x55u;
    pieces = (re & fo & 0x55u) | ring_runs(re & ~fo);
    bad += (sides & (sides - 1u)) && (pieces & (pieces - 1u)); /* two bits or more each */
    for (k = 1, i = c; k < len; k++) { /* the cells beside the others */
        unsigned mid = k < len - 1; /* its sides: not closed (m->b) */
        const bw_plane *p = mid ? &m->b : &m->a;
        i += (unsigned)OFF8(d);
        bad += (int)((plane_bit(p, i + (unsigned)OFF8(d + 2)) ^ mid) + (plane_bit(p, i + (unsigned)OFF8(d + 6)) ^ mid));
    }
    return !bad;
}

/* Turns crossing c's deep cells into fords (FORD, connecting: out of m->b)
 * and floods what they join into m->a. */
static void ford(bw_map *m, const cross *c)
{
    int i;
    unsigned j = c->i;
    for (i = 0; i < c->len; i++, j += (unsigned)OFF8(c->d)) {
        m->grid.cell[j] = FORD;
        plane_clr(&m->b, j);
        bit_set(state(m)->u.wc.ford_rows, j >> 7);
    }
    flood(m, (int)(c->i % BW_GRID_MAX), (int)(c->i / BW_GRID_MAX));
}

/* Keeps in *c the shortest straight line of deep cells from cell i0 (plane
 * bit i0) that ends on an open cell not yet reached, if shorter than c's
 * and it closes no loop (ford_ok). */
static void cross_from(const bw_map *m, unsigned i0, cross *c)
{
    const bw_grid *g = &m->grid;
    int d;
    for (d = 0; d < 8; d += 2) { /* the four straight ways (bw_dx8) */
        int k = 1, step = OFF8(d);
        unsigned i = i0 + (unsigned)step; /* cell index = plane bit */
        while (k < c->len && g->cell[i] == BW_T_DEEP) {
            i += (unsigned)step;
            k++;
        }
        if (k < c->len && !((m->b.w[i >> 5] | m->a.w[i >> 5]) >> (i & 31) & 1u) && /* cut off */
            (c->loose || ford_ok(m, i0, d, k))) {
            c->len = k;
            c->i = i0;
            c->d = d;
        }
    }
}

/* DLVL 3's streamer parameters (rule 1.3.3): bw_streamer_defaults' but
 * for two, and the walls only rock (DLVL 3 has no other). */
#define ROCK4(k) BW_TILESET_BIT(BW_T_ROCK, k)
static const bw_streamer_params water3 = {
    BW_T_SHALLOW, BW_T_DEEP, 20, 10, 12, 4,
    40, /* min_span: "streamers": long, not puddles */
    1,  /* dry_walls: water only in the cave: the part of a line in the
           rock stays rock, the streamer comes out of the wall */
    { { ROCK4(0), ROCK4(1), ROCK4(2), ROCK4(3) } }, 0, 0, 0, 0
};

/* m->b: the closed cells, those that do not connect (plane bit i is
 * cell i), so that any_unreached compares words; every ford clears its
 * bits. On DLVL 3 the only tiles that do not connect are rock and deep
 * water (the fords are wood, which does). */
static void plane_closed(bw_map *m)
{
    bw_plane_of_tiles(&m->b, &m->grid, BW_T_ROCK, BW_T_DEEP);
}

/* One scan for crossings (rule 1.3.2), from where the last call stopped
 * (cell wc->si; begin a scan at EDGE * BW_GRID_MAX, the first row that
 * may hold water): the deep cells next to a reached one (m->a), in
 * reading order, found a plane word at a time (deep water
 * does not connect: in m->b); a crossing ends on an unreached open cell, so
 * it runs along a row or column of one. A crossing of one cell (none is
 * shorter) stops the scan: 1 is returned with it in c->i, the
 * caller fords it and calls again (inline in water_cross, which is out
 * of line: the ford's flood runs under a small frame). The shortest
 * longer one found is kept in *c. Returns 0 at the end of the scan. The
 * water lies inside the rock margin: in the plane words before WATER_W1
 * (and from word 4 on, as near4 needs). */
BW_STATIC_ASSERT(EDGE * BW_GRID_MAX / 32 >= 4, water_from_word_4);
#define WATER_W1 (((BW_MINES_H - EDGE) * BW_GRID_MAX + 31) / 32)
static int scan_crossings(bw_map *m, water_ctx *wc, cross *c)
{
    unsigned i = wc->si >> 5, x;
    uint32_t cand = ~0u << (wc->si & 31); /* the rest of the word where the last call stopped */
    for (; i < WATER_W1; i++, cand = ~0u)
        for (cand &= near4(m->a.w, i) & m->b.w[i]; cand; cand &= cand - 1u) {
            x = i * 32 + (unsigned)bw_low_bit(cand);
            if (m->grid.cell[x] != BW_T_DEEP)
                continue;
            cross_from(m, x, c);
            if (c->len == 1) { /* one cell: none is shorter, ford it now */
                wc->si = (uint16_t)(x + 1);
                return 1;
            }
        }
    return 0;
}

/* After a crossing that may have closed a loop: every ford not needed
 * goes back to deep (with it deep, the ground flooded from node 0 must
 * lose that cell only). A ford with one open 4-neighbour or none is not
 * needed; one with two, one of them a ford kept before it (north or west),
 * is needed as that one is (a way round it would be a way round that one
 * too): neither is flooded for, so a straight crossing costs one flood,
 * not one a cell. Then m->a the reached cells again. */
static void drop_spare_fords(bw_map *m)
{
    uint8_t *const cell = m->grid.cell;
    int i, k, open, total = flood_nodes(m, 1); /* fords and all */
    for (i = 0; i < BW_MINES_H * BW_GRID_MAX; i++)
        if (cell[i] == FORD) {
            for (k = open = 0; k < 8; k += 2)
                open += !plane_bit(&m->b, (unsigned)(i + OFF8(k))); /* m->b: the closed cells */
            if (open == 2 && (cell[i - BW_GRID_MAX] == FORD || cell[i - 1] == FORD))
                continue;
            cell[i] = BW_T_DEEP;
            if (open < 2 || flood_nodes(m, 1) == total - 1) {
                bit_set(m->b.w, (unsigned)i);
                total--;
            } else {
                cell[i] = FORD;
            }
        }
    flood_nodes(m, 1);
}

/* The fords become shallow water (the blocks of 128 cells that hold one:
 * a shift, not a division, in ford). */
BW_STATIC_ASSERT(BW_MINES_H * BW_GRID_MAX <= 128 * 128, ford_blocks_fit_4_words);
static void fords_shallow(bw_map *m)
{
    uint8_t *const c = m->grid.cell;
    unsigned i;
    for (i = 0; i < BW_MINES_H * BW_GRID_MAX; i++) {
        if (!(i & 127) && !bit_get(state(m)->u.wc.ford_rows, i >> 7))
            i += 127; /* no ford in these 128 cells */
        else if (c[i] == FORD)
            c[i] = BW_T_SHALLOW;
    }
}

/* Rule 1.3.2 after the exact deepening (rule 1.3.3): deep water, which does not
 * connect, may cut the cave. While a part is cut off, the shortest
 * straight crossing (cross_from) from the reached part that closes no
 * loop (ford_ok) turns shallow: a one-wide ford, the fewest tiles that
 * join the part, and the only tiles where the deepening rule does not
 * hold; each stays needed. The ford only changes deep to shallow, so the
 * water set (what the rule counts) stays as it is. Where every crossing
 * left closes a loop (about 1 level in 2,000: a pocket in a bay of the
 * reached ground), loops are allowed from then on and the fords are
 * checked on the whole map at the end (drop_spare_fords). If no crossing
 * of CROSS_LEN or fewer deep cells joins a part (not seen in seeds
 * 0-29,999), the caller's fallback (ensure_connected's corridors) joins
 * it. Leaves in m->a the reached cells (ensure_connected's precondition
 * over the whole map). Fords of one cell (none is shorter) are made as the
 * scan finds them. Returns 1 if a part is still cut off. */
BW_NOINLINE static int water_cross(bw_map *m)
{
    water_ctx *const wc = &state(m)->u.wc;
    int it, loose = 0;
    zero(wc->ford_rows, 4);
    flood_nodes(m, 1);
    plane_closed(m);
    for (it = 0; it < CROSS_MAX && any_unreached(m); it++) {
        cross c;
        c.len = CROSS_LEN + 1;
        c.loose = loose;
        wc->si = EDGE * BW_GRID_MAX; /* the first row that may hold water */
        while (scan_crossings(m, wc, &c)) {
            ford(m, &c); /* c.len is 1 */
            c.len = CROSS_LEN + 1;
        }
        if (wc->si != EDGE * BW_GRID_MAX) /* moved on: a ford of one cell made */
            continue; /* scan again for what is still apart */
        if (c.len > CROSS_LEN) {
            if (loose)
                break;
            loose = 1; /* scan again, loops allowed */
            continue;
        }
        ford(m, &c); /* the shortest: a one-wide ford */
    }
    if (loose)
        drop_spare_fords(m);
    fords_shallow(m);
    return any_unreached(m);
}

/* A streamer is a one-wide line, and the deepening rule (12 of the 24
 * cells within Manhattan distance 3 are water) never holds on one; widened
 * by a cell into the open floor on each side, its middle deepens into a
 * channel of deep water between shallow banks (rule 1.3.3: "shallow and deep"). */
BW_STATIC_ASSERT(EDGE >= 3, widen_water_words_4_to_445);
static void widen_water(bw_map *m)
{
    bw_grid *g = &m->grid;
    const uint32_t *sh = m->b.w;
#if BW_FAST
    int i, j;
#else
    int i, k;
#endif
    /* m->b: the shallow cells, built a word at a time (plane bit i is cell
     * i, the map being BW_GRID_MAX wide). The water lies in the caves, which
     * keep the rock margin (rows and columns 0 .. EDGE - 1 and the last
     * EDGE are rock): a neighbour of a shallow cell is on the map, and one
     * in the margin is rock, which never widens, so no edge is tested */
#if BW_FAST
    bw_plane_of_tiles(&m->b, g, BW_T_SHALLOW, BW_T_SHALLOW);
    /* the 4-neighbours of 32 cells at once (near4); only the cells next
     * to water read their tile. Words 0-3 and the last four hold no water
     * nor a neighbour of it (the margin's rows) */
    for (i = 4; i < BW_MINES_H * BW_GRID_MAX / 32 - 4; i++) {
        uint32_t nb = near4(sh, (unsigned)i);
        for (nb &= ~sh[i]; nb; nb &= nb - 1u) { /* each neighbour not shallow itself */
            int c;
            uint8_t t;
            j = bw_low_bit(nb);
            c = i * 32 + j;
            t = g->cell[c];
            /* Rule 1.3.3: nothing within 10 of an up slope (m->a, from
             * up_discs); the line itself keeps off it */
            if ((t == BW_T_STONE || t == BW_T_LICHEN || t == MARK) && !plane_bit(&m->a, (unsigned)c))
                g->cell[c] = BW_T_SHALLOW;
        }
    }
#else
    plane_where(&m->b, g, &shallow_set);
    /* the 4-neighbours of every shallow cell (a plane word at a time
     * where it has none); a neighbour made shallow is no stone any more,
     * so the order does not matter */
    for (i = 0; i < BW_PLANE_WORDS * 32; i++) {
        if (!(sh[i >> 5] >> (i & 31))) {
            i |= 31; /* no shallow cell in the rest of the word */
            continue;
        }
        if (!(sh[i >> 5] >> (i & 31) & 1u))
            continue;
        for (k = 0; k < 4; k++) {
            int j = i + (k & 2 ? BW_GRID_MAX : 1) * (k & 1 ? -1 : 1);
            /* Rule 1.3.3: nothing within 10 of an up slope (m->a, from
             * up_discs); the line itself keeps off it */
            if ((g->cell[j] == BW_T_STONE || g->cell[j] == BW_T_LICHEN || g->cell[j] == MARK) &&
                !(m->a.w[j >> 5] >> (j & 31) & 1u))
                g->cell[j] = BW_T_SHALLOW;
        }
    }
#endif
}

/* Rule 1.3.3's deepening (PUT_TERRAIN_STREAMER_WATER, as
 * bw_streamer_deepen_water): every shallow cell with DEEP_MIN or more water
 * cells among the 24 within Manhattan distance 3 becomes deep, counted in
 * the water plane m->a, which the pass does not change (deep is water
 * too), so the order does not matter. The rows y-3 .. y+3 of the diamond
 * are 1, 3, 5, 7, 5, 3, 1 wide: each row's window is read from the
 * words of its first and last cells (the same word when it does not
 * straddle two: the bits read past the window are masked off; the last
 * shifted in two steps, so that no shift is by 32) into bits of its own
 * of one word (from bit `at` on), which is counted once; the middle row holds the
 * cell itself. The water lies inside the rock margin (EDGE >= 3), so the
 * diamond is on the map: no edge is tested, and no word past the plane
 * is read. */
#define DEEP_MIN 12
static void deepen(bw_map *m)
{
    const uint32_t *const w = m->a.w;
    unsigned i, c, b, at;
    int k, h;
    for (i = 0; i < BW_PLANE_WORDS; i++)
        for (c = w[i]; c; c &= c - 1u) {
            unsigned x = i * 32 + (unsigned)bw_low_bit(c);
            uint32_t v = 0;
            if (m->grid.cell[x] != BW_T_SHALLOW)
                continue;
            for (k = -3, at = 0; k <= 3; k++, at += 2u * (unsigned)h + 1u) {
                h = 3 - bw_abs(k); /* the row's half width */
                b = x + (unsigned)(k * BW_GRID_MAX - h);
                v |= ((w[b >> 5] >> (b & 31) | w[(b + 2u * (unsigned)h) >> 5] << 1 << (31 - (b & 31))) &
                      ((2u << 2 * h) - 1u)) << at;
            }
            if (bw_popcount32(v) > DEEP_MIN) /* less the cell itself */
                m->grid.cell[x] = BW_T_DEEP;
        }
}

/* After the pits went in over the water: m->a the water again (the pits
 * put dry tiles over some), then it deepens. */
BW_NOINLINE static void water_again(bw_map *m)
{
    bw_plane_of_tiles(&m->a, &m->grid, BW_T_SHALLOW, BW_T_DEEP);
    deepen(m);
}

/* Marks the cells of p closer than r to (cx, cy), on the map, row by row. */
static void plane_disc(bw_plane *p, int cx, int cy, int r)
{
    int dy, dx;
    for (dy = 1 - r; dy < r; dy++) {
        for (dx = r; dx * dx + dy * dy >= r * r; dx--)
            ;
        bw_plane_span(p, cy + dy, cx - dx, cx + dx); /* clipped to the map */
    }
}

/* Rule 1.3.3's distances from the up slopes, the planes
 * bw_streamer_prepare would make: m->b the cells closer than 20 to one
 * (no streamer ends there), m->a those within 10 (a line through one is
 * thrown, and no water widens there). DLVL 3's only up slopes are the
 * half moons of the pits above (bw_pit_put_below, after the water), every
 * cell of one closer than r + 1/2 to its seed (bw_pit_moon: dist^2 <= r^2
 * + r), so discs of r + 21 and r + 11 round the seeds hold those cells,
 * and a little more on the moon's open side; no moon is read or drawn. */
static void up_discs(bw_map *m, const bw_pit_plan *above)
{
    int k;
    bw_plane_clear(&m->a);
    bw_plane_clear(&m->b);
    for (k = 0; k < above->n; k++) {
        plane_disc(&m->b, above->x[k], above->y[k], above->r[k] + 21);
        plane_disc(&m->a, above->x[k], above->y[k], above->r[k] + 11);
    }
}

/* Rule 1.3.3: streamer ends keep PIT_DRY from DLVL 3's pit seed, and a
 * line closer than PIT_DRY_LINE to it is thrown (as for up slopes: 20 and
 * 10), so the water crosses the cave rather than pooling round the pit,
 * whose ground (radius 16, and a pit reaching 10 past its seed) is the
 * widest floor the up slopes leave the ends. Where a streamer finds no
 * such ends, the ones left keep only PIT_DRY_FB from the seed (lines
 * still PIT_DRY_LINE), and after a second such streamer nothing more
 * than from anywhere else (the fallbacks, streamers3). */
#define PIT_DRY 28
#define PIT_DRY_LINE 17
#define PIT_DRY_FB 20

/* The planes the streamers keep off: the up slopes' (up_discs), and the
 * discs of radius `ends` and `line` round the pit down's seed (radius 0:
 * no cell). */
static void dry_discs(bw_map *m, const bw_pit_plan *pl, int ends, int line)
{
    up_discs(m, &pl[0]);
    plane_disc(&m->b, pl[1].x[0], pl[1].y[0], ends);
    plane_disc(&m->a, pl[1].x[0], pl[1].y[0], line);
}

/* Rules 1.3.1 - 1.3.5 */
/* DLVL 3's streamers (rule 1.3.3) up to the widening, in a frame of their
 * own: the stream is not needed later, so it is off the stack while
 * level3 floods and fords (the level's deepest calls). */
BW_NOINLINE static void streamers3(bw_map *m, uint32_t seed, const bw_pit_plan *pl)
{
    bw_rng r;
    int i, fb;
    stream(&r, seed, 3, P_WATER); /* rule 1.3.3 */
    dry_discs(m, pl, PIT_DRY, PIT_DRY_LINE);
    for (i = bw_rng_range(&r, 2, 3), fb = 0; i > 0; i--)
        if (!bw_streamer_put(m, &r, &water3, 0) && fb < 2) {
            /* the fallbacks, once each: no room for the ends away from
             * the pit (a cave of little more than the pits' discs), so the
             * streamers left (this one again) may end nearer it: first
             * PIT_DRY_FB from its seed, their lines still kept
             * PIT_DRY_LINE away, then as near as the up slopes allow */
            dry_discs(m, pl, fb ? 0 : PIT_DRY_FB, fb ? 0 : PIT_DRY_LINE);
            fb++;
            i++;
        }
    widen_water(m);
}

/* Rule 1.3.2's fallback when no ford joins a part: ensure_connected's
 * corridors over the whole map (connect_all). */
static void rejoin3(bw_map *m)
{
    connect_all(m, BW_T_STONE);
    boxes(m, BW_T_STONE, MARK, 0);
}

/* Rule 1.3.1: DLVL 3's 1-2 watchtowers, placed last so that no streamer
 * runs over one (towers connect, so the level stays joined) */
static void towers3(bw_map *m, uint32_t seed)
{
    bw_rng r;
    stream(&r, seed, 3, P_TOWERS);
    towers(&m->grid, &r, bw_rng_range(&r, 1, 2));
    boxes(m, MARK, BW_T_STONE, 0);
}

static void level3(bw_map *m, uint32_t seed)
{
    const bw_pit_plan *const pl = state(m)->pl;
    /* The pit boxes stay marked until the towers are in (they keep off
     * them): everything up to then treats MARK as the stone it stands
     * for (it connects, is no wall to the streamers, widens into water),
     * and the pit bases are MARK too; only a corridor of the fallback
     * below is dug as stone, and marked again. */
    caves23(m, seed, 3); /* the towers come after the water */
    streamers3(m, seed, pl);
    /* the pit bases go in after the water, so the ground under every pit
     * is stone (MARK until the end) */
    bw_pit_put_below(&m->grid, &pl[0], MARK, &m->b);
    bw_pit_put(&m->grid, &pl[1], &m->b);         /* rule 1.3.4 */
    slick_ring(&m->grid, &pl[1]);                /* rule 1.3.5 */
    /* the water is final before it deepens, and only fords change it
     * after: the deepening rule holds on every tile but the fords */
    water_again(m);                              /* and it deepens */
    if (water_cross(m))                          /* rule 1.3.2 */
        rejoin3(m);
    towers3(m, seed);
}

/* Rule 1.4.7: a building's walls and a ring round them lie on stone floor, so
 * it never touches a cave wall (the map's outer ring is rock on DLVL 4). */
static const bw_tileset stone_only = { { BW_TILESET_BIT(BW_T_STONE, 0), BW_TILESET_BIT(BW_T_STONE, 1),
                                         BW_TILESET_BIT(BW_T_STONE, 2), BW_TILESET_BIT(BW_T_STONE, 3) } };

/* Tries per building on DLVL 4; the fallback is fewer buildings (the count
 * is "variable" by rule 1.4.7 anyway). */
#define BUILDING_TRIES 40

/* What a player climbs over: rubble, stalactites, stalagmites, boulders. */
BW_STATIC_ASSERT(BW_T_STALAGMITE == BW_T_STALACTITE + 1 && BW_T_BOULDER == BW_T_STALACTITE + 2, climbed_in_a_row);
static int climbed(uint8_t t)
{
    return t == BW_T_RUBBLE || (t >= BW_T_STALACTITE && t <= BW_T_BOULDER);
}

/* 1 if taking *c away could split the walkable cells round it: its ring
 * of 8 holds two runs or more of walkable cells that hold a cell beside
 * it (a side cell starts one unless the corner and side before it,
 * counter-clockwise, are walkable). A cell is walkable if it connects
 * and is not climbed; an obstacle not yet looked at counts walkable:
 * those after c in reading order (ways 2-5, below it and east) always,
 * those before it if `before`. The ring is a byte of bits, way k bit k,
 * the runs' starts a bit each: two or more leave a bit when the lowest
 * is cleared. */
static int ring_splits(const uint8_t *c, int before)
{
    const unsigned counted = before ? 0xffu : 0x3cu; /* the obstacles counted walkable */
    unsigned k, w = 0;
    for (k = 0; k < 8; k++) { /* bit k: the cell along way k is walkable */
        uint8_t t = c[OFF8(k)];
        if (climbed(t) ? (counted >> k & 1u) != 0 : (BW_TILE_FLAGS(t) & BW_CONNECTS) != 0)
            w |= 1u << k;
    }
    w = ring_runs(w);
    return (w & (w - 1u)) != 0;
}

/* Rule 1.4.2 on every level: the mineshafts are thin, read off the
 * finished map. A cave cell lies within 4 (Chebyshev) of the centre of a
 * 5 x 5 square with no rock; every other open cell is a shaft cell, and
 * it is wide (3 or 4) when it lies in a 3 x 3 square with no rock. At
 * most half the shaft cells may be wide (the median width is then 1 or
 * 2). Where more are, wide shaft cells of stone go back to rock, in
 * reading order, each only if the open cells beside it stay joined round
 * it (so no way is cut), until half are narrow. A filled cell lies more
 * than 4 from every cave centre, so no cave cell and no narrow cell
 * changes; a filled cell may also leave a wide neighbour with no open
 * 3 x 3 square, so the count (one wide cell fewer a fill) is an upper
 * bound. One pass in reading order; the fallback, cells still over half
 * wide after it, keeps the rest (not seen in seeds 0-19,999: the median
 * read off every finished level was 2 or less, though the upper bound
 * was still over on 29 levels of 2,000, which a second pass used to
 * narrow further). The masks are
 * whole-plane shifts: a bit's neighbours are 1 and BW_GRID_MAX bits away,
 * and the rock margin keeps the row ends from meeting. The cave cells
 * grow by 1 and then by 3 (offsets -4..4, as four single steps would). */

/* p = p AND (or OR) p moved by s cells, |s| = 1, 3, BW_GRID_MAX or 3 times
 * that (bit b takes bit b - s; zeros come in), in place: the words are
 * visited so that each reads only words not yet written. The map's first
 * and last rows are rock, so the words they touch need no care. */
static inline BW_ALWAYS_INLINE void shift_op(bw_plane *p, int s, int and)
{
    const int d = s < 0 ? -s : s, q = d >> 5, r = d & 31; /* r is never 0 */
    const uint32_t or = and ? 0 : ~0u;
    uint32_t *w = p->w;
    int i;
    if (s > 0)
        for (i = BW_PLANE_WORDS - 1; i > q; i--) {
            uint32_t v = w[i - q] << r | w[i - q - 1] >> (32 - r);
            w[i] = (w[i] & (v | or)) | (v & or);
        }
    else
        for (i = 0; i + q + 1 < BW_PLANE_WORDS; i++) {
            uint32_t v = w[i + q] >> r | w[i + q + 1] << (32 - r);
            w[i] = (w[i] & (v | or)) | (v & or);
        }
}

/* Erodes (and = 1) or dilates (and = 0) by the offsets -k, 0 and k along
 * x, then y (k = 1 or 3): by 1 with k = 1; by 1 and then 3, the offsets
 * -4..4 (dilating by 4 in half the moves of four single steps). */
static void morph(bw_plane *p, int k, int and)
{
    int i;
    for (i = 0; i < 2; i++) {
        int d = k * (i ? BW_GRID_MAX : 1);
        shift_op(p, d, and);
        shift_op(p, -d, and);
    }
}

/* p: the cells of the map whose tile is not t (rock or lava); rows past
 * the map (a taller grid) stay clear. */
BW_NOINLINE static void cells_not(bw_plane *p, const bw_grid *g, uint8_t t)
{
    int i;
#if BW_FAST
    bw_plane_of_tiles(p, g, t, t);
#else
    plane_where(p, g, t == BW_T_LAVA ? &lava_set : &rock_set);
#endif
    for (i = 0; i < BW_PLANE_WORDS; i++)
        p->w[i] = i < BW_MINES_H * BW_GRID_MAX / 32 ? ~p->w[i] : 0;
}

/* p: the cells that are not rock. */
#define open_cells(p, g) cells_not(p, g, BW_T_ROCK)

static void narrow_shafts(bw_map *m)
{
    bw_grid *g = &m->grid;
    int over, i;
    open_cells(&m->a, g);
    bw_plane_copy(&m->b, &m->a);
    for (i = 0; i < 4; i++)        /* the cave centres (eroded by 2), then */
        morph(&m->b, i < 3 ? 1 : 3, i < 2); /* the cave cells (grown by 1 + 3) */
    bw_plane_andnot(&m->a, &m->b); /* the shaft cells */
    over = -bw_plane_count(&m->a);
    open_cells(&m->b, g);
    morph(&m->b, 1, 1);
    morph(&m->b, 1, 0);            /* the cells of open 3 x 3 squares */
    bw_plane_and(&m->b, &m->a);    /* the wide shaft cells */
    over += 2 * bw_plane_count(&m->b); /* wide less narrow */
    /* one pass in reading order while wide ones are over half */
    for (i = 0; i < BW_MINES_H * BW_GRID_MAX && over > 0; i++) {
        uint8_t *c = &g->cell[i];
        /* the open side cells joined round the cell: one run of its ring
         * at most (wide cells lie inside the rock margin, so no ring
         * leaves the map) */
        if (*c != BW_T_STONE || !plane_bit(&m->b, (unsigned)i) || ring_splits(c, 1))
            continue;
        *c = BW_T_ROCK;
        over--; /* one wide cell fewer and one shaft cell fewer */
    }
}

/* Rules 1.4.1 - 1.4.8 */
/* Rule 1.4.7: 1-4 buildings on stone near the cave nodes, each added to
 * al; returns `stone` less their area. A frame of its own: the building
 * parameters are off the stack during level4's floods. */
BW_NOINLINE static int buildings4(bw_map *m, const node_list *nl, bw_rng *r, area_list *al, int stone)
{
    bw_grid *g = &m->grid;
    bw_building_params bp;
    int i, want, placed = 0;
    bw_building_defaults(&bp);
    bp.max_w = 8;
    bp.max_h = 7;
    want = bw_rng_range(r, 1, BUILDINGS4_MAX);
    al->n = 0;
    for (i = 0; i < want * BUILDING_TRIES && placed < want; i++) {
        /* bw_rng_range(r, 0, n - 1)'s draw (DLVL 4 has more than one node) */
        int n = (int)bw_rng_below(r, (uint32_t)nl->n);
        int w = bw_rng_range(r, bp.min_w, bp.max_w), h = bw_rng_range(r, bp.min_h, bp.max_h);
        /* centred within 9 of the node, 10 from the edge (near9) */
        int x0 = near9(r, nl->x[n]) - (w >> 1), y0 = near9(r, nl->y[n]) - (h >> 1); /* w, h > 0 */
        if (building_at(g, r, &bp, x0, y0, w, h, 1, &stone_only)) {
            /* its ring is stone too, so it meets no other building: every
             * cell of it was stone, and none is now (walls, wooden floor) */
            stone -= w * h;
            area_add(al, x0, y0, x0 + w - 1, y0 + h - 1);
            placed++;
        }
    }
    return stone;
}

/* Rule 1.1.4 on DLVL 4's buildings (rule 1.4.7): the doors. */
static void doors4(bw_map *m)
{
    const area_list *const al = &state(m)->al;
    int i, dy0, dy1;
    for (i = 0, dy0 = BW_GRID_MAX, dy1 = -1; i < al->n; i++) {
        dy0 = bw_min(dy0, al->y0[i]); /* the buildings' walls lie in these rows; */
        dy1 = bw_max(dy1, al->y1[i]); /* scanned row by row as the whole map */
    }                                 /* would be, the doors come out the same */
    /* the level flooded again from node 0 (the buildings stand on it now) */
    open_doors(m, 1, dy0, BW_MINES_W - 2, dy1); /* whole rows, as DLVL 1's: less code */
}

static void level4(bw_map *m, uint32_t seed)
{
    bw_rng r;
    int stone;
    stone = caves(m, &r, seed, 4); /* rule 1.4.6; then rule 1.4.7 */
    stone = buildings4(m, &state(m)->nl, &r, &state(m)->al, stone);
    doors4(m);
    stream(&r, seed, 4, P_FEATURES); /* rule 1.4.5 */
    scatter(&m->grid, &r, BW_T_STONE, BW_T_STALACTITE, stone / 60); /* the stone left */
    patches(&m->grid, &r, BW_T_RUBBLE, BW_T_STONE, 4, 8);
    /* open ground changed only in the buildings (al) and the pit boxes;
     * everywhere else keep_reached left it all reached */
    put_pits(m, BW_T_STONE, 1);                  /* rule 1.4.8 */
    ensure_connected(m, BW_T_STONE);
    narrow_shafts(m);                            /* rule 1.4.2 */
}

/* ---------------------------------------------- DLVL 5's island bounds */

/* Mines rule 1.5.1 on every level, read off the finished map: an island is
 * a 4-connected piece of cells whose 3 x 3 square is all ground (not lava),
 * and the island area is their cells. No island may hold more than a
 * quarter of it, and the islands a player arrives on (a cell of theirs
 * next to an up slope) 40% together. They hold by how the islands are
 * drawn, with no measure: each node owns the ground within ISLAND_GROUND
 * (PIT_GROUND round a pit seed: the whole pit, whose cells lie within
 * BW_PIT_REACH of it on both axes, and its up slopes), and the nodes lie
 * so far apart (ISLAND_APART, PIT_APART) that two grounds never hold
 * neighbouring cells. The last step of the level leaves no island cell
 * outside the grounds (confine_isles), so every island lies within one
 * ground: no two islands merge, and only the pits' grounds hold arrival
 * islands. With up to 16 islands of radius 5 beside 2-3 pits the shares
 * then stay far inside the bounds (docs/mines.md gives the figures). */
#define ISLAND_GROUND ((ISLAND_APART - 1) / 2)
#define PIT_GROUND PROTECT_R
BW_STATIC_ASSERT(2 * ISLAND_GROUND + 1 <= ISLAND_APART && PIT_GROUND + ISLAND_GROUND + 1 <= ISLAND_APART + PIT_APART &&
                 2 * PIT_GROUND + 1 <= BW_PIT_SPACING && 2 * BW_PIT_REACH * BW_PIT_REACH < PIT_GROUND * PIT_GROUND,
                 mines_island_grounds_apart);

/* Every island cell outside the nodes' grounds (m->a) becomes lava, in
 * reading order: a cell whose 3 x 3 square is all ground when the scan
 * reaches it. A path that doubles back, or a corridor, then holds none
 * there, and no island cell comes back (only ground is taken). Each cell
 * taken had ground all round, so the ground stays one 4-connected piece.
 * The map's outer ring is lava (rule 1.5.4): a cell of it is no island
 * cell, and every other cell's neighbours lie on the map. */
static void confine_isles(bw_map *m)
{
    const node_list *const nl = &state(m)->nl;
    const int pits = state(m)->pl[0].n; /* DLVL 5 has no pit down */
    uint8_t *const cell = m->grid.cell;
    unsigned c;
    int i;
    bw_plane_clear(&m->a);
    for (i = 0; i < nl->n; i++)
        plane_disc(&m->a, nl->x[i], nl->y[i], i < pits ? PIT_GROUND : ISLAND_GROUND);
    for (c = BW_GRID_MAX; c < (BW_MINES_H - 1) * BW_GRID_MAX; c++) {
        if (cell[c] == BW_T_LAVA || plane_bit(&m->a, c))
            continue;
        for (i = 0; i < 8 && cell[c + (unsigned)OFF8(i)] != BW_T_LAVA; i++)
            ;
        if (i == 8)
            cell[c] = BW_T_LAVA;
    }
}

/* Rules 1.5.1 - 1.5.4: the islands, their paths and what stands on them
 * (inline in level5). */
static void islands5(bw_map *m, uint32_t seed)
{
    bw_grid *g = &m->grid;
    area_list *const al = &state(m)->al;
    bw_rng r;
    int i;
    i = caves(m, &r, seed, 5) / 60; /* the stone left: stalagmites per area (rule 1.5.3) */
    scatter(g, &r, BW_T_STONE, BW_T_STALAGMITE, i);
    scatter(g, &r, BW_T_STONE, BW_T_BOULDER, i >> 1); /* the stone / 120 (it is not negative) */
    patches(g, &r, BW_T_RUBBLE, BW_T_STONE, 3, 6);
    /* only the pit boxes changed open ground since keep_reached */
    al->n = 0;
    put_pits(m, BW_T_STONE, 1);
    ensure_connected(m, BW_T_STONE);
}

static void level5(bw_map *m, uint32_t seed)
{
    islands5(m, seed);
    confine_isles(m); /* rule 1.5.1 */
}

/* Called through a table, so each level keeps its own stack frame (inlined
 * into one function their locals would add up). */
typedef void (*level_fn)(bw_map *m, uint32_t seed); /* the plans in the state */
static const level_fn levels[BW_MINES_LEVELS] = { level1, level2, level3, level4, level5 };

/* Rules 1.1.4, 1.2.4, 1.3.2, 1.4.6, 1.5.1 read for a player who never
 * climbs: obstacles may block side ways, never the only one. Each
 * obstacle, in reading order, stays only if the walkable cells beside it
 * (the obstacles not yet looked at counted walkable) join round it within
 * its ring of 8; else it becomes floor. Taking away such a cell never
 * splits the walkable ground, so at the end the ground a climber reaches
 * from anywhere is the ground a walker reaches, obstacles aside. One
 * pass: a few hundred obstacles, each read with its ring (ring_splits). */
BW_STATIC_ASSERT(BW_MINES_W % 4 == 0, rows_of_whole_words);
static void obstacles_keep_ways_open(bw_grid *g, uint8_t wall, uint8_t floor)
{
    int x, y, k;
    for (y = 0; y < BW_MINES_H; y++) {
        uint8_t *row = &BW_AT(g, 0, y);
        for (x = 0; x < BW_MINES_W; x += 4) {
            /* 4 cells at once: all wall or all floor (most of the map),
             * none climbed */
            uint32_t v = bw_load4(row + x);
            if (v == ALL4(wall) || v == ALL4(floor))
                continue;
            for (k = x; k < x + 4; k++) {
                uint8_t *c = row + k;
                if (!climbed(*c))
                    continue;
                if ((unsigned)(k - 1) >= BW_MINES_W - 2 || (unsigned)(y - 1) >= BW_MINES_H - 2)
                    *c = floor; /* on the map's edge, where the ring would leave the map */
                else if (ring_splits(c, 0))
                    *c = floor;
            }
        }
    }
}

int bw_mines_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    bw_pit_plan *pl;
    (void)o;
    BW_ASSERT(m);
    if (level < 1 || level > BW_MINES_LEVELS)
        return BW_ERR_LEVEL;
    pl = state_at(m)->pl; /* the pits from above, the pits leading down */
    bw_mines_pits(seed, level, &pl[0], &pl[1]);
    levels[level - 1](m, seed);
    obstacles_keep_ways_open(&m->grid, level == 5 ? BW_T_LAVA : BW_T_ROCK, level == 1 ? BW_T_DIRT : BW_T_STONE);
    return 0;
}

/* ------------------------------------------------------------ steam */

/* Rule 1.3.5: each period a puff rises at a point near the pit (drawn from the
 * seed and the period), grows for half the puff and shrinks again; its
 * edge is ragged by a per-cell hash. The puff's centre lies at most 4
 * from the pit seed and its radius is at most 5, so the window (REACH 14
 * round the seed) always holds it; pit seeds keep 13 from the map's edge
 * (bw_pit_place), so the puff never leaves the map either. */
static const uint8_t steam_radius[BW_MINES_STEAM_PUFF] = { 2, 3, 4, 5, 5, 4, 3, 2 };

void bw_mines_steam_init(bw_mines_steam_ctx *c, uint32_t seed, const bw_grid *level3)
{
    bw_pit_plan own;
    int i, j;
    bw_mines_pits(seed, 3, 0, &own);
    c->seed = seed;
    c->x0 = (int16_t)(own.x[0] - BW_MINES_STEAM_REACH); /* DLVL 3 has one pit (rule 1.3.4) */
    c->y0 = (int16_t)(own.y[0] - BW_MINES_STEAM_REACH);
    for (j = 0; j < BW_MINES_STEAM_SIDE; j++) {
        int y = c->y0 + j;
        uint32_t v = 0;
        for (i = 0; i < BW_MINES_STEAM_SIDE; i++) {
            int x = c->x0 + i;
            if (x >= 0 && y >= 0 && x < BW_MINES_W && y < BW_MINES_H &&
                (!level3 || BW_AT(level3, x, y) != BW_T_ROCK))
                v |= 1u << i;
        }
        c->open[j] = v;
    }
}

/* The puff of `tick`: 0 between puffs, else 1 with its hash, centre and
 * radius. */
static int puff(const bw_mines_steam_ctx *c, uint32_t tick, uint32_t *h, int *cx, int *cy,
                int *rad)
{
    uint32_t phase = tick % BW_MINES_STEAM_PERIOD;
    if (phase >= BW_MINES_STEAM_PUFF)
        return 0;
    *h = bw_rng_mix(c->seed, BW_GEN_MINES, tick / BW_MINES_STEAM_PERIOD, P_STEAM);
    *cx = c->x0 + BW_MINES_STEAM_REACH + (int)(*h & 7) - 3;
    *cy = c->y0 + BW_MINES_STEAM_REACH + (int)((*h >> 3) & 7) - 3;
    *rad = steam_radius[phase];
    return 1;
}

/* Steam at (x, y) of a puff, the window and the mask aside: inside the
 * disc, and on its outer ring only on 3 cells in 4. */
static int in_puff(uint32_t h, uint32_t phase, int cx, int cy, int rad, int x, int y)
{
    int32_t d2 = bw_dist2(x, y, cx, cy);
    if (d2 > rad * rad + rad)
        return 0;
    if (d2 > (rad - 1) * (rad - 1))
        return (bw_rng_mix(h, (uint32_t)x, (uint32_t)y, phase) & 3u) != 0;
    return 1;
}

int bw_mines_steam_at(const bw_mines_steam_ctx *c, uint32_t tick, int x, int y)
{
    uint32_t h;
    int cx, cy, rad, i, j;
    /* the window's bounds first, so x - x0 cannot overflow for extreme options */
    if (x < c->x0 || y < c->y0 || x >= c->x0 + BW_MINES_STEAM_SIDE || y >= c->y0 + BW_MINES_STEAM_SIDE)
        return 0;
    i = x - c->x0;
    j = y - c->y0;
    if (!((c->open[j] >> i) & 1u) || !puff(c, tick, &h, &cx, &cy, &rad))
        return 0;
    return in_puff(h, tick % BW_MINES_STEAM_PERIOD, cx, cy, rad, x, y);
}

int bw_mines_steam_rows(const bw_mines_steam_ctx *c, uint32_t tick,
                        uint32_t rows[BW_MINES_STEAM_SIDE])
{
    uint32_t h;
    int cx, cy, rad, x, y, n = 0;
    BW_ASSERT(c && rows);
    for (y = 0; y < BW_MINES_STEAM_SIDE; y++)
        rows[y] = 0;
    if (!puff(c, tick, &h, &cx, &cy, &rad))
        return 0;
    for (y = cy - rad; y <= cy + rad; y++) /* the puff's box, inside the window */
        for (x = cx - rad; x <= cx + rad; x++) {
            int i = x - c->x0, j = y - c->y0;
            if (((c->open[j] >> i) & 1u) &&
                in_puff(h, tick % BW_MINES_STEAM_PERIOD, cx, cy, rad, x, y)) {
                rows[j] |= 1u << i;
                n++;
            }
        }
    return n;
}

int bw_mines_steam(uint32_t seed, uint32_t tick, int x, int y)
{
    bw_mines_steam_ctx c;
    bw_mines_steam_init(&c, seed, 0);
    return bw_mines_steam_at(&c, tick, x, y);
}
