/* The Abyss (rules 5.1 - 5.3, docs/abyss.md): five 120 x 120 levels that regenerate
 * themselves during play.
 *
 * A level is a 6 x 6 grid of 20 x 20 *areas*. Each area is one of four
 * kinds (crumbling ruins, mountainous rubble in long ridges, a twisted
 * maze, a cave) or a combination of two: a second kind over one half of
 * it, split from the main kind on a wavy line (rule 5.1). The areas meet at
 * fixed *ports*, three open cell pairs on every shared edge, drawn from
 * (seed, level) alone, and no kind walls its box off (mazes run to the
 * edge, caves take their rim from the square inside it), so a seam reads
 * like any other line of the map. Every area joins all its walkable cells,
 * its ports and its links to its centre, so the whole level is one
 * walkable region however its areas are drawn or redrawn. Drawing stays
 * inside the area's box: areas do not spill over (that would break what
 * regeneration keeps).
 *
 * Levels 1-4 hold exactly one pit down at any time (rule 5.2), on one of twelve
 * fixed *places* (bw_abyss_spot); the other places are open ground.
 * Regeneration (rule 5.3, bw_abyss_regenerate) redraws every area whose nearest
 * cell lies farther than the caller's keep radius from the player (a game
 * passes its view radius; BW_ABYSS_KEEP is the default), from a new epoch's
 * stream; when the pit's area is among them the pit moves to a place in a
 * redrawn area, so the player may have to search the layer again.
 *
 * Levels link: under each place of level n, level n + 1 has a ladder up at
 * the same x, y, so wherever the pit is when the player falls, a way back
 * up lies directly beneath it (world rule 2), and every ladder climbs to open,
 * joined ground. Places and ladders never move. */
#ifndef BURROW_ABYSS_H
#define BURROW_ABYSS_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/map.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_ABYSS_VERSION 5

#define BW_ABYSS_LEVELS 5
#define BW_ABYSS_SIZE 120
#define BW_ABYSS_AREA 20                              /* an area's side */
#define BW_ABYSS_SIDE (BW_ABYSS_SIZE / BW_ABYSS_AREA) /* 6 areas a side */
#define BW_ABYSS_AREAS (BW_ABYSS_SIDE * BW_ABYSS_SIDE)
/* The default keep radius: an area is kept when one of its cells lies
 * within this distance (Pythagorean) of the player, so what the player can
 * see stays put. bw_abyss_regenerate takes the radius at run time; the
 * CLI's --epoch uses this one. */
#define BW_ABYSS_KEEP 24
/* The largest keep radius bw_abyss_regenerate accepts (the map's diagonal:
 * every area is kept). */
#define BW_ABYSS_KEEP_MAX 170
/* Bytes of bw_abyss_info.redrawn_mask: one bit per area. */
#define BW_ABYSS_MASK_BYTES ((BW_ABYSS_AREAS + 7) / 8)
/* The places a pit may be, one in each area with (ax + ay) % 3 == 0. */
#define BW_ABYSS_SPOTS 12

/* The kinds of area (rule 5.1); an area has a main kind and, in a combination,
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
    /* which ones: bit (a & 7) of byte a / 8 for area a (row by row, as
     * kind[]), so a game can forget what it remembered there */
    uint8_t redrawn_mask[BW_ABYSS_MASK_BYTES];
} bw_abyss_info;

/* 1 if area a was drawn by the call that filled `info`. */
#define BW_ABYSS_REDRAWN(info, a) (((info)->redrawn_mask[(a) >> 3] >> ((a) & 7)) & 1u)
/* The area (0..35) holding cell (x, y) of the map. */
#define BW_ABYSS_AREA_OF(x, y) (((y) / BW_ABYSS_AREA) * BW_ABYSS_SIDE + (x) / BW_ABYSS_AREA)

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

/* Rule 5.3: redraws, from `epoch`'s stream, every area of the level in m (made
 * by bw_abyss_level and earlier regenerations of the same seed and level)
 * whose nearest cell lies farther than `keep` (0..BW_ABYSS_KEEP_MAX; a
 * game passes its view radius) from (px, py). The
 * pit moves to a place in a redrawn area when its own is redrawn; the
 * places, ladders, ports and every kept area stay exactly as they were.
 *
 * The map is the whole state: the pit is read from the grid. A game that
 * writes over the pit (say, fills it in) loses nothing: finding no pit,
 * regeneration restores it, moved to a place in a redrawn area as when its
 * own area is redrawn, so after every successful call DLVL 1-4 hold exactly
 * one pit (rule 5.2) and no tile within `keep` changes, the written one
 * included. What it cannot mend without changing a kept tile it refuses,
 * returning BW_ERR_STATE and leaving the map as it was: a pit the game wrote (two or
 * more pits, one off the places, any on DLVL 5), or a lost pit with no
 * place out of sight to restore it on (a keep radius covering them all).
 *
 * `info`, if not NULL, gets the pit, the count and the mask of redrawn
 * areas; its kinds change only for the redrawn areas, so pass the same
 * info from call to call. Returns the number of areas redrawn,
 * BW_ERR_LEVEL for a level out of range, BW_ERR_ARG for m NULL or not an
 * abyss map, the player off it, a keep radius outside 0..BW_ABYSS_KEEP_MAX
 * or epoch 0 (the first generation, not a redraw), or BW_ERR_STATE as
 * above. Epochs are the caller's counter (1, 2, ...); the same sequence of
 * calls gives the same maps. */
int bw_abyss_regenerate(bw_map *m, uint32_t seed, int level, uint32_t epoch,
                        int px, int py, int keep, bw_abyss_info *info);

#ifdef __cplusplus
}
#endif

#endif
