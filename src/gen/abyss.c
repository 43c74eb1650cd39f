/* The Abyss (rules 5.1 - 5.3, docs/abyss.md); see include/burrow/abyss.h.
 *
 * Everything an area is drawn from is local to it: its own stream
 * (seed, level, epoch, area), its box, and its anchors (the ports on its
 * edges, the pit and the ladder when they fall inside it). Drawing never
 * writes outside the area, so an area can be redrawn while its neighbours
 * stay exactly as they are. (It reads one square past a kind's box in two
 * places, a building's outline and a boulder's clearance, so at a box's
 * edge a neighbour's square can decide a wall or a boulder; the same calls
 * still give the same maps.) */
#include "burrow/abyss.h"
#include "burrow/building.h"
#include "burrow/geom.h"

/* The map must fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_ABYSS_SIZE && BW_MAP_H >= BW_ABYSS_SIZE,
                 abyss_needs_BW_MAP_W_120_and_BW_MAP_H_120);

/* Stream purposes: the pit (one per epoch), the ports (fixed for the
 * level's lifetime), the areas (one per epoch and area), the pit places
 * (fixed). The area purpose wraps after 2^32 / 5 / 36 epochs (about 24
 * million): far beyond a game's regenerations. */
enum { P_PIT = 1, P_PORT = 2, P_AREA = 3, P_SPOT = 4, P_KINDS = 5 };
#define PURPOSE(what, n) ((uint32_t)(n) * P_KINDS + (what))
/* The ground's lattice (see dirt_at) takes the multiples of P_KINDS,
 * which no other purpose uses: PURPOSE(0, 1 + lattice point). */
#define P_GROUND(i) PURPOSE(0, 1 + (i))

/* A combination (rule 5.1) in one area of three: a second kind over a half. */
#define COMBO_ONE_IN 3
/* Ports keep this far from an area's corners, so the four edges' ports
 * never meet. Each shared edge has PORTS of them, one in each of as many
 * segments PORT_SEG long with a square between segments, so they are
 * separate ways across: 3..6, 8..11 and 13..16 along a 20-square edge. */
#define PORT_MARGIN 3
#define PORTS 3
#define PORT_SEG 4
BW_STATIC_ASSERT(PORT_MARGIN + PORTS * (PORT_SEG + 1) - 1 <= BW_ABYSS_AREA - PORT_MARGIN, abyss_ports_fit);
/* A pit lies at least this far inside its area's edge. */
#define PIT_MARGIN 2
/* Draws of a cave before it settles for an open disc (see draw_cave). */
#define CAVE_TRIES 4

static bw_rect area_rect(int a)
{
    int x0 = (a % BW_ABYSS_SIDE) * BW_ABYSS_AREA, y0 = (a / BW_ABYSS_SIDE) * BW_ABYSS_AREA;
    return bw_rect_make(x0, y0, x0 + BW_ABYSS_AREA - 1, y0 + BW_ABYSS_AREA - 1);
}

/* The part of an area drawing may touch: the map's outer ring stays rock. */
static bw_rect drawable(bw_rect r)
{
    return bw_rect_make(bw_max(r.x0, 1), bw_max(r.y0, 1),
                        bw_min(r.x1, BW_ABYSS_SIZE - 2), bw_min(r.y1, BW_ABYSS_SIZE - 2));
}

static int area_of(int x, int y)
{
    return (y / BW_ABYSS_AREA) * BW_ABYSS_SIDE + x / BW_ABYSS_AREA;
}

/* What a player can step on: the Abyss joins walkable ground, which is
 * stricter than world rule 3's connectivity (docs/tiles.md: rubble and
 * boulders connect but block the way). */
static int walkable(uint8_t t)
{
    return (BW_TILE_FLAGS(t) & BW_PASS) != 0;
}

/* Bit k of the nibble n (0..15) spread to all of byte k. */
static uint32_t byte_mask(uint32_t n)
{
    return (((n * 0x00204081u) & 0x01010101u) * 0xffu);
}

/* ------------------------------------------------------------ the kinds */

/* A disc of `tile` clipped to `box`, over `over` only (or any tile when
 * over is BW_TILE_COUNT). */
static void mound(bw_grid *g, bw_rect box, int cx, int cy, int rad, int over, uint8_t tile)
{
    int x, y;
    for (y = bw_max(cy - rad, box.y0); y <= bw_min(cy + rad, box.y1); y++)
        for (x = bw_max(cx - rad, box.x0); x <= bw_min(cx + rad, box.x1); x++)
            if (bw_dist2(x, y, cx, cy) <= rad * rad + rad &&
                (over == BW_TILE_COUNT || BW_AT(g, x, y) == over))
                BW_AT(g, x, y) = tile;
}

/* A random coordinate in lo + m .. hi - m, or the middle when that is empty. */
static int inside(bw_rng *r, int lo, int hi, int m)
{
    return lo + m <= hi - m ? bw_rng_range(r, lo + m, hi - m) : (lo + hi) / 2;
}

/* A mound of `tile` over `over`, radius 1..rmax, somewhere in the box
 * centred on a square of `over`: the centre is drawn again while it misses
 * one, at most MOUND_TRIES times (then it stays where the last draw put
 * it). The draws are made one statement at a time: the order in which a
 * call's arguments are evaluated differs between compilers, and the maps
 * must not. */
#define MOUND_TRIES 4
static void random_mound(bw_grid *g, bw_rng *r, bw_rect box, int rmax, uint8_t over, uint8_t tile)
{
    int cx = 0, cy = 0, rad, i;
    for (i = 0; i < MOUND_TRIES && (i == 0 || BW_AT(g, cx, cy) != over); i++) {
        cx = inside(r, box.x0, box.x1, 2);
        cy = inside(r, box.y0, box.y1, 2);
    }
    rad = bw_rng_range(r, 1, rmax);
    mound(g, box, cx, cy, rad, over, tile);
}

/* Rule 5.1 "crumbling buildings": PUT_BUILDING rooms on dirt (which the
 * level's ground recolours: scan_box), whose walls then decay: a
 * quarter crumble, an eighth have fallen to rubble. */
static void draw_ruins(bw_map *m, bw_rng *r, bw_rect box)
{
    /* PUT_BUILDING's defaults (bw_building_defaults), kept in flash rather
     * than filled in on the stack */
    static const bw_building_params p = { BW_T_BWALL, BW_T_WOOD, BW_T_CRUMBLE_WALL, BW_T_BROKEN_WALL,
                                          BW_T_DOOR, 12, 5, 12, 5, 10, { { 0, 0, 0, 0 } } };
    bw_grid *g = &m->grid;
    int i, n, x, y, bw = bw_rect_w(box), bh = bw_rect_h(box);
    bw_grid_rect(g, box.x0, box.y0, box.x1, box.y1, BW_T_DIRT);
    n = bw_rng_range(r, 2, 4);
    for (i = 0; i < n && bw >= 7 && bh >= 7; i++) {
        int w = bw_rng_range(r, 5, bw_min(9, bw - 2)), h = bw_rng_range(r, 5, bw_min(8, bh - 2));
        int x0 = bw_rng_range(r, box.x0 + 1, box.x1 - w), y0 = bw_rng_range(r, box.y0 + 1, box.y1 - h);
        bw_building_put(g, r, &p, bw_rect_make(x0, y0, x0 + w - 1, y0 + h - 1));
    }
    for (y = box.y0; y <= box.y1; y++)
        for (x = box.x0; x <= box.x1; x++)
            if (BW_AT(g, x, y) == BW_T_BWALL) {
                uint32_t d = bw_rng_below(r, 8);
                if (d < 2)
                    BW_AT(g, x, y) = BW_T_CRUMBLE_WALL;
                else if (d == 2)
                    BW_AT(g, x, y) = BW_T_RUBBLE;
            }
}

