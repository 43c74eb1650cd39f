/* Mystery-Dungeon floors (mdungeon rules 1-14, docs/mdungeon.md): the
 * eleven layouts on a 56 x 32 map of which only the inner 52 x 28
 * (x 2..53, y 2..29) holds floor. Rooms sit in an M x N grid of sectors;
 * hallways join them, dead ends, water, items, traps, a monster house and
 * a Kecleon shop follow. */
#ifndef BURROW_MDUNGEON_H
#define BURROW_MDUNGEON_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/map.h"
#include "burrow/gen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_MDUNGEON_VERSION 8

#define BW_MDUNGEON_LEVELS 99 /* floors 1..99 */
#define BW_MDUNGEON_W 56
#define BW_MDUNGEON_H 32
#define BW_MDUNGEON_X0 2   /* the inner 52 x 28: x 2..53, y 2..29 */
#define BW_MDUNGEON_Y0 2
#define BW_MDUNGEON_X1 53
#define BW_MDUNGEON_Y1 29

/* Sector grids never exceed 6 x 4 (as in the original: gx <= 6, gy <= 4). */
#define BW_MDUNGEON_MAX_GX 6
#define BW_MDUNGEON_MAX_GY 4
#define BW_MDUNGEON_MAX_CELLS (BW_MDUNGEON_MAX_GX * BW_MDUNGEON_MAX_GY)

/* Layouts, numbered as in mdungeon rule 13. */
enum {
    BW_MDUNGEON_HALF = 1,         /* standard, half rooms */
    BW_MDUNGEON_ONE_ROOM = 2,     /* one room, monster house */
    BW_MDUNGEON_RING_OUT = 3,     /* rooms inside, corridors out */
    BW_MDUNGEON_CROSSROADS = 4,   /* corridors inside, rooms out */
    BW_MDUNGEON_TWO_ROOMS = 5,    /* two large rooms, one monster house */
    BW_MDUNGEON_LINE = 6,         /* five rooms in a line */
    BW_MDUNGEON_CROSS = 7,        /* five rooms in a cross */
    BW_MDUNGEON_FULL = 8,         /* standard, full rooms */
    BW_MDUNGEON_INSIDE = 9,       /* rooms inside, nothing out */
    BW_MDUNGEON_OUTSIDE = 10,     /* rooms out, nothing inside */
    BW_MDUNGEON_THREE_QUARTER = 11, /* standard, 3/4 rooms */
    BW_MDUNGEON_LAYOUTS = 11,
    BW_MDUNGEON_DEFAULT_LAYOUT = BW_MDUNGEON_FULL /* what layout 0 means */
};

/* Entity kinds in bw_map.ent (arg is 1 for a monster house's extras). */
enum {
    BW_MDUNGEON_E_ITEM = 1,       /* ground item, on room floor */
    BW_MDUNGEON_E_TRAP = 2,       /* trap, on room floor */
    BW_MDUNGEON_E_WONDER = 3,     /* magic (wonder) tile, on room floor */
    BW_MDUNGEON_E_BURIED = 4,     /* buried item, inside a wall */
    BW_MDUNGEON_E_SHOP_ITEM = 5,  /* Kecleon's wares, on the shop carpet */
    BW_MDUNGEON_E_START = 6       /* where the player starts (one a floor) */
};

/* Cell kinds of the sector grid. */
enum { BW_MDUNGEON_CELL_NONE = 0, BW_MDUNGEON_CELL_ROOM = 1, BW_MDUNGEON_CELL_ANCHOR = 2 };

typedef struct bw_mdungeon_params {
    int floor;            /* 1..99: deeper floors may get more sectors */
    int layout;           /* 1..11; 0 = BW_MDUNGEON_DEFAULT_LAYOUT */
    int density;          /* room density D, -24..24: < 0 exactly |D| rooms (no
                           * merges), else D..D+2 room cells; 2..the layout's
                           * density cells */
    int house_chance;     /* H, 0..100 percent */
    int shop_chance;      /* K, 0..100 percent */
    int terrain_density;  /* standalone 8 x 8 lakes, 0..16; 0 also disables the rivers */
    int item_density;     /* X, 0..10: X-2..X+2 ground items */
    int trap_density;     /* X, 0..56: X/2..X traps and magic tiles */
    int buried_density;   /* X, 0..10: X-2..X+2 buried items */
    int dead_ends;        /* dead ends asked for, 0..16; info->n_dead were drawn */
    int max_attempts;     /* layout attempts before the fallback, 0..10; 10 */
#ifdef BW_TESTING /* test hooks (BW_TESTING, config.h) */
    int fail_attempts;    /* the first fail_attempts attempts are rejected
                           * even if they pass; 0 (the default) */
#endif
} bw_mdungeon_params;

