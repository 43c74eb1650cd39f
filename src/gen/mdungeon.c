/* Mystery-Dungeon floors: steps 1-11 for the eleven layouts, as
 * docs/mdungeon.md states them. "Rule 4" in a comment is mdungeon rule 4
 * of that page's "The rules" (steps 1-11; 12 the map, 13 the layouts, 14
 * nothing where the layout says nothing); "the original" is the game
 * whose floors these follow where the rules leave a choice. */
#include "burrow/mdungeon.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

/* The map must fit the grid the build holds (grid.h, BW_MAP_W x BW_MAP_H). */
BW_STATIC_ASSERT(BW_MAP_W >= BW_MDUNGEON_W && BW_MAP_H >= BW_MDUNGEON_H,
                 mdungeon_needs_BW_MAP_W_56_and_BW_MAP_H_32);

/* test hook (BW_TESTING, config.h): 0 without it */
#ifdef BW_TESTING
#define FAIL_ATTEMPTS(p) ((p)->fail_attempts)
#else
#define FAIL_ATTEMPTS(p) 0
#endif

/* Caps on every loop that could otherwise run on (docs/DESIGN.md). */
#define MD_ATTEMPTS 10        /* the original: up to 10 layout attempts, then fallback */
#define MD_PICK_TRIES 32      /* random picks before a placement scans */
#define MD_DEAD_END_STEPS 64  /* tiles per dead end; the map is 52 x 28 */
#define MD_DEAD_END_TRIES 8   /* start picks per dead end (rule 5) */
#define MD_RIVER_RUNS 32      /* a river has at most 24 runs of >= 1 row */
#define MD_LAKE_TRIES 64      /* the original: 64 tries around a lake's centre */
#define MD_MIN_ROOM_TILES 20  /* the original: an attempt needs >= 20 room tiles */
#define MD_MERGE_PERCENT 5    /* rule 3: merged rooms */
#define MD_LOOP_ONE_IN 8      /* chance of a hallway beyond the spanning tree */
#define MD_WONDER_ONE_IN 4    /* a placed trap tile is a magic tile */
#define MD_HOUSE_EXTRA_LO 2   /* rule 10: extra items and extra traps each */
#define MD_HOUSE_EXTRA_HI 4
#define MD_SHOP_WARES_MAX 8
#define MD_DENSITY_MAX 10     /* items and buried items: X+2 <= 12 each */
#define MD_TRAPS_MAX 56       /* rule 9: at most 56 traps and magic tiles */

/* Every count rule fits the entity list at the highest densities:
 * 12 items + 12 buried + 56 traps and magic tiles (the house's extra traps
 * included) + 4 house items + 8 wares = 92 <= 96, so the house and shop
 * extras always have their reserve. */
BW_STATIC_ASSERT((MD_DENSITY_MAX + 2) * 2 + MD_TRAPS_MAX + MD_HOUSE_EXTRA_HI +
                 MD_SHOP_WARES_MAX + 1 /* the start */ <= BW_MAX_ENTITIES, md_entities_fit);

/* Which cells of the sector grid exist. */
enum { V_ALL, V_NOCORNER, V_INNER, V_OUTER };
/* What a cell holds: decided by the room density, always a room, a hallway
 * anchor (a 1 x 1 dummy room) or nothing. */
enum { K_DENSITY, K_ROOM, K_ANCHOR };
/* Hallways beyond the spanning tree. */
#define X_LOOPS 1u  /* each other neighbour pair, 1 in MD_LOOP_ONE_IN */
#define X_RING 2u   /* every pair of edge cells: the corridor ring */
#define X_INNER 4u  /* every pair of inner cells: the crossroads */
/* Flags. */
#define F_MERGE 1u  /* vertical neighbours may merge (rule 3) */
#define F_HOUSE 2u  /* the monster house is certain, whatever H says */
#define F_ONE 4u    /* a single room over the whole inner area */
#define F_LARGE 8u  /* "large rooms": each side at least half its sector's */

typedef struct md_layout {
    uint8_t gx_lo, gx_hi, gy_lo, gy_hi; /* hi 0: the floor decides the top */
    uint8_t cols4;          /* columns in use: gx * cols4 / 4 */
    uint8_t edge_w, edge_h; /* size of edge sectors; 0 splits evenly */
    uint8_t valid, edge_kind, inner_kind, extra, flags;
} md_layout;

/* One row per layout (rule 13), index = layout - 1. */
static const md_layout layouts[BW_MDUNGEON_LAYOUTS] = {
    /* 0x01 half rooms: as the original, gx 4, gy 2..3, columns x >= gx/2 unused */
    { 4, 4, 2, 3, 2, 0, 0, V_ALL, K_DENSITY, K_DENSITY, X_LOOPS, F_MERGE },
    /* 0x02 one room, monster house */
    { 1, 1, 1, 1, 4, 0, 0, V_ALL, K_ROOM, K_ROOM, 0, F_HOUSE | F_ONE },
    /* 0x03 rooms inside, corridors out: a ring of anchors in narrow edge
     * sectors around 4 x 2 room sectors */
    { 6, 6, 4, 4, 4, 6, 5, V_ALL, K_ANCHOR, K_DENSITY, X_RING | X_LOOPS, F_MERGE },
    /* 0x04 corridors inside, rooms out: rooms on the edge, a row of
     * crossing hallways inside, corners empty; 5 x 3, so its room sectors
     * are 9-10 tall and room heights vary (rule 3; 4 rows left 7) */
    { 5, 5, 3, 3, 4, 0, 0, V_NOCORNER, K_DENSITY, K_ANCHOR, X_INNER, F_MERGE },
    /* 0x05 two large rooms, one of them the monster house */
    { 2, 2, 1, 1, 4, 0, 0, V_ALL, K_ROOM, K_ROOM, 0, F_HOUSE | F_LARGE },
    /* 0x06 five rooms in a line */
    { 5, 5, 1, 1, 4, 0, 0, V_ALL, K_ROOM, K_ROOM, 0, 0 },
    /* 0x07 five rooms in a cross */
    { 3, 3, 3, 3, 4, 0, 0, V_NOCORNER, K_ROOM, K_ROOM, 0, 0 },
    /* 0x08 full rooms: the floor and chance pick the grid */
    { 2, 0, 2, 0, 4, 0, 0, V_ALL, K_DENSITY, K_DENSITY, X_LOOPS, F_MERGE },
    /* 0x09 rooms inside, nothing out: edge sectors stay solid */
    { 6, 6, 4, 4, 4, 6, 5, V_INNER, K_DENSITY, K_DENSITY, X_LOOPS, F_MERGE },
    /* 0x0A rooms out, nothing inside: a ring of rooms */
    { 3, 0, 3, 0, 4, 0, 0, V_OUTER, K_DENSITY, K_DENSITY, X_RING, F_MERGE },
    /* 0x0B 3/4 rooms: as the original, gx 4, gy 2..3, columns x >= 3*gx/4 unused */
    { 4, 4, 2, 3, 3, 0, 0, V_ALL, K_DENSITY, K_DENSITY, X_LOOPS, F_MERGE }
};

/* Picking a tile for a stair or an entity. */
enum { P_FLOOR, P_HOUSE, P_SHOP, P_WALL, P_RING, P_ROOM, P_STAND };

typedef struct md_ctx {
    bw_map *m;
    bw_mdungeon_info *in;
    const md_layout *L;
    const bw_mdungeon_params *p;
} md_ctx;

