/* ACID_FILL (docs/blocks.md). The rule keeps a colour per open area and
 * grows all of them until one colour is left. With two bit planes instead
 * of a byte per cell we grow one colour at a time, which meets the same
 * end state: m->a holds the "main" colour (the area nearest the map
 * centre); scanning row by row, each open cell outside it is the seed of
 * another area, which grows by drunken walk toward the centre-most main
 * cell, opening closed cells and bombing their neighbours, until it meets
 * the main colour; a flood fill from the seed then paints into it the
 * area, its tunnel and every area the tunnel crossed (they adopt one
 * colour). Colours that never meet the tunnel wait for their own turn. The walk's goal is near the centre, so areas grow from their
 * side that faces the centre (away from the map edge), and bombs favour
 * neighbours nearer the centre: growth is weighted toward the centre. */
#include "burrow/acid.h"
#include "burrow/fill.h"
#include "burrow/geom.h"
#include "burrow/walk.h"

typedef struct acid {
    bw_map *m;
    bw_rng *r;
    const bw_acid *p;
    bw_acid_stats st;
    int cx, cy;               /* the map centre */
    int x0, y0, x1, y1;       /* cells that may be opened (inside the margin) */
    int px, py;               /* previous tunnel cell, px < 0 at the start */
    int bombs;                /* 0 for the corridor fallback */
} acid;

void bw_acid_defaults(bw_acid *p)
{
    int t;
    bw_tileset_from_flags(&p->open, BW_CONNECTS);
    bw_tileset_clear(&p->keep);
    for (t = 0; t < BW_TILE_COUNT; t++)
        if (BW_TILE_FLAGS(t) & (BW_UP | BW_DOWN))
            bw_tileset_add(&p->keep, t);
    p->floor = BW_T_STONE;
    p->margin = 1;
    p->bomb_toward = 8;
    p->bomb_away = 3;
    p->walk_bias = BW_WALK_BIAS;
    p->trace = 0;
    p->trace_ctx = 0;
}

/* What openable() says of a cell. */
enum { SHUT = 0, MAY_OPEN = 1, OPEN = 2 };

/* OPEN if (x, y) is open, MAY_OPEN if it is closed but inside the margin
 * and not kept, SHUT otherwise (off the map too). */
static int openable(const acid *a, int x, int y)
{
    uint8_t t;
    if (x < 0 || y < 0 || x >= a->m->grid.w || y >= a->m->grid.h)
        return SHUT;
    t = BW_AT(&a->m->grid, x, y);
    if (BW_TILESET_HAS(&a->p->open, t))
        return OPEN;
    return x >= a->x0 && y >= a->y0 && x <= a->x1 && y <= a->y1 && !BW_TILESET_HAS(&a->p->keep, t);
}

/* Opens (x, y) if it is closed, inside the margin and not kept. Returns non-0
 * if the cell is open afterwards. */
static int open_cell(acid *a, int x, int y)
{
    int o = openable(a, x, y);
    if (o != MAY_OPEN)
        return o; /* SHUT, or OPEN already */
    BW_AT(&a->m->grid, x, y) = a->p->floor;
    BW_PSET(&a->m->b, x, y);
    a->st.opened++;
    return 1;
}

/* BOMB_GO_OFF around a tunnel cell, on its 4 neighbours only so that every
 * bombed cell joins the tunnel (no new islands); neighbours nearer the
 * centre are likelier to go. */
static void bomb(acid *a, int x, int y)
{
    int32_t here = bw_dist2(x, y, a->cx, a->cy);
    uint32_t dice = bw_rng_next(a->r); /* one 4-bit die per neighbour */
    int d;
    if (BW_TRACE && a->p->trace) /* config.h */
        a->p->trace(a->p->trace_ctx, BW_ACID_TUNNEL, x, y);
    for (d = 0; d < 4; d++, dice >>= 4) {
        int nx = x + bw_dx4[d], ny = y + bw_dy4[d];
        unsigned chance = bw_dist2(nx, ny, a->cx, a->cy) < here ? a->p->bomb_toward
                                                                : a->p->bomb_away;
        int was = a->st.opened;
        if ((dice & 15u) >= chance)
            continue;
        open_cell(a, nx, ny);
        if (BW_TRACE && a->st.opened != was && a->p->trace)
            a->p->trace(a->p->trace_ctx, BW_ACID_BOMB, nx, ny);
    }
}

/* One cell of a tunnel, in path order. Returns 1 when it reached the main
 * colour, -1 when a kept closed tile broke the path, 0 to go on. */
static int tunnel(int x, int y, void *ctx)
{
    acid *a = (acid *)ctx;
    if (a->px >= 0 && x != a->px && y != a->py) {
        /* a diagonal step needs a 4-connected corner; one in the main
         * colour already joins (past it, cells would hang on main only) */
        if (BW_PGET(&a->m->a, x, a->py) || BW_PGET(&a->m->a, a->px, y))
            return 1;
        /* (open_cell on an open corner opens nothing and says so) */
        if (openable(a, a->px, y) != OPEN && !open_cell(a, x, a->py) && !open_cell(a, a->px, y))
            return -1;
    }
    a->px = x;
    a->py = y;
    if (!open_cell(a, x, y))
        return -1;
    if (BW_PGET(&a->m->a, x, y))
        return 1;
    if (a->bombs)
        bomb(a, x, y);
    return 0;
}

