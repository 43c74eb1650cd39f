/* The Crypts (rules 2.1 - 2.6, docs/crypts.md); see include/burrow/crypts.h.
 *
 * A level is built in five passes, each a pure function of (seed, level):
 *   1. the stair plan (bw_crypts_plan), which fixes two cells as rooms;
 *   2. the layout: which cells hold rooms, each room's shape and place;
 *   3. the links: a random spanning tree over the 5 x 5 cells, junction
 *      cells that end up as leaves pruned away, a few extra loops, and each
 *      corridor's width, pillars and bend;
 *   4. carving: rooms, then corridors (with doors), then the stairs;
 *   5. furnishing: inner room, perimeter pillars, sarcophagi or coffins.
 *
 * Connectivity (rule 2.6) holds by construction, so nothing is checked or
 * repaired afterwards:
 * - rooms and corridors never touch except at exits: a room stays inside
 *   its cell's zone (cell-local 3..20) and a corridor runs along a room's
 *   centre line to the 6-tile street between two zones, along the street
 *   and out along the other room's centre line, with rock on both sides;
 *   streets between columns carry only east links, streets between rows
 *   only south links, so corridors never cross;
 * - the links form a spanning tree of the rooms (through junctions);
 * - every obstacle in a room (pillar, sarcophagus, coffin, the inner
 *   room's walls) is placed only where its whole Chebyshev ring is free
 *   room floor, so obstacles never touch each other or the room's edge;
 *   a 4-connected room minus such obstacles stays 4-connected (a path
 *   through an obstacle can go round its ring), the inner room's doors open
 *   onto its ring, and a room's boundary tiles, where exits open, are never
 *   covered;
 * - corridor pillars stand on at most all but one lane at any point along
 *   the corridor, and the lanes next to pillars are free (spacing >= 4, the
 *   second pattern offset by half of it), so one lane is always open.
 *
 * Scratch: plane m->b marks reserved floor (exit mouths, the stairs, the
 * ground before inner doors) that obstacles may not cover. Walkable room
 * floor (where an obstacle's ring may lie) is read off the grid (walkable
 * below), so plane m->a is left free: bw_crypts_generate keeps its info
 * there. */
#include "burrow/crypts.h"
#include "burrow/geom.h"
#include "burrow/plane.h"
#include "burrow/rng.h"
#include "burrow/tile.h"

/* The map must fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_CRYPTS_MAP_W && BW_MAP_H >= BW_CRYPTS_MAP_H,
                 crypts_need_BW_MAP_W_120_and_BW_MAP_H_120);

/* Purposes for bw_rng_stream(seed, BW_GEN_CRYPTS, level, purpose). */
enum { P_STAIRS = 1, P_ROOMS = 2, P_LINKS = 3, P_FEATURES = 4 };

#define GRID BW_CRYPTS_GRID
#define CELLS BW_CRYPTS_CELLS
#define EDGES (2 * GRID * (GRID - 1)) /* 20 east + 20 south neighbour pairs */
#define ZONE (BW_CRYPTS_ZONE_HI - BW_CRYPTS_ZONE_LO + 1)

/* Rule 2.1: rooms per level (the rest of the 25 cells are junction candidates),
 * and the shape mix in percent (trapezoids take the rest). */
#define ROOMS_MIN 14
#define ROOMS_MAX 19
#define RECT_PCT 40
#define ELLIPSE_PCT 30
#define CIRCLE_ONE_IN 2      /* an ellipse is a circle (square box) */
/* Stairs lie cell-local 7..16, so a room of any size holds them 2 tiles
 * from its box; STAIR_TRIES places of the room are drawn round them before
 * the shape falls back to a rectangle, which always holds them. */
#define STAIR_LO 7
#define STAIR_HI 16
#define STAIR_TRIES 8
#define JUNCTION_LO 9        /* a junction's point, cell-local */
#define JUNCTION_HI 14
/* Rule 2.3: a link beyond the spanning tree, 1 in LOOP_ONE_IN per neighbour
 * pair; a door on an exit, DOOR_PCT percent; corridor widths 1, 2, 3 in
 * percent (WIDTH1_PCT, WIDTH2_PCT, the rest). */
#define LOOP_ONE_IN 6
#define DOOR_PCT 40
#define WIDTH1_PCT 35
#define WIDTH2_PCT 35
/* Rules 2.4, 2.5: pillars on a 2-3 wide corridor, in tenths: none, one wall,
 * both walls; a 3-wide corridor has centre pillars 1 in 2. */
#define PILLARS_NONE_10 3
#define PILLARS_ONE_10 3
#define PERIOD_LO 4
#define PERIOD_HI 6
/* Rule 2.2: features. Perimeter pillars 1 in 2; an inner room 1 in 2 where the
 * room is at least INNER_ROOM_MIN on both sides; the filler, in percent:
 * none, sarcophagi, coffins in rows, the rest strewn coffins. */
#define PILLARS_ONE_IN 2
#define INNER_NUM 1
#define INNER_DEN 2
#define INNER_ROOM_MIN 13
#define INNER_MIN 5          /* inner room walls, 3 x 3 inside */
#define INNER_TRIES 4        /* sizes tried, shrinking by 2; then no inner room */
#define FILL_NONE_PCT 30
#define FILL_SARC_PCT 35
#define FILL_ROWS_PCT 15
#define EXIT_DEPTH 2         /* reserved floor inside an exit, tiles deep */
#define STREWN_TRIES 40      /* 4 x the most strewn coffins (18 x 18 / 40 + 2) */
#define STREWN_MIN 2         /* coffins are plural */
#define LATTICE_MIN 2        /* blocks in a lattice: one has no interval */
#define LATTICE_TRIES 4      /* as drawn, turned, tightest, tightest turned */

enum { FILL_NONE, FILL_SARC, FILL_ROWS, FILL_STREWN };

static int cell_x0(int c) { return (c % GRID) * BW_CRYPTS_CELL; }
static int cell_y0(int c) { return (c / GRID) * BW_CRYPTS_CELL; }
static int cell_of(int x, int y) { return (y / BW_CRYPTS_CELL) * GRID + x / BW_CRYPTS_CELL; }
static int is_room(const bw_crypts_room *r) { return r->kind >= BW_CRYPTS_RECT; }

/* ------------------------------------------------------------- stairs */

/* Each staircase down n (DLVL 1-4) is drawn from its own stream: a cell
 * other than the one of staircase n - 1 (which holds the arrival on DLVL
 * n), then a place in it. Level L needs staircases L - 1 and L only, but
 * the cell rule chains them, so all are drawn up to L: at most 4 draws. */
