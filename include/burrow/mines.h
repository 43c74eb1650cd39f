/* The Orc Mines (rules 1.1.1 - 1.5.4, docs/mines.md): five 120 x 120 levels.
 *
 *   DLVL 1  dirt, buildings, rubble, pits down
 *   DLVL 2  rounded caves of stone round the pit bases, stalactites, lichen,
 *           watchtowers, rubble, pits down inside those caves
 *   DLVL 3  one large cave joining every pit base, water streamers, a single
 *           pit down ringed with slick rock that vents steam
 *           (bw_mines_steam_ctx)
 *   DLVL 4  small (overlapping) caves joined by mineshafts, stalactites,
 *           rubble, buildings clear of the cave walls, fiery pits down
 *   DLVL 5  islands of stone joined by meandering stone paths in lava, with
 *           stalagmites, rubble and boulders
 *
 * Levels link through PUT_PIT (include/burrow/pit.h). For every level n:
 * each down slope at (x, y) has an up slope at (x, y) on level n + 1 and
 * every up slope on n + 1 has a down slope above it; each pit or fiery pit
 * at (x, y) has stone floor (a passable tile) at (x, y) on level n + 1.
 * The pit plans are drawn from the seed alone (bw_mines_pits), so any level
 * is generated on its own, in one bw_map, without the level above. */
#ifndef BURROW_MINES_H
#define BURROW_MINES_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/gen.h"
#include "burrow/map.h"
#include "burrow/pit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The format version (`burrow list`): a seed, level and options give the
 * same map for as long as it stays; any change to a map bumps it, and
 * tests/golden/levels.tsv pins the maps of the current one. */
#define BW_MINES_VERSION 10

#define BW_MINES_LEVELS 5
#define BW_MINES_W 120
#define BW_MINES_H 120

/* The new pits of level n keep this far (Pythagorean) from the pit bases
 * that arrive from level n - 1, so the two never share a box (2 x 12 < 32)
 * and the pits below sit at the far end of a cave, not under the arrival.
 * Pit seeds keep 19 from the map's edge (the caves' rock margin); where
 * the square that leaves cannot hold the pits wanted this far from the
 * bases, they keep 3/4 of it, 24, where the boxes still do not overlap
 * (seen on 1 level in 500). */
#define BW_MINES_PIT_AVOID 32

/* Steam round the single pit of DLVL 3 (rule 1.3.5): a puff every
 * BW_MINES_STEAM_PERIOD ticks that lasts BW_MINES_STEAM_PUFF ticks, and no
 * steam farther than BW_MINES_STEAM_REACH (Chebyshev) from the pit seed. */
#define BW_MINES_STEAM_PERIOD 24
#define BW_MINES_STEAM_PUFF 8
#define BW_MINES_STEAM_REACH 14

/* The pit plans for `level` (1..5): `above` receives the pits of level - 1
 * (whose bases arrive on this level; n = 0 on level 1) and `own` the pits
 * of this level leading down (n = 0 on level 5; exactly 1 on level 3).
 * Either may be NULL. Pure function of (seed, level). */
void bw_mines_pits(uint32_t seed, int level, bw_pit_plan *above, bw_pit_plan *own);

/* Generates Orc Mines level `level` (1..5) of `seed` into m (120 x 120).
 * Returns 0, or BW_ERR_LEVEL if level is out of range. m must not be NULL;
 * o is ignored (may be NULL). The registry's "mines". */
int bw_mines_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

/* Steam during play (rule 1.3.5). A game makes a bw_mines_steam_ctx once per
 * seed, from the DLVL 3 map it plays on, and asks it every tick: the pit
 * plan is worked out once, not per cell. Steam is only ever on cells of
 * the window of BW_MINES_STEAM_SIDE x BW_MINES_STEAM_SIDE squares centred
 * on the pit seed, and only on cells whose tile is not rock wall (the
 * puffs rise in the cave, not inside the rock round it). 124 bytes. */
#define BW_MINES_STEAM_SIDE (2 * BW_MINES_STEAM_REACH + 1)

typedef struct bw_mines_steam_ctx {
    uint32_t seed;
    int16_t x0, y0;  /* the window's top-left cell: the pit seed - REACH */
    /* bit i of open[j]: cell (x0 + i, y0 + j) may hold steam (on the map
     * and, if a map was given, not rock wall) */
    uint32_t open[BW_MINES_STEAM_SIDE];
} bw_mines_steam_ctx;

/* Sets c up for `seed`. level3 is the map of DLVL 3 of that seed (as
 * bw_mines_generate made it, or as play has changed it since), or NULL
 * to leave the rock unmasked. Reads only the window; keeps no pointer to
 * the map, so call it again if play turns rock into floor there. */
void bw_mines_steam_init(bw_mines_steam_ctx *c, uint32_t seed, const bw_grid *level3);

/* 1 if cell (x, y) holds boiling steam at game tick `tick`; any x, y. */
int bw_mines_steam_at(const bw_mines_steam_ctx *c, uint32_t tick, int x, int y);

/* The steam of the whole window at `tick`: bit i of rows[j] is cell
 * (c->x0 + i, c->y0 + j). Returns the number of steam cells (0 between
 * puffs). It visits only the puff's box: on the desktop a puff tick costs
 * about what 70 bw_mines_steam_at calls do, the window having 841 cells. */
int bw_mines_steam_rows(const bw_mines_steam_ctx *c, uint32_t tick,
                        uint32_t rows[BW_MINES_STEAM_SIDE]);

/* The same as bw_mines_steam_at with a context made without a map (rock
 * not masked), for one cell: it works the pit plan out on every call
 * (a few microseconds on the desktop, a thousand times bw_mines_steam_at),
 * so a game should keep a context instead. Deterministic from (seed, tick, x, y); needs no map. */
int bw_mines_steam(uint32_t seed, uint32_t tick, int x, int y);

#ifdef __cplusplus
}
#endif

#endif
