/* The Morlock Pits (rules 3.1 - 3.5, docs/morlock.md); see
 * include/burrow/morlock.h.
 *
 * One process digs all five levels. Its state is the plan (records, no
 * grid) and one rng stream of the seed, so it runs the same whichever level
 * is being drawn: generating DLVL n replays it from the start and writes
 * the tunnel steps that fall on DLVL n as they are walked; the corridors,
 * rooms and links of DLVL n are drawn from the records at the end.
 *
 * Order of drawing, and why every open square stays joined (rule 3.4): tunnel
 * cells are dirt written over rock; the fallback's corridors likewise;
 * rooms write their inside over anything but their walls only over rock,
 * so a tunnel crossing a room breaches its walls instead of being cut by
 * them (the look of ants digging through ruins); links (pit, ladder) are
 * written last, over anything, and are open. So every tunnel is one
 * 4-connected piece that starts on an open cell (the start, a fork point on
 * its parent, a link whose other end is open on the next level, or just
 * outside an open door), and a room's inside is one piece reached through
 * the door its tunnel ended at. Then each room's breached wall ring is
 * walled up but for one doorway per piece, digging round what it walls so
 * no way is cut (mend_room), and the dead ends of any width left on the
 * level, small loops round a knot of rock among them, are filled where
 * that cuts no way (fill_stubs: every square that may be a dead end's tip
 * is looked from, found 32 at a time on a plane of the dirt). */
#include "burrow/morlock.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

/* A tile's flags, from the flags column alone (so a firmware with the
 * Morlock Pits alone links no tile names). The cells read here are tile
 * ids (the searches test their own marks, SEEN and JOINED, first), so no
 * slot mask is needed. */
#define FLAGS(t) (bw_tile_flags[(t)])

/* The map must fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_MORLOCK_W && BW_MAP_H >= BW_MORLOCK_H,
                 morlock_needs_BW_MAP_W_120_and_BW_MAP_H_120);

/* Purposes for bw_rng_stream(seed, BW_GEN_MORLOCK, level, purpose). The
 * process is one stream for all levels (level 0 of the mixer); each
 * level's ruins (wall decay) have their own. */
enum { P_PROCESS = 1, P_RUIN = 2 };

/* Rule 3.2: what an interval decides, out of 100: continue, turn, fork, pit,
 * room. A refused fork (queue full), pit (up from DLVL 1, down from DLVL 5,
 * into a dug-out level, a link too near, or the table full) or room (the
 * level has the rooms it wants, or no template fits) continues. */
static const uint8_t outcome_weight[BW_MORLOCK_E_DECISIONS] = { 47, 26, 12, 3, 12 };
#define OUTCOME_TOTAL 100

/* A new tunnel's width from two random bits: 1, 2, 2, 3 (1-3 wide). */
static const uint8_t width_of[4] = { 1, 2, 2, 3 };
/* Each step veers from the heading by -45, 0, 0, +45 degrees: the meander. */
static const int8_t wobble[4] = { -1, 0, 0, 1 };
/* A turn: -90, -45, +45 or +90 degrees. */
static const int8_t turn_by[4] = { -2, -1, 1, 2 };

/* Heading dir turned by `by` eighths, negative anticlockwise: the sum is
 * reduced modulo 8 as unsigned, which C defines for negative sums too. */
static uint8_t turn8(int dir, int by)
{
    return (uint8_t)((unsigned)(dir + by) & 7u);
}

/* Beyond this distance from the centre on an axis, turns lean inward. */
#define TURN_HOME 36
/* How far ahead a turn looks for ground not dug yet. */
#define LOOK 16
/* Links (pit or ladder) on one level are never within this Chebyshev
 * distance of each other, so no cell is two links. */
#define LINK_GAP 2
/* A link keeps this Chebyshev distance from every room's box on both its
 * levels, so neither the link nor its 3 x 3 landing touches a room: no
 * wall is breached and no door taken by a link: rule 3.2's fixed rooms stay whole. */
#define LINK_ROOM 3
/* At the step cap, a tunnel still digging tries to end in a room or a pit
 * up to this many times, walking one more segment between tries. */
#define FINISH_TRIES 32
/* The pits of the table only the rule 3.5 fallback uses: one per level 2..5. */
#define FALLBACK_PITS 4
/* The rule 3.5 fallback's lattices (see fallback()). */
#define ROOM_STEP_X 16
#define ROOM_STEP_Y 12
#define PIT_STEP 5

/* ------------------------------------------------------------ templates */

/* Pompeii's rooms as ruins: doors sit in the middle of each side
 * (n at (w/2, 0), s at (w/2, h-1), w at (0, h/2), e at (w-1, h/2)); every
 * inside cell next to a wall is floor and the floor is one 4-connected
 * piece around the pillars, pools and rubble (tested), so a tunnel that
 * breaches a wall can always walk in. */
const bw_morlock_template bw_morlock_templates[BW_MORLOCK_TEMPLATES] = {
    { "taberna", 15, 11,
      "#######n#######"
      "#.............#"
      "#.............#"
      "#...:::::::...#"
      "#.............#"
      "w.............e"
      "#.............#"
      "#.............#"
      "#.............#"
      "#.............#"
      "#######s#######" },
    { "atrium", 17, 13,
      "########n########"
      "#...............#"
      "#...............#"
      "#...I.......I...#"
      "#.....~~~~~.....#"
      "#.....~~~~~.....#"
      "w.....~~~~~.....e"
      "#.....~~~~~.....#"
      "#.....~~~~~.....#"
      "#...I.......I...#"
      "#...............#"
      "#...............#"
      "########s########" },
    { "peristyle", 19, 15,
      "    #####n#####    "
      "   ##.........##   "
      "  ##...........##  "
      " ##.............## "
      "##...I.I.I.I.I...##"
      "#.................#"
      "#...I.........I...#"
      "w.................e"
      "#...I.........I...#"
      "#.................#"
      "##...I.I.I.I.I...##"
      " ##.............## "
      "  ##...........##  "
      "   ##.........##   "
      "    #####s#####    " },
    { "thermae", 17, 15,
      "    ####n####    "
      "    #.......#    "
      "    #.......#    "
      "#####.......#####"
      "#...............#"
      "#...............#"
      "#......~~~......#"
      "w.....:~~~:.....e"
      "#......~~~......#"
      "#...............#"
      "#...............#"
      "#####.......#####"
      "    #.......#    "
      "    #.......#    "
      "    ####s####    " },
    { "domus", 19, 13,
      "#########n##       "
      "#..........#       "
      "#..........#       "
      "#..........#       "
      "#...I..I...########"
      "#.................#"
      "w.................e"
      "#.................#"
      "#.................#"
      "#.............:...#"
      "#.................#"
      "#.................#"
      "#########s#########" },
    { "basilica", 21, 11,
      "##########n##########"
      "#...................#"
      "#...................#"
      "#...I..I.....I..I...#"
      "#...................#"
      "w...................e"
      "#...................#"
      "#...I..I.....I..I...#"
      "#...................#"
      "#...................#"
      "##########s##########" },
    { "tholos", 17, 17,
      "      ##n##      "
      "    ###...###    "
      "  ###.......###  "
      "  #...........#  "
      " ##.....I.....## "
      " #...I.....I...# "
      "##.............##"
      "#...............#"
      "w...I.......I...e"
      "#...............#"
      "##.............##"
      " #...I.....I...# "
      " ##.....I.....## "
      "  #...........#  "
      "  ###.......###  "
      "    ###...###    "
      "      ##s##      " },
};

/* Template characters and what they draw; walls and doors are decided in
 * draw_room. inside_of gives the index in inside_tile of `. I ~ :`,
 * door_of the side (N E S W) of `n e s w`, else -1: switches, as every
 * room's cells are classed several times a level. */
static const uint8_t inside_tile[] = { BW_T_FLOOR, BW_T_PILLAR, BW_T_SHALLOW, BW_T_RUBBLE };

static inline BW_ALWAYS_INLINE char tmpl_at(const bw_morlock_template *t, int i, int j)
{
    if (i < 0 || j < 0 || i >= t->w || j >= t->h)
        return ' ';
    return t->cells[j * t->w + i];
}

static inline BW_ALWAYS_INLINE int inside_of(char c)
{
    switch (c) {
    case '.': return 0;
    case 'I': return 1;
    case '~': return 2;
    case ':': return 3;
    default: return -1;
    }
}

static int door_of(char c)
{
    switch (c) {
    case 'n': return BW_NORTH;
    case 'e': return BW_EAST;
    case 's': return BW_SOUTH;
    case 'w': return BW_WEST;
    default: return -1;
    }
}

/* The door of side s in template coordinates. */
static int door_x(const bw_morlock_template *t, int s)
{
    return s == BW_EAST ? t->w - 1 : s == BW_WEST ? 0 : t->w / 2;
}

static int door_y(const bw_morlock_template *t, int s)
{
    return s == BW_SOUTH ? t->h - 1 : s == BW_NORTH ? 0 : t->h / 2;
}

/* How far a brush of width w reaches from its centre towards side s: the
 * brush covers offsets -1..1 (width 3), 0..1 (width 2) or 0 (width 1). */
static int reach(int s, int w)
{
    return w == 3 || (w == 2 && (s == BW_EAST || s == BW_SOUTH));
}

/* ------------------------------------------------------------- process */

typedef struct sim {
    bw_morlock_plan *p;
    bw_morlock_cfg cfg;
    bw_grid *g;        /* 0: no drawing */
    int level;         /* the level drawn, 0-based */
    bw_morlock_trace fn;
    void *ctx;
} sim;

static void trace(sim *s, int kind, const bw_morlock_tunnel *t, int arg)
{
    s->p->events[kind]++;
    if (s->fn)
        s->fn(s->ctx, kind, s->p, t, arg);
}

/* The tunnel's brush at its position, if it is on the level drawn. */
static void brush(sim *s, const bw_morlock_tunnel *t)
{
    int lo = t->width == 3 ? -1 : 0, hi = t->width >= 2, dx, dy;
    if (!s->g || t->level != s->level)
        return;
    for (dy = lo; dy <= hi; dy++)
        for (dx = lo; dx <= hi; dx++)
            BW_AT(s->g, t->x + dx, t->y + dy) = BW_T_DIRT;
}

/* Where a tunnel arrives through a pit: a 3 x 3 landing round the link,
 * so the link has open ground round it even if the process ends before
 * the new tunnel walks. */
static void landing(sim *s, const bw_morlock_tunnel *t)
{
    bw_morlock_tunnel w = *t;
    w.width = 3;
    brush(s, &w);
}

static int outside(int v)
{
    return v < BW_MORLOCK_LO || v > BW_MORLOCK_HI;
}

/* The heading of a step (dx, dy), both in -1..1 and not both 0. */
static const uint8_t dir_of[9] = { 7, 0, 1, 6, 0, 2, 5, 4, 3 };