void bw_crypts_plan(uint32_t seed, int level, bw_crypts_stairs *s)
{
    bw_rng r;
    int n, cell = -1, x = 0, y = 0, px = 0, py = 0;
    for (n = 1; n <= level && n < BW_CRYPTS_LEVELS; n++) {
        int c;
        px = x;
        py = y;
        bw_rng_stream(&r, seed, BW_GEN_CRYPTS, (uint32_t)n, P_STAIRS);
        if (cell < 0) {
            c = (int)bw_rng_below(&r, CELLS);
        } else {
            c = (int)bw_rng_below(&r, CELLS - 1);
            c += c >= cell;
        }
        cell = c;
        x = cell_x0(c) + bw_rng_range(&r, STAIR_LO, STAIR_HI);
        y = cell_y0(c) + bw_rng_range(&r, STAIR_LO, STAIR_HI);
    }
    s->down = (uint8_t)(level >= 1 && level < BW_CRYPTS_LEVELS);
    s->up = (uint8_t)(level >= 2 && level <= BW_CRYPTS_LEVELS);
    s->dx = (uint8_t)(s->down ? x : 0);
    s->dy = (uint8_t)(s->down ? y : 0);
    /* on DLVL 5 the loop stopped at staircase 4, which is the arrival */
    s->ux = (uint8_t)(!s->up ? 0 : s->down ? px : x);
    s->uy = (uint8_t)(!s->up ? 0 : s->down ? py : y);
}

/* ------------------------------------------------------------- shapes */

/* Rule 2.1. Ellipse: the disc with half-axes W/2 and H/2 round the box's
 * centre, in coordinates scaled by 2 so any parity works:
 * (2dx)^2 H^2 + (2dy)^2 W^2 <= W^2 H^2 (at most 18^4, fits 32 bits).
 * Trapezoid: the long parallel side spans the box, the short one
 * (shortlen, same parity) is centred on the `narrow` side, and line t
 * across is shortlen + 2 round(((long - shortlen) / 2) t / (lines - 1))
 * long: each grows by 2 at most once per step (the slanted sides are at
 * most 45 degrees, so exits on them open evenly). */
int bw_crypts_in_room(const bw_crypts_room *r, int x, int y)
{
    int w, h, t, len, n, span;
    if (!is_room(r) || x < r->x0 || x > r->x1 || y < r->y0 || y > r->y1)
        return 0;
    w = r->x1 - r->x0 + 1;
    h = r->y1 - r->y0 + 1;
    if (r->kind == BW_CRYPTS_RECT)
        return 1;
    if (r->kind == BW_CRYPTS_ELLIPSE) {
        int32_t dx = 2 * x - r->x0 - r->x1, dy = 2 * y - r->y0 - r->y1;
        return dx * dx * h * h + dy * dy * w * w <= (int32_t)w * w * h * h;
    }
    if (r->narrow == BW_NORTH || r->narrow == BW_SOUTH) {
        t = r->narrow == BW_NORTH ? y - r->y0 : r->y1 - y;
        len = w;
        n = h;
        x -= r->x0;
    } else {
        t = r->narrow == BW_WEST ? x - r->x0 : r->x1 - x;
        len = h;
        n = w;
        x = y - r->y0;
    }
    /* half-steps round to nearest (halves up), so both ends of a slanted
     * side get half a step and no line sticks out alone: floor rounding
     * left the long side a 1-tile "ear" at each end when the slope was
     * shallow */
    span = r->shortlen + 2 * (((len - r->shortlen) * t + (n - 1)) / (2 * (n - 1)));
    return x >= (len - span) / 2 && x < (len - span) / 2 + span;
}

/* The outermost tile of the room on line v (a row for E and W, a column
 * for N and S) toward `side`; rows and columns of every shape are one
 * span, so scanning in from the box edge finds it. -1: none. */
static int edge(const bw_crypts_room *r, int side, int v)
{
    int i;
    for (i = 0; i < BW_CRYPTS_ROOM_MAX; i++) {
        int x = side == BW_EAST ? r->x1 - i : side == BW_WEST ? r->x0 + i : v;
        int y = side == BW_SOUTH ? r->y1 - i : side == BW_NORTH ? r->y0 + i : v;
        if (x < r->x0 || x > r->x1 || y < r->y0 || y > r->y1)
            return -1;
        if (bw_crypts_in_room(r, x, y))
            return side == BW_EAST || side == BW_WEST ? x : y;
    }
    return -1;
}

/* -------------------------------------------------------------- layout */

/* Draws the room of cell c; a cell with stairs (sx >= 0) keeps them
 * inside the shape with their 3 x 3 round them. */
static void draw_room(bw_crypts_room *rm, bw_rng *r, int c, int sx, int sy)
{
    int zx = cell_x0(c) + BW_CRYPTS_ZONE_LO, zy = cell_y0(c) + BW_CRYPTS_ZONE_LO;
    int xlo = zx, xhi, ylo = zy, yhi, k = (int)bw_rng_below(r, 100), w, h, t;
    if (k < RECT_PCT) {
        rm->kind = BW_CRYPTS_RECT;
        w = bw_rng_range(r, BW_CRYPTS_ROOM_MIN, BW_CRYPTS_ROOM_MAX);
        h = bw_rng_range(r, BW_CRYPTS_ROOM_MIN, BW_CRYPTS_ROOM_MAX);
    } else if (k < RECT_PCT + ELLIPSE_PCT) {
        /* odd sides: the centre is a tile, exits are centred */
        rm->kind = BW_CRYPTS_ELLIPSE;
        w = BW_CRYPTS_ROOM_MIN + 2 * (int)bw_rng_below(r, (BW_CRYPTS_ROOM_MAX - BW_CRYPTS_ROOM_MIN) / 2 + 1);
        h = bw_rng_chance(r, 1, CIRCLE_ONE_IN) ? w :
            BW_CRYPTS_ROOM_MIN + 2 * (int)bw_rng_below(r, (BW_CRYPTS_ROOM_MAX - BW_CRYPTS_ROOM_MIN) / 2 + 1);
    } else {
        int len = bw_rng_range(r, BW_CRYPTS_ROOM_MIN, BW_CRYPTS_ROOM_MAX);
        int across = bw_rng_range(r, BW_CRYPTS_ROOM_MIN, BW_CRYPTS_ROOM_MAX);
        int lo = bw_max(5, len - 2 * (across - 1)), hi = len - 4;
        rm->kind = BW_CRYPTS_TRAPEZOID;
        rm->narrow = (uint8_t)bw_rng_below(r, 4);
        lo += (len - lo) & 1; /* same parity as the long side: both centred */
        rm->shortlen = (uint8_t)(lo + 2 * (int)bw_rng_below(r, (uint32_t)(hi - lo) / 2 + 1));
        w = rm->narrow == BW_NORTH || rm->narrow == BW_SOUTH ? len : across;
        h = rm->narrow == BW_NORTH || rm->narrow == BW_SOUTH ? across : len;
    }
    xhi = zx + ZONE - w;
    yhi = zy + ZONE - h;
    /* A room with stairs keeps them 2 tiles inside its box; the zone
     * always has such places (stairs at cell-local 7..16, sides 9..18). */
    if (sx >= 0) {
        xlo = bw_max(zx, sx - w + 3);
        xhi = bw_min(zx + ZONE - w, sx - 2);
        ylo = bw_max(zy, sy - h + 3);
        yhi = bw_min(zy + ZONE - h, sy - 2);
    }
    for (t = 0; t < STAIR_TRIES; t++) {
        int x0 = bw_rng_range(r, xlo, xhi), y0 = bw_rng_range(r, ylo, yhi);
        rm->x0 = (uint8_t)x0;
        rm->y0 = (uint8_t)y0;
        rm->x1 = (uint8_t)(x0 + w - 1);
        rm->y1 = (uint8_t)(y0 + h - 1);
        if (sx < 0 || (bw_crypts_in_room(rm, sx - 1, sy - 1) && bw_crypts_in_room(rm, sx + 1, sy - 1) &&
                       bw_crypts_in_room(rm, sx - 1, sy + 1) && bw_crypts_in_room(rm, sx + 1, sy + 1)))
            return;
    }
    rm->kind = BW_CRYPTS_RECT; /* fallback: the box holds the stairs */
    rm->narrow = rm->shortlen = 0;
}

