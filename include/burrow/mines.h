/* The Orc Mines (areas.txt 1.1.1 - 1.5.4): five 120 x 120 levels.
 *
 *   DLVL 1  dirt, buildings, rubble, pits down
 *   DLVL 2  rounded caves of stone round the pit bases, stalactites, lichen,
 *           watchtowers, rubble, pits down inside those caves
 *   DLVL 3  one large cave joining every pit base, water streamers, a single
 *           pit down ringed with slick rock that vents steam (bw_mines_steam)
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
#include "burrow/gen.h"
#include "burrow/map.h"
#include "burrow/pit.h"

#define BW_MINES_LEVELS 5
#define BW_MINES_W 120
#define BW_MINES_H 120

/* The new pits of level n keep this far (Pythagorean) from the pit bases
 * that arrive from level n - 1, so the two never share a box (2 x 12 < 32)
 * and the pits below sit at the far end of a cave, not under the arrival. */
#define BW_MINES_PIT_AVOID 32

/* Steam round the single pit of DLVL 3 (areas.txt 1.3.5): a puff every
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
 * Returns 0, or -1 if level is out of range. The registry's "mines". */
int bw_mines_generate(bw_map *m, uint32_t seed, int level, const bw_opts *o);

/* 1 if cell (x, y) of DLVL 3 holds boiling steam at game tick `tick`.
 * Deterministic from (seed, tick, x, y); needs no map. */
int bw_mines_steam(uint32_t seed, uint32_t tick, int x, int y);

#endif
