/* The Crypts (rules 2.1 - 2.6, docs/crypts.md): five 120 x 120 levels,
 * all made the same way.
 *
 * The map is a 5 x 5 grid of 24 x 24 cells. A cell holds a room (a
 * rectangle, an ellipse or circle, or a trapezoid; rule 2.1), a corridor
 * junction (where a corridor splits, rule 2.3) or nothing. Rooms hold dungeon
 * features (rule 2.2): square pillars round the perimeter, a rectangular inner
 * room with 1-4 doors, rows of stone sarcophagi, wooden coffins in rows or
 * strewn, the stairs. Each room has 1-4 exits, one per side, each opening
 * (or with a door) onto a corridor 1-3 wide (rule 2.3) that may carry pillars
 * along its walls (rule 2.4) and, when 3 wide, along its centre (rule 2.5). Every
 * passable tile is reachable from the stairs (rule 2.6).
 *
 * Stairs: DLVL 1-4 have one staircase down each, and the staircase up of
 * DLVL n + 1 lies at the same (x, y). bw_crypts_plan derives both from the
 * seed alone, so a level is generated without the one above it. */
#ifndef BURROW_CRYPTS_H
#define BURROW_CRYPTS_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/geom.h"
#include "burrow/map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_CRYPTS_VERSION 2

#define BW_CRYPTS_LEVELS 5
#define BW_CRYPTS_MAP_W 120
#define BW_CRYPTS_MAP_H 120

/* The room grid (rule 2.1): BW_CRYPTS_GRID x BW_CRYPTS_GRID cells of
 * BW_CRYPTS_CELL tiles. A room lies in its cell's zone, cell-local
 * BW_CRYPTS_ZONE_LO..BW_CRYPTS_ZONE_HI on both axes; the 6 tiles between
 * two zones are the street where corridors bend. */
#define BW_CRYPTS_CELL 24
#define BW_CRYPTS_GRID 5
#define BW_CRYPTS_CELLS (BW_CRYPTS_GRID * BW_CRYPTS_GRID)
#define BW_CRYPTS_ZONE_LO 3
#define BW_CRYPTS_ZONE_HI 20
#define BW_CRYPTS_ROOM_MIN 9   /* room sides, every shape */
#define BW_CRYPTS_ROOM_MAX 18  /* = the zone, 20 - 3 + 1 */

/* What a cell holds. */
enum {
    BW_CRYPTS_NONE = 0,      /* rock */
    BW_CRYPTS_JUNCTION = 1,  /* corridors meet at (x0, y0); 2 links: a bend, 3-4: a split */
    BW_CRYPTS_RECT = 2,
    BW_CRYPTS_ELLIPSE = 3,   /* a circle when the bounding box is square */
    BW_CRYPTS_TRAPEZOID = 4
};

/* Sides are BW_NORTH .. BW_WEST (geom.h): bit (1 << side) in exits, doors, ... */

/* Features actually placed in a room (rule 2.2). Every room has one of the
 * first five; the stairs never count toward "one or more". */
#define BW_CRYPTS_F_PILLARS 0x01u     /* square pillars round the perimeter: a ring, 2+ evenly spaced per side */
#define BW_CRYPTS_F_INNER 0x02u       /* a rectangular inner room with doors */
#define BW_CRYPTS_F_SARCOPHAGI 0x04u  /* 1 x 2 stone sarcophagi on a centred lattice, 2 or more */
#define BW_CRYPTS_F_COFFINS 0x08u     /* 1 x 2 wooden coffins on a centred lattice, 2 or more */
#define BW_CRYPTS_F_STREWN 0x10u      /* 1 x 2 wooden coffins at random places, 2..area / 40 + 2 */
#define BW_CRYPTS_F_STAIRS 0x20u      /* the staircase down */
#define BW_CRYPTS_F_STAIRS_UP 0x40u   /* the arrival from the level above */

/* Corridor pillars (rules 2.4, 2.5): on lane 0 (the west or north wall), on lane
 * width - 1 (the other wall), on the centre lane of a 3-wide corridor. */