void bw_mdungeon_defaults(bw_mdungeon_params *p, int floor, int layout)
{
    p->floor = floor;
    p->layout = layout;
    p->density = 5;
    p->house_chance = 10;
    p->shop_chance = 10;
    p->terrain_density = 3;
    p->item_density = 5;
    p->trap_density = 6;
    p->buried_density = 4;
    p->dead_ends = 4;
    p->max_attempts = MD_ATTEMPTS;
#ifdef BW_TESTING
    p->fail_attempts = 0;
#endif
}

const char *bw_mdungeon_entity_name(int kind)
{
    static const char *const names[] = {
        "none", "item", "trap", "wonder tile", "buried item", "shop item", "start"
    };
    if (kind < 0 || kind >= (int)(sizeof names / sizeof names[0]))
        return "unknown";
    return names[kind];
}

static int is_floor(int t)
{
    return t == BW_T_MD_ROOM || t == BW_T_MD_HOUSE || t == BW_T_MD_SHOP ||
           t == BW_T_MD_HALL || t == BW_T_MD_JUNCTION || t == BW_T_STAIRS;
}

static int inner(int x, int y)
{
    return x >= BW_MDUNGEON_X0 && x <= BW_MDUNGEON_X1 && y >= BW_MDUNGEON_Y0 && y <= BW_MDUNGEON_Y1;
}

int bw_mdungeon_room(const bw_mdungeon_info *in, int c, int *x0, int *y0, int *x1, int *y1)
{
    const bw_mdungeon_cell *a, *b;
    if (c < 0 || c >= in->gx * in->gy || in->cell[c].kind != BW_MDUNGEON_CELL_ROOM)
        return 0;
    a = b = &in->cell[c];
    if (a->merged == 1)
        b = a + in->gx;
    else if (a->merged == 2)
        a = a - in->gx;
    *x0 = bw_min(a->x0, b->x0);
    *y0 = a->y0;
    *x1 = bw_max(a->x1, b->x1);
    *y1 = b->y1;
    return 1;
}

/* ---- rule 3: sectors and rooms ---------------------------------- */

/* Splits [lo, lo + len) into n sectors, edge sectors `edge` wide if set. */
static void split(uint8_t *b, int n, int lo, int len, int edge)
{
    int i;
    if (edge && n >= 3) {
        b[0] = (uint8_t)lo;
        for (i = 1; i < n; i++)
            b[i] = (uint8_t)(lo + edge + (i - 1) * (len - 2 * edge) / (n - 2));
        b[n] = (uint8_t)(lo + len);
        return;
    }
    for (i = 0; i <= n; i++)
        b[i] = (uint8_t)(lo + i * len / n);
}

/* The floor rule for "M and N depend on the floor": deeper floors allow
 * more sectors, chance picks within; never above the original's 6 x 4. */
static void pick_grid(md_ctx *c)
{
    const md_layout *L = c->L;
    int f = c->p->floor;
    int gx_hi = L->gx_hi ? L->gx_hi : 4 + (f > 33) + (f > 66);
    int gy_hi = L->gy_hi ? L->gy_hi : 3 + (f > 50);
    c->in->gx = (uint8_t)bw_rng_range(&c->m->rng, L->gx_lo, gx_hi);
    c->in->gy = (uint8_t)bw_rng_range(&c->m->rng, L->gy_lo, gy_hi);
    split(c->in->sx, c->in->gx, BW_MDUNGEON_X0, BW_MDUNGEON_X1 - BW_MDUNGEON_X0 + 1, L->edge_w);
    split(c->in->sy, c->in->gy, BW_MDUNGEON_Y0, BW_MDUNGEON_Y1 - BW_MDUNGEON_Y0 + 1, L->edge_h);
}

/* Rule 14: whether (x, y) lies in a sector whose cell holds nothing: a sector the
 * layout leaves out (0x09's outer band, 0x0A's centre, the unused columns
 * of 0x01 and 0x0B, the corners of 0x04 and 0x07). Nothing at all is put
 * there, neither floor nor hallway nor water nor a buried item. Points outside the inner area count with the nearest sector. */
static int nothing(const bw_mdungeon_info *in, int x, int y)
{
    int i = 0, j = 0;
    while (i + 1 < in->gx && x >= in->sx[i + 1])
        i++;
    while (j + 1 < in->gy && y >= in->sy[j + 1])
        j++;
    return in->cell[j * in->gx + i].kind == BW_MDUNGEON_CELL_NONE;
}

static int on_edge(const bw_mdungeon_info *in, int i, int j)
{
    return i == 0 || j == 0 || i == in->gx - 1 || j == in->gy - 1;
}

static int cell_valid(const md_ctx *c, int i, int j)
{
    const bw_mdungeon_info *in = c->in;
    int ex = i == 0 || i == in->gx - 1, ey = j == 0 || j == in->gy - 1;
    if (i >= in->gx * c->L->cols4 / 4)
        return 0;
    switch (c->L->valid) {
    case V_NOCORNER: return !(ex && ey);
    case V_INNER: return !ex && !ey;
    case V_OUTER: return ex || ey;
    default: return 1;
    }
}

/* A value in [lo, hi], each odd value twice as likely as each even one
 * (rule 3: odd sides preferred). Drawing only odd values whenever the
 * range held one left most sectors a single size: a 10 x 9 sector allows
 * 5..6 x 4..6, of which only 5 x 5 is odd both ways. */
static int pick_odd(bw_rng *r, int lo, int hi)
{
    int v, odd = (hi + 1) / 2 - lo / 2, u;
    u = (int)bw_rng_below(r, (uint32_t)(hi - lo + 1 + odd));
    for (v = lo; v < hi; v++) {
        u -= (v & 1) ? 2 : 1;
        if (u < 0)
            break;
    }
    return v;
}

/* A room of at least 5 x 4 inside its sector, odd sides preferred, sized as
 * the original does: width up to the sector's minus 4, height up to
 * its minus 3, and placed two tiles off every sector boundary, so that the
 * boundary line itself and the wall line on each side of it stay free:
 * hallways bend on the boundary (see hallway()) and never run flush along a
 * room, as the original draws them. Sectors under 9 wide (gx 6 splits 52 into 8s and
 * 9s) allow a width of the sector's minus 3, which still keeps those two
 * lines free. The 2:3 rule read as: the short
 * side is at least 2/3 of the long one (2 * long <= 3 * short). Height
 * first, capped so that some width fits the rule; then the width range the
 * height allows is never empty (5 <= 3h/2 for h >= 4). F_LARGE (0x05's
 * "two large rooms") raises the minimum to half the sector on each side:
 * in its 26 x 28 sectors h is 14..25 and w max(13, ceil(2h/3))..22, both
 * never empty. */
static void place_room(md_ctx *c, bw_mdungeon_cell *cl, int i, int j)
{
    bw_rng *r = &c->m->rng;
    int sx = c->in->sx[i], sw = c->in->sx[i + 1] - sx;
    int sy = c->in->sy[j], sh = c->in->sy[j + 1] - sy;
    int aw = sw - 4 >= 5 ? sw - 4 : sw - 3, ah = sh - 3, w, h, x0, y0, wlo = 5, hlo = 4;
    if (c->L->flags & F_LARGE) {
        wlo = sw / 2;
        hlo = sh / 2;
    }
    h = pick_odd(r, hlo, bw_min(ah, 3 * aw / 2));
    w = pick_odd(r, bw_max(wlo, (2 * h + 2) / 3), bw_min(aw, 3 * h / 2));
    x0 = bw_rng_range(r, sx + 2, sx + sw - 1 - w);
    y0 = bw_rng_range(r, sy + 2, sy + sh - 1 - h);
    cl->x0 = (uint8_t)x0;
    cl->y0 = (uint8_t)y0;
    cl->x1 = (uint8_t)(x0 + w - 1);
    cl->y1 = (uint8_t)(y0 + h - 1);
}