/* 1 if v is within BW_MORLOCK_NEAR of LO (dir < 0) or HI (dir > 0). */
static int near_edge(int v, int dir)
{
    return dir < 0 ? v < BW_MORLOCK_LO + BW_MORLOCK_NEAR : dir > 0 && v > BW_MORLOCK_HI - BW_MORLOCK_NEAR;
}

/* The turn before the edge (morlock.h): a heading that points out on an
 * axis near that axis' edge loses that component; a heading left with no
 * component goes on along the edge the way the last step went on the other
 * axis (so it never turns back onto its own track), or towards the centre
 * if the last step had no such component or it points at a near edge. So a
 * diagonal turns 45 degrees, a straight heading 90; only a diagonal
 * heading into a corner turns 135 (each axis in turn). */
static int along(int v, int last, int centre)
{
    return last != 0 && !near_edge(v, last) ? last : v < centre ? 1 : -1;
}

static void steer(bw_morlock_tunnel *t, int bear)
{
    int hx = bw_dx8[t->dir], hy = bw_dy8[t->dir], hx0, hy0, d;
    /* most steps are far from every edge: nothing to steer */
    if (t->x >= BW_MORLOCK_LO + BW_MORLOCK_NEAR && t->x <= BW_MORLOCK_HI - BW_MORLOCK_NEAR &&
        t->y >= BW_MORLOCK_LO + BW_MORLOCK_NEAR && t->y <= BW_MORLOCK_HI - BW_MORLOCK_NEAR)
        return;
    if (near_edge(t->x, hx)) {
        hx = 0;
        if (hy == 0)
            hy = along(t->y, bw_dy8[t->last], BW_MORLOCK_H / 2);
    }
    if (near_edge(t->y, hy)) {
        hy = 0;
        if (hx == 0)
            hx = along(t->x, bw_dx8[t->last], BW_MORLOCK_W / 2);
    }
    /* rule 3.2's tunnels do not frame the map: one running along a near
     * edge at the start of a segment bears 45 degrees away from it, so it
     * leaves the border in a gentle arc (once a segment, so no sharp V) */
    hx0 = hx;
    hy0 = hy;
    if (bear && hx == 0 && hy != 0 && (near_edge(t->x, -1) || near_edge(t->x, 1)))
        hx = near_edge(t->x, -1) ? 1 : -1;
    if (bear && hy == 0 && hx != 0 && (near_edge(t->y, -1) || near_edge(t->y, 1)))
        hy = near_edge(t->y, -1) ? 1 : -1;
    d = dir_of[(hy + 1) * 3 + hx + 1];
    /* a bear that would turn the tunnel more than 90 degrees off its last
     * step (a tunnel that ran at the edge and turned along it) is not
     * taken: it would double back beside itself, a blunt dead end */
    if (bear && ((d - t->last) & 7) >= 3 && ((d - t->last) & 7) <= 5)
        d = dir_of[(hy0 + 1) * 3 + hx0 + 1];
    t->dir = (uint8_t)d;
}

/* One segment of rule 3.2's "regular intervals". Each step first steers off a
 * near edge, then veers by the wobble; a step more than 90 degrees off the
 * tunnel's last one (a turn of 90 after a veer one way, then a veer the
 * other) is 90 degrees off it instead, since it would walk back over the
 * last step's cells and leave a short blind spur at the bend; likewise a
 * segment whose heading (after its turn and steering) is 135 or 180
 * degrees off the last step starts 90 degrees off it, on the heading's
 * side, or the other if that points at a near edge (else as it is): the
 * tunnel would otherwise double back beside itself over two steps, a
 * hairpin whose blunt tip is a dead end as wide as two tunnels (rule
 * 3.2), seen most where a tunnel runs at an edge and turns along it; a
 * veer that would leave LO..HI is
 * a step along the heading instead, which after steering points in or
 * along on every axis near an edge and so stays inside. A diagonal step
 * also digs its corner (x of the new cell, y of the old), which is next to
 * both centres, so a tunnel is 4-connected whatever the widths (a fork's
 * new branch may be wider than the cell it leaves from). The caller counts
 * the steps. */
static void walk(sim *s, bw_morlock_tunnel *tp)
{
    bw_morlock_tunnel u = *tp, *t = &u; /* a copy: the plan's writes cannot alias it */
    uint8_t *dug = s->p->dug[u.level];
    bw_rng *r = &s->p->rng;
    int i;
    int dir0 = t->dir;      /* the segment's heading */
    int here = s->g && t->level == s->level; /* drawn: the tunnel stays on its level */
    for (i = 0; i < BW_MORLOCK_SEGMENT; i++) {
        int d, nx, ny;
        int back;
        steer(t, i == 0);
        back = (t->dir - t->last) & 7;
        if (i == 0 && back >= 3 && back <= 5) { /* a heading 135 or 180 degrees off: 90, not out */
            int c = turn8(t->last, back < 4 ? 2 : -2);
            if (near_edge(t->x, bw_dx8[c]) || near_edge(t->y, bw_dy8[c]))
                c = turn8(t->last, back < 4 ? -2 : 2);
            if (!near_edge(t->x, bw_dx8[c]) && !near_edge(t->y, bw_dy8[c]))
                t->dir = (uint8_t)c;
        }
        if (i == 0)
            dir0 = t->dir;
        d = turn8(t->dir, wobble[bw_rng_next(r) & 3]);
        /* rule 3.2's dead ends: no step more than 45 degrees off the last
         * one (it goes 45 off, towards the veer; for a reversal towards
         * the heading's side), so a bend of 90 degrees takes two steps or
         * more and its outer side is rounded, not a pointed blind end */
        back = (d - t->last) & 7;
        if (back >= 2 && back <= 6)
            d = turn8(t->last, back < 4 ? 1 : back > 4 ? -1 : ((t->dir - t->last) & 7) < 4 ? 1 : -1);
        /* and no step more than 90 degrees off the segment's heading: after
         * a turn before the edge (steer) the veers would otherwise bend the
         * tunnel back on itself within a few steps, a hairpin against the
         * edge; unless the turn itself was more than 90 (into a corner) */
        back = (d - dir0) & 7;
        if (back >= 3 && back <= 5 && (((t->dir - dir0) & 7) < 3 || ((t->dir - dir0) & 7) > 5))
            d = t->dir;
        back = (d - t->last) & 7; /* 3, 4, 5: 135 or 180 degrees off the last step */
        if (back >= 3 && back <= 5) {
            /* 90 degrees off the last step, on the side of the heading
             * (the other side if that leaves LO..HI) */
            int side = ((t->dir - t->last) & 7) < 4 ? 2 : -2;
            d = turn8(t->last, side);
            if (outside(t->x + bw_dx8[d]) || outside(t->y + bw_dy8[d]))
                d = turn8(t->last, -side);
        }
        nx = t->x + bw_dx8[d];
        ny = t->y + bw_dy8[d];
        if (outside(nx) || outside(ny)) {
            d = t->dir;
            nx = t->x + bw_dx8[d];
            ny = t->y + bw_dy8[d];
        }
        t->last = (uint8_t)d;
        if (here && nx != t->x && ny != t->y)
            BW_AT(s->g, nx, t->y) = BW_T_DIRT;
        t->x = (uint8_t)nx;
        t->y = (uint8_t)ny;
        dug[ny / BW_MORLOCK_BLOCK] |= (uint8_t)(1u << (nx / BW_MORLOCK_BLOCK));
        if (here) /* most steps are on other levels: no call */
            brush(s, t);
    }
    *tp = u;
}

static void push(bw_morlock_plan *p, const bw_morlock_tunnel *t)
{
    p->queue[(p->head + p->active) % BW_MORLOCK_QUEUE] = *t;
    p->active++;
}

static bw_morlock_tunnel pop(bw_morlock_plan *p)
{
    bw_morlock_tunnel t = p->queue[p->head];
    p->head = (uint8_t)((p->head + 1) % BW_MORLOCK_QUEUE);
    p->active--;
    return t;
}

static int rooms_total(const bw_morlock_plan *p)
{
    int l, n = 0;
    for (l = 0; l < BW_MORLOCK_LEVELS; l++)
        n += p->n_rooms[l];
    return n;
}

/* Rule 3.1: the start of DLVL 1 stays walkable, so a room there may
 * not put a pillar or rubble on it, nor its wall ring (which the mending
 * below walls up where a tunnel dug it). */
static int covers_start(const bw_morlock_template *t, int l, int x0, int y0)
{
    char c = tmpl_at(t, BW_MORLOCK_START_X - x0, BW_MORLOCK_START_Y - y0);
    int in = inside_of(c);
    return l == 0 && c != ' ' && (in < 0 || !bw_tile_passable(inside_tile[in]));
}

/* (x, y) within LINK_ROOM - 1 (Chebyshev) of the box x0..x1, y0..y1. */
static int near_box(int x, int y, int x0, int y0, int x1, int y1)
{
    return x > x0 - LINK_ROOM && x < x1 + LINK_ROOM && y > y0 - LINK_ROOM && y < y1 + LINK_ROOM;
}

/* Template tm at (x0, y0) on level l stays in the room margin, keeps the
 * start walkable and keeps a cell of rock (or tunnel) from every room of
 * that level and, if `links`, LINK_ROOM from every link of that level.
 * Overlaps are checked on the records, by bounding boxes. */
static int room_fits(const bw_morlock_plan *p, int l, int tm, int x0, int y0, int links)
{
    const bw_morlock_template *t = &bw_morlock_templates[tm];
    int k, x1 = x0 + t->w - 1, y1 = y0 + t->h - 1;
    if (x0 < BW_MORLOCK_ROOM_LO || y0 < BW_MORLOCK_ROOM_LO || x1 > BW_MORLOCK_ROOM_HI ||
        y1 > BW_MORLOCK_ROOM_HI || covers_start(t, l, x0, y0))
        return 0;
    for (k = 0; k < p->n_rooms[l]; k++) {
        const bw_morlock_room *o = &p->room[l][k];
        const bw_morlock_template *ot = &bw_morlock_templates[o->tmpl];
        if (x0 <= o->x + ot->w && o->x <= x1 + 1 && y0 <= o->y + ot->h && o->y <= y1 + 1)
            return 0;
    }
    for (k = 0; k < p->n_pits && links; k++) {
        const bw_morlock_pit *q = &p->pit[k];
        if ((q->upper == l || q->upper + 1 == l) && near_box(q->x, q->y, x0, y0, x1, y1))
            return 0;
    }
    return 1;
}

static void add_room(bw_morlock_plan *p, int l, int tm, int x0, int y0, int side)
{
    bw_morlock_room *o = &p->room[l][p->n_rooms[l]++];
    o->x = (uint8_t)x0;
    o->y = (uint8_t)y0;
    o->tmpl = (uint8_t)tm;
    o->doors = (uint8_t)(1u << side);
}