typedef struct bw_mdungeon_cell {
    uint8_t x0, y0, x1, y1; /* the room, or the anchor tile; its own, unmerged */
    uint8_t kind;           /* BW_MDUNGEON_CELL_* */
    uint8_t links;          /* bit d set: a hallway to the neighbour in bw_dx4[d] */
    uint8_t merged;         /* 1: merged with the cell below, 2: with the one above */
    uint8_t pad;
} bw_mdungeon_cell;

/* Caps that bound bw_mdungeon_info's records. */
#define BW_MDUNGEON_MAX_DEAD_ENDS 16  /* dead_ends is clamped to 0..16 */
#define BW_MDUNGEON_MAX_PATCHES 16    /* terrain_density is clamped to 0..16 */
#define BW_MDUNGEON_MAX_RIVERS 3      /* rule 8: 1..3 rivers, each ending in a lake */

/* One dead end (rule 5): its first tile (beside its room), the tile it stopped
 * before (at the border, on open floor or where a 2 x 2 open square would
 * form) and the tiles it dug, 1..64; len 64 means it hit the step cap. */
typedef struct bw_mdungeon_dead_end {
    uint8_t x, y, ex, ey;
    uint8_t cell, len;      /* the room's cell, tiles dug */
} bw_mdungeon_dead_end;

/* What the generator did, and its working state (368 bytes). The
 * caller owns it (static, in its own state, or on its stack) so that the
 * generator's frames stay small. */
typedef struct bw_mdungeon_info {
    uint8_t layout, gx, gy;
    uint8_t attempts;       /* 1..max_attempts, or max_attempts + 1 with fallback */
    uint8_t fallback;       /* 1: every attempt failed, one-room monster house */
    uint8_t rooms;          /* cells holding a real room (a merged room counts twice;
                             * with density < 0 nothing merges) */
    uint8_t density_cells;  /* cells whose kind the density decided */
    int8_t house, shop;     /* cell index of the monster house / shop room, or -1 */
    int8_t stairs_room, start_room; /* cell index of the stairs' room and the start's */
    uint8_t carpet[4];      /* shop carpet x0, y0, x1, y1 */
    uint8_t sx[BW_MDUNGEON_MAX_GX + 1], sy[BW_MDUNGEON_MAX_GY + 1]; /* sector bounds */
    uint8_t n_items, n_traps, n_buried, n_house_items, n_house_traps, n_shop;
    uint8_t n_dead;         /* dead ends drawn (rule 5); one whose 8 start picks all
                             * failed is dropped, so it may be below dead_ends */
    uint8_t rivers;         /* rule 8: rivers drawn, 0..3 (0 with terrain_density 0) */
    uint8_t river[BW_MDUNGEON_MAX_RIVERS][4]; /* each river's source x, y (on the
                             * first row of the map's floor area its layout
                             * allows) and head x, y, the centre of its lake */
    uint8_t patches;        /* rule 8: standalone lakes laid: min(terrain_density, 16) */
    uint8_t patch[BW_MDUNGEON_MAX_PATCHES][2]; /* lake centres; the box is x-4..x+3 */
    bw_mdungeon_dead_end dead[BW_MDUNGEON_MAX_DEAD_ENDS];
    bw_mdungeon_cell cell[BW_MDUNGEON_MAX_CELLS];
} bw_mdungeon_info;

void bw_mdungeon_defaults(bw_mdungeon_params *p, int floor, int layout);

/* Generates the floor into m (56 x 32, entities in m->ent); info (required)
 * is the working state and says what was done. Planes a and b of m are its
 * scratch; the grid's cells off the 56 x 32 floor it leaves alone (the
 * registry's glue keeps its info in the rows below). Returns 0, BW_ERR_ARG if m,
 * p or info is NULL, BW_ERR_LEVEL if the floor is outside 1..99 or
 * BW_ERR_OPTION if the layout is outside 0..11 or another parameter is
 * outside the range its field states (nothing is clamped). */
int bw_mdungeon_floor(bw_map *m, uint32_t seed, const bw_mdungeon_params *p, bw_mdungeon_info *info);

/* The room rectangle of cell c, merged rooms as their covering rectangle;
 * 0 if the cell holds no room. */
int bw_mdungeon_room(const bw_mdungeon_info *info, int c, int *x0, int *y0, int *x1, int *y1);

/* Registry glue (include/burrow/gen.h): level is the floor, o->layout. */
int bw_mdungeon_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);
const char *bw_mdungeon_entity_name(int kind);

#ifdef __cplusplus
}
#endif

#endif
