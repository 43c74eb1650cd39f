/* PUT_BUILDING (docs/blocks.md). */
#include "burrow/building.h"

void bw_building_defaults(bw_building_params *p)
{
    p->wall = BW_T_BWALL;
    p->floor = BW_T_WOOD;
    p->crumble = BW_T_CRUMBLE_WALL;
    p->broken = BW_T_BROKEN_WALL;
    p->door = BW_T_DOOR;
    p->chance_den = 12;
    p->min_w = 5;
    p->max_w = 12;
    p->min_h = 5;
    p->max_h = 10;
    bw_tileset_clear(&p->on);
}

int bw_building_is_wall(const bw_building_params *p, int tile)
{
    return tile == p->wall || tile == p->crumble || tile == p->broken ||
           tile == p->door;
}

/* bw_grid_in, worked out here: the unsigned compare finds both sides (and
 * building.c links no bw_grid_in) */
#define IN(g, x, y) ((unsigned)(x) < (g)->w && (unsigned)(y) < (g)->h)

static int wall_at(const bw_grid *g, const bw_building_params *p, int x, int y)
{
    return IN(g, x, y) && bw_building_is_wall(p, BW_AT(g, x, y));
}

static int is_corner(bw_rect o, int x, int y)
{
    return (x == o.x0 || x == o.x1) && (y == o.y0 || y == o.y1);
}

int bw_building_put(bw_grid *g, bw_rng *r, const bw_building_params *p,
                    bw_rect outer)
{
    bw_rect o;
    int i, n, x, y, dx = 1, dy = 0, standing = 0;
    o.x0 = (int16_t)bw_max(outer.x0, 0);
    o.y0 = (int16_t)bw_max(outer.y0, 0);
    o.x1 = (int16_t)bw_min(outer.x1, g->w - 1);
    o.y1 = (int16_t)bw_min(outer.y1, g->h - 1);
    if (bw_rect_w(o) < 3 || bw_rect_h(o) < 3)
        return 0;
    n = 2 * (bw_rect_w(o) + bw_rect_h(o)) - 4;

    /* "Wooden floor placed over a wall erases the wall." */
    bw_grid_rect(g, o.x0 + 1, o.y0 + 1, o.x1 - 1, o.y1 - 1, p->floor);

    /* One walk round the outline does three things to each cell in turn:
     * no cell's step reads a cell another step writes (the second writes
     * only its own cell and the one outside it, and reads only those and
     * the one beyond), so this is the same as three walks. The walk goes
     * clockwise from the top-left corner (+x along the top); each corner
     * turns it and is the first cell of its side, and a cell's outward
     * normal is the walk's direction turned a quarter counter-clockwise.
     *
     * "Walls which would be placed over a wooden floor are instead
     * ignored." Each non-corner wall rolls once: 1/12 crumbling, 1/12
     * broken, 1/12 door (with chance_den 12).
     *
     * "If the walls of two buildings would be flush with one another, both
     * walls are replaced with wooden floor": a side wall of ours with a
     * parallel wall of another building just outside it (that wall has
     * floor behind it) is a double wall between two rooms. Corners never
     * qualify, and neither does the other building's corner (the cell
     * behind it is wall), so the joined outline stays closed.
     *
     * And the walls still standing are counted (the corner pass below
     * turns variants into walls, which are walls too). */
    for (i = 0, x = o.x0, y = o.y0; i < n; i++) {
        uint8_t t = p->wall, *c = &BW_AT(g, x, y);
        int ox, oy, bx, by, wall, corner = is_corner(o, x, y);
        if (i && corner) { /* a quarter turn clockwise */
            int was = dx;
            dx = -dy;
            dy = was;
        }
        if (*c != p->floor) {
            if (!corner) {
                uint32_t roll = bw_rng_below(r, p->chance_den);
                t = roll == 0 ? p->crumble : roll == 1 ? p->broken
                  : roll == 2 ? p->door : p->wall;
            }
            *c = t;
        }
        wall = bw_building_is_wall(p, *c);
        ox = x + dy; oy = y - dx; bx = ox + dy; by = oy - dx; /* outward */
        if (wall && !corner && IN(g, bx, by) &&
            bw_building_is_wall(p, BW_AT(g, ox, oy)) && BW_AT(g, bx, by) == p->floor) {
            *c = p->floor;
            BW_AT(g, ox, oy) = p->floor;
            wall = bw_building_is_wall(p, p->floor); /* what the cell is now */
        }
        standing += wall;
        x += dx;
        y += dy;
    }

    /* PUT_BUILDING: only a non-corner wall crumbles, breaks or is a
     * door. Once buildings overlap, a later outline can pass over an
     * earlier corner (and re-roll it), or meet an earlier wall in a new L
     * or T. Any variant with a building wall beside it on both axes is a
     * corner of the outline as it now stands, and goes back to plain wall.
     * Only this outline and the ring just outside it gained walls, so only
     * they can hold new corners; a variant turned to wall is still a wall,
     * so the order of the scan does not matter. */
    for (y = bw_max(o.y0 - 1, 0); y <= bw_min(o.y1 + 1, g->h - 1); y++)
        for (x = bw_max(o.x0 - 1, 0); x <= bw_min(o.x1 + 1, g->w - 1); x++) {
            uint8_t t = BW_AT(g, x, y);
            if ((t == p->crumble || t == p->broken || t == p->door) &&
                (wall_at(g, p, x - 1, y) || wall_at(g, p, x + 1, y)) &&
                (wall_at(g, p, x, y - 1) || wall_at(g, p, x, y + 1)))
                BW_AT(g, x, y) = p->wall;
        }

    return standing;
}

int bw_building_put_many(bw_grid *g, bw_rng *r, const bw_building_params *p,
                     int count, bw_rect area)
{
    int i, k, placed = 0;
    int any = (p->on.w[0] | p->on.w[1] | p->on.w[2] | p->on.w[3]) == 0;
    int ax0 = bw_max(area.x0, 0), ax1 = bw_min(area.x1, g->w - 1);
    int ay0 = bw_max(area.y0, 0), ay1 = bw_min(area.y1, g->h - 1);
    for (i = 0; i < count; i++)
        for (k = 0; k < BW_BUILDING_TRIES; k++) {
            int w = bw_rng_range(r, p->min_w, p->max_w);
            int h = bw_rng_range(r, p->min_h, p->max_h);
            int x, y;
            bw_rect o;
            if (ax1 - ax0 + 1 < w || ay1 - ay0 + 1 < h)
                continue;
            x = bw_rng_range(r, ax0, ax1 - w + 1);
            y = bw_rng_range(r, ay0, ay1 - h + 1);
            o = bw_rect_make(x, y, x + w - 1, y + h - 1);
            if (!any && !bw_grid_rect_in(g, o.x0, o.y0, o.x1, o.y1, &p->on))
                continue;
            bw_building_put(g, r, p, o);
            placed++;
            break;
        }
    return placed;
}