/* The cell just outside the door of side s of room o. */
static void door_out(const bw_morlock_room *o, int s, int *x, int *y)
{
    const bw_morlock_template *t = &bw_morlock_templates[o->tmpl];
    *x = o->x + door_x(t, s) + bw_dx4[s];
    *y = o->y + door_y(t, s) + bw_dy4[s];
}

/* No link of the levels upper and upper + 1 within LINK_GAP of (x, y),
 * and no room of either level within LINK_ROOM - 1 of it. */
static int pit_free(const bw_morlock_plan *p, int x, int y, int upper)
{
    int k, l;
    for (k = 0; k < p->n_pits; k++) {
        const bw_morlock_pit *q = &p->pit[k];
        if (bw_abs(q->upper - upper) <= 1 && bw_chebyshev(q->x, q->y, x, y) < LINK_GAP)
            return 0;
    }
    for (l = upper; l <= upper + 1; l++)
        for (k = 0; k < p->n_rooms[l]; k++) {
            const bw_morlock_room *o = &p->room[l][k];
            const bw_morlock_template *t = &bw_morlock_templates[o->tmpl];
            if (near_box(x, y, o->x, o->y, o->x + t->w - 1, o->y + t->h - 1))
                return 0;
        }
    return 1;
}

static void add_pit(bw_morlock_plan *p, int x, int y, int upper, int down)
{
    bw_morlock_pit *q = &p->pit[p->n_pits++];
    q->x = (uint8_t)x;
    q->y = (uint8_t)y;
    q->upper = (uint8_t)upper;
    q->down = (uint8_t)down;
}

/* A level is dug out once its tunnels have walked a fifth of the step cap.
 * A tunnel on a dug-out level dead ends at its next interval, chosen by the
 * records instead of the dice: into a room if the level still wants one,
 * else into a pit one level on towards the nearest level that is not dug
 * out (through dug-out levels in between, each a forced pit again). So
 * every level gets its share of tunnels and of chances for rooms (rule 3.5).
 * Each tunnel alive on a level when it is dug out ends in a pit, which is
 * why the queue sets the pit density (BW_MORLOCK_QUEUE_DEFAULT). */
static int dug_out(const sim *s, int l)
{
    return s->p->lsteps[l] >= s->cfg.steps / BW_MORLOCK_LEVELS;
}

/* Which way a pit goes: +1 down, -1 up, 0 none. From a dug-out level,
 * towards the nearest level that is not (ties: a coin); otherwise up or
 * down evenly, and no pit when that would lead up from DLVL 1 or down from
 * DLVL 5 (rule 3.2): the tunnel continues instead, so the end levels see as
 * many pits as the middle ones. */
static int pit_way(sim *s, int l)
{
    bw_morlock_plan *p = s->p;
    int d, way;
    if (dug_out(s, l))
        for (d = 1; d < BW_MORLOCK_LEVELS; d++) {
            int up = l - d >= 0 && !dug_out(s, l - d);
            int dn = l + d < BW_MORLOCK_LEVELS && !dug_out(s, l + d);
            if (up && dn)
                return (bw_rng_next(&p->rng) & 1) ? 1 : -1;
            if (up || dn)
                return dn ? 1 : -1;
        }
    way = (bw_rng_next(&p->rng) & 1) ? 1 : -1;
    return l + way < 0 || l + way >= BW_MORLOCK_LEVELS || dug_out(s, l + way) ? 0 : way;
}

/* The five outcomes of an interval; each returns what it did. */

static int do_continue(sim *s, bw_morlock_tunnel *t)
{
    push(s->p, t);
    return BW_MORLOCK_E_CONTINUE;
}

/* Turn by 45 or 90 degrees, preferring new ground: the four turns are
 * tried from a random one on and the first whose heading points at a block
 * of the coarse map not dug yet (LOOK cells ahead) is taken. When all four
 * point at dug ground, outside the middle of the map (more than TURN_HOME
 * from the centre on an axis) 3 turns in 4 go the way that points the
 * tunnel more towards the centre, so tunnels roam the whole level instead
 * of tangling in a corner. */
static int do_turn(sim *s, bw_morlock_tunnel *t)
{
    bw_morlock_plan *p = s->p;
    uint32_t v = bw_rng_next(&p->rng);
    int by = turn_by[v & 3], i;
    int cx = BW_MORLOCK_W / 2 - t->x, cy = BW_MORLOCK_H / 2 - t->y;
    for (i = 0; i < 4; i++) {
        int b = turn_by[(v + (uint32_t)i) & 3], d = turn8(t->dir, b);
        int ax = bw_clamp(t->x + bw_dx8[d] * LOOK, 0, BW_MORLOCK_W - 1);
        int ay = bw_clamp(t->y + bw_dy8[d] * LOOK, 0, BW_MORLOCK_H - 1);
        if (!(p->dug[t->level][ay / BW_MORLOCK_BLOCK] >> (ax / BW_MORLOCK_BLOCK) & 1)) {
            by = b;
            break;
        }
    }
    if (i == 4 && (bw_abs(cx) > TURN_HOME || bw_abs(cy) > TURN_HOME) && ((v >> 2) & 3) != 0) {
        /* sign of the cross product heading x (to centre): > 0 means the
         * centre lies clockwise (x right, y down) */
        int cross = bw_dx8[t->dir] * cy - bw_dy8[t->dir] * cx;
        if (cross != 0 && (cross > 0) != (by > 0))
            by = -by;
    }
    t->dir = turn8(t->dir, by);
    push(p, t);
    return BW_MORLOCK_E_TURN;
}

/* Fork into two: this tunnel bears 45 degrees left, the new one 45 or 90
 * right with a width of its own. */
static int do_fork(sim *s, bw_morlock_tunnel *t)
{
    bw_morlock_plan *p = s->p;
    bw_morlock_tunnel c = *t;
    uint32_t v = bw_rng_next(&p->rng);
    int dir0 = t->dir;
    if (p->active + 2 > s->cfg.queue) {
        trace(s, BW_MORLOCK_E_FORK_REFUSED, t, 0);
        return do_continue(s, t);
    }
    t->dir = turn8(t->dir, -1);
    c.dir = turn8(c.dir, 1 + (int)(v & 1));
    c.width = width_of[(v >> 1) & 3];
    push(p, t);
    push(p, &c);
    trace(s, BW_MORLOCK_E_FORK, &c, dir0);
    return BW_MORLOCK_E_FORK;
}

/* Dead end into a pit; the tunnel goes on from the pit's other end on the
 * next level up or down, with a new heading. */
static int do_pit(sim *s, bw_morlock_tunnel *t)
{
    bw_morlock_plan *p = s->p;
    int l = t->level, way = pit_way(s, l), down = way > 0, upper = down ? l : l - 1;
    if (way == 0 || p->n_pits >= BW_MORLOCK_PITS - BW_MORLOCK_PITS_RESERVE ||
        !pit_free(p, t->x, t->y, upper)) {
        trace(s, BW_MORLOCK_E_PIT_REFUSED, t, 0);
        return do_continue(s, t);
    }
    add_pit(p, t->x, t->y, upper, down);
    t->level = (uint8_t)(down ? l + 1 : l - 1);
    t->dir = t->last = (uint8_t)(bw_rng_next(&p->rng) & 7);
    landing(s, t);
    push(p, t);
    trace(s, BW_MORLOCK_E_PIT, t, p->n_pits - 1);
    return BW_MORLOCK_E_PIT;
}

/* Dead end into a room: the door of the side facing the tunnel lies just
 * past the tunnel's brush, straight ahead (a diagonal heading picks one of
 * its two sides); the templates are tried from a random one on. */
static int place_room(sim *s, bw_morlock_tunnel *t, int cap, int kind);

static int do_room(sim *s, bw_morlock_tunnel *t)
{
    if (place_room(s, t, s->p->want[t->level], BW_MORLOCK_E_ROOM))
        return BW_MORLOCK_E_ROOM;
    trace(s, BW_MORLOCK_E_ROOM_REFUSED, t, 0);
    return do_continue(s, t);
}

/* The sides a room may lie on, from the tunnel's heading: ahead, then to
 * its right and its left (the big templates often find no room ahead). */
static const uint8_t ahead_side[3] = { 0, 1, 3 };

/* A room for tunnel t if its level has fewer than `cap` rooms and a
 * template fits ahead of it or beside it (its door just past the brush);
 * traced as `kind`. Returns 1 if placed. */
static int place_room(sim *s, bw_morlock_tunnel *t, int cap, int kind)
{
    bw_morlock_plan *p = s->p;
    int l = t->level, c0, c, side, k, dx, dy, first, i, j;
    if (p->n_rooms[l] >= cap) /* rule 3.5 */
        return 0;
    c0 = (t->dir & 1) ? (int)(((t->dir >> 1) + (bw_rng_next(&p->rng) & 1)) & 3) : t->dir >> 1;
    first = (int)bw_rng_below(&p->rng, BW_MORLOCK_TEMPLATES);
    for (j = 0; j < 3; j++) {
        c = (c0 + (int)ahead_side[j]) & 3;
        k = 1 + reach(c, t->width);
        dx = t->x + bw_dx4[c] * k;
        dy = t->y + bw_dy4[c] * k;
        side = (c + 2) & 3;
        for (i = 0; i < BW_MORLOCK_TEMPLATES; i++) {
            int tm = (first + i) % BW_MORLOCK_TEMPLATES;
            const bw_morlock_template *tp = &bw_morlock_templates[tm];
            int x0 = dx - door_x(tp, side), y0 = dy - door_y(tp, side);
            if (room_fits(p, l, tm, x0, y0, 1)) {
                add_room(p, l, tm, x0, y0, side);
                trace(s, kind, t, p->n_rooms[l] - 1);
                return 1;
            }
        }
    }
    return 0;
}

typedef int (*outcome_fn)(sim *s, bw_morlock_tunnel *t);
static const outcome_fn outcome[BW_MORLOCK_E_DECISIONS] = {
    do_continue, do_turn, do_fork, do_pit, do_room
};

static void decide(sim *s, bw_morlock_tunnel *t)
{
    int roll = (int)bw_rng_below(&s->p->rng, OUTCOME_TOTAL), e = 0, did, dir0 = t->dir;
    while (roll >= outcome_weight[e])
        roll -= outcome_weight[e++];
    if (dug_out(s, t->level)) {
        /* a room if the level still wants one and one fits, else a pit
         * (a refused room would only spend steps on the dug-out level) */
        trace(s, BW_MORLOCK_E_DUG_OUT, t, 0);
        if (place_room(s, t, s->p->want[t->level], BW_MORLOCK_E_ROOM))
            return;
        e = BW_MORLOCK_E_PIT;
    }
    did = outcome[e](s, t);
    if (did == BW_MORLOCK_E_CONTINUE || did == BW_MORLOCK_E_TURN)
        trace(s, did, t, dir0);
}

/* Rule 3.3: every tunnel has dead ended, so a room chosen at random (all rooms
 * of all levels alike) sends a new tunnel out of the door of a random side,
 * heading straight out. Only rooms end tunnels, so a room exists. */