/* Which cells hold rooms: the stair cells, then random others up to
 * ROOMS_MIN..ROOMS_MAX; every other cell may become a junction. */
static void layout(bw_map *m, bw_crypts_info *in, uint32_t seed, int level)
{
    const bw_crypts_stairs *st = &in->stairs;
    uint8_t order[CELLS];
    bw_rng r;
    int i, n, forced = 0;
    (void)m;
    bw_rng_stream(&r, seed, BW_GEN_CRYPTS, (uint32_t)level, P_ROOMS);
    for (i = 0; i < CELLS; i++)
        order[i] = (uint8_t)i;
    for (i = 0; i < 2; i++) { /* the stair cells go first */
        int c, k;
        if (!(i ? st->down : st->up))
            continue;
        c = i ? cell_of(st->dx, st->dy) : cell_of(st->ux, st->uy);
        for (k = forced; k < CELLS - 1 && order[k] != c; k++)
            ;
        order[k] = order[forced];
        order[forced++] = (uint8_t)c;
    }
    n = bw_rng_range(&r, ROOMS_MIN, ROOMS_MAX);
    for (i = forced; i < n; i++) {
        int k = i + (int)bw_rng_below(&r, (uint32_t)(CELLS - i));
        uint8_t t = order[i];
        order[i] = order[k];
        order[k] = t;
    }
    for (i = 0; i < CELLS; i++)
        in->cell[order[i]].kind = i < n ? BW_CRYPTS_RECT : BW_CRYPTS_JUNCTION;
    for (i = 0; i < CELLS; i++) {
        bw_crypts_room *rm = &in->cell[i];
        if (rm->kind == BW_CRYPTS_JUNCTION) {
            rm->x0 = rm->x1 = (uint8_t)(cell_x0(i) + bw_rng_range(&r, JUNCTION_LO, JUNCTION_HI));
            rm->y0 = rm->y1 = (uint8_t)(cell_y0(i) + bw_rng_range(&r, JUNCTION_LO, JUNCTION_HI));
        } else if (st->up && cell_of(st->ux, st->uy) == i) {
            draw_room(rm, &r, i, st->ux, st->uy);
        } else if (st->down && cell_of(st->dx, st->dy) == i) {
            draw_room(rm, &r, i, st->dx, st->dy);
        } else {
            draw_room(rm, &r, i, -1, -1);
        }
    }
}

/* --------------------------------------------------------------- links */

/* Edge e: 0..19 join (col, row) to its east neighbour, 20..39 to the one
 * below. */
static int edge_a(int e)
{
    return e < EDGES / 2 ? (e / (GRID - 1)) * GRID + e % (GRID - 1) : e - EDGES / 2;
}
static int edge_south(int e) { return e >= EDGES / 2; }

static bw_crypts_link *link_of(bw_crypts_info *in, int e)
{
    bw_crypts_room *a = &in->cell[edge_a(e)];
    return edge_south(e) ? &a->south : &a->east;
}

static void set_link(bw_crypts_info *in, int e, int on)
{
    int a = edge_a(e), south = edge_south(e), b = a + (south ? GRID : 1);
    uint8_t sa = (uint8_t)(1u << (south ? BW_SOUTH : BW_EAST));
    uint8_t sb = (uint8_t)(1u << (south ? BW_NORTH : BW_WEST));
    link_of(in, e)->style = (uint8_t)on; /* the real style is drawn later */
    in->cell[a].exits = (uint8_t)(on ? in->cell[a].exits | sa : in->cell[a].exits & ~sa);
    in->cell[b].exits = (uint8_t)(on ? in->cell[b].exits | sb : in->cell[b].exits & ~sb);
}

static int find(uint8_t *parent, int c)
{
    while (parent[c] != c) {
        parent[c] = parent[parent[c]];
        c = parent[c];
    }
    return c;
}

static int degree(const bw_crypts_room *r)
{
    return (r->exits & 1) + (r->exits >> 1 & 1) + (r->exits >> 2 & 1) + (r->exits >> 3 & 1);
}

/* A corridor's width and pillars, packed width | pillars << 2 | period << 5
 * (never 0) so a junction's corridors can share one. */
static uint8_t draw_style(bw_rng *r)
{
    int k = (int)bw_rng_below(r, 100), w = k < WIDTH1_PCT ? 1 : k < WIDTH1_PCT + WIDTH2_PCT ? 2 : 3;
    unsigned p = 0, period = 0;
    if (w >= 2) { /* rule 2.4 */
        k = (int)bw_rng_below(r, 10);
        if (k >= PILLARS_NONE_10 + PILLARS_ONE_10)
            p = BW_CRYPTS_P_WALL0 | BW_CRYPTS_P_WALL1;
        else if (k >= PILLARS_NONE_10)
            p = bw_rng_chance(r, 1, 2) ? BW_CRYPTS_P_WALL0 : BW_CRYPTS_P_WALL1;
        if (w == 3 && bw_rng_chance(r, 1, 2)) /* rule 2.5 */
            p |= BW_CRYPTS_P_CENTRE;
        if (p)
            period = (unsigned)bw_rng_range(r, PERIOD_LO, PERIOD_HI);
    }
    return (uint8_t)((unsigned)w | p << 2 | period << 5);
}

/* Rule 2.3: a spanning tree (Kruskal over the shuffled neighbour pairs) joins
 * every cell; junctions left as leaves are pruned until every corridor
 * ends in rooms, which leaves the smallest tree spanning the rooms; then
 * loops. A junction with 3 or 4 links is where a corridor splits. */