/* Drunken walk (bw_walk) from the seed toward the goal. A step the tunnel
 * could not take (onto a cell that may not be opened, or diagonally past
 * two such corners) is taken back and the walker draws again. The walk
 * stays drunken (its beeline fallback would push into the same obstacle);
 * twice its own budget of iterations ends it as a failed round. */
static int grow(acid *a, int sx, int sy, int gx, int gy)
{
    bw_walk k;
    int rc, left;
    bw_walk_start(&k, sx, sy, gx, gy, a->m->grid.w, a->m->grid.h);
    k.bias = a->p->walk_bias;
    left = 2 * k.budget;
    a->px = -1;
    a->bombs = 1;
    while ((rc = tunnel(k.x, k.y, a)) == 0 && left-- > 0) {
        k.steps = 0;
        bw_walk_step(&k, a->r);
        if (!openable(a, k.x, k.y)
            || (k.x != a->px && k.y != a->py
                && !openable(a, k.x, a->py) && !openable(a, a->px, k.y))) {
            k.x = (int16_t)a->px;
            k.y = (int16_t)a->py;
        }
    }
    return rc > 0;
}

/* The fallback: a corridor of 4-connected steps, each cutting the
 * Manhattan distance to the goal (so at most w + h of them), along the
 * longer axis unless that cell may not be opened; no bombs. It fails only
 * when both ways toward the goal are kept closed tiles or margin. */
static int corridor(acid *a, int x, int y, int gx, int gy)
{
    int rc;
    a->px = -1;
    a->bombs = 0;
    while ((rc = tunnel(x, y, a)) == 0) {
        int sx = bw_sign(gx - x), sy = bw_sign(gy - y);
        int hx = sx != 0 && openable(a, x + sx, y);
        int hy = sy != 0 && openable(a, x, y + sy);
        if (hx && (!hy || bw_abs(gx - x) >= bw_abs(gy - y)))
            x += sx;
        else if (hy)
            y += sy;
        else
            return 0;
    }
    return rc > 0;
}

/* The open cell nearest the centre (Pythagorean, world rule 1); of equally
 * near ones the one on the nearer ring round the centre (Chebyshev
 * distance), then the first in row order: the cell a search ring by ring
 * outwards meets first. One pass over the map, which is simpler than the
 * rings and costs little: the acid fill is a rare fallback. Returns 0 if
 * nothing is open. */
static int nearest_open(const acid *a, int *gx, int *gy)
{
    int x, y, br = 0;
    int32_t best = -1;
    for (y = 0; y < a->m->grid.h; y++)
        for (x = 0; x < a->m->grid.w; x++) {
            int32_t d;
            int r;
            if (openable(a, x, y) != OPEN)
                continue;
            d = bw_dist2(x, y, a->cx, a->cy);
            r = bw_chebyshev(x, y, a->cx, a->cy);
            if (best < 0 || d < best || (d == best && r < br)) {
                best = d;
                br = r;
                *gx = x;
                *gy = y;
            }
        }
    return best >= 0;
}

int bw_acid_fill(bw_map *m, bw_rng *r, const bw_acid *p, bw_acid_stats *st)
{
    acid a;
    int w = m->grid.w, h = m->grid.h, x, y, gx = 0, gy = 0;
    a.m = m;
    a.r = r;
    a.p = p;
    a.st.areas = a.st.rounds = a.st.corridors = a.st.unconnected = a.st.opened = 0;
    a.cx = w / 2;
    a.cy = h / 2;
    a.x0 = p->margin;
    a.y0 = p->margin;
    a.x1 = w - 1 - p->margin;
    a.y1 = h - 1 - p->margin;
    bw_plane_clear(&m->a);
    bw_plane_clear(&m->b);
    if (nearest_open(&a, &gx, &gy)) {
        bw_fill_flood(&m->fill, &m->grid, &p->open, &m->a, gx, gy);
        for (y = 0; y < h; y++)
            for (x = 0; x < w; x++) {
                int t, ok = 0;
                if (BW_PGET(&m->a, x, y) || openable(&a, x, y) != OPEN)
                    continue;
                a.st.areas++;
                for (t = 0; t < BW_ACID_TRIES && !ok && a.st.rounds < BW_ACID_MAX_ROUNDS; t++) {
                    a.st.rounds++;
                    ok = grow(&a, x, y, gx, gy);
                }
                if (!ok) {
                    a.st.corridors++;
                    ok = corridor(&a, x, y, gx, gy);
                }
                if (ok)
                    bw_fill_flood(&m->fill, &m->grid, &p->open, &m->a, x, y);
                else
                    a.st.unconnected++;
            }
    }
    if (st)
        *st = a.st;
    return a.st.opened;
}
