/* Drunken Walk (docs/blocks.md): a random walk over the 8 directions whose
 * choice is weighted toward a goal tile, so it corrects back when it roams. */
#ifndef BURROW_WALK_H
#define BURROW_WALK_H

#include <stdint.h>
#include "burrow/config.h"
#include "burrow/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Weight of a direction = 1 + bias for each unit it brings the walker
 * closer to the goal along x and y (0, 1 or 2 units), + 1 more if it takes
 * it farther along neither. With bias 3, toward a goal due east the three
 * eastward directions weigh 5, north and south 2, the westward three 1;
 * toward a diagonal goal that diagonal weighs 8, its two neighbours 5, the
 * two perpendicular diagonals 4 and the three away from it 1. */
#define BW_WALK_BIAS 3
/* After this many steps per cell of Chebyshev distance at the start, the
 * walk gives up roaming and goes straight to the goal (the fallback that
 * bounds it); with bias 3 the mean is about 1.6 steps per cell. */
#define BW_WALK_PATIENCE 8

typedef struct bw_walk {
    int16_t x, y;          /* where the walker is */
    int16_t gx, gy;        /* the goal */
    int16_t w, h;          /* the walker stays inside 0..w-1, 0..h-1 */
    uint8_t bias;
    uint16_t steps, budget; /* steps taken, steps allowed before the beeline */
} bw_walk;

/* Starts a walk from (x, y) to (gx, gy) on a w x h map. Any ints: each is
 * saturated to the int16 of bw_walk (-32768..32767). The roaming steps stay
 * on the map; the fallback's straight line goes to the goal wherever it
 * is, so with a goal (or start) off the map fn sees cells off it. */
void bw_walk_start(bw_walk *k, int x, int y, int gx, int gy, int w, int h);
/* One step (none once at the goal); returns 1 when the walker is at the goal. */
int bw_walk_step(bw_walk *k, bw_rng *r);
/* Walks to the goal calling fn(x, y, ctx) on every cell, the start included.
 * Stops early if fn returns non-zero. Returns the steps taken. Always ends:
 * after `budget` steps the remaining cells are a straight 8-connected line. */
typedef int (*bw_walk_fn)(int x, int y, void *ctx);
int bw_walk_run(bw_walk *k, bw_rng *r, bw_walk_fn fn, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