/* Rule 5.1 "mountainous rubble": ridges. A ridge is a walk along the box's
 * longer axis from one end to the other, leaving RIDGE_IN free at each
 * end (a way round it), in its own band across the box (bands RIDGE_GAP
 * apart); at one step in RIDGE_SLOPE it moves a square across, the way it
 * leans, which turns at one step in RIDGE_TURN, so it bends gently. Each
 * step heaps two squares of rubble across it, four at a peak (one step in
 * PEAK_ONE_IN): a long massif two to four wide. One or two ridges per
 * whole area, one in a half; boulders are strewn over the dirt off them. */
#define RIDGE_IN 1
#define RIDGE_GAP 3
#define RIDGE_SLOPE 3
#define RIDGE_TURN 6
#define PEAK_ONE_IN 6
static void ridge(bw_grid *g, bw_rng *r, bw_rect box, int band, int bands)
{
    int wide = bw_rect_w(box) >= bw_rect_h(box);
    int lo = wide ? box.x0 : box.y0, hi = wide ? box.x1 : box.y1;
    int a0 = (wide ? box.y0 : box.x0) + 2, a1 = (wide ? box.y1 : box.x1) - 3;
    int span = a1 - a0 + 1, clo, chi, c, t, k, lean = bw_rng_chance(r, 1, 2) ? 1 : -1;
    if (span < 1) {
        a0 = a1 = (a0 + a1) / 2;
        span = 1;
    }
    clo = a0 + span * band / bands + (band > 0 ? RIDGE_GAP / 2 : 0);
    chi = bw_max(clo, a0 + span * (band + 1) / bands - 1 - (band + 1 < bands ? RIDGE_GAP - RIDGE_GAP / 2 : 0));
    c = bw_rng_range(r, clo, chi);
    for (t = lo + RIDGE_IN; t <= hi - RIDGE_IN; t++) {
        int peak = bw_rng_chance(r, 1, PEAK_ONE_IN);
        if (bw_rng_chance(r, 1, RIDGE_TURN))
            lean = -lean;
        if (bw_rng_chance(r, 1, RIDGE_SLOPE))
            c += lean;
        if (c < clo || c > chi) { /* the band's edge: lean back */
            c = bw_clamp(c, clo, chi);
            lean = -lean;
        }
        for (k = peak ? -1 : 0; k <= (peak ? 2 : 1); k++) {
            int x = wide ? t : c + k, y = wide ? c + k : t;
            if (bw_rect_contains(box, x, y))
                BW_AT(g, x, y) = BW_T_RUBBLE;
        }
    }
}

static void draw_rubble(bw_map *m, bw_rng *r, bw_rect box)
{
    bw_grid *g = &m->grid;
    int i, n, bx, by, area = bw_rect_w(box) * bw_rect_h(box);
    bw_grid_rect(g, box.x0, box.y0, box.x1, box.y1, BW_T_DIRT);
    n = area >= 300 ? bw_rng_range(r, 1, 2) : 1;
    for (i = 0; i < n; i++)
        ridge(g, r, box, i, n);
    /* "boulders between": one try in each 4 x 4 block of the box, so they
     * lie all over it rather than by chance in clumps (each half of an
     * area has some); a boulder keeps a square off the ridges, so it
     * closes no pocket of dirt against one (join_area would cut a pass
     * to each) */
    for (by = box.y0; by <= box.y1; by += 3)
        for (bx = box.x0; bx <= box.x1; bx += 3) {
            int x = bx + (int)bw_rng_below(r, 3), y = by + (int)bw_rng_below(r, 3), d, near = 0;
            if (!bw_rect_contains(box, x, y) || BW_AT(g, x, y) != BW_T_DIRT)
                continue;
            for (d = 0; d < 8; d++)
                near |= BW_AT(g, x + bw_dx8[d], y + bw_dy8[d]) == BW_T_RUBBLE;
            if (!near)
                BW_AT(g, x, y) = BW_T_BOULDER;
        }
}

/* Rule 5.1 "a twisted maze": a depth-first backtracker over cells two apart,
 * which makes long winding passages with few branches. The cells start on
 * the box's first line, so its edge is passage like any other line (no
 * wall of rock along the seam); when the box is even the last line lies
 * past the cells, and half the cells next to it open a stub into it, as a
 * passage would go on. The stack holds at most every cell once: 10 x 10
 * for a whole area.
 *
 * A cell is k = 16 row + column, rows and columns counted from 1 inside a
 * frame of cells that are never free, so a neighbour is one addition away
 * and needs no bounds test, and row and column are a shift and a mask.
 * The free cells are bits of one word a row (bit = column); the four
 * neighbours of a cell are read from three of them at once. Stack and
 * rows live in the map's scratch plane a, which joining takes over only
 * once the area is drawn. */
#define MAZE_SIDE 10
#define MAZE_CELLS (MAZE_SIDE * MAZE_SIDE)
#define MAZE_STRIDE 16
#define MAZE_ROWS_AT ((MAZE_CELLS + 3) / 4) /* the free rows' first word in plane a */
BW_STATIC_ASSERT(MAZE_STRIDE * (MAZE_SIDE + 2) <= 256 && MAZE_SIDE + 2 <= MAZE_STRIDE &&
                 MAZE_ROWS_AT + MAZE_SIDE + 2 <= BW_PLANE_WORDS, abyss_maze_cells_fit_a_byte_and_plane_a);