static int respawn(sim *s)
{
    bw_morlock_plan *p = s->p;
    bw_morlock_tunnel t;
    int n = rooms_total(p), pick, l = 0, side, ox, oy, k;
    bw_morlock_room *o;
    if (n == 0)
        return 0;
    pick = (int)bw_rng_below(&p->rng, (uint32_t)n);
    while (pick >= p->n_rooms[l]) {
        pick -= p->n_rooms[l];
        l++;
    }
    o = &p->room[l][pick];
    side = (int)(bw_rng_next(&p->rng) & 3);
    o->doors |= (uint8_t)(1u << side);
    t.width = width_of[bw_rng_next(&p->rng) & 3];
    t.dir = t.last = (uint8_t)(side * 2);
    t.level = (uint8_t)l;
    door_out(o, side, &ox, &oy);
    k = reach((side + 2) & 3, t.width); /* the brush reaches back to the door */
    t.x = (uint8_t)(ox + bw_dx4[side] * k);
    t.y = (uint8_t)(oy + bw_dy4[side] * k);
    brush(s, &t);
    push(p, &t);
    for (k = 0, n = 0; k < l; k++)
        n += p->n_rooms[k];
    trace(s, BW_MORLOCK_E_RESPAWN, &t, n + pick);
    return 1;
}

/* ------------------------------------------------------------- finish */

/* A tunnel still digging at the cap ends in a pit: down or up (a coin,
 * the other way if the first is refused; never up from DLVL 1 or down
 * from DLVL 5), where pit_free allows and the table has room (the
 * reserve keeps one for each tunnel of the queue). The tunnel beyond is
 * the pit's landing alone. Returns 1 if placed. */
static int finish_pit(sim *s, bw_morlock_tunnel *t)
{
    bw_morlock_plan *p = s->p;
    int l = t->level, way = (bw_rng_next(&p->rng) & 1) ? 1 : -1, i;
    for (i = 0; i < 2; i++, way = -way) {
        int upper = way > 0 ? l : l - 1;
        if (l + way < 0 || l + way >= BW_MORLOCK_LEVELS ||
            p->n_pits >= BW_MORLOCK_PITS - FALLBACK_PITS || !pit_free(p, t->x, t->y, upper))
            continue;
        add_pit(p, t->x, t->y, upper, way > 0);
        t->level = (uint8_t)(l + way);
        landing(s, t);
        trace(s, BW_MORLOCK_E_FINISH_PIT, t, p->n_pits - 1);
        return 1;
    }
    return 0;
}

/* Rule 3.2 at the step cap: every tunnel still in the
 * queue ends the way rule 3.2 allows, in a room (while its level has fewer than
 * BW_MORLOCK_ROOMS_MAX) or else in a pit; if neither fits where it stands
 * it walks one more segment and tries again, FINISH_TRIES times at most
 * (these steps are not counted against the cap). Fallback: a tunnel that
 * found no end is left as it is (never seen in seeds 0-19,999; with 8
 * tries, 4 in seeds 0-1,999). */
static void finish(sim *s)
{
    bw_morlock_plan *p = s->p;
    bw_morlock_tunnel t;
    int i;
    while (p->active > 0) {
        t = pop(p);
        brush(s, &t); /* a fork's new branch has not dug its brush yet */
        for (i = 0; i < FINISH_TRIES; i++) {
            if (place_room(s, &t, BW_MORLOCK_ROOMS_MAX, BW_MORLOCK_E_FINISH_ROOM) || finish_pit(s, &t))
                break;
            walk(s, &t);
        }
    }
}

/* ------------------------------------------------------------ fallback */

static void add_join(bw_morlock_plan *p, int l, int x0, int y0, int x1, int y1)
{
    bw_morlock_join *j = &p->join[p->n_joins++];
    j->level = (uint8_t)l;
    j->x0 = (uint8_t)x0;
    j->y0 = (uint8_t)y0;
    j->x1 = (uint8_t)x1;
    j->y1 = (uint8_t)y1;
}

/* The open cell of level l nearest (x, y) among those the records know:
 * the start (DLVL 1), the links of l, the cells outside the open doors of
 * l's rooms. Returns 0 if l has none. */
static int anchor(const bw_morlock_plan *p, int l, int x, int y, int *ax, int *ay)
{
    int best = -1, k, s, cx, cy;
#define TRY(X, Y) do { int d_ = bw_manhattan(X, Y, x, y); \
        if (best < 0 || d_ < best) { best = d_; *ax = (X); *ay = (Y); } } while (0)
    if (l == 0)
        TRY(BW_MORLOCK_START_X, BW_MORLOCK_START_Y);
    for (k = 0; k < p->n_pits; k++)
        if (p->pit[k].upper == l || p->pit[k].upper + 1 == l)
            TRY(p->pit[k].x, p->pit[k].y);
    for (k = 0; k < p->n_rooms[l]; k++)
        for (s = 0; s < 4; s++)
            if (p->room[l][k].doors >> s & 1) {
                door_out(&p->room[l][k], s, &cx, &cy);
                TRY(cx, cy);
            }
#undef TRY
    return best >= 0;
}

/* Rule 3.5's fallback, after the step cap: a level short of 4 rooms gets the
 * smallest template at a free lattice place and a straight corridor to it
 * from the nearest open cell the records know on that level. A level with
 * none (no tunnel ever reached it) first gets a pit from the level above
 * (done already, so it has 4 rooms and open cells) at a free lattice place,
 * joined by a corridor there. Both lattices always have a free place:
 * a room (21 x 17 at most, a cell of gap) blocks at most 3 x 3 of the
 * 16 x 12 room lattice of template 0 (15 x 11; 6 x 9 places, at most 3
 * rooms on the level); the fallback room takes a place LINK_ROOM off the
 * links if there is one, else any (with the defaults the fallback is never
 * used). A link blocks at most one place of the 5 x 5 pit lattice
 * (22 x 22 places) and a room of one of the pit's two levels (LINK_ROOM
 * round its box: 25 x 21) at most 6 x 5, at most 64 + 12 x 30 < 484.
 * Each pass adds a room, so the loop ends after at most 4 per level. */
static int lattice_room(sim *s, int l, int *x0, int *y0, int links)
{
    int nx = (BW_MORLOCK_ROOM_HI - BW_MORLOCK_ROOM_LO + 1 - bw_morlock_templates[0].w) / ROOM_STEP_X + 1;
    int ny = (BW_MORLOCK_ROOM_HI - BW_MORLOCK_ROOM_LO + 1 - bw_morlock_templates[0].h) / ROOM_STEP_Y + 1;
    int n = nx * ny, first = (int)bw_rng_below(&s->p->rng, (uint32_t)n), i;
    for (i = 0; i < n; i++) {
        int c = (first + i) % n;
        *x0 = BW_MORLOCK_ROOM_LO + (c % nx) * ROOM_STEP_X;
        *y0 = BW_MORLOCK_ROOM_LO + (c / nx) * ROOM_STEP_Y;
        if (room_fits(s->p, l, 0, *x0, *y0, links))
            return 1;
    }
    return 0;
}

static int lattice_pit(sim *s, int upper, int *x, int *y)
{
    int side = (BW_MORLOCK_ROOM_HI - BW_MORLOCK_ROOM_LO) / PIT_STEP + 1;
    int n = side * side, first = (int)bw_rng_below(&s->p->rng, (uint32_t)n), i;
    for (i = 0; i < n; i++) {
        int c = (first + i) % n;
        *x = BW_MORLOCK_ROOM_LO + (c % side) * PIT_STEP;
        *y = BW_MORLOCK_ROOM_LO + (c / side) * PIT_STEP;
        if (pit_free(s->p, *x, *y, upper))
            return 1;
    }
    return 0;
}

static void fallback(sim *s)
{
    bw_morlock_plan *p = s->p;
    int l, x0, y0, ax, ay, side, best, sd, ox, oy;
    for (l = 0; l < BW_MORLOCK_LEVELS; l++)
        while (p->n_rooms[l] < BW_MORLOCK_ROOMS_MIN) {
            /* a place off the links too if there is one (the lattice
             * argument counts rooms only) */
            if (!lattice_room(s, l, &x0, &y0, 1) && !lattice_room(s, l, &x0, &y0, 0))
                return; /* cannot happen, see above */
            if (!anchor(p, l, x0, y0, &ax, &ay)) {
                int bx, by;
                /* l >= 1: DLVL 1 always has the start */
                if (!lattice_pit(s, l - 1, &ax, &ay) || !anchor(p, l - 1, ax, ay, &bx, &by))
                    return; /* cannot happen */
                add_join(p, l - 1, bx, by, ax, ay);
                add_pit(p, ax, ay, l - 1, 1);
                trace(s, BW_MORLOCK_E_FALLBACK_PIT, 0, p->n_pits - 1);
            }
            /* the door nearest the anchor */
            add_room(p, l, 0, x0, y0, 0);
            best = -1;
            side = 0;
            for (sd = 0; sd < 4; sd++) {
                door_out(&p->room[l][p->n_rooms[l] - 1], sd, &ox, &oy);
                if (best < 0 || bw_manhattan(ox, oy, ax, ay) < best) {
                    best = bw_manhattan(ox, oy, ax, ay);
                    side = sd;
                }
            }
            p->room[l][p->n_rooms[l] - 1].doors = (uint8_t)(1u << side);
            door_out(&p->room[l][p->n_rooms[l] - 1], side, &ox, &oy);
            add_join(p, l, ax, ay, ox, oy);
            trace(s, BW_MORLOCK_E_FALLBACK_ROOM, 0, p->n_rooms[l] - 1);
        }
}

/* ---------------------------------------------------------------- run */

static int check_cfg(const bw_morlock_cfg *c)
{
    return c->queue >= 1 && c->queue <= BW_MORLOCK_QUEUE;
}

/* The simulation both entry points run: the caller's settings or the
 * defaults, checked; 0 when they are out of range. No trace by default. */
static int sim_init(sim *s, const bw_morlock_cfg *c, bw_morlock_plan *p, bw_grid *g, int level)
{
    if (c)
        s->cfg = *c;
    else
        bw_morlock_defaults(&s->cfg);
    s->p = p;
    s->g = g;
    s->level = level;
    s->fn = 0;
    s->ctx = 0;
    return check_cfg(&s->cfg);
}