static void place_anchor(md_ctx *c, bw_mdungeon_cell *cl, int i, int j)
{
    bw_rng *r = &c->m->rng;
    cl->x0 = cl->x1 = (uint8_t)bw_rng_range(r, c->in->sx[i] + 1, c->in->sx[i + 1] - 2);
    cl->y0 = cl->y1 = (uint8_t)bw_rng_range(r, c->in->sy[j] + 1, c->in->sy[j + 1] - 2);
}

/* Rule 3: cells become rooms or 1 x 1 dummies (anchors). Density D < 0: exactly
 * |D| rooms, D >= 0: D..D+2; never fewer than 2, never more than there are
 * density cells (every layout with density cells has at least 4). Chosen by a partial Fisher-Yates shuffle. */
static void make_cells(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    bw_rng *r = &c->m->rng;
    uint8_t idx[BW_MDUNGEON_MAX_CELLS];
    int i, j, k, n = 0, want, d = c->p->density;
    for (k = 0; k < BW_MDUNGEON_MAX_CELLS; k++) {
        bw_mdungeon_cell *cl = &in->cell[k];
        cl->kind = BW_MDUNGEON_CELL_NONE;
        cl->links = cl->merged = cl->pad = 0;
        cl->x0 = cl->y0 = cl->x1 = cl->y1 = 0;
    }
    for (j = 0; j < in->gy; j++)
        for (i = 0; i < in->gx; i++) {
            int kind = on_edge(in, i, j) ? c->L->edge_kind : c->L->inner_kind;
            bw_mdungeon_cell *cl = &in->cell[j * in->gx + i];
            if (!cell_valid(c, i, j))
                continue;
            if (kind == K_DENSITY)
                idx[n++] = (uint8_t)(j * in->gx + i);
            cl->kind = kind == K_ROOM ? BW_MDUNGEON_CELL_ROOM : BW_MDUNGEON_CELL_ANCHOR;
        }
    in->density_cells = (uint8_t)n;
    want = d < 0 ? -d : d + bw_rng_range(r, 0, 2);
    want = bw_min(bw_max(want, 2), n); /* n = 0 for the fixed layouts */
    for (k = 0; k < want; k++) {
        int s = bw_rng_range(r, k, n - 1);
        uint8_t t = idx[k];
        idx[k] = idx[s];
        idx[s] = t;
        in->cell[idx[k]].kind = BW_MDUNGEON_CELL_ROOM;
    }
    in->rooms = 0;
    for (j = 0; j < in->gy; j++)
        for (i = 0; i < in->gx; i++) {
            bw_mdungeon_cell *cl = &in->cell[j * in->gx + i];
            if (cl->kind == BW_MDUNGEON_CELL_ROOM) {
                place_room(c, cl, i, j);
                in->rooms++;
            } else if (cl->kind == BW_MDUNGEON_CELL_ANCHOR) {
                place_anchor(c, cl, i, j);
            }
        }
}

/* ---- rule 4: connections ------------------------------------------ */

/* Neighbour of cell k in direction d (N E S W), or -1. */
static int nb(const bw_mdungeon_info *in, int k, int d)
{
    int i = k % in->gx + bw_dx4[d], j = k / in->gx + bw_dy4[d];
    if (i < 0 || j < 0 || i >= in->gx || j >= in->gy)
        return -1;
    k = j * in->gx + i;
    return in->cell[k].kind != BW_MDUNGEON_CELL_NONE ? k : -1;
}

static void link(bw_mdungeon_info *in, int k, int d)
{
    int n = nb(in, k, d);
    in->cell[k].links |= (uint8_t)(1u << d);
    in->cell[n].links |= (uint8_t)(1u << ((d + 2) & 3));
}

/* A random spanning tree over the cells that exist (every layout's cells
 * are connected through sector neighbours), then the layout's extras. */
static void connect_cells(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    bw_rng *r = &c->m->rng;
    uint32_t done = 0;
    int cells = in->gx * in->gy, k, d, n, step, start = -1, count = 0;
    for (k = 0; k < cells; k++)
        if (in->cell[k].kind != BW_MDUNGEON_CELL_NONE && bw_rng_below(r, (uint32_t)++count) == 0)
            start = k;
    if (start < 0)
        return; /* no cell: nothing to join (every layout has some) */
    done = 1u << start;
    for (step = 1; step < count; step++) {
        int edges = 0, pick;
        for (k = 0; k < cells; k++)
            for (d = 0; d < 4; d++)
                if ((done >> k & 1u) && (n = nb(in, k, d)) >= 0 && !(done >> n & 1u))
                    edges++;
        pick = (int)bw_rng_below(r, (uint32_t)edges);
        for (k = 0; k < cells; k++)
            for (d = 0; d < 4; d++)
                if ((done >> k & 1u) && (n = nb(in, k, d)) >= 0 && !(done >> n & 1u) &&
                    pick-- == 0) {
                    link(in, k, d);
                    done |= 1u << n;
                }
    }
    for (k = 0; k < cells; k++)
        for (d = 1; d < 3; d++) { /* E and S: each pair once */
            int i = k % in->gx, j = k / in->gx, e0, e1, want;
            /* both ends must exist: an empty cell has no room to leave from */
            if (in->cell[k].kind == BW_MDUNGEON_CELL_NONE || (n = nb(in, k, d)) < 0 ||
                (in->cell[k].links >> d & 1u))
                continue;
            e0 = on_edge(in, i, j);
            e1 = on_edge(in, n % in->gx, n / in->gx);
            want = ((c->L->extra & X_RING) && e0 && e1) ||
                   ((c->L->extra & X_INNER) && !e0 && !e1);
            if (!want && (c->L->extra & X_LOOPS))
                want = bw_rng_chance(r, 1, MD_LOOP_ONE_IN);
            if (want)
                link(in, k, d);
        }
}

/* Rule 3: 5% of vertically adjacent, connected, unmerged rooms become one room
 * covering both (in the original, merged rooms must be connected). Not when D < 0:
 * a merge would leave |D| - 1 rooms on the map, and "exactly |D|" wins. */
static void merge_rooms(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    int k;
    if (!(c->L->flags & F_MERGE) || c->p->density < 0)
        return;
    for (k = 0; k + in->gx < in->gx * in->gy; k++) {
        bw_mdungeon_cell *a = &in->cell[k], *b = a + in->gx;
        if (a->kind == BW_MDUNGEON_CELL_ROOM && b->kind == BW_MDUNGEON_CELL_ROOM && !a->merged &&
            !b->merged && (a->links >> 2 & 1u) &&
            bw_rng_chance(&c->m->rng, MD_MERGE_PERCENT, 100)) {
            a->merged = 1;
            b->merged = 2;
        }
    }
}

static bw_rect rect_of(const bw_mdungeon_info *in, int k)
{
    int x0, y0, x1, y1;
    if (!bw_mdungeon_room(in, k, &x0, &y0, &x1, &y1)) {
        x0 = x1 = in->cell[k].x0;
        y0 = y1 = in->cell[k].y0;
    }
    return bw_rect_make(x0, y0, x1, y1);
}

