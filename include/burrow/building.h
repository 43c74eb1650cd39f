/* PUT_BUILDING (docs/blocks.md): a rectangle of building wall around a
 * wooden-floor interior. Walls are not placed over wooden floor, wooden
 * floor erases walls, flush walls of two buildings both become floor, and
 * each non-corner wall rolls 1/12 crumbling, 1/12 broken, 1/12 door.
 *
 * "Flush" here means two parallel walls side by side (a double-thick wall
 * between two interiors): both are replaced by wooden floor, joining the
 * rooms. A wall laid exactly on another building's wall (coincident) stays
 * one shared wall. Overlapping buildings merge into one outline by the two
 * rules for floor and wall; "corner" means a corner of that outline as it
 * stands, so a crumbling, broken wall or door left with a building wall
 * beside it on both axes (an earlier corner a later wall passed over, a new
 * L or T where outlines meet) goes back to plain wall. */
#ifndef BURROW_BUILDING_H
#define BURROW_BUILDING_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/rng.h"
#include "burrow/geom.h"
#include "burrow/tile.h"

#ifdef __cplusplus
extern "C" {
#endif

/* bw_building_put_many: random places tried per building before it is skipped. */
#define BW_BUILDING_TRIES 16

typedef struct bw_building_params {
    uint8_t wall, floor;           /* BW_T_BWALL, BW_T_WOOD */
    uint8_t crumble, broken, door; /* the three wall variants */
    uint8_t chance_den;            /* each variant 1 / chance_den: 12 */
    uint8_t min_w, max_w;          /* outer size, walls included: 5..12 */
    uint8_t min_h, max_h;          /* 5..10 */
    bw_tileset on;                 /* bw_building_put_many: every tile under
                                      the building (walls and interior) must
                                      be one of these (default: empty set,
                                      meaning anywhere) */
} bw_building_params;

void bw_building_defaults(bw_building_params *p);

/* One building whose outer wall is `outer` (at least 3 x 3; clipped to the
 * map). Returns the number of wall tiles of this building left standing. */
int bw_building_put(bw_grid *g, bw_rng *r, const bw_building_params *p,
                    bw_rect outer);

/* Up to `count` buildings of random size inside `area`; a place is drawn at
 * most BW_BUILDING_TRIES times until the whole footprint lies on p->on
 * (when that set is not empty; else the building is skipped). Returns how
 * many were placed. */
int bw_building_put_many(bw_grid *g, bw_rng *r, const bw_building_params *p,
                     int count, bw_rect area);

/* 1 for building wall tiles: wall, crumbling, broken wall and door. */
int bw_building_is_wall(const bw_building_params *p, int tile);

#ifdef __cplusplus
}
#endif

#endif