static void draw_maze(bw_map *m, bw_rng *r, bw_rect box)
{
    bw_grid *g = &m->grid;
    int cw = (bw_rect_w(box) + 1) / 2, ch = (bw_rect_h(box) + 1) / 2;
    uint8_t *stack = (uint8_t *)m->a.w; /* bytes of a plane's words: unsigned char may alias them */
    uint32_t *unseen = &m->a.w[MAZE_ROWS_AT];
    static const int8_t off[4] = { -MAZE_STRIDE, 1, MAZE_STRIDE, -1 }; /* N E S W */
    static const uint8_t ones[16] = { 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4 }; /* bits set */
    int step[4];
    /* cell k (framed) is the grid square at + 2 (k % STRIDE) + 2 (k / STRIDE) GRID_MAX */
    int at = box.y0 * BW_GRID_MAX + box.x0 - 2 - 2 * BW_GRID_MAX;
    int sp = 0, c, i, k, d;
    bw_grid_rect(g, box.x0, box.y0, box.x1, box.y1, BW_T_ROCK);
    if (cw > MAZE_SIDE) cw = MAZE_SIDE;
    if (ch > MAZE_SIDE) ch = MAZE_SIDE;
    for (i = 0; i < MAZE_SIDE + 2; i++)
        unseen[i] = i >= 1 && i <= ch ? ((1u << cw) - 1u) << 1 : 0u;
    for (d = 0; d < 4; d++)
        step[d] = bw_dy4[d] * BW_GRID_MAX + bw_dx4[d];
    c = (int)bw_rng_below(r, (uint32_t)(cw * ch));
    k = (c / cw + 1) * MAZE_STRIDE + c % cw + 1;
    unseen[k / MAZE_STRIDE] &= ~(1u << (k % MAZE_STRIDE));
    stack[sp++] = (uint8_t)k;
    g->cell[at + 2 * (k % MAZE_STRIDE) + 2 * (k / MAZE_STRIDE) * BW_GRID_MAX] = BW_T_STONE;
    while (sp > 0) {
        int row, col, here;
        uint32_t next;
        k = stack[sp - 1];
        row = k / MAZE_STRIDE;
        col = k % MAZE_STRIDE;
        /* the free neighbours, bit d for direction d (N E S W) */
        next = (unseen[row - 1] >> col & 1u) | (unseen[row] >> col & 2u) |
               (unseen[row + 1] >> col & 1u) << 2 | (unseen[row] << 4 >> col & 8u);
        if (next == 0) {
            sp--;
            continue;
        }
        /* the n-th free one in N E S W order, n drawn below their count */
        for (i = (int)bw_rng_cell_below(r, ones[next]); i > 0; i--)
            next &= next - 1u;
        d = bw_low_bit(next);
        here = at + 2 * col + 2 * row * BW_GRID_MAX;
        k += off[d];
        unseen[k / MAZE_STRIDE] &= ~(1u << (k % MAZE_STRIDE));
        stack[sp++] = (uint8_t)k;
        /* the wall between the two cells, then the new cell */
        g->cell[here + step[d]] = BW_T_STONE;
        g->cell[here + 2 * step[d]] = BW_T_STONE;
    }
    /* the line past the cells (even boxes): stubs from half the cells */
    for (i = 0; i < ch && box.x0 + 2 * (cw - 1) + 1 == box.x1; i++)
        if (bw_rng_chance(r, 1, 2))
            BW_AT(g, box.x1, box.y0 + 2 * i) = BW_T_STONE;
    for (i = 0; i < cw && box.y0 + 2 * (ch - 1) + 1 == box.y1; i++)
        if (bw_rng_chance(r, 1, 2))
            BW_AT(g, box.x0 + 2 * i, box.y1) = BW_T_STONE;
}

/* "Other types of area" (rule 5.1): a cave of stone rounded by the 4-5 rule of
 * Game of Life, with lichen on its floor. The box starts as rock 45 in 100
 * inside a rim of open stone; the rule (rock lives on with 4 or more rock
 * neighbours of 8, open ground turns rock with 5 or more) runs 3
 * generations inside the rim, which it reads as open, so the cave's rock
 * rounds off before the box's edge instead of being cut straight by it;
 * then each rim square takes the tile of the square inside it, so no wall
 * of rock lines the seam either. It reads nothing of the neighbours.
 *
 * A box is at most 20 wide, so a row of it is one word of bits (bit i the
 * cell box.x0 + i, 1 for rock) and a generation counts the 8 neighbours of
 * a whole row at once with a bit-sliced adder. The rows live in the map's
 * scratch plane a (joining takes it over after drawing), and the grid is
 * written once, from the last generation. */
#define CAVE_ROCK 55      /* in 100, before the rule: the open rim wears it to about 38% */
#define CAVE_GENERATIONS 3
BW_STATIC_ASSERT(BW_ABYSS_AREA <= 30 && 2 * BW_ABYSS_AREA <= BW_PLANE_WORDS, abyss_cave_rows_fit);