static void run(sim *s, uint32_t seed)
{
    bw_morlock_plan *p = s->p;
    bw_morlock_tunnel t;
    int i, j;
    bw_rng_stream(&p->rng, seed, BW_GEN_MORLOCK, 0, P_PROCESS);
    p->steps = 0;
    for (i = 0; i < BW_MORLOCK_E_COUNT; i++)
        p->events[i] = 0;
    for (i = 0; i < BW_MORLOCK_LEVELS; i++) {
        p->n_rooms[i] = 0;
        p->lsteps[i] = 0;
        for (j = 0; j < BW_MORLOCK_BLOCKS; j++)
            p->dug[i][j] = 0;
        p->want[i] = (uint8_t)bw_rng_range(&p->rng, BW_MORLOCK_ROOMS_MIN, BW_MORLOCK_ROOMS_MAX);
    }
    p->n_pits = p->n_joins = 0;
    p->head = p->active = 0;
    /* Rule 3.1: the central tunnel, DLVL 1 */
    t.x = BW_MORLOCK_START_X;
    t.y = BW_MORLOCK_START_Y;
    t.level = 0;
    t.dir = t.last = (uint8_t)(bw_rng_next(&p->rng) & 7);
    t.width = width_of[bw_rng_next(&p->rng) & 3];
    brush(s, &t);
    push(p, &t);
    while (p->steps + BW_MORLOCK_SEGMENT <= s->cfg.steps) {
        if (p->active == 0 && !respawn(s))
            break; /* no room to respawn from: cannot happen (see respawn) */
        t = pop(p);
        walk(s, &t);
        p->steps += BW_MORLOCK_SEGMENT;
        p->lsteps[t.level] += BW_MORLOCK_SEGMENT;
        decide(s, &t);
    }
    finish(s);
    fallback(s);
}

void bw_morlock_defaults(bw_morlock_cfg *c)
{
    c->steps = BW_MORLOCK_STEPS;
    c->queue = BW_MORLOCK_QUEUE_DEFAULT;
}

int bw_morlock_plan_run(bw_morlock_plan *p, uint32_t seed, const bw_morlock_cfg *c,
                        bw_morlock_trace fn, void *ctx)
{
    sim s;
    BW_ASSERT(p);
    if (!sim_init(&s, c, p, 0, -1))
        return BW_ERR_OPTION;
    s.fn = fn;
    s.ctx = ctx;
    run(&s, seed);
    return 0;
}

/* ---------------------------------------------------------------- draw */

static void draw_joins(const bw_morlock_plan *p, bw_grid *g, int l)
{
    int k, x, y;
    for (k = 0; k < p->n_joins; k++) {
        const bw_morlock_join *j = &p->join[k];
        if (j->level != l)
            continue;
        for (x = bw_min(j->x0, j->x1); x <= bw_max(j->x0, j->x1); x++)
            BW_AT(g, x, j->y0) = BW_AT(g, x, j->y0 + 1) = BW_T_DIRT;
        for (y = bw_min(j->y0, j->y1); y <= bw_max(j->y0, j->y1); y++)
            BW_AT(g, j->x1, y) = BW_AT(g, j->x1 + 1, y) = BW_T_DIRT;
    }
}

static int next_to_inside(const bw_morlock_template *t, int i, int j)
{
    int s;
    for (s = 0; s < 4; s++)
        if (inside_of(tmpl_at(t, i + bw_dx4[s], j + bw_dy4[s])) >= 0)
            return 1;
    return 0;
}

/* A ruined wall over rock: 2 in 16 crumbling, and where it borders the
 * inside 1 in 16 broken (open) and 1 in 16 fallen to rubble; a corner
 * never opens, so nothing open is left cut off outside. */
static uint8_t ruin_wall(bw_rng *r, int inside)
{
    uint32_t v = bw_rng_next(r) & 15;
    if (v < 2)
        return BW_T_CRUMBLE_WALL;
    if (inside && v == 2)
        return BW_T_BROKEN_WALL;
    if (inside && v == 3)
        return BW_T_RUBBLE;
    return BW_T_BWALL;
}

static void draw_room(bw_grid *g, bw_rng *r, const bw_morlock_room *o)
{
    const bw_morlock_template *t = &bw_morlock_templates[o->tmpl];
    int i, j;
    for (j = 0; j < t->h; j++)
        for (i = 0; i < t->w; i++) {
            char c = t->cells[j * t->w + i];
            int in = inside_of(c), door = door_of(c);
            uint8_t *cell = &BW_AT(g, o->x + i, o->y + j);
            if (c == ' ')
                continue;
            if (in >= 0)
                *cell = inside_tile[in];
            else if (door >= 0 && (o->doors >> door & 1))
                *cell = BW_T_DOOR;
            else if (*cell == BW_T_ROCK)
                *cell = ruin_wall(r, next_to_inside(t, i, j));
        }
}

/* Filling or digging a square changes the ball (below) of every square
 * within STUB steps of it and of no other, so a dead end may begin at any
 * of them now (rule 3.2): those squares (ROUND, as offsets on the grid)
 * are marked in plane b to be looked from again. Dirt lies in 2..117, so a mark off
 * the side lands on rock at the other side of the grid, and one off the
 * top or the bottom is dropped. */
#define ROUND 40
#define AT(dx, dy) ((dy) * BW_GRID_MAX + (dx))
static const int16_t round_at[ROUND] = {
    AT(0, -4), AT(-1, -3), AT(0, -3), AT(1, -3), AT(-2, -2), AT(-1, -2), AT(0, -2), AT(1, -2),
    AT(2, -2), AT(-3, -1), AT(-2, -1), AT(-1, -1), AT(0, -1), AT(1, -1), AT(2, -1), AT(3, -1),
    AT(-4, 0), AT(-3, 0), AT(-2, 0), AT(-1, 0), AT(1, 0), AT(2, 0), AT(3, 0), AT(4, 0),
    AT(-3, 1), AT(-2, 1), AT(-1, 1), AT(0, 1), AT(1, 1), AT(2, 1), AT(3, 1), AT(-2, 2),
    AT(-1, 2), AT(0, 2), AT(1, 2), AT(2, 2), AT(-1, 3), AT(0, 3), AT(1, 3), AT(0, 4)
};
#undef AT

static void mark_round(bw_plane *b, int x, int y)
{
    unsigned c = BW_BIT(x, y), i;
    for (i = 0; i < ROUND; i++) {
        unsigned at = c + (unsigned)(int)round_at[i];
        if (at < BW_GRID_CELLS)
            b->w[at >> 5] |= 1u << (at & 31);
    }
}

/* ------------------------------------------------------------- mending */

/* Rule 3.2's rooms left whole. A tunnel walked before its room was placed,
 * or after, may run through the room's wall ring. Once everything is drawn
 * each piece of dug ring (4-connected squares of the ring that are dirt or
 * the door) is walled up again but for one doorway: the room's door if the
 * piece holds it, else the shortest way across the ring from a square with
 * open ground outside to one with the inside next to it (1 square where the
 * ring is one thick, 2 or 3 on the diagonal walls). A piece that does not
 * reach both sides is walled up whole. A square walled up digs the rock
 * outside the template round it, so a tunnel that ran along or through
 * the wall keeps its way round the room (any way through the ring has one
 * just outside it); the dead-end pass below takes away whatever of that
 * leads nowhere. */
/* A piece of dug ring looked at, at most (the largest ring, 21 x 17, has
 * 72 squares, a tunnel rarely digs more than a side; the rest of a longer
 * piece is taken as a piece of its own). Its five lists live in the map's
 * flood-fill stack, which the Morlock Pits do not use, not on the stack;
 * a build with a fill stack too small for them (BW_FILL_STACK below 80)
 * keeps them on the stack instead, with the same maps. */
#define RING_MAX 40

static int ring_at(const bw_morlock_template *t, int i, int j)
{
    char c = tmpl_at(t, i, j);
    return c == '#' || door_of(c) >= 0;
}

static int open_sq(const bw_grid *g, int x, int y)
{
    return (FLAGS(BW_AT(g, x, y)) & BW_CONNECTS) != 0;
}

/* Bit 0: ring square (i, j) has the inside next to it (4-neighbour); bit
 * 1: open ground outside the template next to it. */
static int sides_at(const bw_grid *g, const bw_morlock_room *o, const bw_morlock_template *t,
                    int i, int j)
{
    int s, v = 0;
    for (s = 0; s < 4; s++) {
        int a = i + bw_dx4[s], b = j + bw_dy4[s];
        char c = tmpl_at(t, a, b);
        if (inside_of(c) >= 0)
            v |= 1;
        else if (c == ' ' && open_sq(g, o->x + a, o->y + b))
            v |= 2;
    }
    return v;
}

/* Dig the rock outside the template round walled ring square (i, j) if
 * open ground lies next to it there: returns 1 if it did. */
static int dig_round(bw_grid *g, const bw_morlock_room *o, const bw_morlock_template *t, int i, int j)
{
    int d, open = 0;
    for (d = 0; d < 8; d++)
        open |= tmpl_at(t, i + bw_dx8[d], j + bw_dy8[d]) == ' ' &&
                open_sq(g, o->x + i + bw_dx8[d], o->y + j + bw_dy8[d]);
    for (d = 0; d < 8 && open; d++) {
        uint8_t *c = &BW_AT(g, o->x + i + bw_dx8[d], o->y + j + bw_dy8[d]);
        if (tmpl_at(t, i + bw_dx8[d], j + bw_dy8[d]) == ' ' && *c == BW_T_ROCK)
            *c = BW_T_DIRT;
    }
    return open;
}

static inline BW_ALWAYS_INLINE int dug_at(const bw_grid *g, const bw_morlock_room *o, int i, int j)
{
    uint8_t c = BW_AT(g, o->x + i, o->y + j);
    return c == BW_T_DIRT || c == BW_T_DOOR;
}

/* The diagonal (bw_dx8, bw_dy8 index) along which dug ring square (i, j)
 * touches another corner to corner with neither square between them dug
 * ring (two doorways), or -1. */
static int touches(const bw_grid *g, const bw_morlock_room *o, const bw_morlock_template *t, int i, int j)
{
    int d;
    for (d = 1; d < 8; d += 2) {
        int a = i + bw_dx8[d], b = j + bw_dy8[d];
        if (ring_at(t, a, b) && dug_at(g, o, a, b) && !(ring_at(t, a, j) && dug_at(g, o, a, j)) &&
            !(ring_at(t, i, b) && dug_at(g, o, i, b)))
            return d;
    }
    return -1;
}