/* Every tile of r (corners in any order) that is `from` becomes `to`:
 * hallways go only onto wall, the house and the carpet only onto room. */
static void replace(bw_grid *g, bw_rect r, int from, int to)
{
    int x, y;
    for (y = r.y0; y <= r.y1; y++)
        for (x = r.x0; x <= r.x1; x++)
            if (BW_AT(g, x, y) == from)
                BW_AT(g, x, y) = (uint8_t)to;
}

static void dig(bw_grid *g, int x0, int y0, int x1, int y1)
{
    replace(g, bw_rect_make(x0, y0, x1, y1), BW_T_MD_WALL, BW_T_MD_HALL);
}

/* Rule 4's hallway worked on one axis, "across" (rows for an east link,
 * columns for a south one): a0..a1 and b0..b1 are the two cells' own
 * spans across, fa0..fa1 and fb0..fb1 their rooms' whole spans (a merged
 * room's too) clipped to the band of sectors the two cells share, ea and
 * eb the far sides of the rooms along the link, bound the sector boundary
 * between them. Sets the rows (columns) u where the hallway leaves a and v
 * where it enters b, and the line it bends on. A hallway keeps a tile of
 * rock between itself and a room's wall except where it joins it (rule 4):
 * so the bend line lies 3 or more tiles off both rooms (the boundary if it
 * does, else the nearest line that does); where the rooms are too close
 * for that, the hallway runs straight across if their spans meet, and
 * otherwise leaves and enters at the rows of the whole spans nearest each
 * other (inside the band, so never through a sector that may hold
 * nothing), so that its run along the bend line passes beside neither
 * room. */
static void route(bw_rng *r, const int *sp, int bound, int *u, int *v, int *bend)
{
    enum { A0, A1, FA0, FA1, B0, B1, FB0, FB1, EA, EB };
    int lo = bw_max(sp[FA0], sp[FB0]), hi = bw_min(sp[FA1], sp[FB1]);
    *u = bw_rng_range(r, sp[A0], sp[A1]);
    *v = bw_rng_range(r, sp[B0], sp[B1]);
    *bend = bound;
    if (sp[EB] - sp[EA] >= 6)
        *bend = bw_clamp(bound, sp[EA] + 3, sp[EB] - 3);
    else if (lo <= hi)
        *u = *v = bw_rng_range(r, lo, hi);
    else if (sp[FB0] > sp[FA1]) {
        *u = sp[FA1];
        *v = sp[FB0];
    } else {
        *u = sp[FA0];
        *v = sp[FB1];
    }
}

/* Rule 4: between cells k and its east (d = 1) or south (d = 2) neighbour n:
 * leave k at a random row (column) of its side, go to the bend line
 * between the two (the first column, row, of n's sector when it keeps 3
 * tiles off both rooms: route()), along it, and on into n, as the original
 * bends its hallways. Both turning points lie on that line: the
 * "collinear point" the hallway passes through. Every tile is 4-connected
 * to the last, the ends touch the rooms, so linked cells always join. */
static void hallway(md_ctx *c, int k, int d)
{
    bw_rng *r = &c->m->rng;
    bw_grid *g = &c->m->grid;
    const bw_mdungeon_info *in = c->in;
    int n = nb(in, k, d), u, v, bend, sp[10], i = k % in->gx, j = k / in->gx;
    bw_rect a = rect_of(in, k), b = rect_of(in, n);
    /* u and v on the cells' own rows (columns): a merged room's other half
     * lies in the next sector row, and a hallway leaving there would run
     * along the boundary through a sector that may hold nothing */
    const bw_mdungeon_cell *ca = &in->cell[k], *cb = &in->cell[n];
    if (d == 1) {
        int b0 = in->sy[j], b1 = in->sy[j + 1] - 1;
        sp[0] = ca->y0, sp[1] = ca->y1, sp[2] = bw_max(a.y0, b0), sp[3] = bw_min(a.y1, b1);
        sp[4] = cb->y0, sp[5] = cb->y1, sp[6] = bw_max(b.y0, b0), sp[7] = bw_min(b.y1, b1);
        sp[8] = a.x1, sp[9] = b.x0;
        route(r, sp, in->sx[i + 1], &u, &v, &bend);
        dig(g, a.x1 + 1, u, bend, u);
        dig(g, bend, u, bend, v);
        dig(g, bend, v, b.x0 - 1, v);
    } else {
        int b0 = in->sx[i], b1 = in->sx[i + 1] - 1;
        sp[0] = ca->x0, sp[1] = ca->x1, sp[2] = bw_max(a.x0, b0), sp[3] = bw_min(a.x1, b1);
        sp[4] = cb->x0, sp[5] = cb->x1, sp[6] = bw_max(b.x0, b0), sp[7] = bw_min(b.x1, b1);
        sp[8] = a.y1, sp[9] = b.y0;
        route(r, sp, in->sy[j + 1], &u, &v, &bend);
        dig(g, u, a.y1 + 1, u, bend);
        dig(g, u, bend, v, bend);
        dig(g, v, bend, v, b.y0 - 1);
    }
}

static void draw_cells(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    bw_grid *g = &c->m->grid;
    int k;
    for (k = 0; k < in->gx * in->gy; k++) {
        bw_rect r = rect_of(in, k);
        if (in->cell[k].kind == BW_MDUNGEON_CELL_NONE)
            continue;
        bw_grid_rect(g, r.x0, r.y0, r.x1, r.y1,
                     in->cell[k].kind == BW_MDUNGEON_CELL_ROOM ? BW_T_MD_ROOM : BW_T_MD_HALL);
    }
    for (k = 0; k < in->gx * in->gy; k++) {
        if ((in->cell[k].links >> 1) & 1u)
            hallway(c, k, 1);
        if (((in->cell[k].links >> 2) & 1u) && in->cell[k].merged != 1)
            hallway(c, k, 2);
    }
}

/* ---- rule 5: dead ends -------------------------------------------- */

static int open_at(const bw_grid *g, int x, int y)
{
    return is_floor(BW_AT(g, x, y));
}

/* As in the original, a dead end stops where it would make a 2 x 2 open square. */
static int makes_square(const bw_grid *g, int x, int y)
{
    int q;
    for (q = 0; q < 4; q++) {
        int ox = x - (q & 1), oy = y - (q >> 1);
        if (open_at(g, ox, oy) + open_at(g, ox + 1, oy) + open_at(g, ox, oy + 1) +
            open_at(g, ox + 1, oy + 1) == 3)
            return 1;
    }
    return 0;
}

/* Picks a random real room (its top cell for a merged one) other than a,
 * b and d (-1: none), each with both sides at least min_side drawn alike;
 * returns its cell or -1 if there is none. */
static int random_room(md_ctx *c, int a, int b, int d, int min_side)
{
    bw_mdungeon_info *in = c->in;
    int k, n = 0, pick = -1;
    for (k = 0; k < in->gx * in->gy; k++) {
        bw_rect r;
        if (k == a || k == b || k == d || in->cell[k].kind != BW_MDUNGEON_CELL_ROOM ||
            in->cell[k].merged == 2)
            continue;
        r = rect_of(in, k);
        if (bw_rect_w(r) < min_side || bw_rect_h(r) < min_side)
            continue;
        if (bw_rng_below(&c->m->rng, (uint32_t)++n) == 0)
            pick = k;
    }
    return pick;
}