static void links(bw_map *m, bw_crypts_info *in, uint32_t seed, int level)
{
    uint8_t order[EDGES], parent[CELLS], style[CELLS];
    bw_rng r;
    int i, pass;
    (void)m;
    bw_rng_stream(&r, seed, BW_GEN_CRYPTS, (uint32_t)level, P_LINKS);
    for (i = 0; i < EDGES; i++)
        order[i] = (uint8_t)i;
    for (i = EDGES - 1; i > 0; i--) {
        int k = (int)bw_rng_below(&r, (uint32_t)i + 1);
        uint8_t t = order[i];
        order[i] = order[k];
        order[k] = t;
    }
    for (i = 0; i < CELLS; i++)
        parent[i] = (uint8_t)i;
    for (i = 0; i < EDGES; i++) {
        int e = order[i], a = edge_a(e), b = a + (edge_south(e) ? GRID : 1);
        int ra = find(parent, a), rb = find(parent, b);
        if (ra != rb) {
            parent[ra] = (uint8_t)rb;
            set_link(in, e, 1);
        }
    }
    /* Each pass drops every junction leaf; a tree of 25 cells is bare
     * after 25 passes, so the cap is never the reason to stop. */
    for (pass = 0; pass < CELLS; pass++) {
        int changed = 0;
        for (i = 0; i < EDGES; i++) {
            int a = edge_a(i), b = a + (edge_south(i) ? GRID : 1);
            if (!link_of(in, i)->style)
                continue;
            if ((in->cell[a].kind == BW_CRYPTS_JUNCTION && degree(&in->cell[a]) == 1) ||
                (in->cell[b].kind == BW_CRYPTS_JUNCTION && degree(&in->cell[b]) == 1)) {
                set_link(in, i, 0);
                changed = 1;
            }
        }
        if (!changed)
            break;
    }
    for (i = 0; i < CELLS; i++)
        if (in->cell[i].kind == BW_CRYPTS_JUNCTION && !in->cell[i].exits)
            in->cell[i].kind = BW_CRYPTS_NONE;
    for (i = 0; i < EDGES; i++) { /* loops between cells still in use */
        int a = edge_a(i), b = a + (edge_south(i) ? GRID : 1);
        if (!link_of(in, i)->style && in->cell[a].kind && in->cell[b].kind &&
            bw_rng_chance(&r, 1, LOOP_ONE_IN))
            set_link(in, i, 1);
    }
    /* One corridor = the links joined through junctions: one style. */
    for (i = 0; i < CELLS; i++) {
        parent[i] = (uint8_t)i;
        style[i] = 0;
    }
    for (i = 0; i < EDGES; i++) {
        int a = edge_a(i), b = a + (edge_south(i) ? GRID : 1);
        if (link_of(in, i)->style && in->cell[a].kind == BW_CRYPTS_JUNCTION &&
            in->cell[b].kind == BW_CRYPTS_JUNCTION)
            parent[find(parent, a)] = (uint8_t)find(parent, b);
    }
    for (i = 0; i < EDGES; i++) {
        int a = edge_a(i), south = edge_south(i), b = a + (south ? GRID : 1);
        int j = in->cell[a].kind == BW_CRYPTS_JUNCTION ? a : in->cell[b].kind == BW_CRYPTS_JUNCTION ? b : -1;
        int street = (south ? a / GRID : a % GRID) * BW_CRYPTS_CELL + BW_CRYPTS_ZONE_HI + 2;
        bw_crypts_link *k = link_of(in, i);
        uint8_t st;
        if (!k->style)
            continue;
        in->links++;
        if (j >= 0) {
            j = find(parent, j);
            if (!style[j])
                style[j] = draw_style(&r);
            st = style[j];
        } else {
            st = draw_style(&r);
        }
        k->style = st;
        /* the street is zone end + 1 .. next zone start - 1, 6 tiles; the
         * lanes keep a rock tile from both zones */
        k->bend = (uint8_t)bw_rng_range(&r, street, street + 4 - (int)BW_CRYPTS_WIDTH(k));
        if (is_room(&in->cell[a]) && bw_rng_chance(&r, DOOR_PCT, 100))
            in->cell[a].doors |= (uint8_t)(1u << (south ? BW_SOUTH : BW_EAST));
        if (is_room(&in->cell[b]) && bw_rng_chance(&r, DOOR_PCT, 100))
            in->cell[b].doors |= (uint8_t)(1u << (south ? BW_NORTH : BW_WEST));
    }
}

/* ------------------------------------------------------------- carving */

/* A corridor works in its own frame: u along the link, v across it. */
static uint8_t *at(bw_grid *g, int south, int u, int v)
{
    return south ? &BW_AT(g, v, u) : &BW_AT(g, u, v);
}

static void fill(bw_grid *g, int south, int u0, int u1, int v0, int v1)
{
    int u, v;
    if (u0 > u1) {
        u = u0;
        u0 = u1;
        u1 = u;
    }
    for (u = u0; u <= u1; u++)
        for (v = v0; v <= v1; v++)
            *at(g, south, u, v) = BW_T_STONE;
}

static void carve_room(bw_map *m, const bw_crypts_room *r)
{
    int x, y, east;
    for (y = r->y0; y <= r->y1; y++)
        for (x = edge(r, BW_WEST, y), east = edge(r, BW_EAST, y); x >= 0 && x <= east; x++)
            BW_AT(&m->grid, x, y) = BW_T_FLOOR;
}

/* Opens node r toward `side` for a corridor of width w on centre line c
 * and returns the first line out from the node where all lanes are
 * carved; *q is the last line out that pillars leave free. A room: each
 * lane is carved from the room's edge on that lane (an opening as wide as
 * the corridor) or, with a door, one door tile in the rock on the centre
 * lane and the corridor one past the farthest edge of any lane, so the
 * door is the only way in; the floor just inside is reserved (m->b). A
 * junction: the corridor covers its w x w square. */
static int node_end(bw_map *m, const bw_crypts_room *r, int side, int c, int w, int *q)
{
    int south = side == BW_NORTH || side == BW_SOUTH;
    int s = side == BW_EAST || side == BW_SOUTH ? 1 : -1, lo = -((w - 1) / 2), l, u, ext, full;
    if (r->kind == BW_CRYPTS_JUNCTION) {
        int ju = south ? r->y0 : r->x0;
        *q = s > 0 ? ju + lo + w : ju + lo - 1;
        return s > 0 ? ju + lo : ju + lo + w - 1;
    }
    ext = edge(r, side, c + lo);
    for (l = 0; l < w; l++) {
        int e = edge(r, side, c + lo + l), d;
        ext = s > 0 ? bw_max(ext, e) : bw_min(ext, e);
        for (d = 0; d < EXIT_DEPTH; d++) /* the exit's mouth stays clear */
            if (bw_crypts_in_room(r, south ? c + lo + l : e - d * s, south ? e - d * s : c + lo + l))
                BW_PSET(&m->b, south ? c + lo + l : e - d * s, south ? e - d * s : c + lo + l);
    }
    if (r->doors & (1u << side)) {
        int e = edge(r, side, c);
        full = ext + 2 * s;
        *at(&m->grid, south, e + s, c) = BW_T_DOOR;
        for (u = e + 2 * s; u != full; u += s)
            *at(&m->grid, south, u, c) = BW_T_STONE;
    } else {
        full = ext + s;
        for (l = 0; l < w; l++)
            for (u = edge(r, side, c + lo + l) + s; u != full; u += s)
                *at(&m->grid, south, u, c + lo + l) = BW_T_STONE;
    }
    *q = full;
    return full;
}

/* The pillar pattern of lane l, as the offset of its pillars modulo the
 * period, or -1 (rules 2.4, 2.5). On a 2-wide corridor with both walls the
 * second wall is offset by half the period, and centre pillars always
 * are, so no two lanes ever close the same line. */