#define BW_CRYPTS_P_WALL0 0x01u
#define BW_CRYPTS_P_WALL1 0x02u
#define BW_CRYPTS_P_CENTRE 0x04u

/* A corridor from a cell to its east or south neighbour: it leaves the
 * first node on its centre line (a room's middle row or column, or the
 * junction point), runs to the street, along the street at `bend` (the
 * first of its lanes) and into the second node on its centre line. */
typedef struct bw_crypts_link {
    uint8_t style;    /* width | pillars << 2 | period << 5; 0: no corridor */
    uint8_t bend;     /* x of an east link's middle leg, y of a south link's */
} bw_crypts_link;

#define BW_CRYPTS_WIDTH(k) ((k)->style & 3u)           /* 1..3 */
#define BW_CRYPTS_PILLARS(k) ((k)->style >> 2 & 7u)    /* BW_CRYPTS_P_* */
#define BW_CRYPTS_PERIOD(k) ((k)->style >> 5)          /* pillar spacing 4..6 */

/* One cell of the grid: what the generator built there (18 bytes). */
typedef struct bw_crypts_room {
    uint8_t kind;              /* BW_CRYPTS_NONE .. TRAPEZOID */
    uint8_t x0, y0, x1, y1;    /* bounding box; a junction's point is (x0, y0) */
    uint8_t narrow;            /* trapezoid: the side of the short parallel side */
    uint8_t shortlen;          /* trapezoid: its length (the long one spans the box) */
    uint8_t exits, doors;      /* bit (1 << side): an exit there / it has a door */
    uint8_t features;          /* BW_CRYPTS_F_* placed */
    uint8_t pillar;            /* perimeter pillars: side (1..3) | spacing (3..9) << 4 */
    uint8_t lattice;           /* sarcophagi, coffins in rows: x spacing | y spacing << 4 */
    uint8_t inner_size;        /* inner room: outer width | height << 4, centred (bw_crypts_inner) */
    uint8_t inner_doors;       /* bit (1 << side): a door in that inner wall */
    bw_crypts_link east, south;
} bw_crypts_room;

#define BW_CRYPTS_LO4(v) ((v) & 15u)
#define BW_CRYPTS_HI4(v) ((unsigned)(v) >> 4)

/* The stairs of a level: the staircase up arrives under the staircase down
 * of the level above. */
typedef struct bw_crypts_stairs {
    uint8_t up, down;          /* 1 if the level has it */
    uint8_t ux, uy, dx, dy;
} bw_crypts_stairs;

/* What was built, also the generator's working state (460 bytes). */
typedef struct bw_crypts_info {
    uint8_t level, rooms, junctions, links;
    bw_crypts_stairs stairs;
    bw_crypts_room cell[BW_CRYPTS_CELLS]; /* index = row * BW_CRYPTS_GRID + column */
} bw_crypts_info;

/* The stairs of `level` (1..5) from the seed alone: a few hundred
 * instructions, no map. */
void bw_crypts_plan(uint32_t seed, int level, bw_crypts_stairs *s);

/* 1 if (x, y) lies in the room's shape (its floor, features and inner room
 * included); 0 for junctions, empty cells and anything outside. */
int bw_crypts_in_room(const bw_crypts_room *r, int x, int y);

/* The inner room's walls: (x0, y0) - (x1, y1), centred in the room's box
 * (the left / upper middle when the sides differ in parity); 0 if none. */
int bw_crypts_inner(const bw_crypts_room *r, int *x0, int *y0, int *x1, int *y1);

/* Generates level `level` (1..5) into m; info (required) is the working
 * state and says what was built. Plane b of m is its scratch; plane a it
 * leaves alone, so info may lie there (bw_crypts_generate puts it there).
 * Returns 0, BW_ERR_LEVEL if level is out of range or BW_ERR_ARG if info
 * is NULL. m must not be NULL. */
int bw_crypts_level(bw_map *m, uint32_t seed, int level, bw_crypts_info *info);

/* Registry glue (include/burrow/gen.h): "crypts". */
int bw_crypts_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

#ifdef __cplusplus
}
#endif

#endif
