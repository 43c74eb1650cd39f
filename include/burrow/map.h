/* A level in the making: the grid, two scratch planes, the fill stack and a
 * fixed list of entities (items, traps) that sit on tiles. The caller owns
 * it (static or on its own stack); burrow keeps no hidden state, so two maps
 * can be generated side by side. About 18,660 bytes in all (18.2 KiB). */
#ifndef BURROW_MAP_H
#define BURROW_MAP_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/grid.h"
#include "burrow/plane.h"
#include "burrow/fill.h"
#include "burrow/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The mystery dungeon is the heaviest user (mdungeon rule 9,
 * docs/mdungeon.md): ground items X+2, buried items X+2, traps at most
 * 56, monster-house extras; 96 covers X <= 10. */
/* The mines and the Morlock put no entities; they keep working state in
 * the list's storage while a level is made (it is empty when they return),
 * so they need room there too: the mines 72 entries (74 where pointers
 * are 8 bytes), the Morlock 48. Each need is a build check. */
#ifndef BW_MAX_ENTITIES /* tunable, 93..65535 with every generator; else the largest need of those built (mdungeon 93, mines 72) */
#define BW_MAX_ENTITIES 96
#endif

typedef struct bw_entity {
    uint8_t x, y;
    uint8_t kind;   /* generator-defined, see its header */
    uint8_t arg;
} bw_entity;

typedef struct bw_map {
    bw_grid grid;
    bw_plane a, b;                 /* scratch, owned by whatever runs now */
    bw_fill fill;
    bw_rng rng;
    uint16_t n_ent;
    bw_entity ent[BW_MAX_ENTITIES];
} bw_map;

/* Resets the grid to w x h of `tile`, empties the entities, readies fill. */
void bw_map_init(bw_map *m, int w, int h, uint8_t tile);
/* Appends an entity at (x, y) and returns 1. Domain: (x, y) a cell of the
 * map; off the map (BW_ASSERT when asserts are on) or when the list is
 * full it adds nothing and returns 0. kind and arg are stored as their low
 * 8 bits. */
int bw_map_add_entity(bw_map *m, int x, int y, int kind, int arg);

#ifdef __cplusplus
}
#endif

#endif
