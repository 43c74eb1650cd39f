/* The Abyss (areas.txt 5.1 - 5.3): five 120 x 120 levels that regenerate
 * themselves during play.
 *
 * A level is a 6 x 6 grid of 20 x 20 *areas*. Each area is one of four
 * kinds (crumbling ruins, mountainous rubble, a twisted maze, a cave) or a
 * combination of two: a second kind laid over one half of it (5.1). The
 * areas meet at fixed *ports*, one open cell pair on every shared edge,
 * drawn from (seed, level) alone; every area joins all its walkable cells,
 * its ports and its links to its centre, so the whole level is one walkable
 * region however its areas are drawn or redrawn.
 *
 * Levels 1-4 hold exactly one pit down at any time (5.2), on one of twelve
 * fixed *places* (bw_abyss_spot); the other places are open ground.
 * Regeneration (5.3, bw_abyss_regenerate) redraws every area whose nearest
 * cell lies farther than BW_ABYSS_KEEP from the player, from a new epoch's
 * stream; when the pit's area is among them the pit moves to a place in a
 * redrawn area, so the player may have to search the layer again.
 *
 * Levels link: under each place of level n, level n + 1 has a ladder up at
 * the same x, y, so wherever the pit is when the player falls, a way back
 * up lies directly beneath it (areas.txt), and every ladder climbs to open,
 * joined ground. Places and ladders never move. */
#ifndef BURROW_ABYSS_H
#define BURROW_ABYSS_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/map.h"

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_ABYSS_VERSION 1

#define BW_ABYSS_LEVELS 5
#define BW_ABYSS_SIZE 120
#define BW_ABYSS_AREA 20                              /* an area's side */
#define BW_ABYSS_SIDE (BW_ABYSS_SIZE / BW_ABYSS_AREA) /* 6 areas a side */
#define BW_ABYSS_AREAS (BW_ABYSS_SIDE * BW_ABYSS_SIDE)
/* An area is kept when one of its cells lies within this distance
 * (Pythagorean) of the player: what the player can see stays put. */
#define BW_ABYSS_KEEP 24
/* The places a pit may be, one in each area with (ax + ay) % 3 == 0. */
#define BW_ABYSS_SPOTS 12

/* The kinds of area (5.1); an area has a main kind and, in a combination,
 * a second one over one half (`half`: 0 none, 1 west, 2 east, 3 north,
 * 4 south). */
enum { BW_ABYSS_RUINS, BW_ABYSS_RUBBLE, BW_ABYSS_MAZE, BW_ABYSS_CAVE, BW_ABYSS_KINDS };

typedef struct bw_abyss_info {
    uint8_t kind[BW_ABYSS_AREAS];   /* main kind of each area, row by row */
    uint8_t second[BW_ABYSS_AREAS]; /* the second kind where half != 0 */
    uint8_t half[BW_ABYSS_AREAS];
    uint8_t pit_x, pit_y;           /* the pit down (levels 1-4) */
    uint8_t has_pit;
    uint8_t redrawn;                /* areas drawn by the last call */
} bw_abyss_info;

/* Place k (0..BW_ABYSS_SPOTS-1) where the pit of `level` (1..4) may be;
 * level + 1 has a ladder up there. A pure function of (seed, level, k).
 * Returns 0, BW_ERR_LEVEL for a level out of range or BW_ERR_ARG for k
 * out of range. x and y must not be NULL. */
int bw_abyss_spot(uint32_t seed, int level, int k, int *x, int *y);
/* Where the pit of `level` (1..4) lies at epoch 0, one of its places; a
 * pure function of (seed, level). Returns 0, or BW_ERR_LEVEL for a level
 * without one (5, or out of range). x and y must not be NULL. */
int bw_abyss_pit(uint32_t seed, int level, int *x, int *y);

/* Level `level` (1..5) at epoch 0 into m; `info` may be NULL. Returns 0,
 * or BW_ERR_LEVEL for a level out of range. m must not be NULL. */
int bw_abyss_level(bw_map *m, uint32_t seed, int level, bw_abyss_info *info);
/* The registry's "abyss": bw_abyss_level without the info. */
int bw_abyss_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

/* 5.3: redraws, from `epoch`'s stream, every area of the level in m (made
 * by bw_abyss_level and earlier regenerations of the same seed and level)
 * whose nearest cell lies farther than BW_ABYSS_KEEP from (px, py). The
 * pit moves to a place in a redrawn area when its own is redrawn; the
 * places, ladders, ports and every kept area stay exactly as they were.
 * The map is the whole state: the pit is read from its places (a game must
 * not write BW_T_PIT on the level itself). `info`, if not NULL, gets the
 * pit and the count; its kinds change only for the redrawn areas, so pass
 * the same info from call to call. Returns the number of areas redrawn, or
 * BW_ERR_LEVEL for a level out of range, BW_ERR_ARG for m NULL or not an
 * abyss map, the player off it, or epoch 0 (the first generation, not a redraw).
 * Epochs are the caller's counter (1, 2, ...); the same sequence of calls
 * gives the same maps. */
int bw_abyss_regenerate(bw_map *m, uint32_t seed, int level, uint32_t epoch,
                        int px, int py, bw_abyss_info *info);

#endif