static int lane_offset(const bw_crypts_link *k, int l)
{
    int w = (int)BW_CRYPTS_WIDTH(k), half = (int)BW_CRYPTS_PERIOD(k) / 2;
    unsigned p = BW_CRYPTS_PILLARS(k);
    if (l == 0)
        return p & BW_CRYPTS_P_WALL0 ? 0 : -1;
    if (l == w - 1 && (p & BW_CRYPTS_P_WALL1))
        return w == 2 && (p & BW_CRYPTS_P_WALL0) ? half : 0;
    if (l == 1 && w == 3 && (p & BW_CRYPTS_P_CENTRE))
        return half;
    return -1;
}

/* Pillars along one straight leg: lines t0..t1 along it, lanes from v0,
 * those of bit l in `lanes`. Every leg of a corridor counts the lines
 * from the map's origin, so legs in line continue one pattern. */
static void pillar_run(bw_grid *g, int south, const bw_crypts_link *k, int t0, int t1, int v0, unsigned lanes)
{
    int t, l, w = (int)BW_CRYPTS_WIDTH(k), period = (int)BW_CRYPTS_PERIOD(k);
    for (t = t0; t <= t1; t++)
        for (l = 0; l < w; l++) {
            int off = lane_offset(k, l);
            if (off >= 0 && (lanes >> l & 1) && (t + period - off) % period == 0)
                *at(g, south, t, v0 + l) = BW_T_PILLAR;
        }
}

/* Rules 2.3 - 2.5: the corridor from cell a to its east or south neighbour:
 * out of a along its centre line to the street, along the street at the
 * bend, into b along b's centre line. Pillars keep to the straight legs,
 * a free line away from every end and corner. */
static void carve_link(bw_map *m, const bw_crypts_info *in, int a, int south)
{
    const bw_crypts_room *ra = &in->cell[a], *rb = &in->cell[a + (south ? GRID : 1)];
    const bw_crypts_link *k = south ? &ra->south : &ra->east;
    int w = (int)BW_CRYPTS_WIDTH(k), lo = -((w - 1) / 2), bend = k->bend, qa, qb, v0, v1;
    int ca = south ? (ra->x0 + ra->x1) / 2 : (ra->y0 + ra->y1) / 2;
    int cb = south ? (rb->x0 + rb->x1) / 2 : (rb->y0 + rb->y1) / 2;
    int ua = node_end(m, ra, south ? BW_SOUTH : BW_EAST, ca, w, &qa);
    int ub = node_end(m, rb, south ? BW_NORTH : BW_WEST, cb, w, &qb);
    v0 = bw_min(ca, cb) + lo;
    v1 = bw_max(ca, cb) + lo + w - 1;
    fill(&m->grid, south, ua, bend + w - 1, ca + lo, ca + lo + w - 1);
    fill(&m->grid, !south, v0, v1, bend, bend + w - 1);
    fill(&m->grid, south, bend, ub, cb + lo, cb + lo + w - 1);
    if (!BW_CRYPTS_PILLARS(k))
        return;
    if (ca == cb) { /* a bend of zero: one straight leg, one pattern, so rule 2.4's spacing stays regular */
        pillar_run(&m->grid, south, k, qa + 1, qb - 1, ca + lo, 7u);
        return;
    }
    pillar_run(&m->grid, south, k, qa + 1, bend - 2, ca + lo, 7u);
    pillar_run(&m->grid, !south, k, v0 + w + 1, v1 - w - 1, bend, 7u);
    pillar_run(&m->grid, south, k, bend + w + 1, qb - 1, cb + lo, 7u);
}

/* Rule 2.4 through a junction: where two corridors leave it on opposite sides
 * they are one straight corridor, so their pillars go on across the
 * junction's square and the free line each side of it, on every lane
 * whose own wall stays closed there (lane 0 if no corridor leaves on its
 * side, the last lane likewise, the centre lane if neither does). They
 * share one style (links). */
static void junction_pillars(bw_map *m, const bw_crypts_info *in, int c)
{
    const bw_crypts_room *r = &in->cell[c];
    int south;
    for (south = 0; south < 2; south++) {
        int a = south ? BW_NORTH : BW_WEST, b = south ? BW_SOUTH : BW_EAST;
        int lo_side = south ? BW_WEST : BW_NORTH, hi_side = south ? BW_EAST : BW_SOUTH;
        const bw_crypts_link *k = south ? &r->south : &r->east;
        int w, lo, ju = south ? r->y0 : r->x0, jv = south ? r->x0 : r->y0;
        unsigned lanes;
        if (!(r->exits >> a & 1) || !(r->exits >> b & 1) || !BW_CRYPTS_PILLARS(k))
            continue;
        w = (int)BW_CRYPTS_WIDTH(k);
        lo = -((w - 1) / 2);
        lanes = (r->exits >> lo_side & 1 ? 0u : 1u) | (r->exits >> hi_side & 1 ? 0u : 1u << (w - 1));
        if (w == 3 && lanes == 5u)
            lanes = 7u;
        pillar_run(&m->grid, south, k, ju + lo - 1, ju + lo + w, jv + lo, lanes);
    }
}

/* ------------------------------------------------------------ features */

/* Room floor no obstacle covers: only rooms hold floor tiles (corridors
 * are stone) and the stairs, and every obstacle, inner wall and door
 * replaces the floor it stands on. */
static int walkable(const bw_grid *g, int x, int y)
{
    int t = BW_AT(g, x, y);
    return t == BW_T_FLOOR || t == BW_T_STAIRS || t == BW_T_STAIRS_UP;
}

/* An obstacle fits where its tiles are free, unreserved room floor and its
 * Chebyshev ring is free room floor (reserved or not). */
static int fits(const bw_map *m, int x0, int y0, int w, int h)
{
    int x, y;
    for (y = y0 - 1; y <= y0 + h; y++)
        for (x = x0 - 1; x <= x0 + w; x++) {
            int inside = x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
            if (!walkable(&m->grid, x, y) || (inside && BW_PGET(&m->b, x, y)))
                return 0;
        }
    return 1;
}

static int put(bw_map *m, int x0, int y0, int w, int h, uint8_t tile)
{
    int x, y;
    if (!fits(m, x0, y0, w, h))
        return 0;
    for (y = y0; y < y0 + h; y++)
        for (x = x0; x < x0 + w; x++)
            BW_AT(&m->grid, x, y) = tile;
    return 1;
}

static void reserve(bw_map *m, int x, int y)
{
    BW_PSET(&m->b, x, y);
}

int bw_crypts_inner(const bw_crypts_room *r, int *x0, int *y0, int *x1, int *y1)
{
    int iw = (int)BW_CRYPTS_LO4(r->inner_size), ih = (int)BW_CRYPTS_HI4(r->inner_size);
    if (!is_room(r) || !iw)
        return 0;
    *x0 = (r->x0 + r->x1) / 2 - (iw - 1) / 2;
    *y0 = (r->y0 + r->y1) / 2 - (ih - 1) / 2;
    *x1 = *x0 + iw - 1;
    *y1 = *y0 + ih - 1;
    return 1;
}