static void mend_room(bw_map *m, const bw_morlock_room *o)
{
    const bw_morlock_template *t = &bw_morlock_templates[o->tmpl];
    bw_grid *g = &m->grid;
#if BW_FILL_STACK >= 2 * RING_MAX
    uint8_t *rx = m->fill.xl, *ry = m->fill.xr, *from = m->fill.y;
    uint8_t *keep = m->fill.xl + RING_MAX, *q = m->fill.xr + RING_MAX;
#else
    uint8_t rx[RING_MAX], ry[RING_MAX], from[RING_MAX], keep[RING_MAX], q[RING_MAX];
#endif
    int i, j, k, d;
    bw_plane_clear(&m->a); /* ring squares taken into a piece */
    for (j = 0; j < t->h; j++)
        for (i = 0; i < t->w; i++) {
            int n = 0, head, tail, way = -1;
            if (!dug_at(g, o, i, j) || !ring_at(t, i, j) || BW_PGET(&m->a, o->x + i, o->y + j))
                continue;
            /* the piece, 4-connected over dug ring squares */
            BW_PSET(&m->a, o->x + i, o->y + j);
            rx[n] = (uint8_t)i;
            ry[n++] = (uint8_t)j;
            for (head = 0; head < n; head++)
                for (d = 0; d < 4; d++) {
                    int a = rx[head] + bw_dx4[d], b = ry[head] + bw_dy4[d];
                    if (n < RING_MAX && ring_at(t, a, b) && dug_at(g, o, a, b) &&
                        !BW_PGET(&m->a, o->x + a, o->y + b)) {
                        BW_PSET(&m->a, o->x + a, o->y + b);
                        rx[n] = (uint8_t)a;
                        ry[n++] = (uint8_t)b;
                    }
                }
            for (k = 0; k < n; k++) {
                keep[k] = BW_AT(g, o->x + rx[k], o->y + ry[k]) == BW_T_DOOR;
                from[k] = 0xff;
            }
            /* no door: the shortest way across, a search from the squares
             * with open ground outside (rx, ry reused as the queue order is
             * kept in `from`: index of the square it was reached from) */
            for (k = 0, tail = 0; k < n && !keep[k]; k++)
                ;
            if (k == n) {
                for (k = 0; k < n; k++)
                    if (sides_at(g, o, t, rx[k], ry[k]) & 2) {
                        from[k] = (uint8_t)k;
                        q[tail++] = (uint8_t)k;
                    }
                for (head = 0; head < tail && way < 0; head++) {
                    int c = q[head];
                    if (sides_at(g, o, t, rx[c], ry[c]) & 1) {
                        way = c;
                        break;
                    }
                    for (k = 0; k < n; k++)
                        if (from[k] == 0xff && bw_manhattan(rx[k], ry[k], rx[c], ry[c]) == 1) {
                            from[k] = (uint8_t)c;
                            q[tail++] = (uint8_t)k;
                        }
                }
                for (; way >= 0 && !keep[way]; way = from[way])
                    keep[way] = 1;
            }
            /* wall up the rest; then, till nothing changes, dig round each
             * walled square that has open ground outside it (a dug square
             * opens the way for its neighbours on the ring): n rounds at
             * most, as each digs round one square at least */
            for (k = 0; k < n; k++) {
                if (!keep[k])
                    BW_AT(g, o->x + rx[k], o->y + ry[k]) = BW_T_BWALL;
                for (d = 0; d < 8; d++) /* where a dead end may begin now (plane b) */
                    BW_PSET(&m->b, o->x + rx[k] + bw_dx8[d], o->y + ry[k] + bw_dy8[d]);
            }
            for (head = 0, d = 1; d && head <= n; head++)
                for (k = 0, d = 0; k < n; k++)
                    if (!keep[k] && dig_round(g, o, t, rx[k], ry[k])) {
                        keep[k] = 1; /* done */
                        d = 1;
                    }
        }
    /* Rule 3.2: one doorway at most 3 wide. Two doorways of separate
     * pieces may touch corner to corner (a run of 4 to 6 on the ring,
     * 8-connected); the first dirt square of such a pair is walled up
     * and the rock round it and round the ring squares between the two
     * (touches: k) dug as above, so the ways through both meet outside
     * the ring */
    for (j = 0; j < t->h; j++)
        for (i = 0; i < t->w; i++)
            if (BW_AT(g, o->x + i, o->y + j) == BW_T_DIRT && ring_at(t, i, j) && (k = touches(g, o, t, i, j)) >= 0) {
                BW_AT(g, o->x + i, o->y + j) = BW_T_BWALL;
                for (d = 0; d < 3; d++) {
                    int a = d == 1 ? i + bw_dx8[k] : i, b = d == 2 ? j + bw_dy8[k] : j;
                    if (ring_at(t, a, b))
                        dig_round(g, o, t, a, b);
                }
                for (d = 0; d < 8; d++)
                    BW_PSET(&m->b, o->x + i + bw_dx8[d], o->y + j + bw_dy8[d]);
            }
}

/* A doorway the dead-end pass filled (its tunnel led nowhere) is wall
 * again, not rock. */
static void rewall_filled(bw_grid *g, const bw_morlock_room *o)
{
    const bw_morlock_template *t = &bw_morlock_templates[o->tmpl];
    int i, j;
    for (j = 0; j < t->h; j++)
        for (i = 0; i < t->w; i++)
            if (BW_AT(g, o->x + i, o->y + j) == BW_T_ROCK && ring_at(t, i, j)) /* rock first: rare */
                BW_AT(g, o->x + i, o->y + j) = BW_T_BWALL;
}

/* Rule 3.2: a tunnel ends only in a room or a pit (or begins at a ladder).
 * The walls put back above leave spurs where a tunnel ran into them; a
 * one-wide spur of any depth is filled with rock square by square from
 * its end (dirt with one open 4-neighbour, itself dirt: the square before
 * a door stays), and so is a lone square of dirt. Each square is filled
 * once at most, so the pass ends; its worklist is plane b. */
static int is_start(int level, int x, int y)
{
    return level == 1 && x == BW_MORLOCK_START_X && y == BW_MORLOCK_START_Y;
}

/* 1 if (x, y), dirt and not the start (the caller has looked), is the
 * tip of a one-wide spur (rule 3.2): no open 4-neighbour, or one, and that
 * one dirt (a tunnel that ends at a door may leave a single tile beside
 * it). */
static int narrow_tip(const bw_grid *g, int x, int y)
{
    int k, n = 0, dirt = 0;
    for (k = 0; k < 4; k++)
        if (open_sq(g, x + bw_dx4[k], y + bw_dy4[k])) {
            n++;
            dirt += BW_AT(g, x + bw_dx4[k], y + bw_dy4[k]) == BW_T_DIRT;
        }
    return n == 0 || (n == 1 && dirt == 1);
}

/* The cell (y * BW_GRID_MAX + x) of the lowest mark in word w of plane p
 * (a word with one at least), taken off the plane: the dead-end pass
 * below works through its marks this way until the plane is empty. */
static unsigned take_mark(bw_plane *p, int w)
{
    int bit = bw_low_bit(p->w[w]);
    p->w[w] &= ~(1u << bit);
    return (unsigned)w * 32u + (unsigned)bit;
}

/* Rule 3.2: no dead end of any width STUB or more deep unless it ends in
 * a room, pit or ladder. A dead end, as a player meets it: from a tip,
 * the dirt within STUB steps (4-connected, over dirt) touches no other
 * open square (room, door, link, DLVL 1's start), and the squares exactly
 * STUB steps away are one 8-connected piece of at most STUB_WIDE, so the
 * way goes on in one direction only (a corridor's middle sees two pieces,
 * a bend or a wide place a wider one). That ball lies within the diamond
 * of radius STUB round the tip: BALL squares at most. */
#define STUB 4
#define STUB_WIDE 4
#define BALL (2 * STUB * (STUB + 1) + 1)

static int open_or_start(const bw_grid *g, int level, int x, int y)
{
    return open_sq(g, x, y) || is_start(level, x, y);
}

/* 1 if filling (x, y) cuts no way: its open 4-neighbours are joined
 * round it through its 8 neighbours. Round the ring (bw_dx8's circular
 * order, 4-neighbours at even k) the runs of open squares that hold a
 * 4-neighbour are counted from a closed square on: at most one. */
static int simple_sq(const bw_grid *g, int level, int x, int y)
{
    unsigned o = 0;
    int k, k0 = 0, runs = 0, in4 = 0;
    for (k = 0; k < 8; k++)
        o |= (unsigned)open_or_start(g, level, x + bw_dx8[k], y + bw_dy8[k]) << k;
    if (o == 0xffu)
        return 1;
    while (o >> k0 & 1u)
        k0++;
    for (k = 1; k <= 8; k++) {
        int i = (k0 + k) & 7;
        if (o >> i & 1u)
            in4 |= !(i & 1);
        else {
            runs += in4;
            in4 = 0;
        }
    }
    return runs <= 1;
}

/* The ball of dirt within STUB steps of (x0, y0), breadth first into bx,
 * by, bd (distance). Its squares are SEEN on the grid while it is searched
 * (no tile has that id) and the caller makes them dirt again (*nb of them).
 * Returns the number of squares if it is a dead end, else 0. */
#define SEEN 0xffu
#define JOINED 0xfeu /* loop_sq */
BW_STATIC_ASSERT(BW_TILE_COUNT < JOINED, morlock_SEEN_is_no_tile);
static int stub_ball(bw_grid *g, int level, int x0, int y0, uint8_t *bx, uint8_t *by, uint8_t *bd,
                     int *nb)
{
    int head, tail = 1, k, i, j, front = 0, first = 0, start = level == 1;
    unsigned got;
    bx[0] = (uint8_t)x0;
    by[0] = (uint8_t)y0;
    bd[0] = 0;
    BW_AT(g, x0, y0) = SEEN;
    for (head = 0; head < tail; head++) {
        int x = bx[head], y = by[head];
        if (bd[head] == STUB)
            break; /* the far squares, pushed last: first .. tail - 1 */
        for (k = 0; k < 4; k++) {
            int nx = x + bw_dx4[k], ny = y + bw_dy4[k];
            uint8_t c = BW_AT(g, nx, ny);
            if (c == BW_T_DIRT && !(start && is_start(level, nx, ny))) {
                BW_AT(g, nx, ny) = SEEN;
                bx[tail] = (uint8_t)nx;
                by[tail] = (uint8_t)ny;
                bd[tail] = (uint8_t)(bd[head] + 1);
                if (bd[tail++] == STUB && front++ == 0)
                    first = tail - 1;
                if (front > STUB_WIDE ||
                    (front > 1 && bw_chebyshev(nx, ny, bx[first], by[first]) >= STUB_WIDE)) {
                    *nb = tail;
                    return 0; /* too wide: a bend, a wide place (far squares
                                 STUB_WIDE apart are never one piece) */
                }
            } else if (c != SEEN && c != BW_T_ROCK &&
                       (c == BW_T_DIRT || (FLAGS(c) & BW_CONNECTS))) {
                *nb = tail;
                return 0; /* a room, door, link or DLVL 1's start within reach */
            }
        }
    }
    *nb = tail;
    if (front == 0)
        return 0;
    /* the far squares (first .. first + front - 1) one 8-connected piece */
    got = 1u;
    for (k = 1; k < front; k++)
        for (i = 1; i < front; i++)
            for (j = 0; j < front && !(got >> i & 1u); j++)
                if ((got >> j & 1u) && bw_chebyshev(bx[first + i], by[first + i], bx[first + j], by[first + j]) == 1)
                    got |= 1u << i;
    return got == (1u << front) - 1u ? tail : 0;
}

/* The far squares a tip's ball must hold, found cheaply: the ends of
 * paths of STUB dirt steps from it, straight (4) or a staircase (4
 * diagonals, x first or y first), lie exactly STUB steps away (no shorter
 * way reaches them). A dead end's far squares are one piece of STUB_WIDE
 * squares at most, so lie within STUB_WIDE - 1 of each other (Chebyshev):
 * two ends farther apart rule (x, y) out. */