/* Whether (x, y) lies beside a room's wall: room floor two tiles away in
 * a straight line with no open tile between (rule 4: a hallway keeps a
 * tile of rock off a room's wall except where it joins it). */
static int beside_wall(const bw_grid *g, int x, int y)
{
    int d;
    for (d = 0; d < 4; d++)
        if (BW_AT(g, x + 2 * bw_dx4[d], y + 2 * bw_dy4[d]) == BW_T_MD_ROOM &&
            !open_at(g, x + bw_dx4[d], y + bw_dy4[d]))
            return 1;
    return 0;
}

/* Whether a dead end may dig (x, y): inside the inner area, outside the
 * sectors the layout leaves empty, on wall, not squaring off a 2 x 2
 * open block and not beside a room's wall. */
static int diggable(const md_ctx *c, int x, int y)
{
    const bw_grid *g = &c->m->grid;
    return inner(x, y) && !nothing(c->in, x, y) && !open_at(g, x, y) && !makes_square(g, x, y) &&
           !beside_wall(g, x, y);
}

/* Rule 5: from a random room's side, straight for 3..5 tiles, then a left or
 * right turn, until the next tile would leave the inner area or enter a
 * sector the layout leaves empty (rule 5's "border"), is already
 * open (another room or hallway) or would square off a 2 x 2 block. Every
 * tile touches the last, so the dead end hangs off its room. A start tile
 * beside a doorway or on a hallway cannot be dug (about 30% of picks), so
 * the start is picked again, up to MD_DEAD_END_TRIES times; a dead end
 * that still finds none is dropped, not counted. Each one drawn is recorded
 * in info->dead (hence the clamp to BW_MDUNGEON_MAX_DEAD_ENDS). */
static void dead_ends(md_ctx *c)
{
    bw_rng *r = &c->m->rng;
    bw_grid *g = &c->m->grid;
    int e, s, t, n = c->p->dead_ends;
    c->in->n_dead = 0;
    for (e = 0; e < n; e++) {
        bw_mdungeon_dead_end *de = &c->in->dead[c->in->n_dead];
        int k = -1, d = 0, x = 0, y = 0, stride;
        for (t = 0; t < MD_DEAD_END_TRIES; t++) {
            bw_rect a;
            k = random_room(c, -1, -1, -1, 0);
            if (k < 0)
                return;
            a = rect_of(c->in, k);
            d = (int)bw_rng_below(r, 4);
            x = d == 1 ? a.x1 + 1 : d == 3 ? a.x0 - 1 : bw_rng_range(r, a.x0, a.x1);
            y = d == 2 ? a.y1 + 1 : d == 0 ? a.y0 - 1 : bw_rng_range(r, a.y0, a.y1);
            if (diggable(c, x, y))
                break;
        }
        if (t == MD_DEAD_END_TRIES)
            continue;
        de->x = (uint8_t)x;
        de->y = (uint8_t)y;
        de->cell = (uint8_t)k;
        stride = bw_rng_range(r, 3, 5);
        for (s = 0; s < MD_DEAD_END_STEPS && diggable(c, x, y); s++) {
            BW_AT(g, x, y) = BW_T_MD_HALL;
            if (--stride == 0) {
                d = (d + (bw_rng_chance(r, 1, 2) ? 1 : 3)) & 3;
                stride = bw_rng_range(r, 3, 5);
            }
            x += bw_dx4[d];
            y += bw_dy4[d];
        }
        de->ex = (uint8_t)x;
        de->ey = (uint8_t)y;
        de->len = (uint8_t)s;
        c->in->n_dead++;
    }
}

/* ---- rules 1-2, 6-8 ------------------------------------------------ */

/* Rules 2 and 6: everything outside the inner 52 x 28 is border. Nothing is dug
 * there, so rule 6 only re-asserts it; it is cheap and makes the rule local. */
static void borders(bw_grid *g)
{
    bw_grid_rect(g, 0, 0, BW_MDUNGEON_W - 1, BW_MDUNGEON_Y0 - 1, BW_T_MD_BORDER);
    bw_grid_rect(g, 0, BW_MDUNGEON_Y1 + 1, BW_MDUNGEON_W - 1, BW_MDUNGEON_H - 1, BW_T_MD_BORDER);
    bw_grid_rect(g, 0, 0, BW_MDUNGEON_X0 - 1, BW_MDUNGEON_H - 1, BW_T_MD_BORDER);
    bw_grid_rect(g, BW_MDUNGEON_X1 + 1, 0, BW_MDUNGEON_W - 1, BW_MDUNGEON_H - 1, BW_T_MD_BORDER);
}

/* Rule 7: a hallway tile beside room floor is the special trigger. */
static void junctions(bw_grid *g)
{
    int x, y, d;
    for (y = BW_MDUNGEON_Y0; y <= BW_MDUNGEON_Y1; y++)
        for (x = BW_MDUNGEON_X0; x <= BW_MDUNGEON_X1; x++) {
            if (BW_AT(g, x, y) != BW_T_MD_HALL)
                continue;
            for (d = 0; d < 4; d++)
                if (BW_AT(g, x + bw_dx4[d], y + bw_dy4[d]) == BW_T_MD_ROOM) {
                    BW_AT(g, x, y) = BW_T_MD_JUNCTION;
                    break;
                }
        }
}

/* Rule 8: water goes only onto wall of the inner area, and never into a sector
 * the layout leaves empty (nothing()): floor and its connectivity stay as
 * they were. */
static int wettable(const md_ctx *c, int x, int y)
{
    return inner(x, y) && BW_AT(&c->m->grid, x, y) == BW_T_MD_WALL && !nothing(c->in, x, y);
}

/* A river square: water where water may go, else left as it is. */
static void wet(md_ctx *c, int x, int y)
{
    if (wettable(c, x, y))
        BW_AT(&c->m->grid, x, y) = BW_T_MD_WATER;
}

/* Rule 8: a lake, as in the original: MD_LAKE_TRIES random tiles of the 8 x 8 box
 * x-4..x+3, y-4..y+3 around (cx, cy) are marked on plane a, then one
 * smoothing pass: a tile of the box is water when 4 or more of its 8
 * neighbours were marked (the mark on the tile itself does not count). So
 * lone marks vanish, gaps between marks fill, and the box's corners (3
 * neighbours inside it) stay dry (keep_dry sees to boxes that other
 * water filled). */
static void lake(md_ctx *c, int cx, int cy)
{
    bw_rng *r = &c->m->rng;
    bw_plane *a = &c->m->a;
    int x, y, t, d;
    for (y = cy - 4; y < cy + 4; y++)
        for (x = cx - 4; x < cx + 4; x++)
            if (x >= 0 && y >= 0 && x < BW_MDUNGEON_W && y < BW_MDUNGEON_H)
                BW_PCLR(a, x, y);
    for (t = 0; t < MD_LAKE_TRIES; t++) {
        x = cx - 4 + bw_rng_range(r, 0, 7);
        y = cy - 4 + bw_rng_range(r, 0, 7);
        if (x >= 0 && y >= 0 && x < BW_MDUNGEON_W && y < BW_MDUNGEON_H)
            BW_PSET(a, x, y);
    }
    for (y = cy - 4; y < cy + 4; y++)
        for (x = cx - 4; x < cx + 4; x++) {
            int n = 0;
            if (!wettable(c, x, y))
                continue;
            for (d = 0; d < 8; d++) {
                int u = x + bw_dx8[d], v = y + bw_dy8[d];
                n += u >= cx - 4 && u < cx + 4 && v >= cy - 4 && v < cy + 4 && BW_PGET(a, u, v);
            }
            if (n >= 4)
                BW_AT(&c->m->grid, x, y) = BW_T_MD_WATER;
        }
}