/* Rule 2.2: a rectangular room of building wall centred in the room, with a
 * walkway of at least 2 tiles all round and 1-4 doors in the middles of
 * its sides. Sizes shrink by 2 for INNER_TRIES tries; fallback: none. */
static int inner_room(bw_map *m, bw_crypts_room *r, bw_rng *rng)
{
    int cx = (r->x0 + r->x1) / 2, cy = (r->y0 + r->y1) / 2, t, x, y, d, n;
    int iw = bw_rng_range(rng, INNER_MIN, r->x1 - r->x0 + 1 - 6);
    int ih = bw_rng_range(rng, INNER_MIN, r->y1 - r->y0 + 1 - 6);
    uint8_t sides[4] = { 0, 1, 2, 3 };
    for (t = 0; t < INNER_TRIES; t++, iw = bw_max(INNER_MIN, iw - 2), ih = bw_max(INNER_MIN, ih - 2)) {
        int x0 = cx - (iw - 1) / 2, y0 = cy - (ih - 1) / 2, x1 = x0 + iw - 1, y1 = y0 + ih - 1, ok = 1;
        for (y = y0 - 2; y <= y1 + 2 && ok; y++)
            for (x = x0 - 2; x <= x1 + 2 && ok; x++) {
                int wall = x >= x0 && x <= x1 && y >= y0 && y <= y1 &&
                           (x == x0 || x == x1 || y == y0 || y == y1);
                ok = walkable(&m->grid, x, y) && !(wall && BW_PGET(&m->b, x, y));
            }
        if (!ok)
            continue;
        for (y = y0; y <= y1; y++)
            for (x = x0; x <= x1; x++)
                if (x == x0 || x == x1 || y == y0 || y == y1)
                    BW_AT(&m->grid, x, y) = BW_T_BWALL;
        n = bw_rng_range(rng, 1, 4);
        for (d = 0; d < n; d++) { /* n distinct sides */
            int k = d + (int)bw_rng_below(rng, (uint32_t)(4 - d)), s = sides[k], j;
            sides[k] = sides[d];
            sides[d] = (uint8_t)s;
            x = s == BW_EAST ? x1 : s == BW_WEST ? x0 : x0 + (iw - 1) / 2;
            y = s == BW_SOUTH ? y1 : s == BW_NORTH ? y0 : y0 + (ih - 1) / 2;
            BW_AT(&m->grid, x, y) = BW_T_DOOR;
            for (j = -1; j <= 2; j++) /* the way through the door stays clear */
                if (j)
                    reserve(m, x + j * bw_dx4[s], y + j * bw_dy4[s]);
            r->inner_doors |= (uint8_t)(1u << s);
        }
        r->inner_size = (uint8_t)(iw | ih << 4);
        return 1;
    }
    return 0;
}

/* One s x s pillar block of side `side` at k along it (x for N and S, y
 * for E and W): one walkway tile in from the innermost edge over its ring,
 * in that side's half of the room (off the middle line across it: along a
 * trapezoid's short side the slanted sides would otherwise push it deep
 * into the room), and two tiles off the room's edge at both ends along the
 * side, so it stands on that side alone. 1 if it fits; placed if `place`. */
static int ring_block(bw_map *m, const bw_crypts_room *r, int side, int k, int s, int place)
{
    int across = side == BW_NORTH || side == BW_SOUTH;
    int out = side == BW_EAST || side == BW_SOUTH ? 1 : -1;
    int mid = across ? (r->y0 + r->y1) / 2 : (r->x0 + r->x1) / 2, j, e = out > 0 ? 255 : 0, p;
    int x, y, w;
    for (j = k - 1; j <= k + s; j++) { /* the innermost edge over the ring */
        int v = edge(r, side, j);
        e = v < 0 || e < 0 ? -1 : out > 0 ? bw_min(e, v) : bw_max(e, v);
    }
    p = out > 0 ? e - 1 - (s - 1) : e + 1;
    if (e < 0 || (out > 0 ? p <= mid : p + s - 1 >= mid))
        return 0;
    for (j = p - 1; j <= p + s; j++) /* two tiles off the ends: one side only */
        if (across ? !bw_crypts_in_room(r, k - 2, j) || !bw_crypts_in_room(r, k + s + 1, j)
                   : !bw_crypts_in_room(r, j, k - 2) || !bw_crypts_in_room(r, j, k + s + 1))
            return 0;
    x = across ? k : p;
    y = across ? p : k;
    w = s;
    return place ? put(m, x, y, w, w, BW_T_PILLAR) : fits(m, x, y, w, w);
}

/* Takes every pillar of the room away again (only the ring has put any
 * there yet: furnish places it before the lattices). */
static void clear_ring(bw_map *m, const bw_crypts_room *r)
{
    int x, y;
    for (y = r->y0; y <= r->y1; y++)
        for (x = r->x0; x <= r->x1; x++)
            if (BW_AT(&m->grid, x, y) == BW_T_PILLAR && bw_crypts_in_room(r, x, y))
                BW_AT(&m->grid, x, y) = BW_T_FLOOR;
}

/* Rule 2.2: square pillars "around the perimeter of the room" as a ring:
 * on each of the four sides, pairs of s x s blocks stand evenly
 * spaced, `period` apart, symmetric about the room's middle line across
 * the side (half a tile off it when the parities differ), so the exits in
 * the middles of the sides open between the two middle blocks; pairs are
 * added outward while both blocks of a pair fit (ring_block; at most 6
 * pairs fit along 18 tiles). A ring needs two blocks or more on every
 * side; if a side gets fewer, the try is taken away again and the next
 * spacing (up to RING_PERIOD_MAX) or the next smaller block is tried.
 * Returns the blocks placed and the size and spacing used in *s_used,
 * *p_used; 0 if no ring fits (the room is too small or too full: no
 * perimeter pillars). */
#define RING_PERIOD_MAX 9
static int perimeter_pillars(bw_map *m, const bw_crypts_room *r, int s0, int period0, int *s_used, int *p_used)
{
    int s, period, side, n;
    for (s = s0; s >= 1; s--)
        for (period = bw_max(period0 - (s0 - s), s + 2); period <= RING_PERIOD_MAX; period++) {
            int whole = 1;
            n = 0;
            for (side = 0; side < 4 && whole; side++) {
                int across = side == BW_NORTH || side == BW_SOUTH, j, got = 0;
                int m2 = across ? r->x0 + r->x1 : r->y0 + r->y1;
                if ((m2 - (s - 1) + period) & 1)
                    m2++; /* half a tile off the middle, so k is whole */
                for (j = 0; (2 * j + 1) * period < BW_CRYPTS_ROOM_MAX * 2; j++) {
                    int ka = (m2 - (s - 1) - (2 * j + 1) * period) / 2;
                    int kb = (m2 - (s - 1) + (2 * j + 1) * period) / 2;
                    if (!ring_block(m, r, side, ka, s, 0) || !ring_block(m, r, side, kb, s, 0))
                        break;
                    got += ring_block(m, r, side, ka, s, 1) + ring_block(m, r, side, kb, s, 1);
                }
                n += got;
                whole = got >= 2;
            }
            if (!whole) {
                clear_ring(m, r);
                continue;
            }
            *s_used = s;
            *p_used = period;
            return n;
        }
    return 0;
}