BW_STATIC_ASSERT(STUB == 4, morlock_stairs_are_4_steps);
/* A staircase of STUB steps from the square at c, steps a and b in turn
 * (offsets on the grid): 1 if all dirt, -1 if it meets open ground that
 * is not dirt (a room, door or link), else 0. */
static inline BW_ALWAYS_INLINE int stair_path(const uint8_t *c, int a, int b)
{
    int i, off = 0;
    for (i = 0; i < STUB; i++) {
        off += i & 1 ? b : a;
        if (c[off] != BW_T_DIRT)
            return c[off] != BW_T_ROCK && (FLAGS(c[off]) & BW_CONNECTS) ? -1 : 0;
    }
    return 1;
}

/* A path of STUB steps from c: STUB - 1 steps of a and one of b, that
 * one at step `at` (0 .. STUB - 1); as stair_path. The end lies 3 along
 * a's axis and 1 along b's, STUB steps away by any way. */
static inline BW_ALWAYS_INLINE int l_path(const uint8_t *c, int a, int b, int at)
{
    int i, off = 0;
    for (i = 0; i < STUB; i++) {
        off += i == at ? b : a;
        if (c[off] != BW_T_DIRT)
            return c[off] != BW_T_ROCK && (FLAGS(c[off]) & BW_CONNECTS) ? -1 : 0;
    }
    return 1;
}

/* Paths 8-15 end at (3, 1) and (1, 3) in each quadrant (the one step
 * across tried at each of the 4 places in turn): the squares at 4 steps
 * the straight paths and the stairs miss. Each square they rule out
 * saves a search, whose answer would be the same. */
#define TIP_PATHS 16
static int no_tip(const bw_grid *g, int x, int y)
{
    /* the ends' box: its longer side is the farthest two ends lie apart */
    int x0 = x + STUB, x1 = x - STUB, y0 = y + STUB, y1 = y - STUB, k, ex, ey, end;
    for (k = 0; k < TIP_PATHS; k++) {
        if (k >= 8) { /* 3 along one axis, 1 along the other: the one last, else first */
            int sx = k & 1 ? -1 : 1, sy = k & 2 ? -1 : 1, xl = k < 12;
            int a = xl ? sx : sy * BW_GRID_MAX, b = xl ? sy * BW_GRID_MAX : sx;
            end = l_path(&BW_AT(g, x, y), a, b, STUB - 1);
            if (end == 0)
                end = l_path(&BW_AT(g, x, y), a, b, 0);
            if (end == 0)
                end = l_path(&BW_AT(g, x, y), a, b, 1);
            if (end == 0)
                end = l_path(&BW_AT(g, x, y), a, b, 2);
            ex = x + sx * (xl ? STUB - 1 : 1);
            ey = y + sy * (xl ? 1 : STUB - 1);
        } else if (k < 4) { /* straight */
            const uint8_t *c = &BW_AT(g, x, y);
            int at = bw_dx4[k] + bw_dy4[k] * BW_GRID_MAX, i;
            for (i = 1; i <= STUB && c[i * at] == BW_T_DIRT; i++)
                ;
            end = i > STUB ? 1 : c[i * at] != BW_T_ROCK && (FLAGS(c[i * at]) & BW_CONNECTS) ? -1 : 0;
            ex = x + STUB * bw_dx4[k];
            ey = y + STUB * bw_dy4[k];
        } else { /* the diagonal (sx, sy): x first, else y first */
            int sx = k & 1 ? -1 : 1, sy = k & 2 ? -1 : 1;
            end = stair_path(&BW_AT(g, x, y), sx, sy * BW_GRID_MAX);
            if (end == 0)
                end = stair_path(&BW_AT(g, x, y), sy * BW_GRID_MAX, sx);
            ex = x + sx * STUB / 2;
            ey = y + sy * STUB / 2;
        }
        if (end < 0)
            return 1; /* open ground other than dirt within reach */
        if (!end)
            continue;
        x0 = bw_min(x0, ex);
        x1 = bw_max(x1, ex);
        y0 = bw_min(y0, ey);
        y1 = bw_max(y1, ey);
        if (x1 - x0 >= STUB_WIDE || y1 - y0 >= STUB_WIDE)
            return 1;
    }
    return 0;
}

/* stub_ball, the ball's squares made dirt again; no_tip rules most
 * squares out first (the same answer, sooner): also a square from which
 * a path meets open ground other than dirt (a room, door, link) within
 * STUB steps, as the ball would hold the square before it. A path stops at its first
 * square that is not dirt, and dirt lies 2 or more from the border
 * (BW_MORLOCK_LO - 1), so it reads inside the grid. */
static int dead_end(bw_grid *g, int level, int x, int y, uint8_t *bx, uint8_t *by, uint8_t *bd)
{
    int i, nb, n;
    if (no_tip(g, x, y))
        return 0;
    n = stub_ball(g, level, x, y, bx, by, bd, &nb);
    for (i = 0; i < nb; i++)
        BW_AT(g, bx[i], by[i]) = BW_T_DIRT;
    return n;
}

/* Open ground while loop_sq searches: the ball's squares (SEEN, JOINED),
 * dirt beyond it, or any open tile. */
static int walkable(const bw_grid *g, int x, int y)
{
    uint8_t c = BW_AT(g, x, y);
    return c >= JOINED || (FLAGS(c) & BW_CONNECTS) != 0;
}

/* Rule 3.2's dead ends round a knot of rock: 1 if filling (x, y), the tip
 * of a dead end's ball (n squares, the far ones last: bd == STUB), cuts
 * no way though simple_sq says it may, because the ways round it meet
 * again inside the ball (a small loop of tunnel round a knot, which is a
 * dead end as wide as the loop: the player walks round the knot and comes
 * back out the way they came). Inside the ball the only ways out are its
 * far squares (any other open square next to it ends the search), so if
 * every square of the ball left is joined to its first far square without
 * (x, y), nothing is cut. Joined: 4-neighbours, or diagonal ones with a
 * shared 4-neighbour open (which may lie past the ball: then the ball
 * square next to it is a far one, the way goes through open ground). The
 * ball's squares are SEEN, then JOINED as they are reached (sweeps over
 * the list until none grows: n at most), then dirt again. */
static int loop_sq(bw_grid *g, int x, int y, const uint8_t *bx, const uint8_t *by, const uint8_t *bd,
                   int n)
{
    int i, k, left = 0, grew = 1, far = -1;
    BW_AT(g, x, y) = BW_T_ROCK;
    for (i = 0; i < n; i++)
        if (BW_AT(g, bx[i], by[i]) == BW_T_DIRT) {
            BW_AT(g, bx[i], by[i]) = SEEN;
            left++;
            if (far < 0 && bd[i] == STUB)
                far = i;
        }
    if (far >= 0) {
        BW_AT(g, bx[far], by[far]) = JOINED;
        left--;
    }
    while (grew && left > 0 && far >= 0) { /* a few sweeps: the ball is small */
        grew = 0;
        for (i = n - 1; i >= 0; i--) {
            if (BW_AT(g, bx[i], by[i]) != SEEN)
                continue;
            for (k = 0; k < 8; k++)
                if (BW_AT(g, bx[i] + bw_dx8[k], by[i] + bw_dy8[k]) == JOINED &&
                    (!(k & 1) || walkable(g, bx[i] + bw_dx8[k], by[i]) ||
                     walkable(g, bx[i], by[i] + bw_dy8[k]))) {
                    BW_AT(g, bx[i], by[i]) = JOINED;
                    left--;
                    grew = 1;
                    break;
                }
        }
    }
    for (i = 0; i < n; i++)
        if (BW_AT(g, bx[i], by[i]) >= JOINED)
            BW_AT(g, bx[i], by[i]) = BW_T_DIRT;
    BW_AT(g, x, y) = BW_T_DIRT;
    return far >= 0 && left == 0;
}

/* Squares a level's dead-end pass may dig, at most: hooks' corners
 * (hook_sq) and knots (knot_sq), one square each, so the pass still ends
 * (each square is filled once at most, but for these). Seeds 0-2,999 dig
 * 10 at most, 970 in all (15,000 levels). */
#define HOOKS_MAX 16
/* Rule 3.2's hooks: the tip of a dead end that is a bend of a one-wide
 * way round a single square of rock (its two open 4-neighbours at right
 * angles, the rock in the corner between them). Filling it would cut the
 * way, so the way cuts the corner instead: 1 if the corner, rock at least
 * two squares from the border, was dug (the tip is then filled by the
 * caller), which keeps both neighbours joined and leaves a rounded bend;
 * *cuts counts down the corners a level may still cut. */
static int hook_sq(bw_grid *g, bw_plane *b, int level, int x, int y, int *cuts)
{
    int k, open = 0, at = 0, cx, cy;
    if (*cuts == 0)
        return 0;
    for (k = 0; k < 4; k++)
        if (open_or_start(g, level, x + bw_dx4[k], y + bw_dy4[k])) {
            open++;
            at |= 1 << k;
        }
    for (k = 0; k < 4 && at != (3 << k) % 15; k++)
        ;
    if (open != 2 || k == 4)
        return 0;
    cx = x + bw_dx4[k] + bw_dx4[(k + 1) & 3];
    cy = y + bw_dy4[k] + bw_dy4[(k + 1) & 3];
    if (BW_AT(g, cx, cy) != BW_T_ROCK || cx < BW_MORLOCK_LO - 1 || cx > BW_MORLOCK_HI + 1 ||
        cy < BW_MORLOCK_LO - 1 || cy > BW_MORLOCK_HI + 1)
        return 0;
    BW_AT(g, cx, cy) = BW_T_DIRT;
    mark_round(b, cx, cy); /* the balls it lies in changed */
    (*cuts)--;
    return 1;
}

/* Rule 3.2's knots: a single square of rock with dirt on its four sides
 * (is_knot: a tunnel wound round it) makes the dirt round it a small
 * loop, and a dead end beside it has its tip next to the knot, where no
 * mark leads. A mark that is such a square is dug (knot_sq: 1; *cuts
 * counted down as for the hooks), which cuts no way and leaves a plain
 * pocket for the filling. Its four sides are dirt, so it lies in
 * LO..HI; a square outside (a mark by the border) is none, and its sides
 * are not read (they may lie off the grid). */
static int is_knot(const bw_grid *g, int x, int y)
{
    return !outside(x) && !outside(y) && BW_AT(g, x, y) == BW_T_ROCK && BW_AT(g, x + 1, y) == BW_T_DIRT &&
           BW_AT(g, x - 1, y) == BW_T_DIRT && BW_AT(g, x, y + 1) == BW_T_DIRT && BW_AT(g, x, y - 1) == BW_T_DIRT;
}

static int knot_sq(bw_grid *g, int x, int y, int *cuts)
{
    if (*cuts == 0 || !is_knot(g, x, y))
        return 0;
    BW_AT(g, x, y) = BW_T_DIRT;
    (*cuts)--;
    return 1;
}