/* Rule 8: a river, as in the original: from a random column of the top or bottom edge of
 * the area its layout allows (the first row of that column outside the
 * empty sectors; MD_PICK_TRIES column picks, else no river), in runs of
 * 2..7 rows away from that edge and 1..3 columns sideways, for a random
 * 8..24 rows; it stops early where it would leave the inner area or enter
 * an empty sector. A lake is laid around its last tile, the head. */
static void river(md_ctx *c)
{
    bw_rng *r = &c->m->rng;
    bw_mdungeon_info *in = c->in;
    int x = 0, y = 0, t, run, s, rows, down = 0, dy;
    for (t = 0; t < MD_PICK_TRIES; t++) {
        x = bw_rng_range(r, BW_MDUNGEON_X0, BW_MDUNGEON_X1);
        down = bw_rng_chance(r, 1, 2);
        y = down ? BW_MDUNGEON_Y0 : BW_MDUNGEON_Y1;
        while (inner(x, y) && nothing(in, x, y))
            y += down ? 1 : -1;
        if (inner(x, y))
            break;
    }
    if (t == MD_PICK_TRIES)
        return;
    dy = down ? 1 : -1;
    in->river[in->rivers][0] = (uint8_t)x;
    in->river[in->rivers][1] = (uint8_t)y;
    rows = bw_rng_range(r, 8, 24);
    for (run = 0; run < MD_RIVER_RUNS && rows > 0; run++) {
        int len = bw_rng_range(r, 2, 7), dx = bw_rng_chance(r, 1, 2) ? 1 : -1;
        /* the bend tile ends each vertical run, so the river stays one
         * 4-connected path */
        for (s = 0; s < len && rows > 0 && inner(x, y + dy) && !nothing(in, x, y + dy); s++) {
            wet(c, x, y);
            y += dy;
            rows--;
        }
        if (s < len || rows == 0)
            break; /* its length, the edge of the area or an empty sector */
        len = bw_rng_range(r, 1, 3);
        for (s = 0; s < len && inner(x + dx, y) && !nothing(in, x + dx, y); s++) {
            wet(c, x, y);
            x += dx;
        }
    }
    wet(c, x, y);
    in->river[in->rivers][2] = (uint8_t)x;
    in->river[in->rivers][3] = (uint8_t)y;
    in->rivers++;
    lake(c, x, y);
}

/* Rule 8 "not full": a lake never wets its own box's corners, but other
 * lakes and rivers may, so a box can end up all water (of the tiles its
 * sectors allow: about 1 floor in 40,000). Such a box gets its first
 * water tile, in reading order, back as wall: a corner of the water,
 * whose loss parts no water from the rest. */
static void keep_dry(bw_grid *g, const bw_mdungeon_info *in, int cx, int cy)
{
    int x, y, fx = -1, fy = 0;
    for (y = cy - 4; y < cy + 4; y++)
        for (x = cx - 4; x < cx + 4; x++) {
            if (!inner(x, y) || nothing(in, x, y))
                continue;
            if (BW_AT(g, x, y) != BW_T_MD_WATER)
                return; /* a dry tile: not full */
            if (fx < 0) {
                fx = x;
                fy = y;
            }
        }
    if (fx >= 0)
        BW_AT(g, fx, fy) = BW_T_MD_WALL;
}

/* Rule 8: water, as in the original: 1..3 rivers that each end in a lake, then
 * terrain_density standalone lakes at random centres (one for each point
 * of terrain density, with their 8 x 8 areas, not full: keep_dry); none
 * of it at terrain_density 0. Last, a water tile with no water among its 4
 * neighbours (where a river crossed a hallway, or a lake met floor) goes
 * back to wall: no water is a lone speck. One pass is enough, since a
 * speck has no water neighbour whose own count it could change. */
static void water(md_ctx *c)
{
    bw_rng *r = &c->m->rng;
    bw_grid *g = &c->m->grid;
    bw_mdungeon_info *in = c->in;
    int n = c->p->terrain_density, i, x, y, d;
    in->rivers = 0;
    in->patches = 0;
    if (n == 0)
        return;
    for (i = bw_rng_range(r, 1, BW_MDUNGEON_MAX_RIVERS); i > 0; i--)
        river(c);
    for (i = 0; i < n; i++) {
        in->patch[i][0] = (uint8_t)bw_rng_range(r, BW_MDUNGEON_X0, BW_MDUNGEON_X1);
        in->patch[i][1] = (uint8_t)bw_rng_range(r, BW_MDUNGEON_Y0, BW_MDUNGEON_Y1);
        lake(c, in->patch[i][0], in->patch[i][1]);
    }
    in->patches = (uint8_t)n;
    for (i = 0; i < in->rivers; i++)
        keep_dry(g, in, in->river[i][2], in->river[i][3]);
    for (i = 0; i < n; i++)
        keep_dry(g, in, in->patch[i][0], in->patch[i][1]);
    for (y = BW_MDUNGEON_Y0; y <= BW_MDUNGEON_Y1; y++)
        for (x = BW_MDUNGEON_X0; x <= BW_MDUNGEON_X1; x++) {
            int wet = 0;
            if (BW_AT(g, x, y) != BW_T_MD_WATER)
                continue;
            for (d = 0; d < 4; d++)
                wet |= BW_AT(g, x + bw_dx4[d], y + bw_dy4[d]) == BW_T_MD_WATER;
            if (!wet)
                BW_AT(g, x, y) = BW_T_MD_WALL;
        }
}

/* Rules 1-8 of one attempt; 1 for the one room (accepted as it is), 0
 * for a layout that the acceptance below must check. Out of line, so
 * that its frame is gone before the check's flood. */
BW_NOINLINE static int draw_floor(md_ctx *c)
{
    bw_map *m = c->m;
    bw_mdungeon_info *in = c->in;
    bw_map_init(m, BW_MDUNGEON_W, BW_MDUNGEON_H, BW_T_MD_WALL);       /* rule 1 */
    borders(&m->grid);                                    /* rule 2 */
    in->n_dead = in->patches = in->rivers = 0;
    if (c->L->flags & F_ONE) {
        bw_mdungeon_cell *cl = &in->cell[0];
        in->gx = in->gy = 1;
        split(in->sx, 1, BW_MDUNGEON_X0, BW_MDUNGEON_X1 - BW_MDUNGEON_X0 + 1, 0);
        split(in->sy, 1, BW_MDUNGEON_Y0, BW_MDUNGEON_Y1 - BW_MDUNGEON_Y0 + 1, 0);
        cl->kind = BW_MDUNGEON_CELL_ROOM;
        cl->links = cl->merged = cl->pad = 0;
        cl->x0 = BW_MDUNGEON_X0; /* the original: the one room spans x 2..53, y 2..29 */
        cl->y0 = BW_MDUNGEON_Y0;
        cl->x1 = BW_MDUNGEON_X1;
        cl->y1 = BW_MDUNGEON_Y1;
        in->rooms = 1;
        in->density_cells = 0;
        bw_grid_rect(&m->grid, BW_MDUNGEON_X0, BW_MDUNGEON_Y0, BW_MDUNGEON_X1, BW_MDUNGEON_Y1, BW_T_MD_ROOM);
        return 1;
    }
    pick_grid(c);                                         /* rule 3 */
    make_cells(c);
    connect_cells(c);                                     /* rule 4 */
    merge_rooms(c);
    draw_cells(c);
    dead_ends(c);                                         /* rule 5 */
    borders(&m->grid);                                    /* rule 6 */
    junctions(&m->grid);                                  /* rule 7 */
    water(c);                                             /* rule 8 */
    return 0;
}