/* Bits set in v. */
static int bits_in(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    return (int)((((v + (v >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* One generation of the 4-5 rule over rows 1..h-2 of `rock`, columns
 * `inner` (the rows above and below, and the columns outside, are read as
 * they are); `next` gets the new rows. The 8 neighbours of a row: three
 * above, three below and two beside, summed bit-sliced into ones, twos
 * and fours. */
static void cave_generation(const uint32_t *rock, uint32_t *next, int h, uint32_t inner)
{
    int j;
    for (j = 1; j < h - 1; j++) {
        uint32_t p = rock[j - 1], c = rock[j], n = rock[j + 1];
        uint32_t pw = p << 1, pe = p >> 1, nw = n << 1, ne = n >> 1, cw = c << 1, ce = c >> 1;
        /* above and below: three bits each into a one and a two */
        uint32_t plo = pw ^ p ^ pe, phi = (pw & p) | (pe & (pw ^ p));
        uint32_t nlo = nw ^ n ^ ne, nhi = (nw & n) | (ne & (nw ^ n));
        uint32_t clo = cw ^ ce, chi = cw & ce;
        /* the ones: l0 + 2 l1; the twos: m0 + 2 h1 */
        uint32_t l0 = plo ^ clo ^ nlo, l1 = (plo & clo) | (nlo & (plo ^ clo));
        uint32_t m0 = phi ^ chi ^ nhi, h1 = (phi & chi) | (nhi & (phi ^ chi));
        /* count = l0 + 2 (l1 + m0) + 4 h1 = l0 + 2 (m0 ^ l1) + 4 (h1 + (m0 & l1)) */
        uint32_t m1 = l1 & m0, twos = m0 ^ l1;
        uint32_t ge4 = m1 | h1;                                  /* 4 or more */
        uint32_t ge5 = (m1 & h1) | ((m1 ^ h1) & (l0 | twos));    /* 5 or more */
        next[j] = (((c & ge4) | (~c & ge5)) & inner) | (c & ~inner);
    }
    next[0] = rock[0];
    next[h - 1] = rock[h - 1];
}

static void draw_cave(bw_map *m, bw_rng *r, bw_rect box)
{
    bw_grid *g = &m->grid;
    const uint32_t stone4 = BW_T_STONE * 0x01010101u, rock4 = BW_T_ROCK * 0x01010101u;
    uint32_t *rock = m->a.w, *next = m->a.w + BW_ABYSS_AREA, *t;
    int w = bw_rect_w(box), h = bw_rect_h(box), x, y, i, try, stone = 0;
    int inner = (w - 2) * (h - 2);
    uint32_t cols = w > 2 ? ((1u << (w - 2)) - 1u) << 1 : 0u; /* the columns inside the rim */
    if (w > BW_ABYSS_AREA || h > BW_ABYSS_AREA)
        return; /* never: a box is at most an area */
    /* the rule can close a narrow box up: redraw until a third of it is
     * open, at most CAVE_TRIES times, then lay an open disc in the middle */
    for (try = 0; try < CAVE_TRIES && stone * 3 < inner; try++) {
        /* the rim open, the inside drawn in row order */
        for (y = 0; y < h; y++) {
            uint32_t bits = 0;
            for (x = 1; x < w - 1 && y > 0 && y < h - 1; x++)
                if (bw_rng_cell_below(r, 100) < CAVE_ROCK)
                    bits |= 1u << x;
            rock[y] = bits;
        }
        for (i = 0; i < CAVE_GENERATIONS; i++) {
            cave_generation(rock, next, h, cols);
            t = rock;
            rock = next;
            next = t;
        }
        /* the rim takes the square next inside it (the rows' ends first,
         * then the first and last rows, corners and all) */
        if (w >= 3 && h >= 3) {
            for (y = 1; y < h - 1; y++)
                rock[y] |= (rock[y] >> 1 & 1u) | (rock[y] >> (w - 2) & 1u) << (w - 1);
            rock[0] = rock[1];
            rock[h - 1] = rock[h - 2];
        }
        stone = w * h;
        for (y = 0; y < h; y++)
            stone -= bits_in(rock[y]);
    }
    for (y = 0; y < h; y++) { /* four cells a word, then the rest */
        uint8_t *c = &BW_AT(g, box.x0, y + box.y0);
        for (x = 0; x + 4 <= w; x += 4)
            bw_store4(c + x, stone4 ^ (byte_mask(rock[y] >> x & 0xfu) & (stone4 ^ rock4)));
        for (; x < w; x++)
            c[x] = (rock[y] >> x) & 1u ? BW_T_ROCK : BW_T_STONE;
    }
    if (stone * 3 < inner)
        mound(g, bw_rect_make(box.x0 + 1, box.y0 + 1, box.x1 - 1, box.y1 - 1),
              (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2,
              bw_min(bw_rect_w(box), bw_rect_h(box)) / 2, BW_TILE_COUNT, BW_T_STONE);
    for (i = bw_rng_range(r, 1, 3); i > 0; i--)
        random_mound(g, r, box, 2, BW_T_STONE, BW_T_LICHEN);
}

typedef struct kind_info {
    void (*draw)(bw_map *m, bw_rng *r, bw_rect box);
    uint8_t floor; /* laid where the area is joined up */
} kind_info;

static const kind_info kinds[BW_ABYSS_KINDS] = {
    { draw_ruins, BW_T_DIRT },   /* BW_ABYSS_RUINS */
    { draw_rubble, BW_T_DIRT },  /* BW_ABYSS_RUBBLE */
    { draw_maze, BW_T_STONE },   /* BW_ABYSS_MAZE */
    { draw_cave, BW_T_STONE },   /* BW_ABYSS_CAVE */
};

/* A combination (rule 5.1): the second kind over one half of the box (`half`:
 * 1 west, 2 east, 3 north, 4 south), split on a wavy line, not a straight
 * one: the line wanders from the middle up to WOBBLE squares into the
 * main kind's half, a square at most per step along it, so the second
 * kind always covers its own half and bites into the other. It is drawn
 * over its half widened by WOBBLE; the main kind's squares in that band
 * are kept first and put back on the main side of the line. */
#define WOBBLE 3

/* The main kind's half when the second kind takes `half`. */
static bw_rect main_half(bw_rect b, int half)
{
    int mx = (b.x0 + b.x1) / 2, my = (b.y0 + b.y1) / 2;
    switch (half) {
    case 1: return bw_rect_make(mx + 1, b.y0, b.x1, b.y1);
    case 2: return bw_rect_make(b.x0, b.y0, mx, b.y1);
    case 3: return bw_rect_make(b.x0, my + 1, b.x1, b.y1);
    default: return bw_rect_make(b.x0, b.y0, b.x1, my);
    }
}
/* The kept band lives in the map's scratch plane a, past the words the
 * maze and the cave use while the second kind is drawn (bytes of a
 * plane's words, as unsigned char, may alias them). */
#define KEEP_AT 64
BW_STATIC_ASSERT(KEEP_AT >= 2 * BW_ABYSS_AREA && KEEP_AT >= MAZE_ROWS_AT + MAZE_SIDE + 2 &&
                 KEEP_AT * 4 + WOBBLE * BW_ABYSS_AREA <= BW_PLANE_WORDS * 4, abyss_keep_fits_plane_a);
/* Where the split lies in box b when the second kind takes `half`: the
 * line runs along t (alo..ahi) across lines lo..hi (x when `across`),
 * the middle line is mid, and band0 is the first of the WOBBLE main-side
 * lines next to it; the second kind is on the low side when `low`. */
typedef struct split {
    uint8_t across, low, alo, ahi, mid, band0; /* map coordinates: 0..119 */
} split;

static int split_of(bw_rect b, int half, split *s)
{
    int across = half <= 2; /* the line runs along y, splitting x */
    int lo = across ? b.x0 : b.y0, hi = across ? b.x1 : b.y1, mid = (lo + hi) / 2;
    int alo = across ? b.y0 : b.x0, ahi = across ? b.y1 : b.x1, low = half == 1 || half == 3;
    s->across = (uint8_t)across;
    s->low = (uint8_t)low;
    s->alo = (uint8_t)alo;
    s->ahi = (uint8_t)ahi;
    s->mid = (uint8_t)mid;
    s->band0 = (uint8_t)(low ? mid + 1 : mid - WOBBLE + 1);
    /* always: boxes are at most an area and 18 or more wide */
    return ahi - alo + 1 <= BW_ABYSS_AREA && mid - WOBBLE >= lo && mid + WOBBLE + 1 <= hi;
}

/* The box the second kind is drawn over: its half widened by WOBBLE. */
static bw_rect second_box(bw_rect b, const split *s)
{
    if (s->low)
        return s->across ? bw_rect_make(b.x0, b.y0, s->mid + WOBBLE, b.y1)
                         : bw_rect_make(b.x0, b.y0, b.x1, s->mid + WOBBLE);
    return s->across ? bw_rect_make(s->band0, b.y0, b.x1, b.y1)
                     : bw_rect_make(b.x0, s->band0, b.x1, b.y1);
}

/* The main kind's squares in the band (put == 0), or back on the main side
 * of the wavy line (put == 1, drawing the line from r): the second kind
 * reaches w squares past the middle, w moving by at most one a step. Line
 * q of the band (band0 + q) is kept in keep[q]; it lies q lines past the
 * middle on the low side, WOBBLE - 1 - q on the high side. */
static BW_NOINLINE void band(bw_map *m, bw_rng *r, const split *s, int put)
{
    uint8_t (*keep)[BW_ABYSS_AREA] = (uint8_t (*)[BW_ABYSS_AREA])(void *)&m->a.w[KEEP_AT];
    int along = s->across ? BW_GRID_MAX : 1, across = s->across ? 1 : BW_GRID_MAX; /* t, q steps */
    uint8_t *c = s->across ? &BW_AT(&m->grid, s->band0, s->alo) : &BW_AT(&m->grid, s->alo, s->band0);
    int q, t, n = s->ahi - s->alo + 1, w = put ? bw_rng_range(r, 0, WOBBLE) : 0;
    for (t = 0; t < n; t++, c += along) {
        int q0 = 0, q1 = WOBBLE - 1;
        if (!put) {
            for (q = 0; q < WOBBLE; q++)
                keep[q][t] = c[q * across];
            continue;
        }
        w = bw_clamp(w + bw_rng_step_range(r, -1, 1), 0, WOBBLE);
        if (s->low) /* past the line: the main kind's side */
            q0 = w;
        else
            q1 = WOBBLE - 1 - w;
        for (q = q0; q <= q1; q++)
            c[q * across] = keep[q][t];
    }
}

/* -------------------------------------------------------------- ground */

/* Rule 5.1, the areas' outlines: the ground is the level's, not the
 * area's. Whether open floor is dirt or bare stone follows one field
 * over the whole level, fixed for its lifetime (from (seed, level) only):
 * value noise on a lattice GROUND_STEP apart, which is not a divisor of
 * the area's side, read bilinearly and cut at its middle. Its patches
 * have rounded, wandering outlines that cross area borders as if they
 * were not there, so the floor's colour draws no grid; the kinds keep
 * what makes them (walls, rubble, rock). Only floor is recoloured, so
 * what is walkable is unchanged, and an area still writes its own box
 * only: the field needs no neighbour. */
#define GROUND_STEP 16
#define GROUND_SIDE (BW_ABYSS_SIZE / GROUND_STEP + 3) /* lattice points a side, with room */
#define GROUND_CUT (128 * GROUND_STEP * GROUND_STEP)       /* the field's middle, scaled */
/* The lattice lives in the map's scratch plane b, past the rows joining
 * uses (its first BW_ABYSS_AREA words), so the stack does not grow: the
 * 20 KiB board has no room for it there. Bytes of a plane's words are read
 * as unsigned char, which may alias anything. */
#define GROUND_WORD 32
BW_STATIC_ASSERT(GROUND_WORD >= BW_ABYSS_AREA &&
                 GROUND_WORD * 4 + GROUND_SIDE * GROUND_SIDE <= BW_PLANE_WORDS * 4, abyss_ground_fits_plane_b);
static uint8_t *ground_of(bw_map *m)
{
    return (uint8_t *)&m->b.w[GROUND_WORD];
}

/* The lattice, once per call: GROUND_SIDE^2 values of 0..255. */
static void ground_lattice(bw_map *m, uint32_t seed, int level)
{
    uint8_t *h = ground_of(m);
    int i;
    for (i = 0; i < GROUND_SIDE * GROUND_SIDE; i++)
        h[i] = (uint8_t)bw_rng_mix(seed, BW_GEN_ABYSS, (uint32_t)level, P_GROUND(i));
}

/* 1 if the field at (x, y) reaches the cut: the ground there is dirt,
 * else stone. Bilinear between the four lattice points round the cell. */
static int dirt_at(const uint8_t *h, int x, int y)
{
    int fx = x % GROUND_STEP, fy = y % GROUND_STEP, i = x / GROUND_STEP, j = y / GROUND_STEP;
    int l = (GROUND_STEP - fy) * h[j * GROUND_SIDE + i] + fy * h[(j + 1) * GROUND_SIDE + i];
    int r = (GROUND_STEP - fy) * h[j * GROUND_SIDE + i + 1] + fy * h[(j + 1) * GROUND_SIDE + i + 1];
    return (GROUND_STEP - fx) * l + fx * r >= GROUND_CUT;
}

/* The floor tile the ground puts at (x, y). */
static uint8_t ground_at(bw_map *m, int x, int y)
{
    return dirt_at(ground_of(m), x, y) ? BW_T_DIRT : BW_T_STONE;
}

/* The ground along the rows of a box, a segment (the part of a row in one
 * lattice step) at a time. Along a segment the field is linear in x,
 * v = v0 + k dv, from its values l and r at the two lattice columns round
 * it (scaled by GROUND_STEP); down a lattice row l and r move by dl and dr
 * a row, so a row costs two additions a segment, not four lattice reads. */
typedef struct ground_seg {
    int l, r, dl, dr;
    uint8_t x, n, fx, i; /* first cell (box-relative), length, its place in the step, lattice column */
} ground_seg;
#define GROUND_SEGS (BW_ABYSS_AREA / GROUND_STEP + 2) /* segments a box row can have */

/* The box's segments (at most GROUND_SEGS); returns how many. */
static int ground_segs(bw_rect box, ground_seg *s)
{
    int x, n = 0;
    for (x = box.x0; x <= box.x1 && n < GROUND_SEGS; n++) {
        int end = bw_min(box.x1, (x / GROUND_STEP + 1) * GROUND_STEP - 1);
        s[n].x = (uint8_t)(x - box.x0);
        s[n].n = (uint8_t)(end - x + 1);
        s[n].fx = (uint8_t)(x % GROUND_STEP);
        s[n].i = (uint8_t)(x / GROUND_STEP);
        x = end + 1;
    }
    return n;
}

/* Row y's dirt bits, bit i for cell box.x0 + i: 1 where the ground is dirt
 * (as dirt_at says), the segments moved to row y first (read from the
 * lattice at the box's first row and where a lattice row starts). The
 * field crosses the cut at most once a segment: the crossing is found by
 * one division, and each side is a run of bits. */
static uint32_t dirt_row(const uint8_t *h, ground_seg *s, int ns, int y, int first)
{
    int fy = y % GROUND_STEP, q;
    uint32_t bits = 0;
    for (q = 0; q < ns; q++, s++) {
        int dv, v0, n = s->n, k;
        uint32_t low;
        if (first || fy == 0) {
            const uint8_t *p = h + y / GROUND_STEP * GROUND_SIDE + s->i;
            s->dl = p[GROUND_SIDE] - p[0];
            s->dr = p[GROUND_SIDE + 1] - p[1];
            s->l = GROUND_STEP * p[0] + fy * s->dl;
            s->r = GROUND_STEP * p[1] + fy * s->dr;
        } else {
            s->l += s->dl;
            s->r += s->dr;
        }
        dv = s->r - s->l;
        v0 = GROUND_STEP * s->l + s->fx * dv;
        if (dv > 0) /* dirt from step k on */
            k = v0 >= GROUND_CUT ? 0 : bw_min(n, (GROUND_CUT - v0 + dv - 1) / dv);
        else if (dv < 0) /* dirt up to step k - 1 */
            k = v0 < GROUND_CUT ? 0 : bw_min(n, (v0 - GROUND_CUT) / -dv + 1);
        else
            k = v0 >= GROUND_CUT ? n : 0;
        low = ((1u << k) - 1u) << s->x;
        bits |= dv > 0 ? (((1u << n) - 1u) << s->x) & ~low : low;
    }
    return bits;
}

/* ------------------------------------------------------- joining up */

/* Joining works on the area's box alone, a row of it to a word: bit i of
 * row word j is the cell (box.x0 + i, box.y0 + j). An area's box is at most
 * 20 x 20, so a row fits a word with room for the carry below, and a
 * flood grows a whole row at a time instead of a cell or a span at a time.
 * The words live in the map's scratch planes (their first rows), so the
 * stack stays as small as before. */
BW_STATIC_ASSERT(BW_ABYSS_AREA <= 31, abyss_area_row_fits_a_word);

typedef struct rows {
    bw_rect box;
    uint32_t *open;   /* the walkable cells of the area */
    uint32_t *joined; /* those joined to the centre so far */
} rows;

/* Row j of the box gains the open cells joined to the row next to it
 * (4-connected); 1 if it gained any. */
static inline BW_ALWAYS_INLINE int spread(const rows *w, int from, int j)
{
    uint32_t s = w->joined[from] & w->open[j] & ~w->joined[j];
    if (!s)
        return 0;
    w->joined[j] |= bw_plane_runs_of(w->open[j], s);
    return 1;
}

/* Joins every open cell connected to the cells `seed` of row j (4-connected,
 * within the box): the same cells as a flood fill from them. Rows that
 * gained cells are marked dirty, one bit a row, and the lowest dirty row
 * spreads to the rows next to it, which are marked in turn where they
 * gained cells: the work goes straight to the rows that changed, never
 * through a clean one. Every spread adds cells, so this ends (at most one
 * visit per open cell and row). */
static void grow(const rows *w, int j, uint32_t seed)
{
    int h = bw_rect_h(w->box);
    uint32_t dirty = 1u << j;
    w->joined[j] |= bw_plane_runs_of(w->open[j], seed);
    while (dirty) {
        j = bw_low_bit(dirty);
        dirty &= dirty - 1u;
        if (j > 0 && spread(w, j, j - 1))
            dirty |= 1u << (j - 1);
        if (j + 1 < h && spread(w, j, j + 1))
            dirty |= 1u << (j + 1);
    }
}

/* Lays a way from (x, y) toward (hx, hy), the longer axis first, until it
 * meets a cell already joined to the centre; every cell it opens becomes
 * open in `w`. Walls of buildings are breached, not floored; floor takes
 * the ground's tile. The way stays in the box: it starts in it and heads
 * for the centre. */
static void carve_toward(bw_map *m, const rows *w, int x, int y, int hx, int hy)
{
    int dx = bw_sign(hx - x), dy = bw_sign(hy - y);
    int xfirst = bw_abs(hx - x) >= bw_abs(hy - y);
    while (!((w->joined[y - w->box.y0] >> (x - w->box.x0)) & 1u)) {
        uint8_t *t = &BW_AT(&m->grid, x, y);
        if (!walkable(*t)) {
            *t = (*t == BW_T_BWALL || *t == BW_T_CRUMBLE_WALL) ? BW_T_BROKEN_WALL : ground_at(m, x, y);
            w->open[y - w->box.y0] |= 1u << (x - w->box.x0);
        }
        if (x == hx && y == hy)
            break; /* the centre is joined from the start: never reached */
        if (xfirst ? x != hx : y == hy)
            x += dx;
        else
            y += dy;
    }
}

/* What the scan needs of a tile, by its slot (BW_TILE_SLOT): bit 0, it is
 * walkable (BW_PASS, the same as walkable()); bit 4, it is floor the
 * ground recolours (dirt or stone). Made from the tile list, so it cannot
 * drift from the tiles' flags. */
#define SCAN_CLASS(id, name, glyph, colour, flags, cost)                         \
    (uint8_t)(((flags) & BW_PASS ? 1u : 0u) |                                    \
              (BW_T_##id == BW_T_DIRT || BW_T_##id == BW_T_STONE ? 16u : 0u)),
static const uint8_t scan_class[BW_TILE_SLOTS] = { BW_TILE_LIST(SCAN_CLASS) };
#undef SCAN_CLASS

/* One pass over the drawn box, a row at a time and four cells a word: the
 * floor takes the ground's tile (dirt or stone: rule 5.1's outlines), and
 * the walkable cells become the row words of `w`, none joined yet. The
 * words run over the whole area (its columns start on a multiple of 4);
 * what lies outside the box is the map's rock rim, neither floor nor
 * walkable. */
BW_STATIC_ASSERT(BW_ABYSS_AREA % 4 == 0, abyss_area_rows_are_whole_words);
static BW_NOINLINE void scan_box(bw_map *m, rows *w, bw_rect box)
{
    const uint8_t *h = ground_of(m);
    const uint32_t dirt4 = BW_T_DIRT * 0x01010101u, stone4 = BW_T_STONE * 0x01010101u;
    ground_seg seg[GROUND_SEGS];
    int y, i, x0 = box.x0 / BW_ABYSS_AREA * BW_ABYSS_AREA, off = box.x0 - x0, ns = ground_segs(box, seg);
    w->box = box;
    w->open = m->b.w;
    w->joined = m->a.w;
    for (y = box.y0; y <= box.y1; y++) {
        uint8_t *c = &BW_AT(&m->grid, x0, y);
        uint32_t dirt = dirt_row(h, seg, ns, y, y == box.y0) << off, bits = 0;
        for (i = 0; i < BW_ABYSS_AREA; i += 4) {
            uint32_t v = bw_load4(c + i);
            /* the four cells' classes: walkable in bits 0..3, floor in 4..7 */
            uint32_t k = (uint32_t)scan_class[BW_TILE_SLOT(v)] | (uint32_t)scan_class[BW_TILE_SLOT(v >> 8)] << 1 |
                         (uint32_t)scan_class[BW_TILE_SLOT(v >> 16)] << 2 | (uint32_t)scan_class[BW_TILE_SLOT(v >> 24)] << 3;
            bits |= (k & 0xfu) << i;
            if (k >> 4) { /* the floor bytes take dirt where the ground is, else stone */
                uint32_t want = stone4 ^ (byte_mask((dirt >> i) & 0xfu) & (stone4 ^ dirt4));
                bw_store4(c + i, v ^ ((v ^ want) & byte_mask(k >> 4)));
            }
        }
        w->open[y - box.y0] = bits >> off;
        w->joined[y - box.y0] = 0;
    }
}

/* An anchor (a port, the pit or its place, a ladder) at (x, y) of the
 * scanned box: `tile` unless it is the kind's floor and the cell is
 * walkable already; floor takes the ground's tile. */
static void put_anchor(bw_map *m, const rows *w, int x, int y, uint8_t tile, uint8_t floor)
{
    uint8_t *t = &BW_AT(&m->grid, x, y);
    if (tile == floor && walkable(*t))
        return;
    *t = tile == BW_T_DIRT || tile == BW_T_STONE ? ground_at(m, x, y) : tile;
    if (walkable(*t) && bw_rect_contains(w->box, x, y))
        w->open[y - w->box.y0] |= 1u << (x - w->box.x0);
}

/* Every walkable cell of the scanned box, its anchors among them, joined
 * to its centre through walkable cells of the box only. The rows of the
 * box go through in order, and in each the cells left unjoined from the
 * west: each is given a way toward the centre, and joined with all it
 * reaches. */
static BW_NOINLINE void join_area(bw_map *m, rows *w)
{
    bw_rect box = w->box;
    int x, y, hx = (box.x0 + box.x1 + 1) / 2, hy = (box.y0 + box.y1 + 1) / 2;
    uint8_t *c = &BW_AT(&m->grid, hx, hy);
    if (!walkable(*c)) {
        *c = ground_at(m, hx, hy);
        w->open[hy - box.y0] |= 1u << (hx - box.x0);
    }
    grow(w, hy - box.y0, 1u << (hx - box.x0));
    /* each pass joins one region to the centre; at most one per walkable
     * cell, so this ends */
    for (y = 0; y < bw_rect_h(box); y++) {
        uint32_t left;
        while ((left = w->open[y] & ~w->joined[y]) != 0) {
            x = bw_low_bit(left);
            carve_toward(m, w, box.x0 + x, box.y0 + y, hx, hy);
            grow(w, y, 1u << x);
        }
    }
}

/* ------------------------------------------------------------- anchors */

/* Port j (0..PORTS-1) on the east (side 0) or south (side 1) edge of
 * area a: the offset along the edge, in segment j. */
static int port_at(uint32_t seed, int level, int a, int side, int j)
{
    uint32_t h = bw_rng_mix(seed, BW_GEN_ABYSS, (uint32_t)level, PURPOSE(P_PORT, (a * 2 + side) * PORTS + j));
    return PORT_MARGIN + j * (PORT_SEG + 1) + (int)(h % PORT_SEG);
}

/* The cells area a must keep open toward its neighbours: its own cell of
 * each port on its four edges (the map's rim has none); the neighbour
 * keeps the other. */
static void add_ports(bw_map *m, const rows *w, uint32_t seed, int level, int a, uint8_t floor)
{
    int ax = a % BW_ABYSS_SIDE, ay = a / BW_ABYSS_SIDE, j;
    bw_rect r = area_rect(a);
    for (j = 0; j < PORTS; j++) {
        if (ax + 1 < BW_ABYSS_SIDE)
            put_anchor(m, w, r.x1, r.y0 + port_at(seed, level, a, 0, j), floor, floor);
        if (ax > 0)
            put_anchor(m, w, r.x0, r.y0 + port_at(seed, level, a - 1, 0, j), floor, floor);
        if (ay + 1 < BW_ABYSS_SIDE)
            put_anchor(m, w, r.x0 + port_at(seed, level, a, 1, j), r.y1, floor, floor);
        if (ay > 0)
            put_anchor(m, w, r.x0 + port_at(seed, level, a - BW_ABYSS_SIDE, 1, j), r.y0, floor, floor);
    }
}

/* The areas that hold a pit place: those with (ax + ay) % 3 == 0, twelve
 * spread over the level. */
static int spot_area(int k)
{
    int a, n = 0;
    for (a = 0; a < BW_ABYSS_AREAS; a++)
        if ((a % BW_ABYSS_SIDE + a / BW_ABYSS_SIDE) % 3 == 0 && n++ == k)
            return a;
    return -1;
}

/* 1 + the index of area a among the pit places, or 0 if it has none:
 * the pit-place areas before it, counted. */
static int spot_of_area(int a)
{
    int i, n = 1;
    if ((a % BW_ABYSS_SIDE + a / BW_ABYSS_SIDE) % 3 != 0)
        return 0;
    for (i = 0; i < a; i++)
        n += (i % BW_ABYSS_SIDE + i / BW_ABYSS_SIDE) % 3 == 0;
    return n;
}

int bw_abyss_spot(uint32_t seed, int level, int k, int *x, int *y)
{
    int n, a = spot_area(k), lx = -1, ly = -1;
    bw_rect b;
    BW_ASSERT(x && y);
    if (level < 1 || level >= BW_ABYSS_LEVELS)
        return BW_ERR_LEVEL;
    if (a < 0)
        return BW_ERR_ARG;
    b = area_rect(a);
    /* a level's place keeps off the cell of the same place one level up,
     * where this level has its ladder */
    for (n = 1; n <= level; n++) {
        bw_rng r;
        int i, px = 0, py = 0;
        bw_rng_stream(&r, seed, BW_GEN_ABYSS, (uint32_t)n, PURPOSE(P_SPOT, k));
        for (i = 0; i < 8; i++) {
            px = bw_rng_range(&r, b.x0 + PIT_MARGIN, b.x1 - PIT_MARGIN);
            py = bw_rng_range(&r, b.y0 + PIT_MARGIN, b.y1 - PIT_MARGIN);
            if (px != lx || py != ly)
                break;
        }
        if (px == lx && py == ly) /* eight misses: the next cell inward */
            px += px < (b.x0 + b.x1) / 2 ? 1 : -1;
        lx = px;
        ly = py;
    }
    *x = lx;
    *y = ly;
    return 0;
}

int bw_abyss_pit(uint32_t seed, int level, int *x, int *y)
{
    bw_rng r;
    if (level < 1 || level >= BW_ABYSS_LEVELS)
        return BW_ERR_LEVEL;
    bw_rng_stream(&r, seed, BW_GEN_ABYSS, (uint32_t)level, PURPOSE(P_PIT, 0));
    return bw_abyss_spot(seed, level, (int)bw_rng_below(&r, BW_ABYSS_SPOTS), x, y);
}

/* --------------------------------------------------------------- areas */

/* Where the pit is, if the level has one (rule 5.2). */
typedef struct pit_at {
    uint8_t x, y, has;
} pit_at;

/* The drawn area finished: the floor laid, then the anchors on it, then
 * every walkable cell joined up. Out of draw_area, so that its locals are
 * not on the stack while the kinds draw. */
static BW_NOINLINE void finish_area(bw_map *m, uint32_t seed, int level, int a, bw_rect box,
                                    uint8_t floor, const pit_at *links)
{
    rows w;
    int k, x, y;
    scan_box(m, &w, box);
    add_ports(m, &w, seed, level, a, floor);
    if ((k = spot_of_area(a)) > 0) {
        /* Rule 5.2: the pit if it is here, else open ground where it may come;
         * and a ladder up under the same place of the level above */
        if (bw_abyss_spot(seed, level, k - 1, &x, &y) == 0)
            put_anchor(m, &w, x, y, links->has && links->x == x && links->y == y ? BW_T_PIT : floor, floor);
        if (bw_abyss_spot(seed, level - 1, k - 1, &x, &y) == 0)
            put_anchor(m, &w, x, y, BW_T_LADDER, floor);
    }
    join_area(m, &w);
}

/* Draws area a from epoch's stream, with its anchors, and joins it up. */
static void draw_area(bw_map *m, uint32_t seed, int level, uint32_t epoch, int a,
                      const pit_at *links, bw_abyss_info *info)
{
    bw_rect whole = area_rect(a), box = drawable(whole);
    bw_rng r;
    split cut;
    int kind, second = 0, half = 0;
    bw_rng_stream(&r, seed, BW_GEN_ABYSS, (uint32_t)level, PURPOSE(P_AREA, epoch * BW_ABYSS_AREAS + (uint32_t)a));
    kind = (int)bw_rng_below(&r, BW_ABYSS_KINDS);
    if (bw_rng_chance(&r, 1, COMBO_ONE_IN)) {
        second = (kind + 1 + (int)bw_rng_below(&r, BW_ABYSS_KINDS - 1)) % BW_ABYSS_KINDS;
        half = bw_rng_range(&r, 1, 4);
    }
    /* The area starts as rock. A kind fills its own box before it reads
     * it, but ruins and rubble read a square past their box, so what they
     * may read must be rock first: in a combination the half the second
     * kind takes, and the map's rim where the box stops short of the
     * area. An area whose one kind fills all of it needs no fill (the
     * kinds then cover the box without reading it first), and neither does
     * any area at epoch 0: bw_abyss_level has just filled the map with
     * rock (regeneration takes epochs from 1). */
    if (epoch > 0 && (box.x0 != whole.x0 || box.y0 != whole.y0 || box.x1 != whole.x1 || box.y1 != whole.y1))
        bw_grid_rect(&m->grid, whole.x0, whole.y0, whole.x1, whole.y1, BW_T_ROCK);
    else if (epoch > 0 && half) {
        bw_rect o = main_half(box, ((half - 1) ^ 1) + 1); /* the second's half */
        bw_grid_rect(&m->grid, o.x0, o.y0, o.x1, o.y1, BW_T_ROCK);
    }
    /* in a combination the main kind is drawn over its own half, so each
     * kind's features lie on its side of the line */
    kinds[kind].draw(m, &r, half ? main_half(box, half) : box);
    if (half && split_of(box, half, &cut)) {
        band(m, &r, &cut, 0);
        kinds[second].draw(m, &r, second_box(box, &cut));
        band(m, &r, &cut, 1);
    }
    finish_area(m, seed, level, a, box, kinds[kind].floor, links);
    if (info) {
        info->kind[a] = (uint8_t)kind;
        info->second[a] = (uint8_t)second;
        info->half[a] = (uint8_t)half;
    }
}

/* The pit, the count and the mask of redrawn areas into the caller's
 * info (the kinds are filled in area by area as they are drawn). */
static void report(bw_abyss_info *info, const pit_at *links, const uint8_t *mask, int n)
{
    int i;
    if (!info)
        return;
    info->has_pit = links->has;
    info->pit_x = links->x;
    info->pit_y = links->y;
    info->redrawn = (uint8_t)n;
    for (i = 0; i < BW_ABYSS_MASK_BYTES; i++)
        info->redrawn_mask[i] = mask[i];
}

/* The epoch-0 pit (none on the last level). */
static void first_pit(uint32_t seed, int level, pit_at *l)
{
    int x = 0, y = 0;
    l->has = (uint8_t)(bw_abyss_pit(seed, level, &x, &y) == 0);
    l->x = (uint8_t)x;
    l->y = (uint8_t)y;
}

int bw_abyss_level(bw_map *m, uint32_t seed, int level, bw_abyss_info *info)
{
    pit_at links;
    uint8_t all[BW_ABYSS_MASK_BYTES];
    int a;
    BW_ASSERT(m);
    if (level < 1 || level > BW_ABYSS_LEVELS)
        return BW_ERR_LEVEL;
    bw_map_init(m, BW_ABYSS_SIZE, BW_ABYSS_SIZE, BW_T_ROCK);
    ground_lattice(m, seed, level);
    first_pit(seed, level, &links);
    for (a = 0; a < BW_ABYSS_MASK_BYTES; a++)
        all[a] = 0;
    for (a = 0; a < BW_ABYSS_AREAS; a++) {
        draw_area(m, seed, level, 0, a, &links, info);
        all[a >> 3] |= (uint8_t)(1u << (a & 7));
    }
    report(info, &links, all, BW_ABYSS_AREAS);
    return 0;
}

int bw_abyss_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)o;
    return bw_abyss_level(m, seed, level, 0);
}

/* 1 if every cell of area a lies farther than `keep` from (px, py). */
static int out_of_sight(int a, int px, int py, int keep)
{
    bw_rect r = area_rect(a);
    return bw_dist2(bw_clamp(px, r.x0, r.x1), bw_clamp(py, r.y0, r.y1), px, py) > keep * keep;
}

int bw_abyss_regenerate(bw_map *m, uint32_t seed, int level, uint32_t epoch,
                        int px, int py, int keep, bw_abyss_info *info)
{
    pit_at links;
    uint8_t redraw[BW_ABYSS_MASK_BYTES], places[BW_ABYSS_SPOTS];
    int a, k, n = 0, np = 0, pits, on_place = 0, x, y, pit_area = -1;
    if (level < 1 || level > BW_ABYSS_LEVELS)
        return BW_ERR_LEVEL;
    if (!m || epoch == 0 || px < 0 || py < 0 || px >= BW_ABYSS_SIZE || py >= BW_ABYSS_SIZE ||
        keep < 0 || keep > BW_ABYSS_KEEP_MAX || m->grid.w != BW_ABYSS_SIZE || m->grid.h != BW_ABYSS_SIZE)
        return BW_ERR_ARG;
    /* Rule 5.2: the pit as the grid holds it; a pit written by the game, or a
     * second one, is refused (see the header) */
    first_pit(seed, level, &links);
    pits = bw_grid_count(&m->grid, BW_T_PIT);
    for (k = 0; k < BW_ABYSS_SPOTS && links.has; k++)
        if (bw_abyss_spot(seed, level, k, &x, &y) == 0 && BW_AT(&m->grid, x, y) == BW_T_PIT) {
            links.x = (uint8_t)x;
            links.y = (uint8_t)y;
            on_place = 1;
        }
    if (pits > 1 || pits != on_place)
        return BW_ERR_STATE;
    if (links.has && on_place)
        pit_area = area_of(links.x, links.y);
    for (a = 0; a < BW_ABYSS_MASK_BYTES; a++)
        redraw[a] = 0;
    for (a = 0; a < BW_ABYSS_AREAS; a++)
        if (out_of_sight(a, px, py, keep)) {
            redraw[a >> 3] |= (uint8_t)(1u << (a & 7));
            n++;
            /* the places the pit may move to: not the one it is on */
            if ((k = spot_of_area(a)) > 0 && a != pit_area)
                places[np++] = (uint8_t)(k - 1);
        }
    if (links.has && !on_place && np == 0)
        return BW_ERR_STATE; /* lost, and nowhere out of sight to restore it */
    if (links.has && (!on_place || out_of_sight(pit_area, px, py, keep)) && np > 0) {
        /* Rule 5.3: the pit's area is redrawn (or the game wrote over the pit),
         * so the pit moves to a place in another redrawn area (if its own
         * is the only one, it stays) */
        bw_rng r;
        bw_rng_stream(&r, seed, BW_GEN_ABYSS, (uint32_t)level, PURPOSE(P_PIT, epoch));
        bw_abyss_spot(seed, level, places[bw_rng_below(&r, (uint32_t)np)], &x, &y);
        links.x = (uint8_t)x;
        links.y = (uint8_t)y;
    }
    ground_lattice(m, seed, level);
    for (a = 0; a < BW_ABYSS_AREAS; a++)
        if ((redraw[a >> 3] >> (a & 7)) & 1u)
            draw_area(m, seed, level, epoch, a, &links, info);
    report(info, &links, redraw, n);
    return n;
}