/* Fill dead end ball (bx, by, bd; n squares, 0: none) from its tip
 * outward where that cuts no way (simple_sq, or for the tip loop_sq, or
 * hook_sq cutting its corner), marking the squares round what is filled
 * (mark_round). Returns 1 if it filled any. */
static int fill_ball(bw_map *m, int level, const uint8_t *bx, const uint8_t *by, const uint8_t *bd,
                     int n, int *cuts)
{
    bw_grid *g = &m->grid;
    int i, did = 0;
    for (i = 0; i < n && bd[i] < STUB; i++)
        if (simple_sq(g, level, bx[i], by[i]) || (i == 0 && loop_sq(g, bx[i], by[i], bx, by, bd, n)) ||
            (i == 0 && hook_sq(g, &m->b, level, bx[i], by[i], cuts))) {
            BW_AT(g, bx[i], by[i]) = BW_T_ROCK;
            mark_round(&m->b, bx[i], by[i]); /* a dead end may begin round it now */
            did = 1;
        }
    return did;
}

/* The dirt squares of word w of plane d (the dirt) that may be a dead
 * end's tip, 32 at a time: for each, the dirt squares reached by paths of
 * STUB steps that only move away from it (each axis one way) lie exactly
 * STUB steps away, so they are far squares of its ball, and a dead end's
 * far squares lie within STUB_WIDE - 1 of each other: two such ends
 * STUB_WIDE or more apart on an axis rule the square out. The paths are
 * grown a step at a time over the diamond round the squares (the arms:
 * along an axis; then inside each quadrant), each of its squares read as
 * the 32 bits of d at that offset from the word's. Words MAY_LO..MAY_HI
 * read only words of d. */
#define MAY_LO ((STUB * BW_GRID_MAX + STUB + 31) / 32)
#define MAY_HI (BW_PLANE_WORDS - 3 - MAY_LO)
BW_STATIC_ASSERT(STUB * BW_GRID_MAX + STUB < 1024, morlock_may_tip_offsets_biased_by_1024);
static inline BW_ALWAYS_INLINE uint32_t bits_from(uint32_t lo, uint32_t hi, unsigned r)
{
    return r ? lo >> r | hi << (32u - r) : lo;
}

/* The squares whose ends (v[i]: the squares with an end at i - STUB on an
 * axis) lie STUB_WIDE or more apart on it. */
static uint32_t spread(const uint32_t *v)
{
    uint32_t lo = 0, out = 0;
    int j;
    for (j = 0; j + STUB_WIDE <= 2 * STUB; j++) {
        lo |= v[j];
        out |= lo & v[j + STUB_WIDE];
    }
    return out;
}

BW_NOINLINE static uint32_t may_tip(const bw_plane *d, int w)
{
    const uint32_t *c = &d->w[w];
    uint32_t xs[2 * STUB + 1], ys[2 * STUB + 1], n1, n2, n3, e1, e2, e3, s1, s2, s3, w1, w2, w3;
    int i;
/* the squares (dx, dy) away, each for its square of the word: the bits
 * from offset o (biased by 1024 to divide as a floor) */
#define OFF(dx, dy) ((dy) * BW_GRID_MAX + (dx) + 1024)
#define AT(dx, dy) bits_from(c[OFF(dx, dy) / 32 - 32], c[OFF(dx, dy) / 32 - 31], OFF(dx, dy) % 32)
    /* the arms: straight paths, 1 to 3 steps; an end STUB (4) steps out */
    n1 = AT(0, -1), n2 = n1 & AT(0, -2), n3 = n2 & AT(0, -3);
    s1 = AT(0, 1), s2 = s1 & AT(0, 2), s3 = s2 & AT(0, 3);
    e1 = AT(1, 0), e2 = e1 & AT(2, 0), e3 = e2 & AT(3, 0);
    w1 = AT(-1, 0), w2 = w1 & AT(-2, 0), w3 = w2 & AT(-3, 0);
    xs[0] = w3 & AT(-4, 0);
    xs[8] = e3 & AT(4, 0);
    ys[0] = n3 & AT(0, -4);
    ys[8] = s3 & AT(0, 4);
    xs[4] = ys[0] | ys[8];
    ys[4] = xs[0] | xs[8];
    for (i = 1; i < 4; i++)
        xs[i] = xs[8 - i] = ys[i] = ys[8 - i] = 0;
    /* a quadrant: the ends of paths a steps along x (arm x1..x3) and b
     * along y (arm y1..y3), a + b = 4, a and b at least 1 */
#define QUADRANT(sx, sy, x1, x2, x3, y1, y2, y3)                                   \
    do {                                                                           \
        uint32_t c11 = (x1 | y1) & AT(sx, sy), c21 = (x2 | c11) & AT(2 * sx, sy);   \
        uint32_t c12 = (c11 | y2) & AT(sx, 2 * sy), c22 = (c21 | c12) & AT(2 * sx, 2 * sy); \
        uint32_t c31 = (x3 | c21) & AT(3 * sx, sy), c13 = (c12 | y3) & AT(sx, 3 * sy); \
        xs[STUB + 3 * sx] |= c31, ys[STUB + sy] |= c31;                            \
        xs[STUB + 2 * sx] |= c22, ys[STUB + 2 * sy] |= c22;                        \
        xs[STUB + sx] |= c13, ys[STUB + 3 * sy] |= c13;                            \
    } while (0)
    QUADRANT(1, 1, e1, e2, e3, s1, s2, s3);
    QUADRANT(-1, 1, w1, w2, w3, s1, s2, s3);
    QUADRANT(1, -1, e1, e2, e3, n1, n2, n3);
    QUADRANT(-1, -1, w1, w2, w3, n1, n2, n3);
#undef QUADRANT
#undef AT
#undef OFF
    return d->w[w] & ~(spread(xs) | spread(ys));
}

/* Fill the dead ends: every square of the level that may be a dead end's
 * tip (may_tip), and every square marked in plane b (round what the
 * mending walled up, and round what this pass fills or digs), is looked
 * from: a spur's one-wide tip (narrow_tip) is filled, and a dead end's ball is
 * filled with rock from its tip outward (distance 0 to STUB - 1), square
 * by square where filling cuts no way (simple_sq, or for the tip loop_sq
 * or hook_sq); the squares within STUB steps of what was filled are marked
 * again (mark_round), as only their balls changed. Each square is filled
 * once at most and HOOKS_MAX dug at most, so the pass ends, and when it
 * does no dirt square is a dead end's tip but where no square of the
 * dead end may be filled. The ball lists live in the map's flood-fill
 * stack, which the Morlock Pits do not use (on the stack if a build's is
 * smaller); the dirt plane in plane a, free once the rooms are mended. */
static void fill_stubs(bw_map *m, int level)
{
    bw_grid *g = &m->grid;
#if BW_FILL_STACK >= BALL
    uint8_t *bx = m->fill.xl, *by = m->fill.xr, *bd = m->fill.y;
#else
    uint8_t bx[BALL], by[BALL], bd[BALL];
#endif
    int w, more = 1, cuts = HOOKS_MAX;
    bw_plane_of_tiles(&m->a, g, BW_T_DIRT, BW_T_DIRT);
    for (w = 0; w < BW_PLANE_WORDS; w++) /* the few words by the border: all their dirt */
        m->b.w[w] |= w < MAY_LO || w > MAY_HI || !m->a.w[w] ? m->a.w[w] : may_tip(&m->a, w);
    while (more) {
        more = 0;
        for (w = 0; w < BW_PLANE_WORDS; w++)
            while (m->b.w[w]) {
                unsigned at = take_mark(&m->b, w);
                int x = (int)(at % BW_GRID_MAX), y = (int)(at / BW_GRID_MAX);
                if (knot_sq(g, x, y, &cuts)) {
                    mark_round(&m->b, x, y);
                    more = 1;
                    continue;
                }
                if (BW_AT(g, x, y) != BW_T_DIRT || is_start(level, x, y))
                    continue;
                if (narrow_tip(g, x, y)) { /* a one-wide spur */
                    BW_AT(g, x, y) = BW_T_ROCK;
                    mark_round(&m->b, x, y);
                    more = 1;
                    continue;
                }
                more |= fill_ball(m, level, bx, by, bd, dead_end(g, level, x, y, bx, by, bd), &cuts);
            }
    }
}

int bw_morlock_level(bw_map *m, uint32_t seed, int level, const bw_morlock_cfg *c,
                      bw_morlock_plan *p)
{
    sim s;
    bw_rng r;
    bw_morlock_room rooms[BW_MORLOCK_ROOMS_MAX];
    int k, l, n;
    BW_ASSERT(m && p);
    if (level < 1 || level > BW_MORLOCK_LEVELS) /* before level - 1, which overflows for INT_MIN */
        return BW_ERR_LEVEL;
    l = level - 1;
    if (!sim_init(&s, c, p, &m->grid, l))
        return BW_ERR_OPTION;
    bw_map_init(m, BW_MORLOCK_W, BW_MORLOCK_H, BW_T_ROCK);
    bw_plane_clear(&m->b); /* where dead ends may begin (the mending marks) */
    run(&s, seed);
    draw_joins(p, s.g, l);
    bw_rng_stream(&r, seed, BW_GEN_MORLOCK, (uint32_t)level, P_RUIN);
    for (k = 0; k < p->n_rooms[l]; k++)
        draw_room(s.g, &r, &p->room[l][k]);
    for (k = 0; k < p->n_pits; k++) {
        const bw_morlock_pit *q = &p->pit[k];
        if (q->upper == l)
            BW_AT(s.g, q->x, q->y) = BW_T_PIT;
        else if (q->upper + 1 == l)
            BW_AT(s.g, q->x, q->y) = BW_T_LADDER;
    }
    /* The mending reads only this level's rooms: a copy of them, so the
     * plan is not read past this point (bw_morlock_generate keeps it in
     * plane a, which the mending uses). */
    n = p->n_rooms[l];
    for (k = 0; k < n; k++)
        rooms[k] = p->room[l][k];
    for (k = 0; k < n; k++)
        mend_room(m, &rooms[k]);
    fill_stubs(m, level);
    for (k = 0; k < n; k++)
        rewall_filled(&m->grid, &rooms[k]);
    return 0;
}

/* The plan lives in the map's plane a, not on the stack: plane a is free
 * while the process runs and the level is drawn, and bw_morlock_level reads the plan no more once the mending
 * starts using plane a (it copies the level's rooms first). So the 632 B
 * plan does not sit under the mending's frames (the stack peak). Plane
 * words are uint32_t, as aligned as anything in the plan. */
BW_STATIC_ASSERT(sizeof (bw_morlock_plan) <= sizeof (bw_plane), morlock_plan_fits_a_plane);
int bw_morlock_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    (void)o;
    return bw_morlock_level(m, seed, level, 0, (bw_morlock_plan *)(void *)m->a.w);
}