/* The original's acceptance: >= 2 rooms, >= 20 room tiles, all floor one
 * region. The open set lives in the first words of plane b, not on the
 * stack under the flood: plane b is free until the populating (steps
 * 9-11) clears it for its own use, and a bw_tileset is plane words. */
BW_NOINLINE static int accepted(md_ctx *c)
{
    bw_map *m = c->m;
    bw_tileset *open = (bw_tileset *)(void *)m->b.w;
    bw_tileset_from_flags(open, BW_CONNECTS);
    return c->in->rooms >= 2 && bw_grid_count(&m->grid, BW_T_MD_ROOM) >= MD_MIN_ROOM_TILES &&
           bw_fill_connected(&m->fill, &m->grid, open, &m->a);
}

/* One attempt at rules 1-8; 1 if it meets the original's acceptance.
 * Inlined, so that it adds no frame under the acceptance's flood. */
static inline BW_ALWAYS_INLINE int attempt(md_ctx *c)
{
    return draw_floor(c) || accepted(c);
}

/* ---- rules 9-11 ------------------------------------------------------ */

static int tile_fits(md_ctx *c, int mode, int x, int y)
{
    int t = BW_AT(&c->m->grid, x, y);
    if (BW_PGET(&c->m->b, x, y))
        return 0;
    switch (mode) {
    case P_FLOOR: return t == BW_T_MD_ROOM || t == BW_T_MD_HOUSE;
    case P_HOUSE: return t == BW_T_MD_HOUSE;
    case P_SHOP: return t == BW_T_MD_SHOP;
    case P_ROOM: return t == BW_T_MD_ROOM;
    case P_STAND: return t == BW_T_MD_ROOM || t == BW_T_MD_HOUSE || t == BW_T_MD_SHOP;
    case P_WALL: return t == BW_T_MD_WALL && !nothing(c->in, x, y);
    default: return t == BW_T_MD_BORDER && !inner(x, y);
    }
}

/* A free tile for `mode`: MD_PICK_TRIES random tries (in a random room for
 * P_FLOOR, else in rect), then a scan of rect from a random cell, so a
 * free tile is found whenever one exists. 0 if none. */
static int pick_tile(md_ctx *c, int mode, bw_rect rect, int *px, int *py)
{
    bw_rng *r = &c->m->rng;
    int t, w = bw_rect_w(rect), h = bw_rect_h(rect), i, start;
    for (t = 0; t < MD_PICK_TRIES; t++) {
        int k = mode == P_FLOOR ? random_room(c, -1, -1, -1, 0) : -1;
        bw_rect a = k >= 0 ? rect_of(c->in, k) : rect;
        *px = bw_rng_range(r, a.x0, a.x1);
        *py = bw_rng_range(r, a.y0, a.y1);
        if (tile_fits(c, mode, *px, *py))
            return 1;
    }
    start = (int)bw_rng_below(r, (uint32_t)(w * h));
    for (i = 0; i < w * h; i++) {
        int q = (start + i) % (w * h);
        *px = rect.x0 + q % w;
        *py = rect.y0 + q / w;
        if (tile_fits(c, mode, *px, *py))
            return 1;
    }
    return 0;
}

/* Places up to n entities; returns how many went in. Buried items go into
 * the walls of the inner area; a floor without any (the one-room layout)
 * buries them in the border ring just around the inner area. The list
 * never runs out (md_entities_fit), so only a lack of free tiles stops it. */
static int scatter(md_ctx *c, int n, int mode, bw_rect rect, int kind, int arg)
{
    static const bw_rect ring = { BW_MDUNGEON_X0 - 1, BW_MDUNGEON_Y0 - 1, BW_MDUNGEON_X1 + 1, BW_MDUNGEON_Y1 + 1 };
    int i, x, y, placed = 0;
    for (i = 0; i < n; i++) {
        int k = kind;
        if (!pick_tile(c, mode, rect, &x, &y) &&
            (mode != P_WALL || !pick_tile(c, P_RING, ring, &x, &y)))
            break;
        if (kind == BW_MDUNGEON_E_TRAP && bw_rng_chance(&c->m->rng, 1, MD_WONDER_ONE_IN))
            k = BW_MDUNGEON_E_WONDER;
        if (!bw_map_add_entity(c->m, x, y, k, arg))
            break;
        BW_PSET(&c->m->b, x, y);
        placed++;
    }
    return placed;
}

/* The stairs down and where the player starts, as the real game has them:
 * the stairs on plain floor of a room that is neither the monster house
 * nor the shop; the start (an entity) never in the house when the floor
 * has another room (the player must not wake it on the first step), in
 * another room than the stairs where one is left outside the house, and
 * out of the shop where it can be. So on a floor whose only rooms are the
 * house and one other (0x05, or D = -2 with a house) the start shares the
 * stairs' room. On the one-room floors the one room holds both. */
static void stairs_and_start(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    int x, y, k, s;
    in->stairs_room = in->start_room = -1;
    k = random_room(c, in->house, in->shop, -1, 0);
    if (k < 0)
        k = random_room(c, -1, -1, -1, 0); /* one room: the house itself */
    if (k < 0 || !pick_tile(c, k == in->house ? P_HOUSE : P_ROOM, rect_of(in, k), &x, &y))
        return;
    BW_AT(&c->m->grid, x, y) = BW_T_STAIRS;
    in->stairs_room = (int8_t)k;
    s = random_room(c, k, in->house, in->shop, 0);
    if (s < 0) /* the shop, if that is all that is left besides the house */
        s = random_room(c, k, in->house, -1, 0);
    if (s < 0) /* the stairs' room: with two rooms or more it is not the house */
        s = k;
    if (pick_tile(c, P_STAND, rect_of(in, s), &x, &y) &&
        bw_map_add_entity(c->m, x, y, BW_MDUNGEON_E_START, 0))
        BW_PSET(&c->m->b, x, y);
    in->start_room = (int8_t)s;
}