/* The first line of a lattice on one axis of the box lo..hi: as many
 * lines of spacing p as fit blocks b long with their ring inside the box,
 * the whole centred in it (1 tile nearer lo when the slack is odd). */
static int lattice_start(int lo, int hi, int b, int p)
{
    int len = hi - lo + 1, span = ((len - 2 - b) / p) * p + b;
    return lo + (len - span) / 2;
}

/* Rule 2.2: 1 x 2 sarcophagi or coffins on a lattice of spacing px x py
 * centred in the room's box, wherever one fits; counts them only unless
 * `place`. Blocks on one lattice never reach each other's ring (spacing
 * >= 2 along a block's width 1, >= 3 along its length 2), so what fits
 * alone fits together. */
static int lattice(bw_map *m, const bw_crypts_room *r, uint8_t tile, int upright, int px, int py, int place)
{
    int bw = upright ? 1 : 2, bh = 3 - bw, x, y, n = 0;
    int sx = lattice_start(r->x0, r->x1, bw, px), sy = lattice_start(r->y0, r->y1, bh, py);
    for (y = sy; y + bh <= r->y1; y += py)
        for (x = sx; x + bw <= r->x1; x += px)
            n += place ? put(m, x, y, bw, bh, tile) : fits(m, x, y, bw, bh);
    return n;
}