BW_NOINLINE static void populate(md_ctx *c)
{
    bw_mdungeon_info *in = c->in;
    bw_rng *r = &c->m->rng;
    const bw_mdungeon_params *p = c->p;
    static const bw_rect whole = { BW_MDUNGEON_X0, BW_MDUNGEON_Y0, BW_MDUNGEON_X1, BW_MDUNGEON_Y1 };
    bw_rect a;
    int X;
    int want_house = (c->L->flags & F_HOUSE) || in->fallback;
    in->house = in->shop = -1;
    /* Rule 11: one shop at most; never on a floor with a monster house
     * (the original places no house on a floor with a shop), so not on the
     * layouts that must have a house. Its carpet is the room shrunk by 1 on
     * every side, so only rooms of 5 x 5 or more qualify; on half the shops
     * it is reduced further, to a random w x h of 3 x 3 or more inside that
     * (rule 11: it may shrink further but never below 3 x 3). */
    if (!want_house && bw_rng_chance(r, (uint32_t)p->shop_chance, 100)) {
        int k = random_room(c, -1, -1, -1, 5);
        if (k >= 0) {
            in->shop = (int8_t)k;
            a = bw_rect_inflate(rect_of(in, k), -1);
            if (bw_rng_chance(r, 1, 2)) {
                int w = bw_rng_range(r, 3, bw_rect_w(a)), h = bw_rng_range(r, 3, bw_rect_h(a));
                int x0 = a.x0 + bw_rng_range(r, 0, bw_rect_w(a) - w);
                int y0 = a.y0 + bw_rng_range(r, 0, bw_rect_h(a) - h);
                a = bw_rect_make(x0, y0, x0 + w - 1, y0 + h - 1);
            }
            in->carpet[0] = (uint8_t)a.x0;
            in->carpet[1] = (uint8_t)a.y0;
            in->carpet[2] = (uint8_t)a.x1;
            in->carpet[3] = (uint8_t)a.y1;
            replace(&c->m->grid, a, BW_T_MD_ROOM, BW_T_MD_SHOP);
        }
    }
    /* Rule 10: one monster house at most, and only where there is no shop: its
     * floor becomes MD_HOUSE. */
    if (in->shop < 0 &&
        (want_house || bw_rng_chance(r, (uint32_t)p->house_chance, 100))) {
        in->house = (int8_t)random_room(c, -1, -1, -1, 0);
        replace(&c->m->grid, rect_of(in, in->house), BW_T_MD_ROOM, BW_T_MD_HOUSE);
    }
    bw_plane_clear(&c->m->b); /* tiles taken by an entity */
    stairs_and_start(c);
    /* Rule 9: items, traps and buried items; their ranges (params_ok) keep
     * them, with the house and shop extras, inside the list (md_entities_fit). */
    X = p->item_density;
    in->n_items = (uint8_t)scatter(c, bw_rng_range(r, bw_max(0, X - 2), X + 2), P_FLOOR,
                                   whole, BW_MDUNGEON_E_ITEM, 0);
    X = p->trap_density;
    in->n_traps = (uint8_t)scatter(c, bw_rng_range(r, X / 2, X), P_FLOOR, whole,
                                   BW_MDUNGEON_E_TRAP, 0);
    X = p->buried_density;
    in->n_buried = (uint8_t)scatter(c, bw_rng_range(r, bw_max(0, X - 2), X + 2), P_WALL,
                                    whole, BW_MDUNGEON_E_BURIED, 0);
    in->n_house_items = in->n_house_traps = in->n_shop = 0;
    if (in->house >= 0) {
        a = rect_of(in, in->house);
        in->n_house_items = (uint8_t)scatter(
            c, bw_rng_range(r, MD_HOUSE_EXTRA_LO, MD_HOUSE_EXTRA_HI), P_HOUSE, a, BW_MDUNGEON_E_ITEM, 1);
        /* rule 9's cap of 56 traps and magic tiles holds with the extras too */
        in->n_house_traps = (uint8_t)scatter(
            c, bw_min(bw_rng_range(r, MD_HOUSE_EXTRA_LO, MD_HOUSE_EXTRA_HI),
                      MD_TRAPS_MAX - in->n_traps), P_HOUSE, a, BW_MDUNGEON_E_TRAP, 1);
    }
    if (in->shop >= 0) {
        a = bw_rect_make(in->carpet[0], in->carpet[1], in->carpet[2], in->carpet[3]);
        in->n_shop = (uint8_t)scatter(c, bw_min(bw_rect_w(a) * bw_rect_h(a) / 2,
                                                MD_SHOP_WARES_MAX),
                                      P_SHOP, a, BW_MDUNGEON_E_SHOP_ITEM, 0);
    }
}

static int in_range(int v, int lo, int hi)
{
    return v >= lo && v <= hi;
}

/* The parameters' domains (mdungeon.h): a value outside is refused before
 * anything is computed with it, never clamped in silence. */
static int params_ok(const bw_mdungeon_params *p)
{
    return in_range(p->density, -BW_MDUNGEON_MAX_CELLS, BW_MDUNGEON_MAX_CELLS) &&
           in_range(p->house_chance, 0, 100) && in_range(p->shop_chance, 0, 100) &&
           in_range(p->terrain_density, 0, BW_MDUNGEON_MAX_PATCHES) &&
           in_range(p->item_density, 0, MD_DENSITY_MAX) && in_range(p->trap_density, 0, MD_TRAPS_MAX) &&
           in_range(p->buried_density, 0, MD_DENSITY_MAX) &&
           in_range(p->dead_ends, 0, BW_MDUNGEON_MAX_DEAD_ENDS) && in_range(p->max_attempts, 0, MD_ATTEMPTS);
}

int bw_mdungeon_floor(bw_map *m, uint32_t seed, const bw_mdungeon_params *p, bw_mdungeon_info *info)
{
    md_ctx c;
    int layout, tries, ok = 0;
    if (!m || !p || !info)
        return BW_ERR_ARG;
    if (p->floor < 1 || p->floor > BW_MDUNGEON_LEVELS)
        return BW_ERR_LEVEL;
    if (p->layout < 0 || p->layout > BW_MDUNGEON_LAYOUTS || !params_ok(p))
        return BW_ERR_OPTION;
    layout = p->layout ? p->layout : BW_MDUNGEON_DEFAULT_LAYOUT;
    c.m = m;
    c.in = info;
    c.p = p;
    c.L = &layouts[layout - 1];
    c.in->layout = (uint8_t)layout;
    c.in->fallback = 0;
    tries = p->max_attempts;
    bw_rng_stream(&m->rng, seed, BW_GEN_MDUNGEON, (uint32_t)p->floor, (uint32_t)layout);
    /* fail_attempts (BW_TESTING) lets the tests drive the retry loop and
     * the fallback (every real attempt passes, see tests/test_mdungeon.c gen) */
    for (c.in->attempts = 1; c.in->attempts <= tries; c.in->attempts++)
        if ((ok = attempt(&c) && c.in->attempts > FAIL_ATTEMPTS(p)) != 0)
            break;
    if (!ok) {
        /* As in the original: after 10 failed attempts, a one-room monster house. */
        c.in->fallback = 1;
        c.L = &layouts[BW_MDUNGEON_ONE_ROOM - 1];
        attempt(&c);
    }
    populate(&c);
    return 0;
}

/* The registry's caller owns only the bw_map, so this glue holds the
 * params and the info. The info goes where the map is not: the grid's
 * rows below the 56 x 32 map (from the second one, so that no read one
 * past the map's edge lands in it), which nothing reads or writes while a
 * floor is generated; the info's members are all bytes, which may live in
 * the grid's bytes. A build whose grid has no such rows (BW_MAP_H near
 * 32) keeps the info on this frame instead. The params (ints) stay here. */
#define MD_SPARE_ROW (BW_MDUNGEON_H + 1)
#define MD_SPARE ((BW_MAP_H - MD_SPARE_ROW) * BW_MAP_W)
#define MD_INFO_BYTES 400
BW_STATIC_ASSERT(sizeof(bw_mdungeon_info) <= MD_INFO_BYTES, md_info_bytes);

int bw_mdungeon_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o)
{
    bw_mdungeon_params p;
#if MD_SPARE >= MD_INFO_BYTES
    bw_mdungeon_info *in = (bw_mdungeon_info *)(void *)&BW_AT(&m->grid, 0, MD_SPARE_ROW);
#else
    bw_mdungeon_info own, *in = &own;
#endif
    bw_mdungeon_defaults(&p, level, o ? o->layout : 0);
    return bw_mdungeon_floor(m, seed, &p, in);
}