static int gcd(int a, int b)
{
    while (b) { /* Euclid: b strictly decreases, at most ~10 rounds below 120 */
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* Rule 2.2 with an inner room: the walls cut the lattice, and what is left
 * inside can look like a grid of its own (spacing 2 outside at x = 5 and
 * 15, inside at 11). The blocks outside the inner room fix the grid a
 * player sees: x and y differ from the first by multiples of the gcd of
 * their differences; an inside block off that grid is taken away again
 * (rule 2.2 sarcophagi at regular intervals). The outside blocks stay, so the count only drops inside.
 * Kept out of its callers: inlined, its many locals would sit in the
 * frame of furnish_all under every other feature's calls. */
static BW_NOINLINE void inner_on_outer_grid(bw_map *m, const bw_crypts_room *r, uint8_t tile, int upright, int px, int py)
{
    int bw = upright ? 1 : 2, bh = 3 - bw, ix0, iy0, ix1, iy1, pass, x, y, i, j;
    int sx = lattice_start(r->x0, r->x1, bw, px), sy = lattice_start(r->y0, r->y1, bh, py);
    int ox = -1, oy = -1, gx = 0, gy = 0;
    if (!bw_crypts_inner(r, &ix0, &iy0, &ix1, &iy1))
        return;
    for (pass = 0; pass < 2; pass++)
        for (y = sy; y + bh <= r->y1; y += py)
            for (x = sx; x + bw <= r->x1; x += px) {
                int in = x > ix0 && x < ix1 && y > iy0 && y < iy1;
                if (BW_AT(&m->grid, x, y) != tile)
                    continue;
                if (pass == 0 && !in) {
                    if (ox < 0) {
                        ox = x;
                        oy = y;
                    }
                    gx = gcd(gx, bw_abs(x - ox));
                    gy = gcd(gy, bw_abs(y - oy));
                } else if (pass == 1 && in && ox >= 0 &&
                           ((gx && bw_abs(x - ox) % gx) || (gy && bw_abs(y - oy) % gy))) {
                    for (j = y; j < y + bh; j++)
                        for (i = x; i < x + bw; i++)
                            BW_AT(&m->grid, i, j) = BW_T_FLOOR;
                }
            }
}

/* Rule 2.2: sarcophagi or coffins "at regular intervals": a lattice holding at
 * least LATTICE_MIN blocks (one block has no interval). Tried as drawn,
 * turned, then at the tightest spacing both ways (LATTICE_TRIES); 0 if
 * none holds enough, and nothing is placed. */
static int rows(bw_map *m, bw_crypts_room *r, bw_rng *rng, int filler)
{
    int gap = filler == FILL_ROWS; /* coffins in rows stand one tile wider apart */
    int along = 2 + gap + (int)bw_rng_below(rng, 2), across = 3 + gap + (int)bw_rng_below(rng, 2);
    int upright0 = bw_rng_chance(rng, 1, 2), t;
    uint8_t tile = filler == FILL_SARC ? BW_T_SARCOPHAGUS : BW_T_COFFIN;
    for (t = 0; t < LATTICE_TRIES; t++) {
        int upright = upright0 ^ (t & 1), a = t < 2 ? along : 2 + gap, c = t < 2 ? across : 3 + gap;
        int px = upright ? a : c, py = upright ? c : a;
        if (lattice(m, r, tile, upright, px, py, 0) >= LATTICE_MIN) {
            lattice(m, r, tile, upright, px, py, 1);
            inner_on_outer_grid(m, r, tile, upright, px, py);
            r->lattice = (uint8_t)(px | py << 4);
            return 1;
        }
    }
    return 0;
}

/* One coffin at (x, y), w x h, if it fits; *one records the first. */
static int coffin(bw_map *m, int x, int y, int w, int h, int placed, uint8_t one[4])
{
    if (!put(m, x, y, w, h, BW_T_COFFIN))
        return 0;
    if (!placed) {
        one[0] = (uint8_t)x;
        one[1] = (uint8_t)y;
        one[2] = (uint8_t)w;
        one[3] = (uint8_t)h;
    }
    return 1;
}

/* Rule 2.2: wooden coffins "at irregular intervals": area / 40 + 2 wanted at
 * random places (STREWN_TRIES); if fewer than STREWN_MIN landed (coffins
 * are plural), a scan from the room's middle outward, rows by columns,
 * adds them where they fit, the block along the longer side first. If
 * even the scan finds fewer (the room is full of other features), the
 * lone coffin is taken away again. Returns how many stay. */
static int strewn(bw_map *m, const bw_crypts_room *r, bw_rng *rng)
{
    int w = r->x1 - r->x0 + 1, h = r->y1 - r->y0 + 1, want = w * h / 40 + 2, placed = 0, k, i, j, x, y;
    int cx = (r->x0 + r->x1) / 2, cy = (r->y0 + r->y1) / 2, lying = w >= h;
    uint8_t one[4] = { 0, 0, 0, 0 };
    for (k = 0; k < STREWN_TRIES && placed < want; k++) {
        int up = bw_rng_chance(rng, 1, 2);
        x = bw_rng_range(rng, r->x0 + 1, r->x1 - 1 - !up);
        y = bw_rng_range(rng, r->y0 + 1, r->y1 - 1 - up);
        placed += coffin(m, x, y, up ? 1 : 2, up ? 2 : 1, placed, one);
    }
    for (j = 0; j < h && placed < STREWN_MIN; j++)
        for (i = 0; i < w && placed < STREWN_MIN; i++) {
            x = cx + (i + 1) / 2 * (i & 1 ? 1 : -1);
            y = cy + (j + 1) / 2 * (j & 1 ? 1 : -1);
            placed += coffin(m, x, y, 1 + lying, 2 - lying, placed, one) ||
                      coffin(m, x, y, 2 - lying, 1 + lying, placed, one);
        }
    if (placed == 1)
        for (y = one[1]; y < one[1] + one[3]; y++)
            for (x = one[0]; x < one[0] + one[2]; x++)
                BW_AT(&m->grid, x, y) = BW_T_FLOOR;
    return placed >= STREWN_MIN ? placed : 0;
}

/* Rule 2.2: what a room gets: one or more features besides any staircase
 * (the stairs are placed before, and never count: a room must hold a
 * real feature). A room that drew none gets sarcophagi; a lattice that
 * cannot hold 2 blocks becomes strewn coffins; a room still without a
 * feature gets strewn coffins, whose scan always finds a place: the room
 * then holds no obstacle, only the reserved exit mouths and one stair
 * 3 x 3 at most, and every room of at least 9 x 9 leaves coffin places
 * beside those (tested over every shape and stair place). */
static void furnish(bw_map *m, bw_crypts_room *r, bw_rng *rng)
{
    int w = r->x1 - r->x0 + 1, h = r->y1 - r->y0 + 1;
    int want_pillars = bw_rng_chance(rng, 1, PILLARS_ONE_IN);
    int want_inner = bw_rng_chance(rng, INNER_NUM, INNER_DEN) && w >= INNER_ROOM_MIN && h >= INNER_ROOM_MIN;
    int fillk = (int)bw_rng_below(rng, 100);
    int filler = fillk < FILL_NONE_PCT ? FILL_NONE : fillk < FILL_NONE_PCT + FILL_SARC_PCT ? FILL_SARC :
                 fillk < FILL_NONE_PCT + FILL_SARC_PCT + FILL_ROWS_PCT ? FILL_ROWS : FILL_STREWN;
    if (!want_pillars && !want_inner && filler == FILL_NONE)
        filler = FILL_SARC;
    if (want_inner && inner_room(m, r, rng))
        r->features |= BW_CRYPTS_F_INNER;
    if (want_pillars) {
        int s = bw_rng_range(rng, 1, 3), period = s + bw_rng_range(rng, 2, 3), su = 0, pu = 0;
        if (perimeter_pillars(m, r, s, period, &su, &pu)) {
            r->features |= BW_CRYPTS_F_PILLARS;
            r->pillar = (uint8_t)(su | pu << 4);
        }
    }
    if (filler == FILL_SARC || filler == FILL_ROWS) {
        if (rows(m, r, rng, filler))
            r->features |= filler == FILL_SARC ? BW_CRYPTS_F_SARCOPHAGI : BW_CRYPTS_F_COFFINS;
        else
            filler = FILL_STREWN;
    }
    if (filler == FILL_STREWN || !(r->features & ~(BW_CRYPTS_F_STAIRS | BW_CRYPTS_F_STAIRS_UP)))
        if (strewn(m, r, rng))
            r->features |= BW_CRYPTS_F_STREWN;
}

/* ---------------------------------------------------------------- level */

/* The stairs: the tile and its 3 x 3 reserved, so no obstacle crowds it. */
static void put_stairs(bw_map *m, bw_crypts_info *in, int x, int y, uint8_t tile, uint8_t feature)
{
    int dx, dy;
    BW_AT(&m->grid, x, y) = tile;
    for (dy = -1; dy <= 1; dy++)
        for (dx = -1; dx <= 1; dx++)
            reserve(m, x + dx, y + dy);
    in->cell[cell_of(x, y)].features |= feature;
}

/* Pass 4: rooms, corridors and doors, stairs. */
static void carve(bw_map *m, bw_crypts_info *in, uint32_t seed, int level)
{
    int c;
    (void)seed;
    (void)level;
    for (c = 0; c < CELLS; c++) {
        in->rooms = (uint8_t)(in->rooms + is_room(&in->cell[c]));
        in->junctions = (uint8_t)(in->junctions + (in->cell[c].kind == BW_CRYPTS_JUNCTION));
        if (is_room(&in->cell[c]))
            carve_room(m, &in->cell[c]);
    }
    for (c = 0; c < CELLS; c++) {
        if (in->cell[c].east.style)
            carve_link(m, in, c, 0);
        if (in->cell[c].south.style)
            carve_link(m, in, c, 1);
    }
    for (c = 0; c < CELLS; c++)
        if (in->cell[c].kind == BW_CRYPTS_JUNCTION)
            junction_pillars(m, in, c);
    if (in->stairs.up)
        put_stairs(m, in, in->stairs.ux, in->stairs.uy, BW_T_STAIRS_UP, BW_CRYPTS_F_STAIRS_UP);
    if (in->stairs.down)
        put_stairs(m, in, in->stairs.dx, in->stairs.dy, BW_T_STAIRS, BW_CRYPTS_F_STAIRS);
}

/* Pass 5: the features of every room. */
static void furnish_all(bw_map *m, bw_crypts_info *in, uint32_t seed, int level)
{
    bw_rng r;
    int c;
    bw_rng_stream(&r, seed, BW_GEN_CRYPTS, (uint32_t)level, P_FEATURES);
    for (c = 0; c < CELLS; c++)
        if (is_room(&in->cell[c]))
            furnish(m, &in->cell[c], &r);
}

/* The passes run through a table so that each has its own stack frame
 * (inlined into one function, their locals would add up). */
typedef void (*pass_fn)(bw_map *m, bw_crypts_info *in, uint32_t seed, int level);
static const pass_fn passes[] = { layout, links, carve, furnish_all };

int bw_crypts_level(bw_map *m, uint32_t seed, int level, bw_crypts_info *in)
{
    uint8_t *p;
    unsigned i;
    BW_ASSERT(m);
    if (level < 1 || level > BW_CRYPTS_LEVELS)
        return BW_ERR_LEVEL;
    if (!in)
        return BW_ERR_ARG;
    for (p = (uint8_t *)in; p < (uint8_t *)(in + 1); p++)
        *p = 0;
    in->level = (uint8_t)level;
    bw_map_init(m, BW_CRYPTS_MAP_W, BW_CRYPTS_MAP_H, BW_T_ROCK);
    bw_plane_clear(&m->b);
    bw_crypts_plan(seed, level, &in->stairs);
    for (i = 0; i < sizeof passes / sizeof passes[0]; i++)
        passes[i](m, in, seed, level);
    return 0;
}

/* The info (the working state) lives in plane a, which the level does
 * not use (walkable), rather than on the stack under the passes. Its
 * members are all uint8_t, and a character type may read and write any
 * object, the plane's words included. */
BW_STATIC_ASSERT(sizeof(bw_crypts_info) <= sizeof(bw_plane), crypts_info_fits_plane);

int bw_crypts_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)o;
    return bw_crypts_level(m, seed, level, (bw_crypts_info *)(void *)m->a.w);
}
